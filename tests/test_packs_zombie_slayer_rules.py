"""Zombie Slayer engine: one test per rule, each citing its chapter of the rulebook
(``shared/seeds/004_…``; the transcription has no page numbers) and quoting it where it helps.

Positions are hand-made on a fixed town (:mod:`zs_support`); dice are forced through the seam's
``resolve_chance``, so every expectation is worked out from the rule text, not from the engine.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from nollab.packs.zombie_slayer.engine.core import IllegalAction
from nollab.packs.zombie_slayer.engine.town import Town, border_side, rotate
from zs_support import act, force, put, ready, texts


# ---- the town (ch. Setup, ch. Spawning Zombies) ----------------------------------------------------------
def test_native_orientation_border_right_and_turning():
    """ch. Spawning Zombies: "the 'native' orientation of a card, with the green border to the right";
    a turned card carries its border (and its squares) with it."""
    assert border_side("town01", 0) == "E" and border_side("town01", 1) == "S"
    assert border_side("town01", 2) == "W" and border_side("town01", 3) == "N"
    assert rotate(5, 0, 1) == (5, 5) and rotate(0, 0, 1) == (5, 0) and rotate(2, 3, 4) == (2, 3)


def test_green_border_is_inaccessible():
    """ch. Spawning Zombies: "The green border is inaccessible for everyone": no step crosses it."""
    g = ready()
    town = Town({"0,0": g.state.tiles["0,0"], "1,0": {"card": "town02", "rot": 2, "entered": False}}, g.box)
    # town02 turned twice has its border to the west, against the Town Centre's east side
    assert not town.step_open((5, 2), (6, 2)) and not town.step_open((5, 2), (6, 3))
    town2 = Town({"0,0": g.state.tiles["0,0"], "1,0": {"card": "town02", "rot": 0, "entered": False}}, g.box)
    assert town2.step_open((5, 2), (6, 2))


def test_houses_block_steps_and_sight():
    """ch. Fighting Zombies: reach and sight are "not separated by a wall" / "not obstructed by a wall"."""
    g = ready()
    town = g._ctx().town
    assert (4, 1) in town.houses and (4, 1) not in town.around((3, 1))
    assert not town.sight((3, 1), (5, 1)) and town.sight((0, 0), (0, 5))


def test_a_diagonal_step_needs_both_corners_open():
    """ch. Fighting Zombies: the 8 surrounding squares "not separated by a wall": no slipping round a house corner."""
    g = ready()
    town = g._ctx().town
    assert not town.step_open((3, 0), (4, 1))          # into a house
    assert not town.step_open((3, 1), (4, 2))          # round the corner of the house on 4,1
    assert not town.step_open((5, 0), (4, 1))
    assert not town.step_open((3, 2), (4, 1))


# ---- exploring (ch. Exploring) ---------------------------------------------------------------------------
def test_entering_a_new_card_draws_one_card_per_open_side_and_spawns_around():
    """ch. Exploring: "As soon as you enter a new tile, draw one tile for each side of the tile that does not
    have a neighbouring tile ... spawn Zombies on each tile neighbouring the tile you just entered, even if
    this requires you to spawn Zombies in the tile you just left. You don't spawn Zombies on the marketplace"."""
    g = ready()
    act(g, "move", "2,1")
    act(g, "move", "2,0")
    act(g, "end")
    # second turn: step onto the north card (its north side is the green border, E and W are open)
    act(g, "move", "2,-1")
    assert "enters" in texts(g, "explore")[-1] and "2 card(s) to draw" in texts(g, "explore")[-1]
    c = g.chance()
    assert c.kind == "draw" and "temple" not in c.outcomes  # still the upper half of the deck
    force(g, c.outcomes[0])
    p = g.pending
    assert p.kind == "orient" and len(p.options) == 3   # never the border back at the card entered
    assert "outwards" in p.labels[p.default]
    g.choose(p.options[p.default])
    force(g, g.chance().outcomes[0])
    g.choose(g.pending.options[g.pending.default])
    spawns = []
    while g.needs() == "chance":
        c = g.chance()
        if c.prompt.startswith("spawn on"):
            spawns.append(c.prompt)
        g.resolve_chance(c.outcomes[0])   # face 1 everywhere
    # neighbours of the north card: the two new cards and the Town Centre (no spawn on the marketplace)
    assert len(spawns) == 2


def test_setup_and_draws_keep_the_temple_in_the_lower_half():
    """ch. Setup: "Cut the deck in half and shuffle the temple into the lower half": P(Temple) on a draw is 0
    during the upper half and 1/(cards left) after, with exact integer weights."""
    g = ready()
    st = g.state
    st.deck["upper"] = 0
    act(g, "move", "2,1")
    act(g, "move", "2,0")
    act(g, "end")
    act(g, "move", "2,-1")
    c = g.chance()
    assert "temple" in c.outcomes and c.prob("temple") == Fraction(1, len(st.deck["pool"]) + 1)


