"""Dead Panic pack: every query family checked against brute-force enumeration in this file.

Page numbers are those of the transcription ``shared/seeds/001_…`` ("p. 9").
"""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from nollab.packs.dead_panic import bag, board, load, melee, walls
from nollab.packs.content import PackContentError

C = load()
DICE = list(itertools.product(range(1, 7), repeat=2))  # the 36 rolls of 2d6


def naive_melee(fv: int, mod: int = 0, zombie_ties: bool = False, char_ties: bool = False) -> dict:
    """Count the 36 rolls by hand: greater wins, equal ties unless exactly one side wins ties."""
    n = Counter()
    for a, b in DICE:
        t = a + b + mod
        if t > fv:
            n["win"] += 1
        elif t < fv:
            n["lose"] += 1
        elif zombie_ties and not char_ties:
            n["lose"] += 1
        elif char_ties and not zombie_ties:
            n["win"] += 1
        else:
            n["tie"] += 1
    return {k: Fraction(n[k], 36) for k in ("win", "tie", "lose")}


# p. 3 / p. 9: the full table of 2d6 against fight values 6-9, with and without Grip Tape (+1).
# Counted by hand from the 2d6 sums (ways: 2:1 3:2 4:3 5:4 6:5 7:6 8:5 9:4 10:3 11:2 12:1).
HAND_TABLE = {  # (fight value, grip tape): (win, tie, lose) out of 36, no tie rules
    (6, False): (21, 5, 10), (6, True): (26, 4, 6),
    (7, False): (15, 6, 15), (7, True): (21, 5, 10),
    (8, False): (10, 5, 21), (8, True): (15, 6, 15),
    (9, False): (6, 4, 26), (9, True): (10, 5, 21),
}


@pytest.mark.parametrize("fv,tape", sorted(HAND_TABLE))
def test_p9_full_table_2d6_vs_fight_values_6_to_9(fv, tape):
    """P. 3, 9: win on greater, tie on equal; Grip Tape adds 1 (p. 4)."""
    got = melee.melee(fv, modifier=1 if tape else 0)
    w, t, l = HAND_TABLE[(fv, tape)]
    expect = {"win": Fraction(w, 36), "tie": Fraction(t, 36), "lose": Fraction(l, 36)}
    assert {k: got.prob(k) for k in expect} == expect
    assert expect == naive_melee(fv, 1 if tape else 0)


@pytest.mark.parametrize("zid", ["creeper", "shambler", "sprinter", "brawler", "brute"])
@pytest.mark.parametrize("tape", [False, True])
@pytest.mark.parametrize("wrench", [False, True])
def test_p9_fight_each_zombie_type_against_enumeration(zid, tape, wrench):
    """P. 9: the Brawler wins ties; a Pipe Wrench wins ties; both: nothing happens."""
    z = C.zombies[zid]
    got = melee.fight(zid, grip_tape=tape, pipe_wrench=wrench)
    assert {k: got.prob(k) for k in ("win", "tie", "lose")} == naive_melee(z.fight, int(tape), z.wins_ties, wrench)


def test_p9_brawler_numbers_from_the_reference():
    """Reference §7.1: grip tape vs Brawler wins 15/36, the Brawler wins 21/36 (ties included)."""
    d = melee.fight("brawler", grip_tape=True)
    assert d.prob("win") == Fraction(15, 36) and d.prob("lose") == Fraction(21, 36) and d.prob("tie") == 0
    wrench = melee.fight("brawler", pipe_wrench=True)
    assert (wrench.prob("win"), wrench.prob("tie"), wrench.prob("lose")) == (
        Fraction(10, 36), Fraction(5, 36), Fraction(21, 36))


def test_p10_unarmed_rolls_like_a_weapon_but_has_no_tape():
    """P. 10: unarmed fights use the same roll; Grip Tape needs a weapon."""
    assert melee.fight("shambler", unarmed=True) == melee.fight("shambler")
    with pytest.raises(ValueError, match="unarmed"):
        melee.fight("shambler", unarmed=True, grip_tape=True)


