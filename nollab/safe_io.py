"""Reading a user's text file safely: a size bound checked before reading, UTF-8 only, bounded nesting.

Every loader of a file a user can hand us (content overrides, scene and tile files, deck files, saved
games) reads it through :func:`read_text_file`, so ``/dev/zero``, a 10 GB file, a folder, an unreadable
file, an over-long name or a Latin-1 file is one clear :class:`InputFileError` naming the file -- never a
hang, gigabytes of memory, or a traceback. :func:`check_depth` bounds the nesting of a parsed JSON or
TOML value (a legitimate save or content file is under 12 levels deep). Limits: README "Limits".
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

__all__ = ["InputFileError", "MAX_DEPTH", "MAX_TEXT_BYTES", "check_depth", "file_problem", "read_text_file"]

#: a content, scene, tile or deck file (the largest shipped one is 15 kB)
MAX_TEXT_BYTES = 1 << 20
#: nesting of a parsed JSON/TOML value (shipped files and saves stay under 12)
MAX_DEPTH = 64


class InputFileError(ValueError):
    """A user's file cannot be read as bounded UTF-8 text; the message names the file."""


def file_problem(st: os.stat_result, max_bytes: int, what: str = "file") -> str | None:
    """Why a path with this ``stat`` cannot be read as a user's file (a folder, a device/pipe/socket,
    over ``max_bytes``), or ``None``; the one wording the loaders and the CLI share."""
    if stat.S_ISDIR(st.st_mode):
        return f"is a folder, not a {what}"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file (a device, pipe or socket)"
    if st.st_size > max_bytes:
        return f"{st.st_size} bytes, more than the {max_bytes} allowed for a {what} (README: Limits)"
    return None


def read_text_file(path: str | os.PathLike, max_bytes: int = MAX_TEXT_BYTES, what: str = "file") -> str:
    """The UTF-8 text of ``path`` (a regular file of at most ``max_bytes`` bytes, checked with ``stat``
    before reading), else :class:`InputFileError` naming it."""
    name = str(path)
    try:
        st = os.stat(path)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        msg = getattr(exc, "strerror", None) or str(exc)
        raise InputFileError(f"{name}: cannot read {what} ({msg})") from None
    problem = file_problem(st, max_bytes, what)
    if problem:
        raise InputFileError(f"{name}: {problem}")
    try:
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise InputFileError(f"{name}: cannot read {what} ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise InputFileError(f"{name}: more than the {max_bytes} bytes allowed for a {what} (README: Limits)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{name}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None


def check_depth(value: Any, where: str, limit: int = MAX_DEPTH) -> None:
    """:class:`InputFileError` if ``value`` (parsed JSON/TOML) nests lists/dicts deeper than ``limit``.
    Iterative, so it never recurses itself."""
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            children = v.values()
        elif isinstance(v, list):
            children = v
        else:
            continue
        if d > limit:
            raise InputFileError(f"{where}: nested more than {limit} levels deep")
        stack.extend((c, d + 1) for c in children if isinstance(c, (dict, list)))


def parse_toml(text: str, where: str) -> dict:
    """``tomllib.loads`` with nesting bounded (a deeply nested array is an error, not a RecursionError)."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise InputFileError(f"{where}: nested too deeply") from None
    check_depth(data, where)
    return data


def parse_json(text: str, where: str) -> Any:
    """``json.loads`` with nesting bounded."""
    import json

    try:
        data = json.loads(text)
    except RecursionError:
        raise InputFileError(f"{where}: nested too deeply") from None
    check_depth(data, where)
    return data


def is_path_like(ref: str) -> bool:
    """Does a scene reference name a file (``.toml`` or a folder separator) rather than an id?"""
    return ref.endswith(".toml") or os.sep in ref or "/" in ref


def shown(path: str | Path, width: int = 80) -> str:
    s = str(path)
    return s if len(s) <= width else s[:width // 2] + "..." + s[-(width // 4):]
