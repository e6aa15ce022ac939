"""Reading a position's text (``Game.from_position``): every field parsed, bounded and checked
before a Game exists; a bad one is a :class:`PositionError` (a ValueError) of one line naming the
field. The format: ``docs/position.md`` and :mod:`.notation`.

What is checked beyond syntax: the Scene is a shipped one; every Zone, Opening, Survivor, card,
Ghoul card, Skill slot, hook and engine step exists; every physical card is in exactly one place
(a Hand, a Backpack, a pile, the supply, set aside);
the Ghoul cards are distinct; the seating, First Player and acting Survivor agree.
"""
from __future__ import annotations

import re
from urllib.parse import unquote

from nollab.board.model import SPAWN_COLOURS  # P. 24: white, red, and the Scenes' yellow and violet
from nollab.rules.engine import rng
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.events import Event
from nollab.rules.engine.state import GameState
from nollab.rules.engine.tasks import TASKS, Task
from nollab.rules.position.cards import CardNames, box_layout
from nollab.rules.position.fields import (PositionError, _choice, _err, _ghoul_counts, _int,  # noqa: F401
                                          _items, _json, _kills, _survivor)
from nollab.rules.position.notation import DEFAULT_DECKS, DEFAULT_DISCARDS, MAGIC
from nollab.rules.scenes.flags import check_flags, declared_flags
from nollab.rules.scenes.hooks import HOOKS
from nollab.rules.scenes.scene import SCENES_DIR, Scene, load_scene

#: bounds, far above any real game (P. 17: 3 Wounds; ~60 Ghoul miniatures; 46 Ghoul cards)
MAX_TEXT = 200_000
MAX_ROUND = 10_000
MAX_STEPS = 10 ** 12
MAX_RIGGED = 1_000
MAX_EVENTS = 10 ** 6  # events before the position (events=, and the ev_* flags of hooks)
PHASES = ("setup", "players", "ghouls", "end", "over")
RESULTS = ("won", "lost")
KINDS = ("door", "stairs", "barricade", "window", "passage")
REPEATABLE = {"s"}
KEYS = {"round", "phase", "result", "reason", "first", "turn", "active", "players", "s", "ghouls", "opened", "closed",
        "openings", "kinds", "supply", "aside", "fired", "dual", "gdeck", "gdiscard", "spawns", "car", "kills",
        "options", "hooks", "flags", "queue", "rigged", "pending", "events", "steps", "seed", "rng"}
_DECK_KEY = re.compile(r"^(draw|discard)\.([a-z_]{1,20})$")