def naive_group(zs, weapon_damage=1, tape=False, wrench=False, armed=True, on_loss="injury",
                club=False, david=False):
    """Enumerate every 2d6 roll of every fight (36^n sequences)."""
    out = Counter()
    for rolls in itertools.product(DICE, repeat=len(zs)):
        inj = kills = dmg = pushes = 0
        has, tp, wr = armed, tape, wrench
        for z, (a, b) in zip(zs, rolls):
            zt = C.zombies[z]
            t = a + b + (1 if (has and tp) else 0)
            if t > zt.fight or (t == zt.fight and has and wr and not zt.wins_ties):
                res = "win"
            elif t < zt.fight or (t == zt.fight and zt.wins_ties and not (has and wr)):
                res = "lose"
            else:
                res = "tie"
            if res == "win":
                hit = weapon_damage if has else (1 if david else 0)
                if not has and not david:
                    pushes += 1
                dmg += min(hit, zt.health)
                kills += hit >= zt.health
            elif res == "lose":
                if has and on_loss == "drop":
                    has = False
                else:
                    inj += 1
            if has and club:
                has = False
        out[(inj, kills, dmg, pushes, has)] += 1
    total = 36 ** len(zs)
    return {k: Fraction(v, total) for k, v in out.items()}


@pytest.mark.parametrize("zs,kw", [
    (["shambler", "creeper"], {}),
    (["brawler", "shambler"], {"tape": True}),
    (["brawler", "brute", "creeper"], {"on_loss": "drop", "tape": True}),
    (["brute", "brawler"], {"wrench": True, "weapon_damage": 2}),
    (["creeper", "creeper"], {"armed": False}),
    (["shambler", "brawler"], {"armed": False, "david": True}),
    (["shambler", "shambler"], {"club": True}),
])
def test_p8_p10_group_fight_each_zombie_once_against_enumeration(zs, kw):
    """P. 8-10: every Zombie in the space is fought once; loss = Injury or drop the weapon."""
    armed = kw.get("armed", True)
    weapon = melee.Weapon(kw.get("weapon_damage", 1), kw.get("tape", False), kw.get("wrench", False),
                          kw.get("club", False)) if armed else None
    got = melee.group_fight(zs, weapon=weapon, on_loss=kw.get("on_loss", "injury"), david=kw.get("david", False))
    assert {tuple(k): v for k, v in got.probs().items()} == naive_group(zs, **kw)


def test_p9_deliberate_attacks_on_a_brute_against_enumeration():
    """P. 3: deliberate melee costs 1 Action per fight; the Brute has 3 health."""
    got = melee.deliberate_attacks("brute", 3, weapon=melee.Weapon(grip_tape=True))
    out = Counter()
    for rolls in itertools.product(DICE, repeat=3):
        h, inj = 3, 0
        for a, b in rolls:
            if h == 0:
                break
            t = a + b + 1
            if t > 9:
                h -= 1
            elif t < 9:
                inj += 1
        out[(h == 0, inj)] += 1
    assert got.probs() == {k: Fraction(v, 36 ** 3) for k, v in out.items()}


def test_p5_movement_check_fights_the_strongest():
    """P. 5: entering a space, fight the strongest Zombie by fight number."""
    assert melee.movement_check(["creeper", "brute", "shambler"]) == melee.fight("brute")


# -- the bag -----------------------------------------------------------------------------
def naive_draw(bag_counts: dict, n: int) -> dict:
    tokens = [k for k, c in bag_counts.items() for _ in range(c)]
    out = Counter()
    combos = list(itertools.combinations(range(len(tokens)), n))
    for combo in combos:
        out[tuple(sorted(Counter(tokens[i] for i in combo).items()))] += 1
    return {k: Fraction(v, len(combos)) for k, v in out.items()}


def as_sorted(d):
    return {tuple(sorted(k)): v for k, v in d.probs().items()}


@pytest.mark.parametrize("n", [0, 1, 2, 3, 5])
def test_p6_bag_draw_without_replacement_against_enumeration(n):
    """P. 6: tokens are drawn from the bag without replacement."""
    b = {"shambler": 3, "brute": 2, "creeper": 1, "survivor": 2}
    assert as_sorted(bag.draw(b, n)) == naive_draw(b, n)


