"""Which Ghouls attack whom (P. 22; Taunt P. 46), as pure functions over plain data.

"Each Ghoul in the same Zone as Survivors performs an Attack. A Ghoul's Attack is always
successful" (P. 22). :func:`ghoul_attacks` returns the attacks per Zone and the Ghouls left idle
(they may break openings or move); the Wounds are split by :mod:`.wound_split`.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from nollab.content_model import ghoul_type_key
from nollab.rules.ghouls.geometry import Zone, zone_key


#: Wounds dealt by one Attack of each Ghoul type (P. 22): "Walker, Breaker, and Relative:
#: 1 Wound - Fatty: 2 Wounds". Engines should pass ``{t.id: t.wounds for t in content}``.
DEFAULT_WOUNDS: Mapping[str, int] = MappingProxyType({"walker": 1, "breaker": 1, "fatty": 2, "relative": 1})


#: "A Survivor is eliminated as soon as their Wound Bar reaches 3" (P. 22).
ELIMINATION_WOUNDS = 3




def _n(survivors: Any) -> int:
    return survivors if isinstance(survivors, int) else len(survivors)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True)
class Taunt:
    """Taunt (P. 46): the taunted Ghouls "try to reach the taunting Survivor by any means
    available. Taunted Ghouls ignore all other Survivors. They do not attack them and leave
    the Zone they are standing in if needed to reach the taunting Survivor."

    ``survivor`` is the taunting Survivor's id, ``zone`` the Zone they stand in. The caller
    passes only the taunted Ghouls (those of the selected Zone) as ``ghouls_by_zone``.
    """

    survivor: str
    zone: Zone


def ghouls_of_type(ghouls_by_zone: Mapping[Zone, Mapping[str, int]], ghoul_type: str) -> dict[Zone, dict[str, int]]:
    """Only the Ghouls of one type, e.g. for the extra Activation after running out of
    miniatures: "all the Ghouls of the indicated type immediately resolve an extra
    Activation" (P. 25). Pass the result to :func:`plan_activation`."""
    return {z: {ghoul_type: c[ghoul_type]} for z, c in ghouls_by_zone.items() if c.get(ghoul_type, 0) > 0}


@dataclass(frozen=True)
class GhoulAttack:
    """``count`` Ghouls of ``ghoul_type`` attacking, each dealing ``wounds`` (P. 22)."""

    ghoul_type: str
    count: int
    wounds: int


@dataclass(frozen=True)
class ZoneAttack:
    """All Ghoul Attacks in one Zone and the Survivors who split them (P. 22)."""

    zone: Zone
    attacks: tuple[GhoulAttack, ...]
    survivors: tuple[str, ...]

    @property
    def total_wounds(self) -> int:
        return sum(a.count * a.wounds for a in self.attacks)


@dataclass(frozen=True)
class AttackPlan:
    """Result of :func:`ghoul_attacks`: the attacks per Zone and the Ghouls that did not attack.

    ``idle`` (zone -> ((type, count), ...)) is every Ghoul that did not Attack a Survivor;
    these may break openings (Breakers) or Move.
    """

    attacks: tuple[ZoneAttack, ...]
    idle: tuple[tuple[Zone, tuple[tuple[str, int], ...]], ...]

    def idle_by_zone(self) -> dict[Zone, dict[str, int]]:
        return {z: dict(c) for z, c in self.idle}


def ghoul_attacks(ghouls_by_zone: Mapping[Zone, Mapping[str, int]],
                  survivors_by_zone: Mapping[Zone, Sequence[str]],
                  wounds: Mapping[str, int] = DEFAULT_WOUNDS, *,
                  taunt: Taunt | None = None) -> AttackPlan:
    """Every Ghoul in a Zone with Survivors attacks (P. 22).

    "Each Ghoul in the same Zone as Survivors performs an Attack. A Ghoul's Attack is always
    successful" and "All Ghouls activated in the same Zone as a Survivor join the Attack,
    even if there is excess Damage." ``wounds`` maps a type to the wounds of one Attack
    (content ``GhoulType.wounds``). With ``taunt`` (P. 46) the Ghouls attack only the
    taunting Survivor, and only if they stand in that Survivor's Zone.
    """
    attacks: list[ZoneAttack] = []
    idle: list[tuple[Zone, tuple[tuple[str, int], ...]]] = []
    for zone in sorted(ghouls_by_zone, key=zone_key):
        counts = tuple(sorted(((t, c) for t, c in ghouls_by_zone[zone].items() if c > 0),
                              key=lambda tc: ghoul_type_key(tc[0])))
        if not counts:
            continue
        for t, c in counts:
            if t not in wounds:
                raise ValueError(f"wounds: no wound value for ghoul type {t!r} (zone {zone!r})")
            if c < 0:
                raise ValueError(f"ghouls_by_zone[{zone!r}][{t!r}]: negative count {c}")
        if taunt is not None:
            survivors = (taunt.survivor,) if zone == taunt.zone else ()
        else:
            here = survivors_by_zone.get(zone) or ()
            if isinstance(here, int):
                raise ValueError(f"survivors_by_zone[{zone!r}]: attacks need survivor ids, not a count")
            survivors = tuple(here)
        if survivors:
            attacks.append(ZoneAttack(zone, tuple(GhoulAttack(t, c, wounds[t]) for t, c in counts),
                                      survivors))
        else:
            idle.append((zone, counts))
    return AttackPlan(tuple(attacks), tuple(idle))
