"""The printed tile art, read from the player's own copy of the tile pack.

The publisher's tile pack for NOTLD ("G-Zombicide-D1-LD", made for the Board Game Map Editor) is
licensed for non-commercial use only, so nollab never ships it: a player who has it points nollab
at it, and the boards are drawn on the printed faces. :func:`open_art` accepts

* the pack's **zip** as the map editor distributes it (``G-Zombicide-D1-LD/01.tiles/1R.png``, ...),
* that zip **unpacked** anywhere (the same names in a folder),
* the map editor's **installed** tile folder, where every face became a folder of turned copies
  (``G-Zombicide-D1-LD/01.tiles/1R.png/r_0.png``, ``r_90.png``, ...; ``r_0`` is the face as printed),
* a plain folder of ``<id>.png`` files (``1R.png`` ... ``6V.png``),

and finds tile ``1R`` as, in this order: ``1R.png/r_0.png``, a file named ``1R.png``, then a PNG
whose name holds ``1R`` as a word (``Tile-1R.png``, ``notld_1R_front.png``); names compare
without case. When several files fit equally (say ``art/1R.png`` and ``grid/1R.png``) the pack
is refused as ambiguous rather than guessed; files inside a folder named like the NOTLD pack, then
inside a ``*tiles*`` folder, win over others (an installed editor holds several packs whose tiles
share ids).

Everything read is bounded: the zip's size, the number of entries, each image's bytes and pixel
size; every image is checked as a whole PNG (:mod:`nollab.render.png`) before it is drawn. Errors
are :class:`ArtError`, one line naming the pack and the entry.
"""
from __future__ import annotations

import os
import posixpath
import re
import stat
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from .png import PngError, check_png

#: The pack id of NOTLD in the Board Game Map Editor.
PACK_ID = "G-Zombicide-D1-LD"
#: Largest zip read (the real pack is a few MB).
MAX_PACK_BYTES = 256 * 1024 * 1024
#: Most entries (zip members, or files under a folder) looked at.
MAX_ENTRIES = 20_000
#: Deepest folder level walked below the given folder.
MAX_DEPTH = 8
#: Largest single image read (a printed face is about 50 KB).
MAX_IMAGE_BYTES = 16 * 1024 * 1024
#: A face must be square within this ratio (tiles are square; a scan may be a pixel off).
SQUARE_TOLERANCE = 0.02


class ArtError(ValueError):
    """The tile art cannot be used; the message is one line naming the pack and what is wrong."""


@dataclass(frozen=True)
class ArtImage:
    """One tile face as printed: PNG bytes, pixel size, and the entry it was read from."""

    tile: str
    data: bytes = field(repr=False)
    width: int
    height: int
    entry: str


def _words(stem: str) -> list[str]:
    return [w for w in re.split(r"[^0-9a-z]+", stem.lower()) if w]


