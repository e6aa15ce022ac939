"""Where hits go: Targeting Priority Order, damage thresholds, free allocation (P. 26-29).

A target Zone is a mapping ``{ghoul type id: count}``. Hits are assigned deterministically given the
player's preference among equal choices, so every outcome is a function of the number of hits.

API::

    GhoulStats(priority, min_damage, xp)            # what targeting needs from a GhoulType
    NOTLD_GHOULS: dict[str, GhoulStats]             # P. 27 table (Walker, Breaker, Fatty, Relative)
    stats_from_content(content) -> dict[str, GhoulStats]
    preference(goal) -> tuple[str, ...]             # the player's order among free choices
    allocate(zone, hits, damage, mode, prefer, stats) -> dict[str, int]   # kills by type
    fill_order(zone, damage, mode, prefer, stats), fill(zone, order, hits)  # the same in two steps

Rules:
- ``mode="priority"`` (Ranged and Car attacks, P. 27, P. 21): "Hits are assigned to targets of the
  highest Priority until they have all been eliminated, then to targets of the next Priority Level".
  A hit whose Damage is below a target's Min Damage has no effect (P. 26: "Damage 1 has no effect on
  them, no matter the amount of times"), so a surviving Fatty absorbs every remaining Damage-1 hit and
  shields the others (P. 27 NOTE). Among targets sharing a Priority "players choose" (P. 27).
- ``mode="free"`` (Melee, P. 26: "The player divides their hits as they wish"; Sniper, P. 28: "freely
  choose their target"): each hit kills one target it can hurt, in the player's preferred order.
- The player's preference (ruling in docs/rulings.md): the goal's type first for ``kill:TYPE``;
  otherwise Relative (it forces Romero Mode, P. 17; Ben's example P. 27 picks it), Fatty (2 Wounds),
  Breaker (opens Barricades), Walker, then any other type by name.
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Mapping

__all__ = ["GhoulStats", "NOTLD_GHOULS", "DEFAULT_PREFERENCE", "stats_from_content", "preference",
           "allocate", "fill_order", "fill", "parse_goal", "zone_key"]


class GhoulStats(namedtuple("GhoulStats", "priority min_damage xp")):
    """The three numbers of the P. 27 table that combat odds need: ``priority``, ``min_damage``, ``xp``.

    A ``collections.namedtuple`` rather than ``typing.NamedTuple``: a cold odds query does not import
    ``typing`` (issue 13, cold start).
    """

    __slots__ = ()


#: P. 27 table: "1 Fatty 1 2 1 / 2 Walker Breaker Relative 1 1 1".
NOTLD_GHOULS: dict[str, GhoulStats] = {
    "walker": GhoulStats(2, 1, 1),
    "breaker": GhoulStats(2, 1, 1),
    "fatty": GhoulStats(1, 2, 1),
    "relative": GhoulStats(2, 1, 1),
}

DEFAULT_PREFERENCE: tuple[str, ...] = ("relative", "fatty", "breaker", "walker")
#: canonical display order for kills keys: Targeting Priority Order, then the P. 17 order
DISPLAY_ORDER: tuple[str, ...] = ("fatty", "walker", "breaker", "relative")


def stats_from_content(content) -> dict[str, GhoulStats]:
    """``GhoulStats`` for every ``content.ghoul_types`` entry (a ``nollab.content_model.Content``)."""
    return {gid: GhoulStats(g.priority, g.min_damage, g.xp) for gid, g in content.ghoul_types.items()}


def parse_goal(goal: str, types) -> tuple[str, str | None]:
    """``"clear"`` / ``"expected"`` / ``"kill:TYPE"`` -> ``(kind, type or None)``; ValueError if bad."""
    g = goal.strip().lower()
    if g in ("clear", "expected"):
        return g, None
    if g.startswith("kill:"):
        t = g[5:].strip()
        if t.endswith("s") and t[:-1] in types:
            t = t[:-1]
        if t == "fatties":
            t = "fatty"
        if t not in types:
            raise ValueError(f"unknown ghoul type {t!r} in goal (known: {', '.join(sorted(types))})")
        return "kill", t
    raise ValueError(f"goal must be clear, expected or kill:TYPE, got {goal!r}")


def preference(goal: str = "clear", types=None) -> tuple[str, ...]:
    """The player's order among free choices for a goal (goal type first for ``kill:TYPE``)."""
    types = list(types) if types is not None else list(NOTLD_GHOULS)
    base = [t for t in DEFAULT_PREFERENCE if t in types] + sorted(t for t in types if t not in DEFAULT_PREFERENCE)
    kind, t = parse_goal(goal, types)
    if kind == "kill":
        base.remove(t)
        base.insert(0, t)
    return tuple(base)


def fill_order(
    zone: Mapping[str, int],
    damage: int,
    mode: str,
    prefer: tuple[str, ...] = DEFAULT_PREFERENCE,
    stats: Mapping[str, GhoulStats] = NOTLD_GHOULS,
) -> tuple:
    """The targets in the order hits reach them, ``((type, count), ...)``, whatever the number of hits
    (see module doc for the rules); a last ``(type, None)`` is a target the ``damage`` cannot eliminate,
    which absorbs every remaining hit (P. 27 NOTE). Computed once per attack, filled for each number of
    hits by :func:`fill`."""
    rank = {t: i for i, t in enumerate(prefer)}
    if mode == "free":
        return tuple((t, zone[t]) for t in sorted(zone, key=lambda t: (rank.get(t, len(rank)), t))
                     if stats[t].min_damage <= damage)
    if mode != "priority":
        raise ValueError(f"mode must be 'priority' or 'free', got {mode!r}")
    order = []
    for p in sorted({stats[t].priority for t in zone if zone[t] > 0}):
        group = [t for t in zone if zone[t] > 0 and stats[t].priority == p]
        group.sort(key=lambda t: (stats[t].min_damage > damage, rank.get(t, len(rank)), t))
        for t in group:
            if stats[t].min_damage > damage:
                order.append((t, None))  # it cannot be eliminated: every remaining hit is wasted on it
                return tuple(order)
            order.append((t, zone[t]))
    return tuple(order)


def fill(zone: Mapping[str, int], order: tuple, hits: int) -> dict[str, int]:
    """Kills by type when ``hits`` hits go down ``order`` (from :func:`fill_order`)."""
    kills = {t: 0 for t in zone}
    left = hits
    for t, c in order:
        if left == 0 or c is None:
            break
        k = min(left, c)
        kills[t] = k
        left -= k
    return kills


def allocate(
    zone: Mapping[str, int],
    hits: int,
    damage: int,
    mode: str,
    prefer: tuple[str, ...] = DEFAULT_PREFERENCE,
    stats: Mapping[str, GhoulStats] = NOTLD_GHOULS,
) -> dict[str, int]:
    """Kills by type when ``hits`` hits of ``damage`` land on ``zone`` (see module doc for the rules)."""
    return fill(zone, fill_order(zone, damage, mode, prefer, stats), hits)


def zone_key(counts: Mapping[str, int], order: tuple[str, ...] = DISPLAY_ORDER, sep: str = ",") -> str:
    """``{"walker": 2, "fatty": 1}`` -> ``"fatty=1,walker=2"`` (zeros left out; ``"none"`` if empty)."""
    rank = {t: i for i, t in enumerate(order)}
    parts = [f"{t}={c}" for t, c in sorted(counts.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])) if c]
    return sep.join(parts) if parts else "none"
