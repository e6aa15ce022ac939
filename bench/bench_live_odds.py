"""Benchmark: the odds of a live game (``nollab.prob.live``) through the engine's own chance steps, against
the calculator path it replaced (issue 13), in one run, with the answers compared.

Run: ``python bench/bench_live_odds.py [--baseline-commit 2bd2100] [--min-cpu 0.3]``.

The baseline is ``nollab/prob/live.py`` of ``--baseline-commit`` (read with ``git show``, loaded beside
this checkout's as ``nollab.prob._live_baseline``): it read the numbers off the game and handed them to
the plain calculator (:mod:`nollab.prob.attack`, :mod:`nollab.prob.multi`). Today's forks the game,
performs the attack with the combat steps and follows every roll outcome (explicit chance).

Rows (CPU ms per call, ``time.process_time`` averaged over ``--min-cpu`` seconds; wall time on 2 shared
cores measures the neighbours):

- ``attack_from_state`` on sandbox positions: one attack (2-6 dice, Friendly Fire, Plenty re-roll
  "optimal", Dual Uzis, a Car Attack) and several Actions (Reload between shots, re-roll each shot);
- ``attack_options`` + ``live_attack``: what the odds panel does when a Zone is clicked
  (``OddsPanel.set_from_zone``), on Scene 1 with Ghouls added.

Every row also says whether both answers are equal (hits, kills, XP, Friendly Fire, P(clear) within).
They differ by design in one place: when a miss gives a friend a 3rd Wound the game is lost (P. 8, P. 22),
so the engine deals no Wound after it while the calculator counts misses x Damage.
"""
from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FIELDS = ("dice", "hits", "kills", "xp", "friendly_wounds", "p_clear", "p_goal", "expected_kills", "p_clear_within",
          "p_friend_eliminated")


def load_baseline(commit: str):
    """``nollab/prob/live.py`` of ``commit`` as the module ``nollab.prob._live_baseline``."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:nollab/prob/live.py"], check=True,
                          capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "live_baseline.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("nollab.prob._live_baseline", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def per_call(fn, min_cpu: float) -> tuple[float, object]:
    """CPU ms per call of ``fn`` (repeated for at least ``min_cpu`` CPU seconds, after one warm-up)."""
    out = fn()
    n, t0 = 0, time.process_time()
    while time.process_time() - t0 < min_cpu:
        out = fn()
        n += 1
    return (time.process_time() - t0) / n * 1000, out


def positions():
    from nollab.board import board_from_grid
    from nollab.rules.sandbox import sandbox

    row = board_from_grid("abcd", {k: "exterior" for k in "abcd"})
    car = sandbox(row, {"ben": "T:a", "tom": "T:a", "judy": "T:b"}, ghouls={"T:b": {"walker": 2, "fatty": 1}}, car="T:a")
    car.state.survivors["ben"].in_car = car.state.survivors["ben"].driver = True
    car.state.survivors["tom"].in_car = True
    car.touch()
    return [
        ("Sawed-Off, 2 dice, friend in the Zone", sandbox(row, {"helen": "T:a", "harry": "T:b"},
         ghouls={"T:b": {"walker": 2, "breaker": 1}}, inventory={"helen": ["sawed_off"]}), ("helen", "sawed_off", "T:b"), {}),
        ("Katana, Melee, free allocation", sandbox(row, {"helen": "T:a", "barbra": "T:a"},
         ghouls={"T:a": {"fatty": 1, "breaker": 1, "walker": 1}}, inventory={"helen": ["katana"]}), ("helen", "katana", "T:a"), {}),
        ("Ithaca + Plenty of Shells, optimal", sandbox(row, {"ben": "T:a"}, ghouls={"T:b": {"walker": 2}},
         inventory={"ben": ["ithaca_m37", "katana", "plenty_of_shells"]}), ("ben", "ithaca_m37", "T:b"), {}),
        ("Dual Uzis, 6 dice", sandbox(row, {"harry": "T:a"}, ghouls={"T:b": {"walker": 3, "relative": 1}},
         inventory={"harry": ["uzi", "uzi"]}), ("harry", "uzi", "T:b"), {}),
        ("Dual Uzis + Plenty of Bullets, 6 dice", sandbox(row, {"harry": "T:a"}, ghouls={"T:b": {"walker": 4, "fatty": 1}},
         inventory={"harry": ["uzi", "uzi", "plenty_of_bullets"]}), ("harry", "uzi", "T:b"), {}),
        ("Car Attack, pedestrian friend", car, ("ben", "car", "T:b"), {}),
        ("Sawed-Off, 3 Actions (Reload)", sandbox(row, {"helen": "T:a"}, ghouls={"T:b": {"walker": 4}},
         inventory={"helen": ["sawed_off"]}), ("helen", "sawed_off", "T:b"), {"actions": 3}),
        ("Uzi + Plenty, 5 Actions", sandbox(row, {"harry": "T:a"}, ghouls={"T:b": {"walker": 5}},
         inventory={"harry": ["uzi", "katana", "plenty_of_bullets"]}), ("harry", "uzi", "T:b"), {"actions": 5}),
        ("Uzi + Plenty, 30 Actions (CLI bound)", sandbox(row, {"harry": "T:a"}, ghouls={"T:b": {"walker": 5}},
         inventory={"harry": ["uzi", "katana", "plenty_of_bullets"]}), ("harry", "uzi", "T:b"), {"actions": 30}),
    ]


def panel_game():
    """Scene 1 with Ghouls in the active Survivor's Line of Sight and two guns in Hand."""
    from nollab.rules.game import Game

    g = Game.new("S1", seed=4)
    st = g.state
    s = st.survivors[st.active]
    for z in sorted(g.board.line_of_sight(s.zone, st.closed()))[:4]:
        st.add_ghouls(z, "walker", 2)
    for i, cid in enumerate(("uzi", "sawed_off")):
        s.hands[i] = next(u for u, c in enumerate(st.cards) if c == cid)
    g.touch()
    return g, st.active


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline-commit", default="2bd2100")
    ap.add_argument("--min-cpu", type=float, default=0.3)
    args = ap.parse_args(argv)
    from nollab.prob import live as new

    old = load_baseline(args.baseline_commit)
    print(f"attack_from_state, CPU ms per call: {args.baseline_commit} (calculator) vs this checkout (engine forks)")
    print(f"{'position':42s} {'baseline':>9s} {'engine':>9s} {'ratio':>7s}  equal")
    for name, g, a, kw in positions():
        t_old, r_old = per_call(lambda: old.attack_from_state(g, *a, **kw), args.min_cpu)
        t_new, r_new = per_call(lambda: new.attack_from_state(g, *a, **kw), args.min_cpu)
        diff = [f for f in FIELDS if getattr(r_old, f) != getattr(r_new, f)]
        print(f"{name:42s} {t_old:9.2f} {t_new:9.2f} {t_new / t_old:6.1f}x  "
              f"{'yes' if not diff else 'no: ' + ', '.join(diff)}")
    g, sid = panel_game()

    def click(mod):
        out = []
        for o in mod.attack_options(g, sid):
            out.append(mod.live_attack(g, sid, o.weapon, o.zone).spec)
        return out

    t_old, s_old = per_call(lambda: click(old), args.min_cpu)
    t_new, s_new = per_call(lambda: click(new), args.min_cpu)
    print(f"\nodds panel reading (attack_options + live_attack of each, S1, {len(s_new)} options), CPU ms")
    print(f"{'attack_options + live_attack':42s} {t_old:9.2f} {t_new:9.2f} {t_new / t_old:6.1f}x  {s_old == s_new}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