# ---- spawning (ch. Spawning Zombies) ---------------------------------------------------------------------
def test_spawn_reads_encounter_pips_and_places_uniformly_on_free_squares():
    """ch. Spawning Zombies: "roll 1 die for each card ... Each [violet pip] spawns a violet one ... for each
    spawning Zombie you roll a die twice to determine the coordinates on the card" (a roll on a house or an
    occupied square is rolled again: uniform over the free squares)."""
    g = ready()
    ctx = g._ctx()
    ctx.push(["spawn_card", "0,-1"])
    g._drain()
    card = g.box.tiles["town01"]
    g.resolve_chance(6)   # town01's 6-face: 2 green, 1 violet
    assert card.dieagram.counts(6, ("violet", "green", "blue")) == (1, 2, 0)
    c = g.chance()
    free = [s for s in c.outcomes]
    assert len(free) == 36 - len(card.houses) and set(c.weights) == {1}
    assert "violet" in c.prompt
    g.resolve_chance(free[0])
    c2 = g.chance()
    assert free[0] not in c2.outcomes and len(c2.outcomes) == len(free) - 1 and "green" in c2.prompt


def test_supply_runs_out_the_furthest_zombie_is_taken():
    """ch. Spawning Zombies: "If at any time you need to spawn a Zombie, but all the Zombies of the according
    colour are scattered around the Town, immediately remove the required number of Zombies in the required
    colour which are furthest away from you and spawn them"."""
    g = ready()
    n = g.box.town.supply["blue"]
    far = put(g, "blue", "0,-6")
    for i in range(n - 1):
        put(g, "blue", f"{i % 6},{-1 - i // 6}")
    ctx = g._ctx()
    ctx.push(["place", "1,0", "blue"])
    g._drain()
    assert far not in g.state.zombies and "furthest" in texts(g, "supply")[-1]
    assert g.needs() == "chance"


def test_temple_spawns_the_necromancer_first_at_its_centre_and_only_once():
    """ch. Boss Fight / Victory: "Place the Necromancer first and place him in the centre of the temple"; a
    second bluegrey pip while he stands spawns no other (docs/rulings.md)."""
    town = dict(__import__("zs_support").TOWN)
    town["0,-1"] = {"card": "temple", "rot": 0, "entered": False}
    g = ready(town=town)
    g._ctx().push(["spawn_card", "0,-1"])
    g._drain()
    g.resolve_chance(1)   # the Temple's 1-face: the bluegrey pip alone
    uid, n = g.state.necromancer()
    cx, cy = g.box.town.temple_centre
    assert n is not None and n["sq"] == f"{cx},{-6 + cy}" and n["life"] == 5
    g._ctx().push(["spawn_card", "0,-1"])
    g._drain()
    g.resolve_chance(1)
    assert sum(1 for z in g.state.zombies.values() if z["kind"] == "necromancer") == 1


# ---- the Zombies (ch. Moving Zombies) -------------------------------------------------------------------
def test_zombie_order_colour_then_distance():
    """ch. Moving Zombies: "All the violet ones - All the green ones - All the blue ones - Zombies that are
    closer to your slayer move first"."""
    from nollab.packs.zombie_slayer.engine.flow import zombie_order
    g = ready()
    b = put(g, "blue", "2,4")
    v_far = put(g, "violet", "0,5")
    v_near = put(g, "violet", "3,3")
    gr = put(g, "green", "5,5")
    assert zombie_order(g._ctx()) == [v_near, v_far, gr, b]


def test_zombie_steps_along_the_shortest_path_then_attacks():
    """ch. Moving Zombies: "Zombies always move towards you and they always chose the shortest path"; "For 1
    action, a Zombie either moves 1 square or makes 1 attack"."""
    g = ready()
    z = put(g, "violet", "0,0")
    act(g, "end")
    assert g.state.zombies[z]["sq"] == "1,1"   # 0,0 -> 1,1: the one square 1 step from the Slayer on 2,2
    act(g, "end")
    assert g.chance() is not None and "rolls to attack" in g.chance().prompt


def test_blocked_zombie_stops_and_a_two_action_zombie_crosses():
    """ch. Moving Zombies: "If that path is blocked (by another Zombie or by a follower), they will not try
    and find another path! Instead they stop moving. A Zombie may cross a square with another Zombie inside,
    but it may not end its movement in an occupied square"."""
    g = ready()
    # a corridor: the Slayer at 0,0 (corner), a violet on 0,1, another violet on 0,2 behind it
    g.state.slayer["sq"] = "0,0"
    front = put(g, "violet", "1,1")
    back = put(g, "violet", "2,2")
    g.state.zombies[front]["sq"] = "1,1"
    from nollab.packs.zombie_slayer.engine.flow import distance_map
    ctx = g._ctx()
    # the back Zombie's shortest steps all lead through 1,1 (occupied) -> with 1 action it stops
    ctx.push(["zombie", back, 1])
    g._drain()
    steps = [s for s, d in distance_map(ctx, "0,0").items() if d == 1]
    assert g.state.zombies[back]["sq"] == "2,2" or g.state.zombies[back]["sq"] in steps
    # a blue Zombie (2 actions) crosses the violet's square and ends beyond it
    g2 = ready()
    g2.state.slayer["sq"] = "0,0"
    put(g2, "violet", "1,1")
    put(g2, "violet", "0,1")
    put(g2, "violet", "1,0")
    blue = put(g2, "blue", "2,2")
    ctx2 = g2._ctx()
    ctx2.push(["zombie", blue, 2])
    g2._drain()
    assert g2.state.zombies[blue]["sq"] == "2,2" and "blocked and stops" in texts(g2, "zombie_stop")[-1]


