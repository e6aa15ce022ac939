"""Monte Carlo simulation: bots, whole-game runs, parallel backends (local processes, Dask).

::

    import nollab.sim as sim
    r = sim.run("S1", "heuristic", games=200, seed=1)        # local processes by default
    r.summary()["win_rate"], r.summary()["win_ci"]            # 95 % Wilson interval
    r.rows[0]                                                 # one dict per game
    r.to_pandas()                                             # only if pandas is installed

Modules: :mod:`.policy` (the one registry of policies by name, ``POLICIES``: ``first``, ``random``,
``heuristic``, ``fighter``, ``idle``; ``make_policy``, ``register_policy``),
:mod:`.heuristic` (the heuristic bot, odds from :mod:`nollab.prob`), :mod:`.planner` (the search
bot ``planner``: determinized rollouts of whole rounds for the team, issue 16), :mod:`.runner` (``run``,
seeding, backends, progress), :mod:`.results` (``SimResults``, Wilson interval),
:mod:`.crosscheck` (engine samples of one attack / one spawn step, to compare with exact odds).
Names are imported lazily so ``import nollab.sim`` stays cheap.
"""
from __future__ import annotations

import importlib

_EXPORTS = {
    "run": "runner", "play_game": "runner", "run_batch": "runner", "game_seeds": "runner",
    "default_team": "runner", "DEFAULT_MAX_ROUNDS": "runner",
    "SimResults": "results", "wilson_interval": "results", "ROW_FIELDS": "results",
    "Policy": "policy", "POLICIES": "policy", "make_policy": "policy", "FirstPolicy": "policy",
    "RandomPolicy": "policy", "IdlePolicy": "policy", "FighterPolicy": "policy", "register_policy": "policy",
    "HeuristicPolicy": "heuristic", "PlannerPolicy": "planner", "Planner": "planner",
    "first": "policy", "random": "policy",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in ("first", "random"):  # the engine's own policies, re-exported by name
        from nollab.sim.policy import FirstPolicy, RandomPolicy
        value = FirstPolicy if name == "first" else RandomPolicy
    elif name in _EXPORTS:
        value = getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__():
    return sorted(list(globals()) + list(_EXPORTS))