class TileArt:
    """A tile pack opened for reading (see module docstring). ``art.image("1R")`` gives the face
    (an :class:`ArtImage`, read and checked once) or ``None`` when the pack has no image for it."""

    def __init__(self, source: Path, entries: dict[str, int], zip_path: Path | None = None,
                 stored: dict[str, str] | None = None) -> None:
        self.source = source
        self._entries = entries  # entry name (posix, relative) -> size in bytes
        self._zip = zip_path
        self._stored = stored or {}  # entry name -> the name stored in the zip (may use "\\")
        self._images: dict[str, ArtImage | None] = {}

    def __repr__(self) -> str:
        return f"TileArt({str(self.source)!r}, {len(self._entries)} images)"

    # ------------------------------------------------------------------ finding a face
    def entry_for(self, tile: str) -> str | None:
        """The entry holding tile ``tile``'s face, ``None`` if none; :class:`ArtError` if several fit."""
        want = tile.lower()
        ranked: list[tuple[tuple[int, int, int], str]] = []
        for name in self._entries:
            parts = name.lower().split("/")
            stem, ext = posixpath.splitext(parts[-1])
            if ext != ".png":
                continue
            if stem == "r_0" and len(parts) > 1 and parts[-2] == f"{want}.png":
                kind = 0  # the map editor's installed copy, as printed
            elif stem == want:
                kind = 1
            elif re.fullmatch(r"r_(90|180|270|thumb)", stem):
                continue  # turned copies and thumbnails of an installed face
            elif want in _words(stem):
                kind = 2
            else:
                continue
            folders = parts[:-2] if kind == 0 else parts[:-1]
            in_pack = 0 if any(PACK_ID.lower() in f for f in folders) else 1
            in_tiles = 0 if any("tiles" in f for f in folders) else 1
            ranked.append(((kind, in_pack, in_tiles), name))
        if not ranked:
            return None
        ranked.sort()
        best = [n for k, n in ranked if k == ranked[0][0]]
        if len(best) > 1:
            raise ArtError(f"{self.source}: ambiguous tile art for {tile}: {best[0]!r} and {best[1]!r} "
                           "both fit; point at the folder that holds only the tiles")
        return best[0]

    def image(self, tile: str) -> ArtImage | None:
        """Tile ``tile``'s face as printed (cached), ``None`` if the pack has none."""
        if tile not in self._images:
            entry = self.entry_for(tile)
            self._images[tile] = None if entry is None else self._load(tile, entry)
        return self._images[tile]

    def resolve(self, tiles: Iterable[str]) -> tuple[dict[str, ArtImage], tuple[str, ...]]:
        """The faces of ``tiles`` found in the pack, and the ids without one.

        :class:`ArtError` when none of them has an image (a pack without the tiles, or the wrong
        folder) or when a face is broken."""
        tiles = list(dict.fromkeys(tiles))
        found = {t: img for t in tiles if (img := self.image(t)) is not None}
        missing = tuple(t for t in tiles if t not in found)
        if tiles and not found:
            ids = ", ".join(tiles[:6]) + (", ..." if len(tiles) > 6 else "")
            raise ArtError(f"{self.source}: no tile images for {ids} (looked for 01.tiles/<id>.png, "
                           "<id>.png/r_0.png or <id>.png, PNG only)")
        return found, missing

    # ------------------------------------------------------------------ reading
    def _read(self, entry: str) -> bytes:
        size = self._entries[entry]
        if size > MAX_IMAGE_BYTES:
            raise ArtError(f"{self.source}: {entry} is {size} bytes; a tile image may have at most "
                           f"{MAX_IMAGE_BYTES} bytes")
        try:
            if self._zip is not None:
                with zipfile.ZipFile(self._zip) as zf, zf.open(self._stored.get(entry, entry)) as fh:
                    data = fh.read(MAX_IMAGE_BYTES + 1)
            else:
                with open(self.source / entry, "rb") as fh:
                    data = fh.read(MAX_IMAGE_BYTES + 1)
        except (OSError, zipfile.BadZipFile, RuntimeError, NotImplementedError, EOFError) as exc:
            raise ArtError(f"{self.source}: cannot read {entry}: {exc}") from None
        if len(data) > MAX_IMAGE_BYTES:
            raise ArtError(f"{self.source}: {entry} is larger than {MAX_IMAGE_BYTES} bytes")
        return data

    def _load(self, tile: str, entry: str) -> ArtImage:
        data = self._read(entry)
        try:
            info = check_png(data)
        except PngError as exc:
            raise ArtError(f"{self.source}: {entry}: broken image: {exc}") from None
        if abs(info.width - info.height) > SQUARE_TOLERANCE * max(info.width, info.height):
            raise ArtError(f"{self.source}: {entry}: a tile face is square, this image is "
                           f"{info.width}x{info.height} px")
        return ArtImage(tile, data, info.width, info.height, entry)


