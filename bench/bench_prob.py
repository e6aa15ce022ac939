"""Benchmark: nollab.prob vs icepool 2.1.3 (and dyce) on the same exact queries, cold and warm.

Run: ``/work/venv/bin/python bench/bench_prob.py`` (about a minute). Prints one table:

- families: N d6 at 2+..6+ for N=1..20; the same with +1 to roll; whole-roll re-roll (if fewer than
  ceil(N/3) hits); kills in a mixed Zone (Fatty, 3 Walkers, Breaker) under the Targeting Priority Order,
  Damage 1 and 2, N=1..12; the 46-card Ghoul deck (total Ghouls at Red) for draws of 1..12 cards.
- cold: a fresh ``python`` process that imports the library and computes the whole family, in CPU time
  (interpreter start left out, the same for every library), bytecode caches written; warm: in-process, best of 5 runs, with nollab's
  per-pool cache cleared before each run (so it measures computing, not a cache lookup).
- every library's results are compared exactly (Fractions) before any time is printed.
- the last lines time single dashboard-size queries (warm, uncached).
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from fractions import Fraction
from math import ceil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FAMILIES = ("dice", "plus_roll", "reroll", "targeting", "deck")
ZONE = {"fatty": 1, "walker": 3, "breaker": 1}


def _fr(items, total):
    return {o: Fraction(q, total) for o, q in items}


# -- one family per library: returns a list of {outcome: Fraction} ------------------------------------

def nollab_family(name):
    from nollab.prob import dice  # only what the family needs, as a dashboard would import

    if name in ("dice", "plus_roll"):
        plus = 1 if name == "plus_roll" else 0
        return [dice.hits(n, a, plus).probs() for n in range(1, 21) for a in range(2, 7)]
    if name == "reroll":
        out = []
        for n in range(1, 21):
            for a in range(2, 7):
                k = ceil(n / 3)
                first = dice.hits(n, a)
                out.append(dice.reroll(first, None, lambda h, k=k: h >= k).probs())
        return out
    if name == "targeting":
        from nollab.prob.attack import AttackSpec, attack

        out = []
        for dmg in (1, 2):
            for n in range(1, 13):
                r = attack(AttackSpec(action="ranged", dice=n, accuracy=4, damage=dmg, target=ZONE))
                out.append(r.kills.map(lambda ks: sum(c for _, c in ks)).probs())
        return out
    if name == "deck":
        from nollab.content_deck import load_ghoul_deck  # the deck alone (a cold query's path)
        from nollab.prob.spawn import spawn_step

        deck = list(load_ghoul_deck()[0])
        return [spawn_step(deck, "red", k).requested_total().probs() for k in range(1, 13)]  # the cards' totals, as icepool's deal().sum()
    raise ValueError(name)


def _kills_total(h, dmg):
    from nollab.prob.targeting import allocate

    return sum(allocate(ZONE, h, dmg, "priority").values())


def icepool_family(name):
    import icepool

    if name in ("dice", "plus_roll"):
        plus = 1 if name == "plus_roll" else 0
        out = []
        for n in range(1, 21):
            for a in range(2, 7):
                d = n @ icepool.d6.map(lambda x, a=a: 1 if min(x + plus, 6) >= a else 0)
                out.append(_fr(d.items(), d.denominator()))
        return out
    if name == "reroll":
        out = []
        for n in range(1, 21):
            for a in range(2, 7):
                k = ceil(n / 3)
                d = n @ icepool.d6.map(lambda x, a=a: 1 if x >= a else 0)
                if all(o < k for o in d.outcomes()):
                    r = d
                else:
                    r = d.reroll(lambda h, k=k: h < k, depth=1)
                out.append(_fr(r.items(), r.denominator()))
        return out
    if name == "targeting":
        out = []
        for dmg in (1, 2):
            for n in range(1, 13):
                d = (n @ icepool.d6.map(lambda x: 1 if x >= 4 else 0)).map(lambda h, dmg=dmg: _kills_total(h, dmg))
                out.append(_fr(d.items(), d.denominator()))
        return out
    if name == "deck":
        from nollab.content_deck import load_ghoul_deck  # the same data reading as nollab's row

        deck = load_ghoul_deck()[0]
        values = [c.counts[3] if c.kind == "spawn" else 0 for c in deck]
        out = []
        for k in range(1, 13):
            d = icepool.Deck(values).deal(k).sum()
            out.append(_fr(d.items(), d.denominator()))
        return out
    raise ValueError(name)


def dyce_family(name):
    import warnings

    from dyce import H, expand

    warnings.simplefilter("ignore")
    if name in ("dice", "plus_roll"):
        plus = 1 if name == "plus_roll" else 0
        out = []
        for n in range(1, 21):
            for a in range(2, 7):
                h = n @ H(6).apply(lambda x, a=a: 1 if min(x + plus, 6) >= a else 0)
                out.append(_fr(h.items(), h.total))
        return out
    if name == "reroll":
        out = []
        for n in range(1, 21):
            for a in range(2, 7):
                k = ceil(n / 3)
                hh = n @ H(6).apply(lambda x, a=a: 1 if x >= a else 0)
                r = expand(lambda res, hh=hh, k=k: hh if res.outcome < k else res.outcome, hh,
                           min_path_probability=Fraction(0))  # exact: no truncation
                out.append(_fr(r.items(), r.total))
        return out
    if name == "targeting":
        out = []
        for dmg in (1, 2):
            for n in range(1, 13):
                h = (n @ H(6).apply(lambda x: 1 if x >= 4 else 0)).apply(lambda h, dmg=dmg: _kills_total(h, dmg))
                out.append(_fr(h.items(), h.total))
        return out
    return None  # dyce has no draw-without-replacement deck


LIBS = {"nollab": nollab_family, "icepool": icepool_family, "dyce": dyce_family}


def _clear_caches():
    from nollab.prob import dice

    dice._hits.cache_clear()


def warm(lib, family, reps=5):
    LIBS[lib](family)  # imports, content load, first-call costs
    times = []
    for _ in range(reps):
        _clear_caches()
        t = time.perf_counter()
        LIBS[lib](family)
        times.append(time.perf_counter() - t)
    return min(times)


def worker_env() -> dict:
    """The environment of a cold worker: bytecode caching on, as after a wheel install (the installer
    compiles) or after the first import from the README's editable install. ``PYTHONDONTWRITEBYTECODE``
    (set on some sandboxes) would make every run of the editable install compile nollab from source,
    which no user's second run does; ``--no-bytecode`` in bench_forecast.py measures that case."""
    import os

    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def cold(lib, family, reps=5, env=None):
    """(import + first computation inside a fresh process, in CPU time; whole process wall time): best
    of reps (the minimum is the least noisy estimate on a shared machine), after one run that writes
    the bytecode caches."""
    env = worker_env() if env is None else env
    subprocess.run([sys.executable, __file__, "--worker", lib, family], check=True, cwd=ROOT, env=env,
                   capture_output=True, text=True)
    inner, wall = [], []
    for _ in range(reps):
        t = time.perf_counter()
        p = subprocess.run([sys.executable, __file__, "--worker", lib, family], check=True, cwd=ROOT, env=env,
                           capture_output=True, text=True)
        wall.append(time.perf_counter() - t)
        inner.append(float(p.stdout.strip()))
    return min(inner), min(wall)


