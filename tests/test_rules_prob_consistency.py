"""The rules engine and the exact odds agree, outcome by outcome (P. 12, 20-21, 26-29, 46).

For each small position (a sandbox board), EVERY dice outcome (all 6^n faces, n <= 6) is placed with
``rig_dice`` and the real attack Action is applied through ``Game.apply``; the player's choices are
answered by the goal (hits go to the goal's type first, then Relative > Fatty > Breaker > Walker, the
reading in docs/rulings.md; the Plenty re-roll by the stated policy). The kills by type, the Friendly
Fire Wounds, the XP and the final hits are read off the engine's state, counted, and compared exactly
with the distributions of :func:`nollab.prob.live.attack_from_state` for the same position. The engine
is the independent oracle here: it rolls and allocates die by die; ``nollab.prob`` never enumerates dice.
"""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from nollab.board import board_from_grid
from nollab.prob.attack import outcome_of_hits
from nollab.prob.live import attack_from_state
from nollab.rules.engine.actions import Action
from nollab.rules.sandbox import rig_dice, sandbox
from nollab.rules.engine.tasks import Task

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})
PREFERENCE = ("relative", "fatty", "breaker", "walker")  # docs/rulings.md: the player's order among free choices


def _kills_key(kills: dict) -> tuple:
    return tuple(sorted((t, c) for t, c in kills.items() if c))


def _chooser(goal: str, reroll: str, first_roll_keep=None):
    """Answers the engine's pending choices like the player the odds assume."""
    order = list(PREFERENCE)
    if goal.startswith("kill:"):
        order.remove(goal[5:])
        order.insert(0, goal[5:])

    def choose(g):
        ch = g.pending
        if ch.kind == "target":  # P. 26 free allocation / P. 27 same Priority: the goal's type first
            return min(ch.options, key=order.index)
        if ch.kind == "reroll":  # Plenty of Bullets/Shells (P. 12)
            if reroll == "always":
                return "reroll"
            if reroll == "never":
                return "keep"
            return "keep" if first_roll_keep(ch.data["spec"].faces) else "reroll"
        if ch.kind == "friendly_fire":
            return ch.options[ch.default]
        raise AssertionError(f"unexpected choice {ch.kind}: {ch.prompt}")
    return choose


