"""Zombie Slayer (CatZeyeS Entertainment) rule pack: exact odds on the shared Dist kernel.

- :mod:`.dieagram` -- a die face read as its coloured pips.
- :mod:`.combat` -- Hands (one d6 per Life), pick-one-die attack against Defense,
  toughness division, Already Dead, Holy pips, skills (picked-die), optimal Luck.
- :mod:`.spawn` -- spawning on entering a tile, searching for treasure.
- :mod:`.content` -- Dieagrams from ``nollab/data/packs/zombie_slayer.toml`` (overridable;
  almost all reconstructed, because the transcription lost every picture).

Source: ``shared/seeds/004_…`` (chapters cited by name; the PDF has no page numbers in it).
"""
from nollab.packs.zombie_slayer.content import Being, SlayerContent, Tile, load
from nollab.packs.zombie_slayer.dieagram import Dieagram

__all__ = ["Being", "Dieagram", "SlayerContent", "Tile", "load"]
