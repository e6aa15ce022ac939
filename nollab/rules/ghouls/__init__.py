"""07 The Ghouls and 09 Ghouls' Phase, Step 1: Activation (P. 17, P. 22-23, P. 25, P. 46).

Engine steps (change the game, one visible step each):

=================  =========================================================================
activation         the Ghouls' Phase starts; one Activation: attacks, then Breakers, then moves (P. 22)
attack             Ghouls attack the Survivors of their Zone; the Survivors split the Wounds (P. 22)
breakers           Breakers open the closed Doors and Barricades of their Zone (P. 22)
move               Ghouls move 1 Zone toward their destination; uneven splits (P. 23)
=================  =========================================================================

Pure planners (plain data in, frozen plans out; the engine steps and the odds use them):

=================  =========================================================================
attack_plan        which Ghouls attack whom (P. 22; Taunt P. 46)
wound_split        every distinct split of a Zone's Ghoul Attacks (P. 22)
move_plan          destinations, shortest routes, even splits (P. 23)
activation_plan    a whole Activation at once (P. 22-23, P. 25)
geometry           line of sight and first steps, memoised per board (P. 10, P. 23)
=================  =========================================================================
"""
