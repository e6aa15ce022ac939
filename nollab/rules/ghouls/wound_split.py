"""The split of a Zone's Ghoul Attacks among its Survivors (P. 22), as pure functions.

"Survivors in the same Zone split the Ghouls' Attacks in any way the players prefer" (P. 22): the
distinct splits are enumerated by :func:`wound_allocation_options`, with a named default
(:func:`default_wound_allocation`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from typing import Iterable, Mapping, Sequence

import numpy as np

from nollab.content_model import ghoul_type_key
from nollab.rules.ghouls.attack_plan import ELIMINATION_WOUNDS, GhoulAttack, ZoneAttack


@dataclass(frozen=True)
class WoundAllocation:
    """One way to split a Zone's Ghoul Attacks among its Survivors (P. 22).

    ``assigned``: survivor -> ((ghoul type, count), ...) of whole Attacks received;
    ``dealt``: survivor -> wounds received; ``final``: survivor -> Wound Bar afterwards,
    capped at 3 (elimination); ``eliminated``: Survivors reaching 3 ("the game is lost").
    """

    assigned: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    dealt: tuple[tuple[str, int], ...]
    final: tuple[tuple[str, int], ...]
    eliminated: tuple[str, ...]

    def explain(self) -> str:
        parts = [f"{s} takes {d} wound{'s' if d != 1 else ''}" for s, d in self.dealt]
        if self.eliminated:
            parts.append("eliminated: " + ", ".join(self.eliminated))
        return "; ".join(parts) + " (P. 22)"


def wound_allocation_options(attacks: Iterable[GhoulAttack] | ZoneAttack,
                             survivors_in_zone: Sequence[str] | None = None, *,
                             wounds_taken: Mapping[str, int] | None = None,
                             elimination: int = ELIMINATION_WOUNDS) -> tuple[WoundAllocation, ...]:
    """Every distinct way the Survivors of a Zone can split its Ghoul Attacks (P. 22).

    "Survivors in the same Zone split the Ghouls' Attacks in any way the players prefer.
    Each Ghoul Attack deals the corresponding Wound total." Each Attack goes whole to one
    Survivor (a Fatty's 2 Wounds are never split). Two allocations are *equivalent* when they
    leave every Survivor with the same Wound Bar, counting a bar at or past ``elimination``
    as simply eliminated; one representative of each class is returned, in a deterministic
    order. ``wounds_taken`` is each Survivor's Wound Bar before the attack (default 0).
    ``attacks`` may be a :class:`ZoneAttack` (its survivors are used when
    ``survivors_in_zone`` is None).
    """
    if isinstance(attacks, ZoneAttack):
        survivors = tuple(survivors_in_zone) if survivors_in_zone is not None else attacks.survivors
        attacks = attacks.attacks
    else:
        survivors = tuple(survivors_in_zone or ())
    attacks = tuple(attacks)
    if not survivors:
        raise ValueError("survivors_in_zone: at least one Survivor must receive the Attacks")
    if len(set(survivors)) != len(survivors):
        raise ValueError(f"survivors_in_zone: duplicate survivor ids in {survivors!r}")
    taken = dict(wounds_taken or {})
    start = tuple(min(elimination, taken.get(s, 0)) for s in survivors)
    for a in attacks:
        if a.count < 0 or a.wounds < 0:
            raise ValueError(f"attacks: negative count or wounds in {a!r}")
    return _allocations(attacks, survivors, start, elimination)


#: Zones with at most this many Wound Bar vectors ((elimination + 1) ** survivors) use the
#: pure-Python steps; bigger ones the numpy steps (measured crossover, bench/bench_ghoul_ai.py).
SMALL_STATES = 64


@lru_cache(maxsize=4096)
def _allocations(attacks: tuple, survivors: tuple, start: tuple, elimination: int) -> tuple[WoundAllocation, ...]:
    """The dynamic programme of :func:`wound_allocation_options` on validated, hashable inputs
    (cached: a simulation meets the same Zone attacks again and again; results are immutable)."""
    if (elimination + 1) ** len(survivors) <= SMALL_STATES:
        return _allocations_stepwise(attacks, survivors, start, elimination)
    return _allocations_vectorised(attacks, survivors, start, elimination)


def _allocations_stepwise(attacks: tuple, survivors: tuple, start: tuple,
                          elimination: int) -> tuple[WoundAllocation, ...]:
    """Pure-Python form of :func:`_allocations_vectorised`, faster for small Zones (no numpy
    overhead): same steps, same first-found representatives, same order."""
    k = len(survivors)
    types = sorted({a.ghoul_type for a in attacks}, key=ghoul_type_key)
    tix = {t: j for j, t in enumerate(types)}
    groups: dict[int, list[int]] = {}  # wound value -> type index of each single Attack
    for a in sorted(attacks, key=lambda a: ghoul_type_key(a.ghoul_type)):
        groups.setdefault(a.wounds, []).extend([tix[a.ghoul_type]] * a.count)
    zero = (0,) * len(types)
    # state: capped Wound Bars -> (wounds dealt per survivor, Attacks per survivor per type)
    states: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]]
    states = {start: ((0,) * k, (zero,) * k)}

    def give(rep, i, j, w, n=1):
        dealt, got = rep
        row = got[i][:j] + (got[i][j] + n,) + got[i][j + 1:]
        return dealt[:i] + (dealt[i] + w * n,) + dealt[i + 1:], got[:i] + (row,) + got[i + 1:]

    for w, singles in sorted(groups.items()):
        for pos, j in enumerate(singles):
            nxt: dict = {}
            for bars, rep in states.items():
                for i in range(k):
                    nb = bars[:i] + (min(elimination, bars[i] + w),) + bars[i + 1:]
                    if nb not in nxt:
                        nxt[nb] = give(rep, i, j, w)
            fixed = nxt.keys() == states.keys()
            states = nxt
            if fixed:
                # The set of results no longer changes: every result has a Survivor the rest
                # of these Attacks cannot hurt more (eliminated, or 0-wound Attacks); they go there.
                rest = singles[pos + 1:]
                for bars, rep in list(states.items()):
                    i = next(i for i in range(k) if min(elimination, bars[i] + w) == bars[i])
                    for jj in rest:
                        rep = give(rep, i, jj, w)
                    states[bars] = rep
                break
    states = {b: (d, tuple(tuple((types[j], n) for j, n in enumerate(row) if n) for row in got))
              for b, (d, got) in states.items()}
    out = []
    for bars, (dealt, assigned) in states.items():
        out.append(WoundAllocation(
            assigned=tuple(zip(survivors, assigned)), dealt=tuple(zip(survivors, dealt)),
            final=tuple(zip(survivors, bars)),
            eliminated=tuple(s for s, b in zip(survivors, bars) if b >= elimination)))
    return tuple(out)


def _allocations_vectorised(attacks: tuple, survivors: tuple, start: tuple,
                            elimination: int) -> tuple[WoundAllocation, ...]:
    """Every distinct capped Wound Bar vector with its first-found split, in order.

    The single Attacks are dealt one at a time (by wound value, then Ghoul type); a state is
    the vector of capped Wound Bars, encoded as one integer in base ``elimination + 1``. Each
    step maps the ordered states to their successors (one per Survivor hit) and keeps each new
    state's *first* (parent, Survivor) in that order: the representative and the order of
    the options. When the set of states stops changing inside a wound value, every state has
    a Survivor the remaining Attacks of that value cannot hurt more (eliminated, or 0-wound
    Attacks); those Attacks go to the first such Survivor. The steps run vectorised (numpy)
    and the representatives are read back by walking every final state through the parents.
    """
    k = len(survivors)
    base = elimination + 1
    if base ** k >= 2 ** 62:
        raise ValueError(f"survivors_in_zone: {k} Survivors with elimination {elimination} is too large to enumerate")
    pw = np.array([base ** (k - 1 - i) for i in range(k)], dtype=np.int64)
    types = sorted({a.ghoul_type for a in attacks}, key=ghoul_type_key)
    tix = {t: j for j, t in enumerate(types)}
    groups: dict[int, list[int]] = {}  # wound value -> type index of each single Attack
    for a in sorted(attacks, key=lambda a: ghoul_type_key(a.ghoul_type)):
        groups.setdefault(a.wounds, []).extend([tix[a.ghoul_type]] * a.count)
    states = np.array([sum(b * int(p) for b, p in zip(start, pw))], dtype=np.int64)
    layers = []  # per Attack dealt: (states before, sorted states after, first flat index of each, wounds, type)
    rests: dict[int, tuple[int, list[int]]] = {}  # layer count -> (wounds, Attacks left at the fixed point)
    for w, singles in sorted(groups.items()):
        for pos, j in enumerate(singles):
            bars = states[:, None] // pw % base
            flat = (states[:, None] + pw * (np.minimum(elimination, bars + w) - bars)).ravel()
            uniq, first = np.unique(flat, return_index=True)
            nxt = flat[np.sort(first)]  # new states in order of first appearance
            layers.append((states, uniq, first, w, j))
            fixed = len(nxt) == len(states) and np.array_equal(uniq, np.sort(states))
            states = nxt
            if fixed:
                rests[len(layers)] = (w, singles[pos + 1:])
                break
    n = len(states)
    rows = np.arange(n)
    got = np.zeros((n, k, max(1, len(types))), dtype=np.int64)  # Attacks per final, Survivor, type
    dealt = np.zeros((n, k), dtype=np.int64)
    cur = states
    for layer in range(len(layers), 0, -1):
        rest = rests.get(layer)
        if rest is not None:
            w, left = rest
            bars = cur[:, None] // pw % base
            who = np.argmax(np.minimum(elimination, bars + w) == bars, axis=1)
            for jj in sorted(set(left)):
                c = left.count(jj)
                got[rows, who, jj] += c
                dealt[rows, who] += w * c
        prev, uniq, first, w, j = layers[layer - 1]
        idx = first[np.searchsorted(uniq, cur)]
        who = idx % k
        got[rows, who, j] += 1
        dealt[rows, who] += w
        cur = prev[idx // k]
    finals = states[:, None] // pw % base
    out_of = (finals >= elimination).tolist()
    # the few distinct per-Survivor rows of Attacks per type, each turned into ((type, count), ...) once
    rows_seen, which = np.unique(got.reshape(n * k, -1), axis=0, return_inverse=True)
    cells = [tuple((types[j], m) for j, m in enumerate(row) if m) for row in rows_seen.tolist()]
    which = np.asarray(which).reshape(n, k).tolist()
    return tuple(
        WoundAllocation(assigned=tuple(zip(survivors, map(cells.__getitem__, got_f))),
                        dealt=tuple(zip(survivors, dealt_f)),
                        final=tuple(zip(survivors, bars)), eliminated=tuple(compress(survivors, out_f)))
        for bars, got_f, dealt_f, out_f in zip(finals.tolist(), which, dealt.tolist(), out_of))


def default_wound_allocation(options: Sequence[WoundAllocation]) -> int:
    """Index of the default policy ``"spread"``: keep everyone alive longest.

    Picks the option with the fewest eliminated Survivors, then the lowest highest Wound
    Bar, then the most even bars (sorted descending, lexicographically smallest), then the
    earliest option. It is a player decision (P. 22); this is only the default.
    """
    if not options:
        raise ValueError("options: no wound allocation to choose from")

    def score(i: int) -> tuple:
        bars = sorted((b for _, b in options[i].final), reverse=True)
        return (len(options[i].eliminated), bars, i)

    return min(range(len(options)), key=score)