def test_equal_paths_are_the_players_choice():
    """ch. Moving Zombies: "If there are for any occasion more paths to choose from, you decide the route of a
    Zombie" -- a decision, never a hidden rule. From 2,5 to the Slayer on 2,2 both 2,4 and 3,4 are 2 steps
    away (1,4 is a house)."""
    g = ready()
    z = put(g, "violet", "2,5")
    act(g, "end")
    assert g.pending.kind == "route" and sorted(g.pending.options) == ["2,4", "3,4"]
    g.choose("3,4")
    assert g.state.zombies[z]["sq"] == "3,4"


def test_a_follower_strictly_closer_is_chased():
    """ch. Followers: "if the path to a follower is shorter for a Zombie than the path to your Slayer, the
    Zombie will move towards the follower"."""
    from nollab.packs.zombie_slayer.engine.flow import _target
    g = ready()
    g.state.followers["90"] = {"kind": "bron", "sq": "5,5", "life": 1, "actions": 0}
    z = put(g, "violet", "3,5")
    assert _target(g._ctx(), g.state.zombies[z]) == ("f90", "5,5")


def test_a_follower_as_near_as_the_slayer_the_player_decides():
    """ch. Followers: "If the shortest path to your Slayer is as long as the path to a follower, you may decide,
    where the Zombie moves" -- a decision (default: the Slayer). From 2,5 the Slayer (2,2) and Bron (5,5) are
    both 3 steps away; going for Bron the next step is one of 3,4 / 3,5 / 3,6 (2 from him), going for the
    Slayer one of 2,4 / 3,4 (2 from him; 1,4 is a house)."""
    for who, steps in (("f90", ["3,4", "3,5", "3,6"]), ("slayer", ["2,4", "3,4"])):
        g = ready()
        g.state.followers["90"] = {"kind": "bron", "sq": "5,5", "life": 1, "actions": 0}
        put(g, "violet", "2,5")
        act(g, "end")
        p = g.pending
        assert p.kind == "target" and p.options == ("slayer", "f90") and p.default == 0
        g.choose(who)
        assert g.pending.kind == "route" and sorted(g.pending.options) == steps
    # a follower on the Slayer's own square: the same way either way, no question
    g = ready()
    g.state.followers["90"] = {"kind": "bron", "sq": "2,2", "life": 1, "actions": 0}
    put(g, "violet", "2,5")
    act(g, "end")
    assert g.pending.kind == "route" and sorted(g.pending.options) == ["2,4", "3,4"]


# ---- fighting (ch. Fighting Zombies) ---------------------------------------------------------------------
def test_worked_example_ludwig_destroys_a_violet_zombie():
    """ch. Fighting Zombies, example: Ludwig rolls 6,4,2,2,1 (4 Melee), the Zombie a 3 (3 Defense): "4 - 3
    leaves an attack strength of 1. Divided by the violet Zombie's toughness of 1 makes for 1 damage", so it
    is destroyed and gives 1 Experience."""
    g = ready()
    z = put(g, "violet", "2,3")
    act(g, "attack", "2,3", "melee")
    c = g.chance()
    assert c.kind == "5d6" and c.prob([1, 2, 2, 4, 6]) == Fraction(60, 6 ** 5)
    force(g, [1, 2, 2, 4, 6], [3])
    assert z not in g.state.zombies and g.state.slayer["xp"] == 1 and g.state.kills == {"violet": 1}


def test_already_dead_on_a_one():
    """ch. Fighting Zombies / reference sheet: "Only when rolling a '1', ... the Zombies' skill Already Dead
    triggers" -- "All damage from this attack is automatically negated"."""
    g = ready()
    z = put(g, "violet", "2,3")
    act(g, "attack", "2,3", "melee")
    force(g, [4, 6, 6, 6, 6], [1])
    assert z in g.state.zombies and "Already Dead" in texts(g, "attack")[-1]


def test_toughness_divides_and_rounds_down():
    """ch. Fighting Zombies: "Divide the result by the defender's toughness and round down": 4 Melee against
    a blue Zombie (toughness 2) rolling 3 Defense leaves strength 1 -> 0 damage."""
    g = ready()
    z = put(g, "blue", "2,3")
    blue = g.box.zombies["blue"]
    face = next(f for f in range(2, 7) if blue.dieagram.read(f, "defense") == 3)
    act(g, "attack", "2,3", "melee")
    force(g, [1, 2, 2, 3, 4], [face])
    assert z in g.state.zombies and texts(g, "attack")[-1].endswith("0 damage")


def test_holy_pip_lowers_the_zombies_defense_on_that_face():
    """ch. Fighting Zombies: "If you have got a Holy Pip on any face ... each time an opponent rolls that face,
    the result on that face is reduced by 1"."""
    g = ready()
    g.state.slayer["faces"][2]["holy"] = 1  # a Holy pip on the 3-face (room: 3 pips, 1 defense)
    z = put(g, "violet", "2,3")
    act(g, "attack", "2,3", "melee")
    # 4 Melee vs the violet's 3-face (3 Defense, -1 Holy = 2): strength 2 -> 2 damage -> destroyed
    force(g, [1, 2, 2, 3, 4], [3])
    assert z not in g.state.zombies and texts(g, "attack")[-1].endswith("2 damage")


