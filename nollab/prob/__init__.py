"""Exact odds: a game-agnostic kernel (:mod:`.dist`) plus the NOTLD queries.

Modules: :mod:`.dist` (``Dist``, integer weights), :mod:`.dice` (d6 pools, re-roll policies),
:mod:`.targeting` (P. 27 Targeting Priority Order, free allocation), :mod:`.attack` (one attack),
:mod:`.multi` (clear a Zone within k Actions), :mod:`.spawn` (Ghoul cards), :mod:`.symbolic` (sympy
closed forms), :mod:`.query` (stable entry points: ``attack_spec``, ``attack_odds``, ``spawn_odds``),
:mod:`.live` (read a live ``Game``: ``attack_from_state``, ``attack_options``, ``spawn_from_state``),
:mod:`.forecasting` (``forecast``: exact distribution until the end of the phase or round, through the engine's chance steps),
:mod:`.planning` (``best_turn``: expectimax over the active Survivor's remaining Actions, dice as chance nodes).

Quick use::

    from nollab.prob import AttackSpec, attack
    attack(AttackSpec(action="ranged", dice=3, accuracy=5, damage=1, dual=True,
                      target={"walker": 3})).p_clear

Names are imported lazily (PEP 562), so ``import nollab.prob.dice`` costs only the kernel. The
function ``attack`` shares its module's name; the module :mod:`.attack` is callable (it forwards to the
function), so ``nollab.prob.attack(spec)`` works whichever of the two the package attribute holds.
"""
from __future__ import annotations

import importlib

_EXPORTS = {
    "Dist": "dist",
    "AttackSpec": "attack", "AttackResult": "attack", "attack": "attack",
    "p_clear_within": "multi", "clear_curve": "multi",
    "attack_spec": "query", "attack_odds": "query", "parse_skill": "query", "parse_target": "query",
    "spawn_odds": "query",
    "SpawnResult": "spawn", "select_deck": "spawn", "spawn_step": "spawn",
    "attack_from_state": "live", "attack_options": "live", "spawn_from_state": "live", "live_attack": "live",
    "LiveAttackError": "live", "LiveAttackResult": "live",
    "forecast": "forecasting", "Forecast": "forecasting", "ForecastError": "forecasting",
    "best_turn": "planning", "BestTurn": "planning", "BestTurnError": "planning",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + list(_EXPORTS))
