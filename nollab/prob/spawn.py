"""Spawn odds: Ghoul cards drawn without replacement from the live deck (P. 24-25, 32).

"Draw a Ghoul card. Read the Ghoul type and the line that corresponds to the Danger Level of the most
experienced Survivor" (P. 24); one card per Spawn token, Spawn Zone after Spawn Zone; "When the Ghoul
deck runs out, reshuffle all the discarded Ghoul cards to make a new deck" (P. 24). A Barricade and
Door Opening card places no Ghoul and has "no effect at the Blue Danger Level" (P. 25). Running out of
miniatures: the remaining ones are placed, then "all the Ghouls of the indicated type immediately
resolve an extra Activation" (P. 25). Difficulty presets (P. 32): #1-21 easier, #22-42 harder,
#43-46 the opening cards, on or off.

Cards are any objects with ``number``, ``kind`` ("spawn" | "opening"), ``ghoul`` and ``counts``
(Blue, Yellow, Orange, Red) -- :class:`nollab.content_model.GhoulCard`.

API::

    select_deck(cards, preset="all", openings=True) -> list[card]
    spawn_step(deck, level, zones=1, discarded=(), on_board=None, pools=None, types=None) -> SpawnResult
    SpawnResult.ghouls: Dist over ((type, count), ...) totals; .relatives: Dist; .p_relative,
    .p_opening, .expected (by type), .p_run_out (by type), .reshuffle (bool)

The engine builds, per Ghoul type, the ways to draw j of its cards for each total (products of
``C(m_i, j_i)``, a multivariate hypergeometric count over ``C(L, S)``): marginals are one sum per type,
the joint distribution combines the types; exact, no enumeration of card orders.
"""
from __future__ import annotations


from fractions import Fraction
from functools import cached_property
from math import comb
from typing import Iterable, Mapping, Sequence

from nollab.content_model import GHOUL_TYPES

from .dist import Dist

__all__ = ["PRESETS", "NOTLD_POOLS", "SpawnResult", "select_deck", "live_deck", "spawn_step", "card_effect"]

LEVELS = ("blue", "yellow", "orange", "red")
#: P. 32 difficulty presets: spawn card numbers kept (the opening cards #43-46 are switched separately)
PRESETS: dict[str, range | tuple] = {
    "all": tuple(range(1, 43)),
    "easy": tuple(range(1, 22)),
    "hard": tuple(range(22, 43)),
}
OPENING_NUMBERS = tuple(range(43, 47))
#: miniatures in the box (P. 3): 28 Walkers, 12 Breakers, 12 Fatties, 2 Relatives
NOTLD_POOLS = {"walker": 28, "breaker": 12, "fatty": 12, "relative": 2}


def _level_index(level) -> int:
    if isinstance(level, int):
        if not 0 <= level <= 3:
            raise ValueError(f"danger level must be 0..3, got {level}")
        return int(level)
    key = str(level).strip().lower()
    if key not in LEVELS:
        raise ValueError(f"unknown danger level {level!r} (blue, yellow, orange, red)")
    return LEVELS.index(key)


def select_deck(cards: Iterable, preset: str = "all", openings: bool = True) -> list:
    """The cards of a P. 32 difficulty preset: ``all`` = every spawn card (#1-42 in the box), ``easy`` =
    #1-21, ``hard`` = #22-42; plus every Barricade & Door Opening card (#43-46) unless ``openings`` is
    False. Works for a user's own deck too (``all`` keeps every card it lists)."""
    if preset not in PRESETS:
        raise ValueError(f"unknown deck preset {preset!r} ({', '.join(PRESETS)})")
    keep = set(PRESETS[preset])
    return [c for c in cards
            if (c.kind == "opening" and openings) or (c.kind != "opening" and (preset == "all" or c.number in keep))]


def live_deck(deck: Sequence, discarded: Iterable[int] = ()) -> list:
    """The cards still to draw: ``deck`` minus the ``discarded`` card numbers (each must be in the deck)."""
    numbers = [c.number for c in deck]
    out = list(deck)
    for n in discarded:
        if n not in numbers:
            raise ValueError(f"discarded card #{n} is not in the deck")
        idx = next((i for i, c in enumerate(out) if c.number == n), None)
        if idx is None:
            raise ValueError(f"card #{n} is discarded twice")
        out.pop(idx)
    return out


