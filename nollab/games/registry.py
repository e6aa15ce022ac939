"""The registry of playable games: entry points of the group ``nollab.games``.

A game is found by name (``"notld"``, ``"dead-panic"``) as an entry point of the group
:data:`GROUP`, whose object is a :class:`~nollab.games.protocol.GameSpec`. nollab's own games are
declared in its ``pyproject.toml``::

    [project.entry-points."nollab.games"]
    notld = "nollab.games.notld:GAME"

and a third-party package adds a game the same way in its own ``pyproject.toml`` (no change to
nollab). :func:`register` adds one at run time (a notebook). The built-in games are also known
without installed metadata (a source checkout on ``sys.path``), so the lab never loses NOTLD.

A broken entry point (an import error, an object that is not a ``GameSpec``) never hides the
other games: it is left out and its reason is kept in :func:`load_errors`, which ``nollab play``
prints when that name is asked for.

Loading a spec is cheap: a spec module imports its engine only when a match is made.
"""
from __future__ import annotations

import importlib
from importlib import metadata
from typing import Iterable

from nollab.games.protocol import GameSpec

__all__ = ["GROUP", "BUILTIN", "UnknownGame", "games", "get_game", "register", "unregister", "load_errors",
           "game_names"]

GROUP = "nollab.games"
#: nollab's own games: name -> "module:attribute" (the same targets as the pyproject entry points)
BUILTIN: dict[str, str] = {
    "notld": "nollab.games.notld:GAME",
    "dead-panic": "nollab.packs.dead_panic.game_spec:GAME",
    "zpocalypse": "nollab.packs.zpocalypse.game_spec:GAME",
    "zombie-slayer": "nollab.packs.zombie_slayer.game_spec:GAME",
}
#: bound on registered games (names are user input on the command line)
MAX_GAMES = 200

_loaded: dict[str, GameSpec] | None = None
_errors: dict[str, str] = {}
_runtime: dict[str, GameSpec] = {}


class UnknownGame(ValueError):
    """No game of that name is registered; the message lists the registered ones."""


def _load_target(target: str) -> object:
    mod, _, attr = target.partition(":")
    obj = importlib.import_module(mod)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


def _entry_points() -> Iterable[tuple[str, str, object]]:
    """(name, target, loader) of every installed entry point of the group."""
    try:
        eps = metadata.entry_points(group=GROUP)
    except Exception:  # noqa: BLE001 - broken metadata must not take the lab down
        return []
    return [(ep.name, ep.value, ep.load) for ep in eps]


def _check(name: str, obj: object, target: str) -> GameSpec:
    if not isinstance(obj, GameSpec):
        raise TypeError(f"{target} is a {type(obj).__name__}, not a nollab.games.GameSpec")
    if obj.name != name:
        raise ValueError(f"{target} names itself {obj.name!r}, registered as {name!r}")
    return obj


def games(refresh: bool = False) -> dict[str, GameSpec]:
    """Every registered game by name (built-ins first, then entry points, then :func:`register`)."""
    global _loaded
    if _loaded is None or refresh:
        found: dict[str, GameSpec] = {}
        _errors.clear()
        sources = [(n, t, None) for n, t in BUILTIN.items()] + list(_entry_points())
        for name, target, loader in sources:
            if name in found or len(found) >= MAX_GAMES:
                continue
            try:
                obj = loader() if loader is not None else _load_target(target)
                found[name] = _check(name, obj, target)
                _errors.pop(name, None)
            except Exception as exc:  # noqa: BLE001 - kept and reported by name, never hidden
                _errors[name] = f"{target}: {type(exc).__name__}: {exc}"
        _loaded = found
    out = dict(_loaded)
    out.update(_runtime)
    return out


def game_names() -> list[str]:
    """Registered names in registration order."""
    return list(games())


def get_game(name: str) -> GameSpec:
    """The spec registered as ``name`` (case-insensitive; ``_`` and ``-`` are the same)."""
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        raise UnknownGame(f"a game name is a short string, got {name!r}")
    key = name.strip().lower().replace("_", "-")
    reg = games()
    if key in reg:
        return reg[key]
    if key in _errors:
        raise UnknownGame(f"game {key!r} is registered but does not load ({_errors[key]})")
    raise UnknownGame(f"unknown game {name!r} (registered: {', '.join(reg) or 'none'})")


def register(spec: GameSpec, replace: bool = False) -> GameSpec:
    """Register ``spec`` for this process (a notebook's own game). Returns it."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register() takes a GameSpec, got {type(spec).__name__}")
    if not replace and spec.name in games():
        raise ValueError(f"a game named {spec.name!r} is already registered (replace=True to override)")
    _runtime[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Forget a game added with :func:`register` (entry points stay)."""
    _runtime.pop(name, None)


def load_errors() -> dict[str, str]:
    """Entry points that failed to load: name -> reason."""
    games()
    return dict(_errors)
