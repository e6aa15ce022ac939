"""Editing a position, one change at a time (what the position editor widget calls).

Each function takes a :class:`~nollab.rules.game.Game` and returns a **new** game: the change is
made on a copy of the state, written as text and read back through
:func:`nollab.rules.position.parse.read_position`, so every edit is checked like a typed position
(a bad one raises a ValueError of one line; the game given is never changed). The new game starts
from the edited position (its replay too).
"""
from __future__ import annotations

from typing import Callable

from nollab.board.model import SPAWN_COLOURS
from nollab.content_model import GHOUL_TYPES
from nollab.rules.engine.state import GI
from nollab.rules.position.cards import CardNames

MAX_GHOULS = 200  # of one type in one Zone (the notation's bound)


def skill_slots(content, sid: str, skills) -> list[list[int]]:
    """Skill tracker slots ``[[level, index], ...]`` for Skill ids on ``sid``'s Zombicide side
    (P. 14: trackers are placed looking at the Zombicide side): the Blue slot, then each Skill at
    the lowest level offering it that is still free."""
    card = content.survivors[sid]
    levels = card.zombicide.levels
    slots = [[0, 0]]
    for k in skills:
        if not isinstance(k, str) or k not in content.skills:
            raise ValueError(f"skills[{sid!r}]: unknown Skill {k!r}")
        for lv, opts in enumerate(levels):
            hits = [i for i, o in enumerate(opts) if o == k and [lv, i] not in slots]
            if hits:
                if [lv, hits[0]] != [0, 0]:
                    slots.append([lv, hits[0]])
                break
        else:
            if not any(k == levels[lv][i] for lv, i in slots):
                raise ValueError(f"skills[{sid!r}]: {k!r} is not on {card.name}'s Zombicide side")
    return slots


def skills_of(game, sid: str) -> list[str]:
    """The Skill ids of ``sid``'s trackers beyond Blue (the inverse of :func:`skill_slots`)."""
    levels = game.content.survivors[sid].zombicide.levels
    return [levels[lv][i] for lv, i in game.state.survivors[sid].slots if [lv, i] != [0, 0]]


def _edited(game, change: Callable) -> object:
    g = game.copy()
    change(g.state, g)
    g.touch()
    return type(game).from_position(g.position(), content=game.content)


def _survivor(st, sid: str):
    if sid not in st.survivors:
        raise ValueError(f"survivor: {sid!r} is not in this game ({list(st.survivors)})")
    return st.survivors[sid]


def _zone(g, zone: str) -> str:
    if zone not in g.board.zones:
        raise ValueError(f"zone: unknown zone {zone!r}")
    return zone


def add_ghouls(game, zone: str, gtype: str, n: int = 1):
    """Add ``n`` Ghouls of a type to a Zone (a negative ``n`` removes them; never below 0, P. 17)."""
    if gtype not in GHOUL_TYPES:
        raise ValueError(f"ghoul type: {gtype!r} is not one of {list(GHOUL_TYPES)}")

    def change(st, g):
        have = st.ghouls_in(_zone(g, zone))[GI[gtype]]
        if not 0 <= have + n <= MAX_GHOULS:
            raise ValueError(f"ghouls: {have} {gtype}(s) in {zone}; {have + n} is out of 0..{MAX_GHOULS}")
        st.add_ghouls(zone, gtype, n)
    return _edited(game, change)


def move_survivor(game, sid: str, zone: str):
    """Put a Survivor in a Zone (out of the Car unless the Car is there, P. 20)."""
    def change(st, g):
        s = _survivor(st, sid)
        s.zone = _zone(g, zone)
        if s.in_car and (st.car is None or st.car.get("zone") != zone):
            s.in_car = s.driver = False
    return _edited(game, change)


def set_wounds(game, sid: str, n: int):
    """Wounds on the Wound Bar: 0 to 2 (3 eliminate, P. 17)."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 2:
        raise ValueError(f"wounds: 0 to 2 (3 Wounds eliminate, P. 17), got {n!r}")
    return _edited(game, lambda st, g: setattr(_survivor(st, sid), "wounds", n))


def set_xp(game, sid: str, n: int):
    """The XP tracker (P. 14); the Skills stay as they are (set them with :func:`set_skills`)."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 10_000:
        raise ValueError(f"xp: 0 to 10000, got {n!r}")

    def change(st, g):
        s = _survivor(st, sid)
        s.xp = n
        s.xp_total = max(n, s.xp_total) if s.red_laps else n
        s.lap_level = int(g.content.danger_level(n))
    return _edited(game, change)


def set_skills(game, sid: str, skills: list[str]):
    """The Skill trackers beyond Blue, by Skill id (P. 14)."""
    def change(st, g):
        _survivor(st, sid).slots = skill_slots(g.content, sid, list(skills))
    return _edited(game, change)


