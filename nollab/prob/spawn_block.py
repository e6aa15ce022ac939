"""A Spawn Step's cards forecast as one product, with the engine run once (P. 24-25).

A forecast (:mod:`nollab.prob.forecasting`) follows every outcome of every chance step on its own
fork. In a Spawn Step that is the costly part: one Ghoul card per active Spawn token (4 in Scene 1),
each with ~16 outcomes at Yellow, and the Spawn Zones differ, so the ordered outcomes hardly ever
merge (26,640 end positions for Scene 1 at Yellow). Yet most of those cards *commute*: a card that
places Ghouls its box still holds, a "Nothing!" or a Barricade & Door Opening card that opens nothing
only changes its own Spawn Zone, whatever the other cards did. This module forecasts such a run of
Spawn cards as:

* the cards' joint outcome, counted exactly: ordered draws without replacement from the pile,
  grouped by what each card does (the engine's own grouping, ``Game.chance_outcomes``), each
  sequence weighted by the falling product of the counts left;
* what each card does in its Zone, *measured* by the engine (the registered chance step run on a
  fork for every Zone and every group: type, Ghouls asked, Ghouls placed, openings opened);
* the rest of the horizon (the Scene's checks after every card, the End Phase, ...) run *once* by the
  engine, on one sequence of cards (the probe, before anything else), with what the cards change
  guarded (:class:`GuardedGhouls`, :class:`GuardedPile`, :class:`GuardedLog`): if that run reads a
  Spawn Zone's Ghouls or the whole map, the Ghoul deck or its discards, the event log, or changes any
  Ghoul, the shortcut is not taken (nor tried again before the same Zones in this forecast). When it
  reads none of them, every sequence runs it identically (the same code on the same values), so each
  sequence's end is that run's end with its own Ghouls placed (two tokens in one Zone: added up).

Sequences where cards interact go to the engine, from the first card that interacts on: a card
short of miniatures (its box holds fewer than it asks once the earlier cards are placed: extra
Activations, P. 25), a Barricade & Door Opening card that opens something (at the start, or
because an earlier card put Ghouls of its type where a closed opening is), a card that does
anything else than place Ghouls in its own Zone. The engine continues those positions one card at
a time (and their remaining cards may again be a shortcut run). A pile smaller than the run
(a reshuffle inside it, P. 24) or a guarded read means no shortcut at all: the plain enumeration.
The ``best`` policy's value oracle uses the same split (:func:`split_spawn_run`): the simple
sequences' value is the probe's, the cut ones are valued by the engine.

Nothing of the rules is written here: what a card does comes from the engine's run of it; the
counting is the one of drawing from a pile; the only rule facts used are that a card reads the
room of its type's box (``box_room``, P. 25) and an opening card the Zones with Ghouls of its type.
"""
from __future__ import annotations

import pickle
from fractions import Fraction
from typing import Any, Callable

from nollab.rules.engine.chance import CHANCE, ChanceStep
from nollab.rules.engine.state import GHOUL_TYPES
from nollab.rules.spawn.step import box_room

__all__ = ["SpawnSplit", "expand_spawn_run", "spawn_run", "split_spawn_run"]

NAME = "spawn_card"
_ALL = object()


class Touched(BaseException):
    """The rest of the horizon read something a Spawn card changes (not an Exception: no rule's
    ``except Exception`` may swallow it)."""


