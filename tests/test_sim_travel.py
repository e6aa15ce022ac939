"""The heuristic bot's march through the travelling Scenes (S6 "To Willard" P. 39, S8 "Johnny's Car"
P. 41; :mod:`nollab.sim.scene_plans.travel`) and to the white Spawn Zone (S7 "Go Get Johnny" P. 40;
:mod:`nollab.sim.scene_plans.white`), both on :mod:`nollab.sim.scene_plans.posse`, on real Scene
positions edited by hand.

Every expectation is a rule or a distance measured here on the engine's own Board (or on a copy of
the game where a choice was really made), never a number the plan computed.
"""
from __future__ import annotations

from nollab.rules.game import Game
from nollab.rules.players import action_budget
from nollab.sim.heuristic import HeuristicPolicy
from support import first_turn


def _turn(game):
    """Settle choices and engine steps, activate the first Survivor offered, return the legal actions."""
    return first_turn(game)


def _view(game, sid):
    return HeuristicPolicy()._view(game, sid)


def _tile_distance(board, zone, tile):
    return min(board.distances_to(z, frozenset()).get(zone, 99) for z in board.zones if board.zones[z].tile == tile)


def _fresh(st, sid, zone):
    """``sid`` stands in ``zone`` with a whole Turn ahead (the active Survivor: just begun)."""
    s = st.survivors[sid]
    s.zone, s.activated, s.spent, s.free_spent = zone, st.active == sid, 0, {}


def _other(st) -> str:
    """A Survivor other than the one taking their Turn."""
    return next(x for x in sorted(st.survivors) if x != st.active)


def _s8_final():
    """S8 near its end, built by hand: the road 3V - 1V, then the final tile 6V with Johnny's car on
    its centre Zone (P. 41: "When the Travelling Pile is exhausted, set 6V as the final tile, with
    Johnny's car on its center Zone"), no Ghoul anywhere, round 9."""
    g = Game.new("S8", seed=3)
    st = g.state
    tr = st.flags["travel"]
    tr.update({"tiles": [["3V", 0, 1, 90], ["1V", 1, 1, 90], ["6V", 1, 0, 0]], "pile": [], "frontier": "6V",
               "final": True, "removing": True})
    tr.pop("placing", None)
    st.pending = None
    st.car = {"zone": "6V:s"}
    st.spawns = [["1V:A", "white"]]  # "Fighting through the herd" rewrites them (P. 41)
    st.forget_openings([o for o in list(st.opening_open) + list(st.opening_kind) if o.startswith("5R:")])
    for k in list(st.ghouls):
        del st.ghouls[k]
    for s in st.survivors.values():
        s.zone = "1V:d"
    st.round = 9
    g = Game.from_json(g.to_json())  # rebuilt from the state: the Board of these tiles
    assert {p.tile for p in g.board.tiles} == {"3V", "1V", "6V"}
    _turn(g)  # the first Survivor takes their Turn
    assert g.state.active is not None
    return g


# -- before the journey ---------------------------------------------------------------------------
def test_scene_8_arms_in_the_barn_before_the_journey():
    """S8 "Armory. Any Survivor performing a Search Action may draw from the House, Melee, or Ranged
    Equipment deck" (P. 41) and "The Survivor can only Search in interior Zones" (P. 18): before
    anyone steps onto the first travelling tile, the posse walks into the barn of 5R."""
    g = Game.new("S8", seed=4)
    _turn(g)
    goals = _view(g, g.state.active).goals()
    assert goals and all(g.board.zones[z].interior and g.board.zones[z].tile == "5R" for z in goals)


def test_scene_6_arms_in_the_house_then_marches():
    """S6 "The house can no longer be Searched as soon as a Barricade or a Door is opened" (P. 39):
    in the first rounds the posse Searches the house (Armory, any deck) instead of opening the way
    out; from round 3 its goal is one Zone nearer the newest tile."""
    g = Game.new("S6", seed=2)
    _turn(g)
    st = g.state
    me = st.survivors[st.active]
    assert g.board.zones[me.zone].interior and st.round == 1
    assert HeuristicPolicy().choose_action(g, g.legal_actions()).kind == "search"
    st.round = 3
    g.touch()
    goals = _view(g, me.id).goals()
    front = st.flags["travel"]["frontier"]
    assert len(goals) == 1
    assert _tile_distance(g.board, goals[0], front) < _tile_distance(g.board, me.zone, front)