# ---------------------------------------------------------------------- opening a pack
def _index_folder(root: Path) -> dict[str, int]:
    out: dict[str, int] = {}
    seen = 0
    base_depth = len(root.parts)
    for dirpath, dirnames, filenames in os.walk(root, onerror=None, followlinks=False):
        depth = len(Path(dirpath).parts) - base_depth
        if depth >= MAX_DEPTH:
            dirnames[:] = []
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for fn in sorted(filenames):
            seen += 1
            if seen > MAX_ENTRIES:
                raise ArtError(f"{root}: more than {MAX_ENTRIES} files; point at the tile pack folder")
            if not fn.lower().endswith(".png"):
                continue
            p = Path(dirpath) / fn
            try:
                st = p.stat()
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                out[p.relative_to(root).as_posix()] = st.st_size
    return out


def _index_zip(path: Path) -> tuple[dict[str, int], dict[str, str]]:
    size = path.stat().st_size
    if size > MAX_PACK_BYTES:
        raise ArtError(f"{path}: the zip is {size} bytes; a tile pack may have at most {MAX_PACK_BYTES}")
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
            if len(infos) > MAX_ENTRIES:
                raise ArtError(f"{path}: the zip has {len(infos)} entries; at most {MAX_ENTRIES} are read")
            out: dict[str, int] = {}
            stored: dict[str, str] = {}
            for info in infos:
                name = info.filename.replace("\\", "/").lstrip("/")
                if info.is_dir() or not name.lower().endswith(".png"):
                    continue
                if info.flag_bits & 0x1:
                    raise ArtError(f"{path}: {name} is encrypted")
                out[name] = info.file_size
                stored[name] = info.filename
            return out, stored
    except zipfile.BadZipFile as exc:
        raise ArtError(f"{path}: not a readable zip file ({exc})") from None
    except OSError as exc:
        raise ArtError(f"{path}: cannot read the zip: {exc.strerror or exc}") from None


def open_art(path: str | os.PathLike | TileArt) -> TileArt:
    """Open a tile pack (a folder or a zip, see module docstring); :class:`ArtError` if unusable.

    Opening only lists the images (bounded); each face is read and checked when first asked for
    and then kept by the returned :class:`TileArt`, so keep it rather than the path when drawing
    many pictures."""
    if isinstance(path, TileArt):
        return path
    try:
        p = Path(os.fspath(path)).expanduser()
    except TypeError:
        raise ArtError(f"art: expected a folder or a zip file, got {type(path).__name__}") from None
    try:
        st = p.stat()
    except OSError:
        raise ArtError(f"{p}: no such folder or zip file") from None
    if stat.S_ISDIR(st.st_mode):
        try:
            art = TileArt(p, _index_folder(p))
        except OSError as exc:
            raise ArtError(f"{p}: cannot read the folder: {exc.strerror or exc}") from None
    elif stat.S_ISREG(st.st_mode):
        if not zipfile.is_zipfile(p):
            raise ArtError(f"{p}: not a folder or a zip file")
        entries, stored = _index_zip(p)
        art = TileArt(p, entries, zip_path=p, stored=stored)
    else:
        raise ArtError(f"{p}: not a folder or a zip file")
    if not art._entries:
        raise ArtError(f"{p}: no PNG images in it (is this the tile pack?)")
    return art


_DEFAULT: TileArt | None = None


def use_art(pack: str | os.PathLike | TileArt | None) -> TileArt | None:
    """Draw every later picture (inline SVGs, display lists, ``BoardView``, ``GamePlayer``) on the
    printed faces of ``pack``; ``None`` goes back to the schematic board. Returns the opened
    pack; :class:`ArtError` (and nothing changed) if it is unusable."""
    global _DEFAULT
    _DEFAULT = None if pack is None else open_art(pack)
    return _DEFAULT


def pack_for(art: object) -> TileArt | None:
    """The pack a drawing call means: ``None`` -> the one set with :func:`use_art` (if any),
    ``False`` -> none (the schematic board), else :func:`open_art` of it."""
    if art is False:
        return None
    if art is None:
        return _DEFAULT
    return open_art(art)  # type: ignore[arg-type]
