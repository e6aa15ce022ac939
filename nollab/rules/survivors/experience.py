"""Experience, Danger Levels, Skill trackers and Ultrared (P. 14-15, P. 32).

- 1 XP per Ghoul eliminated (P. 17), plus Scene bonuses (S1: +5 XP per window blocked).
- Reaching a Danger Level places a Skill tracker (P. 14). Trackers are placed by looking at the
  Zombicide side ("make sure to check the Skills you want on the Zombicide ID side before
  placing the trackers!"), so the Orange (1 of 2) and Red (1 of 3) picks are player choices in
  either Mode.
- Ultrared (option ``ultrared``, P. 32): at Red the tracker goes back to 0 keeping the excess;
  reaching a level again gives an unselected Skill of that level; once all are owned, a free
  pick from the P. 46 list at each new Orange and Red.
"""
from __future__ import annotations

from nollab.content_model import DangerLevel
from nollab.rules.engine.choices import resolver
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import Choice, SurvivorState
from nollab.rules.engine.tasks import Task, task


LEVEL_NAMES = ("Blue", "Yellow", "Orange", "Red")


def level_of(content, s: SurvivorState) -> int:
    """Danger Level of one Survivor: Red forever once Ultrared wrapped the tracker (P. 32)."""
    if s.red_laps > 0:
        return int(DangerLevel.RED)
    t, xp = content.danger_thresholds, s.xp  # ascending, Blue first (content validation)
    return 3 if xp >= t[3] else 2 if xp >= t[2] else 1 if xp >= t[1] else 0


def highest_level(content, st) -> int:
    """The Danger Level used to read Ghoul cards: the most experienced Survivor's (P. 24)."""
    levels = [level_of(content, s) for s in st.survivors.values() if s.alive]
    return max(levels) if levels else 0


def gain_xp(ctx: Ctx, sid: str, n: int, why: str, page: str) -> None:
    """Add ``n`` XP and queue the Skill trackers of every Danger Level reached (P. 14, 32)."""
    if n <= 0:
        return
    s = ctx.surv(sid)
    s.xp += n
    s.xp_total += n
    ctx.emit("xp", page, f"{ctx.sname(sid)} gains {n} XP ({why}): {s.xp_total} XP in total", survivor=sid, xp=n)
    thresholds = ctx.content.danger_thresholds
    ultrared = bool(ctx.options.get("ultrared"))
    tasks = []
    while True:
        nxt = s.lap_level + 1
        if nxt > 3 or s.xp < thresholds[nxt]:
            break
        s.lap_level = nxt
        tasks.append(Task("level_up", (sid, nxt)))
        if nxt == 3 and ultrared:
            s.xp -= thresholds[3]
            s.red_laps += 1
            s.lap_level = 0
            tasks.append(Task("ultrared_wrap", (sid,)))
            # reaching Blue again (0 XP) never gives anything new: Blue has one Skill
    if tasks:
        ctx.push(*tasks)


@task("ultrared_wrap")
def task_ultrared_wrap(ctx: Ctx, sid: str) -> None:
    s = ctx.surv(sid)
    ctx.emit("ultrared", "P. 32", f"{ctx.sname(sid)} reached Red: the XP tracker goes back to {s.xp} "
             f"(Ultrared lap {s.red_laps}); still Red, Skills kept", survivor=sid)


@task("level_up")
def task_level_up(ctx: Ctx, sid: str, level: int) -> None:
    """Place the Skill tracker for ``level`` (choice when several are free, P. 14-15, 32)."""
    s = ctx.surv(sid)
    if not s.alive:
        return
    card = ctx.content.survivors[sid]
    zopts = card.zombicide.levels[level]
    taken = {i for lv, i in s.slots if lv == level}
    free = [i for i in range(len(zopts)) if i not in taken]
    lname = LEVEL_NAMES[level]
    if len(free) == 1:
        _place(ctx, sid, level, free[0])
    elif len(free) > 1:
        ctx.ask(Choice("skill", sid, f"{card.name} reached {lname}: pick a Skill tracker slot (Zombicide side)",
                       "P. 14", options=free,
                       labels=[ctx.content.skills[zopts[i]].name for i in free], data={"level": level}))
    elif level >= 2 and s.red_laps > 0 and _card_full(card, s):
        owned = set(_all_owned(ctx, s))
        picks = [k for k in ctx.content.skills if k not in owned] or list(ctx.content.skills)
        ctx.ask(Choice("ultrared_pick", sid, f"{card.name} reached {lname} again with every Skill owned: "
                       "pick any Skill of P. 46", "P. 32", options=picks,
                       labels=[ctx.content.skills[k].name for k in picks], data={"level": level}))
    else:
        ctx.emit("level", "P. 32", f"{card.name} reached {lname} again: no new Skill left at this level",
                 survivor=sid)


def _card_full(card, s: SurvivorState) -> bool:
    """Every tracker slot of the Zombicide side is taken (P. 32 "When all the Survivor's Skills
    have been selected")."""
    for lv, opts in enumerate(card.zombicide.levels):
        if len({i for l2, i in s.slots if l2 == lv}) < len(opts):
            return False
    return True


def _all_owned(ctx: Ctx, s: SurvivorState) -> list[str]:
    card = ctx.content.survivors[s.id]
    out = [card.zombicide.levels[lv][i] for lv, i in s.slots if i < len(card.zombicide.levels[lv])]
    return out + list(s.extra_skills)


def _place(ctx: Ctx, sid: str, level: int, index: int) -> None:
    s = ctx.surv(sid)
    s.slots.append([level, index])
    card = ctx.content.survivors[sid]
    zname = ctx.content.skills[card.zombicide.levels[level][index]].name
    ropts = card.romero.levels[level]
    rname = ctx.content.skills[ropts[0]].name if ropts else "none"
    ctx.emit("skill", "P. 14", f"{card.name} reaches {LEVEL_NAMES[level]}: Skill tracker placed "
             f"(Zombicide: {zname}; Romero: {rname})", survivor=sid, level=level, index=index)


@resolver("skill")
def resolve_skill(ctx: Ctx, choice: Choice, option) -> None:
    _place(ctx, choice.survivor, choice.data["level"], int(option))


@resolver("ultrared_pick")
def resolve_ultrared_pick(ctx: Ctx, choice: Choice, option) -> None:
    s = ctx.surv(choice.survivor)
    s.extra_skills.append(option)
    ctx.emit("skill", "P. 32", f"{ctx.sname(s.id)} picks {ctx.content.skills[option].name} (Ultrared)",
             survivor=s.id, skill=option)
