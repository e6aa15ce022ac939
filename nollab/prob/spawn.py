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
    SpawnResult.ghouls: Dist over ((type, placed), ...); .requested: the cards' totals; .relatives: Dist;
    .p_relative, .p_opening, .expected (placed, by type), .expected_requested, .p_run_out (by type),
    .extra_activations: Dist over ((type, n), ...); .extra(type): Dist; .reshuffle (bool)

What is *placed* is capped by the miniatures left in the box (``pools`` minus ``on_board``): "the
remaining Ghoul miniatures are placed (if there are any). Then, all the Ghouls of the indicated type
immediately resolve an extra Activation" (P. 25) -- every card of that type that asks for more than is
left gives one extra Activation, so with the box empty each further card of that type is one more.
That depends on the order of the cards, so each type is counted over *ordered* draws: a card of value v
drawn when c Ghouls were asked before crosses the box's room r when c + v > r; from then on every
card of that type is short (an extra Activation each). The count walks the cards drawn before the
crossing (which cards of each value are used, and their sum <= r) and closes the rest with a falling
factorial; the types are then combined with multinomial weights (``C(drawn + j, j)`` per type), so the
joint stays exact over ``L! / (L - S)!`` ordered draws without listing them. The cards' totals
(``requested``) use the unordered tables (products of ``C(m_i, j_i)``, a multivariate hypergeometric
count over ``C(L, S)``).

