"""The NOTLD rules engine: ``Game.new("S1", seed=1)``, ``legal_actions()``, ``apply()``,
``choose()``, ``step()``, ``run_until()``, ``undo()``, ``replay()``, JSON (see game.py)."""
from nollab.rules.actions import Action
from nollab.rules.events import Event, IllegalAction
from nollab.rules.state import Choice, GameState, SurvivorState

__all__ = ["Action", "Choice", "Event", "Game", "GameState", "IllegalAction", "SurvivorState",
           "FirstPolicy", "RandomPolicy", "make_policy"]


def __getattr__(name):
    if name == "Game":
        from nollab.rules.game import Game
        return Game
    if name in ("FirstPolicy", "RandomPolicy", "make_policy"):
        from nollab.rules import policies
        return getattr(policies, name)
    raise AttributeError(name)
