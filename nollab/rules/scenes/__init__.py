"""14 Tuning the difficulty and 15 Scenes (P. 32-44): Scene files and their special rules.

A Scene is data (``nollab/data/scenes/S<n>.toml``) plus named hooks for its special rules and
objectives; the scene file lists them (``[scene] hooks = [...]``). Modules:

==============================  ===============================================================
hooks                           the ``Hook`` base class (every hook point) and the registry
scene                           ``Scene``: a loaded scene file, dispatching to its hooks
scene_schema                    the ``[scene]`` table of a scene file: its fields, types and bounds, checked before use
handmade                        hand-made Scenes (sandbox games) as plain data
common                          what several Scenes ask: the house, a tile's Zones, new events
flags                           what a Scene's rules keep in the state: declared per hook (``Flag``), typed (``Kept``), checked
tuning                          Tuning the difficulty (P. 32)
spread                          setup choice: Survivors spread among the Starting Zones, at least 1 per Zone (S3, P. 35)
s1_whats_happening              S1 What's Happening? (P. 33)
s2_is_there_a_key               S2 Is There a Key? (P. 34)
s3_afraid_of_fire               S3 They're Afraid of Fire (P. 35)
s4_lets_move_it                 S4 Now, Let's Move It! (P. 36)
s5_night_of_the_living_dead     S5 Night of the Living Dead (P. 37)
s6_to_willard                   S6 To Willard (P. 39)
s7_go_get_johnny                S7 Go Get Johnny (P. 40)
s8_johnnys_car                  S8 Johnny's Car (P. 41)
s9_rescue_party                 S9 Rescue Party (P. 42)
s10_another_one_for_the_fire    S10 Another One for the Fire (P. 44)
travelling                      travelling boards and the herd, shared by S6 and S8 (P. 39, 41)
travel_board                    travelling boards: where a tile may go, which may leave (pure)
==============================  ===============================================================

Importing this package registers every shipped hook (the modules below are imported here).
"""

from nollab.rules.scenes import (  # noqa: F401  (each module registers its Scene's hooks)
    s1_whats_happening, s2_is_there_a_key, s3_afraid_of_fire, s4_lets_move_it, s5_night_of_the_living_dead,
    s6_to_willard, s7_go_get_johnny, s8_johnnys_car, s9_rescue_party, s10_another_one_for_the_fire,
    spread, travelling, tuning)