def test_p6_empty_bag_refills_from_the_discard_pile():
    """P. 6: "If the Zombie bag is empty ... place all discarded Zombies back into the bag"."""
    b, discard = {"shambler": 1, "survivor": 1}, {"brute": 2, "shambler": 1}
    got = as_sorted(bag.draw(b, 4, discard))
    second = naive_draw(discard, 2)
    expect = Counter()
    for k, v in second.items():
        tot = Counter(dict(k)) + Counter(b)
        expect[tuple(sorted(tot.items()))] += v
    assert got == dict(expect)
    with pytest.raises(ValueError, match="cannot draw"):
        bag.draw(b, 6, discard)


def test_setup_first_event_survivor_odds_match_the_hypergeometric_formula():
    """Set Up 4-5: 18 Zombies + 3 Survivors; P(>=1 Survivor in n) = 1 - C(18,n)/C(21,n)."""
    for n, ref in zip(range(1, 7), ["1/7", "19/70", "257/665", "65/133", "11/19", "25/38"]):
        p = bag.p_survivor(n)
        assert p == 1 - Fraction(comb(18, n), comb(21, n)) == Fraction(ref)


def test_setup_then_event_draw_against_full_enumeration_on_a_small_box(tmp_path):
    """Set Up 4-5 on a small box (override folder): enumerate every order of every token."""
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "dead_panic.toml").write_text(
        "[bag]\nsurvivors = 1\nsetup_draw = 2\n"
        "[zombies.creeper]\ncount = 1\n[zombies.shambler]\ncount = 2\n[zombies.sprinter]\ncount = 0\n"
        "[zombies.brawler]\ncount = 1\n[zombies.brute]\ncount = 0\n")
    small = load(tmp_path)
    got = as_sorted(bag.event_draw(2, None, small))
    zombies = ["creeper", "shambler", "shambler", "brawler"]
    out, total = Counter(), 0
    for setup in itertools.combinations(range(4), 2):
        left = [zombies[i] for i in range(4) if i not in setup] + ["survivor"]
        for pick in itertools.combinations(range(len(left)), 2):
            out[tuple(sorted(Counter(left[i] for i in pick).items()))] += 1
            total += 1
    assert got == {k: Fraction(v, total) for k, v in out.items()}


def test_fast_first_event_draw_equals_the_setup_mixture():
    """Set Up 4-5: the first Event's draw, computed by symmetry, equals the full setup mixture."""
    slow = bag.setup_bags().bind(lambda b: bag.draw(dict(b), 3))
    assert as_sorted(bag.event_draw(3)) == as_sorted(slow)


def test_p6_arc_roll_arrivals_against_enumeration():
    """P. 6: each token placed by rolling the die for its arc; count those landing in 2 arcs."""
    b = {"shambler": 2, "brute": 1, "survivor": 1}
    got = bag.arrivals(3, 2, b)
    tokens = ["shambler", "shambler", "brute", "survivor"]
    out, total = Counter(), 0
    for combo in itertools.combinations(range(4), 3):
        for arcs in itertools.product(range(1, 7), repeat=3):
            landed = Counter(tokens[i] for i, a in zip(combo, arcs) if a in (1, 2))
            out[tuple(sorted(landed.items()))] += 1
            total += 1
    assert as_sorted(got) == {k: Fraction(v, total) for k, v in out.items()}
    assert bag.arc_hits(4, 3).p(lambda m: m > 0) == 1 - Fraction(1, 2) ** 4


# -- Creepers and Walls ----------------------------------------------------------------
def test_p6_creepers_move_on_4_or_more_one_roll_for_all():
    """P. 6: "Creepers move 1 space only on a die roll of 4 or more (1 die roll for all Creepers)"."""
    for rounds in range(0, 6):
        got = walls.creeper_moves(rounds)
        counts = Counter(sum(f >= 4 for f in rolls) for rolls in itertools.product(range(1, 7), repeat=rounds))
        assert got.probs() == {k: Fraction(v, 6 ** rounds) for k, v in counts.items()}
    assert walls.p_creeper_inside(3, 4) == Fraction(5, 16)


