"""Passes 2 and 3 of the save schema (:mod:`nollab.rules.saves`): where the Scene comes from (a shipped
or content-folder Scene by id, or embedded -- never a path), a sandbox's hand-made board, and the
checks on the built Game (places on its Board, each card in one place, a probe on a fork)."""
from __future__ import annotations

from typing import Any, Callable

from nollab.board.model import OpeningKind, ZoneKind
from nollab.board.scene_map import SCENE_ID_CHARS, SHIPPED_SCENES, user_scenes_dir
from nollab.rules.engine.events import IllegalAction
from nollab.rules.saves.fields import (SaveError, as_bool, as_dict, as_int, as_list, as_str, fail, known_fields,
                                       short)
from nollab.rules.scenes.flags import check_flags, declared_flags
from nollab.rules.scenes.handmade import SANDBOX_FORMAT
from nollab.rules.scenes.scene_schema import check_scene_table

__all__ = ["check_sandbox", "check_scene_ref", "check_against_board", "probe"]


def check_sandbox(path: str, sb: Any, content, check_state: Callable, check_events: Callable) -> None:
    """A sandbox game's spec: format, a hand-made board or a shipped Scene by id, its Scene table
    (embedded rules), tokens and starting position."""

    as_dict(path, sb)
    if sb.get("format") != SANDBOX_FORMAT:
        raise fail(f"{path}.format", f"expected {SANDBOX_FORMAT!r}")
    known_fields(path, sb, {"format", "board", "scene", "spawns", "car", "data", "clockwise", "start"},
            {"format", "spawns", "data", "clockwise", "start"})
    if ("board" in sb) == ("scene" in sb):
        raise fail(path, "a sandbox has a hand-made 'board' or a shipped 'scene', exactly one")
    if "scene" in sb:
        check_scene_ref(f"{path}.scene", sb["scene"])
    else:
        _board(f"{path}.board", sb["board"])
    try:
        check_scene_table(sb["data"], f"{path}.data", embedded=True)
    except ValueError as exc:
        raise SaveError(str(exc)) from None
    for i, t in enumerate(as_list(f"{path}.spawns", sb["spawns"], 64)):
        tok = as_list(f"{path}.spawns[{i}]", t, 2)
        if len(tok) != 2 or not all(isinstance(x, str) for x in tok):
            raise fail(f"{path}.spawns[{i}]", "expected [zone, colour]")
    if sb.get("car") is not None:
        as_str(f"{path}.car", sb["car"])
    for i, z in enumerate(as_list(f"{path}.clockwise", sb["clockwise"], 64)):
        as_str(f"{path}.clockwise[{i}]", z)
    start = as_dict(f"{path}.start", sb["start"])
    known_fields(f"{path}.start", start, {"state", "events"}, {"state", "events"})
    check_state(f"{path}.start.state", start["state"], content)
    check_events(f"{path}.start.events", start["events"])


#: a hand-made board: cells per side, Zones, Openings (far above a 6-tile farmhouse)
MAX_BOARD_CELLS, MAX_ZONES, MAX_OPENINGS = 400, 5_000, 10_000


def _board(path: str, b: Any) -> None:

    as_dict(path, b)
    known_fields(path, b, {"name", "rows", "cols", "zones", "openings", "walls", "tiles"},
            {"rows", "cols", "zones", "openings", "walls", "tiles"})
    rows = as_int(f"{path}.rows", b["rows"], 1, MAX_BOARD_CELLS)
    cols = as_int(f"{path}.cols", b["cols"], 1, MAX_BOARD_CELLS)
    if "name" in b:
        as_str(f"{path}.name", b["name"])

    def cell(p: str, c: Any) -> None:
        pair = as_list(p, c, 2)
        if len(pair) != 2:
            raise fail(p, "expected [row, col]")
        as_int(f"{p}[0]", pair[0], 0, rows - 1)
        as_int(f"{p}[1]", pair[1], 0, cols - 1)

    zone_ids, seen_cells = set(), set()
    for i, z in enumerate(as_list(f"{path}.zones", b["zones"], MAX_ZONES)):
        p = f"{path}.zones[{i}]"
        z = as_list(p, z, 5)
        if len(z) != 5:
            raise fail(p, "expected [id, kind, tile, cells, label]")
        zone_ids.add(as_str(f"{p}[0]", z[0]))
        as_str(f"{p}[1]", z[1], [k.value for k in ZoneKind])
        if z[2] is not None:
            as_str(f"{p}[2]", z[2])
        for k, c in enumerate(as_list(f"{p}[3]", z[3], rows * cols)):
            cell(f"{p}[3][{k}]", c)
            if tuple(c) in seen_cells:
                raise fail(f"{p}[3][{k}]", "a cell in two Zones")
            seen_cells.add(tuple(c))
        as_str(f"{p}[4]", z[4])
    for i, o in enumerate(as_list(f"{path}.openings", b["openings"], MAX_OPENINGS)):
        p = f"{path}.openings[{i}]"
        o = as_list(p, o, 7)
        if len(o) != 7:
            raise fail(p, "expected [id, kind, zones, cells, open, window, label]")
        as_str(f"{p}[0]", o[0])
        as_str(f"{p}[1]", o[1], [k.value for k in OpeningKind])
        zs = as_list(f"{p}[2]", o[2], 2)
        if len(zs) != 2:
            raise fail(f"{p}[2]", "expected the two Zones it joins")
        for k, z in enumerate(zs):
            as_str(f"{p}[2][{k}]", z, zone_ids)
        for k, c in enumerate(as_list(f"{p}[3]", o[3], 2)):
            cell(f"{p}[3][{k}]", c)
        as_bool(f"{p}[4]", o[4])
        as_bool(f"{p}[5]", o[5])
        as_str(f"{p}[6]", o[6])
    for i, w in enumerate(as_list(f"{path}.walls", b["walls"], MAX_OPENINGS)):
        for k, c in enumerate(as_list(f"{path}.walls[{i}]", w, 2)):
            cell(f"{path}.walls[{i}][{k}]", c)
    for i, t in enumerate(as_list(f"{path}.tiles", b["tiles"], 64)):
        p = f"{path}.tiles[{i}]"
        t = as_list(p, t, 7)
        if len(t) != 7:
            raise fail(p, "expected [tile, row, col, rows, cols, rotation, reconstructed]")
        as_str(f"{p}[0]", t[0])
        for k in range(1, 5):
            as_int(f"{p}[{k}]", t[k], 0, MAX_BOARD_CELLS)
        as_int(f"{p}[5]", t[5], 0, 270)
        as_bool(f"{p}[6]", t[6])


