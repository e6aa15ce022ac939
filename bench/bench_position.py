"""Position notation vs the JSON save: size and speed, side by side.

    python bench/bench_position.py [--games 4] [--every 7]

Positions are taken from random play in all 10 Scenes (every ``--every`` steps). For each: the
text of ``game.position()`` and of ``game.to_json()`` (the whole game, with its log) and of the
bare state (``state.to_json()``), and the time to write and to read back each. Prints means and
the ratios notation / JSON. CPU time of this process (``time.process_time``).
"""
from __future__ import annotations

import argparse
import time

from nollab.rules import Game, RandomPolicy


def positions(games: int, every: int) -> list[Game]:
    out = []
    for scene in [f"S{i}" for i in range(1, 11)]:
        for seed in range(games):
            g = Game.new(scene, seed=seed, history=False)
            pol = RandomPolicy(seed)
            for i in range(400):
                if g.over:
                    break
                if i % every == 0:
                    out.append(g.copy())
                g.step(pol)
    return out


def timed(fn, items) -> tuple[float, list]:
    t = time.process_time()
    got = [fn(x) for x in items]
    return (time.process_time() - t) / max(1, len(items)), got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4, help="seeds per Scene (default 4)")
    ap.add_argument("--every", type=int, default=7, help="take a position every N steps (default 7)")
    args = ap.parse_args()
    gs = positions(args.games, args.every)
    w_pos, texts = timed(lambda g: g.position(), gs)
    r_pos, back = timed(Game.from_position, texts)
    assert all(b.state_hash() == g.state_hash() for b, g in zip(back, gs))
    w_json, saves = timed(lambda g: g.to_json(), gs)
    r_json, _ = timed(Game.from_json, saves)
    states = [g.state.to_json() for g in gs]
    size = lambda xs: sum(map(len, xs)) / len(xs)  # noqa: E731
    print(f"{len(gs)} positions from random play, 10 Scenes x {args.games} seeds (all round-trip: same state_hash)")
    print(f"{'':28}{'notation':>12}{'game JSON':>12}{'ratio':>8}")
    print(f"{'mean size (chars)':28}{size(texts):12.0f}{size(saves):12.0f}{size(texts) / size(saves):8.2f}")
    print(f"{'  vs the bare state JSON':28}{size(texts):12.0f}{size(states):12.0f}{size(texts) / size(states):8.2f}")
    print(f"{'write (ms)':28}{w_pos * 1e3:12.2f}{w_json * 1e3:12.2f}{w_pos / w_json:8.2f}")
    print(f"{'read + check (ms)':28}{r_pos * 1e3:12.2f}{r_json * 1e3:12.2f}{r_pos / r_json:8.2f}")
    print(f"longest text: {max(map(len, texts))} chars")


if __name__ == "__main__":
    main()
