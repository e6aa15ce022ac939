"""The S3 Molotov **sortie** (:mod:`nollab.sim.scene_plans.sortie`) on the real S3 map
(:func:`nollab.rules.sandbox.sandbox` with the Scene id): the team in a house room, a Spawn Zone
two Zones out. A Molotov has Range 1-1 and is thrown at an exterior Zone; "Any Ghoul Spawn token
in the targeted Zone may be moved to another Spawn Zone" (P. 29). A Door opens with a Door Action,
a closed Barricade with "an equipped weapon with a Barricade Opening symbol", both "only if there
are no Ghouls in that Zone"; closing needs nothing (P. 18-19). Leaving a Zone costs 1 Action plus
1 per Ghoul in it (P. 18). The Survivors act in turn order from the First Player (P. 8). The
expected moves follow from those rules, never from a number the bot computes.
"""
from __future__ import annotations

from nollab.rules.sandbox import sandbox
from nollab.sim.heuristic import HeuristicPolicy
from support import first_turn

ALL4 = [("4R:e", "white"), ("3R:c", "red"), ("2R:a", "red"), ("1R:c", "red")]


def _game(at, **kw):
    kw.setdefault("spawns", ALL4)
    return sandbox("S3", at, hooks=["break_the_siege"], first_player=kw.pop("first"), **kw)


def _turn(g, bot) -> list:
    """Play the active Survivor's Turn with ``bot``; the Actions taken (kind, params)."""
    sid = g.state.active
    out = []
    while g.state.active == sid and g.state.result is None:
        if g.pending is not None:
            g.choose(bot.choose_option(g, g.pending))
            continue
        acts = [a for a in g.legal_actions() if a.kind != "discard"]
        a = bot.choose_action(g, acts)
        out.append((a.kind, a.params))
        g.apply(a)
    return out


def _next(g, bot):
    while g.pending is not None:
        g.choose(bot.choose_option(g, g.pending))
    acts = g.legal_actions()
    if acts and acts[0].kind == "activate":
        g.apply(bot.choose_action(g, acts))


def _door_game(walker_on: str):
    """The front-door sortie (:func:`test_door_sortie_opener_carrier_closer`): Harry, Ben (Molotov in
    Hand) and Tom in the living room 1R:L, Harry first, one Walker on ``walker_on``."""
    return _game({"harry": "1R:L", "ben": "1R:L", "tom": "1R:L"}, first="harry",
                 inventory={"ben": ["molotov", "table_leg"]}, ghouls={walker_on: {"walker": 1}})


def test_door_sortie_opener_carrier_closer():
    """Living room 1R:L, one Molotov (Ben, in Hand), the front door 1R:df closed, nobody on the
    porch 1R:P (in Range 1 of the Spawn Zone 1R:c). Harry acts first: he opens the door (P. 18);
    Ben steps out, throws at 1R:c (P. 29) and steps back in -- 3 Actions, the Ghouls act only in
    their Phase (P. 22) -- and Tom, last, shuts the door. Before, the team waited for two Molotovs
    and then walked out together."""
    g = _door_game("3R:b")
    bot = HeuristicPolicy()
    first_turn(g, bot)
    assert ("door", ("1R:df", "open")) in _turn(g, bot)
    _next(g, bot)
    assert g.state.active == "ben"
    ben = _turn(g, bot)
    assert ben[:3] == [("move", ("1R:P",)), ("molotov", (ben[1][1][0], "1R:c")), ("move", ("1R:L",))]
    assert "1R:c" not in {z for z, _c in g.state.spawns}
    _next(g, bot)
    assert ("door", ("1R:df", "close")) in _turn(g, bot)


def test_barricade_needs_the_tool_holder_first():
    """The same sortie through the sitting-room window 3R:ws4 to 3R:d (Range 1 of the Spawn Zone
    3R:c; the tokens gather on 2R:a): only a Survivor with an equipped Claw Hammer opens a
    Barricade (P. 19). Tom (Claw Hammer) acts first and opens it; Judy goes out and burns 3R:c."""
    g = _game({"tom": "3R:S", "judy": "3R:S", "helen": "3R:S"}, first="tom",
              spawns=[("2R:a", "white"), ("3R:c", "red")],
              inventory={"tom": ["claw_hammer"], "judy": ["molotov", "table_leg"]})
    bot = HeuristicPolicy()
    first_turn(g, bot)
    assert ("barricade", ("3R:ws4", "open")) in _turn(g, bot)
    _next(g, bot)
    judy = _turn(g, bot)
    assert judy[0] == ("move", ("3R:d",)) and judy[1][0] == "molotov" and judy[1][1][1] == "3R:c"
    assert {z for z, _c in g.state.spawns} == {"2R:a"}