class GuardedGhouls(dict):
    """``state.ghouls`` during the probe: when armed, reading a Spawn Zone's entry, reading the whole
    map (iteration, counts by type, copies, its size) or writing any entry raises :class:`Touched`;
    its truth value only when it may differ from one sequence to another (an empty board)."""

    __slots__ = ("armed", "zones", "nonempty")

    def __bool__(self):
        # "is there any Ghoul on the board?" (S3's objective) is the same for every sequence when there
        # was one before the cards: simple cards only add Ghouls, and nothing else may write
        if self.armed and not self.nonempty:
            raise Touched("ghouls: any Ghoul on the board")
        return dict.__len__(self) > 0

    def _r(self, key=_ALL):
        if self.armed and (key is _ALL or key in self.zones):
            raise Touched(f"ghouls[{'*' if key is _ALL else key}]")

    def _w(self, *_a):
        if self.armed:
            raise Touched("ghouls written")

    def get(self, key, default=None):
        self._r(key)
        return dict.get(self, key, default)

    def __getitem__(self, key):
        self._r(key)
        return dict.__getitem__(self, key)

    def __contains__(self, key):
        self._r(key)
        return dict.__contains__(self, key)

    def __iter__(self):
        self._r()
        return dict.__iter__(self)

    def __len__(self):
        self._r()
        return dict.__len__(self)

    def __reversed__(self):
        self._r()
        return dict.__reversed__(self)

    def keys(self):
        self._r()
        return dict.keys(self)

    def values(self):
        self._r()
        return dict.values(self)

    def items(self):
        self._r()
        return dict.items(self)

    def copy(self):
        self._r()
        return dict.copy(self)

    def __eq__(self, other):
        self._r()
        return dict.__eq__(self, other)

    def __ne__(self, other):
        self._r()
        return dict.__ne__(self, other)

    __hash__ = None

    def __or__(self, other):
        self._r()
        return dict.__or__(self, other)

    def __ror__(self, other):
        self._r()
        return dict.__ror__(self, other)

    def __reduce_ex__(self, proto):
        self._r()
        return dict, (dict(dict.items(self)),)

    def __repr__(self):
        self._r()
        return dict.__repr__(self)

    def __setitem__(self, key, value):
        self._w()
        dict.__setitem__(self, key, value)

    def __delitem__(self, key):
        self._w()
        dict.__delitem__(self, key)

    def pop(self, *a):
        self._w()
        return dict.pop(self, *a)

    def popitem(self):
        self._w()
        return dict.popitem(self)

    def setdefault(self, *a):
        self._w()
        return dict.setdefault(self, *a)

    def update(self, *a, **k):
        self._w()
        return dict.update(self, *a, **k)

    def clear(self):
        self._w()
        return dict.clear(self)

    def __ior__(self, other):
        self._w()
        return dict.__ior__(self, other)


def _guard_all(cls: type, names: tuple) -> type:
    """Every listed method of ``cls``'s base raises :class:`Touched` when the instance is armed."""
    base = cls.__bases__[0]
    for n in names:
        def m(self, *a, __n=n, **k):
            if self.armed:
                raise Touched(f"{self.what}.{__n}")
            return getattr(base, __n)(self, *a, **k)
        m.__name__ = n
        setattr(cls, n, m)
    return cls


class GuardedPile(list):
    """The Ghoul deck or its discards during the probe: any use when armed raises :class:`Touched`."""

    __slots__ = ("armed", "what")
    __hash__ = None


_LIST = ("__getitem__", "__setitem__", "__delitem__", "__len__", "__iter__", "__reversed__", "__contains__",
         "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__iadd__", "__mul__",
         "__imul__", "__rmul__", "__reduce_ex__", "__repr__", "append", "extend", "insert", "pop", "remove",
         "index", "count", "copy", "sort", "reverse", "clear")
_guard_all(GuardedPile, _LIST)


class GuardedLog(list):
    """The event log during the probe: events may be logged (``append``), but reading it when armed
    (a Scene rule looking at the latest events, or at how many there are) raises :class:`Touched` --
    the Spawn cards' events differ from one sequence to another."""

    __slots__ = ("armed", "what")
    __hash__ = None


_guard_all(GuardedLog, tuple(n for n in _LIST if n != "append"))


class SpawnRun:
    """The run of Spawn cards a position stands before: ``tasks`` (the queued chance steps), ``zones``."""

    def __init__(self, tasks: list):
        self.tasks = tasks
        self.zones = [t.args[0] for t in tasks]

    def __len__(self) -> int:
        return len(self.tasks)


def spawn_run(state: Any) -> SpawnRun | None:
    """The Spawn cards at the head of the engine's queue (one per Spawn token, P. 24), or None."""
    q = state.queue
    n = 0
    while n < len(q) and q[n].name == NAME:
        n += 1
    return SpawnRun(list(q[:n])) if n else None


