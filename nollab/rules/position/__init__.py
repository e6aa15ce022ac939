"""Positions, above the rulebook chapters and below the :class:`~nollab.rules.game.Game` facade:
the Equipment card copies by name, and the text notation of a whole position (``game.position()``
/ ``Game.from_position``). The sandbox that builds a position from named fields is
:mod:`nollab.rules.sandbox`.

==============  ==========================================================================
module          job
==============  ==========================================================================
cards           copy names of the physical Equipment cards (``winchester_94~ranged``) <-> uids
notation        writing a position as one line of text (``NOTLD1 S1 ...``, docs/position.md)
parse           reading it back: every field parsed, bounded and checked before a Game exists
fields          the pieces parse reads: bounded numbers, lists, JSON, Ghoul counts, one Survivor
edit            one change to a position (Ghouls, a Survivor's Zone, Wounds, XP, Skills, cards, doors,
                barricades, Spawn tokens), checked by reading it back; the position editor calls it
facade          ``game.position()`` / ``Game.from_position(text)`` (a mixin of the Game)
==============  ==========================================================================
"""