# -- laying tiles ---------------------------------------------------------------------------------
def test_the_next_tile_is_laid_nearest_the_posse():
    """"set another random tile from the Travelling Pile next to it in any way you want. The board
    doesn't have to be linear" (P. 41, P. 39): of the engine's placements, the bot picks one whose
    new tile is fewest Moves from the living Survivors -- each placement is really made on a copy
    here. The first placement in S8 (seed 3) where the choice matters is checked."""
    g = Game.new("S8", seed=3)
    bot = HeuristicPolicy()
    for _ in range(3000):
        assert g.state.result is None, "no placement with a choice that matters"
        choice = g.state.pending
        if choice is not None and choice.kind == "scene:place_tile" and len(choice.options) > 1:
            cost = []
            for opt in choice.options:
                h = g.copy()
                h.choose(opt)
                cost.append(sum(_tile_distance(h.board, s.zone, opt[1]) for s in h.state.survivors.values()
                                if s.alive))
            if max(cost) > min(cost):
                picked = bot.choose_option(g, choice)
                assert cost[choice.options.index(picked)] == min(cost) < cost[choice.default]
                return
        g.step(bot)
    raise AssertionError("no placement with a choice that matters")


# -- marching together ----------------------------------------------------------------------------
def test_the_rally_waits_for_the_last_survivor():
    """A lone Survivor dies ("if everyone stays vigilant", P. 39): the posse's goal is a Zone the
    last Survivor can still reach this round (3 Actions, +1 at Yellow in Zombicide Mode, P. 14, 18)."""
    g = _s8_final()
    st = g.state
    for sid in st.survivors:
        _fresh(st, sid, "1V:d")
    last = _other(st)
    _fresh(st, last, "3V:a")  # far back: 3V:a -> 3V:b -> 3V:c -> 1V:A -> 1V:d
    me = st.active
    g.touch()
    goals = _view(g, me).goals()
    assert len(goals) == 1
    b, ctx = st.survivors[last], g._ctx()
    moves = action_budget.general_left(ctx, b) + action_budget.free_left(ctx, b, "move")  # the engine's count
    assert g.board.distances_to(goals[0], frozenset())["3V:a"] <= moves < 4


def test_a_survivor_done_for_the_round_is_where_the_posse_gathers():
    """A Survivor who has taken their Turn cannot move until the next round: the others join them
    rather than leave them alone for the Ghouls' Phase (P. 22)."""
    g = _s8_final()
    st = g.state
    for sid in st.survivors:
        _fresh(st, sid, "3V:F")
    done = _other(st)
    st.survivors[done].zone, st.survivors[done].activated = "1V:d", True
    me = st.active
    g.touch()
    assert _view(g, me).goals() == ["1V:d"]


# -- Johnny's car ---------------------------------------------------------------------------------
def test_scene_8_waits_beside_6v_until_everyone_can_step_onto_it():
    """"All Survivors are standing on tile 6V ... There are no Ghouls on tile 6V" (P. 41), and 6V's
    corners spawn only once a Survivor stands on it (P. 41): while one Survivor is too far to reach
    6V this round, nobody steps onto it; once all can, they go."""
    g = _s8_final()
    st = g.state
    for sid in st.survivors:
        _fresh(st, sid, "1V:F")
    last = _other(st)
    _fresh(st, last, "3V:a")
    me = st.active
    g.touch()
    goals = _view(g, me).goals()
    assert goals and all(g.board.zones[z].tile != "6V" for z in goals)
    _fresh(st, last, "1V:F")
    g.touch()
    goals = _view(g, me).goals()
    assert goals and all(g.board.zones[z].tile == "6V" for z in goals)


def test_scene_8_a_survivor_who_can_reach_the_car_becomes_its_driver():
    """"There is a driver in Johnny's car" (P. 41; getting in costs 1 Action, P. 20): a Survivor on
    6V two Moves from the car, with a fresh Turn, heads for the car's Zone and gets in."""
    g = _s8_final()
    st = g.state
    for sid in st.survivors:
        _fresh(st, sid, "6V:h")
    me = st.active
    g.touch()
    car = st.car["zone"]
    assert g.board.distances_to(car, frozenset())["6V:h"] == 2
    assert _view(g, me).goals() == [car]
    bot = HeuristicPolicy()
    for _ in range(3):
        a = bot.choose_action(g, g.legal_actions())
        g.apply(a)
        if a.kind == "car_in":
            break
    assert st.survivors[me].in_car and st.survivors[me].driver