class _Card:
    """What one group of cards does in one Zone, as the engine's run of it on a fork says."""

    __slots__ = ("ghoul", "asked", "delta", "plain", "opens_after")

    def __init__(self, ghoul, asked, delta, plain):
        self.ghoul = ghoul  # index in GHOUL_TYPES, or None
        self.asked = asked  # Ghouls the card asks for (its line at this Danger Level)
        self.delta = delta  # (type index, n) placed in its Zone, or None
        self.plain = plain  # only places Ghouls in its own Zone (else: it interacts)
        self.opens_after: set = set()  # (type index, zone index j): would open once an earlier card put that type in z_j


class _Measured:
    """What each group's card does in each Zone of the run, measured by the engine on forks of ``g``
    (the registered chance step run in that Zone) when first asked."""

    def __init__(self, g: Any, run: SpawnRun, keys: tuple):
        self.g, self.run, self.keys = g, run, keys
        self.cards: list[dict] = [{} for _ in run.tasks]
        self._opens: dict = {}

    def card(self, i: int, k: Any) -> _Card:
        """Card group ``k`` drawn for the ``i``-th Zone (``plain`` False: it does something else than
        place Ghouls in its own Zone: opens, runs short, asks, ends the game, queues a step)."""
        got = self.cards[i].get(k)
        if got is not None:
            return got
        g, task = self.g, self.run.tasks[i]
        zone, st0 = task.args[0], g.state
        f = g.fork()
        nq = len(f.state.queue)
        CHANCE[NAME].run(f._ctx(), k, *task.args)
        ev = [e for e in f.events if e.kind == NAME]
        st = f.state
        odd = len(ev) != 1 or st.result is not None or st.pending is not None or len(st.queue) != nq
        d = ev[0].data if len(ev) == 1 else {}
        ghoul = d.get("ghoul")
        ti = GHOUL_TYPES.index(ghoul) if ghoul in GHOUL_TYPES else None
        changed = {z for z in set(st.ghouls) | set(st0.ghouls) if st.ghouls.get(z) != st0.ghouls.get(z)}
        delta = None
        plain = not odd and not d.get("opened") and not d.get("extra") and st.opening_open == st0.opening_open \
            and changed <= {zone}
        if plain and changed:
            diff = [a - b for a, b in zip(st.ghouls_in(zone), st0.ghouls_in(zone))]
            if ti is None or sum(x != 0 for x in diff) != 1 or diff[ti] != d.get("placed"):
                plain = False
            else:
                delta = (ti, diff[ti])
        elif plain and d.get("placed"):
            plain = False
        if ti is None:  # a card of no known Ghoul type: nothing here can tell what it reads
            plain = False
        got = self.cards[i][k] = _Card(ti, d.get("requested", 0) or 0, delta, plain)
        return got

    def opens(self, i: int, k: Any, t: int, j: int) -> bool:
        """Would card group ``k`` drawn for the ``i``-th Zone open something once Ghouls of type ``t``
        stand in the ``j``-th Spawn Zone? (a Barricade & Door Opening card opens "in the Zones where
        Ghouls of the indicated type are", P. 25; measured with one such Ghoul placed on a fork)"""
        key = (i, k, t, j)
        got = self._opens.get(key)
        if got is None:
            f = self.g.fork()
            ctx = f._ctx()
            ctx.place_ghouls(self.run.zones[j], GHOUL_TYPES[t], 1)
            opened = dict(f.state.opening_open)
            CHANCE[NAME].run(ctx, k, *self.run.tasks[i].args)
            got = self._opens[key] = f.state.opening_open != opened
        return got

    def all(self) -> list[dict]:
        """``[{group: _Card}]`` per Zone, every group measured; a card that placed nothing (a "Nothing!",
        an opening card that opened nothing) gets ``opens_after``: the (type, earlier Zone) whose Ghouls
        would make it open something."""
        for i in range(len(self.run)):
            for k in self.keys:
                self.card(i, k)
        placed = sorted({c.delta[0] for row in self.cards for c in row.values() if c.delta is not None})
        for i, row in enumerate(self.cards):
            for k, c in row.items():
                if c.plain and c.delta is None and c.ghoul is not None:
                    c.opens_after = {(t, j) for j in range(i) for t in placed if self.opens(i, k, t, j)}
        return self.cards