def test_zombie_attack_wounds_the_slayer_and_death_loses():
    """ch. Fighting Zombies: "As soon as the Life of any being reaches 0, it is dead ... If you die, your
    mission has failed"."""
    g = ready()
    g.state.slayer["life"] = 1
    put(g, "green", "2,3")
    act(g, "end")
    green = g.box.zombies["green"]
    strong = max(range(1, 7), key=lambda f: green.dieagram.read(f, "melee"))
    force(g, [strong], [1])   # Ludwig's 1-face has no Defense
    assert g.over and g.result == "lost" and g.state.slayer["life"] == 0


def test_luck_turns_a_die_and_is_spent():
    """ch. Luck: "Whenever you lower your Luck die by 1, you may either reroll any one die that has just been
    rolled or you may raise or lower the face of a die by 1"."""
    g = ready(luck=2)
    z = put(g, "violet", "2,3")
    act(g, "attack", "2,3", "melee")
    force(g, [1, 2, 2, 3, 5], [3])   # no 4 or 6: 0 Melee
    p = g.pending
    assert p.kind == "luck" and "keep" in p.options and "a3+" in p.options and "d0r" in p.options
    g.choose("a4+")   # the 5 -> 6: 4 Melee (5 with nothing else) vs 3 Defense
    assert g.state.slayer["luck"] == 1
    assert z not in g.state.zombies


def test_luck_is_not_offered_when_the_dice_already_kill():
    """ch. Luck: a point is only worth spending when the dice are not already the best (docs/rulings.md)."""
    g = ready(luck=3)
    put(g, "violet", "2,3")
    act(g, "attack", "2,3", "melee")
    force(g, [1, 2, 2, 4, 6], [3])
    assert g.pending is None and g.state.slayer["luck"] == 3


def test_assault_adds_per_skill_pip_and_lowers_defense():
    """ch. Skills, Assault: "For each [skill pip] rolled, this attack's strength is increased by 1. However
    until the beginning of your next turn, your defense is lowered by 1"."""
    g = ready()
    put(g, "blue", "2,3")
    blue = g.box.zombies["blue"]
    face = next(f for f in range(2, 7) if blue.dieagram.read(f, "defense") == 3)
    act(g, "skill", "2,3", "assault")
    force(g, [1, 1, 2, 3, 6], [face])   # the 6-face: 4 Melee + 1 = 5; 5 - 3 = 2; / 2 = 1 -> destroyed
    assert not g.state.zombies and g.state.slayer["def_mod"] == -1


def test_knock_back_off_the_town_defeats():
    """ch. Skills, Knock Back: "For each [skill pip] rolled, move your opponent 1 square away from you. But only
    if you didn't kill him ... You may move your opponent off a tile. If there are no more squares to move
    into, the opponent counts as defeated"."""
    g = ready()
    g.state.slayer["skills"] = ["knock_back"]
    g.state.slayer["sq"] = "2,10"      # the south card; nothing lies south of its last row (its green border)
    z = put(g, "violet", "2,11")
    act(g, "skill", "2,11", "knock_back")
    force(g, [1, 1, 2, 3, 6], [1])      # the 6-face's skill pip; the Zombie's 1: Already Dead, no damage
    assert z not in g.state.zombies and "knocked off the town" in " ".join(texts(g, "knock_back"))


def test_knock_back_is_stopped_by_a_house():
    """ch. Skills, Knock Back: "... and not through a wall, of course!"."""
    g = ready()
    g.state.slayer["skills"] = ["knock_back"]
    g.state.slayer["sq"] = "2,1"
    z = put(g, "violet", "3,1")        # pushed east, into the house on 4,1
    act(g, "skill", "3,1", "knock_back")
    force(g, [1, 1, 2, 3, 6], [1])
    assert g.state.zombies[z]["sq"] == "3,1" and "cannot be knocked" in texts(g, "knock_back")[-1]


def test_dash_zero_defense_and_extra_squares_per_skill_pip():
    """ch. Skills, Dash: "Reduces your defense to 0 until the beginning of your next turn ... Move 1 square.
    Roll your Hand. For each [skill pip] rolled, you may move 1 additional square"."""
    g = ready()
    g.state.slayer["skills"] = ["dash"]
    act(g, "skill", "2,3", "dash")
    assert g.state.slayer["sq"] == "2,3" and g.state.slayer["dash"]
    force(g, [1, 2, 3, 4, 6])          # one skill pip (the 6-face)
    moves = [a for a in g.legal_actions() if a.kind == "dash_move"]
    assert moves and g.state.slayer["dash_moves"] == 1
    act(g, "dash_move", "2,4")
    assert not any(a.kind == "dash_move" for a in g.legal_actions())
    from nollab.packs.zombie_slayer.engine.fight import clash_of
    put(g, "violet", "3,5")
    assert clash_of(g._ctx(), {"att": "z" + next(iter(g.state.zombies)), "def": "slayer", "kind": "melee",
                               "skill": None}).defense == (0,) * 6


def test_endure_pain_adds_defense_until_next_turn():
    """ch. Skills, Endure Pain: "For each [skill pip] rolled, until the beginning of your next turn you may add
    1 to your defense"."""
    g = ready()
    g.state.slayer["skills"] = ["endure_pain"]
    act(g, "skill", "2,2", "endure_pain")
    force(g, [1, 2, 3, 4, 6])
    assert g.state.slayer["endure"] == 1
    act(g, "end")
    g.run_until("action")
    assert g.state.slayer["endure"] == 0


