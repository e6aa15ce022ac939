"""The field checks of the save schema (:mod:`nollab.rules.saves`): each names the field's path."""
from __future__ import annotations

from typing import Any

__all__ = ["MAX", "SaveError", "fail", "short", "as_int", "as_str", "as_bool", "as_list", "as_dict", "known_fields",
           "json_value"]


class SaveError(ValueError):
    """A saved game that does not follow the schema; the message names the field's path."""


#: bounds far above any real game (README "Limits")
MAX = {"round": 10_000, "steps": 10_000_000, "wounds": 1_000, "xp": 100_000, "count": 1_000, "log": 1_000_000,
       "events": 1_000_000, "cards": 2_000, "list": 10_000, "text": 10_000, "flags": 100_000}



def fail(path: str, msg: str) -> SaveError:
    return SaveError(f"{path}: {msg}")


def short(v: Any) -> str:
    if isinstance(v, (list, dict)):
        r = f"a {type(v).__name__} of {len(v)}" if len(v) > 6 else repr(v)
    else:
        r = repr(v)
    return r if len(r) <= 60 else r[:57] + "..."


def as_int(path: str, v: Any, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise fail(path, f"expected an integer {lo}..{hi}, got {short(v)}")
    if not lo <= v <= hi:
        raise fail(path, f"expected an integer {lo}..{hi}, got {short(v)}")
    return v


def as_str(path: str, v: Any, choices=None) -> str:
    if not isinstance(v, str) or len(v) > MAX["text"]:
        raise fail(path, f"expected a string, got {short(v)}")
    if choices is not None and v not in choices:
        shown = ", ".join(map(str, list(choices)[:12])) + (", ..." if len(choices) > 12 else "")
        raise fail(path, f"expected one of {shown}, got {short(v)}")
    return v


def as_bool(path: str, v: Any) -> bool:
    if not isinstance(v, bool):
        raise fail(path, f"expected true or false, got {short(v)}")
    return v


def as_list(path: str, v: Any, limit: int | None = None) -> list:
    limit = MAX["list"] if limit is None else limit
    if not isinstance(v, list):
        raise fail(path, f"expected a list, got {short(v)}")
    if len(v) > limit:
        raise fail(path, f"expected at most {limit} items, got {len(v)}")
    return v


def as_dict(path: str, v: Any) -> dict:
    if not isinstance(v, dict):
        raise fail(path, f"expected an object, got {short(v)}")
    if len(v) > MAX["list"]:
        raise fail(path, f"expected at most {MAX['list']} entries, got {len(v)}")
    return v


def known_fields(path: str, d: dict, known: set[str] | frozenset, required: set[str] | frozenset = frozenset()) -> None:
    extra = sorted(set(d) - set(known))
    if extra:
        raise fail(path, f"unknown field {extra[0]!r}")
    missing = sorted(set(required) - set(d))
    if missing:
        raise fail(path, f"missing field {missing[0]!r}")


def json_value(path: str, v: Any, budget: list[int]) -> None:
    """Plain JSON (str/int/float/bool/None, lists, string-keyed objects), at most ``budget`` values."""
    stack = [(path, v)]
    while stack:
        p, x = stack.pop()
        budget[0] -= 1
        if budget[0] < 0:
            raise fail(path, "too many values")
        if isinstance(x, dict):
            stack.extend((f"{p}.{k}", y) for k, y in x.items())
        elif isinstance(x, list):
            stack.extend((f"{p}[{i}]", y) for i, y in enumerate(x))
        elif isinstance(x, str):
            if len(x) > MAX["text"]:
                raise fail(p, "string too long")
        elif not (x is None or isinstance(x, (bool, int, float))):
            raise fail(p, f"not a JSON value: {short(x)}")