def engine_distribution(base, action: Action, n_faces: int, choose) -> tuple[Counter, Counter]:
    """Apply ``action`` once per dice outcome (6**n_faces games); count (kills, wounds, xp) and hits."""
    sid = action.survivor
    assert action in base.legal_actions(), f"{action} is not legal in the position"
    before = base.state
    joint: Counter = Counter()
    hits: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=n_faces):
        g = base.copy(history=False)
        rig_dice(g, list(faces))
        g.apply(action)
        for _ in range(100):
            if g.pending is not None:
                g.choose(choose(g))
            elif g.state.queue:
                g.step()
            else:
                break
        st = g.state
        left = st.rigged
        kept = {"t": "choice", "option": "keep"} in g.log  # Plenty held but not used: the re-roll dice stay
        assert left == [] or (kept and len(left) == n_faces // 2), f"{faces}: the engine rolled a wrong number of dice"
        assert g.needs() == "action", f"{faces}: the attack did not finish ({g.needs()})"
        kills = {t: st.kills.get(t, 0) - before.kills.get(t, 0) for t in ("walker", "breaker", "fatty", "relative")}
        wounds = sum(st.survivors[x].wounds - before.survivors[x].wounds for x in st.survivors if x != sid)
        xp = st.survivors[sid].xp_total - before.survivors[sid].xp_total
        rolls = [e for e in g.events[len(base.events):] if e.kind == "roll"]
        joint[(_kills_key(kills), wounds, xp)] += 1
        hits[rolls[-1].data["hits"]] += 1
    return joint, hits


def prob_distribution(r) -> dict:
    """(kills, wounds, xp) -> probability, from the odds' hits distribution and its hit mapping."""
    spec = r.spec
    dmg = spec.damage if (spec.friendly_fire and spec.friends) else 0
    out: dict = {}
    for h in r.hits:
        ks = dict(outcome_of_hits(spec, spec.target, h))
        key = (_kills_key(ks), (r.dice - h) * dmg, sum(spec.stats[t].xp * c for t, c in ks.items()))
        out[key] = out.get(key, 0) + r.hits.prob(h)
    return out


def assert_agree(base, action, n_faces, weapon, zone, *, goal="clear", reroll="optimal", first_roll_keep=None):
    joint, hits = engine_distribution(base, action, n_faces, _chooser(goal, reroll, first_roll_keep))
    total = 6 ** n_faces
    r = attack_from_state(base, action.survivor, weapon, zone, goal=goal, reroll=reroll)
    engine = {k: Fraction(c, total) for k, c in joint.items()}
    assert prob_distribution(r) == engine
    assert {h: r.hits.prob(h) for h in r.hits} == {h: Fraction(c, total) for h, c in hits.items()}
    # the odds' own marginals, one by one
    kills, ff, xp = Counter(), Counter(), Counter()
    for (k, w, x), c in joint.items():
        kills[k] += c
        ff[w] += c
        xp[x] += c
    assert {_kills_key(dict(k)): r.kills.prob(k) for k in r.kills} == {k: Fraction(c, total) for k, c in kills.items()}
    assert {w: r.friendly_wounds.prob(w) for w in r.friendly_wounds} == {w: Fraction(c, total) for w, c in ff.items()}
    assert {x: r.xp.prob(x) for x in r.xp} == {x: Fraction(c, total) for x, c in xp.items()}
    return r


@pytest.mark.parametrize("goal", ["clear", "kill:walker"])
def test_katana_melee_vs_fatty_breaker_walker(goal):
    """P. 26 Katana example: Damage 1 cannot hurt the Fatty; hits allocated freely; no Friendly Fire on Barbra."""
    g = sandbox(ROW, {"helen": "T:a", "barbra": "T:a"}, ghouls={"T:a": {"fatty": 1, "breaker": 1, "walker": 1}},
                inventory={"helen": ["katana"]})
    r = assert_agree(g, Action("melee", "helen", ((0,), False)), 2, "katana", "T:a", goal=goal)
    assert r.dice == 2 and r.live.friends == ("barbra",) and r.friendly_wounds.prob(0) == 1


def test_sawed_off_at_range_1_into_a_zone_with_a_friend():
    """P. 28 Friendly Fire: each miss wounds Harry (Damage 1); Walkers and Breaker share a Priority (P. 27)."""
    g = sandbox(ROW, {"helen": "T:a", "harry": "T:b"}, ghouls={"T:b": {"walker": 2, "breaker": 1}},
                inventory={"helen": ["sawed_off"]})
    r = assert_agree(g, Action("ranged", "helen", ((0,), "T:b")), 2, "sawed_off", "T:b")
    assert r.live.range == 1 and r.friendly_wounds.prob(2) == Fraction(4, 36)  # both dice 1-2: 2 misses


def test_ithaca_vs_fatty_and_two_walkers():
    """P. 27 Targeting Priority: the Fatty first (Damage 2 kills it), then the Walkers."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"fatty": 1, "walker": 2}}, inventory={"ben": ["ithaca_m37"]})
    assert_agree(g, Action("ranged", "ben", ((0,), "T:b")), 2, "ithaca_m37", "T:b")


def test_dual_uzis_six_dice():
    """P. 26: two Uzis roll 6 dice in one Ranged Action (46656 outcomes through the engine)."""
    g = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:b": {"walker": 3, "relative": 1}}, inventory={"harry": ["uzi", "uzi"]})
    r = assert_agree(g, Action("ranged", "harry", ((0, 1), "T:b")), 6, "uzi", "T:b")
    assert r.spec.dual and r.dice == 6


def test_plus_one_to_dice_roll():
    """P. 46 "+1 to dice roll: Ranged": the Ithaca's 4+ reads as 3+ (a 6 stays 6)."""
    g = sandbox(ROW, {"barbra": "T:a"}, ghouls={"T:b": {"fatty": 1, "walker": 1}}, inventory={"barbra": ["ithaca_m37"]})
    g.state.survivors["barbra"].extra_skills.append("plus_1_to_dice_roll_ranged")
    g.touch()
    r = assert_agree(g, Action("ranged", "barbra", ((0,), "T:b")), 2, "ithaca_m37", "T:b")
    assert r.spec.plus_roll == 1 and "+1 to dice roll: Ranged" in r.live.skills


def test_car_attack_spares_the_passenger():
    """P. 21, 28: a Car Attack in the Zone entered, Targeting Priority, Friendly Fire on pedestrians only."""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:a"}, ghouls={"T:b": {"walker": 2, "fatty": 1}}, car="T:a")
    for sid, driver in (("ben", True), ("tom", False)):
        g.state.survivors[sid].in_car = True
        g.state.survivors[sid].driver = driver
    g.touch()
    r = assert_agree(g, Action("drive", "ben", (("T:b",),)), 3, "car", "T:b")
    assert r.live.friends == () and r.dice == 3


def test_plenty_of_shells_reroll_always():
    """Plenty of Shells in the Backpack (usable there, P. 16): the whole roll re-rolled once, the new
    result stands (P. 12): 2 + 2 dice placed."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"walker": 2}},
                inventory={"ben": ["ithaca_m37", "katana", "plenty_of_shells"]})
    r = assert_agree(g, Action("ranged", "ben", ((0,), "T:b")), 4, "ithaca_m37", "T:b", reroll="always")
    assert r.live.plenty and r.spec.reroll == "always"


def test_plenty_of_bullets_reroll_optimal_for_clear():
    """The "optimal" policy: re-roll exactly when a fresh roll clears more often than the roll in hand.
    The decision is computed here by brute force over the faces, not by nollab.prob."""
    g = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:b": {"walker": 2}},
                inventory={"harry": ["sw_model_10", "katana", "plenty_of_bullets"]})
    # S&W Model 10: 1 die at 3+ vs 2 Walkers can never clear -> goal expected kills instead
    fresh = Fraction(sum(f >= 3 for f in range(1, 7)), 6)  # expected kills of a fresh roll (1 die)

    def keep(faces):
        return sum(f >= 3 for f in faces) >= fresh

    assert_agree(g, Action("ranged", "harry", ((0,), "T:b")), 2, "sw_model_10", "T:b",
                 goal="expected", reroll="optimal", first_roll_keep=keep)


def test_friendly_fire_elimination_matches_the_engine():
    """P. 22, 28, 8: Harry (2 Wounds) and Tom (1 Wound) stand in the target Zone; each Sawed-Off miss
    wounds one of them (the player gives it to the least wounded); a 3rd Wound eliminates and loses
    the game. Every 2-dice outcome through the engine vs ``p_friend_eliminated``."""
    g = sandbox(ROW, {"helen": "T:a", "harry": "T:b", "tom": "T:b"}, ghouls={"T:b": {"walker": 1}},
                inventory={"helen": ["sawed_off"]})
    g.state.survivors["harry"].wounds = 2
    g.state.survivors["tom"].wounds = 1
    g.touch()
    lost = 0
    action = Action("ranged", "helen", ((0,), "T:b"))
    for faces in itertools.product(range(1, 7), repeat=2):
        h = g.copy(history=False)
        rig_dice(h, list(faces))
        h.apply(action)
        while h.pending is not None:
            h.choose(h.pending.options[h.pending.default])  # least-wounded first
        lost += h.state.result == "lost"
    r = attack_from_state(g, "helen", "sawed_off", "T:b")
    assert r.p_friend_eliminated == Fraction(lost, 36) == Fraction(4, 36)  # both dice miss (1-2)


def test_spawn_step_matches_the_engine_for_every_order_of_the_draw_pile():
    """P. 24-25: one Ghoul card per active Spawn token (2 tokens in one Zone draw 2 cards), read at the
    highest Danger Level (Judy, Yellow); the draw pile's 6 cards in all 720 orders through the engine's
    spawn step vs :func:`nollab.prob.live.spawn_from_state` (Ghouls placed by type, opening cards)."""
    from nollab.prob.live import spawn_from_state

    pile = [1, 12, 16, 32, 43, 7]
    g = sandbox(ROW, {"judy": "T:a", "tom": "T:b"}, xp={"judy": 12},
                spawns=[("T:d", "white"), ("T:c", "red"), ("T:c", "red")], ghoul_deck=pile)
    g.state.ghoul_discard = [2, 3]
    g.touch()
    joint: Counter = Counter()
    for order in itertools.permutations(pile):
        h = g.copy(history=False)
        st = h.state
        st.ghoul_deck = list(order)
        st.phase = "ghouls"
        st.queue = [Task("spawn_step")]
        while st.queue or st.pending is not None:
            h.step()
        placed = tuple((t, st.on_board(t) - g.state.on_board(t)) for t in ("walker", "breaker", "fatty", "relative"))
        drawn = st.ghoul_discard[2:]
        assert len(drawn) == 3
        joint[(placed, sum(n == 43 for n in drawn))] += 1
    r = spawn_from_state(g)
    assert r.live.tokens == {"T:d": 1, "T:c": 2} and r.live.level == 1
    total = sum(joint.values())
    ghouls, openings = Counter(), Counter()
    for (placed, op), c in joint.items():
        ghouls[placed] += c
        openings[op] += c
    assert {k: r.ghouls.prob(k) for k in r.ghouls} == {k: Fraction(c, total) for k, c in ghouls.items()}
    assert r.p_opening == Fraction(total - openings[0], total)
    for i, t in enumerate(("walker", "breaker", "fatty", "relative")):
        want: Counter = Counter()
        for placed, c in ghouls.items():
            want[placed[i][1]] += c
        assert {k: r.marginal(t).prob(k) for k in r.marginal(t)} == {k: Fraction(c, total) for k, c in want.items()}


def test_sniper_scoped_winchester_chooses_freely_and_spares_the_friend():
    """P. 28 Sniper: free choice of targets, no Friendly Fire; Damage 1 still cannot hurt the Fatty (P. 26)."""
    g = sandbox(ROW, {"helen": "T:a", "harry": "T:b"}, ghouls={"T:b": {"fatty": 1, "walker": 2}},
                inventory={"helen": ["scoped_winchester"]})
    r = assert_agree(g, Action("ranged", "helen", ((0,), "T:b")), 1, "scoped_winchester", "T:b")
    assert r.spec.sniper and r.friendly_wounds.prob(0) == 1


def test_barbarian_with_ambidextrous_katanas():
    """P. 46 Barbarian (Dice = Ghouls in the Zone, per weapon) with Ambidextrous (any pair is Dual)."""
    g = sandbox(ROW, {"barbra": "T:a"}, ghouls={"T:a": {"walker": 1, "breaker": 1}},
                inventory={"barbra": ["katana", "katana"]})
    g.state.survivors["barbra"].extra_skills += ["barbarian", "ambidextrous"]
    g.touch()
    r = assert_agree(g, Action("melee", "barbra", ((0, 1), True)), 4, "katana", "T:a", goal="kill:walker")
    assert r.dice == 4


def test_damage_1_hits_are_lost_on_a_fatty_shielding_a_relative():
    """P. 27 NOTE: the Fatty (Priority 1) absorbs every Damage 1 hit; nothing dies."""
    g = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:b": {"fatty": 1, "relative": 1}}, inventory={"harry": ["uzi"]})
    r = assert_agree(g, Action("ranged", "harry", ((0,), "T:b")), 3, "uzi", "T:b")
    assert r.p_clear == 0


def test_molotov_eliminates_every_actor():
    """P. 29: no roll; every Ghoul and Survivor in the exterior target Zone is eliminated."""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:b"}, ghouls={"T:b": {"fatty": 1, "walker": 2}},
                inventory={"ben": ["molotov"]})
    h = g.copy(history=False)
    h.apply(Action("molotov", "ben", (0, "T:b")))
    r = attack_from_state(g, "ben", "molotov", "T:b")
    assert _kills_key(dict(r.kills.support_sorted()[0])) == _kills_key(h.state.kills) == (("fatty", 1), ("walker", 2))
    assert r.xp.prob(h.state.survivors["ben"].xp_total) == 1
    assert r.p_friend_eliminated == 1 and not h.state.survivors["tom"].alive
