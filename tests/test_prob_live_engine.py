"""``nollab.prob.live`` answers through the engine's own chance steps, and agrees with the plain calculator.

Two independent computations of the same attack (P. 12-13, 20-21, 26-29, 46):

* :func:`nollab.prob.live.attack_from_state` forks the game, performs the attack with the engine's
  combat steps and follows every outcome of each roll (explicit chance, integer weights);
* :func:`nollab.prob.attack` and :func:`nollab.prob.multi.p_clear_within` compute from plain numbers
  (hits distribution -> re-roll policy -> Targeting Priority fill), with no game.

On random positions (weapons, pairs, Skills, Plenty of Bullets/Shells, Ghouls, friends with Wounds,
goals, re-roll policies, 1-3 Actions) every field must be equal. Where the engine knows more than the
calculator -- a friend reaching 3 Wounds ends the game (P. 8, P. 22), so the later misses deal no
Wound and no later Action happens -- the test checks that difference against its own count instead.
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from nollab.board import board_from_grid
from nollab.prob.attack import attack
from nollab.prob.live import _attack_fork, attack_from_state, attack_options, live_attack
from nollab.prob.multi import p_clear_within
from nollab.rules.sandbox import sandbox

ROW = board_from_grid("abcde", {k: "exterior" for k in "abcde"})
WEAPONS = ["sawed_off", "uzi", "ithaca_m37", "winchester_94", "sw_model_10", "scoped_winchester", "katana",
           "crowbar", "axe", "machete", "chainsaw", "mas_shotgun", "molotov", "baseball_bat"]
SKILLS = ["plus_1_die_ranged", "plus_1_die_melee", "plus_1_die_combat", "plus_1_to_dice_roll_ranged",
          "plus_1_to_dice_roll_combat", "ambidextrous", "barbarian", "sniper", "hawk_eye"]
GOALS = ["clear", "kill:walker", "kill:fatty", "expected"]
REROLLS = ["optimal", "always", "never", "if-fewer-than-k"]


def _position(seed: int):
    """A random small position: an attacker in T:a with 1-2 weapons, Ghouls (at most 6 in all, so no
    level-up changes the Skills within 3 Actions) in 1-3 Zones, maybe friends with Wounds."""
    rnd = random.Random(seed)
    first = rnd.choice(WEAPONS)
    inv = [first, first if rnd.random() < 0.4 else rnd.choice(WEAPONS)]
    if rnd.random() < 0.4:
        inv.append(rnd.choice(["plenty_of_bullets", "plenty_of_shells"]))
    left = 6
    ghouls: dict = {}
    for z in rnd.sample(["T:a", "T:b", "T:c"], rnd.randint(1, 3)):
        here = {}
        for t in ("walker", "fatty", "breaker", "relative"):
            n = min(left, rnd.choice([0, 0, 1, 2, 3]))
            if n:
                here[t] = n
                left -= n
        if here:
            ghouls[z] = here
    people = {"barbra": "T:a"}
    for sid in rnd.sample(["ben", "tom", "judy"], rnd.randint(0, 2)):
        people[sid] = rnd.choice(["T:a", "T:b", "T:c"])
    mode = rnd.choice(["romero", "zombicide"])
    try:
        g = sandbox(ROW, people, ghouls=ghouls, inventory={"barbra": inv}, modes={"barbra": mode})
    except ValueError:  # a single copy in the box: one of it only
        inv.pop(1)
        g = sandbox(ROW, people, ghouls=ghouls, inventory={"barbra": inv}, modes={"barbra": mode})
    for sid in people:
        if sid != "barbra":
            g.state.survivors[sid].wounds = rnd.choice([0, 0, 1, 2])
    g.state.survivors["barbra"].extra_skills += rnd.sample(SKILLS, rnd.randint(0, 2))
    g.touch()
    return g, rnd


def _p_eliminated(r, friends_wounds: list[int]) -> Fraction:
    """P(a Friendly Fire miss eliminates someone) from the calculator's hits, counted here: friend ``i``
    absorbs ``(2 - w_i) // Damage`` misses safely, so someone dies iff the misses exceed their sum (P. 22, 28)."""
    spec = r.spec
    if spec.molotov:
        return Fraction(1 if friends_wounds else 0)
    if not (spec.friendly_fire and friends_wounds):
        return Fraction(0)
    safe = sum(max(0, 2 - w) // spec.damage for w in friends_wounds)
    return r.hits.p(lambda h: r.dice - h > safe)


FIELDS = ("dice", "hits", "kills", "xp", "p_clear", "p_goal", "expected_kills", "expected_by_type", "friends_eliminated")


@pytest.mark.parametrize("seed", range(150))
def test_live_answer_equals_the_plain_calculator(seed):
    g, rnd = _position(seed)
    options = attack_options(g, "barbra")
    checked = 0
    for o in options:
        goal = rnd.choice(GOALS)
        reroll = rnd.choice(REROLLS)
        k = rnd.randint(0, 3) if reroll == "if-fewer-than-k" else None
        actions = rnd.choice([1, 1, 2, 3])
        live = attack_from_state(g, "barbra", o.weapon, o.zone, dual=o.dual, goal=goal, reroll=reroll, reroll_k=k,
                                 actions=actions)
        plain = attack(live.spec)
        for f in FIELDS:
            assert getattr(live, f) == getattr(plain, f), (o, f)
        wounds = [g.state.survivors[x].wounds for x in live.live.friends]
        p_dead = _p_eliminated(plain, wounds)
        assert live.p_friend_eliminated == p_dead
        if p_dead == 0:  # nobody dies: every miss deals its Damage to a friend (P. 28)
            assert live.friendly_wounds == plain.friendly_wounds
            # one Action: the re-roll serves the goal; more: it serves clearing in time (nollab.prob.multi)
            assert live.p_clear_within == (plain.p_clear if actions == 1 else p_clear_within(live.spec, actions))
        else:  # the game ends at the 3rd Wound: never more Wounds than the misses deal
            assert live.friendly_wounds.p(lambda w: w <= max(plain.friendly_wounds)) == 1
        checked += 1
    assert checked == len(options)


def test_the_positions_cover_the_rules():
    """The random positions above reach every kind of attack the comparison is about."""
    seen = set()
    for seed in range(60):
        g, _rnd = _position(seed)
        for o in attack_options(g, "barbra"):
            s = live_attack(g, "barbra", o.weapon, o.zone, dual=o.dual).spec
            seen |= {s.action, "dual" * s.dual, "sniper" * s.sniper, "molotov" * s.molotov,
                     "plenty" * (s.reroll != "never"), "barbarian" * s.barbarian, "plus_roll" * bool(s.plus_roll),
                     "plus_dice" * bool(s.plus_dice), "friends" * bool(s.friends), "reload" * s.reload}
    assert {"melee", "ranged", "dual", "sniper", "molotov", "plenty", "barbarian", "plus_roll", "plus_dice",
            "friends", "reload"} <= seen


def test_the_live_answer_is_the_engines_chance_steps():
    """The fork stops before the roll: its chance node is the one the game itself offers after the same
    Ranged Action (``Game.chance_outcomes``, P. 26), and the live hits are that node's weights."""
    g = sandbox(ROW, {"helen": "T:a", "harry": "T:b"}, ghouls={"T:b": {"walker": 2}}, inventory={"helen": ["sawed_off"]})
    r = attack_from_state(g, "helen", "sawed_off", "T:b")
    f = _attack_fork(g, r.live.profile)
    h = g.copy()
    h.set_explicit_chance(True)
    h.apply(next(a for a in h.legal_actions() if a.kind == "ranged"))
    assert f.chance_outcomes() == h.chance_outcomes()
    node = h.chance_outcomes()
    assert r.hits.probs() == node.probs()
    assert g.state.ghoul_count("T:b") == 2 and not g.state.fired  # the game itself is unchanged


def test_car_attack_options_are_the_engines_drives():
    """P. 21: the Driver attacks each Zone with Ghouls entered by a 1-2 Zone drive; the options are the
    Zones of the engine's legal Drive actions that hold Ghouls."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"walker": 1}, "T:c": {"walker": 2}, "T:e": {"walker": 1}},
                car="T:a")
    g.state.survivors["ben"].in_car = g.state.survivors["ben"].driver = True
    g.touch()
    entered = {z for a in g.legal_actions() if a.kind == "drive" for z in a.params[0]}
    mine = {(o.zone, o.range) for o in attack_options(g, "ben") if o.weapon == "car:car"}
    assert mine == {(z, 1 if z == "T:b" else 2) for z in entered if g.state.ghoul_count(z)} == {("T:b", 1), ("T:c", 2)}


def test_the_odds_panel_loads_the_rules_numbers():
    """``OddsPanel.set_from_zone`` turns the live reading into its inputs (weapon line, Dual, Skill names,
    Plenty), which the plain calculator reads again: the odds it shows equal those of the rules' profile."""
    from nollab.content import load_content
    from nollab.widgets.odds_panel import OddsPanel

    panel = OddsPanel(load_content())
    shown = 0
    for seed in range(0, 150, 3):
        g, _rnd = _position(seed)
        g.state.active = "barbra"
        for z in sorted({o.zone for o in attack_options(g, "barbra")}):
            panel.set_from_zone(g, z, "barbra")
            want = attack(live_attack(g, "barbra", panel.w_weapon.value, z, goal=panel.w_goal.value).spec)
            for f in FIELDS + ("friendly_wounds",):
                assert getattr(panel.result, f) == getattr(want, f), (seed, z, panel.w_weapon.value, f)
            shown += 1
    assert shown > 30


def _engine_spawn_step(g):
    """The spawn step (P. 24-25) followed on forks through the engine's own chance steps: every grouped
    Ghoul card outcome with its weight; ``{(placed by type, extra Activations by type, openings): P}``,
    the Ghouls read off the engine's ``spawn_card`` events, the openings off the drawn outcomes."""
    from nollab.content_model import GHOUL_TYPES
    from nollab.rules.engine.tasks import Task

    root = g.fork(explicit_chance=True)
    root.state.phase = "ghouls"
    root.state.queue = [Task("spawn_step")]
    out: dict = {}

    def walk(h, p, acc):
        while True:
            for e in h.events:
                if e.kind == "spawn_card":
                    i = GHOUL_TYPES.index(e.data["ghoul"]) if e.data.get("ghoul") in GHOUL_TYPES else None
                    placed, extra, opened = acc
                    if i is not None:
                        placed = placed[:i] + (placed[i] + e.data["placed"],) + placed[i + 1:]
                        extra = extra[:i] + (extra[i] + bool(e.data.get("extra")),) + extra[i + 1:]
                    acc = (placed, extra, opened)
            h.events.clear()
            need = h.needs()
            if need == "chance":
                node = h.chance_outcomes()
                for o, w, c in h.chance_children(node):  # "open:...": an Opening card that acts now (P. 25)
                    walk(c, p * Fraction(w, node.total), acc[:2] + (acc[2] + str(o).startswith("open:"),))
                return
            if need == "choice":
                h.choose(h.pending.options[h.pending.default])
            elif need == "step":
                h.step()
            else:
                out[acc] = out.get(acc, 0) + p
                return

    zero = (0,) * len(GHOUL_TYPES)
    walk(root, Fraction(1), (zero, zero, 0))
    return out


@pytest.mark.parametrize("xp, walkers", [(0, 0), (8, 25), (20, 26)])
def test_spawn_odds_equal_the_engines_chance_steps(xp, walkers):
    """``spawn_from_state`` (the engine's Spawn Step counted as a product, :mod:`nollab.prob.spawn_engine`)
    and the spawn calculator on the same reading, against the engine's chance steps followed card by card:
    3 tokens (2 in one Zone, P. 24), a pile of 6 cards, Blue / Yellow / Orange, the box nearly empty so
    cards run short and give extra Activations (P. 25)."""
    from nollab.content_model import GHOUL_TYPES
    from nollab.prob.live import spawn_from_state

    g = sandbox(ROW, {"judy": "T:a"}, xp={"judy": xp}, ghouls={"T:e": {"walker": walkers}} if walkers else None,
                spawns=[("T:d", "white"), ("T:c", "red"), ("T:c", "red")], ghoul_deck=[1, 2, 12, 16, 43, 7])
    g.state.ghoul_discard = [3, 4]
    g.touch()
    engine = _engine_spawn_step(g)
    r = spawn_from_state(g)
    placed: dict = {}
    extra: dict = {}
    opening = Fraction(0)
    for (pl, ex, op), p in engine.items():
        k = tuple((t, pl[i]) for i, t in enumerate(GHOUL_TYPES))
        placed[k] = placed.get(k, 0) + p
        k = tuple((t, ex[i]) for i, t in enumerate(GHOUL_TYPES))
        extra[k] = extra.get(k, 0) + p
        opening += p if op else 0
    for r in (r, spawn_from_state(g.state, content=g.content)):  # the engine's answer, the calculator's
        assert r.ghouls.probs() == placed
        assert r.extra_activations.probs() == extra
        assert r.p_opening == opening


@pytest.mark.parametrize("seed", range(0, 150, 5))
def test_an_attack_is_read_exactly_when_the_rules_allow_it(seed):
    """Every weapon line in Hand against every Zone: ``live_attack`` answers exactly for the options the
    rules list, and refuses every other with a reason naming its input and a page (P. 10-31)."""
    from nollab.prob.live import LiveAttackError

    g, _rnd = _position(seed)
    st = g.state
    allowed = {(o.weapon, o.zone) for o in attack_options(g, "barbra")}
    lines = {f"{c.id}:{p.action}" for u in st.survivors["barbra"].hands if u is not None
             for c in [g.content.equipment[st.cards[u]]] for p in (c.melee, c.ranged) if p is not None}
    for line in sorted(lines):
        for z in sorted(g.board.zones):
            try:
                live_attack(g, "barbra", line, z)
                ok = True
            except LiveAttackError as exc:
                ok = False
                assert str(exc).split(":")[0] in ("weapon", "zone", "dual") and "(P. " in str(exc), str(exc)
            assert ok == ((line, z) in allowed), (line, z)


def test_a_friend_eliminated_ends_the_actions():
    """P. 8, P. 22, P. 28: Tom (2 Wounds) stands among 3 Walkers; every Ithaca miss (Damage 2) eliminates
    him and loses the game, so a second Action only happens after a first shot with no miss. Counted here
    over the 16 faces of two shots of 2 dice at 4+: the calculator, which knows no game, says 5/16."""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:b"}, ghouls={"T:b": {"walker": 3}}, inventory={"ben": ["ithaca_m37"]})
    g.state.survivors["tom"].wounds = 2
    g.touch()
    cleared = 0
    for a, b, c, d in itertools.product(range(1, 7), repeat=4):
        first = (a >= 4) + (b >= 4)
        if first == 2:  # no miss: 1 Walker left, Tom alive; any hit of the second shot clears the Zone
            cleared += (c >= 4) + (d >= 4) >= 1
    r = attack_from_state(g, "ben", "ithaca_m37", "T:b", actions=2)
    assert r.p_clear_within == Fraction(cleared, 6 ** 4) == Fraction(3, 16)
    assert p_clear_within(r.spec, 2) == Fraction(5, 16)
    assert r.p_friend_eliminated == Fraction(3, 4)  # the first shot misses at least once
