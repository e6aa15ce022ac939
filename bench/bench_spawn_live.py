"""Benchmark: the spawn odds of a live game (``nollab.prob.live.spawn_from_state``) through the engine's own
Spawn Step (:mod:`nollab.prob.spawn_engine`, issue 13) against the calculator path it replaced, in one
run, with the answers compared.

Run: ``python bench/bench_spawn_live.py [--min-cpu 0.3] [--cards]``.

Columns (CPU ms per call, ``time.process_time`` averaged over ``--min-cpu`` seconds after a warm-up; wall
time on 2 shared cores measures the neighbours):

- ``calculator``: the path before (``spawn_from_state`` of a bare ``GameState``: the reading handed to
  :func:`nollab.prob.spawn.spawn_step`), every public number computed (what ``nollab spawn --save``
  prints);
- ``engine``: ``spawn_from_state(game)`` today, the same numbers; ``source`` says who answered (the
  calculator beyond ``MAX_FORKS``), ``forks`` the forks of the game it spent;
- ``--cards``: also the engine with every card on its own fork (``engine_spawn(factorise=False)``, one
  run each; seconds), the reference the product is checked against.

Positions: Scene 1 after every Survivor ended their Turn (its 4 Spawn Zones, the whole 46-card deck) at
Blue, Yellow, Orange and Red (Tom's XP), and with the box nearly empty (Ghouls added in Spawn Zones:
cards short of miniatures, extra Activations, P. 25).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def per_call(fn, min_cpu: float) -> tuple[float, object]:
    out = fn()
    n, t0 = 0, time.process_time()
    while time.process_time() - t0 < min_cpu or n == 0:
        out = fn()
        n += 1
    return (time.process_time() - t0) / n * 1000, out


def s1(xp: int, extra: dict | None = None):
    from nollab.prob.forecasting import DefaultPolicy
    from nollab.rules import Game

    g = Game.new("S1", seed=1)
    g.state.survivors["tom"].xp = xp
    for z, (t, n) in (extra or {}).items():
        g.state.add_ghouls(z, t, n)
    g.touch()
    pol = DefaultPolicy()
    while g.state.phase == "players":
        g.step(pol)
    return g


def public(r) -> dict:
    from nollab.content_model import GHOUL_TYPES

    return {"ghouls": r.ghouls.probs(), "requested": r.requested.probs(), "extra": r.extra_activations.probs(),
            "joint": r.joint.probs(), "total": r.total().probs(), "expected": r.expected,
            "expected_requested": r.expected_requested, "p_run_out": r.p_run_out, "p_relative": r.p_relative,
            "p_opening": r.p_opening, "extra_by_type": {t: r.extra(t).probs() for t in GHOUL_TYPES}}


POSITIONS = [
    ("S1, 4 Spawn Zones, Blue", 0, None),
    ("S1, 4 Spawn Zones, Yellow", 8, None),
    ("S1, 4 Spawn Zones, Orange", 20, None),
    ("S1, 4 Spawn Zones, Red", 44, None),
    ("S1 Yellow, 20 Walkers on the board", 8, {"4R:e": ("walker", 20)}),
    ("S1 Yellow, 8 Breakers + 7 Fatties on the board", 8, {"3R:c": ("breaker", 8), "2R:a": ("fatty", 7)}),
    ("S1 Orange, 8 Breakers + 7 Fatties on the board", 20, {"3R:c": ("breaker", 8), "2R:a": ("fatty", 7)}),
    ("S1 Red, 8 Breakers + 7 Fatties on the board", 44, {"3R:c": ("breaker", 8), "2R:a": ("fatty", 7)}),
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-cpu", type=float, default=0.3)
    ap.add_argument("--cards", action="store_true", help="also every card on its own fork (slow)")
    args = ap.parse_args(argv)
    from nollab.prob.live import spawn_from_state
    from nollab.prob.spawn_engine import EngineSpawnResult, engine_spawn

    print(f"{'position':<50} {'calculator':>10} {'engine':>9} {'ratio':>7}  source      forks  equal"
          + ("   card by card" if args.cards else ""))
    for name, xp, extra in POSITIONS:
        g = s1(xp, extra)
        t0, calc = per_call(lambda: public(spawn_from_state(g.state, content=g.content)), args.min_cpu)
        r = spawn_from_state(g)
        t1, eng = per_call(lambda: public(spawn_from_state(g)), args.min_cpu)
        forks = getattr(getattr(r, "engine", None), "forks", "-")
        line = (f"{name:<50} {t0:>10.1f} {t1:>9.1f} {t1 / t0:>6.1f}x  {r.live.source:<10} {forks:>6}  "
                f"{'yes' if calc == eng else 'NO'}")
        if args.cards:
            t = time.process_time()
            es = engine_spawn(g, max_forks=10**7, factorise=False)
            same = public(EngineSpawnResult(es, r.room)) == calc
            line += f"   {time.process_time() - t:.2f} s ({es.forks} forks, {'equal' if same else 'DIFFERENT'})"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