def test_the_march_does_not_shut_a_door_behind_it():
    """S6: the house is left for good (its tiles leave the board once empty, P. 39): once the
    posse is marching, closing a Door is never its choice."""
    g = Game.new("S6", seed=2)
    _turn(g)
    st = g.state
    me = st.survivors[st.active]
    st.round = 3
    st.flags["house_left"] = True
    door = "1R:df"
    st.set_open(door, True) if hasattr(st, "set_open") else st.opening_open.__setitem__(door, True)
    g.touch()
    acts = g.legal_actions()
    assert any(a.kind == "door" and a.params == (door, "close") for a in acts)
    assert HeuristicPolicy().choose_action(g, acts).params != (door, "close")
    assert me.zone == "1R:L"


# -- S7 "Go Get Johnny": the same march to the white Spawn Zone (P. 40) -----------------------------
def test_scene_7_arms_in_the_house_then_marches_to_the_white_zone():
    """"Equipment stashes. The Melee and Ranged Equipment decks can only be Searched in the
    designated Zones" (P. 40): in round 1 the posse Searches the kitchen's stash; from round 3 its
    goal is one Zone nearer the white Spawn Zone ("a Relative is eliminated on the white Spawn Zone")."""
    g = Game.new("S7", seed=1)
    _turn(g)
    st = g.state
    me = st.survivors[st.active]
    assert me.zone == "2R:K" and st.round == 1
    assert HeuristicPolicy().choose_action(g, g.legal_actions()).kind == "search"
    st.round = 3
    g.touch()
    goals = _view(g, me.id).goals()
    white = next(z for z, c in st.spawns if c == "white")
    d = g.board.distances_to(white, frozenset())
    assert len(goals) == 1 and d[goals[0]] < d[me.zone]


def test_scene_7_the_posse_holds_the_white_zone():
    """Ghouls walk to the Zone with the most Survivors (P. 23): a posse standing on the white Spawn
    Zone draws every Relative of the board onto it, so once there it stays."""
    g = Game.new("S7", seed=1)
    _turn(g)
    st = g.state
    white = next(z for z, c in st.spawns if c == "white")
    for s in st.survivors.values():
        s.zone = white
    st.round = 5
    g.touch()
    assert _view(g, st.active).goals() == [white]


def _target_choice(zone: str):
    """A real Melee Action (Chainsaw) on 2 Walkers and a Relative in ``zone`` (S7), rolled on
    successive seeds until the engine asks where a hit goes (free allocation, P. 26)."""
    from nollab.rules.sandbox import sandbox
    bot = HeuristicPolicy()
    for seed in range(40):
        g = sandbox("S7", {"ben": zone}, ghouls={zone: {"walker": 2, "relative": 1}},
                    inventory={"ben": ["chainsaw"]}, seed=seed, round=5)
        g.apply(next(a for a in g.legal_actions() if a.kind == "melee"))
        while g.needs() == "step":
            g.step(bot)
        ch = g.state.pending
        if ch is not None and ch.kind == "target" and "relative" in ch.options and len(ch.options) > 1:
            return g, ch
    raise AssertionError(f"no free hit allocation between a Walker and the Relative in {zone}")


def test_scene_7_a_hit_goes_to_the_relative_on_the_white_zone():
    """Melee hits are allocated freely (P. 26) -- the eliminated Relative on the white Spawn Zone
    wins (P. 40), so it gets the hit before a Walker (the engine's default would not win)."""
    g, ch = _target_choice("6V:k")
    assert ch.options[ch.default] != "relative"
    g.choose(HeuristicPolicy().choose_option(g, ch))
    assert g.state.result == "won"