def test_block_adds_two_per_skill_pip_only_if_you_did_not_attack():
    """ch. Skills, Block: "May only be used during the Zombies' turn. May only be used, if you did not attack
    on your turn ... For each [skill pip] rolled, you may add 2 to your defense"."""
    g = ready()
    g.state.slayer["skills"] = ["block"]
    g.state.slayer["faces"][5] = {"skill": 1, "melee": 4}
    put(g, "green", "2,3")
    act(g, "end")
    assert g.pending.kind == "defend" and "block" in g.pending.options
    g.choose("block")
    green = g.box.zombies["green"]
    strong = max(range(1, 7), key=lambda f: green.dieagram.read(f, "melee"))   # 3 Melee
    force(g, [strong], [1, 1, 1, 1, 6])   # the 6-face: 0 Defense + 2 per skill pip = 2 -> 1 damage
    assert g.state.slayer["life"] == 4
    g2 = ready()
    g2.state.slayer["skills"] = ["block"]
    z = put(g2, "violet", "2,3")
    act(g2, "attack", "2,3", "melee")
    force(g2, [1, 1, 1, 1, 1], [2])       # no damage: the Zombie lives, and the Slayer has attacked
    g2.state.zombies[z]["kind"] = "green"
    act(g2, "end")
    assert g2.pending is None             # no Block after attacking


def test_riposte_counter_attacks_with_one():
    """ch. Skills, Riposte: "For each [skill pip] rolled, after damage resolution you attack the opponent with
    1 [Melee]. The opponent may defends as usual"."""
    g = ready()
    g.state.slayer["skills"] = ["riposte"]
    z = put(g, "violet", "2,3")
    act(g, "end")
    g.choose("riposte")
    force(g, [2], [1, 1, 1, 1, 6])        # the violet's 2-face: 0 Melee; the Slayer picks his 6 (skill pip)
    c = g.chance()
    assert c is not None and "Riposte" in c.prompt
    g.resolve_chance([2])                 # the violet's 2-face: 1 Defense -> 1 - 1 = 0 damage
    assert z in g.state.zombies and "Riposte (1 Melee)" in texts(g, "attack")[-1]


def _archer(g):
    g.state.slayer["faces"][3] = {"ranged": 4}
    g.state.slayer["faces"][5] = {"skill": 1, "ranged": 4}


def test_ranged_needs_an_empty_square_between_and_clear_sight():
    """ch. Fighting Zombies: "To deliver a ranged attack, the attacker has to be able to draw a line of sight to
    the defender, that is not obstructed by a wall or another token. Also, there has to be at least 1 empty
    square between the attacker and the defender"."""
    g = ready()
    _archer(g)
    put(g, "violet", "2,3")
    far = put(g, "violet", "2,5")
    ranged = {a.params[0] for a in g.legal_actions() if a.kind == "attack" and a.params[1] == "ranged"}
    assert ranged == set()                # 2,3 is adjacent; 2,5 is behind the Zombie on 2,3
    del g.state.zombies[far]
    put(g, "violet", "0,2")
    g._legal_key = None
    ranged = {a.params[0] for a in g.legal_actions() if a.kind == "attack" and a.params[1] == "ranged"}
    assert ranged == {"0,2"}


def test_aimed_shot_uses_both_actions_and_no_move():
    """ch. Skills, Aimed Shot: "Uses up both of your actions this turn. Do not move. ... For each [skill pip]
    rolled, this ranged attack's strength is increased by 2"."""
    g = ready()
    _archer(g)
    g.state.slayer["skills"] = ["aimed_shot"]
    put(g, "blue", "0,2")
    assert any(a.kind == "skill" and a.params[1] == "aimed_shot" for a in g.legal_actions())
    act(g, "skill", "0,2", "aimed_shot")
    assert g.state.slayer["actions"] == 0
    blue = g.box.zombies["blue"]
    face = next(f for f in range(2, 7) if blue.dieagram.read(f, "defense") == 3)
    force(g, [1, 1, 2, 3, 6], [face])     # 4 Ranged + 2 = 6 - 3 = 3, / 2 = 1: destroyed
    assert not [z for z in g.state.zombies.values() if z["kind"] == "blue"]
    g2 = ready()
    _archer(g2)
    g2.state.slayer["skills"] = ["aimed_shot"]
    act(g2, "move", "2,1")
    put(g2, "blue", "0,3")
    assert not any(a.kind == "skill" and a.params[1] == "aimed_shot" for a in g2.legal_actions())


def test_barrage_gives_an_action_for_barrage_only():
    """ch. Skills, Barrage: "For each [skill pip] rolled, this attack's strength is decreased by 1, but in turn
    you receive 1 more action you may once again use for the skill 'Barrage' (and for nothing else)"."""
    g = ready()
    _archer(g)
    g.state.slayer["skills"] = ["barrage"]
    put(g, "violet", "0,2")
    put(g, "violet", "4,4")
    g.state.slayer["actions"] = 1
    act(g, "skill", "0,2", "barrage")
    force(g, [1, 1, 2, 3, 6], [2])        # the 6-face: 4 Ranged - 1 = 3 vs 1 Defense: destroyed
    assert g.state.slayer["actions"] == 0 and g.state.slayer["barrage"] == 1
    kinds = {a.kind for a in g.legal_actions()}
    assert "skill" in kinds and "move" not in kinds


