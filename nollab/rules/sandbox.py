"""Hand-made positions for lessons and tests: any board, Survivors, Ghouls and cards.

``sandbox(board, {"helen": "T:a"}, ghouls={"T:a": {"walker": 2}}, inventory={"helen": ["katana"]})``
returns a :class:`~nollab.rules.game.Game` at the start of the first Survivor's Turn, with no
Spawn Zones unless given. Rulebook examples (P. 18, 26-28) are set up this way in the tests.
"""
from __future__ import annotations

import json

from nollab.board import Board, MapTokens, SpawnToken
from nollab.board.model import Opening, OpeningKind, TilePlacement, Zone, ZoneKind
from nollab.rules import rng
from nollab.rules.scene import Scene
from nollab.rules.state import GameState, SurvivorState

SANDBOX_FORMAT = "nollab-sandbox/1"


def board_to_dict(board: Board) -> dict:
    """A hand-made Board as plain JSON data (zones with their cells, openings, walls, tiles), so a
    sandbox game can be saved: :func:`board_from_dict` rebuilds an equal Board."""
    return {
        "name": board.name, "rows": board.rows, "cols": board.cols,
        "zones": [[z.id, str(z.kind), z.tile, [list(c) for c in z.cells], z.label] for z in board.zones.values()],
        "openings": [[o.id, str(o.kind), list(o.zones), [list(c) for c in o.cells], bool(o.initially_open),
                      bool(o.window), o.label] for o in board.openings.values()],
        "walls": sorted(sorted(list(c) for c in w) for w in board.walls),
        "tiles": [[t.tile, t.row, t.col, t.rows, t.cols, t.rotation, bool(t.reconstructed)] for t in board.tiles],
    }


def board_from_dict(d: dict) -> Board:
    """Inverse of :func:`board_to_dict`."""
    rows, cols = int(d["rows"]), int(d["cols"])
    grid: list[list[str | None]] = [[None] * cols for _ in range(rows)]
    zones = []
    for zid, kind, tile, cells, label in d["zones"]:
        cs = tuple((int(r), int(c)) for r, c in cells)
        for r, c in cs:
            grid[r][c] = zid
        zones.append(Zone(zid, ZoneKind(kind), tile, cs, label))
    openings = [Opening(oid, OpeningKind(kind), (zs[0], zs[1]), tuple((int(r), int(c)) for r, c in cells),
                        bool(op), bool(win), label) for oid, kind, zs, cells, op, win, label in d["openings"]]
    walls = [tuple((int(r), int(c)) for r, c in w) for w in d["walls"]]
    tiles = [TilePlacement(t, int(r), int(c), int(nr), int(nc), int(rot), bool(rec))
             for t, r, c, nr, nc, rot, rec in d["tiles"]]
    return Board(rows=rows, cols=cols, cell_zone=grid, zones=zones, openings=openings, walls=walls, tiles=tiles,
                 name=d.get("name", ""))


def sandbox_scene(spec: dict) -> Scene:
    """The Scene of a saved sandbox game (``Game.to_json`` stores ``spec``)."""
    if not isinstance(spec, dict) or spec.get("format") != SANDBOX_FORMAT:
        raise ValueError(f"from_json: 'sandbox' is not a {SANDBOX_FORMAT} board/scene spec")
    from nollab.rules.scene import _register_hooks
    _register_hooks()
    board = board_from_dict(spec["board"])
    spawns = [tuple(t) for t in spec["spawns"]]
    tokens = MapTokens(spawns=tuple(SpawnToken(z, c) for z, c in spawns), car=spec.get("car"))
    return Scene("sandbox", board, tokens, spec["data"], list(spec["clockwise"]))


def sandbox_start(spec: dict, content, options: dict, survivors, history: bool):
    """A new Game at the sandbox's starting position (what ``Game.replay`` replays from)."""
    from nollab.rules.events import Event
    from nollab.rules.game import Game
    sc = sandbox_scene(spec)
    sc.bind(content)
    g = Game(GameState.from_dict(spec["start"]["state"]), content, sc, options, survivors,
             [Event.from_dict(e) for e in spec["start"]["events"]], [], history=history)
    g.sandbox_spec = spec
    return g


