"""A loaded Scene: the scene file's ``[map]`` (read by :mod:`nollab.board`) and ``[scene]`` tables,
and the hooks it names, dispatched at every hook point (:mod:`nollab.rules.scenes.hooks`).
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from nollab.board import load_map
from nollab.board.scene_map import parse_map_text, resolve_scene
from nollab.rules.scenes.scene_schema import check_scene_table
from nollab.safe_io import InputFileError, parse_toml, read_text_file
from nollab.rules.scenes.hooks import HOOKS, Hook, register_hooks


SCENES_DIR = Path(__file__).resolve().parents[2] / "data" / "scenes"


#: Fallback ``[scene]`` tables for scene files that only carry a ``[map]`` (yet).
DEFAULT_SCENES: dict[str, dict[str, Any]] = {
    "S1": {
        "title": "What's Happening?",
        "mode": "romero",
        "starting_w94": "aside",
        "start": {"1": ["barbra", "ben"], "2": ["harry", "helen", "judy", "tom"]},
        "hooks": ["winchester_aside", "trusting_each_other", "equipment_stashes", "corpse_lady",
                  "makeshift_barricades", "barricade_the_house"],
        "drive": False,
    },
}


class Scene:
    """A loaded Scene: board, map tokens, ``[scene]`` data and hook instances."""

    def __init__(self, scene_id: str, board, tokens, data: dict, clockwise: list[str] | None = None,
                 file: str = ""):
        self.id = scene_id
        self.board = board
        self.tokens = tokens
        self.data = data
        self.file = file  # the scene file's path (relative [scene.rules] paths resolve from its folder)
        self.title = data.get("title", scene_id)
        self.hook_modules = self._load_hook_modules(data.get("hook_modules", []))
        unknown = [h for h in data.get("hooks", []) if h not in HOOKS]
        if unknown:
            raise ValueError(f"{file or scene_id}: [scene] hooks: unknown hook(s) {unknown} (known: {sorted(HOOKS)})")
        self.hooks = [HOOKS[h](self) for h in data.get("hooks", [])]
        self.clockwise = list(clockwise or [])
        self._cards = None

    def _load_hook_modules(self, entries) -> list:
        """Import the user's hook modules named by ``[scene] hook_modules`` (files relative to the
        scene file, or module names), so the hooks they register can be named in ``hooks``."""
        where = f"{self.file or self.id}: [scene] hook_modules"
        if not isinstance(entries, list) or not all(isinstance(e, str) and e.strip() for e in entries):
            raise ValueError(f"{where}: a list of .py files or module names, got {entries!r}")
        base = Path(self.file).parent if self.file else None
        out = []
        for i, entry in enumerate(entries):
            try:
                out.append(register_hooks(entry.strip(), base))
            except ValueError as exc:
                raise ValueError(f"{where}[{i}]: {exc}") from None
        return out

    @classmethod
    def from_file(cls, scene_id: str, path: Path | None = None) -> "Scene":
        """Read ``[map]`` with :func:`nollab.board.load_map` and the ``[scene]`` table."""
        path = path or SCENES_DIR / f"{scene_id}.toml"
        if not path.exists():
            raise ValueError(f"scene {scene_id!r}: no scene file {path}")
        smap = load_map(str(path))  # reads and checks the file (bounded, UTF-8, valid [map])
        try:
            doc = parse_toml(read_text_file(path, what="scene file"), str(path))
        except (InputFileError, tomllib.TOMLDecodeError) as exc:
            raise ValueError(f"{path}: {exc}") from None
        data = doc.get("scene") or DEFAULT_SCENES.get(scene_id)
        if data is None:
            raise ValueError(f"{path.name}: no [scene] table (title, mode, start, hooks)")
        check_scene_table(data, str(path))
        clockwise = list(smap.spawn_order()) if smap.tokens.spawns else []
        return cls(scene_id, smap.board, smap.tokens, data, clockwise, str(path))

    def fresh(self) -> "Scene":
        """A new Scene for another game: the immutable parsed map and data are shared; the per-game
        parts (``board`` of a travelling Scene, ``clockwise``, hook instances) are not, so a copy or
        an undo never sees another game's tiles. ``sync(ctx)`` then installs the state's Board."""
        sc = Scene.__new__(Scene)  # the data were validated and the hook modules loaded by __init__
        sc.id, sc.board, sc.tokens, sc.data, sc.file, sc.title = (self.id, self.board, self.tokens, self.data,
                                                                  self.file, self.title)
        sc.hook_modules = self.hook_modules
        sc.hooks = [HOOKS[h](sc) for h in self.data.get("hooks", [])]
        sc.clockwise = list(self.clockwise)
        sc._cards = self._cards
        return sc

    def resolve_path(self, rel: str) -> str:
        """A path from the scene file (``[scene.rules] tiles_dir``), relative to the file's folder."""
        if not rel:
            return ""
        p = Path(rel)
        if not p.is_absolute() and self.file:
            p = Path(self.file).parent / p
        return str(p)

    # ---- content helpers ------------------------------------------------------------------------
    def ghoul_card(self, number: int):
        return self._cards[number]

    def bind(self, content) -> None:
        self._cards = {c.number: c for c in content.ghoul_deck}

    def marker_zone(self, kind: str) -> str | None:
        """Zone of the first map marker of this kind (cached: the map is immutable)."""
        cache = self.__dict__.setdefault("_markers", {})
        if kind not in cache:
            ms = self.tokens.markers_of(kind)
            cache[kind] = ms[0].zone if ms else None
        return cache[kind]

    # ---- dispatch -----------------------------------------------------------------------------
    def on_setup(self, ctx) -> None:
        for h in self.hooks:
            h.on_setup(ctx)

    def _defining(self, point: str) -> list[Hook]:
        """The hooks that define ``point`` (the others would answer the default), in order;
        cached while ``hooks`` is the same list of the same length (hot paths: legal actions,
        Search sources)."""
        cache = self.__dict__.get("_defining_cache")
        if cache is None or cache[0] is not self.hooks or cache[1] != len(self.hooks):
            cache = self._defining_cache = (self.hooks, len(self.hooks), {})
        got = cache[2].get(point)
        if got is None:
            base = getattr(Hook, point)
            got = cache[2][point] = [h for h in self.hooks if getattr(type(h), point) is not base]
        return got

    def legal_actions(self, ctx, s) -> list:
        out = []
        for h in self._defining("legal_actions"):
            out.extend(h.legal_actions(ctx, s))
        return out

    def _owner(self, name: str) -> Hook:
        for h in self.hooks:
            if name in h.actions:
                return h
        raise KeyError(f"no scene hook performs {name!r}")

    def action_cost(self, action) -> int:
        return self._owner(action.params[0]).action_cost(action.params[0])

    def action_cost_named(self, name: str) -> int:
        return self._owner(name).action_cost(name)

    def perform(self, ctx, sid, name, arg, paid) -> None:
        self._owner(name).perform(ctx, sid, name, arg, paid)

    def resolve_choice(self, ctx, choice, option) -> None:
        for h in self.hooks:
            if h.resolve_choice(ctx, choice, option):
                return
        raise KeyError(f"no scene hook resolves {choice.kind!r}")

    def search_sources(self, ctx, s, decks):
        for h in self._defining("search_sources"):
            decks = h.search_sources(ctx, s, decks)
        return decks

    def searched(self, ctx, sid, source, uid) -> None:
        for h in self.hooks:
            h.searched(ctx, sid, source, uid)

    def zone_entered(self, ctx, sid, zone) -> None:
        for h in self.hooks:
            h.zone_entered(ctx, sid, zone)

    def traded(self, ctx, sid, partner, gave, took) -> None:
        for h in self.hooks:
            h.traded(ctx, sid, partner, gave, took)

    def can_target(self, ctx, s, zone) -> bool:
        return all(h.can_target(ctx, s, zone) for h in self.hooks)

    def can_drive(self, ctx) -> bool:
        for h in self.hooks:
            r = h.can_drive(ctx)
            if r is not None:
                return r
        return bool(self.data.get("drive", True))

    def can_move_spawn(self, ctx, zone: str, colour: str) -> bool:
        """May a Molotov move the ``colour`` Spawn token of ``zone`` to another Spawn Zone (P. 29)?
        Every hook must agree (S7/S10: the white token cannot be removed)."""
        return all(h.can_move_spawn(ctx, zone, colour) for h in self.hooks)

    def sync(self, ctx) -> None:
        """The game's state was replaced (construction, undo, copy, JSON load): every hook
        rebuilds what it derives from the state (S6/S8: the Board of the tiles in play)."""
        for h in self.hooks:
            h.sync(ctx)

    def end_of_players_phase(self, ctx) -> None:
        for h in self.hooks:
            h.end_of_players_phase(ctx)

    def wants(self, point: str) -> bool:
        """Does any hook define this hook point (so the engine queues a step for it)?"""
        return any(getattr(type(h), point) is not getattr(Hook, point) for h in self.hooks)

    def before_spawn(self, ctx) -> None:
        for h in self.hooks:
            h.before_spawn(ctx)

    def end_phase(self, ctx) -> None:
        for h in self.hooks:
            h.end_phase(ctx)

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """Every hook's :meth:`Hook.objective_zones`, merged by name in hook order (a Zone once
        per name), keeping only Zones on the Board now (a travelling tile may have left it,
        S6/S8 P. 39, P. 41)."""
        zones = ctx.board.zones
        out: dict[str, list[str]] = {}
        for h in self._defining("objective_zones"):
            for name, zs in h.objective_zones(ctx).items():
                got = out.setdefault(name, [])
                for z in zs:
                    if z in zones and z not in got:
                        got.append(z)
        return out

    def check(self, ctx) -> None:
        """Objectives (P. 8), after every action, choice and engine step: only the hooks that
        define ``check`` are called (this runs tens of thousands of times in a simulation)."""
        got = self.__dict__.get("_checkers")
        if got is None or got[0] is not self.hooks or got[1] != len(self.hooks):  # hooks replaced/edited
            got = self._checkers = (self.hooks, len(self.hooks),
                                    [h for h in self.hooks if type(h).check is not Hook.check])
        for h in got[2]:
            if ctx.st.result is not None:
                return
            h.check(ctx)


