"""Engine fuzz (issue 12): malformed or illegal inputs to ``apply``/``choose``/``discard``/
``apply_chance`` over all ten Scenes raise :class:`IllegalAction` and leave the game's JSON
byte-identical.

Positions are shared: each Scene is played once by a seeded random policy, and the inputs are fired
at positions along the way (where the game waits for an action, a decision or a chance outcome), so
no input replays a game from scratch. Inputs are mutations of what is legal there -- an int made a
bool or a float or pushed out of range, a string made unknown, a dict missing a key or with one too
many, a list too deep -- plus inputs that are never valid. A mutation is kept only if its JSON differs
from every legal input's JSON (JSON tells ``true`` from ``1`` from ``1.0``, independently of the
engine's own comparison), so each kept input is illegal by construction.
"""
from __future__ import annotations

import functools
import json
import random
import time

import pytest

from nollab.rules.engine.actions import Action
from nollab.rules.engine.events import IllegalAction
from nollab.rules.game import Game
from nollab.sim.policy import make_policy

SCENES = [f"S{i}" for i in range(1, 11)]
#: positions visited per Scene, inputs per position (about 10 x 25 x 45 > 10,000 in all)
POSITIONS, PER_POSITION = 25, 45


def _dump(x) -> str:
    return json.dumps(x, sort_keys=True, default=repr)


def _scalar_mutants(v, rnd: random.Random) -> list:
    """Values of the wrong type or out of range in place of ``v``."""
    if isinstance(v, bool):
        return [int(v), float(v), str(v).lower(), None]
    if isinstance(v, int):
        return [True if v == 1 else False if v == 0 else bool(v), float(v), v + 0.5, str(v), v + 10_000, -v - 1,
                [v], None, {"v": v}]
    if isinstance(v, str):
        return [v + "_nope", v.upper() + "!", "", 7, None, [v], {"id": v}, v * 50]
    if v is None:
        return [0, False, "", [], "None"]
    return [None, 3.5]


def _param_mutants(params: tuple, rnd: random.Random) -> list[list]:
    out = []
    for i, p in enumerate(params):
        if isinstance(p, (list, tuple)):
            out.append(list(params[:i]) + [list(p) + [99]] + list(params[i + 1:]))
            out.append(list(params[:i]) + [_deep(9, list(p))] + list(params[i + 1:]))
            if p:
                for m in _scalar_mutants(p[0], rnd)[:4]:
                    out.append(list(params[:i]) + [[m] + list(p[1:])] + list(params[i + 1:]))
            continue
        for m in _scalar_mutants(p, rnd):
            out.append(list(params[:i]) + [m] + list(params[i + 1:]))
    out.append(list(params) + ["extra"])
    if params:
        out.append(list(params[:-1]))
    return out


def _deep(n: int, inner=None) -> list:
    x = [] if inner is None else inner
    for _ in range(n):
        x = [x]
    return x


NEVER = [None, 0, 1, True, 2.5, "move", [], [1, 2], {}, set(), object(), b"x", {"kind": "move"},
         {"survivor": "ben"}, {"kind": "move", "survivor": "ben", "params": "1R:a"},
         {"kind": 1, "survivor": "ben", "params": []}, {"kind": "move", "survivor": ["ben"], "params": []},
         {"kind": "move", "survivor": "ben", "params": [], "extra": 1}, float("nan"), _deep(15)]


def _action_inputs(g: Game, rnd: random.Random) -> list:
    legal = g.legal_actions()
    legal_json = {_dump(a.to_dict()) for a in legal}
    survivors = list(g.state.survivors)
    out = list(NEVER)
    for a in rnd.sample(legal, min(len(legal), 6)):
        d = a.to_dict()
        for params in _param_mutants(a.params, rnd):
            out.append({"kind": a.kind, "survivor": a.survivor, "params": params})
            out.append(Action(a.kind, a.survivor, tuple(params)))
        other = [s for s in survivors if s != a.survivor]
        if other:
            out.append(dict(d, survivor=rnd.choice(other)))
        out.append(dict(d, survivor="zorro"))
        out.append(dict(d, kind=a.kind + "x"))
        out.append({k: v for k, v in d.items() if k != "kind"})
        out.append(dict(d, params=tuple(d["params"]) if d["params"] else 5))
    # keep only inputs whose JSON is no legal action's JSON: illegal by construction
    kept = []
    for x in out:
        if isinstance(x, Action):
            j = _dump(x.to_dict())
        elif isinstance(x, dict):
            j = _dump(x)
        else:
            kept.append(x)
            continue
        if j not in legal_json:
            kept.append(x)
    return kept


