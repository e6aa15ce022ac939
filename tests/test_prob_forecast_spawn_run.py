"""A Spawn Step's cards forecast as one product (:mod:`nollab.prob.spawn_block`) give exactly what the
ordinary engine gives over every order of a rigged Ghoul deck (P. 24-25), also where the shortcut has
to hand positions back to the engine: a card short of miniatures and the extra Activation it gives
(P. 25), a Barricade & Door Opening card that opens a Door at once or only because an earlier card put
Walkers beside it (P. 25); two Spawn tokens in one Zone; a Scene rule that reads the Spawn Zones."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from nollab.board import board_from_grid
from nollab.content_model import GHOUL_TYPES
from nollab.prob import spawn_block
from nollab.prob.forecasting import DefaultPolicy, _Search, forecast
from nollab.rules.scenes.hooks import Hook, scene_hook
from nollab.rules.sandbox import sandbox

# a row of 5 Zones; a closed Door between c and d
ROW = board_from_grid("abcde", {k: "exterior" for k in "abcde"}, openings=[("door_cd", "r1c3-r1c4", "door", False)])


@scene_hook("test_crowded_spawn_zone_loses")
class CrowdedSpawnZoneLoses(Hook):
    """A Scene rule that reads the Ghouls of every Zone (as a test Scene might): the game is lost
    as soon as 4 Ghouls stand in one Zone."""

    def check(self, ctx) -> None:
        if any(sum(c) >= 4 for c in ctx.st.ghouls.values()):
            ctx.lose("4 Ghouls in one Zone", "test")


@scene_hook("test_a_relative_appears_loses")
class ARelativeAppearsLoses(Hook):
    """A Scene rule that reads the latest event: lost when a Spawn card has just placed a Relative."""

    def check(self, ctx) -> None:
        e = ctx.events[-1] if ctx.events else None
        if e is not None and e.kind == "spawn_card" and e.data.get("ghoul") == "relative" and e.data.get("placed"):
            ctx.lose("a Relative appeared", "test")


def position(deck, *, spawns, xp=8, ghouls=None, survivors=None, hooks=None, wounds=None):
    g = sandbox(ROW, survivors or {"judy": "T:a", "tom": "T:a"}, xp={"tom": xp}, ghouls=ghouls, spawns=spawns,
                ghoul_deck=list(deck), hooks=hooks, wounds=wounds)
    return g


def played_out(g):
    """The ordinary engine (seeded draws, default decisions) to the end of the round; the outcome read
    off the final state and the event log, independently of the forecast."""
    pol, r = DefaultPolicy(), g.state.round
    while g.state.result is None and g.state.round == r:
        g.step(pol)
    st = g.state
    placed = dict.fromkeys(GHOUL_TYPES, 0)
    extra = dict.fromkeys(GHOUL_TYPES, 0)
    for e in g.events:
        if e.kind == "spawn_card" and e.data.get("ghoul") in placed:
            placed[e.data["ghoul"]] += e.data["placed"]
            extra[e.data["ghoul"]] += bool(e.data.get("requested", 0) > e.data["placed"])
    sv = list(st.survivors.values())
    return (tuple(s.wounds for s in sv), tuple(s.alive for s in sv), tuple(sorted(st.ghouls.items())),
            st.result, tuple(placed[t] for t in GHOUL_TYPES), tuple(extra[t] for t in GHOUL_TYPES))


def brute(deck, **kw):
    out: dict = {}
    orders = list(itertools.permutations(deck))
    for order in orders:
        o = played_out(position(order, **kw))
        out[o] = out.get(o, 0) + Fraction(1, len(orders))
    return out


def as_tuples(f):
    return {(o.wounds, o.alive, o.ghouls, o.result, o.placed, o.extra): p for o, p in f.outcomes.probs().items()}


def handed_back(deck, **kw):
    """The card groups of each sequence the shortcut hands back to the engine, at the start of the
    Ghouls' Phase' Spawn Step (None: no shortcut)."""
    g = position(deck, **kw)
    pol = DefaultPolicy()
    g.set_explicit_chance(True)
    while g.state.phase == "players" or g.state.queue[0].name != "spawn_card":
        if g.needs() == "chance":
            raise AssertionError("a chance step before the Spawn Step")
        g.step(pol)
    search = _Search(g, "end_of_round", pol, False, 10_000)
    keys = g.chance_outcomes().outcomes
    pushed: list = []
    groups: list = []
    ok = spawn_block.expand_spawn_run(search, g.fork(), Fraction(1), ((0,) * 4, (0,) * 4),
                                      lambda c, w, acc: pushed.append(c.state.ghoul_discard[:]),
                                      lambda scale, weights: groups.append(weights))
    return (pushed, groups, keys) if ok else None


SPAWNS3 = [("T:e", "white"), ("T:d", "red"), ("T:b", "red")]
CASES = {
    # 3 Spawn Zones at Yellow, nothing interacts but the two opening cards of no effect
    "three zones": dict(deck=[1, 2, 12, 16, 43], spawns=SPAWNS3),
    # a Walker card in e (beside the closed Door d|e? no: c|d) -- Walkers in d make #43 open the Door c|d
    "opening after an earlier card": dict(deck=[1, 43, 2, 44, 16], spawns=[("T:d", "white"), ("T:e", "red"),
                                                                        ("T:b", "red")]),
    # a Walker already beside the closed Door (it has no way to the Survivors): #43 opens it at once
    "opening at once": dict(deck=[1, 43, 2, 45, 16], spawns=SPAWNS3, ghouls={"T:d": {"walker": 1}}),
    # 25 of the 28 Walkers on the board: a second Walker card is short, every Walker gets an extra
    # Activation, the Walkers beside Tom attack him (2 Wounds: he dies)
    "running short": dict(deck=[1, 2, 3, 16, 43], spawns=SPAWNS3, ghouls={"T:c": {"walker": 25}},
                          survivors={"judy": "T:a", "tom": "T:b"}, wounds={"tom": 2}),
    # two Spawn tokens in one Zone (S3 gathers them, P. 35): that Zone's cards add up
    "one zone twice": dict(deck=[1, 2, 12, 16, 43], spawns=[("T:e", "white"), ("T:e", "red"), ("T:b", "red")]),
    # a Scene rule reads every Zone's Ghouls after each card: no shortcut
    "a rule reads the Spawn Zones": dict(deck=[1, 5, 10, 15, 43], spawns=SPAWNS3, hooks=["test_crowded_spawn_zone_loses"],
                                         ghouls={"T:e": {"walker": 1}}),
    # a Scene rule reads the events of each card: no shortcut
    "a rule reads the latest events": dict(deck=[1, 5, 16, 15, 43], spawns=SPAWNS3,
                                           hooks=["test_a_relative_appears_loses"]),
    # Blue: the opening cards have no effect (P. 25)
    "blue": dict(deck=[1, 2, 12, 16, 43], spawns=SPAWNS3, xp=0, ghouls={"T:c": {"walker": 1}}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_shortcut_equals_every_order_of_the_deck(name):
    kw = dict(CASES[name])
    deck = kw.pop("deck")
    g = position(deck, **kw)
    before = g.state_hash()
    fast, plain = forecast(g, "end_of_round"), forecast(g, "end_of_round", factorise=False)
    assert g.state_hash() == before
    want = brute(deck, **kw)
    assert as_tuples(fast) == want
    assert as_tuples(plain) == want


def test_which_sequences_go_back_to_the_engine():
    """The shortcut hands back exactly the sequences from their first interacting card on."""
    kw = dict(CASES["opening after an earlier card"])
    pushed, finals, _keys = handed_back(kw.pop("deck"), **kw)
    # #43 (Walker opening) interacts only after a Walker card placed Walkers in d, beside the Door c|d
    assert pushed and all(43 in d and (1 in d or 2 in d) for d in pushed)
    assert all(d.index(43) > min(d.index(x) for x in (1, 2) if x in d) for d in pushed)
    assert finals  # the other sequences are counted at once

    kw = dict(CASES["opening at once"])
    pushed, _f, _k = handed_back(kw.pop("deck"), **kw)
    assert [43] in pushed  # opens at once: handed back as the first card

    kw = dict(CASES["running short"])
    pushed, _f, _k = handed_back(kw.pop("deck"), **kw)
    # 3 Walkers left in the box: a second Walker card (Yellow: #1 3, #2 and #3 2 each) is short; or
    # #43 after a Walker card placed Walkers in d, beside the Door
    walkers = lambda d: sum(x in d for x in (1, 2, 3))  # noqa: E731
    assert all((walkers(d) == 2 and d[-1] in (1, 2, 3)) or (walkers(d) == 1 and d[-1] == 43) for d in pushed)
    assert any(walkers(d) == 2 for d in pushed)

    kw = dict(CASES["one zone twice"])
    pushed, groups, _k = handed_back(kw.pop("deck"), **kw)
    assert groups and sum(len(x) for x in groups) > 1

    for name in ("a rule reads the Spawn Zones", "a rule reads the latest events"):
        kw = dict(CASES[name])
        assert handed_back(kw.pop("deck"), **kw) is None, name


def test_shortcut_equals_card_by_card_on_random_positions():
    """40 random positions (Danger Level, Doors, Ghouls on the board, Wounds, 2-5 Spawn tokens, some
    two in one Zone, an 8-card deck from the whole Ghoul deck): the shortcut and the engine card by card (itself checked
    against every deck order above) give the same distribution, outcome by outcome."""
    import random

    rnd = random.Random(13)
    zones = "abcde"
    shortcuts = 0
    for _ in range(40):
        doors = [(f"d{i}", f"r1c{i + 1}-r1c{i + 2}", "door", False) for i in range(4) if rnd.random() < 0.3]
        board = board_from_grid(zones, {k: "exterior" for k in zones}, openings=doors)
        spawn_zones = rnd.sample(zones[1:], rnd.randint(2, 4))
        if rnd.random() < 0.25:
            spawn_zones.append(spawn_zones[0])  # two tokens in one Zone
        spawns = [(f"T:{z}", "white" if i == 0 else "red") for i, z in enumerate(spawn_zones)]
        ghouls = {}
        for z in rnd.sample(zones, 2):
            t = rnd.choice(GHOUL_TYPES[:3])
            ghouls[f"T:{z}"] = {t: rnd.choice([1, 2, 3, 20, 25, 27]) if t == "walker" else rnd.randint(1, 3)}
        deck = rnd.sample(range(1, 47), 8)
        g = sandbox(board, {"judy": "T:a", "tom": f"T:{rnd.choice('ab')}"}, xp={"tom": rnd.choice([0, 8, 20, 45])},
                    ghouls=ghouls, spawns=spawns, ghoul_deck=deck, wounds={"tom": rnd.randint(0, 2)})
        fast, plain = forecast(g, "end_of_round"), forecast(g, "end_of_round", factorise=False)
        assert fast.outcomes.probs() == plain.outcomes.probs(), (deck, spawns, ghouls, doors)
        shortcuts += fast.states < plain.states
    assert shortcuts >= 20  # the shortcut was taken in most of them


@pytest.mark.parametrize("scene", ["S4", "S6", "S7", "S8"])
def test_shipped_scenes_ghouls_phase_at_yellow(scene):
    """The Ghouls' Phase of shipped Scenes at Yellow after every Survivor ended their Turn (P. 22-25):
    the shortcut (refused in S7, whose RIP Johnny rule reads the latest events) == card by card."""
    from nollab.rules import Game

    g = Game.new(scene, seed=2)
    next(iter(g.state.survivors.values())).xp = 8
    g.touch()
    pol = DefaultPolicy()
    while g.state.phase != "ghouls":
        g.step(pol)
    fast, plain = forecast(g, "end_of_phase"), forecast(g, "end_of_phase", factorise=False)
    assert fast.outcomes.probs() == plain.outcomes.probs()
    assert (fast.states < plain.states) == (scene != "S7")


def test_s3_objective_reads_whether_any_ghoul_is_on_the_board():
    """S3's objective asks "no Ghoul on the board" (P. 35) after every card: with a Walker on the board
    before the Spawn Step the answer is the same for every sequence (cards only add Ghouls), so the
    shortcut is taken; on an empty board it is refused. Both equal card by card (P. 24-25)."""
    from nollab.rules import Game

    g = Game.new("S3", seed=2)
    pol = DefaultPolicy()
    while g.state.phase != "ghouls":
        g.step(pol)
    assert not g.state.ghouls
    h = g.fork()
    h.state.add_ghouls("4R:d", "walker", 1)  # a street Zone, no Spawn Zone
    h.touch()
    for game, shortcut in ((g, False), (h, True)):
        fast, plain = forecast(game, "end_of_phase"), forecast(game, "end_of_phase", factorise=False)
        assert fast.outcomes.probs() == plain.outcomes.probs()
        assert (fast.states < plain.states) == shortcut


def test_best_policy_uses_the_shortcut_in_its_values():
    """policy="best": the Wound split of an attack before the Spawn Step (P. 22) is chosen on values
    that count the Spawn Step's commuting cards as one product; the same forecast as card by card."""
    kw = dict(CASES["running short"])
    deck = kw.pop("deck")
    kw["ghouls"] = {"T:b": {"walker": 2}, "T:c": {"walker": 24}}  # 2 Walkers attack Judy and Tom
    kw["survivors"] = {"judy": "T:b", "tom": "T:b"}
    kw["wounds"] = {"tom": 1}
    g = position(deck, **kw)
    fast, plain = forecast(g, "end_of_round", policy="best"), forecast(g, "end_of_round", policy="best",
                                                                        factorise=False)
    assert fast.outcomes.probs() == plain.outcomes.probs()
    assert fast.states < plain.states
    assert as_tuples(forecast(g, "end_of_round")) == brute(deck, **kw)


