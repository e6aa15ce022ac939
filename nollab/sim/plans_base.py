"""The :class:`Plan` interface of the heuristic bot and the small game queries its plans share
(see :mod:`nollab.sim.plans` for the hook -> plan table and what each plan does;
the plans themselves live in :mod:`nollab.sim.scene_plans`, one module per objective)."""
from __future__ import annotations

from typing import Any

__all__ = ["Plan", "MOLOTOV_PARTS", "URGENT", "NORMAL", "card_id", "holds", "can_fight", "alive",
           "tile_zones", "white_zone", "objective", "car_distances"]

#: the two House cards a Molotov is made of (P. 29 "Mason Jar + Flammable Fluid")
MOLOTOV_PARTS = ("mason_jar", "flammable_fluid")
#: goal priorities (lower wins): a Ghoul inside a besieged house beats every slower objective
URGENT, NORMAL = 0, 5


class Plan:
    """One objective's know-how. Subclasses override what they need; the defaults say nothing."""

    name = "plan"

    def __init__(self, hook: str = ""):
        self.hook = hook

    def goals(self, v) -> tuple[int, list[str]] | None:
        """``(priority, zones)`` to walk towards, or None."""
        return None

    def bonus(self, v, a) -> float:
        """Extra score for the legal action ``a`` (0: no opinion)."""
        return 0.0

    def option(self, v, choice) -> Any:
        """An option of ``choice`` to pick, or None (the bot's default)."""
        return None


# ------------------------------------------------------------------------------ helpers
def card_id(v, uid) -> str:
    return v.st.cards[uid]


def holds(v, s, card: str) -> bool:
    return any(card_id(v, u) == card for u in s.inventory())


def can_fight(v, s) -> bool:
    """A weapon (Melee or Ranged line) in a Hand."""
    eq = v.game.content.equipment
    return any(u is not None and (eq[card_id(v, u)].melee is not None or eq[card_id(v, u)].ranged is not None)
               for u in s.hands)


def alive(v) -> list:
    return [s for s in v.st.survivors.values() if s.alive]


def tile_zones(v, tile: str) -> list[str]:
    return [z for z, zone in v.board.zones.items() if zone.tile == tile]


def white_zone(v) -> str | None:
    """The white Spawn Zone: the Scene's ``"white"`` objective (S7, S10), else the state's white token."""
    got = v.objectives().get("white") if hasattr(v, "objectives") else None
    if got:
        return got[0]
    return next((z for z, c in v.st.spawns if c == "white"), None)


def objective(v, name: str) -> list[str]:
    """The Scene's objective Zones called ``name`` (``Scene.objective_zones``), [] if none."""
    return list(v.objectives().get(name, ()))


def car_distances(v, dst: str) -> dict[str, int]:
    """Drive distance (Car Moves through exterior Zones, P. 21) from every Zone to ``dst``."""
    key = ("car", id(v.board), len(v.board.zones), dst, v.closed)
    got = v._dist.get(key)
    if got is not None:
        return got
    dist = {dst: 0}
    frontier = [dst]
    while frontier:
        nxt = []
        for z in frontier:
            for n in v.board.car_neighbors(z, v.closed):
                if n not in dist:
                    dist[n] = dist[z] + 1
                    nxt.append(n)
        frontier = nxt
    v._dist[key] = dist
    return dist