def test_guard_no_sortie_when_the_carrier_acts_alone():
    """Guard: Harry holds the Molotov, alone in the living room; with the front door closed he
    would need 4 Actions (open, out, throw, back: P. 18) and would end the round alone on the
    porch, so he neither opens the door nor walks out."""
    g = _game({"harry": "1R:L"}, first="harry",
              inventory={"harry": ["molotov", "table_leg"]}, ghouls={"3R:b": {"walker": 1}})
    bot = HeuristicPolicy()
    first_turn(g, bot)
    harry = _turn(g, bot)
    assert ("door", ("1R:df", "open")) not in harry and all(k != "molotov" for k, _p in harry)


def test_relay_the_carrier_acting_first_hands_the_molotov_on():
    """Harry holds the Molotov and acts first, Ben after him (P. 8), the front door closed: Harry
    alone would need 4 Actions (open, out, throw, back: P. 18). He trades the Molotov to Ben (1
    Action; "both may then reorganize for free", P. 19, so Ben holds it in a Hand) and opens the
    door (P. 18); Ben steps out to the porch, burns 1R:c (P. 29) and steps back in. Before, the
    sortie waited for a round whose turn order put an opener before the carrier."""
    g = _game({"harry": "1R:L", "ben": "1R:L"}, first="harry",
              inventory={"harry": ["molotov", "table_leg"]}, ghouls={"3R:b": {"walker": 1}})
    bot = HeuristicPolicy()
    first_turn(g, bot)
    harry = _turn(g, bot)
    assert harry[:2] == [("trade", ("ben",)), ("door", ("1R:df", "open"))]
    _next(g, bot)
    ben = _turn(g, bot)
    assert ben[:3] == [("move", ("1R:P",)), ("molotov", (ben[1][1][0], "1R:c")), ("move", ("1R:L",))]
    assert {z for z, _c in g.state.spawns} == {"4R:e", "3R:c", "2R:a"}


def test_a_second_molotov_clears_the_throw_zone():
    """Two Walkers on the porch 1R:P: leaving it would cost the carrier 3 Actions (P. 18), so Harry
    (second Molotov) burns the porch from the living room through the open door first (Range 1, an
    exterior Zone, P. 29); Ben then goes out and burns 1R:c."""
    g = _game({"harry": "1R:L", "ben": "1R:L", "tom": "1R:L"}, first="harry",
              inventory={"ben": ["molotov", "table_leg"], "harry": ["molotov", "table_leg"]},
              ghouls={"1R:P": {"walker": 2}}, doors={"1R:df": True})
    bot = HeuristicPolicy()
    first_turn(g, bot)
    harry = _turn(g, bot)
    assert any(k == "molotov" and p[1] == "1R:P" for k, p in harry)
    _next(g, bot)
    ben = _turn(g, bot)
    assert any(k == "molotov" and p[1] == "1R:c" for k, p in ben)
    assert g.state.survivors["ben"].zone == "1R:L"


def test_the_opener_walks_in_from_the_next_room_and_opens():
    """Tom (Claw Hammer) stands in the hall 3R:H, next to the sitting room where Judy holds the
    Molotov; he acts first: one Move in and one Barricade Action (P. 18-19) open 3R:ws4 before
    Judy's Turn, and with no Survivor left to act after her Judy still goes (the window stays
    open through one Ghouls' Phase)."""
    g = _game({"tom": "3R:H", "judy": "3R:S"}, first="tom",
              spawns=[("2R:a", "white"), ("3R:c", "red")],
              inventory={"tom": ["claw_hammer"], "judy": ["molotov", "table_leg"]})
    bot = HeuristicPolicy()
    first_turn(g, bot)
    tom = _turn(g, bot)
    assert tom[:2] == [("move", ("3R:S",)), ("barricade", ("3R:ws4", "open"))]
    _next(g, bot)
    judy = _turn(g, bot)
    assert judy[0] == ("move", ("3R:d",)) and judy[1][0] == "molotov" and judy[1][1][1] == "3R:c"


