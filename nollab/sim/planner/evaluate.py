"""The planner's judge of a position: one number for the whole team (higher is better).

A rollout (:mod:`.rollout`) stops at the end of a round, usually before the Scene is decided, so
the position is scored by what the rulebook says decides it:

* **the result** -- a won game beats everything, sooner better; a lost one loses everything
  (P. 8: a Scene is lost when a starting Survivor is eliminated, or by its own condition);
* **the team's health** -- every living Survivor, their Wounds (3 eliminate, P. 22), their
  Danger Level (P. 14) and the weapons in their Hands (expected hits, :func:`weapon_value`);
* **the next Ghouls' Phase, exactly** -- Ghoul Attacks always hit (P. 22: "each Ghoul inflicts
  1 Wound", a Fatty 2, P. 17), and the players split them; the fewest Survivors the Ghouls
  standing in their Zone now would eliminate if nobody moved is worked out exactly (each
  Survivor can take ``2 - Wounds`` and live);
* **the Scene's objective** -- the heuristic's scene plans (:mod:`nollab.sim.plans`) say where
  each Survivor should go; the distance to it counts, and so do the counters the objectives are
  made of (windows still open, S1; Equipment left in the House deck, S2; Spawn Zones not yet
  gathered, S3/S10; Relatives killed, S5; tiles left to travel, S6/S8; rooms Searched, S9; Ghouls
  on the board, everywhere), plus a plan's own ``progress(view)`` where it has one (S10: the
  Molotovs the team still misses, :meth:`nollab.sim.scene_plans.spawns.GatherSpawns.progress`).

The weights (:data:`WEIGHTS`) are round numbers in "one Survivor is worth 100" units; a notebook
may pass its own to :class:`~nollab.sim.planner.PlannerPolicy`.
"""
from __future__ import annotations

from nollab.content_model import GHOUL_TYPES
from nollab.rules.scenes.s5_night_of_the_living_dead import killed_a_relative
from nollab.sim.plans_view import View, doomed, weapon_value

__all__ = ["WEIGHTS", "evaluate", "doomed", "judge_goals"]

#: the judge's weights ("a living Survivor is worth 100")
WEIGHTS: dict[str, float] = {
    "won": 100_000.0, "lost": -100_000.0, "alive": 100.0, "wound": 14.0, "doomed": 150.0, "level": 12.0,
    "arms": 6.0, "ghoul": 2.5, "goal": 6.0, "goal_far": 12, "window": 40.0, "token": 15.0, "spawn": 60.0,
    "searched": 25.0, "travel": 60.0, "relative": 40.0, "house_deck": 4.0,
}


def judge_goals(v, plans: list) -> list[str]:
    """The Zones a Survivor's progress is measured against: a plan's ``judge_goals`` when it has
    one -- a posse walks to this round's rally Zone but is judged by its distance to the objective
    itself (:meth:`nollab.sim.scene_plans.posse.Posse.judge_goals`) -- else the bot's goals."""
    for p in plans:
        f = getattr(p, "judge_goals", None)
        got = f(v) if f is not None else None
        if got:
            return got
    return v.goals()


def evaluate(game, plans: list, weights: dict | None = None, dist_cache: dict | None = None) -> float:
    """The team's score of ``game`` (see the module docstring)."""
    w = WEIGHTS if weights is None else weights
    st = game.state
    if st.result == "won":
        return w["won"] - st.round
    if st.result == "lost":
        return w["lost"] + st.round
    content = game.content
    eq = content.equipment
    alive = [s for s in st.survivors.values() if s.alive]
    score = 0.0
    by_zone: dict[str, list] = {}
    cache = {} if dist_cache is None else dist_cache
    for s in alive:
        by_zone.setdefault(s.zone, []).append(s)
        score += w["alive"] - w["wound"] * s.wounds * (1 + s.wounds)
        score += w["level"] * int(content.danger_level(s.xp)) + 0.1 * s.xp_total
        score += w["arms"] * max((weapon_value(eq[st.cards[u]]) for u in s.hands if u is not None), default=0.0)
        if killed_a_relative(s) and any(p.hook == "survive_the_night" for p in plans):
            score += w["relative"]
        v = View(game, s.id, cache)
        v.plans = plans
        goals = judge_goals(v, plans)
        if goals:
            d = v.goal_distance(s.zone, goals)
            if d is None:
                d = v.goal_distance(s.zone, goals, closed=frozenset())
            score -= w["goal"] * min(d if d is not None else w["goal_far"], w["goal_far"])
        if s.barricades:
            score += w["token"] * s.barricades
    for zone, here in by_zone.items():
        score -= w["doomed"] * doomed(game, zone, here)
    gt = content.ghoul_types
    score -= w["ghoul"] * sum(n * gt[g].wounds for c in st.ghouls.values() for g, n in zip(GHOUL_TYPES, c))
    if alive:  # one team-wide View: the windows left (S1) and each plan's own progress
        v = View(game, alive[0].id, cache)
        v.plans = plans
        score -= w["window"] * len(v.windows_left())
        score += sum(f(v) for f in (getattr(p, "progress", None) for p in plans) if f is not None)
    if any(p.name == "gather-spawns" for p in plans):
        score -= w["spawn"] * len({z for z, _c in st.spawns})
    score += w["searched"] * len(st.flags.get("searched_zones", ()))
    tr = st.flags.get("travel")
    if tr:
        score -= w["travel"] * len(tr.get("pile", ()))
    if any(p.name == "house-siege" for p in plans) and "house" in st.decks:
        score -= w["house_deck"] * len(st.decks["house"])
    return score