def card_effect(card, lv: int) -> tuple:
    """``("spawn", type, count)``, ``("open", type)`` or ``("nothing",)`` for one card at level ``lv``."""
    if card.kind == "opening":
        return ("open", card.ghoul) if lv > 0 else ("nothing",)
    n = card.counts[lv]
    return ("spawn", card.ghoul, n) if n else ("nothing",)


def _table(classes: Mapping[int, int], cap: int) -> dict:
    """``{j: {total: ways}}``: ways to draw j <= cap cards from classes ``{value: multiplicity}``."""
    table: dict = {0: {0: 1}}
    for value, m in classes.items():
        nxt: dict = {}
        for j, row in table.items():
            for i in range(min(m, cap - j) + 1):
                ways = comb(m, i)
                slot = nxt.setdefault(j + i, {})
                for tot, w in row.items():
                    slot[tot + i * value] = slot.get(tot + i * value, 0) + w * ways
        table = nxt
    return table


def _tables(cards: Sequence, lv: int, types: tuple, cap: int) -> tuple[dict, dict, dict]:
    """Per-type tables ``{type: {j: {total: ways}}}`` (j <= cap cards of that type, summing to total),
    the opening table ``{j: {openings: ways}}`` over the other cards, and the card count of each."""
    per_type: dict = {t: {} for t in types}
    other: dict = {}
    for c in cards:
        e = card_effect(c, lv)
        if e[0] == "spawn":
            per_type[e[1]][e[2]] = per_type[e[1]].get(e[2], 0) + 1
        else:
            key = 1 if e[0] == "open" else 0
            other[key] = other.get(key, 0) + 1
    sizes = {t: sum(cl.values()) for t, cl in per_type.items()}
    sizes["_other"] = sum(other.values())
    tables = {t: _table(cl, cap) for t, cl in per_type.items()}
    return tables, _table(other, cap), sizes


class SpawnResult:
    """Exact outcome of one spawn step.

    Marginals (``expected``, ``p_relative``, ``p_opening``, ``p_run_out``, :meth:`marginal`,
    ``openings``, ``relatives``) are computed type by type (fast). The joint distribution ``ghouls``
    (outcomes ``((type, total), ...)`` in ``types`` order) and ``joint`` (over ``(totals tuple,
    openings)``) are built on first use.
    """

    def __init__(self, types, pool, lv, draws, offset, offset_open, reshuffle, on_board, pools):
        self.types = tuple(types)
        self._pool, self._lv, self._draws = pool, lv, draws
        self._size = len(pool)
        self._offset, self._offset_open = tuple(offset), offset_open
        self.reshuffle = reshuffle
        self._on_board, self._pools = dict(on_board or {}), dict(pools or {})
        self._joint: Dist | None = None

    @cached_property
    def _built(self) -> tuple[dict, dict, dict]:
        return _tables(self._pool, self._lv, self.types, self._draws)

    @property
    def _tables(self) -> dict:
        return self._built[0]

    @property
    def _other(self) -> dict:
        return self._built[1]

    @property
    def _sizes(self) -> dict:
        return self._built[2]

    @cached_property
    def expected(self) -> dict:
        """Expected Ghouls placed, by type (Fractions)."""
        return {t: self.marginal(t).mean() for t in self.types}

    @cached_property
    def p_relative(self) -> Fraction:
        """P(at least one Relative is placed)."""
        return self.marginal("relative").p(lambda n: n > 0) if "relative" in self.types else Fraction(0)

    @cached_property
    def p_opening(self) -> Fraction:
        """P(at least one Barricade & Door Opening card takes effect) -- 0 at Blue (P. 25)."""
        return self.openings.p(lambda n: n > 0)

    @cached_property
    def p_run_out(self) -> dict:
        """P(the box runs out of that type while placing), given ``on_board`` and ``pools`` (P. 25)."""
        room = {t: self._pools.get(t, 0) - self._on_board.get(t, 0) for t in self.types}
        return {t: self.marginal(t).p(lambda n, r=room[t]: n > r) for t in self.types}

    def _marginal_of(self, table: dict, shift: int, cards: int) -> Dist:
        others = self._size - cards
        out: dict = {}
        for j, row in table.items():
            rest = self._draws - j
            if rest < 0 or rest > others:
                continue
            ways = comb(others, rest)
            for tot, w in row.items():
                out[tot + shift] = out.get(tot + shift, 0) + w * ways
        return Dist(out)

    def marginal(self, ghoul: str) -> Dist:
        """Distribution of the number of Ghouls of one type placed by the step."""
        i = self.types.index(ghoul)
        return self._marginal_of(self._tables[ghoul], self._offset[i], self._sizes[ghoul])

    @property
    def openings(self) -> Dist:
        """Distribution of the number of effective Barricade & Door Opening cards drawn."""
        return self._marginal_of(self._other, self._offset_open, self._sizes["_other"])

    @property
    def relatives(self) -> Dist:
        return self.marginal("relative") if "relative" in self.types else Dist.certain(0)

    @property
    def joint(self) -> Dist:
        """Dist over ``(totals tuple in types order, effective openings)``."""
        if self._joint is None:
            states: dict = {}
            for j, row in self._other.items():
                if j <= self._draws:
                    for op, w in row.items():
                        states[(j, (), op)] = states.get((j, (), op), 0) + w
            for idx, t in enumerate(self.types):
                last = idx == len(self.types) - 1  # the last type takes exactly the cards left
                table = self._tables[t]
                nxt: dict = {}
                for (drawn, tots, op), w in states.items():
                    for j in ([self._draws - drawn] if last else range(self._draws - drawn + 1)):
                        for tot, w2 in table.get(j, {}).items():
                            key = (drawn + j, tots + (tot,), op)
                            nxt[key] = nxt.get(key, 0) + w * w2
                states = nxt
            off, oo = self._offset, self._offset_open
            self._joint = Dist({(tuple(a + b for a, b in zip(tots, off)), op + oo): w
                                for (drawn, tots, op), w in states.items() if drawn == self._draws})
        return self._joint

    def total(self) -> Dist:
        """Distribution of the total number of Ghouls placed (all types together)."""
        values: dict = {}  # cards grouped by the number of Ghouls they place, whatever the type
        for c in self._pool:
            e = card_effect(c, self._lv)
            n = e[2] if e[0] == "spawn" else 0
            values[n] = values.get(n, 0) + 1
        table = _table(values, self._draws)
        shift = sum(self._offset)
        return Dist({tot + shift: w for tot, w in table.get(self._draws, {}).items()})

    @property
    def ghouls(self) -> Dist:
        """Dist over ``((type, total), ...)`` in ``types`` order (zeros included)."""
        return self.joint.map(lambda s: tuple(zip(self.types, s[0])))


