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


# ---- the open house (issue 16, s5k): the rooms next to the team stay open to the outside
LIVING_ROOM = {"1R:wn1", "1R:wn3", "1R:df", "1R:we4", "1R:we5"}  # `nollab map S5`: 4 windows + the front door
KITCHEN = {"2R:wn4", "2R:wn5", "2R:wp", "2R:dbk"}  # 3 windows + the back door
STUDY = {"4R:we2", "4R:ws3"}  # 2 windows
SITTING_ROOM = {"3R:ww2", "3R:ws4"}  # 2 Moves from the living room


def test_the_open_house_is_the_held_room_and_the_rooms_joined_to_it():
    """Ghouls take the shortest *open* path to the team (P. 23): the Openings kept open are those
    between the outside and the living room (the Starting Area the team holds) or a room joined to
    it by a doorway -- the kitchen and the study on S5's map -- never the sitting room's windows,
    2 Moves away, where a Ghoul left at the end of the Players' Phase loses the game (P. 37)."""
    from nollab.sim.scene_plans.relatives import open_house
    g, sid = _s5()
    v = HeuristicPolicy()._view(g, sid)
    assert open_house(v) == LIVING_ROOM | KITCHEN | STUDY
    assert not open_house(v) & SITTING_ROOM


def test_a_survivor_with_a_tire_iron_opens_a_window_of_the_held_room():
    """P. 19: a Barricade opens with an equipped weapon with the Barricade Opening symbol (the Tire
    Iron), in a Zone with no Ghoul. In the living room, with Walkers queuing on the porch, the team's
    Tire Iron opens the way in for them (they would wait behind the closed window, P. 23) -- before,
    the bot never opened a window towards Ghouls."""
    g, sid = _s5()
    st = g.state
    for s in st.survivors.values():
        s.zone = "1R:L"
        s.mode = "zombicide"
    arm(g, sid, ["tire_iron", "machete"])
    st.add_ghouls("1R:P", "walker", 2)
    g.touch()
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind in ("barricade", "door") and a.params[1] == "open" and a.params[0] in LIVING_ROOM, a


def _s5_broken_window(room: str, window: str):
    """S5 with the whole team in ``room``, the first Survivor with two Machetes (nothing to fight),
    and ``window`` broken open as by a Breaker (P. 22). Returns ``(game, survivor id)``."""
    g, sid = _s5()
    for s in g.state.survivors.values():
        s.zone = room
    arm(g, sid, ["machete", "machete"])
    g.state.set_open(window, True)
    g.touch()
    return g, sid


def test_a_broken_living_room_window_is_not_closed_again():
    """A Breaker broke a living room window open (P. 22); the team's room is kept open, so a
    Survivor there with nothing to fight does not spend an Action closing it (P. 19) but opens the
    front door too (P. 18) -- before, the bot's "shut the house" habit closed it and the Ghouls
    outside queued again behind the windows (P. 23)."""
    g, sid = _s5_broken_window("1R:L", "1R:we4")
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind == "door" and a.params == ("1R:df", "open"), a


def test_a_broken_sitting_room_window_is_still_closed():
    """Guard: the sitting room is not one of the rooms kept open (2 Moves from the team), so the
    plan leaves its broken window to the bot's "shut the house" habit (P. 19, no tool needed): no
    price on closing it, as before -- while closing a kitchen window is priced."""
    g, sid = _s5_broken_window("3R:S", "3R:ws4")
    plan, bot = HuntRelatives("survive_the_night"), HeuristicPolicy()
    close = next(a for a in g.legal_actions() if a.kind == "barricade" and a.params == ("3R:ws4", "close"))
    assert plan.bonus(bot._view(g, sid), close) == 0.0
    assert bot.scores(g, [close])[0] > 0  # the habit: "shut the house" (S2, S4, S5)


def test_a_relative_on_the_lawn_is_not_hunted_outside_the_open_house():
    """With the living room's window open (the open house), a Relative on the lawn behind it is one
    Move away; the Survivor who still owes a Relative (P. 37) stays with the team in the living room
    rather than step outside -- Ghouls walk to the Zone with the most Survivors (P. 23), so the
    Relative comes in. Before, the hunters ended the Players' Phase on the lawns while the Ghouls
    came into the room they had left. A Relative inside the house is still hunted (guard)."""
    g, sid = _s5()
    st = g.state
    plan, bot = HuntRelatives("survive_the_night"), HeuristicPolicy()
    me = st.survivors[sid]
    me.zone = "1R:L"
    arm(g, sid, ["machete", "sawed_off"])
    st.set_open("1R:wn1", True)
    st.add_ghouls("1R:a", "relative", 1)
    g.touch()
    assert plan.goals(bot._view(g, sid)) == (NORMAL + 2, ["1R:L"])
    st.ghouls.pop("1R:a")
    st.add_ghouls("2R:K", "relative", 1)
    g.touch()
    assert plan.goals(bot._view(g, sid)) == (NORMAL + 1, ["2R:K"])


