"""One attack (Melee, Ranged or Car) on one Zone, as exact distributions (P. 12-13, 20-21, 26-29, 46).

The query takes plain values, so a live-game adapter only has to read numbers off the state::

    from nollab.prob.attack import AttackSpec, attack
    r = attack(AttackSpec(action="ranged", dice=2, accuracy=4, damage=2,
                          target={"fatty": 1, "relative": 1, "walker": 2}))
    r.p_clear, r.hits.prob(2), r.kills, r.friendly_wounds, r.xp, r.expected_kills

Everything in the result is a function of the final number of hits (targeting is deterministic given
the player's preference, see :mod:`nollab.prob.targeting`), so the engine is: hits distribution
(:mod:`nollab.prob.dice`) -> optional whole re-roll under a policy -> map hits to outcomes.

Dice (P. 26, P. 46): ``weapons * (dice + plus_dice)`` where ``weapons`` is 2 for a Dual Action
("Dual weapons each gain a die, for a total of +2 dice per Dual Action"); Barbarian (Melee only) "may
substitute the Dice number of the Melee weapon(s) ... with the number of Ghouls standing in their Zone"
-- read per weapon, and taken only when it is more dice (ruling in docs/rulings.md).
Friendly Fire (P. 28): Ranged and Car attacks that are not Sniper: "misses on the Attack roll
automatically hit Survivors standing in the target Zone ... Damage 2 weapons deal 2 Wounds"; the
result reports the total Wounds dealt to the ``friends`` (0 when there are none). Molotov (P. 29): "All
Actors in the targeted Zone are eliminated" -- no roll; ``friends_eliminated`` counts the Survivors.
"""
from __future__ import annotations

import sys
import types
from collections.abc import Mapping
from fractions import Fraction

from . import dice as _dice
from .dist import Dist
from .targeting import NOTLD_GHOULS, GhoulStats, fill, fill_order, parse_goal, preference

__all__ = ["AttackSpec", "AttackResult", "attack", "outcome_of_hits", "goal_value"]

Kills = tuple  # ((type, count), ...) in the zone's type order, zeros included


class Frozen:
    """A frozen record: keyword (or positional) fields in ``FIELDS`` order, ``DEFAULTS`` (a callable
    marked by :func:`factory` is called per instance), ``__post_init__``, equality, hash and repr of
    the fields -- what ``@dataclass(frozen=True)`` gives, without importing :mod:`dataclasses` (7 ms,
    and 2 ms more to build the classes: most of a cold odds query, issue 13)."""

    FIELDS: tuple = ()
    DEFAULTS: dict = {}

    def __init__(self, *args, **kw) -> None:
        names = self.FIELDS
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__}() takes {len(names)} arguments, got {len(args)}")
        vals = dict(zip(names, args))
        for k, v in kw.items():
            if k not in names:
                raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {k!r}")
            if k in vals:
                raise TypeError(f"{type(self).__name__}() got multiple values for argument {k!r}")
            vals[k] = v
        for n in names:
            if n not in vals:
                if n not in self.DEFAULTS:
                    raise TypeError(f"{type(self).__name__}() missing required argument {n!r}")
                d = self.DEFAULTS[n]
                vals[n] = d.make() if isinstance(d, factory) else d
        self.__dict__.update(vals)
        post = getattr(self, "__post_init__", None)
        if post is not None:
            post()

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}: {type(self).__name__} is frozen")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete field {name!r}: {type(self).__name__} is frozen")

    def _values(self) -> tuple:
        return tuple(getattr(self, n) for n in self.FIELDS)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self):
        return hash(self._values())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self.FIELDS)})"


class factory:
    """A default made afresh for every instance (``dataclasses.field(default_factory=...)``)."""

    def __init__(self, make) -> None:
        self.make = make


