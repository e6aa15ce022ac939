"""Adapters: copy what the picture needs out of :mod:`nollab.board` and :mod:`nollab.rules`.

* :func:`geometry_from_board` — a :class:`nollab.board.Board` as :class:`BoardGeometry`
  (zones, walls, tiles).
* :func:`snapshot_from_map` — a scene map at setup (openings in their printed state, Spawn
  tokens, starting areas, stashes, markers, the car).
* :func:`snapshot_from_game` — a live game, read from its view model (``game.view()``,
  :mod:`nollab.rules.view`): opening states, survivors, ghouls, the car, spawn tokens as they
  are now. :func:`snapshot_from_state` is the fallback for a bare state without a game.

Render only reads attributes here; it imports neither package, so a board or game module can
call :func:`nollab.render.svg_for` from its ``_repr_svg_`` without an import cycle.
"""
from __future__ import annotations

from typing import Any

from nollab.content_model import GHOUL_TYPES

from .model import (
    BoardGeometry,
    BoardSnapshot,
    CarToken,
    Marker,
    OpeningToken,
    SpawnToken,
    SurvivorToken,
    TileShape,
    ZoneShape,
    edge,
)

#: Spawn colours that always spawn (P. 24); any other colour waits until a Scene turns it on
#: (the engine's rule is :func:`nollab.rules.spawn.step.active_spawn_tokens`; a live game is drawn
#: from its view model, this is for a map at setup).
ACTIVE_COLOURS = frozenset({"white", "red"})


def _s(v: Any) -> str:
    """An enum member or a string as its plain string value."""
    return str(getattr(v, "value", v))


def is_game(obj: Any) -> bool:
    """True for a live game (a ``board`` and a ``state`` with survivors), not a map or a board."""
    return hasattr(obj, "state") and hasattr(obj, "board") and hasattr(obj.state, "survivors")


def geometry_from_board(board: Any) -> BoardGeometry:
    """The static geometry of a ``nollab.board.Board``.

    Walls are every edge between two different zones that is not free (``Board.edge``): plain
    walls and also the walls that openings are cut into (the opening token is drawn on top).
    """
    zones = tuple(
        ZoneShape(id=z.id, kind=_s(z.kind), cells=tuple(tuple(c) for c in z.cells),
                  label=getattr(z, "label", "") or "", tile=getattr(z, "tile", None))
        for z in board.zones.values()
    )
    walls = set()
    for z in zones:
        for r, c in z.cells:
            for n in ((r, c + 1), (r + 1, c)):
                other = board.zone_at(n)
                if other is None or other == z.id:
                    continue
                if board.edge((r, c), n) != "free":
                    walls.add(edge((r, c), n))
    tiles = tuple(
        TileShape(name=t.tile, row=t.row, col=t.col, rows=t.rows, cols=t.cols, rotation=t.rotation)
        for t in getattr(board, "tiles", ())
    )
    return BoardGeometry(name=getattr(board, "name", "") or "", cols=board.cols, rows=board.rows,
                         zones=zones, walls=frozenset(walls), tiles=tiles)


def geometry_from_tile(tile: Any) -> tuple[BoardGeometry, tuple[OpeningToken, ...]]:
    """One tile file's face as printed (rotation 0) and its openings, read straight from a
    ``nollab.board.TileDef`` without assembling a Board: a face whose rooms open only across
    tile seams cannot stand alone as a Board, but it can be drawn (``nollab map --tile 3V``)."""
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, line in enumerate(tile.grid):
        for c, ch in enumerate(line):
            if ch != ".":
                cells.setdefault(ch, []).append((r, c))
    zones = []
    for ch, cs in cells.items():
        kind, label = tile.legend[ch]
        zones.append(ZoneShape(id=f"{tile.id}:{ch}", kind=_s(kind), cells=tuple(cs),
                               label=label or f"{tile.id}:{ch}", tile=tile.id))
    walls = frozenset(edge(tuple(a), tuple(b)) for a, b in tile.walls)
    geom = BoardGeometry(name=tile.id, cols=tile.cols, rows=tile.rows, zones=tuple(zones), walls=walls,
                         tiles=(TileShape(name=tile.id, row=0, col=0, rows=tile.rows, cols=tile.cols),))
    openings = tuple(OpeningToken(edge=edge(tuple(o.a), tuple(o.b)), kind=_s(o.kind), open=bool(o.open),
                                  id=f"{tile.id}:{o.id}") for o in tile.openings)
    return geom, openings


def openings_from_board(board: Any, is_open: dict[str, bool] | None = None,
                        kinds: dict[str, str] | None = None,
                        objectives: frozenset[str] = frozenset()) -> tuple[OpeningToken, ...]:
    """Every opening of ``board``; ``is_open``/``kinds`` override the printed state and kind;
    ``objectives`` are ids of openings a Scene asks to block (S1 windows)."""
    is_open = is_open or {}
    kinds = kinds or {}
    out = []
    for oid, o in board.openings.items():
        a, b = (tuple(c) for c in o.cells)
        out.append(OpeningToken(edge=edge(a, b), kind=_s(kinds.get(oid, o.kind)),
                                open=bool(is_open.get(oid, o.initially_open)), id=oid,
                                objective=oid in objectives))
    return tuple(out)