def test_scene_7_a_relative_off_the_white_zone_is_left_to_walk_there():
    """Off the white Spawn Zone a Relative's elimination wins nothing (P. 40), and Ghouls walk to
    the posse (P. 23): a Survivor holding the white Zone does not shoot a lone Relative next to it
    (a Zone with only Walkers it does shoot)."""
    from nollab.rules.sandbox import sandbox
    picks = {}
    for ghoul in ("relative", "walker"):
        g = sandbox("S7", {"ben": "6V:k"}, ghouls={"6V:t": {ghoul: 1}}, inventory={"ben": ["sawed_off"]}, round=5)
        acts = g.legal_actions()
        assert any(a.kind == "ranged" and a.params[1] == "6V:t" for a in acts)
        a = HeuristicPolicy().choose_action(g, acts)
        picks[ghoul] = (a.kind, a.params[1] if a.kind == "ranged" else None)
    assert picks["walker"] == ("ranged", "6V:t")
    assert picks["relative"] != ("ranged", "6V:t")


def test_the_planner_judges_a_posse_by_its_distance_to_the_objective():
    """The planner's judge (nollab.sim.planner.evaluate) scores the team nearer the white Spawn Zone
    (S7, P. 40) higher, all else equal -- this round's rally Zone is always a Turn's walk ahead, so
    distance to it would say nothing about progress."""
    from nollab.sim.planner.evaluate import evaluate
    g = Game.new("S7", seed=1)
    _turn(g)
    st = g.state
    for k in list(st.ghouls):
        del st.ghouls[k]
    white = next(z for z, c in st.spawns if c == "white")
    d = g.board.distances_to(white, frozenset())
    near = min((z for z in d if d[z] == 3 and not g.board.zones[z].interior))
    far = min((z for z in d if d[z] == 6 and not g.board.zones[z].interior))
    st.round = 5
    score = {}
    for zone in (near, far):
        for s in st.survivors.values():
            s.zone = zone
        g.touch()
        score[zone] = evaluate(g, HeuristicPolicy().plans(g))
    assert score[near] > score[far]


def test_the_planner_plays_a_step_of_the_march_without_search():
    """The planner's rollouts end with the round (nollab.sim.planner.search): a march whose pay-off
    comes rounds later (S7: the white Spawn Zone, P. 40) is a plan it cannot judge, so a Move towards
    the rally Zone is played as the heuristic chose it, even with a Ghoul close (no "quiet" skip)."""
    from nollab.sim.planner import PlannerPolicy
    g = Game.new("S7", seed=1)
    _turn(g)
    st = g.state
    st.round = 3
    me = st.survivors[st.active]
    near = sorted(g.board.neighbors(me.zone, frozenset()))[0]
    st.ghouls[near] = [1, 0, 0, 0]  # a Walker next door: not a quiet position
    g.touch()
    acts = g.legal_actions()
    planner = PlannerPolicy(seed=0, budget=8)
    assert not planner.quiet(g)
    want = HeuristicPolicy(seed=0).choose_action(g, acts)
    assert want.kind in ("move", "door")
    assert planner.choose_action(g, acts) == want
    assert planner.stats["searched"] == 0 and planner.stats["rollouts"] == 0
    shot = [a for a in acts if a.kind in ("melee", "ranged")]
    assert not shot or not planner.trusted(g, shot[0])


def test_the_posse_steps_into_a_rally_zone_it_can_hold():
    """Ghoul Attacks are split by the Survivors in the Zone (P. 22): three Walkers deal 3 Wounds, and
    six unwounded Survivors can take 12 and live. A posse that never steps into a Zone with Ghouls
    is pinned down while the herd grows, so when the rally Zone is the next one on the way (the only
    one a Survivor can leave their Zone for: one more Action per Ghoul left behind, P. 18), the
    Survivor walks in -- unarmed, with nothing to shoot."""
    g = Game.new("S7", seed=1)
    _turn(g)
    st = g.state
    st.round = 5
    white = next(z for z, c in st.spawns if c == "white")
    d = g.board.distances_to(white, frozenset())
    start = min(z for z in d if d[z] == 4 and not g.board.zones[z].interior)
    step = min(n for n in g.board.neighbors(start, frozenset()) if d[n] == 3)
    for k in list(st.ghouls):
        del st.ghouls[k]
    st.ghouls[step] = [3, 0, 0, 0]
    st.ghouls[start] = [2, 0, 0, 0]  # leaving costs 3 Actions: one Zone this round, at most
    for s in st.survivors.values():
        s.zone, s.wounds = start, 0
        s.hands = [None, None]
        s.backpack = []
    g.touch()
    me = st.active
    assert _view(g, me).goals() == [step]
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert (a.kind, a.params[0] if a.params else None) == ("move", step)