@pytest.mark.parametrize("state,hits,after", [
    ("standing", [], "standing"), ("standing", ["crack"], "cracked"), ("cracked", ["crack"], "destroyed"),
    ("standing", ["crack", "crack"], "destroyed"), ("standing", ["destroy"], "destroyed"),
    ("standing", ["none"], "standing"), ("destroyed", ["crack"], "destroyed"),
])
def test_p7_wall_hits(state, hits, after):
    """P. 7: Crack with 1 hit; destroyed when hit again, by 2 at once, or by a Brute; Creepers slip."""
    assert walls.hit_wall(state, hits) == after


def naive_march(zs, rounds, wall, creeper_rolls):
    """Independent simulation of straight-in movement with given per-round Creeper results."""
    speed = {"creeper": 1, "shambler": 1, "sprinter": 2, "brawler": 1, "brute": 1}
    pos = [[z, r] for z, r in zs]  # ring 0 woods .. 2 yard, 3 = inside
    for rnd in range(rounds):
        start_wall, hit_effects = wall, []
        for p in pos:
            z = p[0]
            steps = (1 if creeper_rolls[rnd] else 0) if z == "creeper" else speed[z]
            for _ in range(steps):
                if p[1] >= 3:
                    break
                if p[1] < 2:
                    p[1] += 1
                elif z == "creeper" or start_wall == "destroyed":
                    p[1] = 3
                else:
                    hit_effects.append("destroy" if z == "brute" else "crack")
                    break
        if hit_effects and wall != "destroyed":
            if wall == "cracked" or len(hit_effects) > 1 or "destroy" in hit_effects:
                wall = "destroyed"
            else:
                wall = "cracked"
    return wall, sum(p[1] == 3 for p in pos)


@pytest.mark.parametrize("zs,rounds,wall", [
    ([("sprinter", 1)], 1, "standing"),
    ([("sprinter", 1), ("shambler", 2)], 1, "standing"),
    ([("creeper", 0), ("shambler", 0)], 4, "standing"),
    ([("brute", 2), ("creeper", 2)], 2, "cracked"),
    ([("brawler", 0), ("sprinter", 0), ("creeper", 1)], 5, "standing"),
])
def test_p6_p7_advance_against_enumeration_of_creeper_rolls(zs, rounds, wall):
    """P. 6-7: Sprinters 2, others 1, Creepers on the shared roll; Walls hit in the Yard."""
    got = walls.advance([(z, C.rings[r]) for z, r in zs], rounds, wall)
    out = Counter()
    for rolls in itertools.product(range(1, 7), repeat=rounds):
        out[naive_march(zs, rounds, wall, [f >= 4 for f in rolls])] += 1
    assert got.probs() == {k: Fraction(v, 6 ** rounds) for k, v in out.items()}


def test_p7_sprinter_cracks_even_when_the_wall_stops_its_second_space():
    """P. 7: a Sprinter from the Clearing reaches the Yard and cracks the Wall in the same phase."""
    assert walls.advance([("sprinter", "clearing")], 1).probs() == {("cracked", 0): 1}


def test_wave_against_enumeration_of_draws_arcs_and_rolls(tmp_path):
    """P. 6-7: an Event draws tokens, each rolls its arc, those in my arc march in."""
    b = {"shambler": 1, "sprinter": 1, "creeper": 1, "survivor": 1}
    got = walls.wave(2, 3, "standing", b)
    tokens = ["shambler", "sprinter", "creeper", "survivor"]
    out, total = Counter(), 0
    for combo in itertools.combinations(range(4), 2):
        for arcs in itertools.product(range(1, 7), repeat=2):
            mine = [(tokens[i], 0) for i, a in zip(combo, arcs) if a == 1 and tokens[i] != "survivor"]
            for rolls in itertools.product(range(1, 7), repeat=3):
                out[naive_march(mine, 3, "standing", [f >= 4 for f in rolls])] += 1
                total += 1
    assert got.probs() == {k: Fraction(v, total) for k, v in out.items()}


