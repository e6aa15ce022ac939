"""Which Skills a Survivor has right now, and the small queries the other modules ask (P. 14, 46).

Skill trackers stay where they are when the ID card flips (P. 14), so a Survivor stores tracker
*positions* ``[level, index]``; the Skill read depends on the side faceup:

- Zombicide side: the Skill printed at ``levels[level][index]``.
- Romero side: one Skill per Danger Level (none at Blue), read once for each level holding a
  tracker (docs/rulings.md "Skill trackers on the Romero side").

Relatives on the board force every Survivor to Romero (P. 17): :func:`effective_mode`.
Ultrared picks (P. 32) are kept in ``extra_skills`` and apply on both sides.
"""
from __future__ import annotations

from nollab.rules.engine.state import GameState, SurvivorState


COMBAT_TYPES = ("melee", "ranged")


def effective_mode(st: GameState, s: SurvivorState) -> str:
    """The side faceup now: Romero while any Relative is on the board (P. 17), else the card's."""
    if s.mode == "zombicide" and st.on_board("relative") > 0:
        return "romero"
    return s.mode


def active_skills(content, st: GameState, s: SurvivorState, mode: str | None = None) -> list[str]:
    """Skill ids the Survivor can use now (P. 14-15, 46). ``mode``: the effective Mode
    (:func:`effective_mode`) when the caller already worked it out."""
    if mode is None:
        mode = effective_mode(st, s)
    card = content.survivors[s.id]
    tree = card.tree(mode)
    out: list[str] = []
    seen_levels: set[int] = set()
    for level, index in s.slots:
        opts = tree.levels[level]
        if mode == "romero":
            if level in seen_levels or not opts:
                continue
            seen_levels.add(level)
            out.append(opts[0])
        elif index < len(opts):
            out.append(opts[index])
    out.extend(s.extra_skills)
    return out


def skill_kinds(content, skills: list[str]) -> list[tuple[str, str | None]]:
    """(kind, action) of each skill id."""
    return [(content.skills[k].kind, content.skills[k].action) for k in skills]


def count(content, skills: list[str], kind: str, action: str | None = None) -> int:
    """How many of ``skills`` have this kind (and this action type, when given)."""
    n = 0
    for k in skills:
        sk = content.skills[k]
        if sk.kind == kind and (action is None or sk.action == action):
            n += 1
    return n


def has(content, skills: list[str], kind: str) -> bool:
    return any(content.skills[k].kind == kind for k in skills)


def applies(skill_action: str | None, action: str) -> bool:
    """Does a Skill for ``skill_action`` (combat/melee/ranged/move/search) cover ``action``?"""
    if skill_action == action:
        return True
    return skill_action == "combat" and action in COMBAT_TYPES


def dice_bonus(content, skills: list[str], action: str) -> int:
    """+1 die: {Action} Skills that apply to a Melee or Ranged Action (per weapon, P. 46)."""
    return sum(1 for k in skills if content.skills[k].kind == "plus_die" and applies(content.skills[k].action, action))


def roll_bonus(content, skills: list[str], action: str) -> int:
    """+1 to dice roll: {Action} Skills that apply (P. 46)."""
    return sum(1 for k in skills if content.skills[k].kind == "plus_roll" and applies(content.skills[k].action, action))
