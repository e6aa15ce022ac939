"""Hooks of the travelling Scenes S6 "To Willard" (P. 39) and S8 "Johnny's Car" (P. 41).

Geometry is in :mod:`nollab.rules.scenes.travel_board`; this module holds the game side. State lives in
``GameState.flags["travel"]`` (plain JSON, so clone/undo/JSON carry it)::

    tiles     [[id, trow, tcol, rotation], ...] in placement order (tile units)
    pile      tiles still to come, in order (S8: shuffled at setup, then 6V)
    frontier  the newest tile, waiting for a Survivor to move onto it (None: journey over)
    placing   anchor tile of a placement to make now (a pending "scene:place_tile" choice)
    waiting   next tile whose other face is still on the board (placed once it has left)
    removing  True once the first tile was added ("From then on, any tile is removed ...")
    final     True once the last tile (S6 2V, S8 6V) is on the board
    dir       side of the last placement (straight on is offered first)
    set       the starting board's opening kinds/states (the scene's ``[map] set`` tokens)

Hooks: ``fighting_through_the_herd`` (S6, S8) here; the :class:`Travel` base of
``travelling_posse`` (S6, :mod:`.s6_to_willard`) and ``way_to_the_cemetery`` (S8,
:mod:`.s8_johnnys_car`), whose objectives are there too.
"""
from __future__ import annotations

from nollab.board import Board
from nollab.rules.engine import rng
from nollab.rules.engine.state import Choice
from nollab.rules.scenes.flags import Flag
from nollab.rules.scenes.hooks import Hook, scene_hook
from nollab.rules.scenes.travel_board import SIDES, Tiles, build_board, physical, placement_options, removable_tiles
from nollab.rules.spawn.spawn_zones import herd_spawn_zones


def _key(tiles_list) -> Tiles:
    return tuple((t[0], int(t[1]), int(t[2]), int(t[3])) for t in tiles_list)


def _tiles_dir(scene) -> str:
    """``[scene.rules] tiles_dir``, relative to the scene file's folder (a user's own tiles)."""
    rel = scene.data.get("rules", {}).get("tiles_dir", "")
    return scene.resolve_path(rel) if hasattr(scene, "resolve_path") else rel


def current_board(ctx, scene) -> Board:
    """The Board of the tiles in the state, installed on the scene and on ``ctx`` (cached)."""
    tr = ctx.st.flags.get("travel")
    if not tr:
        return ctx.board
    tiles, sets = tr["tiles"], tr.get("set", [])
    last = scene.__dict__.get("_travel_last")  # called at every hook point: skip rebuilding the key
    if last is not None and last[0] == tiles and last[1] == sets:
        b = last[2]
    else:
        b = build_board(_key(tiles), tuple((o, k, op) for o, k, op in sets), _tiles_dir(scene), scene.id)
        scene._travel_last = ([list(t) for t in tiles], [list(x) for x in sets], b)
    scene.board = b
    ctx.board = b
    return b


def board_with(scene, tr: dict, option) -> Board:
    """The Board a ``scene:place_tile`` option ``[anchor, tile, trow, tcol, rotation]`` would
    make (the state is not touched): lets a player weigh "any way you want" (P. 39, P. 41)."""
    _anchor, t, r, c, rot = option
    tiles = _key(list(tr["tiles"]) + [[t, r, c, rot]])
    return build_board(tiles, tuple((o, k, op) for o, k, op in tr.get("set", [])), _tiles_dir(scene), scene.id)


def tile_zones_of(board: Board, tile: str) -> list[str]:
    return [z for z, zone in board.zones.items() if zone.tile == tile]


def _set_open(st, oid: str, is_open: bool) -> None:
    if hasattr(st, "set_open"):
        st.set_open(oid, is_open)
    else:
        st.opening_open[oid] = is_open