def _option_inputs(g: Game, rnd: random.Random) -> list:
    opts = g.pending.options
    legal_json = {_dump(o) for o in opts}
    out = list(NEVER) + [len(opts), -1, 10_000, [len(opts)]]
    for o in rnd.sample(opts, min(len(opts), 6)):
        if isinstance(o, (list, tuple)):
            out += [list(p) for p in _param_mutants(tuple(o), rnd)]
        else:
            out += _scalar_mutants(o, rnd)
    return [x for x in out if _dump(x) not in legal_json]


def _outcome_inputs(g: Game, rnd: random.Random) -> list:
    node = g.chance_outcomes()
    # a plain int or string may be a card uid or number of the pile: only clearly impossible ones here
    out = [x for x in NEVER if type(x) not in (int, str)] + [-1, 10_000, "no_such_card", [0], [7], [1] * 40, [1.0], [True], [[1]], {"hits": 1},
                         3.0, False]
    for o in node.outcomes[:3]:
        if isinstance(o, bool) or not isinstance(o, int):
            continue
        out += [float(o), bool(o) if o in (0, 1) else str(o)]
    return [x for x in out if not (type(x) in (int, str) and (x in node.outcomes))]


def _wrong_entry(g: Game, need: str) -> list[tuple]:
    """Calls made to an entry point the game is not waiting for."""
    out = []
    if need != "choice":
        out.append((g.choose, 0))
    if need != "chance":
        out.append((g.apply_chance, -1))
    return out


def _discard_inputs(g: Game, rnd: random.Random) -> list[tuple]:
    st = g.state
    sids = list(st.survivors)
    carried = [u for s in st.survivors.values() for u in s.inventory()]
    uid = carried[0] if carried else 0
    sid = sids[0]
    return [(sid, True), (sid, float(uid)), (sid, str(uid)), (sid, None), (sid, [uid]), (sid, 10_000), (sid, -1),
            ("zorro", uid), (None, uid), (["ben"], uid), (1, uid), ({"id": sid}, uid)]


def _fire(g: Game, call, arg, before: str) -> None:
    with pytest.raises(IllegalAction):
        call(arg)
    after = g.to_json()
    assert after == before, f"state changed by {arg!r}"


@functools.lru_cache(maxsize=None)
def fuzz_scene(scene: str) -> tuple[int, int]:
    """Fire malformed and illegal inputs at the positions of one seeded game of ``scene``; each must
    raise IllegalAction and leave the JSON byte-identical. Returns (inputs fired, positions); cached,
    so the per-Scene tests and the 10,000-input total share one run."""
    rnd = random.Random(scene)
    g = Game.new(scene, seed=21, history=False)
    g.set_explicit_chance(True)
    pol = make_policy("random", 4)
    fired = positions = 0
    t0 = time.perf_counter()
    steps = 0
    while positions < POSITIONS and not g.over and steps < 3_000:
        steps += 1
        need = g.needs()
        if need in ("action", "choice", "chance") and steps % 3 == 0:
            positions += 1
            before = g.to_json()
            if need == "action":
                xs = _action_inputs(g, rnd)
                call = g.apply
            elif need == "choice":
                xs = _option_inputs(g, rnd)
                call = g.choose
            else:
                xs = _outcome_inputs(g, rnd)
                call = g.apply_chance
            rnd.shuffle(xs)
            for x in xs[:PER_POSITION]:
                _fire(g, call, x, before)
                fired += 1
            for sid, uid in _discard_inputs(g, rnd)[:4]:
                with pytest.raises(IllegalAction):
                    g.discard(sid, uid)
                assert g.to_json() == before
                fired += 1
            # the wrong entry point for what the game waits for is refused too
            for call, arg in _wrong_entry(g, need):
                _fire(g, call, arg, before)
                fired += 1
        g.step(pol)  # the game goes on: the next position
    print(f"{scene}: {fired} inputs at {positions} positions in {time.perf_counter() - t0:.2f} s")
    return fired, positions


@pytest.mark.parametrize("scene", SCENES)
def test_malformed_inputs_raise_illegal_action_and_change_nothing(scene: str) -> None:
    fired, positions = fuzz_scene(scene)
    assert positions >= 10, positions
    assert fired >= 1_000, fired


def test_fuzz_covered_ten_thousand_inputs() -> None:
    """At least 10,000 inputs over all ten Scenes (each Scene fuzzed once per session: cached)."""
    counts = {scene: fuzz_scene(scene)[0] for scene in SCENES}
    assert sum(counts.values()) >= 10_000, counts