def split_fields(text) -> tuple[str, list[tuple[str, str]]]:
    """``(scene id, [(key, value), ...])`` of a position's text (syntax only)."""
    if not isinstance(text, str):
        raise PositionError(f"position: a text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise PositionError(f"position: more than {MAX_TEXT} characters")
    tokens = text.split()
    if len(tokens) < 2 or tokens[0] != MAGIC:
        raise PositionError(f"position: field 'magic': a position starts with '{MAGIC} <Scene>'")
    seen, out = set(), []
    for tok in tokens[2:]:
        key, eq, value = tok.partition("=")
        if not eq:
            raise _err(key[:40], "a field is key=value")
        if key not in KEYS and not _DECK_KEY.match(key):
            raise _err(key[:40], "unknown field")
        if key in seen and key not in REPEATABLE:
            raise _err(key, "given twice")
        seen.add(key)
        out.append((key, value))
    return tokens[1], out


def _scene(scene_id: str, hooks: list[str] | None) -> Scene:
    if not re.match(r"^S[0-9]{1,2}$", scene_id) or not (SCENES_DIR / f"{scene_id}.toml").is_file():
        raise _err("scene", f"{scene_id[:40]!r} is not a shipped Scene (S1 to S10)")
    sc = load_scene(scene_id)
    if hooks is not None:
        unknown = [h for h in hooks if h not in HOOKS]
        if unknown:
            raise _err("hooks", f"unknown hook(s) {[h[:40] for h in unknown[:5]]}")
        sc = Scene(sc.id, sc.board, sc.tokens, {**sc.data, "hooks": hooks}, sc.clockwise, sc.file)
    return sc


def read_position(text, content) -> tuple[GameState, Scene, dict, int]:
    """``(state, scene, options, events)`` of a position's text (``events``: how many events the
    game had logged); nothing is built when it is bad."""
    scene_id, fields = split_fields(text)
    by = {k: v for k, v in fields}
    hooks = _items(by["hooks"]) if "hooks" in by else None
    scene = _scene(scene_id, hooks)
    scene.bind(content)
    cards, origin = box_layout(content)
    names = CardNames(cards, origin)

    def card(field: str, name: str) -> int:
        try:
            return names.uid(name)
        except ValueError as exc:
            raise _err(field, str(exc)) from None

    seed = _int("seed", by.get("seed", "0"), -(1 << 63), (1 << 63) - 1)
    rng_text = by.get("rng", f"{rng.seed_state(seed):x}")
    if not re.match(r"^[0-9a-f]{1,16}$", rng_text):
        raise _err("rng", "the generator state, 1 to 16 hex digits")
    st = GameState(scene=scene.id, seed=seed, rng=int(rng_text, 16), cards=cards, origin=origin)
    st.round = _int("round", by.get("round", "1"), 1, MAX_ROUND)
    st.phase = by.get("phase", "players")
    if st.phase not in PHASES:
        raise _err("phase", f"{st.phase!r} is not one of {PHASES}")
    if "result" in by:
        if by["result"] not in RESULTS:
            raise _err("result", f"{by['result']!r} is not one of {RESULTS}")
        st.result = by["result"]
    st.reason = unquote(by.get("reason", ""))
    st.steps = _int("steps", by.get("steps", "0"), 0, MAX_STEPS)
    options = {}
    for o in _items(by.get("options", "")):
        if o != "ultrared":
            raise _err("options", f"unknown option {o!r} (known: ultrared)")
        options["ultrared"] = True
    for key, value in fields:
        if key == "s":
            s = _survivor(value, content, names)
            if s.id in st.survivors:
                raise _err("s", f"survivor {s.id!r} given twice")
            st.survivors[s.id] = s
    if not st.survivors:
        raise _err("s", "no Survivor (one s=<id>@<zone>,<mode> field per Survivor)")
    ids = list(st.survivors)
    st.players = [grp.split("+") for grp in _items(by["players"])] if "players" in by else [[x] for x in ids]
    if sorted(x for g in st.players for x in g) != sorted(ids):
        raise _err("players", f"the seating groups must hold each Survivor once: {ids}")
    st.first_player = _int("first", by.get("first", "0"), 0, len(st.players) - 1)
    st.turn = _int("turn", by.get("turn", "0"), 0, len(st.players))
    st.active = by.get("active")
    if st.active is not None and st.active not in st.survivors:
        raise _err("active", f"{st.active!r} is not one of the Survivors {ids}")
    for item in _items(by.get("ghouls", "")):
        z, _, counts = item.partition("/")
        if z in st.ghouls:
            raise _err("ghouls", f"zone {z!r} given twice")
        st.ghouls[z] = _ghoul_counts("ghouls", counts)
    for item in _items(by.get("kinds", "")):
        o, _, k = item.partition("/")
        if k not in KINDS:
            raise _err("kinds", f"{k!r} is not one of {KINDS}")
        st.opening_kind[o] = k
    st.decks = {d: [] for d in DEFAULT_DECKS}
    st.discards = {d: [] for d in DEFAULT_DISCARDS}
    for key, value in fields:
        m = _DECK_KEY.match(key)
        if m:
            piles = st.decks if m.group(1) == "draw" else st.discards
            piles[m.group(2)] = [card(key, c) for c in _items(value)]
    st.supply = {}
    for item in _items(by.get("supply", "")):
        cid, *us = item.split("/")
        st.supply[cid] = [card("supply", c) for c in us]
    for item in _items(by.get("aside", "")):
        place, *us = item.split("/")
        st.aside[place] = [card("aside", c) for c in us]
    st.fired = [card("fired", c) for c in _items(by.get("fired", ""))]
    st.dual_fired = [[card("dual", c) for c in item.split("/")] for item in _items(by.get("dual", ""))]
    known = {c.number for c in content.ghoul_deck}
    if "gdeck" in by:
        st.ghoul_deck = [_int("gdeck", n, 0, 10 ** 6) for n in _items(by["gdeck"])]
    st.ghoul_discard = [_int("gdiscard", n, 0, 10 ** 6) for n in _items(by.get("gdiscard", ""))]
    if "gdeck" not in by:  # not written: the Ghoul cards not discarded, shuffled (P. 6)
        st.ghoul_deck = [c.number for c in content.ghoul_deck if c.number not in st.ghoul_discard]
        st.rng = rng.shuffle(st.rng, st.ghoul_deck)
    both = st.ghoul_deck + st.ghoul_discard
    if any(n not in known for n in both) or len(set(both)) != len(both):
        bad = sorted({n for n in both if n not in known or both.count(n) > 1})
        raise _err("gdeck", f"Ghoul card numbers must be distinct and known ({min(known)}-{max(known)}): {bad}")
    if "spawns" in by:
        st.spawns = [item.split("/", 1) for item in _items(by["spawns"])]
    else:
        st.spawns = [[t.zone, t.colour] for t in scene.tokens.spawns]
    for z, c in (t if len(t) == 2 else [t[0], "?"] for t in st.spawns):
        if c not in SPAWN_COLOURS:
            raise _err("spawns", f"colour {c!r} is not one of {SPAWN_COLOURS}")
    if "car" in by:
        st.car = {"zone": by["car"]}
    st.kills = _kills("kills", by.get("kills", ""))
    if "flags" in by:
        st.flags = _json("flags", by["flags"])
        if not isinstance(st.flags, dict):
            raise _err("flags", "a JSON object")
        if any(k.startswith("ev_") and not (isinstance(v, int) and 0 <= v <= MAX_EVENTS) for k, v in st.flags.items()):
            raise _err("flags", f"an ev_* flag counts events read: 0 to {MAX_EVENTS}")
        try:
            check_flags(st.flags, declared_flags(scene.hooks))
        except ValueError as exc:
            raise _err("flags", str(exc)) from None
    if "queue" in by:
        queue = _json("queue", by["queue"])
        if not isinstance(queue, list) or not all(isinstance(t, list) and t and isinstance(t[0], str)
                                                  and t[0] in TASKS for t in queue):
            raise _err("queue", "a JSON list of engine steps [name, ...] with registered names")
        st.queue = [Task.of(t) for t in queue]
    st.rigged = [_int("rigged", x, 1, 6) for x in _items(by.get("rigged", ""))]
    if len(st.rigged) > MAX_RIGGED:
        raise _err("rigged", f"more than {MAX_RIGGED} dice")
    if "pending" in by:
        st.pending = _choice(_json("pending", by["pending"]))
    # the Board in play (S6/S8: built from the travelling tiles in the flags) and what sits on it
    board = _board(st, content, scene, options)
    if "openings" in by:
        st.opening_open = {}
        for item in _items(by["openings"]):
            o, _, v = item.partition("/")
            if v not in ("0", "1"):
                raise _err("openings", f"{item[:40]!r}: <opening>/1 (open) or /0 (closed)")
            st.opening_open[o] = v == "1"
    for key, value in (("opened", True), ("closed", False)):
        for o in _items(by.get(key, "")):
            if o not in board.openings:
                raise _err(key, f"unknown opening {o!r}")
            st.opening_open[o] = value
    _complete(st, names, "supply" not in by)
    _check_places(st, board, names)
    if st.phase == "players" and st.active is None and not st.queue and st.pending is None and st.result is None:
        st.queue = [Task("round_start")]  # hand-written: the round starts, the First Player's Turn comes (P. 8)
    return st, scene, options, _int("events", by.get("events", "1"), 1, MAX_EVENTS)


def _complete(st: GameState, names: CardNames, supply: bool) -> None:
    """Cards written nowhere go where a new game keeps them (P. 6-7): Ranged, Melee and House cards
    shuffled into their draw pile under the cards listed, Starting cards on the Starting discard
    pile, special cards in the supply (box order). A written position places every card, so this
    only fills in a hand-written one."""
    placed = {u for s in st.survivors.values() for u in s.inventory()}
    for piles in (st.decks, st.discards, st.supply, st.aside):
        for pile in piles.values():
            placed.update(pile)
    placed.update(_ints([st.pending.to_dict() if st.pending else None, [t.to_json() for t in st.queue]]))
    rest = [u for u in range(len(names.cards)) if u not in placed]
    for d in DEFAULT_DECKS:
        under = [u for u in rest if names.origin[u] == d]
        if under:
            st.rng = rng.shuffle(st.rng, under)
            st.decks[d] = under + st.decks[d]
    st.discards["starting"] = [u for u in rest if names.origin[u] == "starting"] + st.discards["starting"]
    if supply:
        for u in rest:
            if names.origin[u] == "special":
                st.supply.setdefault(names.cards[u], []).append(u)


def _board(st: GameState, content, scene: Scene, options: dict):
    """Install the state's Board (``Scene.sync``) and check every place on it."""
    try:
        scene.sync(Ctx(st, content, scene.board, scene, [], options, {}))
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        raise _err("flags", f"the Scene cannot rebuild its board from them ({type(exc).__name__}: {exc})") from None
    board = scene.board
    zones, openings = board.zones, board.openings
    for s in st.survivors.values():
        if s.zone not in zones:
            raise _err(f"s={s.id}", f"unknown zone {s.zone!r}")
    for z in st.ghouls:
        if z not in zones:
            raise _err("ghouls", f"unknown zone {z!r}")
    default = {oid: bool(o.initially_open) for oid, o in openings.items()}
    st.opening_open = dict(default)
    return board


def _ints(v) -> list[int]:
    """Every integer in a JSON value (a card being resolved lives in the pending decision or
    step: the card drawn by a Search until kept or discarded, P. 18)."""
    if isinstance(v, bool):
        return []
    if isinstance(v, int):
        return [v]
    if isinstance(v, list):
        return [x for item in v for x in _ints(item)]
    if isinstance(v, dict):
        return [x for item in v.values() for x in _ints(item)]
    return []


def _check_places(st: GameState, board, names: CardNames) -> None:
    """Every physical card in exactly one place; every Opening, Spawn and Car Zone on the board."""
    where: dict[int, str] = {}

    def put(u: int, place: str) -> None:
        if u in where:
            raise _err(place, f"{names.name(u)} is also in {where[u]} (a card is in one place)")
        where[u] = place

    for s in st.survivors.values():
        for u in s.inventory():
            put(u, f"s={s.id}")
    for kind, piles in (("draw", st.decks), ("discard", st.discards)):
        for d, pile in piles.items():
            for u in pile:
                put(u, f"{kind}.{d}")
    for us in st.supply.values():
        for u in us:
            put(u, "supply")
    for us in st.aside.values():
        for u in us:
            put(u, "aside")
    in_flight = set(_ints([st.pending.to_dict() if st.pending else None, [t.to_json() for t in st.queue]]))
    missing = [names.name(u) for u in range(len(names.cards)) if u not in where and u not in in_flight]
    if missing:
        raise _err("draw", f"card(s) in no place: {', '.join(missing[:8])}{' ...' if len(missing) > 8 else ''}")
    carried = {u for s in st.survivors.values() for u in s.inventory()}
    for u in st.fired + [u for pair in st.dual_fired for u in pair]:
        if u not in carried:
            raise _err("fired", f"{names.name(u)} is not carried by a Survivor")
    for z, _c in st.spawns:
        if z not in board.zones:
            raise _err("spawns", f"unknown zone {z!r}")
    if st.car is not None and st.car["zone"] not in board.zones:
        raise _err("car", f"unknown zone {st.car['zone']!r}")
    for o in st.opening_kind:
        if o not in board.openings:
            raise _err("kinds", f"unknown opening {o!r}")


def earlier_events(st: GameState, count: int) -> list[Event]:
    """The event log a game loaded from a position starts with: ``count`` events (the text's
    ``events=``), the first saying where it came from, the others placeholders. The text carries
    no log, but some Scene hooks keep in ``flags`` how far they have read it (``ev_*``, S7, S10)
    and later store its length: with a log of the same length they read what they would have
    read, so the game goes on exactly as the one the text was written from."""
    seen = max([v for k, v in st.flags.items() if k.startswith("ev_") and isinstance(v, int)
                and not isinstance(v, bool)] + [1])
    first = Event("position", "-", f"Set up from a position: round {st.round}, {st.phase} phase",
                  st.round, st.phase)
    rest = Event("position", "-", "(an event before the position: not in its text)", st.round, st.phase)
    return [first] + [rest] * (max(count, seen) - 1)
