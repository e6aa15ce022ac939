"""Scene hooks: the registry of named special-rule hooks, and the base class with every hook point.

A hook is a class registered with ``@scene_hook("name")``; the scene file lists the hooks it uses
(``[scene] hooks = ["makeshift_barricades", ...]``). Every method is optional (the base class
does nothing). Hook points::

    on_setup(ctx)                                  after the standard setup (P. 6-7)
    legal_actions(ctx, survivor) -> [Action]       extra actions, kind "scene", params (name, arg)
    action_cost(name) -> int                       Actions paid for one of those (default 1)
    perform(ctx, sid, name, arg, paid) -> bool     resolve one of those actions
    resolve_choice(ctx, choice, option) -> bool    answer a Choice of kind "scene:<...>"
    search_sources(ctx, survivor, decks) -> decks  filter/extend what a Search may draw
    searched(ctx, sid, source, uid)                after a card is drawn
    zone_entered(ctx, sid, zone)                   a Survivor entered a Zone
    traded(ctx, sid, partner, gave, took)          after a Trade
    can_target(ctx, survivor, zone) -> bool        may a Ranged Action target this Zone
    can_drive(ctx) -> bool                         may the Car be driven (P. 21 "if the Scene allows")
    can_move_spawn(ctx, zone, colour) -> bool      may a Molotov move this Spawn token away (P. 29)
    sync(ctx)                                      the game's state was replaced (undo, copy, JSON):
                                                   rebuild per-game derived data (travelling Board)
    end_of_players_phase(ctx)                      loss checks such as "a Ghoul in the house"
    before_spawn(ctx)                              Ghouls' Phase, after the Activations, just before
                                                   the Spawn Step (S6/S8: choose the starting Zone)
    end_phase(ctx)                                 End Phase effects
    check(ctx)                                     objectives: call ctx.win(...) / ctx.lose(...)
    objective_zones(ctx) -> {name: [zone, ...]}    where the objectives are, for bots and views
                                                   ("house", "pump", "white", "tile", "windows",
                                                   "unsearched", "spawns"); read-only

The hooks a scene file may name are those registered: the shipped ones (importing
:mod:`nollab.rules.scenes` registers them) and a user's, from the modules the scene file lists in
``[scene] hook_modules = ["my_hooks.py", "mybox.hooks"]`` (a ``.py`` file relative to the scene
file, or a module name) or registered with :func:`register_hooks`.

A rule that keeps state between steps declares it (``flags = {name: Flag(type, default, doc)}``,
:mod:`nollab.rules.scenes.flags`) and reads and writes it through ``self.kept(ctx)``.

A rule that needs its own queued step registers it with ``@task("name")``
(:mod:`nollab.rules.engine.tasks`) and queues it with
``ctx.push(Task("name", json_args))``; player decisions use ``ctx.ask(Choice("scene:<kind>", ...))``
answered by the hook's ``resolve_choice``.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import ClassVar

from nollab.rules.engine.registry import register
from nollab.rules.scenes.flags import Flag, Kept


#: hook name -> hook class
HOOKS: dict[str, type] = {}


def scene_hook(name: str):
    """Register a special-rule hook class under ``name`` (used by scene files). Another class under
    a name already taken is an error; the same class defined again (its module re-run, a notebook
    cell run twice) replaces its older self."""
    def deco(cls):
        register(HOOKS, name, cls, "scene hook")
        cls.hook_name = name
        return cls
    return deco


#: user hook files already imported: resolved path -> (modification time, module)
_FILES: dict[str, tuple[int, ModuleType]] = {}


def register_hooks(module: str | os.PathLike, base: str | os.PathLike | None = None) -> ModuleType:
    """Import a module of Scene hooks so its ``@scene_hook`` classes (and ``@task`` steps) are
    registered, and return it: a ``.py`` file (relative to ``base``, e.g. the scene file's folder)
    or a module name (``"mybox.hooks"``). A file is imported again only when it changed.
    ValueError names the module when it cannot be found or fails to import."""
    text = os.fspath(module)
    if text.endswith(".py"):
        path = Path(text)
        if not path.is_absolute() and base is not None:
            path = Path(base) / path
        path = path.resolve()
        if not path.is_file():
            raise ValueError(f"no hook file {path}")
        stamp = path.stat().st_mtime_ns
        got = _FILES.get(str(path))
        if got is not None and got[0] == stamp:
            return got[1]
        name = "nollab_user_hooks_" + "".join(c if c.isalnum() else "_" for c in path.stem) + "_" + \
            hashlib.sha1(str(path).encode()).hexdigest()[:8]
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod  # so its classes pickle and re-imports find it
        try:
            spec.loader.exec_module(mod)
        except Exception as exc:
            sys.modules.pop(name, None)
            raise ValueError(f"hook file {path}: {type(exc).__name__}: {exc}") from exc
        _FILES[str(path)] = (stamp, mod)
        return mod
    try:
        return importlib.import_module(text)
    except ImportError as exc:
        raise ValueError(f"hook module {text!r} cannot be imported ({exc})") from exc


class Hook:
    """Base class: every hook point is a no-op."""

    hook_name = ""
    actions: tuple[str, ...] = ()  # names of the scene actions this hook performs
    #: the flags this rule keeps in ``GameState.flags`` (name -> :class:`~.flags.Flag`), see :mod:`.flags`
    flags: ClassVar[dict[str, Flag]] = {}

    def kept(self, ctx) -> Kept:
        """The typed view of the flags this rule declares (``self.kept(ctx).corpse_work += 1``)."""
        return Kept(ctx.st.flags, type(self).flags)

    def __init__(self, scene):
        #: the :class:`~nollab.rules.scenes.scene.Scene` whose file names this hook
        self.scene = scene

    def on_setup(self, ctx) -> None: ...
    def legal_actions(self, ctx, s) -> list: return []
    def action_cost(self, name: str) -> int: return 1
    def perform(self, ctx, sid, name, arg, paid) -> bool: return False
    def resolve_choice(self, ctx, choice, option) -> bool: return False
    def search_sources(self, ctx, s, decks: list[str]) -> list[str]: return decks
    def searched(self, ctx, sid, source, uid) -> None: ...
    def zone_entered(self, ctx, sid, zone) -> None: ...
    def traded(self, ctx, sid, partner, gave, took) -> None: ...
    def can_target(self, ctx, s, zone) -> bool: return True
    def can_drive(self, ctx) -> bool | None: return None
    def can_move_spawn(self, ctx, zone, colour) -> bool: return True
    def sync(self, ctx) -> None: ...
    def end_of_players_phase(self, ctx) -> None: ...
    def before_spawn(self, ctx) -> None: ...
    def end_phase(self, ctx) -> None: ...
    def check(self, ctx) -> None: ...

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """Zones this hook's objective is about, by name (e.g. ``{"pump": ["5R-c"]}``); read-only,
        so a bot or a view can tell where to go without knowing the hook's internals."""
        return {}