def set_mode(game, sid: str, mode: str):
    """The side of the ID card faceup: ``romero`` or ``zombicide`` (P. 14)."""
    if mode not in ("romero", "zombicide"):
        raise ValueError(f"mode: 'romero' or 'zombicide', got {mode!r}")
    return _edited(game, lambda st, g: setattr(_survivor(st, sid), "mode", mode))


def _home(st, u: int) -> None:
    """Put a card back where a new game keeps it (P. 6-7): the bottom of its draw pile, the
    Starting discard pile, or the special-card supply."""
    d = st.origin[u]
    if d in st.decks:
        st.decks[d].insert(0, u)
    elif d == "special":
        st.supply.setdefault(st.cards[u], []).append(u)
    else:
        st.discards.setdefault(d, []).append(u)


def _take(st, u: int) -> None:
    """Take a card from wherever it is (a pile, the supply, set aside, another Survivor)."""
    for piles in (st.decks, st.discards, st.supply, st.aside):
        for pile in piles.values():
            if u in pile:
                pile.remove(u)
                return
    for s in st.survivors.values():
        if u in s.backpack:
            s.backpack.remove(u)
            return
        if u in s.hands:
            s.hands[s.hands.index(u)] = None
            return


def set_equipment(game, sid: str, cards: list[str]):
    """A Survivor's cards: Hands first, then the Backpack (at most 2 + 3, P. 16). Each card is a
    copy name or a card id (its first copy not already on this Survivor); taken from wherever it
    is. The Survivor's old cards go back where a new game keeps them."""
    if not isinstance(cards, list) or len(cards) > 5:
        raise ValueError(f"equipment: 2 Hands and 3 Backpack slots (P. 16), got {cards!r}")

    def change(st, g):
        s = _survivor(st, sid)
        names = CardNames.of(st)
        old = s.inventory()
        chosen: list[int] = []
        for c in cards:
            try:
                u = names.resolve(c, lambda x: x not in chosen and not any(x in t.inventory() for t in st.survivors.values()
                                                                        if t.id != sid))
            except ValueError as exc:
                raise ValueError(f"equipment: {exc}") from None
            if u in chosen:
                raise ValueError(f"equipment: {names.name(u)} given twice")
            chosen.append(u)
        s.hands, s.backpack = [None, None], []
        for u in old:
            if u not in chosen:
                _home(st, u)
        for u in chosen:
            if u not in old:
                _take(st, u)
        s.hands = (chosen[:2] + [None, None])[:2]
        s.backpack = chosen[2:]
        carried = {u for t in st.survivors.values() for u in t.inventory()}
        st.fired = [u for u in st.fired if u in carried]
        st.dual_fired = [p for p in st.dual_fired if all(u in carried for u in p)]
    return _edited(game, change)


def set_door(game, opening: str, is_open: bool):
    """Open or close a door, window or Barricade (P. 18-19)."""
    def change(st, g):
        if opening not in g.board.openings:
            raise ValueError(f"opening: unknown opening {opening!r}")
        st.set_open(opening, bool(is_open))
    return _edited(game, change)


def set_barricade(game, opening: str, present: bool = True):
    """Place a closed Barricade token on an Opening, or take it away (P. 19; S1 blocks windows
    with them, P. 33): taking it away leaves the Opening as the map has it."""
    def change(st, g):
        o = g.board.openings.get(opening)
        if o is None:
            raise ValueError(f"opening: unknown opening {opening!r}")
        if present:
            st.opening_kind[opening] = "barricade"
            st.set_open(opening, False)
        else:
            st.opening_kind.pop(opening, None)
            st.set_open(opening, bool(o.initially_open))
    return _edited(game, change)


def add_spawn(game, zone: str, colour: str = "red"):
    """Place a Spawn token (P. 24): ``white``, ``red``, or a Scene's ``yellow``/``violet``; one white
    token at most."""
    if colour not in SPAWN_COLOURS:
        raise ValueError(f"spawn colour: one of {', '.join(SPAWN_COLOURS)}, got {colour!r}")

    def change(st, g):
        _zone(g, zone)
        if colour == "white" and any(c == "white" for _z, c in st.spawns):
            raise ValueError("spawn: there is already a white Spawn token (P. 24)")
        if colour == "white":
            st.spawns.insert(0, [zone, colour])
        else:
            st.spawns.append([zone, colour])
    return _edited(game, change)


def remove_spawn(game, zone: str):
    """Take away the Spawn tokens of a Zone."""
    def change(st, g):
        if not any(z == zone for z, _c in st.spawns):
            raise ValueError(f"spawn: no Spawn token in {zone!r}")
        st.spawns = [t for t in st.spawns if t[0] != zone]
    return _edited(game, change)
