"""The NOTLD rules engine, laid out like the rulebook: ``Game.new("S1", seed=1)``,
``legal_actions()``, ``apply()``, ``choose()``, ``step()``, ``run_until()``, ``undo()``,
``replay()``, JSON (see :mod:`.game`).

==============  =====================================================================  ==========
package         rulebook chapter                                                       pages
==============  =====================================================================  ==========
engine          the engine core and its protocol (state, actions, events, chance)       -
rounds          03 Setup, 04 Game overview: the round, phase by phase                  P. 6-8
survivors       05 The basics (Modes, Experience, Skills), 06 Inventory                 P. 14-16
players         08 Players' Phase: the Actions                                          P. 18-21, 46
combat          10 Combat, 11 Weapon traits, 12 Special Equipment                       P. 26-30
ghouls          07 The Ghouls, 09 Ghouls' Phase Step 1: Activation                      P. 17, 22-23
spawn           09 Ghouls' Phase Step 2: Spawn                                          P. 24-25
scenes          14 Tuning the difficulty, 15 Scenes                                     P. 32-44
position        (not a chapter) card copies by name, a position as text                 -
==============  =====================================================================  ==========

On top: :mod:`.game` (the facade; its chance half in :mod:`.game_chance`), :mod:`.sandbox` (hand-made positions), :mod:`.snapshot`
(the view model), :mod:`.index` (the rules index: ``docs/rules-index.md`` maps every page to its
rule text, code, events and tests; ``nollab rules 22``).
"""
from nollab.rules.engine.actions import Action
from nollab.rules.engine.events import Event, IllegalAction
from nollab.rules.engine.policies import FirstPolicy, Policy, RandomPolicy
from nollab.rules.engine.state import Choice, GameState, SurvivorState
from nollab.rules.game import Game

__all__ = ["Action", "Choice", "Event", "Game", "GameState", "IllegalAction", "SurvivorState",
           "FirstPolicy", "Policy", "RandomPolicy"]