def markers_from_tokens(tokens: Any) -> tuple[Marker, ...]:
    """Starting areas, stashes and other printed markers of a ``MapTokens``."""
    if tokens is None:
        return ()
    out = [Marker(zone=z, kind="start", label=f"#{n}") for n, z in sorted(tokens.starting_areas.items())]
    out += [Marker(zone=z, kind="stash", label=deck) for z, deck in sorted(tokens.stashes.items())]
    for m in tokens.markers:
        if m.zone is None or m.kind == "car":  # the car is drawn as the car token
            continue
        if m.kind.startswith("objective"):
            out.append(Marker(zone=m.zone, kind="objective", label=m.label or m.kind))
        else:
            out.append(Marker(zone=m.zone, kind="item", label=_short(m.kind)))
    return tuple(out)


#: Short labels of known map marks (the token is small).
SHORT = {"winchester-94": "W94", "winchester_94": "W94", "corpse-lady": "Lady", "pump": "Pump"}


def _short(kind: str) -> str:
    """At most four characters for a map mark ("winchester-94" -> "W94")."""
    return SHORT.get(kind, kind.replace("-", " ").replace("_", " ").title()[:4])


def _objective_openings(tokens: Any) -> frozenset[str]:
    return frozenset(getattr(tokens, "windows_to_barricade", ()) or ()) if tokens is not None else frozenset()


def spawns_from_tokens(tokens: Any) -> tuple[SpawnToken, ...]:
    if tokens is None:
        return ()
    return tuple(SpawnToken(zone=s.zone, colour=s.colour, active=s.colour in ACTIVE_COLOURS)
                 for s in tokens.spawns)


def _map_parts(obj: Any) -> tuple[Any, Any]:
    """(board, tokens) from a SceneMap-like object or a bare Board."""
    board = getattr(obj, "board", obj)
    tokens = getattr(obj, "tokens", None)
    return board, tokens


def snapshot_from_map(scene_map: Any, caption: str = "") -> BoardSnapshot:
    """The printed setup of a scene map (or a bare Board: openings only)."""
    board, tokens = _map_parts(scene_map)
    car = None
    if tokens is not None and getattr(tokens, "car", None):
        names = [m.label.split(" (")[0] for m in tokens.markers if m.kind == "car" and m.label]
        car = CarToken(zone=tokens.car, name=names[0] if names else "Car")
    return BoardSnapshot(openings=openings_from_board(board, objectives=_objective_openings(tokens)),
                         spawns=spawns_from_tokens(tokens),
                         markers=markers_from_tokens(tokens), car=car, caption=caption)


def _label(text: str) -> str:
    return text.replace("_", " ").title()


def snapshot_from_state(board: Any, state: Any, tokens: Any = None,
                        colours: dict[str, str] | None = None) -> BoardSnapshot:
    """A :class:`BoardSnapshot` from a ``nollab.rules`` ``GameState`` on ``board``;
    ``colours`` maps survivor ids to base colours (from the content's survivor cards)."""
    colours = colours or {}
    survivors = []
    driver = None
    passengers = []
    for i, (sid, s) in enumerate(state.survivors.items()):
        if not getattr(s, "alive", True):
            continue
        name = _label(sid)
        if getattr(s, "in_car", False):
            if getattr(s, "driver", False):
                driver = name
            else:
                passengers.append(name)
        survivors.append(SurvivorToken(
            name=name, zone=s.zone, mode=s.mode, colour=colours.get(sid), active=(sid == state.active),
            wounds=s.wounds,
            in_car=getattr(s, "in_car", False), barricades=getattr(s, "barricades", 0)))
    ghouls = []
    types = GHOUL_TYPES
    for zone, counts in sorted(state.ghouls.items()):
        for kind, n in zip(types, counts):
            if n:
                ghouls.append((zone, kind, int(n)))
    car = None
    if getattr(state, "car", None):
        car = CarToken(zone=state.car["zone"], driver=driver, passengers=tuple(passengers))
    active_colours = set(getattr(state, "flags", {}).get("active_colours", ()) or ())
    spawns = tuple(  # the engine's rule (nollab.rules.spawn.step.active_spawn_tokens, P. 24)
        SpawnToken(zone=z, colour=colour, active=colour in ACTIVE_COLOURS or colour in active_colours)
        for z, colour in (tuple(s) for s in state.spawns)
    )
    markers = [m for m in markers_from_tokens(tokens) if m.kind in ("start", "stash", "objective")]
    flags = getattr(state, "flags", {}) or {}
    aside = getattr(state, "aside", {}) or {}
    set_aside = {str(state.cards[u]).replace("_", "-") for uids in aside.values() for u in uids}
    for m in getattr(tokens, "markers", ()) if tokens is not None else ():
        if m.zone is None or m.kind.startswith("objective"):
            continue
        if m.kind == "corpse-lady":  # S1: lies there until 2 Actions remove her (P. 33)
            if flags.get("corpse_work", 0) < 2:
                markers.append(Marker(zone=m.zone, kind="item", label=_short(m.kind)))
        elif m.kind in set_aside:  # S1: the Winchester 94 waits in its Zone until Searched
            markers.append(Marker(zone=m.zone, kind="item", label=_short(m.kind)))
    # Travelling scenes (S6, S8) remove tiles during play: the printed markers of a tile that has
    # left the board leave with it.
    on_board = board.zones
    markers = [m for m in markers if m.zone in on_board]
    phase = {"players": "Players' Phase", "ghouls": "Ghouls' Phase", "end": "End Phase",
             "setup": "Setup", "over": "Game over"}.get(state.phase, state.phase)
    caption = f"Round {state.round} · {phase}"
    if state.active:
        caption += f" · {_label(state.active)} to act"
    if state.result:
        caption += f" · {state.result.upper()}" + (f": {state.reason}" if state.reason else "")
    return BoardSnapshot(
        openings=openings_from_board(board, dict(state.opening_open), dict(state.opening_kind),
                                     _objective_openings(tokens)),
        spawns=spawns, survivors=tuple(survivors), ghouls=tuple(ghouls), car=car,
        markers=tuple(markers), round=state.round, phase=state.phase, caption=caption,
    )