def test_potions_accuracy_and_defense():
    """ch. Items: "The Accuracy potion. Upon quaffing, your next attack either gives you +1 [Melee] or +1
    [Ranged]"; "The Defense potion. Upon quaffing, you get +2 [Defense] for your next defense"."""
    g = ready()
    g.state.slayer["items"] += ["accuracy_potion", "defense_potion"]
    act(g, "quaff", "accuracy_potion")
    blue = put(g, "blue", "2,3")
    face = next(f for f in range(2, 7) if g.box.zombies["blue"].dieagram.read(f, "defense") == 3)
    act(g, "attack", "2,3", "melee")
    force(g, [1, 1, 2, 3, 4], [face])     # 4 + 1 = 5 - 3 = 2, / 2 = 1: destroyed (without it: 0)
    assert blue not in g.state.zombies and g.state.slayer["acc_potion"] == 0
    g2 = ready()
    g2.state.slayer["items"].append("defense_potion")
    act(g2, "quaff", "defense_potion")
    put(g2, "green", "2,3")
    act(g2, "end")
    strong = max(range(1, 7), key=lambda f: g2.box.zombies["green"].dieagram.read(f, "melee"))
    force(g2, [strong], [1, 1, 1, 1, 1])  # 3 Melee vs 0 + 2: 1 damage
    assert g2.state.slayer["life"] == 4 and g2.state.slayer["def_potion"] == 0


def test_torch_at_a_zombie_deals_one_undefendable_damage():
    """ch. Items: "If you throw a torch at a Zombie, it automatically deals 1 damage that can not be defended"."""
    g = ready()
    z = put(g, "blue", "2,5")
    act(g, "move", "2,3")
    act(g, "throw_torch", "2,5")
    assert z not in g.state.zombies and "torch" not in g.state.slayer["items"]


def test_the_torch_is_not_thrown_at_the_necromancer_but_an_explosion_burns_him():
    """ch. Items: "If you throw a torch at a Zombie ... If you throw your torch on a heap of dragon dung, the
    dung explodes ... every being ... is dealt 1 damage that can not be defended" -- the Necromancer is no
    Zombie (docs/rulings.md), so only the explosion reaches him, past his Already Dead."""
    g = ready()
    n = put(g, "necromancer", "2,5")
    act(g, "move", "2,3")
    assert not any(a.kind == "throw_torch" and a.params[0] == "2,5" for a in g.legal_actions())
    act(g, "drop_dung", "2,4")
    act(g, "move", "2,2")
    act(g, "throw_torch", "2,4")
    assert g.state.zombies[n]["life"] == 4 and g.state.slayer["life"] == 5


def test_prycille_heals_per_skill_pip():
    """ch. Followers, Heal: "The Slayer may be in a neighbouring square ... Roll Prycille's Hand. For each
    [skill pip] rolled, bring back 1 life of the Slayer. You may never have more than 5 Life"."""
    g = ready()
    g.state.slayer["life"] = 2
    g.state.followers["50"] = {"kind": "prycille", "sq": "2,3", "life": 1, "actions": 1}
    g._legal_key = None
    act(g, "heal", "2,2", player="50")
    face = max(range(1, 7), key=lambda f: g.box.followers["prycille"].dieagram.read(f, "skill"))
    force(g, [face])
    assert g.state.slayer["life"] == 2 + g.box.followers["prycille"].dieagram.read(face, "skill")


def test_followers_travel_with_you_and_only_through_explored_town():
    """ch. Followers: "each follower may travel on the same square that you are on (unless you move him
    somewhere else)"; "You may move followers through the already explored area of the town"."""
    g = ready()
    g.state.followers["50"] = {"kind": "bron", "sq": "2,2", "life": 1, "actions": 1}
    act(g, "move", "2,1")
    assert g.state.followers["50"]["sq"] == "2,1"
    g.state.followers["50"]["sq"] = "2,0"
    g._legal_key = None
    bron = {a.params[0] for a in g.legal_actions() if a.player == "50" and a.kind == "move"}
    assert bron and all(int(s.split(",")[1]) >= 0 for s in bron)   # the north card is not entered yet


# ---- searching and treasure (ch. Searching) --------------------------------------------------------------
def _on_north_card(g):
    g.state.slayer["sq"] = "2,-2"
    g.state.tiles["0,-1"]["entered"] = True
    g.state.slayer["searched"] = False
    g._legal_key = None


def test_search_only_an_empty_card_once_per_entry():
    """ch. Searching: "You may not search a tile, if there are any Zombies on it. As soon as you have searched
    a tile, you can not search it again, as long as you are on that tile"."""
    g = ready()
    _on_north_card(g)
    assert any(a.kind == "search" for a in g.legal_actions())
    z = put(g, "violet", "0,-6")
    assert not any(a.kind == "search" for a in g.legal_actions())
    del g.state.zombies[z]
    g._legal_key = None
    act(g, "search", "0,-1")
    force(g, 1)   # face 1: no treasure pip
    assert not any(a.kind == "search" for a in g.legal_actions())