The Danger Level is read once, for the whole step. (An extra Activation that eliminates a starting
Survivor loses the game, P. 8, before the next card is read; :func:`nollab.prob.forecasting.forecast`
follows the engine card by card, Activations included.)
"""
from __future__ import annotations


from fractions import Fraction
from functools import cached_property
from math import comb, perm
from collections.abc import Iterable, Mapping, Sequence

from nollab.ghoul_types import GHOUL_TYPES

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
        ways_of = [comb(m, i) for i in range(min(m, cap) + 1)]  # once per class, not once per row
        for j, row in table.items():
            for i in range(min(m, cap - j) + 1):
                ways, shift = ways_of[i], i * value
                slot = nxt.get(j + i)
                if slot is None:
                    slot = nxt[j + i] = {}
                get = slot.get
                for tot, w in row.items():
                    slot[tot + shift] = get(tot + shift, 0) + w * ways
        table = nxt
    return table


def _totals(classes: Mapping[int, int], cap: int) -> dict:
    """``{total: ways}`` of exactly ``cap`` cards drawn from classes ``{value >= 0: multiplicity}``: the
    row ``j == cap`` of :func:`_table`, computed faster for a cold query (issue 13). Each row ``{total:
    ways}`` is packed in one integer, a slot of ``bits`` bits per total; a slot counts subsets of the
    ``n`` cards, so it stays below ``2**n`` and slots never carry into each other. Rows that the
    remaining classes cannot fill up to ``cap`` are dropped."""
    n = sum(classes.values())
    bits = (n // 8 + 1) * 8
    table = {0: 1}  # j cards drawn -> packed {total: ways}
    left = n
    for value, m in classes.items():
        left -= m
        ways_of = [comb(m, i) for i in range(min(m, cap) + 1)]
        step = value * bits
        nxt: dict = {}
        for j, row in table.items():
            for i in range(max(0, cap - j - left), min(m, cap - j) + 1):
                nxt[j + i] = nxt.get(j + i, 0) + ((row * ways_of[i]) << (i * step))
        table = nxt
    row, nb = table.get(cap, 0), bits // 8
    raw = row.to_bytes((row.bit_length() + 7) // 8, "little")
    out = {}
    for t in range(0, len(raw), nb):
        w = int.from_bytes(raw[t:t + nb], "little")
        if w:
            out[t // nb] = w
    return out


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


def _crossing_table(classes: Mapping[int, int], room: int | None, cap: int, start=None) -> dict:
    """Ordered draws of one Ghoul type against the box's ``room`` (P. 25).

    ``classes`` ``{value: cards}`` (values > 0), ``cap`` the most cards drawn. Returns
    ``{j: {(placed, extra): ways}}`` where ``ways`` counts the *ordered* sequences of j distinct cards,
    ``placed`` the Ghouls put on the board (capped by ``room``) and ``extra`` the cards that asked for
    more than was left (one extra Activation each). ``start`` ``{(asked_before, extra_before): ways}``
    carries a previous pass (asked_before capped at room + 1; default: nothing asked yet).
    ``room=None``: no limit (a type with no miniature count)."""
    start = start or {(0, 0): 1}
    values = sorted(classes)
    mult = [classes[v] for v in values]
    total_cards = sum(mult)
    cap = min(cap, total_cards)
    out: dict = {j: {} for j in range(cap + 1)}

    def add(j, key, w):
        row = out[j]
        row[key] = row.get(key, 0) + w

    if room is None:
        big = sum(v * m for v, m in classes.items()) + max((a for a, _e in start), default=0) + 1
        room = big  # never crossed
    for (asked0, extra0), w0 in start.items():
        if asked0 > room:  # already short: every card of the type is one more extra Activation
            for j in range(cap + 1):
                add(j, (room, extra0 + j), w0 * perm(total_cards, j))
            continue
        # states before the crossing: (cards used of each value, asked so far) -> ordered ways
        layer = {(tuple(0 for _ in values), asked0): w0}
        for i in range(cap + 1):
            nxt: dict = {}
            for (used, asked), w in layer.items():
                add(i, (asked, extra0), w)
                if i == cap:
                    continue
                for k, v in enumerate(values):
                    left = mult[k] - used[k]
                    if not left:
                        continue
                    ww = w * left
                    if asked + v > room:  # this card is short: it and every later card of the type
                        rest = total_cards - i - 1
                        for j in range(i + 1, cap + 1):
                            add(j, (room, extra0 + j - i), ww * perm(rest, j - i - 1))
                    else:
                        u = used[:k] + (used[k] + 1,) + used[k + 1:]
                        key = (u, asked + v)
                        nxt[key] = nxt.get(key, 0) + ww
            layer = nxt
    return {j: row for j, row in out.items() if row}


class SpawnResult:
    """Exact outcome of one spawn step.

    ``ghouls`` (outcomes ``((type, placed), ...)`` in ``types`` order), ``expected``, :meth:`marginal`
    and ``total()`` count what is *placed*: a card's Ghouls capped by the miniatures left (P. 25);
    ``requested`` and ``expected_requested`` are the cards' totals. ``extra_activations`` (outcomes
    ``((type, n), ...)``) and :meth:`extra` count the extra Activations of running out (P. 25).
    Marginals are computed type by type (fast); the joint distributions are built on first use.
    """

    def __init__(self, types, pool, lv, draws, offset, offset_open, reshuffle, on_board, pools, forced=()):
        self.types = tuple(types)
        self._pool, self._lv, self._draws = pool, lv, draws
        self._size = len(pool)
        self._offset, self._offset_open = tuple(offset), offset_open
        self._forced = tuple(forced)  # whole passes drawn before the last one (every card, any order)
        self.reshuffle = reshuffle
        self._on_board, self._pools = dict(on_board or {}), dict(pools or {})
        self._joint: Dist | None = None
        self._joint_req: Dist | None = None

    # ---- the box's room, per type (P. 25) ----
    @cached_property
    def room(self) -> dict:
        """Miniatures left in the box by type (None: no count known for that type)."""
        out = {}
        for t in self.types:
            if t not in self._pools:
                out[t] = None
                continue
            r = self._pools[t] - self._on_board.get(t, 0)
            if r < 0:
                raise ValueError(f"on_board: {self._on_board[t]} {t} on the board, the box has {self._pools[t]}")
            out[t] = r
        return out

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
    def _ordered(self) -> dict:
        """Per type ``{j: {(placed, extra): ordered ways}}`` for the last pass, after the forced passes."""
        out = {}
        for t in self.types:
            start = None
            for cards in self._forced:
                classes = _classes(cards, self._lv, t)
                n = sum(classes.values())
                tab = _crossing_table(classes, self.room[t], n, start)
                start = {}
                for (placed, extra), w in tab.get(n, {}).items():
                    # carried as "asked so far": exact while nothing was short, room + 1 once short
                    key = (self.room[t] + 1, extra) if extra else (placed, 0)
                    start[key] = start.get(key, 0) + w
            out[t] = _crossing_table(_classes(self._pool, self._lv, t), self.room[t], self._draws, start)
        return out

    def _placed_of(self, t: str, placed: int) -> int:
        r = self.room[t]
        return placed if r is None else min(placed, r)

    @cached_property
    def expected(self) -> dict:
        """Expected Ghouls placed, by type (Fractions): capped by the miniatures left (P. 25)."""
        return {t: self.marginal(t).mean() for t in self.types}

    @cached_property
    def expected_requested(self) -> dict:
        """Expected Ghouls the cards ask for, by type (the cards' totals, before the box runs out)."""
        return {t: self.requested_marginal(t).mean() for t in self.types}

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
        """P(the box runs out of that type while placing: at least one extra Activation), given
        ``on_board`` and ``pools`` (P. 25): the cards ask for more than the room left."""
        out = {}
        for t in self.types:
            r = self.room[t]
            out[t] = Fraction(0) if r is None else self.requested_marginal(t).p(lambda n, r=r: n > r)
        return out

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

    def _ordered_marginal(self, t: str) -> Dist:
        """Dist over ``(placed, extra)`` of one type, over ordered draws of the last pass."""
        others = self._size - self._sizes[t]
        out: dict = {}
        for j, row in self._ordered[t].items():
            rest = self._draws - j
            if rest < 0 or rest > others:
                continue
            ways = comb(self._draws, j) * perm(others, rest)
            for key, w in row.items():
                out[key] = out.get(key, 0) + w * ways
        return Dist(out)

    def marginal(self, ghoul: str) -> Dist:
        """Distribution of the number of Ghouls of one type placed by the step (capped, P. 25): the
        cards' total capped by the room, whatever their order (each card places what is left)."""
        return self.requested_marginal(ghoul).map(lambda n: self._placed_of(ghoul, n))

    def extra(self, ghoul: str) -> Dist:
        """Distribution of the extra Activations of one type (cards short of miniatures, P. 25)."""
        return self._ordered_marginal(ghoul).map(lambda k: k[1])

    def requested_marginal(self, ghoul: str) -> Dist:
        """Distribution of the Ghouls of one type the cards ask for (uncapped)."""
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
        """Dist over ``(placed tuple in types order, extra Activations tuple, effective openings)``."""
        if self._joint is None:
            states: dict = {}
            for j, row in self._other.items():
                if j <= self._draws:
                    for op, w in row.items():  # unordered ways x j! orders of the other cards
                        states[(j, (), (), op)] = states.get((j, (), (), op), 0) + w * perm(j, j)
            for idx, t in enumerate(self.types):
                last = idx == len(self.types) - 1  # the last type takes exactly the cards left
                table = self._ordered[t]
                nxt: dict = {}
                for (drawn, placed, extra, op), w in states.items():
                    for j in ([self._draws - drawn] if last else range(self._draws - drawn + 1)):
                        inter = comb(drawn + j, j)  # where this type's cards sit among those drawn
                        for (pl, ex), w2 in table.get(j, {}).items():
                            key = (drawn + j, placed + (self._placed_of(t, pl),), extra + (ex,), op)
                            nxt[key] = nxt.get(key, 0) + w * w2 * inter
                states = nxt
            oo = self._offset_open
            self._joint = Dist({(placed, extra, op + oo): w
                                for (drawn, placed, extra, op), w in states.items() if drawn == self._draws})
        return self._joint

    @property
    def joint_requested(self) -> Dist:
        """Dist over ``(requested totals tuple in types order, effective openings)`` (uncapped)."""
        if self._joint_req is None:
            states: dict = {}
            for j, row in self._other.items():
                if j <= self._draws:
                    for op, w in row.items():
                        states[(j, (), op)] = states.get((j, (), op), 0) + w
            for idx, t in enumerate(self.types):
                last = idx == len(self.types) - 1
                table = self._tables[t]
                nxt: dict = {}
                for (drawn, tots, op), w in states.items():
                    for j in ([self._draws - drawn] if last else range(self._draws - drawn + 1)):
                        for tot, w2 in table.get(j, {}).items():
                            key = (drawn + j, tots + (tot,), op)
                            nxt[key] = nxt.get(key, 0) + w * w2
                states = nxt
            off, oo = self._offset, self._offset_open
            self._joint_req = Dist({(tuple(a + b for a, b in zip(tots, off)), op + oo): w
                                    for (drawn, tots, op), w in states.items() if drawn == self._draws})
        return self._joint_req

    def total(self) -> Dist:
        """Distribution of the total number of Ghouls placed (all types together, capped, P. 25)."""
        capped = {}
        for idx, t in enumerate(self.types):  # {j: {placed: ways}}, the asked totals folded at the room
            off = self._offset[idx]
            rows = {}
            for j, row in self._tables[t].items():
                out: dict = {}
                for asked, w in row.items():
                    k = self._placed_of(t, asked + off)
                    out[k] = out.get(k, 0) + w
                rows[j] = out
            capped[t] = rows
        if all(self._placed_of(t, max(a for row in self._tables[t].values() for a in row) + self._offset[i])
               == max(a for row in self._tables[t].values() for a in row) + self._offset[i]
               for i, t in enumerate(self.types)):
            return self.requested_total()  # the box never runs short: the cards' totals
        states: dict = {}
        for j, row in self._other.items():
            if j <= self._draws:
                states[(j, 0)] = states.get((j, 0), 0) + sum(row.values())
        for idx, t in enumerate(self.types):
            last = idx == len(self.types) - 1
            table = capped[t]
            nxt: dict = {}
            for (drawn, tot), w in states.items():
                for j in ([self._draws - drawn] if last else range(self._draws - drawn + 1)):
                    for placed, w2 in table.get(j, {}).items():
                        key = (drawn + j, tot + placed)
                        nxt[key] = nxt.get(key, 0) + w * w2
            states = nxt
        return Dist({tot: w for (drawn, tot), w in states.items() if drawn == self._draws})

    def requested_total(self) -> Dist:
        """Distribution of the total number of Ghouls the cards ask for (all types, uncapped)."""
        values: dict = {}  # cards grouped by the number of Ghouls they place, whatever the type
        for c in self._pool:
            e = card_effect(c, self._lv)
            n = e[2] if e[0] == "spawn" else 0
            values[n] = values.get(n, 0) + 1
        shift = sum(self._offset)
        return Dist({tot + shift: w for tot, w in _totals(values, self._draws).items()})

    @property
    def ghouls(self) -> Dist:
        """Dist over ``((type, placed), ...)`` in ``types`` order (zeros included), capped by the box (P. 25)."""
        return self.joint_requested.map(lambda s: tuple((t, self._placed_of(t, n)) for t, n in zip(self.types, s[0])))

    @property
    def requested(self) -> Dist:
        """Dist over ``((type, asked), ...)``: the cards' totals, before the box runs out."""
        return self.joint_requested.map(lambda s: tuple(zip(self.types, s[0])))

    @property
    def extra_activations(self) -> Dist:
        """Dist over ``((type, extra Activations), ...)`` in ``types`` order (P. 25)."""
        return self.joint.map(lambda s: tuple(zip(self.types, s[1])))


def _classes(cards: Sequence, lv: int, ghoul: str) -> dict:
    """``{value: cards}`` of the cards placing ``value`` > 0 Ghouls of type ``ghoul`` at level ``lv``."""
    out: dict = {}
    for c in cards:
        e = card_effect(c, lv)
        if e[0] == "spawn" and e[1] == ghoul:
            out[e[2]] = out.get(e[2], 0) + 1
    return out


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

    ``on_board`` (Ghouls already on the board by type) and ``pools`` (miniatures in the box) cap what
    is placed and give the extra Activations of running out (``p_run_out``, ``extra_activations``,
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
    forced = []
    while rest > len(pool):  # the whole pool is drawn for certain, then the whole deck is reshuffled
        forced.append(list(pool))
        for c in pool:
            e = card_effect(c, lv)
            if e[0] == "spawn":
                offset[types.index(e[1])] += e[2]
            elif e[0] == "open":
                offset_open += 1
        rest -= len(pool)
        pool, reshuffle = list(deck), True
    res = SpawnResult(types, pool, lv, rest, offset, offset_open, reshuffle, on_board,
                      NOTLD_POOLS if pools is None else pools, forced)
    res.room  # noqa: B018  (checks on_board against the box before any work)
    return res
