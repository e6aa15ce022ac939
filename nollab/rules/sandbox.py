"""Hand-made positions for lessons and tests: any board, Survivors, Ghouls and cards.

``sandbox(board, {"helen": "T:a"}, ghouls={"T:a": {"walker": 2}}, inventory={"helen": ["katana"]})``
returns a :class:`~nollab.rules.game.Game` at the start of the first Survivor's Turn, with no
Spawn Zones unless given. Rulebook examples (P. 18, 26-28) are set up this way in the tests.

``board`` may also be a shipped Scene's id (``sandbox("S1", {...})``): its map, its Spawn tokens
and Car, and its special rules (hooks) and objectives, with the position you give on top.

Every field a position has can be given (each checked before anything is built; a bad value is a
``ValueError`` naming the field):

=====================  ============================================================================
``survivors``          ``{survivor: zone}``, in seating order (P. 7)
``ghouls``             ``{zone: {"walker": 2, "fatty": 1}}`` (P. 17)
``inventory``          ``{survivor: [card, ...]}``: Hands first, then the Backpack (P. 16). A card is
                       a copy name (``"winchester_94~ranged"``, :mod:`nollab.rules.position.cards`)
                       or a card id meaning its first copy still in the box
``modes``              ``{survivor: "romero" | "zombicide"}`` (the side faceup, P. 14)
``xp``                 ``{survivor: n}``: gained as in play (Skill trackers placed, choices asked)
                       unless ``skills`` names that Survivor's Skills (then set as given)
``skills``             ``{survivor: [skill id, ...]}``: trackers on the Zombicide side (P. 14); the
                       Blue Skill is always there
``wounds``             ``{survivor: 0..2}`` (3 Wounds eliminate, P. 17)
``carried_barricades`` ``{survivor: n}``: Barricade tokens carried (S1 "Makeshift barricades", P. 33)
``car_seats``          ``{survivor: "driver" | "passenger"}``: in the Car (P. 20); needs ``car``
``fired``              ``[card, ...]``: Reload weapons fired and not reloaded yet (P. 28)
``round``              the round number (default 1)
``first_player``       the survivor holding the First Player token (P. 7)
``decks``              ``{"ranged" | "melee" | "house": [card, ...]}``: the top of that draw pile,
                       listed **bottom to top: the last card is drawn first** (the state's order);
                       the deck's other cards are shuffled below them
``ghoul_deck``         Ghoul card numbers, the whole deck, bottom to top (the last is drawn first)
``spawns``             ``[(zone, "white" | "red" | "yellow" | "violet"), ...]``: Spawn tokens, clockwise, white first
``doors``              ``{opening: True (open) | False (closed)}`` (P. 18-19)
``barricades``         ``[opening, ...]``: Barricade tokens placed there, closed unless ``doors``
                       opens them (P. 19; S1 blocks windows with them, P. 33)
``aside``              ``{place: [card, ...]}``: cards set aside by a Scene (S1 Winchester 94, P. 33)
``flags``              Scene rules and objective state (the JSON the Scene's hooks keep, e.g.
                       ``{"corpse_seen": True}``), set after the hooks' setup
``hooks``              Scene rule hooks by name (default: the Scene's, or none on a bare board)
``car``                the Car's Zone (default: the Scene's map)
``options``            ``players`` (seating groups), ``ultrared`` (P. 32)
=====================  ============================================================================

The Scene's hooks are set up as in :meth:`Game.new` (``on_setup`` after the position is placed:
S9 "Spawning in houses" arms, P. 42; S9/S10 "start in the Car" asks who drives; S3's spread among
the Starting Zones, P. 35, is asked only if every Survivor was placed in a Starting Zone).
"""
from __future__ import annotations

import json

from nollab.board import MapTokens, SpawnToken
from nollab.board.model import SPAWN_COLOURS  # P. 24: white, red, and the Scenes' yellow and violet
from nollab.content_model import GHOUL_TYPES
from nollab.rules.engine import rng
from nollab.rules.engine.state import GameState, SurvivorState
from nollab.rules.game import Game, default_content
from nollab.rules.position.cards import CardNames, box_layout
from nollab.rules.position.edit import skill_slots
from nollab.rules.scenes.flags import check_flags, declared_flags
from nollab.rules.scenes.handmade import SANDBOX_FORMAT, board_to_dict
from nollab.rules.scenes.scene import Scene, load_scene
from nollab.rules.survivors.experience import gain_xp
from nollab.rules.engine.tasks import Task

