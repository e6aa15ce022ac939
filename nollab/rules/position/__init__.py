"""Positions, above the rulebook chapters and below the :class:`~nollab.rules.game.Game` facade:
the Equipment card copies by name, and the text notation of a whole position (``game.position()``
/ ``Game.from_position``). The sandbox that builds a position from named fields is
:mod:`nollab.rules.sandbox`.

==============  ==========================================================================
module          job
==============  ==========================================================================
cards           copy names of the physical Equipment cards (``winchester_94~ranged``) <-> uids
==============  ==========================================================================
"""
