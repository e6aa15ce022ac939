"""The whole Dead Panic game (transcription pp. 1-11), playable through the game seam.

::

    from nollab.packs.dead_panic.engine import Game, position
    g = Game.new(seed=3, setup="4")            # or "al,julie,ray"; nollab.games.get_game("dead-panic")
    g.legal_actions(), g.pending, g.chance()   # actions, decisions, explicit chance
    g.run_until("end", DeadPanicBot(3))

Modules, in the order of a round (p. 2): :mod:`.box` (the box as validated data), :mod:`.state`,
:mod:`.spaces` (the circular board), :mod:`.core` (actions, decisions, events, chance requests, the
task queue), :mod:`.flow` (Set Up, the round, turns), :mod:`.legal` and :mod:`.perform` (Perform
Actions, pp. 3-5), :mod:`.cards` (hands, draws), :mod:`.guns` (shooting), :mod:`.events` (Draw 1
Event Card, p. 6), :mod:`.movement` (Move Zombies, pp. 6-7, 10), :mod:`.fight` and :mod:`.combat`
(Fight Zombies, pp. 8-10), :mod:`.game` (the facade), :mod:`.view` (the view model),
:mod:`.sandbox` (hand-made positions), :mod:`.policy` (bots). The registered game is :mod:`nollab.packs.dead_panic.game_spec`.
The picture is :mod:`nollab.packs.dead_panic.render`.
"""
from nollab.packs.dead_panic.engine.core import Action, Choice, Event, IllegalAction
from nollab.packs.dead_panic.engine.game import Game
from nollab.packs.dead_panic.engine.policy import POLICIES, DeadPanicBot
from nollab.packs.dead_panic.engine.sandbox import position

__all__ = ["Action", "Choice", "Event", "IllegalAction", "Game", "POLICIES", "DeadPanicBot", "position"]
