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

The parts shared with the live spawn odds (:mod:`nollab.prob.spawn_engine`) are one implementation in
:mod:`nollab.prob.spawn_cards`: the measure of a card group (``measure_card``, ``opens_with``), the
first simple sequence, the probe and its guards, the hand-back forks (``PrefixForks``), the falling
products. This module keeps the forecast's layer: the counting keyed by every Zone's placement (the
end positions are asked) and the Outcomes of the simple sequences.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from nollab.rules.engine.state import GHOUL_TYPES
from nollab.rules.spawn.step import box_room

# the parts shared with the live spawn odds (nollab.prob.spawn_engine): one implementation
from .spawn_cards import (GuardedGhouls, GuardedLog, GuardedPile, PrefixForks, SpawnRun, Touched,  # noqa: F401
                          falling, first_simple, measure_card, opens_with, probe, spawn_run)

__all__ = ["SpawnSplit", "expand_spawn_run", "spawn_run", "split_spawn_run"]


class _Card:
    """What one group of cards does in one Zone (the engine's run of it, :func:`measure_card`), as the
    forecast's counting reads it."""

    __slots__ = ("ghoul", "asked", "delta", "plain", "placed", "opens_after")

    def __init__(self, ghoul, asked, delta, plain):
        self.ghoul = ghoul  # index in GHOUL_TYPES, or None
        self.asked = asked  # Ghouls the card asks for (its line at this Danger Level)
        self.delta = delta  # (type index, n) placed in its Zone, or None
        self.plain = plain  # only places Ghouls in its own Zone (else: it interacts)
        self.placed = delta[1] if delta is not None else 0
        self.opens_after: set = set()  # (type index, zone index j): would open once an earlier card put that type in z_j

    @property
    def clean(self) -> bool:
        """:func:`first_simple`'s name for ``plain``."""
        return self.plain


class _Measured:
    """What each group's card does in each Zone of the run, measured by the engine on forks of ``g``
    (:func:`measure_card`) when first asked."""

    def __init__(self, g: Any, run: SpawnRun, keys: tuple):
        self.g, self.run, self.keys = g, run, keys
        self.cards: list[dict] = [{} for _ in run.tasks]
        self._opens: dict = {}

    def card(self, i: int, k: Any) -> _Card:
        """Card group ``k`` drawn for the ``i``-th Zone (``plain`` False: it does something else than
        place Ghouls in its own Zone: opens, runs short, asks, ends the game, queues a step; or it is of
        no known Ghoul type: nothing here can tell what it reads)."""
        got = self.cards[i].get(k)
        if got is not None:
            return got
        e = measure_card(self.g, self.run.tasks[i], k)
        plain = e.clean and e.ghoul is not None
        got = self.cards[i][k] = _Card(e.ghoul, e.asked, (e.ghoul, e.placed) if plain and e.placed else None, plain)
        return got

    def opens(self, i: int, k: Any, t: int, j: int) -> bool:
        """Would card group ``k`` drawn for the ``i``-th Zone open something once Ghouls of type ``t``
        stand in the ``j``-th Spawn Zone? (:func:`opens_with`, memoised)"""
        key = (i, k, t, j)
        got = self._opens.get(key)
        if got is None:
            got = self._opens[key] = opens_with(self.g, self.run.tasks[i], k, self.run.zones[j], t)
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
        g = self.g
        forks = PrefixForks(g, acc, self.keys, lambda c, pacc, _key: search._spawn_events(c, pacc))
        n = len(g.state.ghoul_deck)
        for prefix, weight in sorted(self.cut):
            c, cacc = forks.then(prefix[:-1], prefix[-1])
            yield c, Fraction(weight, falling(n, len(prefix))), cacc


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
    first = first_simple(lambda i, ki: meas.card(i, keys[ki]), counts, room, m,
                         lambda i, ki, t, j: meas.opens(i, keys[ki], t, j))
    end = probe(search, g, run, tuple(keys[ki] for ki in first)) if first is not None else None
    if end is None:
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

    return SpawnSplit(g, run, keys, rows, simple, cut, end, falling(len(st.ghoul_deck), m))
