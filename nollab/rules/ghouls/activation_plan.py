"""A whole Activation of the Ghouls (P. 22-23), planned at once as a pure function.

Order of one Activation (P. 22): "Attacks on survivors (or closed barricades and closed doors) are
resolved first, then all the Moves. Each Ghoul performs either an Attack OR a Move with a single
Action." :func:`plan_activation` composes :func:`~.attack_plan.ghoul_attacks` ->
:func:`~.breakers.breaking` -> :func:`~.move_plan.plan_moves` in that order. The engine
runs the same functions one visible step at a time (:mod:`.activation`: the Breakers' step calls
:func:`~.breakers.breaking`, the moves' step :func:`~.move_plan.plan_moves`), so the plan and the
game cannot disagree (tests/test_rules_ghoul_ai.py checks it on random S1 positions).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from nollab.rules.ghouls.attack_plan import DEFAULT_WOUNDS, AttackPlan, Taunt, ghoul_attacks
from nollab.rules.ghouls.breakers import attacked_zones, breaker_counts, breaking
from nollab.rules.ghouls.geometry import Geometry, Zone, zone_key
from nollab.rules.ghouls.move_plan import MovePlan, plan_moves


@dataclass(frozen=True)
class Activation:
    """One full Activation step (P. 22-23): attacks, openings broken by Breakers, moves.

    ``closed_after`` is the closed set the Moves were planned with (Breakers' openings
    removed: "the other Ghouls ... will be able to go through the opening the Breakers have
    just created during the ensuing Move action!", P. 22).
    """

    attacks: AttackPlan
    opened: frozenset
    closed_after: frozenset
    moves: MovePlan
    breaking_zones: tuple = field(default=())


def plan_activation(board: Geometry, closed: frozenset, ghouls_by_zone: Mapping[Zone, Mapping[str, int]],
                    survivors_by_zone: Mapping[Zone, Sequence[str]],
                    wounds: Mapping[str, int] = DEFAULT_WOUNDS, *, taunt: Taunt | None = None,
                    breaker_types: Iterable[str] = ("breaker",)) -> Activation:
    """Plan a whole Activation of the given Ghouls (P. 22-23; P. 25 extra Activation; P. 46).

    Pass all Ghouls for the normal Activation, only one type's Ghouls for an extra Activation
    after running out of miniatures (P. 25), or the taunted Zone's Ghouls with ``taunt``.
    Breakers that open something spend their Action and do not move.
    """
    closed = frozenset(closed)
    breaker_types = tuple(breaker_types)
    attacks = ghoul_attacks(ghouls_by_zone, survivors_by_zone, wounds, taunt=taunt)
    idle = attacks.idle_by_zone()
    found = breaking(board, closed, breaker_counts(idle, breaker_types), attacked_zones(survivors_by_zone, taunt))
    breaking_at = {b.zone for b in found}
    opened = frozenset(o for b in found for o in b.openings)
    movers = {}
    for z, counts in idle.items():
        c = {t: n for t, n in counts.items() if not (z in breaking_at and t in breaker_types)}
        if any(c.values()):
            movers[z] = c
    after = closed - opened
    moves = plan_moves(board, after, ghouls_by_zone, survivors_by_zone, movers=movers, taunt=taunt)
    return Activation(attacks, opened, after, moves, tuple(sorted(breaking_at, key=zone_key)))