_REST_SKIP = ("ghouls", "ghoul_deck", "ghoul_discard", "steps", "queue", "rng", "cards", "origin", "_closed")


def _rest_digest(st: Any) -> bytes:
    """The state but the Ghouls, the Ghoul piles, the step counter and the queue, as bytes."""
    d = {k: v for k, v in st.__dict__.items() if k not in _REST_SKIP}
    d["survivors"] = [s.__dict__ for s in st.survivors.values()]
    if st.pending is not None:
        d["pending"] = st.pending.__dict__
    return pickle.dumps(d, 4)


def _probe(search: Any, g: Any, run: SpawnRun, keys_seq: tuple):
    """Run ``g`` through the cards ``keys_seq`` and on to the horizon on a fork, the Spawn Zones'
    Ghouls and the Ghoul piles guarded outside the cards themselves. Returns the fork at the horizon
    (guards removed), or None if the rest of the horizon touched them or did not end in the horizon."""
    p = g.fork()
    st = p.state
    gh = GuardedGhouls(st.ghouls)
    gh.armed, gh.zones, gh.nonempty = False, frozenset(run.zones), dict.__len__(st.ghouls) > 0
    deck, disc = GuardedPile(st.ghoul_deck), GuardedPile(st.ghoul_discard)
    deck.armed = disc.armed = False
    deck.what, disc.what = "ghoul_deck", "ghoul_discard"
    st.ghouls, st.ghoul_deck, st.ghoul_discard = gh, deck, disc
    log = GuardedLog(p.events)
    log.armed, log.what = False, "events"
    p.events = log
    guards = (gh, deck, disc, log)

    def arm(on: bool) -> None:
        for x in guards:
            x.armed = on

    real = CHANCE[NAME]

    seen: list = []

    def card(ctx, o, *args):
        arm(False)
        try:
            # between two cards only the Scene's checks ran: they must have changed nothing a card reads
            d = _rest_digest(st)
            if seen and seen[-1] != d:
                raise Touched("the state changed between two Spawn cards")
            real.run(ctx, o, *args)
            seen.append(_rest_digest(st))
            if seen[-1] != d:
                raise Touched("a Spawn card changed more than its Zone's Ghouls")
        finally:
            arm(True)

    wrapped = ChanceStep(real.name, real.outcomes, real.check, card)
    ok = False
    try:
        arm(True)
        for i, k in enumerate(keys_seq):
            if p.needs() != "chance" or st.queue[0].name != NAME or st.queue[0].args[0] != run.zones[i]:
                return None
            p._resolve_chance(wrapped, k, st.queue[0])
        ok, _acc = search.advance(p, None)  # no reading of the log on the way
    except Touched:
        ok = False
    finally:
        arm(False)
    if not ok or p.state is not st or p.events is not log \
            or any(a is not b for a, b in zip((st.ghouls, st.ghoul_deck, st.ghoul_discard), guards)):
        return None
    # the rest of the horizon drew no card (its own Spawn cards would be outcomes of their own)
    if sum(e.kind == NAME for e in log) != len(keys_seq):
        return None
    st.ghouls, st.ghoul_deck, st.ghoul_discard = dict(gh), list(deck), list(disc)
    p.events = list(log)
    return p


def expand_spawn_run(search: Any, g: Any, w: Fraction, acc: tuple, push: Callable, add_group: Callable) -> bool:
    """Forecast the run of Spawn cards ``g`` (reached with probability ``w``) stands before as one
    product (see the module doc): the sequences that commute end at once, ``add_group(scale,
    {Outcome: int})`` (probability = scale * int), the positions where a card interacts are
    ``push(game, probability, spawn results so far)``-ed to the engine's enumeration. False (nothing
    done) when the shortcut does not apply; the caller then expands ``g`` one card at a time."""
    sp = split_spawn_run(search, g)
    if sp is None:
        return False
    add_group(w / sp.den, sp.outcomes(search, acc))
    for n, (c, p, cacc) in enumerate(sp.handed_back(search, acc)):
        if n % 64 == 63:
            search.poll()  # a newer question may cancel a long hand-back (Red: thousands of sequences)
        push(c, w * p, cacc)
    return True