def herd_refresh(ctx, scene) -> None:
    """Fighting through the herd (P. 39, P. 41): "As long as a tile has at least 1 Survivor on it,
    its corner exterior Zones are considered Spawn Zones." Rewrites the Spawn tokens (the first
    is the starting Spawn Zone, coloured white for the Spawn Step) and the clockwise order."""
    if not any(h.hook_name == "fighting_through_the_herd" for h in scene.hooks):
        return
    b = ctx.board
    occupied = [s.zone for s in ctx.st.survivors.values() if s.alive and s.zone in b.zones]
    order = list(herd_spawn_zones(b, occupied))
    start = ctx.st.flags.get("herd_start")
    if start in order:
        i = order.index(start)
        order = order[i:] + order[:i]
    ctx.st.spawns = [[z, "white" if i == 0 else "red"] for i, z in enumerate(order)]
    scene.clockwise = list(order)


@scene_hook("fighting_through_the_herd")
class FightingThroughTheHerd(Hook):
    """"As long as a tile has at least 1 Survivor on it, its corner exterior Zones are considered
    Spawn Zones. Choose a starting Spawn Zone during each Spawn Step, then proceed clockwise.
    Corner interior Zones cannot spawn this way." (S6 P. 39, S8 P. 41)

    The Spawn Zones are recomputed at setup, whenever a tile comes or goes or a Survivor moves,
    and at the end of each Players' Phase; the starting Spawn Zone is a choice
    (``scene:herd_start``) asked when the Spawn Step begins, after the Ghouls' Activations."""
    flags = {"herd_start": Flag(str, None, "the starting Spawn Zone chosen for this Spawn Step (S6 P. 39, S8 P. 41)")}

    def on_setup(self, ctx) -> None:
        current_board(ctx, self.scene)
        herd_refresh(ctx, self.scene)

    def end_of_players_phase(self, ctx) -> None:
        if ctx.st.result is not None:
            return
        current_board(ctx, self.scene)
        ctx.st.flags.pop("herd_start", None)
        herd_refresh(ctx, self.scene)

    def before_spawn(self, ctx) -> None:
        """"Choose a starting Spawn Zone during each Spawn Step, then proceed clockwise." (P. 39)"""
        if ctx.st.result is not None:
            return
        current_board(ctx, self.scene)
        ctx.st.flags.pop("herd_start", None)
        herd_refresh(ctx, self.scene)
        zones = [z for z, _c in ctx.st.spawns]
        if len(zones) > 1:
            ctx.ask(Choice("scene:herd_start", None, "Fighting through the herd: choose the starting Spawn Zone",
                           "P. 39", options=zones, labels=[ctx.zname(z) for z in zones], default_name="first"))

    def sync(self, ctx) -> None:
        """The state was replaced: the clockwise order is the state's Spawn tokens' (as
        :func:`herd_refresh` wrote them), so the next Spawn Step reads the same order."""
        if ctx.st.spawns and ctx.st.phase != "setup":
            self.scene.clockwise = list(dict.fromkeys(z for z, _c in ctx.st.spawns))

    def resolve_choice(self, ctx, choice, option) -> bool:
        if choice.kind != "scene:herd_start":
            return False
        self.kept(ctx).herd_start = option
        herd_refresh(ctx, self.scene)
        ctx.emit("scene", "P. 39", f"Fighting through the herd: the Spawn Step starts in {ctx.zname(option)}, then "
                 "clockwise", zone=option)
        return True