def test_treasure_pip_colour_picks_the_card_and_a_plain_d6_the_result():
    """ch. Searching: "If you rolled a face with a Treasure Pip on it, the pip's colour tells you, which
    treasure card to look at ... Roll another die ... no coloured pips will influence the result"."""
    g = ready()
    _on_north_card(g)
    card = g.box.tiles["town01"]
    face = card.treasure.index("brown") + 1
    act(g, "search", "0,-1")
    force(g, face)
    c = g.chance()
    assert c.kind == "d6" and "brown" in c.prompt
    g.resolve_chance(2)
    assert g.state.slayer["items"][-1] == g.box.treasure["brown"].results[0]


def test_ambush_on_a_one_attacks_at_once():
    """ch. Searching: "if you roll a '1', a Zombie of the depicted kind spawns in a square next to you ... and
    instantly attacks once for each action it may perform"."""
    g = ready()
    _on_north_card(g)
    face = g.box.tiles["town01"].treasure.index("blue") + 1
    act(g, "search", "0,-1")
    force(g, face, 1)
    assert g.pending.kind == "ambush"
    g.choose(g.pending.options[0])
    assert len(g.state.zombies) == 1 and "rolls to attack" in g.chance().prompt


def test_full_inventory_leaves_the_item():
    """ch. Items: "Your inventory may hold up to 5 items ... Dragon Dung counts as 2 items"."""
    g = ready()
    g.state.slayer["items"] = ["torch", "dragon_dung", "torch", "torch"]  # 5 slots used
    from nollab.packs.zombie_slayer.engine.treasure import gain_item
    gain_item(g._ctx(), "life_potion")
    assert g.state.slayer["items"] == ["torch", "dragon_dung", "torch", "torch"] and "full" in texts(g, "item")[-1]


def test_attribute_upgrade_paints_a_pip_on_a_face_with_room():
    """ch. Searching, attribute upgrades: "you may add the depicted attribute bonus on any one face on your
    Dieagram" (a face n has n pips)."""
    g = ready()
    _on_north_card(g)
    face = g.box.tiles["town01"].treasure.index("blue") + 1
    act(g, "search", "0,-1")
    force(g, face, 3)   # the blue card's 3: a Defense pip
    p = g.pending
    assert p.kind == "attribute" and p.options == (1, 2, 3, 5, 6)  # the 4-face is full: 4 Melee pips
    g.choose(p.options[0])
    assert g.state.slayer["faces"][p.options[0] - 1].get("defense", 0) >= 1


def test_skill_result_two():
    """ch. Searching: "On a result of '2' ... you may pick any one skill that immediately becomes available"."""
    g = ready()
    _on_north_card(g)
    face = g.box.tiles["town01"].treasure.index("blue") + 1
    act(g, "search", "0,-1")
    force(g, face, 2)
    assert g.pending.kind == "skill" and "assault" not in g.pending.options and len(g.pending.options) == 7


# ---- items (ch. Items) ---------------------------------------------------------------------------------------
def test_life_potion_never_above_five():
    """ch. Items: "a Life potion instantly restores 1 Life. You may never have more than 5 Life"."""
    g = ready()
    g.state.slayer["items"].append("life_potion")
    act(g, "quaff", "life_potion")
    assert g.state.slayer["life"] == 5 and "life_potion" not in g.state.slayer["items"]


def test_torch_on_dung_explodes_around_it():
    """ch. Items: "If you throw your torch on a heap of dragon dung, the dung explodes ... every being on the
    square with the dung and on each of the 8 squares around the dung not separated by a wall is dealt 1
    damage that can not be defended"."""
    g = ready()
    a = put(g, "violet", "0,1")
    b = put(g, "green", "1,0")
    c = put(g, "violet", "5,5")
    act(g, "move", "1,2")
    assert any(x.kind == "drop_dung" for x in g.legal_actions())
    act(g, "drop_dung", "0,1")
    act(g, "move", "2,2")
    act(g, "throw_torch", "0,1")
    assert a not in g.state.zombies and b not in g.state.zombies and c in g.state.zombies
    assert g.state.slayer["life"] == 5 and not g.state.dung


def test_free_item_use_needs_a_move():
    """ch. Items: "You may drop a heap of dragon dung for free before or after a movement action"."""
    g = ready()
    assert not any(a.kind in ("drop_dung", "throw_torch") for a in g.legal_actions())
    act(g, "move", "2,3")
    assert any(a.kind == "drop_dung" for a in g.legal_actions())


# ---- followers, experience, the Necromancer ------------------------------------------------------------------
def test_townsman_adds_a_die_costs_an_action_and_sacrifices():
    """ch. Followers: the fanatic townsman "slows you down with only 1 action per turn, he adds his 1 Life to
    your Life total and thus 1 die to your Hand ... sacrifice himself to reduce the damage you receive by 1"."""
    g = ready()
    g.state.townsmen = 1
    act(g, "end")
    g.run_until("action")
    assert g.state.slayer["actions"] == 1
    put(g, "violet", "2,3")
    act(g, "attack", "2,3", "melee")
    assert g.chance().kind == "6d6"
    from nollab.packs.zombie_slayer.engine.fight import wound
    wound(g._ctx(), "slayer", 1, "test")
    assert g.state.townsmen == 0 and g.state.slayer["life"] == 5


