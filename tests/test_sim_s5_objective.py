"""The bookkeeping of S5's objective (P. 37): "All Survivors are at Orange Danger Level (or higher).
Each Survivor has killed 1 Relative (or more)." -- six Relatives killed by six different Survivors,
and XP spread so that all six reach 19 (P. 14). Positions are built by hand (:func:`sandbox`, rigged
dice); the expected answers come from the quoted rules, never from a number the bot computes.
"""
from __future__ import annotations

from nollab.rules.engine.actions import Action
from nollab.rules.sandbox import rig_dice, sandbox
from nollab.sim.heuristic import HeuristicPolicy


def _one_hit_on_a_walker_and_a_relative(killed: dict[str, int]):
    """Ben (Katana: 2 dice 4+, Damage 1) strikes in the living room, where a Walker and a Relative
    stand, and rolls one hit: Melee hits are assigned freely (P. 26), so the engine asks which
    Ghoul takes it. ``killed``: Relatives each Survivor has already eliminated."""
    g = sandbox("S5", {"ben": "1R:L", "helen": "1R:L"}, ghouls={"1R:L": {"walker": 1, "relative": 1}},
                inventory={"ben": ["katana"], "helen": ["machete"]}, round=9)
    for sid, n in killed.items():
        g.state.survivors[sid].kills["relative"] = n
    rig_dice(g, [6, 1])
    g.apply(Action("melee", "ben", ((0,), False)))
    ch = g.pending
    assert ch is not None and ch.kind == "target" and sorted(ch.options) == ["relative", "walker"]
    return g, ch


def test_a_survivor_who_owes_a_relative_assigns_the_hit_to_it():
    """Ben has not killed a Relative yet (P. 37): the one hit goes to the Relative, not to the
    Walker (the engine's default option). Before, the bot took the default: in 200 games 422
    such hits of a Survivor who still owed a Relative went to another Ghoul."""
    g, ch = _one_hit_on_a_walker_and_a_relative({})
    assert ch.options[ch.default] != "relative"  # the default would not count for the objective
    g.choose(HeuristicPolicy().choose_option(g, ch))
    assert g.state.survivors["ben"].kills.get("relative", 0) == 1
    assert g.state.ghouls_in("1R:L")[0] == 1  # the Walker is still there


def test_a_survivor_who_has_one_leaves_the_relative_to_a_friend_guard():
    """Guard: Ben already killed a Relative; the hit goes to the Walker -- a second Relative kill
    by the same Survivor counts for nothing (P. 37) and there are only 2 Relative miniatures."""
    g, ch = _one_hit_on_a_walker_and_a_relative({"ben": 1})
    g.choose(HeuristicPolicy().choose_option(g, ch))
    assert g.state.survivors["ben"].kills.get("relative", 0) == 1
    assert g.state.ghouls_in("1R:L")[3] == 1  # the Relative is left for Helen, who owes one


def _a_lone_relative_in_the_living_room(helen_acted: bool):
    """Ben (already one Relative killed) takes his Turn first in the living room, where a lone
    Relative stands; Helen, who still owes one, stands there too, her Turn still to come unless
    ``helen_acted`` (P. 8: each Survivor takes one Turn a round)."""
    g = sandbox("S5", {"ben": "1R:L", "helen": "1R:L"}, ghouls={"1R:L": {"relative": 1}},
                inventory={"ben": ["katana"], "helen": ["machete"]}, round=9, first_player="ben")
    g.state.survivors["ben"].kills["relative"] = 1
    g.state.survivors["helen"].activated = helen_acted
    g.touch()
    return g


def test_a_lone_relative_is_left_to_a_friend_who_owes_one_and_acts_later():
    """P. 37: the Relative counts only if Helen kills it (Ben already has one); Helen takes her Turn
    later this round in that Zone, armed, so Ben does not strike it. Before, he did: 1 Relative in 4
    placed was killed by a Survivor who already had one (253 in 1000 games)."""
    g = _a_lone_relative_in_the_living_room(helen_acted=False)
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind != "melee", a


def test_a_lone_relative_is_struck_when_no_friend_who_owes_one_is_still_to_act_guard():
    """Guard: Helen has taken her Turn, so nobody else can kill the Relative this round -- a Ghoul
    in the house at the end of the Players' Phase loses the game (P. 37): Ben strikes."""
    g = _a_lone_relative_in_the_living_room(helen_acted=True)
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind == "melee", a