def test_the_planners_judge_counts_the_molotovs_still_missing_on_foot():
    """S3 (P. 35) is won with every Spawn token gathered on one Spawn Zone; a Molotov thrown at a
    Spawn Zone moves its tokens (P. 29), and the box has 2 Molotov cards and 2 pairs of parts
    (P. 3). With three Spawn Zones still to burn, the same position with one made Molotov gone
    from a Backpack (as after a throw at a Ghoul pack) is judged worse by exactly the plan's
    ``molotov_worth`` -- on foot too (S10's term was gated on driving); nothing else in the judge
    looks at a Backpack."""
    from nollab.sim.planner.evaluate import evaluate
    from nollab.sim.scene_plans.fire import BreakTheSiege
    g = _game({"harry": "1R:L", "ben": "1R:L", "tom": "1R:L"}, first="harry",
              inventory={"ben": ["table_leg", "claw_hammer", "molotov", "molotov"]})
    plans = HeuristicPolicy().plans(g)
    st = g.state
    full = evaluate(g, plans, None, {})
    ben = st.survivors["ben"]
    u = next(u for u in ben.backpack if u is not None and st.cards[u] == "molotov")
    ben.backpack.remove(u)
    st.supply.setdefault("molotov", []).append(u)
    g.touch()
    assert full - evaluate(g, plans, None, {}) == BreakTheSiege.molotov_worth > 0


def test_the_planners_judge_counts_the_spawn_zones_still_to_burn():
    """Each Spawn Zone burnt is one of the objective's steps (P. 35: every token gathered on one
    Spawn Zone; a Molotov moves them, P. 29): the plan's progress for the judge falls by its
    ``burn_worth`` for each Spawn Zone still to burn -- here 1R:c's token moved onto 2R:a, the
    gather target, with no Molotov held: one Spawn Zone fewer to burn and one Molotov fewer
    missing (``molotov_worth``)."""
    from nollab.sim.plans_view import View
    g = _game({"harry": "1R:L", "ben": "1R:L", "tom": "1R:L"}, first="harry")
    plans = HeuristicPolicy().plans(g)
    plan = next(p for p in plans if p.name == "break-the-siege")
    before = plan.progress(View(g, "harry", {}))
    g2 = _game({"harry": "1R:L", "ben": "1R:L", "tom": "1R:L"}, first="harry",
               spawns=[("4R:e", "white"), ("3R:c", "red"), ("2R:a", "red"), ("2R:a", "red")])
    after = plan.progress(View(g2, "harry", {}))
    assert plan.burn_worth > 0
    assert after - before == plan.burn_worth + plan.molotov_worth


def test_the_planner_plays_the_turn_before_its_house_search_unsearched():
    """While Molotovs are missing their parts are House cards (P. 3), one Search a Turn (P. 18):
    in a house room without Ghouls, before the Survivor's Search, the plan vouches for every
    Action of the Turn -- ending it early is how a one-round search skips the Search."""
    from nollab.sim.planner import PlannerPolicy
    g = _game({"harry": "1R:L", "ben": "1R:L", "tom": "1R:L"}, first="harry",
              ghouls={"3R:b": {"walker": 1}})
    first_turn(g)
    planner = PlannerPolicy(seed=1)
    end = next(a for a in g.legal_actions() if a.kind == "do_nothing")
    assert planner.trusted(g, end)


def _flank_game(**more_ghouls):
    """The study's flank sortie (module docstring): Tom (Claw Hammer), Judy (Molotov) and Helen in the
    study 4R:S, the Spawn Zone 4R:e to burn, three Walkers queued on 4R:d, plus ``more_ghouls``
    (Zone -> Walkers)."""
    return _game({"tom": "4R:S", "judy": "4R:S", "helen": "4R:S"}, first="tom",
                 spawns=[("2R:a", "white"), ("4R:e", "red")],
                 inventory={"tom": ["claw_hammer"], "judy": ["molotov", "table_leg"]},
                 ghouls={"4R:d": {"walker": 3}, **{z: {"walker": n} for z, n in more_ghouls.items()}})


