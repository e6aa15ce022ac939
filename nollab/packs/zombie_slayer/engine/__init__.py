"""The Zombie Slayer game engine (the seam's ``Match`` for ``nollab play --game zombie-slayer``).

- :mod:`.town` -- squares, cards, green borders, houses, steps, distances, sight;
- :mod:`.state` -- the plain-data state; :mod:`.core` -- actions, decisions, chance, tasks;
- :mod:`.flow` -- Setup, exploring, spawning, the turn, the Zombies, the Necromancer's Ritual;
- :mod:`.deck` -- the town deck: drawing, turning and placing a card, putting back one that blocks the way;
- :mod:`.fight` -- an attack as chance steps (readings from :mod:`nollab.packs.zombie_slayer.combat`);
- :mod:`.treasure` -- searching and the treasure cards; :mod:`.actions` -- legal actions and doing them;
- :mod:`.game` -- :class:`Game`; :mod:`.policy` -- bots; :mod:`.view` -- the view model.
"""
from nollab.packs.zombie_slayer.engine.game import Game

__all__ = ["Game"]