def check_scene_ref(path: str, ref: Any) -> None:
    """Pass 2: a scene reference of a save: a shipped Scene's id or one of ``$NOLLAB_CONTENT/scenes``
    (by id), or ``{"embedded": {"id", "toml"}}``. A path is refused: a save never picks a file."""

    if isinstance(ref, dict):
        known_fields(path, ref, {"embedded"}, {"embedded"})
        emb = as_dict(f"{path}.embedded", ref["embedded"])
        known_fields(f"{path}.embedded", emb, {"id", "toml"}, {"id", "toml"})
        as_str(f"{path}.embedded.id", emb["id"])
        if not isinstance(emb["toml"], str) or len(emb["toml"]) > (1 << 20):
            raise fail(f"{path}.embedded.toml", "expected the scene file's text (at most 1 MiB)")
        return
    if not isinstance(ref, str) or not ref:
        raise fail(path, f"expected a Scene id such as \"S1\" or an embedded Scene, got {short(ref)}")
    if len(ref) > 64 or any(ch not in SCENE_ID_CHARS for ch in ref):
        raise fail(path, f"{short(ref)} is not a Scene id: a save names a shipped Scene, one in "
                          "$NOLLAB_CONTENT/scenes, or embeds its Scene -- never a path")
    user = user_scenes_dir()
    found = (SHIPPED_SCENES / f"{ref.upper()}.toml").is_file() or (
        user is not None and any((user / f"{n}.toml").is_file() for n in (ref, ref.upper())))
    if not found:
        raise fail(path, f"no Scene {ref!r} (neither shipped nor in $NOLLAB_CONTENT/scenes)")


def check_against_board(game) -> None:
    """Pass 3, on the built Game: places exist on its Board, each card is in one place; then a probe
    on a fork (legal actions, chance outcomes, snapshot, one queued engine step) must not crash."""
    st, board = game.state, game.board
    zones, openings = board.zones, board.openings
    try:
        check_flags(st.flags, declared_flags(game.scene.hooks), "state.flags")
    except ValueError as exc:
        raise SaveError(str(exc)) from None

    def zone(p: str, z: str) -> None:
        if z not in zones:
            raise fail(p, f"no Zone {short(z)} on this game's board")
    for s in st.survivors.values():
        zone(f"state.survivors.{s.id}.zone", s.zone)
    for z in st.ghouls:
        zone(f"state.ghouls.{z}", z)
    for i, (z, _c) in enumerate(st.spawns):
        zone(f"state.spawns[{i}]", z)
    # (the Car may wait on a tile not in play yet: S8's final tile, so its Zone is not checked here)
    for key in ("opening_open", "opening_kind"):
        for oid in getattr(st, key):
            if oid not in openings:
                raise fail(f"state.{key}.{oid}", "no such Opening on this game's board")
    seen: dict[int, str] = {}

    def place(where: str, uids) -> None:
        for u in uids:
            if u in seen:
                raise fail(where, f"card uid {u} is also in {seen[u]}")
            seen[u] = where
    for s in st.survivors.values():
        place(f"state.survivors.{s.id}", s.inventory())
    for key in ("decks", "discards", "supply", "aside"):
        for name, pile in getattr(st, key).items():
            place(f"state.{key}.{name}", pile)
    probe(game)


def probe(game) -> None:
    """Run the read-only queries and one engine step on a fork: a state that cannot run fails here,
    as a SaveError, instead of later in the user's hands."""

    try:
        g = game.fork()
        g.needs()
        g.legal_actions()
        g.free_discards()
        g.chance_outcomes()
        g.snapshot(events=5)
        if g.needs() in ("step", "chance"):
            g.step()
    except IllegalAction:
        return  # the rules refusing a move is a game answering, not a broken state: the save is fine
    except (SaveError, RecursionError):
        raise
    except Exception as exc:  # noqa: BLE001 -- any crash means the saved state is not a game state
        raise SaveError(f"state: the saved position cannot be played ({type(exc).__name__}: {exc})"[:300]) from None
