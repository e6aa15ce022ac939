"""Generated tile packs for the art tests — never the licensed art.

Every face is a PNG written here with the standard library (an encoder independent of the code
under test): a solid base colour per tile, a RED square in the face's top-left corner and a BLUE
square in its top-right corner, as printed. A turn of the face moves the two squares to known
corners (clockwise 90: red top-right, blue bottom-right; 180: red bottom-right, blue bottom-left;
270: red bottom-left, blue top-left); a mirror would swap them instead, so reading two corners
tells placement, rotation and handedness apart.

``make_pack(dest, ids, layout=...)`` writes a pack in each of the layouts nollab accepts:
``"zip"`` (as the map editor distributes it), ``"unzipped"``, ``"installed"`` (the editor's
``<id>.png/r_0.png`` folders, with the turned copies ``r_90``... drawn WRONG on purpose, so a test
sees that ``r_0`` is the one used) and ``"plain"`` (``<id>.png`` files).
"""
from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path
from typing import Callable, Iterable

RED = (255, 0, 0)
BLUE = (0, 0, 255)
PACK_ID = "G-Zombicide-D1-LD"
SIZE = 250  # the printed faces are 250 x 250 px
MARK = 0.3  # the corner squares cover 30 % of the side

#: Distinct base colours (none close to pure red or pure blue).
BASES = [(0, 150, 0), (230, 200, 0), (0, 170, 170), (150, 150, 150), (200, 120, 40), (120, 60, 160),
         (40, 90, 40), (240, 240, 240), (90, 90, 30), (0, 110, 80), (170, 200, 120), (60, 60, 60)]


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png(width: int, height: int, pixel: Callable[[int, int], tuple[int, int, int]], *,
        interlace: bool = False, header_size: tuple[int, int] | None = None) -> bytes:
    """An RGB PNG; ``pixel(x, y)`` gives each colour. ``interlace`` writes Adam7 passes;
    ``header_size`` lies about the size in IHDR (for broken-image tests)."""
    def rows(xs, ys):
        out = bytearray()
        for y in ys:
            out.append(0)
            for x in xs:
                out.extend(pixel(x, y))
        return bytes(out)

    if interlace:
        raw = b""
        for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4),
                               (1, 0, 2, 2), (0, 1, 1, 2)):
            xs, ys = range(x0, width, dx), range(y0, height, dy)
            if len(xs) and len(ys):
                raw += rows(xs, ys)
    else:
        raw = rows(range(width), range(height))
    w, h = header_size or (width, height)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 1 if interlace else 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(raw, 6))
            + _chunk(b"IEND", b""))


