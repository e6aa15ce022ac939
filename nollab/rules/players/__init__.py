"""08 Players' Phase (P. 18-21, Skills P. 46): the Actions a Survivor takes in their Turn.

=================  =========================================================================
legal              every legal action now (python-chess style: generated, never guessed)
illegal            why an action is refused: the rule and its page
turn               a Survivor's Turn: activation, resolving an Action, Do Nothing, objectives (P. 18, 20)
action_budget      3 Actions, +1 Action Skills, free Actions by type (P. 18, P. 46)
move               Move (P. 18)
search             Search, Flashlight, keep or discard (P. 18)
doors              Door Action and Barricade Action (P. 18-19)
trade              Reorganize/Trade (P. 19)
free_actions       free discards at any time (P. 16), combining (P. 29)
car                Car Actions: get in or out, change seats, drive (P. 20-21)
skill_actions      Hit & Run, Bloodlust, Shove, Taunt (P. 46)
=================  =========================================================================

Combat Actions (P. 20) are resolved by :mod:`nollab.rules.combat`.
"""
