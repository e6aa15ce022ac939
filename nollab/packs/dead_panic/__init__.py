"""Dead Panic (Fireside Games) rule pack: exact odds on the shared :class:`~nollab.prob.dist.Dist`.

- :mod:`.melee` -- 2d6 against fight values, ties (Brawler, Pipe Wrench), Grip Tape,
  unarmed pushes, a Character's fights against a group in one space, deliberate attacks.
- :mod:`.bag` -- the Zombie bag (24 Zombies + 3 Survivors) drawn without replacement,
  d6 arc placement.
- :mod:`.walls` -- Creeper movement on 4+, Wall cracks from a wave of Zombies.
- :mod:`.board` -- the arc/ring board as a zone graph.
- :mod:`.content` -- the numbers, from ``nollab/data/packs/dead_panic.toml`` (overridable).

Source: the transcription ``shared/seeds/001_…`` (pages cited as "p. N").
"""
from nollab.packs.dead_panic.content import DeadPanicContent, ZombieType, load

__all__ = ["DeadPanicContent", "ZombieType", "load"]
