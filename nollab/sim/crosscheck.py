"""Engine samples of quantities :mod:`nollab.prob` also computes exactly, for cross-checks.

Two experiments, each played by the **rules engine** (never by ``nollab.prob``), so comparing
their frequencies with the exact distributions tests both sides:

* :func:`attack_trials` -- one Ranged or Melee Action on one Zone (P. 26-28): kills by type and
  Friendly Fire Wounds, each trial with fresh dice (the game's RNG reseeded);
* :func:`spawn_trials` -- the first spawn step of a Scene (P. 24-25), each trial with the Ghoul
  deck freshly shuffled: Ghouls placed by type.

:func:`within_sigmas` is the agreement test: every outcome's frequency within ``k`` standard
errors of its exact probability (``sqrt(p(1-p)/n)``).
"""
from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Mapping

from nollab.rules.engine import rng
from nollab.rules.engine.actions import Action
from nollab.rules.engine.state import GHOUL_TYPES

__all__ = ["attack_trials", "spawn_trials", "within_sigmas", "seeds_for"]


def seeds_for(seed: int, n: int) -> list[int]:
    """``n`` independent integer seeds from ``SeedSequence(seed)`` (as in :func:`nollab.sim.run`)."""
    from nollab.sim.runner import game_seeds
    return [s for s, _ in game_seeds(seed, n)]


def _settle(game) -> None:
    """Answer pending choices with their defaults and run engine tasks until the Survivor may act
    again (or the game is over)."""
    while game.needs() in ("choice", "step") and game.state.phase == "players":
        if game.state.pending is not None:
            c = game.state.pending
            game.choose(c.options[c.default])
        else:
            game.step()


def attack_trials(weapon: str, target: Mapping[str, int], *, action: str = "ranged", friends: int = 0,
                  dual: bool = False, trials: int = 2000, seed: int = 0) -> Counter:
    """Play one attack ``trials`` times on a two-Zone street (shooter in ``T:a``; target and
    ``friends`` bystanders in ``T:b`` for Ranged, everything in ``T:a`` for Melee) and count the
    outcomes ``(kills tuple in (walker, breaker, fatty, relative) order, Friendly Fire Wounds)``."""
    from nollab.board.quick import board_from_grid
    from nollab.rules.sandbox import sandbox
    board = board_from_grid("ab", {"a": "exterior", "b": "exterior"})
    zone = "T:b" if action == "ranged" else "T:a"
    people = ["ben", "barbra", "harry", "helen", "judy", "tom"]
    if not 0 <= friends <= 5:
        raise ValueError(f"friends must be 0..5, got {friends}")
    survivors = {"ben": "T:a"} | {p: zone for p in people[1:1 + friends]}
    inv = {"ben": [weapon, weapon] if dual else [weapon]}
    base = sandbox(board, survivors, ghouls={zone: dict(target)}, inventory=inv)
    if Action("activate", "ben") in base.legal_actions():
        base.apply(Action("activate", "ben"))
    hands = (0, 1) if dual else (0,)
    act = Action(action, "ben", (hands, zone) if action == "ranged" else (hands, False))
    out: Counter = Counter()
    for s in seeds_for(seed, trials):
        g = base.copy()
        g.state.rng = rng.seed_state(s)
        g.apply(act)
        _settle(g)
        kills = tuple(g.state.kills.get(t, 0) for t in GHOUL_TYPES)
        ff = sum(g.state.survivors[p].wounds for p in people[1:1 + friends])
        out[(kills, ff)] += 1
    return out


def spawn_trials(scene: str = "S1", *, trials: int = 1000, seed: int = 0, survivors=None) -> tuple[Counter, dict]:
    """The first spawn step of ``scene`` ``trials`` times (Survivors idle through round 1, so no
    XP is earned and the cards are read at Blue, P. 24), each with the Ghoul deck reshuffled.

    Returns ``(Counter of (walker, breaker, fatty, relative) placed, info)``; ``info`` has the
    number of cards drawn per step (``zones``), the Danger Level index and the deck's card numbers,
    which is what the exact query needs."""
    from nollab.rules.game import Game
    from nollab.sim.policy import IdlePolicy
    g0 = Game.new(scene, seed=seed, survivors=survivors, history=False)
    idle = IdlePolicy()
    while not (g0.state.queue and g0.state.queue[0].name == "ghouls_phase"):
        if g0.over or g0.state.round > 1:
            raise RuntimeError(f"{scene}: the first Ghouls' Phase was not reached with idle Survivors")
        g0.step(idle)
    before = tuple(g0.state.on_board(t) for t in GHOUL_TYPES)
    deck = list(g0.state.ghoul_deck) + list(g0.state.ghoul_discard)
    out: Counter = Counter()
    drawn = None
    for s in seeds_for(seed, trials):
        g = g0.copy()
        st = g.state
        st.ghoul_deck = sorted(deck)
        st.ghoul_discard = []
        st.rng = rng.shuffle(rng.seed_state(s), st.ghoul_deck)
        while not g.over and st.phase != "end" and st.round == 1:
            g.step(idle)
            st = g.state
        out[tuple(st.on_board(t) - b for t, b in zip(GHOUL_TYPES, before))] += 1
        drawn = len(st.ghoul_discard)
    info = {"zones": drawn, "level": 0, "deck": sorted(deck), "on_board": dict(zip(GHOUL_TYPES, before))}
    return out, info


def within_sigmas(counts: Mapping, exact: Mapping, k: float = 4.0, min_expected: float = 5.0) -> list[str]:
    """Outcomes whose frequency is more than ``k`` standard errors from the exact probability
    (an empty list means agreement). ``exact`` maps outcome -> Fraction; outcomes sampled but
    impossible are always reported. Outcomes expected fewer than ``min_expected`` times are
    pooled into one ``"rare"`` outcome (the normal approximation behind "k standard errors"
    is poor for them)."""
    n = sum(counts.values())
    if n == 0:
        raise ValueError("within_sigmas: no samples")
    bad_p = [x for x, p in exact.items() if not 0 <= p <= 1]
    if bad_p:
        raise ValueError(f"within_sigmas: exact values must be probabilities in [0, 1] (e.g. {bad_p[0]!r})")
    rare = {x for x, p in exact.items() if 0 < p * n < min_expected}
    if rare:
        pooled: Counter = Counter()
        for x, c in counts.items():
            pooled["rare" if x in rare else x] += c
        counts = pooled
        exact = {x: p for x, p in exact.items() if x not in rare} | {"rare": sum((exact[x] for x in rare), Fraction(0))}
    bad = []
    for x in set(counts) | set(exact):
        p = float(exact.get(x, Fraction(0)))
        f = counts.get(x, 0) / n
        if p == 0.0:
            if counts.get(x, 0):
                bad.append(f"{x!r}: sampled {counts[x]} times but impossible")
            continue
        se = math.sqrt(p * (1 - p) / n)
        if abs(f - p) > k * se + 1e-12:
            bad.append(f"{x!r}: frequency {f:.4f} vs exact {p:.4f} ({abs(f - p) / se:.1f} standard errors)")
    return sorted(bad)
