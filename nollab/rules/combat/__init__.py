"""10 Combat, 11 Weapon traits and 12 Special Equipment (P. 12-13, P. 26-30).

=================  =========================================================================
profile            one attack as the rules compute it (dice, Accuracy, Damage, targets, Skills); what the position allows
refusal            why the position refuses an attack: the rule and page, worded once (P. 13, 16, 20-21, 26-29)
weapons            which Hands can attack, and which Zones a Ranged weapon reaches (P. 13, 16, 26-27)
attack             Melee and Ranged Actions: dice, hits, Plenty of Bullets/Shells (P. 12, 20, 26)
targeting          Targeting Priority Order and free Melee allocation; a kill and its XP (P. 26-27)
friendly_fire      misses hit Survivors in the target Zone (P. 28)
reload             Reload, and 2 weapons fired in a Dual manner (P. 28)
molotov            Molotov: every Actor in the Zone, moving a Spawn token (P. 29)
tally              ``Attack``: an attack under way, the immutable record its steps and decisions carry (P. 26-28)
car_attack         Car Attack (P. 21, P. 28)
=================  =========================================================================
"""
