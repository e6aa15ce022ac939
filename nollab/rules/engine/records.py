"""Typed records in the game state, written as JSON and read back (saves, positions, state hashes).

The queued steps (:class:`~.tasks.Task`) and the pending decisions (:class:`~.state.Choice`) carry
small immutable records (an attack under way, a Taunt, the Ghouls present when an Activation
started) rather than dicts a step changes in place: a fork, an undo or a forecast then shares them
without copying. A record writes itself with ``to_json()``, which :func:`jsonable` calls, so the
JSON is the one of the earlier saves; the rule that defines a record registers how to read it back
(:func:`data_loader` for a decision's ``data`` field, ``@task(..., load=...)`` for a step's args).
"""
from __future__ import annotations

from typing import Any, Callable

from nollab.rules.engine.registry import register

#: Choice ``data`` key -> function(JSON value) -> record (e.g. "spec" -> Attack.from_json)
DATA_LOADERS: dict[str, Callable[[Any], Any]] = {}

_PLAIN = (str, int, bool, float, type(None))


def jsonable(v: Any) -> Any:
    """``v`` as a JSON value: a record by its ``to_json()``, lists, tuples and dicts walked."""
    if v.__class__ in _PLAIN:
        return v
    to = getattr(v, "to_json", None)
    if to is not None:
        return to()
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, dict):
        return {k: jsonable(x) for k, x in v.items()}
    return v


def data_loader(key: str, load: Callable[[Any], Any]) -> None:
    """Read the ``key`` field of a decision's ``data`` with ``load`` (a saved JSON value -> its record)."""
    register(DATA_LOADERS, key, load, "choice data loader")


def load_data(data: dict) -> dict:
    """A decision's ``data`` as read from JSON, its registered fields made records again."""
    if not data or not any(k in DATA_LOADERS for k in data):
        return data
    return {k: (DATA_LOADERS[k](v) if k in DATA_LOADERS and v is not None else v) for k, v in data.items()}


class FrozenMap(dict):
    """A read-only dict for a record's mapping fields (Ghoul counts by type, the Ghouls present by
    Zone): written as a JSON object, shared by forks without copying; changing it is a TypeError."""

    __slots__ = ()

    def _frozen(self, *_a: Any, **_k: Any) -> None:
        raise TypeError("FrozenMap is read-only: build a new one")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _frozen  # type: ignore[assignment]
    __ior__ = _frozen  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        return (FrozenMap, (dict(self),))

    def __copy__(self) -> "FrozenMap":
        return self

    def __deepcopy__(self, memo: dict) -> "FrozenMap":
        return self
