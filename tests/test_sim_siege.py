"""The heuristic bot in S5 "Night of the Living Dead" (P. 37): hold the house together, trust each
other down a chain, arm at the stashes, and kill the Ghouls of one's own room before walking to
another. Positions are a real S5 game whose state is edited; the expected answer is what the quoted
rules ask for, never a number computed by the bot.
"""
from __future__ import annotations

from nollab.rules.game import Game
from nollab.sim.heuristic import HeuristicPolicy
from nollab.sim.plans_base import NORMAL
from nollab.sim.scene_plans import HuntRelatives, Trust
from support import arm, first_turn


def _s5():
    g = Game.new("S5", seed=3)
    first_turn(g)
    return g, g.state.active


def test_the_ghouls_in_my_own_room_are_struck_before_walking_to_another():
    """P. 37: every Ghoul in the house must be dead at the end of the Players' Phase. Two Walkers
    stand in my room and four in the kitchen: I strike here (no Move is needed, the Ghouls are in
    reach) -- leaving would cost 1 Action more per Walker (P. 18), and I would reach the kitchen
    with no Action left. Before, the walk-in bonus sent the whole team to the kitchen, 3 Actions
    each, and nobody struck."""
    g, sid = _s5()
    st = g.state
    for s in st.survivors.values():
        s.zone = "1R:L"
    arm(g, sid, ["machete"])
    st.add_ghouls("1R:L", "walker", 2)
    st.add_ghouls("2R:K", "walker", 4)
    g.touch()
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind == "melee", a


def test_the_winchester_goes_to_a_partner_still_in_romero_mode():
    """P. 33/37 "Trusting each other": giving the starting Winchester 94 lets the giver switch to
    Zombicide Mode -- so it must go on to someone who can pass it on in turn (a Survivor still in
    Romero Mode), not back to one who already switched (the chain stalled there before)."""
    g, sid = _s5()
    st = g.state
    holder = next(s for s in st.survivors.values()
                  if any(st.cards[u] == "winchester_94" and st.origin[u] == "starting" for u in s.inventory()))
    g.state.active = holder.id
    others = [s for s in st.survivors.values() if s.id != holder.id]
    for s in st.survivors.values():
        s.zone = "1R:L"
        s.mode = "zombicide"
    holder.mode = "romero"
    others[0].mode = "romero"
    g.touch()
    plan, bot = Trust("trusting_each_other"), HeuristicPolicy()
    v = bot._view(g, holder.id)
    trades = {a.params[0]: a for a in g.legal_actions() if a.kind == "trade"}
    assert plan.bonus(v, trades[others[0].id]) > 0
    assert all(plan.bonus(v, trades[s.id]) == 0 for s in others[1:])
    others[0].mode = "zombicide"  # nobody left in Romero Mode: giving still lets the holder switch
    g.touch()
    v = bot._view(g, holder.id)
    assert plan.bonus(v, trades[others[1].id]) > 0


def test_a_zombicide_survivor_with_starting_weapons_walks_to_the_stashes():
    """S5 (P. 37): "The Melee and Ranged Equipment decks can only be Searched in the designated
    Zones (only while in Zombicide Mode)" -- the kitchen and upstairs on S5's map. A Zombicide
    Survivor with a Table Leg goes there; one in Romero Mode, or one turned back to Romero by a
    Relative on the board (P. 17), or one holding two real weapons, does not."""
    g, sid = _s5()
    st = g.state
    plan, bot = HuntRelatives("survive_the_night"), HeuristicPolicy()
    me = st.survivors[sid]
    arm(g, sid, ["table_leg"])
    me.mode = "zombicide"
    g.touch()
    assert plan.goals(bot._view(g, sid)) == (NORMAL, sorted(g.scene.tokens.stashes))
    me.mode = "romero"
    assert plan.goals(bot._view(g, sid)) != (NORMAL, sorted(g.scene.tokens.stashes))
    me.mode = "zombicide"
    st.add_ghouls("4R:e", "relative", 1)
    g.touch()
    assert plan.goals(bot._view(g, sid)) != (NORMAL, sorted(g.scene.tokens.stashes))
    st.ghouls.pop("4R:e")
    arm(g, sid, ["machete", "sawed_off"])
    assert plan.goals(bot._view(g, sid)) != (NORMAL, sorted(g.scene.tokens.stashes))


def test_with_nothing_to_do_the_team_holds_the_starting_room():
    """Ghouls walk to the Zone with the most Survivors (P. 23): with no Ghoul in the house, no
    stash to visit and no Relative near, the goal is the one room the team holds together (the
    Starting Area's living room), not "any room of the house" (the team spread out before)."""
    g, sid = _s5()
    plan, bot = HuntRelatives("survive_the_night"), HeuristicPolicy()
    arm(g, sid, ["machete", "sawed_off"])
    assert plan.goals(bot._view(g, sid)) == (NORMAL + 2, ["1R:L"])