def _marginals(res):
    """Everything a spawn panel shows besides the joint table."""
    return res.expected, res.p_relative, res.p_opening, res.p_run_out, res.total()


def dashboard_queries():
    """Single queries a dashboard asks, timed warm with caches cleared (ms)."""
    from nollab.content import load_content
    from nollab.prob.attack import AttackSpec, attack
    from nollab.prob.multi import p_clear_within
    from nollab.prob.spawn import spawn_step

    deck = list(load_content().ghoul_deck)
    qs = {
        "20 dice, +1 to roll, optimal re-roll, mixed zone": lambda: attack(AttackSpec(
            action="ranged", dice=10, dual=True, accuracy=5, damage=1, plus_roll=1, reroll="optimal",
            target={"walker": 6, "breaker": 2, "relative": 1}, friends=2)),
        "Ithaca x2 (dual), 4 actions, reload, optimal re-roll": lambda: p_clear_within(AttackSpec(
            action="ranged", dice=2, dual=True, accuracy=4, damage=2, reload=True, reroll="optimal",
            target={"fatty": 2, "walker": 4, "relative": 1}), 4),
        "spawn step: 12 cards at Red, marginals by type": lambda: _marginals(spawn_step(deck, "red", 12)),
        "spawn step: 4 zones at Orange, joint by type": lambda: spawn_step(deck, "orange", 4).ghouls,
        "spawn step: 6 cards at Yellow, 20 discarded": lambda: _marginals(spawn_step(
            deck, "yellow", 6, discarded=range(1, 21), on_board={"walker": 20})),
    }
    out = {}
    for name, q in qs.items():
        q()
        ts = []
        for _ in range(3):
            _clear_caches()
            t = time.perf_counter()
            q()
            ts.append(time.perf_counter() - t)
        out[name] = max(ts) * 1000  # the worst of 3: a dashboard budget
    return out