class SpawnSplit:
    """A run of Spawn cards split by :func:`split_spawn_run`: ``simple`` ({placements per card: int
    weight}, probability weight / ``den``), all ending as ``probe`` (the engine's run of one of them to
    the horizon) with their own Ghouls; ``cut``: the sequences handed back to the engine,
    ``(groups drawn, int weight)`` with the probability weight / (falling product of the pile size)."""

    def __init__(self, g, run, keys, rows, simple, cut, probe, den):
        self.g, self.run, self.keys, self.rows = g, run, keys, rows
        self.simple, self.cut, self.probe, self.den = simple, cut, probe, den

    @property
    def p_simple(self) -> Fraction:
        """P(no card of the run interacts)."""
        return Fraction(sum(self.simple.values()), self.den)

    def outcomes(self, search: Any, acc: tuple) -> dict:
        """``{Outcome: int weight}`` of the simple sequences (probability = weight / ``den``): the probe's
        end with each sequence's Ghouls in the Spawn Zones and its Ghouls placed added to ``acc``."""
        st, rows, run = self.g.state, self.rows, self.run
        pst = self.probe.state
        sv = [pst.survivors[s] for s in search.survivors]
        wounds, alive, result = tuple(s.wounds for s in sv), tuple(s.alive for s in sv), pst.result
        zones = run.zones
        others = [(z, c) for z, c in pst.ghouls.items() if z not in zones]
        # per card, per placement: its Zone's Ghouls after it
        after = []
        for i, z in enumerate(zones):
            before = st.ghouls.get(z)
            row = {}
            for _ki, _plain, d, *_rest in rows[i]:
                if d is None or d in row:
                    continue
                c = list(before or (0,) * len(GHOUL_TYPES))
                c[d[0]] += d[1]
                row[d] = (z, tuple(c))
            row[None] = (z, before) if before is not None else None
            after.append(row)
        from nollab.prob.forecasting import Outcome

        p0, x0 = acc
        out: dict = {}
        if len(set(zones)) < len(zones):  # two Spawn tokens in one Zone: its cards' Ghouls add up
            for key, weight in self.simple.items():
                gz = {z: list(st.ghouls.get(z, (0,) * len(GHOUL_TYPES))) for z in zones}
                placed = list(p0)
                for j, d in enumerate(key):
                    if d is not None:
                        gz[zones[j]][d[0]] += d[1]
                        placed[d[0]] += d[1]
                gh = sorted(others + [(z, tuple(c)) for z, c in gz.items() if any(c)])
                o = Outcome(wounds, alive, tuple(gh), result, tuple(placed), x0)
                out[o] = out.get(o, 0) + weight
            return out
        for key, weight in self.simple.items():
            gh = others[:]
            placed = list(p0)
            for j, d in enumerate(key):
                zc = after[j][d]
                if zc is not None:
                    gh.append(zc)
                if d is not None:
                    placed[d[0]] += d[1]
            gh.sort()
            # distinct Zones: distinct placements give distinct Outcomes (no merging needed)
            out[Outcome(wounds, alive, tuple(gh), result, tuple(placed), x0)] = weight
        return out

    def handed_back(self, search: Any, acc: tuple):
        """``(game, probability, spawn results so far)`` for each interacting sequence, the engine's
        fork standing right after its first interacting card (forks of shared prefixes reused)."""
        g, keys = self.g, self.keys
        games: dict = {(): (g, acc)}
        step = CHANCE[NAME]

        def at(prefix: tuple, keep: bool):
            got = games.get(prefix)
            if got is not None:
                return got
            pg, pacc = at(prefix[:-1], True)
            c = pg.fork()
            c._resolve_chance(step, keys[prefix[-1]], c.state.queue[0])
            got = (c, search._spawn_events(c, pacc))
            if keep:
                games[prefix] = got
            return got

        n = len(g.state.ghoul_deck)
        for prefix, weight in sorted(self.cut):
            d = 1
            for j in range(len(prefix)):
                d *= n - j
            c, cacc = at(prefix, False)
            yield c, Fraction(weight, d), cacc


