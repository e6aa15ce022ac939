"""Benchmark: wound allocation of the Ghouls' Attacks (P. 22), before/after the numpy steps.

Run: ``/work/venv/bin/python bench/bench_ghoul_ai.py`` (about half a minute).

"before" is the original pure-Python step-by-step enumeration, which the module keeps verbatim as
``_allocations_stepwise`` (still used for Zones of at most ``SMALL_STATES`` Wound Bar vectors);
"after" is ``_allocations`` as dispatched (numpy steps for bigger Zones). Both are timed
uncached (``__wrapped__`` of the lru_cache), best of 3, after checking that they return
exactly the same options in the same order with the same default.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nollab.rules.ghouls.attack_plan import GhoulAttack  # noqa: E402
from nollab.rules.ghouls.wound_split import (  # noqa: E402
    _allocations, _allocations_stepwise, default_wound_allocation)

CASES = [  # (survivors, walkers, fatties, wounds already taken by each)
    (1, 2, 0, 0), (2, 3, 1, 0), (3, 5, 1, 1), (4, 8, 2, 0), (4, 20, 5, 0),
    (5, 15, 3, 1), (6, 10, 2, 0), (6, 40, 0, 0), (6, 30, 10, 0), (6, 20, 5, 1),
]


def best(fn, *args, repeat=3):
    out = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn(*args)
        out = min(out, time.perf_counter() - t)
    return out


def main() -> int:
    print(f"{'zone':<30} {'options':>8} {'before ms':>10} {'after ms':>9} {'speed-up':>8}")
    for k, walkers, fatties, taken in CASES:
        attacks = tuple(a for a in (GhoulAttack("walker", walkers, 1), GhoulAttack("fatty", fatties, 2)) if a.count)
        survivors = tuple(f"s{i}" for i in range(k))
        start = (taken,) * k
        old = _allocations_stepwise(attacks, survivors, start, 3)
        new = _allocations.__wrapped__(attacks, survivors, start, 3)
        assert old == new and default_wound_allocation(old) == default_wound_allocation(new), (k, walkers, fatties)
        repeat = 3 if k >= 4 else 50
        t_old = best(_allocations_stepwise, attacks, survivors, start, 3, repeat=repeat)
        t_new = best(_allocations.__wrapped__, attacks, survivors, start, 3, repeat=repeat)
        label = f"{k} survivors ({taken} wd) vs {walkers}W+{fatties}F"
        print(f"{label:<30} {len(new):>8} {t_old * 1e3:>10.2f} {t_new * 1e3:>9.2f} {t_old / t_new:>7.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