class AttackSpec(Frozen):
    """One attack, in plain values (no game state needed).

    ``dice`` is per weapon (the card's Dice value), ``plus_dice`` the "+1 die" Skills that apply (per
    weapon), ``plus_roll`` the "+1 to dice roll" Skills. ``reroll`` is the policy for the whole-roll
    re-roll of a held Plenty of Bullets/Shells card ("never" when no such card is held); ``reroll_k``
    is the k of ``if-fewer-than-k``. ``goal`` is what ``optimal`` and the player's free choices aim at.
    ``reload``: the weapon has the Reload trait (only used by multi-action queries, P. 28).
    """

    FIELDS = ("action", "dice", "accuracy", "damage", "dual", "plus_dice", "plus_roll", "barbarian", "sniper",
              "molotov", "reload", "reroll", "reroll_k", "target", "friends", "goal", "stats")
    DEFAULTS = {
        "action": "ranged",  # "melee" | "ranged" | "car"
        "dice": 1, "accuracy": 4, "damage": 1, "dual": False, "plus_dice": 0, "plus_roll": 0,
        "barbarian": False, "sniper": False, "molotov": False, "reload": False,
        "reroll": "never", "reroll_k": None,  # reroll_k: int | None
        "target": factory(dict),  # Mapping[str, int]
        "friends": 0, "goal": "clear",
        "stats": factory(lambda: dict(NOTLD_GHOULS)),  # Mapping[str, GhoulStats]
    }

    def __post_init__(self) -> None:
        if self.action not in ("melee", "ranged", "car"):
            raise ValueError(f"action must be melee, ranged or car, got {self.action!r}")
        for name in ("dice", "plus_dice", "plus_roll", "friends"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be >= 0, got {getattr(self, name)}")
        if not 1 <= self.accuracy <= 6:
            raise ValueError(f"accuracy must be 1..6, got {self.accuracy}")
        if self.damage < 1:
            raise ValueError(f"damage must be >= 1, got {self.damage}")
        for t, c in self.target.items():
            if t not in self.stats:
                raise ValueError(f"unknown ghoul type {t!r} in target (known: {', '.join(self.stats)})")
            if c < 0:
                raise ValueError(f"target count of {t} must be >= 0, got {c}")
        if self.reroll not in _dice.REROLL_POLICIES:
            raise ValueError(f"reroll must be one of {', '.join(_dice.REROLL_POLICIES)}, got {self.reroll!r}")
        if self.reroll == "if-fewer-than-k" and (self.reroll_k is None or self.reroll_k < 0):
            raise ValueError("reroll if-fewer-than-k needs reroll_k >= 0")
        parse_goal(self.goal, self.stats)

    # -- derived values ---------------------------------------------------
    @property
    def weapons(self) -> int:
        return 2 if self.dual and self.action != "car" else 1

    @property
    def mode(self) -> str:
        """``free`` (Melee, Sniper) or ``priority`` (Ranged, Car): P. 26-28."""
        return "free" if self.action == "melee" or (self.sniper and self.action == "ranged") else "priority"

    @property
    def friendly_fire(self) -> bool:
        """Misses wound Survivors in the target Zone: Ranged (not Sniper) and Car attacks (P. 28)."""
        return self.action == "car" or (self.action == "ranged" and not self.sniper)

    def dice_for(self, zone: Mapping[str, int] | None = None) -> int:
        """Dice rolled against ``zone`` (the target by default), Barbarian included (P. 46)."""
        zone = self.target if zone is None else zone
        base = self.dice
        if self.barbarian and self.action == "melee":
            base = max(base, sum(zone.values()))
        return self.weapons * (base + self.plus_dice)

    def prefer(self) -> tuple[str, ...]:
        """The player's order among free choices (computed once per spec: every outcome reads it)."""
        got = self.__dict__.get("_prefer")
        if got is None:
            got = self.__dict__["_prefer"] = preference(self.goal, self.stats)
        return got


class AttackResult(Frozen):
    """Exact distributions of one attack. Kills outcomes are ``((type, count), ...)`` tuples.

    Fields: ``spec`` (AttackSpec), ``dice`` (int), ``hits``, ``kills``, ``xp``, ``friendly_wounds``
    (Dist), ``p_clear``, ``p_goal``, ``expected_kills`` (Fraction), ``expected_by_type`` (dict),
    ``friends_eliminated`` (int, default 0).
    """

    FIELDS = ("spec", "dice", "hits", "kills", "xp", "friendly_wounds", "p_clear", "p_goal", "expected_kills",
              "expected_by_type", "friends_eliminated")
    DEFAULTS = {"friends_eliminated": 0}

    @property
    def expected_hits(self) -> Fraction:
        return self.hits.mean()


def outcome_of_hits(spec: AttackSpec, zone: Mapping[str, int], h: int, order: tuple | None = None) -> Kills:
    """Kills by type (a tuple of pairs, zone order) when ``h`` hits land on ``zone`` (``order``: the
    zone's :func:`~nollab.prob.targeting.fill_order` for this spec, when already known)."""
    if order is None:
        order = fill_order(zone, spec.damage, spec.mode, spec.prefer(), spec.stats)
    k = fill(zone, order, h)
    return tuple((t, k[t]) for t in zone)


def goal_value(spec: AttackSpec, zone: Mapping[str, int], kills: Kills):
    """The number the goal maximises for one outcome: 1/0 for clear and kill:TYPE, kills for expected."""
    kind, t = parse_goal(spec.goal, spec.stats)
    got = dict(kills)
    if kind == "expected":
        return sum(got.values())
    if kind == "kill":
        return int(got.get(t, 0) >= zone.get(t, 0))
    return int(all(got.get(x, 0) >= c for x, c in zone.items()))


def _final_hits(spec: AttackSpec, n: int, zone: Mapping[str, int]) -> Dist:
    first = _dice.hits(n, spec.accuracy, spec.plus_roll)
    if spec.reroll == "never":
        return first
    if spec.reroll == "optimal":
        value = {h: goal_value(spec, zone, outcome_of_hits(spec, zone, h)) for h in first}
        keep = _dice.reroll_rule("optimal", value, again=first)
    else:
        keep = _dice.reroll_rule(spec.reroll, k=spec.reroll_k)
    return _dice.reroll(first, first, keep)


def attack(spec: AttackSpec) -> AttackResult:
    """Exact distributions of hits, kills by type, XP and Friendly Fire Wounds of one attack."""
    zone = {t: c for t, c in spec.target.items()}
    if spec.molotov:
        kills = Dist.certain(tuple((t, c) for t, c in zone.items()))
        xp = sum(spec.stats[t].xp * c for t, c in zone.items())
        total = sum(zone.values())
        return AttackResult(spec, 0, Dist.certain(0), kills, Dist.certain(xp), Dist.certain(0),
                            Fraction(1), Fraction(1), Fraction(total),
                            {t: Fraction(c) for t, c in zone.items()}, friends_eliminated=spec.friends)
    n = spec.dice_for(zone)
    hits = _final_hits(spec, n, zone)
    order = fill_order(zone, spec.damage, spec.mode, spec.prefer(), spec.stats)  # once, not once per h
    outcome = {h: outcome_of_hits(spec, zone, h, order) for h in hits}
    kills = hits.map(outcome.__getitem__)
    xp = kills.map(lambda ks: sum(spec.stats[t].xp * c for t, c in ks))
    dmg = spec.damage if (spec.friendly_fire and spec.friends > 0) else 0
    wounds = hits.map(lambda h: (n - h) * dmg)
    p_clear = kills.p(lambda ks: all(c >= zone[t] for t, c in ks))
    kind, gt = parse_goal(spec.goal, spec.stats)  # p_goal: P(clear), or P(every Ghoul of type gt dies)
    p_goal = kills.p(lambda ks: dict(ks).get(gt, 0) >= zone.get(gt, 0)) if kind == "kill" else p_clear
    by_type = {t: kills.expect(lambda ks, t=t: dict(ks)[t]) for t in zone}
    exp = kills.expect(lambda ks: sum(c for _, c in ks))
    return AttackResult(spec, n, hits, kills, xp, wounds, p_clear, p_goal, exp, by_type)


class _CallableModule(types.ModuleType):
    """``nollab.prob.attack`` is both this module and, when called, the function :func:`attack`.

    Importing the submodule makes the package attribute ``nollab.prob.attack`` the module (Python's
    import system sets it), which would hide the function of the same name exported by the lazily
    loaded package; forwarding calls keeps ``from nollab.prob import attack; attack(spec)`` right.
    """

    def __call__(self, spec: AttackSpec) -> AttackResult:
        return attack(spec)


sys.modules[__name__].__class__ = _CallableModule