def _a_walker_in_the_living_room(ben_xp: int, helen_acted: bool):
    """Ben (``ben_xp`` XP, the most experienced) takes his Turn first in the living room, where a
    Walker stands; Helen (2 XP, armed) stands there too, her Turn still to come unless ``helen_acted``."""
    g = sandbox("S5", {"ben": "1R:L", "helen": "1R:L"}, ghouls={"1R:L": {"walker": 1}},
                inventory={"ben": ["katana"], "helen": ["machete"]}, round=6, first_player="ben",
                xp={"ben": ben_xp, "helen": 2})
    g.state.survivors["helen"].activated = helen_acted
    g.touch()
    return g


def test_the_most_experienced_survivor_leaves_the_kill_that_would_raise_the_spawn_line():
    """P. 14/24: the Ghoul cards are read on the line of the Survivor with the highest Danger Level;
    Ben's 7th XP would turn every spawn from Blue to Yellow. Helen (2 XP) can kill the Walker on her
    Turn later this round, so Ben does not strike: the team's XP rises evenly, as the objective
    needs all six at Orange (P. 37), and the Blue line holds longer."""
    g = _a_walker_in_the_living_room(6, helen_acted=False)
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind != "melee", a


def test_the_line_waits_only_for_a_friend_still_to_act_and_only_one_xp_below_it_guard():
    """Guards: with Helen's Turn over, Ben must kill the Walker (a Ghoul in the house at the end of the
    Players' Phase loses, P. 37); at 5 XP his kill raises no line (Yellow at 7, P. 14): he strikes."""
    for ben_xp, acted in ((6, True), (5, False)):
        g = _a_walker_in_the_living_room(ben_xp, helen_acted=acted)
        a = HeuristicPolicy().choose_action(g, g.legal_actions())
        assert a.kind == "melee", (ben_xp, acted, a)



def _a_lone_relative_on_the_lawn(helen_owes: bool):
    """Ben (one Relative killed, a Sawed-Off: Range 0-1) stands in the living room, its Openings open
    (the open house); a lone Relative stands on the lawn behind the window; Helen is in the study."""
    from nollab.sim.scene_plans.relatives import open_house
    g = sandbox("S5", {"ben": "1R:L", "helen": "4R:S"}, ghouls={"1R:a": {"relative": 1}},
                inventory={"ben": ["sawed_off"], "helen": ["machete"]}, round=9, first_player="ben")
    for o in open_house(HeuristicPolicy()._view(g, "ben")):
        g.state.set_open(o, True)
    g.state.survivors["ben"].kills["relative"] = 1
    if not helen_owes:
        g.state.survivors["helen"].kills["relative"] = 1
    g.touch()
    return g


def test_a_lone_relative_outside_is_left_to_walk_in_to_a_friend_who_owes_one():
    """Ghouls walk to the Survivors (P. 23): the Relative on the lawn comes into the house, where Helen,
    who still owes one (P. 37), can kill it; Ben's shot would waste it. Guard: when nobody owes one any
    more, Ben shoots it (a Relative on the board keeps everyone in Romero Mode, P. 17)."""
    for helen_owes, shoots in ((True, False), (False, True)):
        g = _a_lone_relative_on_the_lawn(helen_owes)
        a = HeuristicPolicy().choose_action(g, g.legal_actions())
        assert (a.kind == "ranged" and a.params[1] == "1R:a") == shoots, (helen_owes, a)



def test_a_lone_relative_in_the_house_is_left_to_a_friend_one_move_away():
    """Helen, who still owes a Relative (P. 37), takes her Turn later this round in the kitchen, one
    Move from the living room (P. 18: a Move, then 2 Actions to strike): Ben, who already killed one,
    leaves the lone Relative to her. Guard: from the sitting room, 2 Moves away, she would have 1
    Action left -- Ben strikes (a Ghoul in the house at the end of the Players' Phase loses, P. 37)."""
    for where, strikes in (("2R:K", False), ("3R:S", True)):
        g = sandbox("S5", {"ben": "1R:L", "helen": where}, ghouls={"1R:L": {"relative": 1}},
                    inventory={"ben": ["katana"], "helen": ["machete"]}, round=9, first_player="ben")
        g.state.survivors["ben"].kills["relative"] = 1
        g.touch()
        a = HeuristicPolicy().choose_action(g, g.legal_actions())
        assert (a.kind == "melee") == strikes, (where, a)