def test_a_townsman_may_be_sent_away_and_the_next_turn_has_both_actions():
    """ch. Followers: "each follower may travel on the same square that you are on (unless you move him
    somewhere else)", "If you move a follower off a tile, he is lost forever" -- a townsman may be parted with
    (free), so one kept can never lock the game; he "slows you down with only 1 action per turn", counted when
    the turn begins."""
    g = ready()
    g.state.townsmen = 2
    act(g, "end")
    g.run_until("action")
    assert g.state.slayer["actions"] == 1 and g.legal_actions().count(
        __import__("zs_support").Action("send_away", "slayer", ())) == 1
    act(g, "send_away")
    assert g.state.townsmen == 1 and g.state.slayer["actions"] == 1  # still one townsman: still slowed
    act(g, "send_away")
    assert g.state.townsmen == 0 and g.state.slayer["actions"] == 1  # this turn was counted at its start
    assert not any(a.kind == "send_away" for a in g.legal_actions())
    act(g, "end")
    g.run_until("action")
    assert g.state.slayer["actions"] == 2


def test_ten_experience_is_a_creation_point():
    """ch. Experience: "For each 10 points of Experience, you gain 1 Creation Point"; a Melee pip costs 2 CP."""
    g = ready()
    g.state.slayer["xp"] = 9
    put(g, "violet", "2,3")
    act(g, "attack", "2,3", "melee")
    force(g, [1, 2, 2, 4, 6], [3])
    assert g.state.slayer["cp"] == 1 and not any(a.kind == "paint" and a.params[0] == "melee" for a in g.legal_actions())
    assert any(a.kind == "paint" and a.params[0] == "defense" for a in g.legal_actions())


def test_ritual_summons_at_most_the_highest_count_on_one_die():
    """ch. Boss Fight / Victory, Ritual Of Summoning: "The maximum number of Zombies that can be spawned this
    way is given by the highest count of [summon pips] rolled on any one die"."""
    town = dict(__import__("zs_support").TOWN)
    town["0,-1"] = {"card": "temple", "rot": 0, "entered": False}
    g = ready(town=town)
    n = put(g, "necromancer", "2,-4")
    g._ctx().push(["ritual", n])
    g._drain()
    nd = g.box.necromancer.dieagram
    dice = [2, 3, 3, 4, 5]
    per_die = [nd.read(f, "summon") for f in dice]
    force(g, dice)
    total, cap = sum(per_die), max(per_die)
    assert f"{total} summon pip(s), at most {cap} Zombie(s)" in texts(g, "ritual")[-1]
    while g.needs() == "chance":
        g.resolve_chance(g.chance().outcomes[-1])
    assert sum(1 for z in g.state.zombies.values() if z["kind"] != "necromancer") == cap


def test_killing_the_necromancer_wins():
    """ch. Boss Fight / Victory: "Once the Necromancer is killed, all the Zombies crumble to dust, the town is
    safed and you are victorious!"."""
    g = ready()
    put(g, "necromancer", "2,3", life=1)
    act(g, "attack", "2,3", "melee")
    force(g, [1, 2, 2, 4, 6], [2])   # 4 Melee vs his 2-face
    assert g.over and g.result == "won"


def test_illegal_attack_out_of_reach():
    """ch. Fighting Zombies: "To attack in melee, the defender has to be in one of the 8 squares surrounding
    the attacker"."""
    g = ready()
    put(g, "violet", "2,5")
    with pytest.raises(IllegalAction):
        act(g, "attack", "2,5", "melee")


def test_the_necromancer_is_already_dead_on_any_one_he_rolls():
    """ch. Boss Fight / Victory: "If the Necromancer defends against an attack (and only then!), the skill pip on
    the 1-face triggers the skill 'Already Dead'"; he rolls 5 dice and picks the best for himself
    (docs/rulings.md), so one 1 among them negates the attack."""
    g = ready()
    n = put(g, "necromancer", "2,3")
    act(g, "attack", "2,3", "melee")
    force(g, [6, 6, 6, 6, 6], [1, 2, 2, 2, 2])
    assert g.state.zombies[n]["life"] == 5 and "Already Dead" in texts(g, "attack")[-1]
    act(g, "attack", "2,3", "melee")
    force(g, [6, 6, 6, 6, 6], [2, 2, 2, 2, 2])   # 4 Melee - 1 Defense = 3, / toughness 2 = 1
    assert g.state.zombies[n]["life"] == 4


def test_an_empty_deck_leaves_the_side_open():
    """ch. Exploring: a card is drawn "for each side" -- when the town deck is empty nothing can be drawn."""
    g = ready()
    g.state.deck.update(pool=[], temple=False, upper=0)
    act(g, "move", "2,1")
    act(g, "move", "2,0")
    act(g, "end")
    act(g, "move", "2,-1")
    assert len(texts(g, "deck_empty")) == 2 and len(g.state.tiles) == 5


def test_the_town_centre_has_no_treasure():
    """ch. Searching: one searches a tile's Dieagram; the Town Centre (the marketplace) has none."""
    g = ready()
    g.state.slayer["searched"] = False
    g._legal_key = None
    assert not any(a.kind == "search" for a in g.legal_actions())
