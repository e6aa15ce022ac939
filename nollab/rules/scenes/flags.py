"""What a Scene's special rules keep in the game state, declared and typed (``GameState.flags``).

Each hook class declares the flags it keeps, with their JSON type, default and meaning::

    flags = {"corpse_work": Flag(int, 0, "Actions spent removing the corpse lady (2 remove it, S1 P. 33)")}

and reads and writes them through :meth:`~.hooks.Hook.kept`, a :class:`Kept` view: ``kept.corpse_work
+= 1``; a name the hook did not declare is an ``AttributeError``, a value of another type a
``TypeError``. The values stay JSON in ``GameState.flags``, so a game clones, saves, replays and
hashes as before, and bots and views keep reading them there. A save, a position or a sandbox game
whose flags its Scene does not declare (or of the wrong type) is refused with one line naming the
flag (:func:`check_flags`): before, a misspelt flag was kept and silently did nothing.
"""
from __future__ import annotations

import copy
from typing import Any, Iterable, Mapping, NamedTuple

__all__ = ["Flag", "Kept", "ENGINE_FLAGS", "declared_flags", "check_flags"]


class Flag(NamedTuple):
    """One flag a rule keeps: its JSON ``kind`` (bool, int, str, list or dict), its ``default``
    (also when absent) and what it means. A None default also allows None."""

    kind: type
    default: Any
    doc: str


#: flags read by the chapters rather than by a Scene's hooks
ENGINE_FLAGS: dict[str, Flag] = {
    "active_colours": Flag(list, [], "coloured Spawn Zones a Scene activates beside white and red (P. 24)"),
}


def problem(name: str, value: Any, flag: Flag) -> str | None:
    """Why ``value`` cannot be the flag ``name`` (None: it can)."""
    if value is None and flag.default is None:
        return None
    kind = flag.kind
    ok = (type(value) is bool) if kind is bool else (
        isinstance(value, int) and not isinstance(value, bool) and value >= 0) if kind is int else (
        isinstance(value, kind))
    if ok:
        return None
    what = {bool: "true or false", int: "a whole number >= 0", str: "a string", list: "a list",
            dict: "an object"}.get(kind, kind.__name__)
    return f"{name}: {what}, got {type(value).__name__}"


class Kept:
    """The typed view of the flags one hook declares, over the game's ``flags`` dict."""

    __slots__ = ("_flags", "_declared")

    def __init__(self, flags: dict, declared: Mapping[str, Flag]):
        object.__setattr__(self, "_flags", flags)
        object.__setattr__(self, "_declared", declared)

    def _flag(self, name: str) -> Flag:
        f = self._declared.get(name)
        if f is None:
            raise AttributeError(f"{name!r} is not a flag these rules declare ({', '.join(sorted(self._declared))})")
        return f

    def __getattr__(self, name: str) -> Any:
        f = self._flag(name)
        v = self._flags.get(name, f)
        if v is f:  # absent: the default (a fresh copy of a list or dict)
            return copy.deepcopy(f.default) if isinstance(f.default, (list, dict)) else f.default
        return v

    def __setattr__(self, name: str, value: Any) -> None:
        why = problem(name, value, self._flag(name))
        if why is not None:
            raise TypeError(f"flags.{why}")
        self._flags[name] = value

    def __delattr__(self, name: str) -> None:
        self._flag(name)
        self._flags.pop(name, None)


def declared_flags(hooks: Iterable[Any]) -> dict[str, Flag]:
    """Every flag a Scene's rules may keep: those its hooks declare and the chapters' own."""
    out = dict(ENGINE_FLAGS)
    for h in hooks:
        out.update(type(h).flags)
    return out


def check_flags(flags: Any, declared: Mapping[str, Flag], path: str = "flags") -> None:
    """ValueError naming the first flag the Scene does not declare, or whose value has the wrong type."""
    if not isinstance(flags, dict):
        raise ValueError(f"{path}: an object of the Scene's flags, got {type(flags).__name__}")
    for name, value in flags.items():
        f = declared.get(name)
        if f is None:
            known = ", ".join(sorted(declared)) or "none"
            raise ValueError(f"{path}.{name}: not a flag of this Scene's rules (known: {known})")
        why = problem(name, value, f)
        if why is not None:
            raise ValueError(f"{path}.{why}")
