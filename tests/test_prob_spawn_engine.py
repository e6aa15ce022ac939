"""The live spawn odds are the engine's own Spawn Step (:mod:`nollab.prob.spawn_engine`), checked against
two independent computations (P. 8, P. 24-25):

* every ordered draw of the step's cards from a small pile, each played by the ordinary engine (the
  seeded generator draws the top card; no explicit chance, no grouping, no merging), the answer read
  off its ``spawn_card`` events and the opening cards off the content;
* the spawn calculator (:func:`nollab.prob.spawn.spawn_step`: counting only, no game), equal wherever
  no extra Activation ends the game -- where one does (a Survivor eliminated, P. 8) the engine stops
  the step as play does, and the ordered draws decide.
"""
from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pytest

from nollab.board import board_from_grid
from nollab.content import load_content
from nollab.content_model import GHOUL_TYPES
from nollab.prob import spawn_engine
from nollab.prob.forecasting import DefaultPolicy
from nollab.prob.live import spawn_from_state
from nollab.rules import Game
from nollab.rules.engine.tasks import Task
from nollab.rules.sandbox import sandbox
from nollab.rules.spawn.step import active_spawn_tokens

CONTENT = load_content()
CARDS = {c.number: c for c in CONTENT.ghoul_deck}
NT = len(GHOUL_TYPES)


def every_draw(g) -> dict:
    """``{(asked, placed, extra by type, opening cards that act): P}`` over every ordered draw of the
    step's cards from the pile (P. 24: the order is unknown, every order equally likely)."""
    st = g.state
    m = len(active_spawn_tokens(g._ctx()))
    pile = list(st.ghoul_deck)
    assert len(pile) >= m  # no reshuffle here (tests/test_prob_live.py has one)
    level = spawn_from_state(g.state, content=CONTENT).live.level
    out: dict = {}
    seqs = list(itertools.permutations(pile, m))
    pol = DefaultPolicy()
    ended = 0
    for seq in seqs:
        h = g.fork()
        hs = h.state
        hs.ghoul_deck = [n for n in pile if n not in seq] + list(reversed(seq))  # the top card is drawn first
        hs.queue, hs.pending, hs.phase = [Task("spawn_step")], None, "ghouls"
        while hs.result is None and any(t.name in ("spawn_step", "spawn_card") for t in hs.queue):
            h.step(pol)
        ended += hs.result is not None
        row = [0] * (3 * NT + 1)
        for e in h.events:
            if e.kind == "spawn_card":
                card = CARDS[e.data["card"]]
                row[-1] += card.kind == "opening" and level > 0
                if card.kind == "spawn":
                    i = GHOUL_TYPES.index(card.ghoul)
                    row[i] += card.counts[level]
                    row[NT + i] += e.data["placed"]
                    row[2 * NT + i] += e.data["placed"] < card.counts[level]
        k = tuple(row)
        out[k] = out.get(k, 0) + Fraction(1, len(seqs))
    return out, ended


def public(r) -> dict:
    """Every public number of a SpawnResult."""
    return {"ghouls": r.ghouls.probs(), "requested": r.requested.probs(), "extra": r.extra_activations.probs(),
            "joint": r.joint.probs(), "joint_requested": r.joint_requested.probs(), "total": r.total().probs(),
            "requested_total": r.requested_total().probs(), "expected": r.expected,
            "expected_requested": r.expected_requested, "p_run_out": r.p_run_out, "p_relative": r.p_relative,
            "p_opening": r.p_opening, "openings": r.openings.probs(),
            "extra_by_type": {t: r.extra(t).probs() for t in GHOUL_TYPES}, "reshuffle": r.reshuffle}


