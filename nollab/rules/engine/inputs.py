"""Normalising what a caller hands the engine, before anything changes (issue 12).

Python says ``True == 1 == 1.0`` and hashes them alike, so ``Action("reorganize", "ben", (True, 0))``
would pass the legality check of ``(1, 0)`` and then fail half way through, the state already
changed. Every input of :meth:`Game.apply`, :meth:`Game.choose`, :meth:`Game.discard` and
:meth:`Game.apply_chance` is therefore compared **with its types** (:func:`typed`): a bool is not an
int, a float never equals an int, a tuple equals the list of the same items (JSON has no tuples).
A match is replaced by the engine's own canonical value (the listed legal action, the option as
offered), so what runs is always what was checked. Anything malformed -- a dict without ``kind``, a
set, an object, a 10,000-deep list -- is an :class:`IllegalAction`, never a ``KeyError`` or
``TypeError`` from deep inside a rule.
"""
from __future__ import annotations

from typing import Any, Iterable

from nollab.rules.engine.actions import Action
from nollab.rules.engine.events import IllegalAction

__all__ = ["typed", "as_action", "match_action", "match_option", "check_outcome", "MAX_DEPTH"]

#: nesting of an action's params, an option or an outcome (the engine's own stay under 4)
MAX_DEPTH = 8
_NO_MATCH = object()


def typed(v: Any, depth: int = 0) -> Any:
    """A hashable key of a JSON-like value that keeps its type: ``typed(True) != typed(1) != typed(1.0)``;
    a tuple and a list of the same items are the same. Anything else (or deeper than
    :data:`MAX_DEPTH`) gets a key equal to nothing the engine offers."""
    t = type(v)
    if t is bool or v is None:
        return (t.__name__, v)
    if isinstance(v, int):  # int, IntEnum, numpy integers that subclass int
        return ("int", int(v))
    if isinstance(v, str):
        return ("str", str(v))
    if t is float:
        return ("float", repr(v))
    if (t is list or t is tuple) and depth < MAX_DEPTH and len(v) <= 1_000:
        return ("seq", tuple(typed(x, depth + 1) for x in v))
    if t is dict and depth < MAX_DEPTH and len(v) <= 1_000 and all(type(k) is str for k in v):
        return ("map", tuple(sorted((k, typed(x, depth + 1)) for k, x in v.items())))
    return ("?", id(_NO_MATCH))  # unmatched: never a key of a legal value


def _shown(v: Any) -> str:
    try:
        r = repr(v)
    except Exception:  # noqa: BLE001 -- a caller's object with a broken __repr__
        r = f"<{type(v).__name__}>"
    return r if len(r) <= 80 else r[:77] + "..."


def as_action(x: Any) -> Action:
    """An :class:`Action` (or its dict, as in a saved log) checked for shape: ``kind`` and ``survivor``
    strings, ``params`` a list or tuple. IllegalAction otherwise."""
    if isinstance(x, Action):
        kind, survivor, params = x.kind, x.survivor, x.params
    elif isinstance(x, dict):
        extra = set(x) - {"kind", "survivor", "params"}
        if extra or "kind" not in x or "survivor" not in x:
            raise IllegalAction(f"apply(): an action is {{'kind', 'survivor', 'params'}}, got {_shown(x)}")
        kind, survivor, params = x["kind"], x["survivor"], x.get("params", ())
    else:
        raise IllegalAction(f"apply() takes an Action (or its dict), got {type(x).__name__}")
    if type(kind) is not str or type(survivor) is not str:
        raise IllegalAction(f"apply(): kind and survivor are strings, got {_shown(kind)}, {_shown(survivor)}")
    if not isinstance(params, (list, tuple)):
        raise IllegalAction(f"apply(): params is a list, got {_shown(params)}")
    return Action(kind, survivor, tuple(params))


def match_action(action: Action, legal: Iterable[Action]) -> Action | None:
    """The listed legal action equal to ``action`` with types compared, or None."""
    key = (action.kind, action.survivor, typed(action.params))
    for a in legal:
        if a.kind == action.kind and a.survivor == action.survivor and typed(a.params) == key[2]:
            return a
    return None


def match_option(option: Any, options: list) -> int | None:
    """The index of the offered option equal to ``option`` with types compared, or None."""
    key = typed(option)
    if key[0] == "?":
        return None
    for i, o in enumerate(options):
        if typed(o) == key:
            return i
    return None


def check_outcome(o: Any) -> None:
    """A chance outcome is a string, an int (not a bool), or a short list of those (die faces):
    IllegalAction for anything else, before a rule's own check sees it."""
    def ok(v: Any) -> bool:
        return type(v) is str or type(v) is int
    if ok(o):
        return
    if isinstance(o, (list, tuple)) and len(o) <= 1_000 and all(ok(v) for v in o):
        return
    raise IllegalAction(f"apply_chance(): an outcome is a card, a number or a list of die faces, got {_shown(o)}")
