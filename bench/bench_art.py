"""What drawing on the printed tiles costs, next to the schematic board, in one run.

Run: ``python bench/bench_art.py [--art PACK] [--repeat 20]``

Without ``--art`` the pack is generated: twelve 250x250 faces of random pixels (about 190 KB each,
incompressible — heavier than the printed faces, about 50 KB), zipped as the map editor
distributes them; nothing of the licensed art is needed. Printed side by side (median ms, and the
ratio to the schematic board):

* **display list, S1**: ``display_list(sm)`` vs ``display_list(sm, art=TileArt)`` (faces read and
  checked once, then kept by the ``TileArt``) vs ``art=path`` (the pack opened, listed, every face
  read and checked again: what one ``svg_for(sm, art="pack.zip")`` call pays);
* **SVG, S1**: ``to_svg`` of each, with the document sizes;
* **BoardView frame**: ``view.show`` of a new overlay on a board with and without art (the art
  view reuses its redrawn tiles layer, so a game's frames should cost the same);
* **cold CLI**: ``nollab map S1 --out`` vs ``nollab map S1 --art PACK`` in a fresh process.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from art_support import PACK_ID, png  # noqa: E402

IDS = ["1R", "2R", "3R", "4R", "5R", "6R", "1V", "2V", "3V", "4V", "5V", "6V"]


def noisy_pack(dest: pathlib.Path) -> pathlib.Path:
    import zipfile

    rng = random.Random(11)
    path = dest / f"{PACK_ID}.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for t in IDS:
            noise = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(250 * 250)]
            zf.writestr(f"{PACK_ID}/01.tiles/{t}.png", png(250, 250, lambda x, y: noise[y * 250 + x]))
    return path


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--art", help="a tile pack to use instead of the generated one")
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()

    from nollab.board import load_map
    from nollab.render import display_list, open_art, sight_overlay, to_svg

    with tempfile.TemporaryDirectory() as tmp:
        pack_path = pathlib.Path(args.art) if args.art else noisy_pack(pathlib.Path(tmp))
        sm = load_map("S1")
        pack = open_art(pack_path)
        display_list(sm, art=pack)  # read and check the faces once
        r = args.repeat
        plain = median_ms(lambda: display_list(sm), r)
        kept = median_ms(lambda: display_list(sm, art=pack), r)
        fresh = median_ms(lambda: display_list(sm, art=pack_path), max(3, r // 4))
        print(f"display list, S1 (median ms): schematic {plain:.2f} | art, TileArt kept {kept:.2f} "
              f"({kept / plain:.1f}x) | art from the path each time {fresh:.2f} ({fresh / plain:.1f}x)")
        dl0, dl1 = display_list(sm), display_list(sm, art=pack)
        s0 = median_ms(lambda: to_svg(dl0), r)
        s1 = median_ms(lambda: to_svg(dl1), r)
        n0, n1 = len(to_svg(dl0)), len(to_svg(dl1))
        print(f"SVG, S1: schematic {s0:.2f} ms, {n0 / 1024:.0f} KB | on the art {s1:.2f} ms ({s1 / s0:.1f}x), "
              f"{n1 / 1024:.0f} KB ({n1 / n0:.0f}x)")

        try:
            from nollab.widgets.board_view import BoardView
        except ImportError:
            print("BoardView frame: skipped (install the [jupyter] extra)")
        else:
            zones = [z for z in sm.board.zones][:8]
            frames = [display_list(sm, sight_overlay(sm.board, z)) for z in zones]
            for label, view in (("schematic", BoardView(display_list(sm))), ("art", BoardView(display_list(sm), art=pack))):
                k = iter(range(10**9))
                ms = median_ms(lambda: view.show(frames[next(k) % len(frames)]), r)
                print(f"BoardView frame ({label}): {ms:.2f} ms")

        env = dict(os.environ)
        def cli(*extra):
            return lambda: subprocess.run([sys.executable, "-m", "nollab.cli", "map", "S1", *extra],
                                          cwd=tmp, env=env, capture_output=True, check=True)
        c0 = median_ms(cli("--out", "a.svg"), 3)
        c1 = median_ms(cli("--art", str(pack_path), "--out", "b.svg"), 3)
        print(f"cold CLI (fresh process, median of 3): nollab map S1 --out {c0:.0f} ms | "
              f"--art {c1:.0f} ms ({c1 / c0:.2f}x)")


if __name__ == "__main__":
    main()