def random_position(rnd: random.Random):
    zones = "abcdef"
    doors = [(f"d{i}", f"r1c{i + 1}-r1c{i + 2}", "door", False) for i in range(5) if rnd.random() < 0.3]
    board = board_from_grid(zones, {k: "exterior" for k in zones}, openings=doors)
    n = rnd.randint(2, 4)
    where = [rnd.choice(zones[1:]) for _ in range(n)]
    if rnd.random() < 0.6:
        where = rnd.sample(zones[1:], n)  # distinct Spawn Zones (else: two tokens may share a Zone)
    spawns = [(f"T:{z}", "white" if i == 0 else "red") for i, z in enumerate(where)]
    ghouls: dict = {}
    k = rnd.randint(0, 2)
    for z, t in zip(rnd.sample(zones[1:], k), rnd.sample(GHOUL_TYPES[:3], k)):  # within the box (P. 3)
        ghouls.setdefault(f"T:{z}", {})[t] = rnd.choice([1, 2, 20, 25, 27]) if t == "walker" else rnd.choice([1, 2, 9, 11])
    deck = rnd.sample(range(1, 47), rnd.choice([5, 6]))
    g = sandbox(board, {"judy": "T:a", "tom": f"T:{rnd.choice('abc')}"}, xp={"tom": rnd.choice([0, 8, 20, 45])},
                ghouls=ghouls or None, spawns=spawns, ghoul_deck=deck, wounds={"tom": rnd.randint(0, 2)})
    return g, (deck, spawns, ghouls, doors)


def test_the_engine_equals_every_ordered_draw_and_the_calculator():
    """40 random positions (2-4 Spawn tokens, sometimes two in one Zone; Doors; Walkers, Breakers,
    Fatties on the board up to a nearly empty box; every Danger Level; Tom with 0-2 Wounds; 5-6 cards
    from the whole deck): the engine's answer is every ordered draw's exactly, and the calculator's
    exactly wherever no draw ends the game."""
    rnd = random.Random(2024)
    seen = {"short": 0, "extra>1": 0, "opening": 0, "ended": 0, "one zone twice": 0, "handed back": 0, "cards": 0}
    for _ in range(40):
        g, what = random_position(rnd)
        before = g.state_hash()
        r = spawn_from_state(g)
        assert g.state_hash() == before
        assert r.live.source == "engine", what
        want, ended = every_draw(g)
        assert r.engine.joint.probs() == want, what
        assert spawn_engine.engine_spawn(g, factorise=False).joint == r.engine.joint  # every card on its own fork
        calc = spawn_from_state(g.state, content=CONTENT)
        assert calc.live.source == "calculator"
        if ended:
            seen["ended"] += 1
        else:
            assert public(r) == public(calc), what
        seen["short"] += any(k[2 * NT:3 * NT] != (0,) * NT for k in want)
        seen["extra>1"] += any(sum(k[2 * NT:3 * NT]) > 1 for k in want)
        seen["opening"] += any(k[-1] for k in want)
        seen["one zone twice"] += len(set(z for z, _c in what[1])) < len(what[1])
        seen["handed back"] += r.engine.positions > 1
        seen["cards"] += r.engine.mode == "cards"
    assert all(v >= 2 for v in seen.values()), seen


def doomed():
    """Yellow; 3 Walkers left in the box (#1 asks 3, #2 and #3 2 each); Tom with 2 Wounds among 25 Walkers."""
    row = board_from_grid("abcde", {k: "exterior" for k in "abcde"})
    return sandbox(row, {"judy": "T:a", "tom": "T:b"}, xp={"tom": 8}, ghouls={"T:b": {"walker": 25}},
                   spawns=[("T:e", "white"), ("T:d", "red"), ("T:c", "red")], ghoul_deck=[1, 2, 3, 16, 43],
                   wounds={"tom": 2})


def test_a_game_lost_in_the_step_stops_it():
    """P. 8, P. 22, P. 25: 25 of the 28 Walkers stand with Tom (2 Wounds); a Walker card short of
    miniatures gives every Walker an extra Activation, they attack and Tom is eliminated: the game is lost
    and the cards after it are not drawn. The calculator, which knows no game, draws them."""
    g = doomed()
    r = spawn_from_state(g)
    want, ended = every_draw(g)
    assert ended and r.engine.joint.probs() == want
    calc = spawn_from_state(g.state, content=CONTENT)
    # the first short card is drawn either way; the cards after Tom's death are not
    assert r.p_run_out == calc.p_run_out and r.p_run_out["walker"] > 0
    assert sum(r.expected_requested.values()) < sum(calc.expected_requested.values())
    assert calc.requested_total() != r.requested_total()