_LOADED: dict[tuple, Scene] = {}


def load_scene(scene_id: str) -> Scene:
    """Load a Scene: an id (``$NOLLAB_CONTENT/scenes/<id>.toml`` first, then the shipped
    ``nollab/data/scenes/<ID>.toml``) or a path, resolved by the one resolver
    :func:`nollab.board.scene_map.resolve_scene` that ``nollab map`` uses too. Cached per file and
    modification time: a Scene and its Board are immutable, hooks keep no state."""
    path, _shown = resolve_scene(scene_id)
    if not path.is_file():
        raise ValueError(f"scene {str(scene_id)[:80]!r}: no scene file {_shown}")
    smap = load_map(str(path))  # cached itself, and fresh when a tile it uses ($NOLLAB_CONTENT/tiles) changes
    key = (str(path.resolve()), path.stat().st_mtime_ns, id(smap))
    got = _LOADED.get(key)
    if got is None:
        shipped = path.resolve().parent == SCENES_DIR.resolve()
        sid = path.stem.upper() if shipped else path.stem
        got = _LOADED[key] = Scene.from_file(sid, path)
    # a fresh Scene per game (hooks and ``board`` may be replaced per game, e.g. travelling tiles);
    # the parsed Board and tokens are shared (immutable)
    return got.fresh()


def embedded_scene(emb: dict) -> Scene:
    """The Scene a save carries (``{"id", "toml"}``, the scene file's text): its map with tiles from the
    shipped and ``$NOLLAB_CONTENT`` folders only, its ``[scene]`` table checked with ``embedded=True``
    (no ``hook_modules``, no paths). ValueError naming ``scene.embedded`` otherwise."""
    where = "scene.embedded"
    try:
        doc = parse_toml(emb["toml"], where)
    except (InputFileError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{where}: {exc}") from None
    if not isinstance(doc.get("map"), dict) or "tiles_dir" in doc["map"]:
        raise ValueError(f"{where}: needs a [map] table without tiles_dir (a save may not name a folder)")
    smap = parse_map_text(emb["toml"], where)
    data = doc.get("scene")
    if data is None:
        raise ValueError(f"{where}: no [scene] table")
    check_scene_table(data, where, embedded=True)
    clockwise = list(smap.spawn_order()) if smap.tokens.spawns else []
    return Scene(str(emb["id"]), smap.board, smap.tokens, data, clockwise, "")