def png_raw(width: int, height: int, raw: bytes) -> bytes:
    """An 8-bit RGB PNG around already filtered rows ``raw`` (a filter byte, then the pixels)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(raw))
            + _chunk(b"IEND", b""))


def face(index: int, size: int = SIZE, *, wrong: bool = False) -> bytes:
    """Face number ``index``: base colour, RED top-left, BLUE top-right (``wrong``: both squares
    at the bottom, for the turned copies that must not be used)."""
    base = BASES[index % len(BASES)]
    m = int(size * MARK)

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        top = y < m if not wrong else y >= size - m
        if top and x < m:
            return RED
        if top and x >= size - m:
            return BLUE
        return base

    return png(size, size, pixel)


def make_pack(dest: Path, ids: Iterable[str], layout: str = "zip", *, name: str = PACK_ID,
              size: int = SIZE, file_name: Callable[[str], str] = lambda t: f"{t}.png") -> Path:
    """Write a pack of faces for ``ids`` under ``dest``; returns what to pass as ``art``."""
    ids = list(ids)
    dest.mkdir(parents=True, exist_ok=True)
    faces = {t: face(i, size) for i, t in enumerate(ids)}
    extra = {f"{name}/cfg": b"name=Night of the Living Dead\nimage=guillotine.png\nalign=25\n",
             f"{name}/licence": b"non-commercial use only (test pack)\n",
             f"{name}/01.tiles/cfg": b"name=Tiles\n",
             f"{name}/02.tokens/Spawn-RED.png": face(99, 30)}
    if layout == "zip":
        path = dest / f"{name}.zip"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
            for entry, data in extra.items():
                zf.writestr(entry, data)
            for t, data in faces.items():
                zf.writestr(f"{name}/01.tiles/{file_name(t)}", data)
        return path
    if layout in ("unzipped", "installed"):
        for entry, data in extra.items():
            (dest / entry).parent.mkdir(parents=True, exist_ok=True)
            (dest / entry).write_bytes(data)
        for i, (t, data) in enumerate(faces.items()):
            if layout == "unzipped":
                (dest / name / "01.tiles" / file_name(t)).write_bytes(data)
                continue
            folder = dest / name / "01.tiles" / file_name(t)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "r_0.png").write_bytes(data)
            wrong = face(i, size, wrong=True)
            for turned in ("r_90.png", "r_180.png", "r_270.png", "r_thumb.png"):
                (folder / turned).write_bytes(wrong)
        return dest
    if layout == "plain":
        for t, data in faces.items():
            (dest / file_name(t)).write_bytes(data)
        return dest
    raise ValueError(f"unknown layout {layout!r}")


#: The test boards: tiles 7T 8T / 9T 10T turned 0, 90, 270 and 180 degrees.
TEST_IDS = ["7T", "8T", "9T", "10T"]
TEST_ROTATION = {"7T": 0, "8T": 90, "9T": 270, "10T": 180}
ONE_ZONE = "aaaaaa\n" * 6
ONE_LEGEND = 'a = { kind = "exterior", label = "lot" }'


def write_tile(folder: Path, tile: str, rows: str = ONE_ZONE, legend: str = ONE_LEGEND) -> Path:
    """A tile file ``<folder>/<tile>.toml`` (grid ``rows``, one legend line per letter)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{tile}.toml"
    path.write_text(f'[tile]\nid = "{tile}"\ngrid = """\n{rows}"""\n\n[legend]\n{legend}\n')
    return path


def write_scene(folder: Path, layout: str = "7T 8T\n9T 10T", rotation: dict | None = None,
                rows: str = ONE_ZONE, legend: str = ONE_LEGEND) -> Path:
    """A scene file ``<folder>/T.toml`` placing test tiles (written beside it in ``tiles/``)."""
    rotation = TEST_ROTATION if rotation is None else rotation
    for tile in layout.split():
        write_tile(folder / "tiles", tile, rows, legend)
    turns = ", ".join(f'"{t}" = {r}' for t, r in rotation.items() if r and t in layout.split())
    path = folder / "T.toml"
    path.write_text(f'[map]\ntiles_dir = "tiles"\nlayout = """\n{layout}\n"""\nrotation = {{ {turns} }}\n')
    return path


def corner_colours(rotation: int) -> dict[str, tuple[int, int, int]]:
    """Where RED and BLUE land on a tile turned ``rotation`` degrees clockwise (worked out by hand
    from the definition of a clockwise turn, not by the code under test)."""
    return {
        0: {"tl": RED, "tr": BLUE},
        90: {"tr": RED, "br": BLUE},
        180: {"br": RED, "bl": BLUE},
        270: {"bl": RED, "tl": BLUE},
    }[rotation % 360]


def corner_point(x: float, y: float, w: float, h: float, corner: str, inset: float = 0.15) -> tuple[int, int]:
    """A pixel ``inset`` of the side inside ``corner`` ("tl", "tr", "br", "bl") of a box."""
    px = x + (w * inset if corner[1] == "l" else w * (1 - inset))
    py = y + (h * inset if corner[0] == "t" else h * (1 - inset))
    return int(px), int(py)


def classify(rgb: tuple[int, ...]) -> str:
    """"red", "blue" or "other" for a pixel, allowing for a translucent tint over the art."""
    r, g, b = rgb[:3]
    if r > 170 and g < 90 and b < 90:
        return "red"
    if b > 170 and r < 90 and g < 90:
        return "blue"
    return "other"
