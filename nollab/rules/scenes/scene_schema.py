"""The schema of a scene file's ``[scene]`` table: every field typed and bounded, unknown fields refused.

A user's scene file (``$NOLLAB_CONTENT/scenes/``, ``nollab map my.toml``, a saved game that embeds its
Scene) is checked here before anything is built from it, so a list where an integer belongs, an unknown
field or a 10**9 ``max_rounds`` is one ``ValueError`` naming the file and the field -- not a crash half
way through setup (``[map]`` is checked by :mod:`nollab.board.scene_map`). ``embedded=True`` (a Scene
carried inside a saved game) also refuses ``hook_modules`` and paths (``rules.tiles_dir``): a save may
not import code or read files of its choosing. A field whose name starts with ``_`` is the
author's own note and is ignored.
"""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["check_scene_table", "MAX_ROUNDS", "MAX_HOOKS"]

#: bounds far above any real Scene (the longest printed Scene lasts 90 minutes, about 15 rounds)
MAX_ROUNDS = 10_000
MAX_HOOKS = 64
MAX_TEXT = 2_000
MAX_LIST = 64


def _str(v: Any) -> str | None:
    if not isinstance(v, str):
        return f"expected a string, got {type(v).__name__}"
    if len(v) > MAX_TEXT:
        return f"a string of at most {MAX_TEXT} characters, got {len(v)}"
    return None


def _int(lo: int, hi: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            return f"expected an integer in {lo}..{hi}, got {v!r}"[:200]
        return None
    return check


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else f"expected true or false, got {type(v).__name__}"


def _enum(*choices: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if v in choices else f"expected one of {', '.join(choices)}, got {str(v)[:40]!r}"
    return check


def _files(v: Any) -> str | None:
    return None if _strs(v) is None else f"a list of .py files or module names, got {type(v).__name__}"


def _free(v: Any) -> str | None:
    """A table a user's own hooks read (``[scene.rules]``): string keys, small JSON values."""
    if not isinstance(v, dict):
        return f"expected a table, got {type(v).__name__}"
    if len(repr(v)) > 100_000:
        return "too large"
    return None


def _strs(v: Any) -> str | None:
    if not isinstance(v, list) or len(v) > MAX_LIST:
        return f"expected a list of at most {MAX_LIST} strings, got {type(v).__name__}"
    bad = next((x for x in v if _str(x)), None)
    return None if bad is None else f"expected strings, got {type(bad).__name__}"


def _start(v: Any) -> str | None:
    if not isinstance(v, dict) or len(v) > MAX_LIST:
        return "expected a table of starting area -> list of survivor ids"
    for k, ids in v.items():
        err = _strs(ids)
        if err or len(ids) > 6:
            return f"area {str(k)[:20]!r}: expected a list of at most 6 survivor ids"
    return None


def _table(fields: dict[str, Callable[[Any], str | None]]) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if not isinstance(v, dict):
            return f"expected a table, got {type(v).__name__}"
        for k, val in v.items():
            if k not in fields:
                return f"unknown field {str(k)[:40]!r} (expected {', '.join(fields)})"
            err = fields[k](val)
            if err:
                return f"{k}: {err}"
        return None
    return check


FIELDS: dict[str, Callable[[Any], str | None]] = {
    "title": _str, "page": _str, "difficulty": _str, "duration": _int(0, 100_000),
    "mode": _enum("romero", "zombicide"), "starting_w94": _enum("aside", "dealt"), "drive": _bool,
    "hooks": _strs, "hook_modules": _files, "start": _start, "start_xp": _int(0, 1_000),
    "objectives": _strs, "loss": _strs, "max_rounds": _int(1, MAX_ROUNDS), "description": _str,
    "options": _table({"ghoul_cards": _str, "opening_cards": _bool, "ultrared": _bool}),
    "rules": _free,  # typed below where the shipped hooks read it; a user's hooks may add their own keys
    "travel": _table({"first": _str, "pile": _strs, "final": _str, "final_car": _str, "shuffle": _bool}),
}


def check_scene_table(data: Any, where: str, *, embedded: bool = False) -> None:
    """ValueError naming ``where`` and the field if ``data`` is not a valid ``[scene]`` table."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: [scene] must be a table, got {type(data).__name__}")
    for k, v in data.items():
        if isinstance(k, str) and k.startswith("_"):  # "_notes = ..." : the author's own, ignored
            continue
        if k not in FIELDS:
            raise ValueError(f"{where}: [scene] unknown field {str(k)[:40]!r} (known: {', '.join(FIELDS)})")
        err = FIELDS[k](v)
        if err:
            raise ValueError(f"{where}: [scene] field {k!r}: {err}")
    rules = data.get("rules", {})
    for k, check in (("house_tiles", _strs), ("no_ranged_tile", _str), ("tiles_dir", _str)):
        if k in rules and check(rules[k]):
            raise ValueError(f"{where}: [scene] field 'rules.{k}': {check(rules[k])}")
    if len(data.get("hooks", [])) > MAX_HOOKS:
        raise ValueError(f"{where}: [scene] field 'hooks': at most {MAX_HOOKS} hooks")
    if embedded:
        if data.get("hook_modules"):
            raise ValueError(f"{where}: [scene] field 'hook_modules': a saved game may not import code; "
                             "put the scene file in $NOLLAB_CONTENT/scenes instead")
        if data.get("rules", {}).get("tiles_dir"):
            raise ValueError(f"{where}: [scene] field 'rules.tiles_dir': a saved game may not name a folder")