def main():
    rows = []
    for fam in FAMILIES:
        ref = nollab_family(fam)
        for lib in ("icepool", "dyce"):
            other = LIBS[lib](fam)
            if other is not None and other != ref:
                raise SystemExit(f"MISMATCH: {lib} differs from nollab on family {fam}")
        row = {"family": fam, "n": len(ref)}
        for lib in LIBS:
            if lib == "dyce" and fam == "deck":
                row[lib] = None
                continue
            row[lib] = (cold(lib, fam), warm(lib, fam))
        rows.append(row)
    ms = lambda x: f"{x * 1000:.1f}" if x is not None else "n/a"  # noqa: E731
    ratio = lambda a, b: f"{a / b:.1f}x" if (a is not None and b) else "n/a"  # noqa: E731
    print("times in ms; cold = import + first computation in a fresh process, CPU (process wall in brackets);")
    print("best of 5 runs each; warm = in-process, nollab's pool cache cleared; ratios = other / nollab")
    head = (f"{'family':<10} {'q':>4} | {'nollab cold':>18} {'icepool cold':>18} {'dyce cold':>18} "
            f"{'ice/nol':>7} | {'nol warm':>8} {'ice warm':>8} {'dyce warm':>9} {'ice/nol':>7} {'dyce/nol':>8}")
    print(head)
    print("-" * len(head))
    for r in rows:
        (nc, ncw), nw = r["nollab"]
        (ic, icw), iw = r["icepool"]
        (dc, dcw), dw = r["dyce"] if r["dyce"] else ((None, None), None)
        cell = lambda a, b: f"{ms(a)} [{ms(b)}]" if a is not None else "n/a"  # noqa: E731
        print(f"{r['family']:<10} {r['n']:>4} | {cell(nc, ncw):>18} {cell(ic, icw):>18} {cell(dc, dcw):>18} "
              f"{ratio(ic, nc):>7} | {ms(nw):>8} {ms(iw):>8} {ms(dw):>9} {ratio(iw, nw):>7} {ratio(dw, nw):>8}")
    print("all results equal across libraries: yes (exact Fractions)")
    print()
    print("single dashboard queries (nollab, warm, uncached):")
    for name, ms in dashboard_queries().items():
        print(f"  {name:<55} {ms:8.2f} ms {'OK' if ms < 50 else 'SLOW'}")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--worker":
        t0 = time.process_time()  # CPU time: on a shared machine the wall clock measures the neighbours
        LIBS[sys.argv[2]](sys.argv[3])
        print(time.process_time() - t0)
    else:
        main()