class Travel(Hook):
    """Common part of the travelling Scenes: a tile is added when a Survivor moves onto the newest
    tile (where and how is the players' choice, ``scene:place_tile``), empty tiles leave in the End
    Phase with their Ghouls (no XP), never splitting the board.

    ``[scene.travel]``: ``pile`` (tile ids in order), ``shuffle`` (S8: a random pile), ``first``
    (S6: the starting-board tile whose first entry starts the journey; without it the first pile
    tile is set at the end of Setup, S8), ``final`` (added after the pile, S8 "6V"), ``final_car``
    (Zone of Johnny's car on the final tile)."""
    flags = {"travel": Flag(dict, None, "the journey: tiles, pile, frontier, ... (this module's docstring)")}

    page = "P. 39"

    def cfg(self) -> dict:
        return self.scene.data.get("travel", {})

    def on_setup(self, ctx) -> None:
        cfg = self.cfg()
        tiles = [[p.tile, p.row // p.rows, p.col // p.cols, p.rotation] for p in ctx.board.tiles]
        first = cfg.get("first")
        if first is not None and first not in {t[0] for t in tiles}:
            raise ValueError(f"{self.scene.file}: [scene.travel] first = {first!r} is not on the starting board")
        pile = list(cfg.get("pile", []))
        if cfg.get("shuffle"):
            ctx.st.rng = rng.shuffle(ctx.st.rng, pile)
        if cfg.get("final"):
            pile.append(cfg["final"])
        ctx.st.flags["travel"] = {"tiles": tiles, "pile": pile, "frontier": first, "removing": False,
                                  "final": False, "dir": None,
                                  "set": [[oid, str(o.kind), bool(o.initially_open)]
                                          for oid, o in sorted(ctx.board.openings.items())]}
        if first is None:
            # S8: "At the end of Setup, set a random tile from the Travelling Pile right next to 5R"
            self.request(ctx, tiles[-1][0])

    # ---- placing ------------------------------------------------------------------------------
    def request(self, ctx, anchor: str) -> None:
        """A tile must be set next to ``anchor``: place it now, or ask where if there is a choice."""
        tr = ctx.st.flags["travel"]
        if not tr["pile"]:
            tr["frontier"] = None
            return
        nxt = tr["pile"][0]
        if physical(nxt) in {physical(t[0]) for t in tr["tiles"]}:
            tr["frontier"], tr["waiting"] = anchor, nxt  # its other face is still on the board
            return
        tr.pop("waiting", None)
        tr["placing"] = anchor
        self.offer(ctx)

    def options(self, ctx) -> list[list]:
        tr = ctx.st.flags["travel"]
        tiles = _key(tr["tiles"])
        anchor = tr["placing"]
        for a in [anchor] + [t[0] for t in reversed(tiles) if t[0] != anchor]:
            opts = placement_options(tiles, a, tr["pile"][0], _tiles_dir(self.scene),
                                     prefer=tr.get("dir") if a == anchor else None)
            if opts:
                return [[a, *o] for o in opts]
        raise RuntimeError(f"travelling tile {tr['pile'][0]}: no free side on the board")

    def offer(self, ctx) -> None:
        tr = ctx.st.flags["travel"]
        if "placing" not in tr or ctx.st.pending is not None or ctx.st.result is not None:
            return
        opts = self.options(ctx)
        if len(opts) == 1:
            self.place(ctx, opts[0])
            return
        labels = [f"{t} {self._side(tiles_pos(tr, a), r, c)} of {a}, turned {rot}°" for a, t, r, c, rot in opts]
        ctx.ask(Choice("scene:place_tile", None, f"Set tile {tr['pile'][0]} next to {tr['placing']} to extend the "
                       "road (any way you want; the board doesn't have to be linear)", self.page,
                       options=opts, labels=labels, default_name="straight on"))

    @staticmethod
    def _side(anchor_pos, r, c) -> str:
        return next(s for s, d in SIDES.items() if d == (r - anchor_pos[0], c - anchor_pos[1]))

    def resolve_choice(self, ctx, choice, option) -> bool:
        if choice.kind != "scene:place_tile":
            return False
        self.place(ctx, option)
        return True

    def place(self, ctx, option) -> None:
        anchor, t, r, c, rot = option
        tr = ctx.st.flags["travel"]
        tr["dir"] = self._side(tiles_pos(tr, anchor), r, c)
        tr["pile"].pop(0)
        tr.pop("placing", None)
        tr["tiles"].append([t, r, c, rot])
        b = current_board(ctx, self.scene)
        for oid, o in b.openings.items():
            if oid.startswith(f"{t}:"):
                _set_open(ctx.st, oid, bool(o.initially_open))
        tr["frontier"] = t
        tr["final"] = not tr["pile"]
        ctx.emit("tile_added", self.page, f"{self.hook_name.replace('_', ' ').capitalize()}: tile {t} is set "
                 f"{tr['dir']} of {anchor} (turned {rot}°) to extend the road"
                 + (" - the final tile" if tr["final"] else ""), tile=t, anchor=anchor)
        car = self.cfg().get("final_car")
        if tr["final"] and car:
            ctx.st.car = {"zone": car}
            ctx.emit("car", self.page, f"Johnny's car is on {ctx.zname(car)}: it can be driven")
        herd_refresh(ctx, self.scene)

    # ---- hook points ----------------------------------------------------------------------------
    def sync(self, ctx) -> None:
        """The game's state was replaced (``Game`` construction, undo, copy, ``from_json``):
        install its tiles' Board (``Scene.sync`` is called by the game then)."""
        current_board(ctx, self.scene)

    def zone_entered(self, ctx, sid, zone) -> None:
        tr = ctx.st.flags.get("travel")
        if not tr:
            return
        b = current_board(ctx, self.scene)
        front = tr.get("frontier")
        if front is not None and "waiting" not in tr and "placing" not in tr \
                and zone in b.zones and b.zones[zone].tile == front:
            tr["removing"] = True
            self.request(ctx, front)
        herd_refresh(ctx, self.scene)

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"tile"``: the Zones of the tile to walk onto: the newest tile while the road grows
        (its first visit sets the next one), the final tile once it is on the board (S6 2V, S8
        6V); none while no tile is awaited."""
        tr = ctx.st.flags.get("travel") or {}
        if tr.get("final"):
            tile = tr["tiles"][-1][0] if tr.get("tiles") else None
        else:
            tile = tr.get("frontier")
        return {"tile": tile_zones_of(ctx.board, tile) if tile is not None else []}

    def check(self, ctx) -> None:
        tr = ctx.st.flags.get("travel")
        current_board(ctx, self.scene)
        if tr and "placing" in tr:
            self.offer(ctx)

    def end_phase(self, ctx) -> None:
        tr = ctx.st.flags.get("travel")
        if not tr:
            return
        b = current_board(ctx, self.scene)
        if tr["removing"]:
            occupied = {b.zones[s.zone].tile for s in ctx.st.survivors.values() if s.alive and s.zone in b.zones}
            keep = [x for x in (tr.get("frontier"), tr.get("placing")) if x]
            for t in removable_tiles(_key(tr["tiles"]), occupied, keep):
                self.remove(ctx, t)
        if "waiting" in tr:  # the other face has left the board: set it now
            self.request(ctx, tr["frontier"])
        herd_refresh(ctx, self.scene)

    def remove(self, ctx, tile: str) -> None:
        st = ctx.st
        tr = st.flags["travel"]
        zones = set(tile_zones_of(ctx.board, tile))
        lost = {z: sum(st.ghouls[z]) for z in list(st.ghouls) if z in zones}
        for z in lost:
            del st.ghouls[z]
        st.spawns = [t for t in st.spawns if t[0] not in zones]
        st.forget_openings([oid for oid in st.opening_open if oid.startswith(f"{tile}:")])
        if st.car is not None and st.car.get("zone") in zones:
            st.car = None
        tr["tiles"] = [t for t in tr["tiles"] if t[0] != tile]
        current_board(ctx, self.scene)
        n = sum(lost.values())
        ctx.emit("tile_removed", self.page, f"Tile {tile} has no Survivor: it leaves the board"
                 + (f" with {n} Ghoul{'s' if n != 1 else ''} (no XP)" if n else ""), tile=tile, ghouls=n)


def tiles_pos(tr: dict, tile: str) -> tuple[int, int]:
    t = next(x for x in tr["tiles"] if x[0] == tile)
    return int(t[1]), int(t[2])