def spawn_step(
    deck: Sequence,
    level,
    zones: int = 1,
    discarded: Iterable[int] = (),
    on_board: Mapping[str, int] | None = None,
    pools: Mapping[str, int] | None = None,
    types: Sequence[str] | None = None,
) -> SpawnResult:
    """Draw one Ghoul card per Spawn Zone (``zones`` cards) from ``deck`` minus ``discarded``, read at ``level``.

    ``on_board`` (Ghouls already on the board by type) and ``pools`` (miniatures in the box) give
    ``p_run_out``: the chance that placing the drawn Ghouls runs out of that type (an extra Activation,
    P. 25). If the live deck has fewer cards than ``zones``, it is drawn entirely, then the whole deck
    (every card is then in the discard pile) is reshuffled and the rest is drawn from it (P. 24).
    The cards drawn before a reshuffle are certain (all of them), so only the last pass is random.
    """
    if zones < 0:
        raise ValueError(f"zones must be >= 0, got {zones}")
    lv = _level_index(level)
    if not deck:
        raise ValueError("the Ghoul deck is empty")
    types = tuple(types) if types is not None else tuple(
        list(GHOUL_TYPES) + sorted({c.ghoul for c in deck} - set(GHOUL_TYPES)))
    for c in deck:
        if c.ghoul not in types:
            raise ValueError(f"card #{c.number} names unknown ghoul type {c.ghoul!r}")
    live = live_deck(deck, discarded)
    if not live:
        live = list(deck)  # an empty deck is reshuffled before the draw (P. 24)
    pool, rest = live, zones
    offset = [0] * len(types)
    offset_open = 0
    reshuffle = False
    while rest > len(pool):  # the whole pool is drawn for certain, then the whole deck is reshuffled
        for c in pool:
            e = card_effect(c, lv)
            if e[0] == "spawn":
                offset[types.index(e[1])] += e[2]
            elif e[0] == "open":
                offset_open += 1
        rest -= len(pool)
        pool, reshuffle = list(deck), True
    return SpawnResult(types, pool, lv, rest, offset, offset_open, reshuffle, on_board,
                       NOTLD_POOLS if pools is None else pools)