def closed_openings(board: Any, state: Any) -> frozenset[str]:
    """Ids of the openings closed now: the game's ``opening_open`` over the map's printed state
    (what every ``nollab.board`` query takes as ``closed``)."""
    states = getattr(state, "opening_open", {}) or {}
    return frozenset(oid for oid, o in board.openings.items() if not states.get(oid, o.initially_open))


def ghoul_routes(events: Any, since_kinds: tuple[str, ...] = ("phase", "round")) -> tuple[tuple[str, str], ...]:
    """(from, to) of every Ghoul move (event kind "ghoul_move", P. 23) after the last event of a
    kind in ``since_kinds`` (default: since the current phase began)."""
    out: list[tuple[str, str]] = []
    for ev in reversed(list(events)):
        if ev.kind in since_kinds:
            break
        data = getattr(ev, "data", {}) or {}
        if ev.kind == "ghoul_move" and "zone" in data and "to" in data:
            pair = (data["zone"], data["to"])
            if pair not in out:
                out.append(pair)
    return tuple(reversed(out))


def snapshot_from_view(board: Any, view: Any) -> BoardSnapshot:
    """The pieces of a game's view model (``game.view()``, :class:`nollab.rules.view.GameView`)
    on ``board``: the one source of every fact drawn -- a Survivor's faceup Mode (a Relative
    forces Romero, P. 17), which Spawn tokens the Spawn Step draws for (P. 24), the items still
    lying on the map."""
    survivors = []
    driver = None
    passengers = []
    for s in view.survivors:
        if not s.alive:
            continue
        if s.in_car:
            if s.driver:
                driver = s.name
            else:
                passengers.append(s.name)
        survivors.append(SurvivorToken(
            name=s.name, zone=s.zone, mode=s.mode, colour=s.colour, active=s.active, wounds=s.wounds,
            in_car=s.in_car, barricades=s.barricade_tokens))
    car = CarToken(zone=view.car, driver=driver, passengers=tuple(passengers)) if view.car else None
    on_board = board.zones
    markers = tuple(Marker(zone=m.zone, kind=m.kind, label=_short(m.what) if m.kind == "item" else m.label)
                    for m in view.marks if m.zone in on_board)
    caption = f"Round {view.round} · {view.phase_name}"
    if view.active:
        caption += f" · {view.survivor(view.active).name} to act"
    if view.result:
        caption += f" · {view.result.upper()}" + (f": {view.reason}" if view.reason else "")
    return BoardSnapshot(
        openings=tuple(_opening_token(board, o) for o in view.openings),
        spawns=tuple(SpawnToken(zone=x.zone, colour=x.colour, active=x.active) for x in view.spawns),
        survivors=tuple(survivors), ghouls=tuple(view.ghouls), car=car, markers=markers,
        round=view.round, phase=view.phase, caption=caption, danger=view.danger_level,
        result=view.result, reason=view.reason,
    )


def _opening_token(board: Any, o: Any) -> OpeningToken:
    a, b = (tuple(c) for c in board.openings[o.id].cells)
    return OpeningToken(edge=edge(a, b), kind=_s(o.kind), open=o.open, id=o.id, objective=o.objective)


def snapshot_from_game(game: Any) -> BoardSnapshot:
    """The pieces of a live ``nollab.rules.Game``, read from its view model (``game.view()``);
    a game-like object without one falls back to :func:`snapshot_from_state`."""
    if hasattr(game, "view") and hasattr(game, "_ctx"):
        return snapshot_from_view(game.board, game.view())
    board = game.board
    tokens = None
    for holder in (getattr(game, "scene", None), getattr(game, "scene_map", None), game):
        tokens = getattr(holder, "tokens", None)
        if tokens is not None:
            break
    content = getattr(game, "content", None)
    colours = {sid: card.color for sid, card in getattr(content, "survivors", {}).items()} if content else {}
    return snapshot_from_state(board, game.state, tokens, colours)