def _flank_burn(g) -> HeuristicPolicy:
    """Tom opens the study window 4R:we2 (P. 19); Judy walks 4R:a, 4R:b and burns 4R:e, its token
    going to 2R:a (P. 29). Returns the bot, for the Turns after."""
    bot = HeuristicPolicy()
    first_turn(g, bot)
    assert ("barricade", ("4R:we2", "open")) in _turn(g, bot)
    _next(g, bot)
    judy = _turn(g, bot)
    assert judy[:2] == [("move", ("4R:a",)), ("move", ("4R:b",))]
    assert judy[2][0] == "molotov" and judy[2][1][1] == "4R:e"
    assert {z for z, _c in g.state.spawns} == {"2R:a"}
    return bot


def test_flank_sortie_throws_from_off_the_queue():
    """Three Walkers queue on 4R:d, between the Spawn Zone 4R:e and the closed study window 4R:ws3
    (with no open path Ghouls stop at a closed Barricade, P. 23): stepping out there would cost the
    carrier 1 + 3 Actions to come back (P. 18). 4R:b is also in Range 1 and Line of Sight of 4R:e
    (P. 29), two steps out through the other study window 4R:we2 and 4R:a, and nothing stands next
    to it. Tom (Claw Hammer) opens 4R:we2 (P. 19); Judy walks 4R:a, 4R:b and burns 4R:e, its token
    going to 2R:a (P. 29): 3 Actions, her round ends outside. Helen, acting after her, leaves the
    window open: shutting it would lock Judy out (only a Claw Hammer or Tire Iron opens it again).
    Before, the sortie waited for the queue to clear."""
    g = _flank_game()
    bot = _flank_burn(g)
    _next(g, bot)
    assert ("barricade", ("4R:we2", "close")) not in _turn(g, bot)


def test_guard_no_flank_sortie_past_a_ghoul():
    """Guard: the same position with a Walker on 4R:a, the step between the window and 4R:b:
    leaving 4R:a would cost Judy 2 Actions (P. 18), so she does not go out that way."""
    g = _flank_game(**{"4R:a": 1})
    bot = HeuristicPolicy()
    first_turn(g, bot)
    _turn(g, bot)
    _next(g, bot)
    judy = _turn(g, bot)
    assert all(k != "molotov" for k, _p in judy)
    assert {z for z, _c in g.state.spawns} == {"2R:a", "4R:e"}


def test_a_part_is_taken_from_a_friend_who_has_acted():
    """Ben has taken his Turn (P. 8) and then holds a Flammable Fluid; Harry, in the same room,
    holds a Mason Jar. A Trade moves either card (P. 19), and combining them is free but only on
    one's own Turn (P. 29): Harry takes Ben's Fluid and combines at once, so the team holds a
    Molotov this round. Before, Harry handed his Jar over and the Molotov waited for Ben's next
    Turn."""
    g = _game({"ben": "1R:L", "harry": "1R:L"}, first="ben", inventory={"harry": ["mason_jar", "table_leg"]},
              ghouls={"3R:b": {"walker": 1}})
    bot = HeuristicPolicy()
    first_turn(g, bot)
    _turn(g, bot)
    st = g.state
    fluid = next(u for u in st.decks["house"] if st.cards[u] == "flammable_fluid")
    st.decks["house"].remove(fluid)
    st.survivors["ben"].backpack.append(fluid)
    g.touch()
    _next(g, bot)
    assert st.active == "harry"
    harry = _turn(g, bot)
    assert ("trade", ("ben",)) in harry and ("combine", ("molotov",)) in harry
    assert any(st.cards[u] == "molotov" for u in st.survivors["harry"].inventory())