def test_guards_refuse_every_way_of_reading_what_the_cards_change():
    """The probe's guarded containers: once armed, any read of a Spawn Zone's Ghouls or of the whole map,
    any write, any use of the Ghoul piles and any read of the event log raise (logging is allowed); other
    Zones' Ghouls stay readable; disarmed, they behave as the plain containers."""
    import copy
    import pickle

    gh = spawn_block.GuardedGhouls({"T:a": (1, 0, 0, 0), "T:e": (2, 0, 0, 0)})
    gh.armed, gh.zones, gh.nonempty = True, frozenset({"T:e"}), False
    reads = [lambda: gh["T:e"], lambda: gh.get("T:e"), lambda: "T:e" in gh, lambda: list(gh), lambda: len(gh),
             lambda: bool(gh), lambda: gh.items(), lambda: gh.values(), lambda: gh.keys(), lambda: dict(gh),
             lambda: {**gh}, lambda: gh.copy(), lambda: copy.copy(gh), lambda: pickle.dumps(gh), lambda: gh == {},
             lambda: sorted(gh.items()), lambda: sum(map(lambda c: c[0], gh.values()))]
    writes = [lambda: gh.__setitem__("T:a", (0, 0, 0, 1)), lambda: gh.pop("T:a"), lambda: gh.update({}),
              lambda: gh.setdefault("T:b", (1, 0, 0, 0)), lambda: gh.clear(), lambda: gh.__delitem__("T:a")]
    for f in reads + writes:
        with pytest.raises(spawn_block.Touched):
            f()
    assert gh["T:a"] == (1, 0, 0, 0) and gh.get("T:b") is None and "T:c" not in gh  # other Zones: readable
    gh.nonempty = True
    assert bool(gh)  # a board with a Ghoul before the cards has one in every sequence
    gh.armed = False
    assert dict(gh) == {"T:a": (1, 0, 0, 0), "T:e": (2, 0, 0, 0)} and len(gh) == 2

    pile = spawn_block.GuardedPile([1, 2, 3])
    log = spawn_block.GuardedLog(["e1"])
    pile.armed, pile.what, log.armed, log.what = True, "ghoul_deck", True, "events"
    for f in (lambda: pile[-1], lambda: len(pile), lambda: bool(pile), lambda: list(pile), lambda: pile.pop(),
              lambda: pile.append(4), lambda: 2 in pile, lambda: pile[:], lambda: log[-1], lambda: len(log),
              lambda: log[0:], lambda: list(log), lambda: log.clear()):
        with pytest.raises(spawn_block.Touched):
            f()
    log.append("e2")  # the rules may still log events
    log.armed = pile.armed = False
    assert list(log) == ["e1", "e2"] and list(pile) == [1, 2, 3]


def test_a_newer_question_cancels_a_long_hand_back():
    """S1's Ghouls' Phase at Red: 4 Red cards often empty the Walker box (P. 25), thousands of sequences
    go back to the engine; ``stop()`` is asked while they are handed back, not only between positions."""
    from nollab.prob.forecasting import ForecastError
    from nollab.rules import Game

    g = Game.new("S1", seed=1)
    g.state.survivors["tom"].xp = 45  # Red (P. 14)
    g.touch()
    pol = DefaultPolicy()
    while g.state.phase == "players":
        g.step(pol)
    asked = []

    def stop():
        asked.append(1)
        return len(asked) > 1

    with pytest.raises(ForecastError, match="cancelled"):
        forecast(g, "end_of_phase", stop=stop)
    assert len(asked) == 2  # once before the first position, then during the hand-back
