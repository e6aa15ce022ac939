"""Action bookkeeping (P. 18, P. 46): 3 Actions (+1 per "+1 Action"), free Actions by type.

Free Actions are used first when they fit ("+1 free {Action} Action ... may only be used to
perform an Action of the specified type", P. 46). The extra Actions paid to leave a Zone with
Ghouls (P. 18) are ordinary Actions (docs/rulings.md "Free Move and the extra cost").
"""
from __future__ import annotations

from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import SurvivorState
from nollab.rules.survivors import skills as sk


BASE_ACTIONS = 3


FREE_TYPES = ("move", "search", "melee", "ranged", "combat")


def general_left(ctx: Ctx, s: SurvivorState, skills: list[str] | None = None) -> int:
    skills = active(ctx, s) if skills is None else skills
    return BASE_ACTIONS + sk.count(ctx.content, skills, "plus_action") - s.spent


def free_left(ctx: Ctx, s: SurvivorState, ftype: str, skills: list[str] | None = None) -> int:
    """Free Actions of exactly this type still available (skills + granted - spent)."""
    skills = active(ctx, s) if skills is None else skills
    n = sk.count(ctx.content, skills, "plus_free_action", ftype) + s.granted.get(ftype, 0)
    return n - s.free_spent.get(ftype, 0)


def active(ctx: Ctx, s: SurvivorState, mode: str | None = None) -> list[str]:
    """Skills usable now (recomputed: a kill may flip Modes or level up mid-Action); ``mode``:
    the effective Mode when the caller already knows it."""
    return sk.active_skills(ctx.content, ctx.st, s, mode)


def free_type_for(ctx: Ctx, s: SurvivorState, atype: str | None, skills: list[str]) -> str | None:
    """Which free Action would pay for an Action of ``atype`` (None: none available)."""
    if atype is None:
        return None
    if free_left(ctx, s, atype, skills) > 0:
        return atype
    if atype in ("melee", "ranged") and free_left(ctx, s, "combat", skills) > 0:
        return "combat"
    return None


def can_pay(ctx: Ctx, s: SurvivorState, atype: str | None, extra: int = 0, skills: list[str] | None = None) -> bool:
    skills = active(ctx, s) if skills is None else skills
    g = general_left(ctx, s, skills)
    if free_type_for(ctx, s, atype, skills) is not None:
        return g >= extra
    return g >= 1 + extra


class Budget:
    """The answers of :func:`can_pay` for one Survivor and one Skill list, with the Actions left
    worked out once: :func:`nollab.rules.players.legal.legal_actions` asks it for every kind of Action,
    :func:`pay` and the end-of-Turn check (:meth:`any_left`) use it too (same rules as
    :func:`can_pay`: free Actions of the type first, P. 46; extra Actions, P. 18)."""

    __slots__ = ("s", "general", "skill_free")

    def __init__(self, ctx: Ctx, s: SurvivorState, skills: list[str]):
        self.s = s
        plus = 0
        free: dict[str, int] = {}  # "+1 free {type} Action" Skills by type (P. 46)
        defs = ctx.content.skills
        for k in skills:
            d = defs[k]
            if d.kind == "plus_action":
                plus += 1
            elif d.kind == "plus_free_action":
                free[d.action] = free.get(d.action, 0) + 1
        self.general = BASE_ACTIONS + plus - s.spent  # = general_left
        self.skill_free = free

    def _free(self, ftype: str) -> int:
        """= :func:`free_left`: Skills + granted - spent, for this type."""
        s = self.s
        return self.skill_free.get(ftype, 0) + s.granted.get(ftype, 0) - s.free_spent.get(ftype, 0)

    def free_type(self, atype: str | None) -> str | None:
        """= :func:`free_type_for`: the free Action that would pay for ``atype`` (P. 46)."""
        if atype is None:
            return None
        if self._free(atype) > 0:
            return atype
        if atype in ("melee", "ranged") and self._free("combat") > 0:
            return "combat"
        return None

    def can_pay(self, atype: str | None, extra: int = 0) -> bool:
        """= :func:`can_pay`: the Action (free first) plus ``extra`` ordinary Actions (P. 18).
        (The test of :meth:`free_type` inlined: ``legal_actions`` asks this for every kind.)"""
        g = self.general
        if atype is not None and (self._free(atype) > 0
                                  or (atype in ("melee", "ranged") and self._free("combat") > 0)):
            return g >= extra
        return g >= 1 + extra

    def any_left(self) -> bool:
        """Can the Survivor still do something that costs an Action: an ordinary Action, a
        pending Hit & Run Move, or a free Action of some type (P. 18, P. 46)?"""
        if self.general > 0 or self.s.hit_and_run:
            return True
        return any(self._free(t) > 0 for t in FREE_TYPES)


def pay(ctx: Ctx, s: SurvivorState, atype: str | None, extra: int = 0, skills: list[str] | None = None) -> str:
    """Spend the Action (free first) and ``extra`` ordinary Actions; returns a short description.
    ``skills``: the Survivor's active Skills when the caller already worked them out."""
    ft = Budget(ctx, s, active(ctx, s) if skills is None else skills).free_type(atype)
    if ft is not None:
        s.free_spent[ft] = s.free_spent.get(ft, 0) + 1
        s.spent += extra
        return f"free {ft} Action" + (f" + {extra} Action{'s' if extra != 1 else ''}" if extra else "")
    s.spent += 1 + extra
    n = 1 + extra
    return f"{n} Action{'s' if n != 1 else ''}"


def any_left(ctx: Ctx, s: SurvivorState, skills: list[str] | None = None) -> bool:
    """Can the Survivor still do something that costs an Action (general or free)?
    (:meth:`Budget.any_left`, with the Skills worked out once.)"""
    return Budget(ctx, s, active(ctx, s) if skills is None else skills).any_left()