#: bounds on what a sandbox takes (far above any real game: P. 17 has 3 Wounds, the box ~60 Ghouls)
MAX_GHOULS_PER_ZONE = 200
MAX_ROUND = 10_000
MAX_XP = 10_000
MAX_BARRICADES = 50
MODES = ("romero", "zombicide")
DRAW_DECKS = ("ranged", "melee", "house")



def _int(field: str, v, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"{field}: an integer from {lo} to {hi}, got {v!r}")
    return v


def _mapping(field: str, v) -> dict:
    if v is None:
        return {}
    if not isinstance(v, dict):
        raise ValueError(f"{field}: a dict, got {type(v).__name__}")
    return v


def _scene_of(board, hooks, spawns, car, content):
    """(Scene, spawns, car, scene id or None): a shipped Scene by id, or a bare Board."""
    if isinstance(board, str):
        try:
            sc = load_scene(board)
        except (ValueError, OSError) as exc:
            raise ValueError(f"board: {exc}") from None
        if hooks is not None:
            sc = Scene(sc.id, sc.board, sc.tokens, {**sc.data, "hooks": list(hooks)}, sc.clockwise, sc.file)
        if spawns is None:
            spawns = [(t.zone, t.colour) for t in sc.tokens.spawns]
        if car is None:
            car = sc.tokens.car
        sc.bind(content)
        return sc, spawns, car, sc.id
    tokens = MapTokens(spawns=tuple(SpawnToken(z, c) for z, c in (spawns or [])), car=car)
    clockwise = list(dict.fromkeys(z for z, _c in (spawns or [])))
    sc = Scene("sandbox", board, tokens, {"title": "sandbox", "hooks": list(hooks or []), "drive": True}, clockwise)
    sc.bind(content)
    return sc, spawns, car, None


