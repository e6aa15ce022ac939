"""Small pieces the commands share: reading an integer option, checking and reading a file or folder
option (bounded), and printing exact probabilities.

Files and folders (:func:`check_file`, :func:`check_dir`, :func:`read_text`, :func:`read_bytes`): every
file option (``--deck-file``, ``--scene FILE``, ``--content``, ``--tiles``, ``--save``, ``--position``)
is checked before anything is read -- a folder where a file belongs, a file where a folder belongs, a
missing or unreadable path, an over-long name, a device such as ``/dev/zero``, a file over its size
bound (checked with ``stat`` before reading), text that is not UTF-8 -- and refused with one
:class:`nollab.cli.UsageError` naming the option. The bounds are in the README "Limits" section.

Used by ``nollab odds`` (:mod:`nollab.cli.odds_cmd`), ``nollab spawn`` (:mod:`nollab.cli.spawn_cmd`)
and the packs' options (:mod:`nollab.packs.cli`), so that a bad number is refused with the same
one-line :class:`nollab.cli.UsageError` everywhere and a probability is shown the same way: an
exact ``p/q`` in lowest terms, a percentage and a bar.
"""
from __future__ import annotations

import os
import re
import stat
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable

from nollab.cli import UsageError
from nollab.safe_io import MAX_TEXT_BYTES, file_problem

__all__ = ["MAX_SAVE_BYTES", "MAX_TEXT_BYTES", "bar", "check_dir", "check_file", "check_scene_arg", "frac",
           "prob_table",
           "read_bytes", "read_text", "to_int"]

#: a saved game (a 7-round game with its whole event log is about 100 kB)
MAX_SAVE_BYTES = 8 << 20
#: a path as typed (Linux allows 4096 bytes; a longer one is a mistake, not a file)
MAX_PATH_CHARS = 4096

_ASCII_INT = re.compile(r"[+-]?[0-9]+")


def _shown(path: Any) -> str:
    s = str(path)
    return s if len(s) <= 80 else s[:40] + "..." + s[-20:]


def _path(value: Any, option: str) -> Path:
    s = os.fspath(value) if isinstance(value, os.PathLike) else value
    if not isinstance(s, str) or not s.strip():
        raise UsageError(f"{option}: a path is needed, got {value!r}")
    if "\0" in s:
        raise UsageError(f"{option}: the path holds a NUL character")
    if len(s) > MAX_PATH_CHARS or any(len(part.encode()) > 255 for part in Path(s).parts):
        raise UsageError(f"{option} {_shown(s)}: file name too long")
    return Path(s).expanduser()


def _stat(p: Path, option: str, what: str) -> os.stat_result:
    try:
        return p.stat()
    except FileNotFoundError:
        parent = p.parent
        if str(parent) not in ("", ".") and not parent.is_dir():
            raise UsageError(f"{option} {_shown(p)}: folder {_shown(parent)} does not exist") from None
        raise UsageError(f"{option} {_shown(p)}: no such {what}") from None
    except OSError as exc:
        raise UsageError(f"{option} {_shown(p)}: {exc.strerror or exc}") from None


def check_file(value: Any, option: str, max_bytes: int = MAX_TEXT_BYTES) -> Path:
    """``value`` as the path of a readable regular file of at most ``max_bytes`` bytes (checked with
    ``stat``, nothing is read), else a UsageError naming ``option``."""
    p = _path(value, option)
    st = _stat(p, option, "file")
    problem = file_problem(st, max_bytes)
    if problem:
        raise UsageError(f"{option} {_shown(p)}: {problem}")
    if not os.access(p, os.R_OK):
        raise UsageError(f"{option} {_shown(p)}: permission denied (cannot read it)")
    return p


def check_dir(value: Any, option: str) -> Path:
    """``value`` as the path of a folder this user can list and read, else a UsageError naming
    ``option`` (never a silent fall-back on the shipped files)."""
    p = _path(value, option)
    st = _stat(p, option, "folder")
    if not stat.S_ISDIR(st.st_mode):
        raise UsageError(f"{option} {_shown(p)}: is a file, not a folder")
    if not os.access(p, os.R_OK | os.X_OK):
        raise UsageError(f"{option} {_shown(p)}: permission denied (cannot read the folder)")
    return p


def check_scene_arg(value: Any, option: str) -> str:
    """A scene argument: an id (``S1``) is left to the scene loader; a path (``.toml`` or with a folder
    separator) must be a readable scene file within the size bound."""
    from nollab.safe_io import is_path_like

    if not isinstance(value, str) or not value.strip():
        raise UsageError(f"{option}: a scene id such as S1 or a scene .toml file, got {value!r}")
    if is_path_like(value) or len(value) > 64:
        check_file(value, option)
    return value


def read_bytes(value: Any, option: str, max_bytes: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of a checked file (:func:`check_file`), never more than ``max_bytes`` read (a file
    growing after the check is refused too)."""
    p = check_file(value, option, max_bytes)
    try:
        with open(p, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise UsageError(f"{option} {_shown(p)}: cannot read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise UsageError(f"{option} {_shown(p)}: more than the {max_bytes} bytes allowed (README: Limits)")
    return data


def read_text(value: Any, option: str, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The UTF-8 text of a checked file; a byte that is not UTF-8 is a UsageError naming ``option``."""
    data = read_bytes(value, option, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{option} {_shown(value)}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset "
                         f"{exc.start})") from None


def to_int(value: Any, option: str, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` as an integer in ``lo..hi`` (either bound may be open), else a UsageError naming ``option``.
    Only the digits 0-9 count ("٣" or "³" are refused, though Python's ``int()`` reads them)."""
    if isinstance(value, bool):
        raise UsageError(f"{option} must be an integer, got {value!r}")
    text = str(value).strip()
    if len(text) > 40 or not _ASCII_INT.fullmatch(text):
        raise UsageError(f"{option} must be an integer, got {_shown(value)!r}")
    n = int(text)
    if lo is not None and n < lo:
        raise UsageError(f"{option} must be >= {lo}, got {n}")
    if hi is not None and n > hi:
        raise UsageError(f"{option} must be <= {hi}, got {n}")
    return n


def frac(p: Fraction) -> str:
    """An exact probability as ``"p/q"`` in lowest terms (``"1/1"``, ``"0/1"`` at the ends)."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}"


def bar(p: Fraction, width: int = 30) -> str:
    """A text bar: ``round(p * width)`` ``#`` then ``.`` up to ``width``."""
    n = round(float(p) * width)
    return "#" * n + "." * (width - n)


def prob_table(title: str, rows: Iterable[tuple[str, Fraction]], label_width: int, prob_width: int,
               bar_width: int = 30) -> list[str]:
    """A readable table: a header, then per row its label, exact fraction, percent and a bar."""
    lines = [f"{title:<{label_width + 2}} {'probability':>{prob_width}} {'%':>7}"]
    for label, p in rows:
        lines.append(f"  {label:<{label_width}} {frac(p):>{prob_width}} {float(p) * 100:6.2f}% {bar(p, bar_width)}")
    return lines