def split_spawn_run(search: Any, g: Any) -> SpawnSplit | None:
    """Split the run of Spawn cards ``g`` stands before (see the module doc), or None when the
    shortcut does not apply (fewer than 2 cards, a reshuffle inside the run, the rest of the horizon
    reads what the cards change)."""
    st = g.state
    run = spawn_run(st)
    if run is None or len(run) < 2 or len(st.ghoul_deck) < len(run):
        return None
    node = g.chance_outcomes()
    keys, counts = node.outcomes, node.weights
    if sum(counts) != len(st.ghoul_deck):
        return None
    failed = search.spawn_run_refused
    if tuple(run.zones) in failed:
        return None
    ctx = g._ctx()
    room = [box_room(ctx, t) for t in GHOUL_TYPES]
    m = len(run)
    # the rest of the horizon first, once, on one simple sequence (at each card the first group that
    # keeps the run simple): if it reads what the cards change, no shortcut, and none either for the
    # later positions of this forecast before the same Spawn Zones (a speed choice: the plain path is exact)
    meas = _Measured(g, run, keys)
    first = _first_simple(meas, keys, counts, room, m)
    probe = _probe(search, g, run, first) if first is not None else None
    if probe is None:
        failed.update(tuple(run.zones[j:]) for j in range(m - 1))
        return None
    cards = meas.all()

    # every ordered sequence of groups, without replacement, level by level; sequences that drew the
    # same groups (in any order) with the same placements are one state (the engine would merge them
    # too: the same cards left, the same Ghouls); an interacting card cuts its sequence there
    rows = [[(ki, c.plain, c.delta, c.asked, c.ghoul, c.opens_after) for ki, c in
             ((ki, cards[i][k]) for ki, k in enumerate(keys))] for i in range(m)]
    states = {((), tuple(counts)): [1, ()]}  # (placements, groups left) -> [weight, one sequence]
    cut: list = []
    simple: dict = {}
    for i in range(m):
        last = i == m - 1
        nxt: dict = {}
        for (deltas, left), (weight, seq) in states.items():
            used = [0] * len(GHOUL_TYPES)
            placed_at = set()
            for j, d in enumerate(deltas):
                if d is not None:
                    used[d[0]] += d[1]
                    placed_at.add((d[0], j))
            for ki, plain, delta, asked, ghoul, opens_after in rows[i]:
                r = left[ki]
                if not r:
                    continue
                if not plain or (asked and (ghoul is None or used[ghoul] + asked > room[ghoul])) \
                        or (opens_after and not opens_after.isdisjoint(placed_at)):
                    cut.append((seq + (ki,), weight * r))
                    continue
                key = deltas + (delta,)
                if last:
                    simple[key] = simple.get(key, 0) + weight * r
                    continue
                lk = left[:ki] + (r - 1,) + left[ki + 1:]
                got = nxt.get((key, lk))
                if got is None:
                    nxt[(key, lk)] = [weight * r, seq + (ki,)]
                else:
                    got[0] += weight * r
        states = nxt
    if not simple:  # cannot happen (the probe's sequence is simple); the plain path if it did
        return None

    n = len(st.ghoul_deck)
    den = 1
    for j in range(m):
        den *= n - j
    return SpawnSplit(g, run, keys, rows, simple, cut, probe, den)


def _first_simple(meas: _Measured, keys: tuple, counts: tuple, room: list, m: int) -> tuple | None:
    """One sequence of groups where no card interacts (for the probe), measured lazily: at each card
    the first group (the engine lists "Nothing!" first) that keeps the run simple."""
    left = list(counts)
    used = [0] * len(GHOUL_TYPES)
    placed_at: list = []
    out = []
    for i in range(m):
        for ki, k in enumerate(keys):
            if not left[ki]:
                continue
            c = meas.card(i, k)
            if not c.plain:
                continue
            if c.asked and (c.ghoul is None or used[c.ghoul] + c.asked > room[c.ghoul]):
                continue
            if c.delta is None and c.ghoul is not None and any(meas.opens(i, k, t, j) for t, j in placed_at):
                continue
            left[ki] -= 1
            if c.delta is not None:
                used[c.delta[0]] += c.delta[1]
                placed_at.append((c.delta[0], i))
            out.append(k)
            break
        else:
            return None
    return tuple(out)