def test_the_planner_plays_attacks_on_ghouls_in_the_house_without_search():
    """P. 37: a Ghoul in the house at the end of the Players' Phase loses the game, so the planner
    does not let a one-round search with a few sampled futures overrule an attack on one (it did,
    for a Reorganize or an ended Turn): the S5 plan vouches for it (``Plan.trusted``), and for the
    opening of a window of the held room. An attack on a lawn is still searched (guard)."""
    from nollab.sim.planner import PlannerPolicy
    g, sid = _s5()
    st = g.state
    for s in st.survivors.values():
        s.zone = "1R:L"
    arm(g, sid, ["machete", "sawed_off"])
    st.add_ghouls("1R:L", "walker", 1)
    st.set_open("1R:wn1", True)
    st.add_ghouls("1R:a", "walker", 1)
    g.touch()
    planner = PlannerPolicy(seed=1)
    acts = g.legal_actions()
    melee = [a for a in acts if a.kind == "melee"]
    lawn = [a for a in acts if a.kind == "ranged" and a.params[1] == "1R:a"]
    assert melee and lawn
    assert all(planner.trusted(g, a) for a in melee)
    assert not any(planner.trusted(g, a) for a in lawn)


# ---- the buffer against extra Activations (issue 16, s5e)
def _s5_lone_cook(walkers_elsewhere: int):
    """S5, Blue line: five Survivors in the living room, one alone in the kitchen with the back door
    open and 4 Walkers on the back porch; ``walkers_elsewhere`` more Walkers stand on a far lawn
    (the box holds 28, P. 3). The first Survivor (in the living room) has Searched already; the open
    house (s5k) is open, as from round 2 of the bot's games."""
    g, sid = _s5()
    st = g.state
    cook = next(x for x in st.survivors if x != sid)
    for s in st.survivors.values():
        s.zone = "1R:L"
    st.survivors[cook].zone = "2R:K"
    arm(g, sid, ["machete", "machete"])
    st.survivors[sid].searched = True
    for o in LIVING_ROOM | KITCHEN | STUDY:
        st.set_open(o, True)
    st.add_ghouls("2R:p", "walker", 4)
    if walkers_elsewhere:
        st.add_ghouls("4R:e", "walker", walkers_elsewhere)
    g.touch()
    return g, sid


def test_a_survivor_joins_a_friend_alone_before_the_walkers_run_out():
    """P. 25: when a Spawn card asks for more Walkers than the box has left, "all the Ghouls of the
    indicated type immediately resolve an extra Activation": the 4 Walkers that walked from the back
    porch into the kitchen at the Ghouls' Phase (P. 23) strike at once, 4 Wounds on the lone cook --
    3 eliminate (P. 22), and the game is lost. With 4 Walkers left in the box (a Blue Walker card
    places up to 4) a Survivor of the living room with nothing to fight walks over: two Survivors
    split the 4 Attacks, 2 each, and both live (P. 22)."""
    g, sid = _s5_lone_cook(20)
    plan, bot = HuntRelatives("survive_the_night"), HeuristicPolicy()
    to_kitchen = next(a for a in g.legal_actions() if a.kind == "move" and a.params[0] == "2R:K")
    assert plan.bonus(bot._view(g, sid), to_kitchen) > 0
    a = bot.choose_action(g, g.legal_actions())
    assert a.kind == "move" and a.params[0] == "2R:K", a


def test_no_buffer_while_the_box_holds_walkers():
    """Guard: with 24 Walkers still in the box no Spawn step this round runs out (4 cards of at most
    4 Walkers at Blue, P. 24-25), the Walkers that walk into the kitchen only strike at the next
    Ghouls' Phase, after the team's Players' Phase: no reason to leave the living room."""
    g, sid = _s5_lone_cook(0)
    plan, bot = HuntRelatives("survive_the_night"), HeuristicPolicy()
    to_kitchen = next(a for a in g.legal_actions() if a.kind == "move" and a.params[0] == "2R:K")
    assert plan.bonus(bot._view(g, sid), to_kitchen) == 0.0
    a = bot.choose_action(g, g.legal_actions())
    assert not (a.kind == "move" and a.params[0] == "2R:K"), a


