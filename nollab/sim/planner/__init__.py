"""``planner``: a search bot that plans for the whole team (issue 16).

::

    import nollab.sim as sim
    sim.run("S3", "planner", games=20, workers=2)                 # default budget
    from nollab.sim.planner import Planner
    sim.run("S3", Planner(budget=64), games=20)                    # a factory: one policy per game
    # nollab simulate --scene S3 --policy planner --budget 64

One cooperative planner decides for every Survivor (the game is fully cooperative: there is one
team, one score). Each decision is a flat Monte Carlo search over *determinizations*: the hidden
deck orders are resampled and the dice reseeded (:mod:`.determinize`), the heuristic's best few
actions are tried in each copy, the heuristic plays the rest of the round for the whole team
(:mod:`.rollout`), and the end positions are judged by :mod:`.evaluate` (result, health, the exact
wounds of the next Ghouls' Phase, the Scene's objective from the heuristic's plans).

Modules: :mod:`.search` (:class:`PlannerPolicy`, the budget), :mod:`.factory` (:class:`Planner`),
:mod:`.determinize`,
:mod:`.rollout`, :mod:`.evaluate`.

Why flat determinized Monte Carlo rather than a tree (IS-MCTS) or rolling-horizon evolution: a
Turn here is 3+ Actions for each of up to 6 Survivors with 10-40 legal actions each, and the
Ghouls answer only after all of them; with a budget of tens of rollouts per decision a tree never
gets past its first level, and an evolved plan of whole turns must be repaired after every
state-dependent action list change (a Move changes every later Action). Pruning to the
heuristic's best few and comparing them on the same sampled futures spends every rollout on the
decision at hand; re-planning at every Action makes the whole turn receding-horizon.
"""
from __future__ import annotations

from nollab.sim.planner.factory import Planner
from nollab.sim.planner.search import DEFAULT_BUDGET, DEFAULT_WIDTH, MAX_BUDGET, PlannerPolicy

__all__ = ["PlannerPolicy", "Planner", "DEFAULT_BUDGET", "DEFAULT_WIDTH", "MAX_BUDGET"]