def sandbox(board, survivors: dict[str, str], *, ghouls: dict | None = None, inventory: dict | None = None,
            modes: dict | None = None, xp: dict | None = None, seed: int = 0, options: dict | None = None,
            spawns: list | None = None, ghoul_deck: list[int] | None = None, hooks: list[str] | None = None,
            content=None, car: str | None = None, skills: dict | None = None, wounds: dict | None = None,
            carried_barricades: dict | None = None, car_seats: dict | None = None, fired: list | None = None,
            round: int = 1, first_player: str | None = None, decks: dict | None = None,
            doors: dict | None = None, barricades: list | None = None, aside: dict | None = None,
            flags: dict | None = None) -> Game:
    """A :class:`Game` at the start of the first Survivor's Turn on ``board`` (a Board or a shipped
    Scene id) with the position given (every field: the module docstring)."""
    content = content or default_content()
    scene, spawns, car, scene_id = _scene_of(board, hooks, spawns, car, content)
    board = scene.board
    options = dict(options or {})
    cards, origin = box_layout(content)
    names = CardNames(cards, origin)
    st = GameState(scene=scene_id or "sandbox", seed=_int("seed", seed, -(1 << 63), (1 << 63) - 1),
                   rng=rng.seed_state(seed), cards=cards, origin=origin)
    st.round = _int("round", round, 1, MAX_ROUND)
    free = [True] * len(cards)

    def take(field: str, name) -> int:
        try:
            u = names.resolve(name, lambda x: free[x])
        except ValueError as exc:
            raise ValueError(f"{field}: {exc}") from None
        if not free[u]:
            raise ValueError(f"{field}: {names.name(u)} is already placed")
        free[u] = False
        return u

    survivors = _mapping("survivors", survivors)
    if not 1 <= len(survivors) <= len(content.survivors):
        raise ValueError(f"survivors: 1 to {len(content.survivors)} survivors, got {len(survivors)}")
    for field, d in (("modes", modes), ("xp", xp), ("skills", skills), ("wounds", wounds),
                     ("carried_barricades", carried_barricades), ("car_seats", car_seats), ("inventory", inventory)):
        for sid in _mapping(field, d):
            if sid not in survivors:
                raise ValueError(f"{field}: {sid!r} is not one of the survivors {list(survivors)}")
    if car_seats and not car:
        raise ValueError("car_seats: no Car on this board (give car=<zone>)")
    drivers = [x for x, seat in (car_seats or {}).items() if seat == "driver"]
    if len(drivers) > 1:
        raise ValueError(f"car_seats: one Driver at most, got {drivers}")
    passengers = [x for x, seat in (car_seats or {}).items() if seat == "passenger"]
    if len(passengers) > content.car.passengers:
        raise ValueError(f"car_seats: {content.car.passengers} Passenger seats, got {len(passengers)}")
    for sid, zone in survivors.items():
        if sid not in content.survivors:
            raise ValueError(f"survivors: unknown survivor {sid!r} (known: {sorted(content.survivors)})")
        if zone not in board.zones:
            raise ValueError(f"survivors[{sid!r}]: unknown zone {zone!r}")
        mode = (modes or {}).get(sid, scene.data.get("mode", "romero") if scene_id else "romero")
        if mode not in MODES:
            raise ValueError(f"modes[{sid!r}]: {mode!r} is not one of {MODES}")
        s = SurvivorState(id=sid, zone=zone, mode=mode, slots=[[0, 0]])
        s.wounds = _int(f"wounds[{sid!r}]", (wounds or {}).get(sid, 0), 0, 2)
        s.barricades = _int(f"carried_barricades[{sid!r}]", (carried_barricades or {}).get(sid, 0), 0, MAX_BARRICADES)
        seat = (car_seats or {}).get(sid)
        if seat is not None:
            if seat not in ("driver", "passenger"):
                raise ValueError(f"car_seats[{sid!r}]: 'driver' or 'passenger', got {seat!r}")
            if zone != car:
                raise ValueError(f"car_seats[{sid!r}]: {sid} is in {zone}, the Car in {car}")
            s.in_car, s.driver = True, seat == "driver"
        inv = (inventory or {}).get(sid, [])
        if not isinstance(inv, list):
            raise ValueError(f"inventory[{sid!r}]: a list of cards, got {inv!r}")
        if len(inv) > 2 + 3:
            raise ValueError(f"inventory[{sid!r}]: 2 Hands and 3 Backpack slots (P. 16), got {len(inv)} cards")
        for i, cid in enumerate(inv):
            u = take(f"inventory[{sid!r}]", cid)
            if i < 2:
                s.hands[i] = u
            else:
                s.backpack.append(u)
        if skills and sid in skills:
            if not isinstance(skills[sid], list):
                raise ValueError(f"skills[{sid!r}]: a list of Skill ids, got {skills[sid]!r}")
            s.slots = skill_slots(content, sid, skills[sid])
            n = _int(f"xp[{sid!r}]", (xp or {}).get(sid, 0), 0, MAX_XP)
            s.xp = s.xp_total = n
            s.lap_level = int(content.danger_level(n))
        st.survivors[sid] = s
    for sid, n in (xp or {}).items():
        _int(f"xp[{sid!r}]", n, 0, MAX_XP)
    for cid in fired or []:
        u = names.resolve(cid) if isinstance(cid, str) else -1
        holders = [s for s in st.survivors.values() if u in s.inventory()]
        if not holders:
            raise ValueError(f"fired: {cid!r} is not carried by a Survivor")
        card = content.equipment[cards[u]]
        if not any(p is not None and p.reload for p in (card.ranged, card.melee)):
            raise ValueError(f"fired: {card.name} has no Reload trait (P. 28)")
        st.fired.append(u)
    for place, cids in _mapping("aside", aside).items():
        st.aside[str(place)] = [take(f"aside[{place!r}]", c) for c in cids]
    if scene_id and aside is None and scene.data.get("starting_w94") == "aside":
        w94 = next((u for u in names.uids("winchester_94") if origin[u] == "starting" and free[u]), None)
        if w94 is not None:  # S1: "The Winchester 94 is put aside" (P. 33)
            free[w94] = False
            st.aside["w94"] = [w94]
    tops = _mapping("decks", decks)
    for d in tops:
        if d not in DRAW_DECKS:
            raise ValueError(f"decks: {d!r} is not one of {DRAW_DECKS}")
    for d in DRAW_DECKS:
        top = [take(f"decks[{d!r}]", c) for c in tops.get(d, [])]
        for u in top:
            if origin[u] != d:
                raise ValueError(f"decks[{d!r}]: {names.name(u)} belongs to the {origin[u]} deck")
        pile = [u for u in range(len(cards)) if origin[u] == d and free[u]]
        st.rng = rng.shuffle(st.rng, pile)
        st.decks[d] = pile + top
        st.discards[d] = []
    for d in DRAW_DECKS:
        for u in st.decks[d]:
            free[u] = False
    st.discards["starting"] = [u for u in range(len(cards)) if origin[u] == "starting" and free[u]]
    for u in range(len(cards)):
        if origin[u] == "special" and free[u]:
            st.supply.setdefault(cards[u], []).append(u)
    st.players = options.get("players") or [[x] for x in survivors]
    if first_player is not None:
        idx = [i for i, grp in enumerate(st.players) if first_player in grp]
        if not idx:
            raise ValueError(f"first_player: {first_player!r} is not one of the survivors {list(survivors)}")
        st.first_player = idx[0]
    for zone, counts in _mapping("ghouls", ghouls).items():
        if zone not in board.zones:
            raise ValueError(f"ghouls: unknown zone {zone!r}")
        for gt, n in _mapping(f"ghouls[{zone!r}]", counts).items():
            if gt not in GHOUL_TYPES:
                raise ValueError(f"ghouls[{zone!r}]: unknown Ghoul type {gt!r} (known: {list(GHOUL_TYPES)})")
            st.add_ghouls(zone, gt, _int(f"ghouls[{zone!r}][{gt!r}]", n, 0, MAX_GHOULS_PER_ZONE))
    st.opening_open = {oid: bool(o.initially_open) for oid, o in board.openings.items()}
    for oid in barricades or []:
        if oid not in board.openings:
            raise ValueError(f"barricades: unknown opening {oid!r}")
        st.opening_kind[oid] = "barricade"
        st.opening_open[oid] = False
    for oid, is_open in _mapping("doors", doors).items():
        if oid not in board.openings:
            raise ValueError(f"doors: unknown opening {oid!r}")
        if not isinstance(is_open, bool):
            raise ValueError(f"doors[{oid!r}]: True (open) or False (closed), got {is_open!r}")
        st.opening_open[oid] = is_open
    known = [c.number for c in content.ghoul_deck]
    nums = list(ghoul_deck) if ghoul_deck is not None else list(known)
    for n in nums:
        if n not in known:
            raise ValueError(f"ghoul_deck: no Ghoul card number {n!r} (known: {known[0]}-{known[-1]})")
    st.ghoul_deck = nums
    if ghoul_deck is None:
        st.rng = rng.shuffle(st.rng, st.ghoul_deck)
    for z, c in spawns or []:
        if z not in board.zones:
            raise ValueError(f"spawns: unknown zone {z!r}")
        if c not in SPAWN_COLOURS:
            raise ValueError(f"spawns: colour {c!r} is not one of {SPAWN_COLOURS}")
    st.spawns = [[z, c] for z, c in (spawns or [])]
    if car:
        if car not in board.zones:
            raise ValueError(f"car: unknown zone {car!r}")
        st.car = {"zone": car}
    if flags is not None:
        try:
            flags = json.loads(json.dumps(_mapping("flags", flags)))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"flags: JSON values only ({exc})") from None
        check_flags(flags, declared_flags(scene.hooks))
    g = Game(st, content, scene, options, list(survivors), history=True)
    ctx = g._ctx()
    for sid, n in (xp or {}).items():
        if not (skills and sid in skills):
            gain_xp(ctx, sid, n, "sandbox start", "P. 14")
    while st.queue and st.pending is None:  # place the Skill trackers of the starting XP
        g._run_task(ctx)
    scene.on_setup(ctx)  # the Scene's hooks are set up as in Game.new (S9 Spawning in houses, P. 42)
    if flags:
        st.flags.update(flags)
    st.phase = "players"
    st.queue.append(Task("round_start"))
    g._drain()
    spec = {"format": SANDBOX_FORMAT, "spawns": [list(t) for t in (spawns or [])], "car": car,
            "data": scene.data, "clockwise": scene.clockwise}
    if scene_id:
        spec["scene"] = scene_id
    else:
        spec["board"] = board_to_dict(board)
    spec["start"] = json.loads(json.dumps({"state": st.to_dict(), "events": [e.to_dict() for e in g.events]}))
    g.sandbox_spec = spec
    return g


def rig_dice(game, faces: list[int]) -> None:
    """Set the next die faces (like placing the dice by hand to replay a rulebook example):
    :meth:`Game.rig_dice`, logged so that a replay places them too."""
    game.rig_dice(faces)
