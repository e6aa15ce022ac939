"""05 The basics and 06 Inventory, as a Survivor carries them (P. 14-16, P. 46).

=================  =========================================================================
skills             the Skills a Survivor has now; Romero and Zombicide Modes (P. 14, P. 17, P. 46)
experience         Experience, Danger Level, Skill trackers, Ultrared (P. 14-15, P. 32)
inventory          Hands and Backpack, usable cards, reorganising, combining (P. 16, P. 29-30)
=================  =========================================================================
"""
