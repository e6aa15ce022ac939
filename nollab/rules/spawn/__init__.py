"""09 Ghouls' Phase, Step 2: Spawn (P. 24-25).

=================  =========================================================================
step               the Spawn Step: one Ghoul card per active Spawn token, white first, clockwise
ghoul_cards        the Ghoul deck, reading a card at a Danger Level, Barricade and Door Opening
                   cards, running out of miniatures (pure)
spawn_zones        Spawn Zones: order, colours, clockwise; S9 houses and S6/S8 herd zones (pure)
=================  =========================================================================
"""