def sandbox(board, survivors: dict[str, str], *, ghouls: dict | None = None, inventory: dict | None = None,
            modes: dict | None = None, xp: dict | None = None, seed: int = 0, options: dict | None = None,
            spawns: list | None = None, ghoul_deck: list[int] | None = None, hooks: list[str] | None = None,
            content=None, car: str | None = None):
    from nollab.rules.game import Game, default_content
    from nollab.rules.experience import gain_xp
    from nollab.rules.scene import _register_hooks
    _register_hooks()
    content = content or default_content()
    tokens = MapTokens(spawns=tuple(SpawnToken(z, c) for z, c in (spawns or [])), car=car)
    clockwise = list(dict.fromkeys(z for z, _c in (spawns or [])))
    scene = Scene("sandbox", board, tokens, {"title": "sandbox", "hooks": hooks or [], "drive": True}, clockwise)
    scene.bind(content)
    options = dict(options or {})
    cards, origin = [], []
    for card in content.equipment.values():
        for deck, n in sorted(card.decks.items()):
            cards += [card.id] * n
            origin += [deck] * n
    st = GameState(scene="sandbox", seed=seed, rng=rng.seed_state(seed), cards=cards, origin=origin)
    free = {u: True for u in range(len(cards))}

    def take(cid: str) -> int:
        for u in range(len(cards)):
            if cards[u] == cid and free.get(u):
                free[u] = False
                return u
        raise ValueError(f"inventory: no {cid!r} card left in the box")

    for sid, zone in survivors.items():
        if sid not in content.survivors:
            raise ValueError(f"survivors: unknown survivor {sid!r}")
        if zone not in board.zones:
            raise ValueError(f"survivors[{sid!r}]: unknown zone {zone!r}")
        s = SurvivorState(id=sid, zone=zone, mode=(modes or {}).get(sid, "romero"), slots=[[0, 0]])
        for i, cid in enumerate((inventory or {}).get(sid, [])):
            u = take(cid)
            if i < 2:
                s.hands[i] = u
            else:
                s.backpack.append(u)
        st.survivors[sid] = s
    for d in ("ranged", "melee", "house"):
        pile = [u for u in range(len(cards)) if origin[u] == d and free[u]]
        st.rng = rng.shuffle(st.rng, pile)
        st.decks[d] = pile
        st.discards[d] = []
    st.discards["starting"] = [u for u in range(len(cards)) if origin[u] == "starting" and free[u]]
    for u in range(len(cards)):
        if origin[u] == "special" and free[u]:
            st.supply.setdefault(cards[u], []).append(u)
    st.players = options.get("players") or [[x] for x in survivors]
    st.first_player = 0
    for zone, counts in (ghouls or {}).items():
        for g, n in counts.items():
            st.add_ghouls(zone, g, n)
    st.opening_open = {oid: bool(o.initially_open) for oid, o in board.openings.items()}
    nums = ghoul_deck if ghoul_deck is not None else [c.number for c in content.ghoul_deck]
    st.ghoul_deck = list(nums)
    if ghoul_deck is None:
        st.rng = rng.shuffle(st.rng, st.ghoul_deck)
    st.spawns = [[z, c] for z, c in (spawns or [])]
    if car:
        st.car = {"zone": car}
    g = Game(st, content, scene, options, list(survivors), history=True)
    ctx = g._ctx()
    for sid, n in (xp or {}).items():
        gain_xp(ctx, sid, n, "sandbox start", "P. 14")
    while st.queue and st.pending is None:  # place the Skill trackers of the starting XP
        g._run_task(ctx)
    st.phase = "players"
    st.queue.append(["round_start"])
    g._drain()
    g.sandbox_spec = {"format": SANDBOX_FORMAT, "board": board_to_dict(board),
                      "spawns": [list(t) for t in (spawns or [])], "car": car, "data": scene.data,
                      "clockwise": clockwise,
                      "start": json.loads(json.dumps({"state": st.to_dict(),
                                                      "events": [e.to_dict() for e in g.events]}))}
    return g


def rig_dice(game, faces: list[int]) -> None:
    """Set the next die faces (like placing the dice by hand to replay a rulebook example)."""
    if any(not 1 <= f <= 6 for f in faces):
        raise ValueError(f"faces must be 1..6, got {faces}")
    game.state.flags.setdefault("rigged_dice", []).extend(int(f) for f in faces)