# -- the board -------------------------------------------------------------------------
def test_p5_ring_board_zone_graph():
    """P. 5: orthogonal moves; the Cabin rooms form a ring (no crossing the centre)."""
    b = board.RingBoard()
    g = b.graph()
    assert len(g) == 24
    assert g[(1, "cabin")] == {(6, "cabin"), (2, "cabin"), (1, "yard")}
    assert g[(3, "woods")] == {(2, "woods"), (4, "woods"), (3, "clearing")}
    assert b.distance((1, "woods"), (4, "cabin")) == 6  # 3 in, 3 around (or around then in)
    assert all(s in g[n] for s in g for n in g[s])  # symmetric


def test_p7_walls_block_zombies_not_creepers_or_characters():
    """P. 5, 7: Characters move through Walls; Zombies hit a standing Wall; Creepers slip through."""
    b = board.RingBoard(walls={2: "cracked", 3: "destroyed"})
    assert (2, "cabin") not in b.neighbours((2, "yard"), "zombie")
    assert (2, "cabin") in b.neighbours((2, "yard"), "creeper")
    assert (2, "cabin") in b.neighbours((2, "yard"), "character")
    assert (3, "cabin") in b.neighbours((3, "yard"), "zombie")
    assert b.distance((2, "woods"), (2, "cabin"), "zombie") == 5  # round to arc 3's broken Wall


def test_p6_zombie_sight_half_board_and_broken_wall():
    """P. 6: sight covers own and adjacent arcs' outer rings, the own room only without a Wall."""
    b = board.RingBoard(walls={1: "destroyed"})
    s = b.sight((1, "clearing"))
    assert (6, "woods") in s and (2, "yard") in s and (3, "woods") not in s
    assert (1, "cabin") in s and (2, "cabin") not in s
    inside = b.sight((4, "cabin"))
    assert {(a, "cabin") for a in range(1, 7)} <= inside and (1, "yard") not in inside


# -- content -----------------------------------------------------------------------------
def test_content_marks_reconstructed_values():
    """Sprinter and Brute fight values are reconstructed (garbled p. 8) and say why."""
    assert C.zombies["sprinter"].provenance.reconstructed and "garbled" in C.zombies["sprinter"].provenance.note
    assert not C.zombies["brawler"].provenance.reconstructed
    assert sum(C.full_bag().values()) == 24


def test_override_folder_replaces_one_number(tmp_path, monkeypatch):
    """A content folder's packs/dead_panic.toml changes only the fields it names."""
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "dead_panic.toml").write_text("[zombies.sprinter]\nfight = 9\nsource = 'rulebook'\n")
    monkeypatch.setenv("NOLLAB_CONTENT", str(tmp_path))
    c = load()
    assert c.zombies["sprinter"].fight == 9 and c.zombies["sprinter"].health == 2
    assert not c.zombies["sprinter"].provenance.reconstructed
    assert melee.fight("sprinter", content=c) == melee.fight("brute")


@pytest.mark.parametrize("text,needle", [
    ("[zombies.sprinter]\nfight = 'nine'\n", "fight"),
    ("[zombies.sprinter]\nspeed = 3\n", "speed"),
    ("[zombies.brute]\nwalls = 'smash'\n", "walls"),
    ("[zombies.brute]\nhealth = 0\n", "health"),
    ("[dice]\ncreeper_min = 9\n", "creeper_min"),
    ("[board]\narcs = 5\n", "placement_die"),
    ("[zombies.ghoul]\nname = 'Ghoul'\n", "missing field"),
    ("[zombies.brute]\nsource = 'guess'\n", "source"),
    ("[bag\n", "not valid TOML"),
])
def test_bad_override_files_name_file_and_field(tmp_path, text, needle):
    (tmp_path / "packs").mkdir()
    f = tmp_path / "packs" / "dead_panic.toml"
    f.write_text(text)
    with pytest.raises(PackContentError) as err:
        load(tmp_path)
    assert needle in str(err.value) and str(f) in str(err.value)