def test_a_damage_2_hit_goes_to_the_fatty_before_the_walker():
    """P. 26: Melee hits are divided as the attacker wishes; P. 27: a Fatty needs Damage 2 (the
    Machete's Damage 1 never kills it) and deals 2 Wounds (P. 22). Ben's Chainsaw (Damage 2) rolls
    one hit in the living room, where a Walker and a Fatty stand with Helen (Machete): the hit goes
    to the Fatty -- Helen can still kill the Walker this Players' Phase, nobody else there the
    Fatty. Before, the bot took the engine's default, the Walker."""
    from nollab.rules.engine.actions import Action
    from nollab.rules.sandbox import rig_dice, sandbox
    g = sandbox("S5", {"ben": "1R:L", "helen": "1R:L"}, ghouls={"1R:L": {"walker": 1, "fatty": 1}},
                inventory={"ben": ["chainsaw"], "helen": ["machete"]}, round=9)
    rig_dice(g, [6, 1, 1, 1, 1])
    g.apply(Action("melee", "ben", ((0,), False)))
    ch = g.pending
    assert ch is not None and ch.kind == "target" and sorted(ch.options) == ["fatty", "walker"]
    assert ch.options[ch.default] != "fatty"  # the engine's default
    g.choose(HeuristicPolicy().choose_option(g, ch))
    assert g.state.ghouls_in("1R:L")[2] == 0 and g.state.ghouls_in("1R:L")[0] == 1  # (walker, breaker, fatty, relative)


def _tom_at_bay(ghouls: dict, spent: int, friends: dict | None = None, front_door: bool = True):
    """Tom (Zombicide Mode: Shove at Blue, P. 14/46; a Table Leg, one die 4+, Damage 1, P. 13) takes
    his Turn first in the living room with ``spent`` of his 3 Actions spent (P. 18) and ``ghouls``
    there; ``friends``: {survivor: weapon} in the living room, their Turns still to come (P. 8). The
    front door (living room / porch) is open unless ``front_door`` is False."""
    from nollab.rules.sandbox import sandbox
    friends = friends or {}
    g = sandbox("S5", {"tom": "1R:L", **{s: "1R:L" for s in friends}}, ghouls={"1R:L": ghouls},
                inventory={"tom": ["table_leg"], **{s: [w] for s, w in friends.items()}},
                modes={"tom": "zombicide"}, round=5, first_player="tom", doors={"1R:df": front_door})
    g.state.survivors["tom"].spent = spent
    g.touch()
    return g


def test_the_last_action_shoves_a_fatty_nobody_can_kill_out_of_the_house():
    """P. 37: a Ghoul in the house at the end of the Players' Phase loses the game; P. 27: a Fatty
    needs Damage 2, Tom's Table Leg has Damage 1 and nobody else is left to act. Shove (P. 46,
    free, once a Turn): "All Ghouls standing in your Survivor's Zone are pushed to the selected
    Zone" at Range 1 along a clear path -- the porch, through the open front door. Tom shoves, the
    living room is empty, and the Players' Phase ends with the game still on. Before, the bot never
    shoved and lost here."""
    g = _tom_at_bay({"fatty": 1}, spent=2)
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind == "shove" and a.params == ("1R:P",), a
    g.apply(a)
    assert g.state.ghoul_count("1R:L") == 0 and g.state.ghouls_in("1R:P")[2] == 1
    g.run_until("phase", policy=HeuristicPolicy())
    assert g.state.result is None


def test_no_shove_into_another_room_of_the_house_guard():
    """Guard: the front door is closed (and the living room windows are closed Barricades), so Tom
    could only shove the Fatty into the kitchen, the study, the hall or the basement stairs -- still
    the house (P. 37): no Shove."""
    g = _tom_at_bay({"fatty": 1}, spent=2, front_door=False)
    assert all(a.params[0] != "1R:P" for a in g.legal_actions() if a.kind == "shove")
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind != "shove", a


def test_no_shove_while_the_room_can_kill_them_guard():
    """Guard: Ghouls the room can kill are kills, i.e. XP (P. 14), and S5 needs 19 XP for each
    Survivor (P. 37). Tom with all 3 Actions and one Walker strikes it; with his last Action left,
    Helen (Machete), still to act in the living room, can kill it: no Shove either way."""
    g = _tom_at_bay({"walker": 1}, spent=0)
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind == "melee", a
    g = _tom_at_bay({"walker": 1}, spent=2, friends={"helen": "machete"})
    assert any(a.kind == "shove" and a.params == ("1R:P",) for a in g.legal_actions())
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind != "shove", a