def s1_ghouls_phase(xp: int, extra: dict | None = None):
    g = Game.new("S1", seed=1)
    g.state.survivors["tom"].xp = xp
    for z, (t, n) in (extra or {}).items():
        g.state.add_ghouls(z, t, n)
    g.touch()
    pol = DefaultPolicy()
    while g.state.phase == "players":
        g.step(pol)
    return g


@pytest.mark.parametrize("xp, extra, max_forks", [
    (0, None, None), (8, None, None), (20, None, None), (44, None, None),
    # the box nearly empty: cards short of miniatures from the first one on (extra Activations, P. 25)
    (8, {"4R:e": ("walker", 20)}, None), (8, {"3R:c": ("breaker", 8), "2R:a": ("fatty", 7)}, None),
    # the same at Red: too costly for a live answer (the calculator's case), the engine given the forks
    (44, {"3R:c": ("breaker", 8), "2R:a": ("fatty", 7)}, 20_000),
])
def test_scene_1_spawn_step_equals_the_calculator(xp, extra, max_forks, monkeypatch):
    """Scene 1's 4 Spawn Zones and its whole 46-card deck at Blue, Yellow, Orange and Red, and with the
    box nearly empty: the engine's answer == the calculator's, every number."""
    g = s1_ghouls_phase(xp, extra)
    if max_forks:
        assert spawn_from_state(g).live.source == "calculator"
        monkeypatch.setattr(spawn_engine, "MAX_FORKS", max_forks)
    r = spawn_from_state(g)
    assert r.live.source == "engine" and sum(r.live.tokens.values()) == 4
    assert public(r) == public(spawn_from_state(g.state, content=CONTENT))


def test_too_costly_for_the_engine_the_calculator_answers(monkeypatch):
    """Beyond ``MAX_FORKS`` forks the calculator answers the same reading, and says why."""
    g = s1_ghouls_phase(44)
    monkeypatch.setattr(spawn_engine, "MAX_FORKS", 20)
    r = spawn_from_state(g)
    assert r.live.source == "calculator" and "forks" in r.live.why
    assert public(r) == public(spawn_from_state(g.state, content=CONTENT))


def test_a_finished_game_and_a_bare_state_use_the_calculator():
    g = Game.new("S1", seed=1)
    assert spawn_from_state(g.state, content=CONTENT).live.source == "calculator"
    g.state.result = "lost"
    r = spawn_from_state(g)
    assert r.live.source == "calculator" and r.live.why == "the game is over"


def test_the_spawn_panel_and_the_cli_show_the_engines_numbers(tmp_path, capsys):
    """The Spawn panel shows the live game's own step while its inputs are the game's (an input changed:
    the calculator); ``nollab spawn --save`` answers by the engine too."""
    from nollab.cli import main
    from nollab.widgets.spawn_panel import SpawnPanel

    g = doomed()
    want, _ended = every_draw(g)
    panel = SpawnPanel(CONTENT)
    panel.set_from_game(g)
    assert panel.result.live.source == "engine" and "engine" in panel.w_source.value
    assert panel.result.engine.joint.probs() == want
    placed = sum(p * sum(k[NT:2 * NT]) for k, p in want.items())
    assert sum(panel.result.expected.values()) == placed
    panel.w_level.value = "red"
    assert getattr(panel.result, "live", None) is None  # the calculator on the edited inputs
    panel.w_level.value = "yellow"
    assert panel.result.live.source == "engine"

    path = tmp_path / "game.json"
    path.write_text(Game.new("S1", seed=3).to_json())
    assert main(["spawn", "--save", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["live"]["source"] == "engine"


@pytest.mark.parametrize("scene", [f"S{i}" for i in range(1, 11)])
def test_every_scene_start_equals_the_calculator(scene):
    """The first Spawn Step of every Scene (its Spawn tokens, colours, deck and rules; Blue and Orange):
    the engine's answer, or the calculator's where a Scene's rules read the Spawn Zones or the log between
    cards and following every card costs too much (``.live.why`` says so), == the calculator's."""
    for xp in (0, 20):
        g = Game.new(scene, seed=2)
        for s in g.state.survivors.values():
            s.xp = max(s.xp, xp)
        g.touch()
        r = spawn_from_state(g)
        assert r.live.source == "engine" or "forks of the game" in r.live.why
        assert public(r) == public(spawn_from_state(g.state, content=g.content)), (scene, xp)