def test_the_team_waits_for_the_molotov_where_its_sortie_starts():
    """No Molotov made yet, 1R:c the one Spawn Zone left to burn (the tokens gather on 2R:a). The
    only rooms joined by an Opening to a Zone in Range 1 of 1R:c (P. 29) are the living room 1R:L
    (front door 1R:df to the porch 1R:P, window 1R:wn3 to 1R:b); Tom, in the kitchen, walks there
    (1 Move, P. 18) and Searches there -- any interior Zone without Ghouls may be Searched (P. 18)
    -- so the Molotov is made where it is thrown. Before, he Searched in the kitchen and the
    carrier walked to the living room after the Molotov was made (S3, 100 games: a Molotov waited
    1.0 / 1.7 / 2.6 rounds between made and thrown)."""
    g = _game({"tom": "2R:K", "ben": "2R:K"}, first="tom", spawns=[("2R:a", "white"), ("1R:c", "red")],
              ghouls={"3R:b": {"walker": 1}})
    bot = HeuristicPolicy()
    first_turn(g, bot)
    tom = _turn(g, bot)
    assert tom[0] == ("move", ("1R:L",)) and ("search", ("house",)) in tom
    assert g.state.survivors["tom"].zone == "1R:L"


def test_guard_no_staging_walk_while_a_molotov_is_held():
    """Guard: Ben already holds a Molotov in the kitchen and the sortie's own goals lead (the
    carrier walks to the living room, the room of the route, P. 29); Tom, holding nothing, is not
    sent anywhere by the staging rule (it is only for rounds without a Molotov) -- he follows the
    sortie crew into the same room."""
    g = _game({"tom": "2R:K", "ben": "2R:K"}, first="tom", spawns=[("2R:a", "white"), ("1R:c", "red")],
              inventory={"ben": ["molotov", "table_leg"]}, ghouls={"3R:b": {"walker": 1}})
    from nollab.sim.plans_view import View
    from nollab.sim.plans import plans_for
    first_turn(g, HeuristicPolicy())
    v = View(g, "tom", {})
    v.plans = plans_for(["break_the_siege"])
    fire = next(p for p in v.plans if p.name == "break-the-siege")
    assert fire.stage_room(v) is None and fire.sortie_plan(v)[2] == "1R:L"


def test_flank_sortie_past_a_ghoul_two_zones_from_the_throw_zone():
    """The flank sortie of 4R:e (module docstring) with a Walker on the porch 1R:P: it is next to
    the step 4R:a but two Zones from the throw Zone 4R:b. A Ghoul Moves one Zone an Activation and
    Attacks in its own Zone only (P. 22-23), so in the Ghouls' Phase it can reach 4R:a, not Judy on
    4R:b: she walks 4R:a, 4R:b (the Walker is not on her way, P. 18) and burns 4R:e (P. 29). Before,
    the flank waited for every Zone next to the step to be empty too (``flank_guard`` 2)."""
    g = _flank_game(**{"1R:P": 1})
    bot = _flank_burn(g)


def test_the_carrier_steps_out_beside_one_walker():
    """One Walker on the porch 1R:P, no second Molotov to burn it first. Harry opens the front door
    (P. 18); Ben steps out beside the Walker and burns 1R:c (P. 29). Coming back would cost him 1 + 1
    Actions (P. 18), so he ends the round outside -- one Walker's Attack is 1 Wound of the 3 that
    eliminate (P. 22) -- and with his last Action he may fight it. Before, the sortie waited for
    the porch to empty."""
    g = _door_game("1R:P")
    bot = HeuristicPolicy()
    first_turn(g, bot)
    assert ("door", ("1R:df", "open")) in _turn(g, bot)
    _next(g, bot)
    ben = _turn(g, bot)
    assert ben[:2] == [("move", ("1R:P",)), ("molotov", (ben[1][1][0], "1R:c"))]
    assert "1R:c" not in {z for z, _c in g.state.spawns}


def test_guard_a_wounded_carrier_does_not_step_out_beside_a_walker():
    """Guard: the same porch, Ben already has 2 Wounds -- the Walker's Attack would be his third and
    eliminate him (P. 22), and a starting Survivor eliminated loses the game -- so he does not step
    out onto the porch."""
    g = _door_game("1R:P")
    g.state.survivors["ben"].wounds = 2
    g.touch()
    bot = HeuristicPolicy()
    first_turn(g, bot)
    _turn(g, bot)
    _next(g, bot)
    ben = _turn(g, bot)
    assert ("move", ("1R:P",)) not in ben and all(k != "molotov" for k, _p in ben)
