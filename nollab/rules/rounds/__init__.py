"""03 Setup and 04 Game overview (P. 6-8): setting up a Scene and the round, phase by phase.

=================  =========================================================================
setup              Setup (P. 6-7): Survivors, Starting Equipment, decks, first player
players_phase      Players' Phase (P. 8): who takes the next Turn, then the Ghouls' Phase
end_phase          End Phase (P. 8): weapons reload, the First Player token passes left
=================  =========================================================================

The Ghouls' Phase is its own chapters: :mod:`nollab.rules.ghouls` (Step 1, Activation) and
:mod:`nollab.rules.spawn` (Step 2, Spawn). Winning and losing (P. 8) are
:meth:`nollab.rules.engine.context.Ctx.win` / ``lose``, called by the Scenes' objectives.
"""
