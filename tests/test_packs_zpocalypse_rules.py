"""Zpocalypse rules, one test each, citing the section of the rules summary (``shared/seeds/003_…``).

Positions are hand-made (:mod:`zpoc_support`) on the Hotel Lobby base set (reconstructed squares):
entrance E at (3,3), a yield square at (2,2), blocked squares at (5,2) and (6,5), Search squares at
(1,1) food, (6,1) armory, (2,6) item, (5,6) scrap. Dice are forced; exact weights are checked against
brute force over the faces, never against the code under test.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from zpoc_support import BUNKER, drive, position
from nollab.games.protocol import Chance
from nollab.packs.zpocalypse import day, fortify, night, squad as sq_
from nollab.packs.zpocalypse.board import chebyshev, edge_key
from nollab.packs.zpocalypse.engine import Ask
from nollab.packs.zpocalypse.state import Action, Card, Member

FACES = ["1", "2", "3", "4", "5", "Z"]
VALUE = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "Z": 6}


# ---- Squads ----------------------------------------------------------------------------------------------------
def test_squads_stats_sum_slowest_smartest():
    """Squads: "HPs and Armor are equal to the sum ... Movement is equal to the slowest squad member. Smarts is
    equal to that of your smartest"; Feed: radiation "have 1 less HP"; Weapon Cards: "Armor: Added to your total"."""
    g = position(squads={"p1": {"members": ["sarge", "teacher", "runner"], "cards": ["shield"]}})
    s, box = g.state.squad("p1"), g.box
    assert sq_.hp(box, s) == 7 + 4 + 4 and sq_.armor(box, s) == 1 + 0 + 0 + 2
    assert sq_.move(box, s) == 4 and sq_.smarts(box, s) == 3 and sq_.firearm(box, s) == 2 + 0 + 1
    s.members[0].radiation = True
    assert sq_.hp(box, s) == 14


def test_squads_firearm_and_melee_never_decrease():
    """Squads: Firearm and Melee "never decrease" (a lost survivor keeps the squad's totals)."""
    g = position(squads={"p1": {"members": ["sarge", "boxer"]}})
    s, box = g.state.squad("p1"), g.box
    sq_.refresh_floors(box, s)
    s.members.pop()  # the Boxer (Melee 3) is lost
    assert sq_.melee(box, s) == 1 + 3 and sq_.hp(box, s) == 7


def test_squads_new_survivors_count_only_when_fed():
    """Phase 1 Scavenge: new survivors "may not use any of their stats ... until they have been fed"."""
    g = position(squads={"p1": {"members": ["sarge"]}})
    s = g.state.squad("p1")
    s.members.append(Member("teacher", fed=False))
    assert sq_.smarts(g.box, s) == 0 and sq_.capacity(g.box, s) == 8


# ---- Movement ----------------------------------------------------------------------------------------------------
def test_movement_costs_yield_sandbag_trap_and_bunker():
    """Movement: "1 Move point to move from the bunker to the board"; "2 Move points ... onto a yield square or
    over a sandbag ... (and 4 Move points to move onto a trap)"."""
    g = position(squads={"p1": {"pos": BUNKER}}, edges={edge_key((3, 3), (4, 3)): "sandbags"}, forts={"3,4": "trap"})
    city = g.ctx.city
    costs = city.squad_costs(BUNKER, 4, set(), {(3, 4)}, set())
    assert costs[(3, 3)][0] == 1
    assert costs[(2, 2)][0] == 1 + 2          # onto the yield square
    assert costs[(4, 3)][0] == 1 + 2          # over the sandbag
    assert costs[(3, 4)][0] == 1 + 4 if (3, 4) in costs else True
    assert (3, 4) not in city.squad_costs(BUNKER, 4, set(), {(3, 4)}, set())  # 5 MP needed


def test_movement_tunnels_one_move_point_squads_only():
    """Movement: "It costs 1 Move point to move from the bunker to the board, or to move from the bunker to a tunnel
    entrance on the board"; "It costs 1 Move point to move through a tunnel (there must be a tunnel entrance on the
    board). Zombies may not use tunnels unless noted"."""
    g = position(squads={"p1": {"pos": BUNKER}})
    st = g.state
    st.slots["2,0"] = ["t05", "a"]      # a tunnel entrance on its square 2,3 -> 10,3
    st.slots["0,-1"] = ["t09", "a"]     # and on its square 1,1 -> 1,-3
    city = g.ctx.city
    assert city.kind[(10, 3)] == "tunnel" and city.kind[(1, -3)] == "tunnel"
    s = st.squad("p1")
    assert night.reach(g.ctx, s)[(10, 3)][0] == 1 and night.reach(g.ctx, s)[(1, -3)][0] == 1
    s.pos = (10, 3)
    r = night.reach(g.ctx, s)
    assert r[BUNKER][0] == 1 and r[(1, -3)][0] == 1                  # through the tunnel
    assert r[(3, 3)][0] == 2                                          # via the bunker, not 7 squares on foot
    walk = chebyshev((10, 3), city.entrance) + 1                      # zombies walk: to the entrance, then in
    assert city.zombie_field([BUNKER], set(), set())[(10, 3)] == walk > 2
    st.slots = {"0,0": ["road", "a"], "1,0": ["t05", "a"], "0,-1": ["t09", "a"]}   # Day Zero: no bunker yet
    assert g.ctx.city.entrance is None and g.ctx.city.tunnel_steps((6, 3)) == [(1, -3)]


def test_movement_no_diagonal_through_a_doorway():
    """Movement: "All figures may move diagonally, but diagonal movement through doorways, or around corners, is not
    allowed": a doorway is a gap in a red line; straight through it is a step, diagonally through it is not."""
    g = position(edges={edge_key((x, 1), (x, 2)): "red" for x in (0, 1, 3)})   # the doorway: 2,1 | 2,2
    city = g.ctx.city
    assert city.step_ok((2, 1), (2, 2)) and city.step_ok((2, 2), (2, 1))
    for a, b in (((2, 1), (1, 2)), ((2, 1), (3, 2)), ((1, 1), (2, 2)), ((3, 1), (2, 2))):
        assert not city.step_ok(a, b) and not city.step_ok(b, a), (a, b)
    assert city.step_ok((2, 2), (3, 3))   # away from the wall diagonals are fine


def test_movement_walls_stop_squads_gates_do_not():
    """Fortify: "Survivors cannot move through walls"; gates: "survivors can move freely through them"."""
    g = position(edges={edge_key((3, 3), (4, 3)): "wall", edge_key((3, 3), (3, 4)): "gate"})
    city = g.ctx.city
    nb = city.neighbours((3, 3), ("sandbags", "gate"))
    assert (4, 3) not in nb and (3, 4) in nb


def test_movement_no_diagonal_around_corners_or_through_blocked():
    """Movement: "diagonal movement through doorways, or around corners, is not allowed. No squad or zombie can
    move through or into squares with a [blocked icon]"."""
    g = position(edges={edge_key((0, 0), (1, 0)): "wall"})
    city = g.ctx.city
    assert (5, 2) not in city.neighbours((4, 2))           # into the blocked square
    assert (5, 1) not in city.neighbours((4, 2))           # round its corner
    assert (6, 2) not in city.neighbours((5, 1))
    assert (5, 0) in city.neighbours((4, 1))               # an open diagonal
    assert (1, 1) not in city.neighbours((0, 0))           # past a wall's end
    assert (1, 0) not in city.neighbours((0, 0))           # through the wall


def test_movement_hazard_square_costs_one_hp():
    """Movement: "A squad who starts their turn on, or moves through, a biohazard or radiation square loses 1 HP"."""
    g = position(squads={"p1": {"pos": (2, 0)}})
    g.ctx.city.kind[(2, 1)] = "biohazard"
    best = g.ctx.city.squad_costs((2, 0), 2, set(), set(), set())
    assert best[(2, 1)][1] == 1 and best[(1, 1)][1] == 0


def test_movement_squads_pass_squads_not_zombies():
    """Movement: "Zombies and squads may never occupy the same square. A squad may pass through a square
    occupied by another squad"."""
    g = position(players=2, squads={"p1": {"pos": (0, 0)}, "p2": {"pos": (1, 0)}}, zombies=[(0, 1)])
    g.state.turn = "p1"
    dest = night.reach(g.ctx, g.state.squad("p1"))
    assert (1, 0) not in dest and (2, 0) in dest and (0, 1) not in dest


# ---- LOS -------------------------------------------------------------------------------------------------------
def test_los_blocked_by_figures_and_blocked_squares_gates_block_attacks():
    """Combat: "LOS ... is blocked by squads, zombies, walls, red lines and squares with a [blocked icon] (unless
    you're in a lookout tower)"; Fortify: "Survivors may not attack through gates"."""
    g = position()
    city = g.ctx.city
    assert city.los((4, 2), (7, 2), set()) is False           # (5,2) is blocked
    assert city.los((0, 0), (3, 0), {(1, 0)}) is False
    assert city.los((0, 0), (3, 0), set()) is True
    assert city.los((4, 2), (7, 2), set(), lookout=True) is True
    g2 = position(edges={edge_key((0, 0), (1, 0)): "gate"})
    assert g2.ctx.city.los((0, 0), (2, 0), set()) is False
    assert g2.ctx.city.los((0, 0), (2, 0), set(), gates_block=False) is True


# ---- Attacks ----------------------------------------------------------------------------------------------------
def _attack_node(g, kind, target):
    s = g.state.squad("p1")
    gen = night.attack(g.ctx, s, kind, target)
    return gen, next(gen)


def test_combat_attack_weights_equal_brute_force_and_doubles_take_two():
    """Combat: "For each success rolled (5 or Z) you kill a single zombie and gain 1 VP. After one success against
    a double zombie, replace it with a single zombie"; the weights count the 6^n faces."""
    g = position(squads={"p1": {"pos": (3, 0), "members": ["sarge", "cop"], "cards": ["pistol", "pistol"]}},
                 zombies=[(3, 2, True)])
    gen, node = _attack_node(g, "firearm", (3, 2))
    n = 2  # two Pistols at skill level 1 (Firearm 4): 2 dice each -> 4 dice... checked below
    s = g.state.squad("p1")
    lv = sq_.level(g.box, sq_.firearm(g.box, s))
    n = sum(g.box.armory["pistol"].dice[lv] for _ in range(2))
    brute = {}
    for roll in itertools.product(FACES, repeat=n):
        k = sum(f in ("5", "Z") for f in roll)
        brute[(k, 0)] = brute.get((k, 0), 0) + 1
    assert {tuple(o): node.prob(o) for o in node.outcomes} == {k: Fraction(v, 6 ** n) for k, v in brute.items()}
    ans = gen.send([1, 0])  # one success: the double becomes a single
    z = list(g.state.zombies.values())
    assert len(z) == 1 and not z[0].double
    assert isinstance(ans, Chance) and ans.kind == "ammo"


def test_combat_two_successes_kill_a_double_and_give_two_vp():
    g = position(squads={"p1": {"pos": (3, 1), "members": ["boxer"], "cards": ["axe"]}}, zombies=[(3, 2, True)])
    drive(night.attack(g.ctx, g.state.squad("p1"), "melee", (3, 2)), [2, 0])
    assert not g.state.zombies and g.state.squad("p1").vp == 2


def test_combat_unarmed_one_die_success_on_z():
    """Combat: "Unarmed survivors may roll a 1 red die melee attack, with a success on a Z result"."""
    g = position(squads={"p1": {"pos": (3, 1), "members": ["sarge"], "cards": []}}, zombies=[(3, 2)])
    gen, node = _attack_node(g, "melee", (3, 2))
    assert node.total == 6 and node.prob([1, 0]) == Fraction(1, 6)


def test_combat_max_eight_dice():
    """Combat: "The maximum number of red dice you can roll is 8"."""
    g = position(squads={"p1": {"pos": (3, 1), "members": ["boxer", "biker", "welder", "mechanic"],
                                 "cards": ["axe", "axe", "machete", "machete"]}}, zombies=[(3, 2)])
    s = g.state.squad("p1")
    s.melee_pts = 10
    gen, node = _attack_node(g, "melee", (3, 2))
    assert node.total == 6 ** 8 or max(o[0] for o in node.outcomes) <= 8


def test_combat_knockdown_one_face_below_threshold():
    """Knockdown: "Knockdowns occur when you roll 1 face value less than your skill requires ... You cannot
    knockdown double zombies"; "Any player may then spend 1 action to automatically curb stomp" it."""
    g = position(squads={"p1": {"pos": (3, 1), "members": ["boxer"], "cards": ["machete"]}}, zombies=[(3, 2)])
    s = g.state.squad("p1")
    s.melee_pts = 1  # Melee 4: level 1 unlocks the Machete's Knockdown
    gen, node = _attack_node(g, "melee", (3, 2))
    # 2 dice, success 5+, knockdown on exactly 4: P(0 successes, >=1 four) = (4*4 - 3*3)/36
    p = sum(node.prob(o) for o in node.outcomes if o[0] == 0 and o[1] >= 1)
    assert p == Fraction(4 * 4 - 3 * 3, 36)
    try:
        gen.send([0, 1])
    except StopIteration:
        pass
    z = list(g.state.zombies.values())[0]
    assert z.down
    g.state.turn, g.state.actions_left = "p1", 2
    assert Action("stomp", "p1", (z.uid,)) in night.legal(g.ctx, "p1")
    drive(night.perform(g.ctx, s, Action("stomp", "p1", (z.uid,))))
    assert not g.state.zombies and s.vp == 1


def test_combat_ammo_click_empties_a_firearm_and_reload_is_free():
    """Ammo: "Each CLICK you roll on a blue die means a weapon is out of ammo"; Reload: "Discard 1 Ammo card"
    (a free action)."""
    g = position(squads={"p1": {"pos": (3, 0), "members": ["sarge"], "cards": ["pistol", "ammo"]}}, zombies=[(3, 2)])
    s = g.state.squad("p1")
    seen = drive(night.attack(g.ctx, s, "firearm", (3, 2)), [0, 0], 1)
    ammo = seen[1][0]
    assert ammo.kind == "ammo" and ammo.prob(1) == Fraction(1, 6)
    pistol = next(c for c in s.cards if c.card == "pistol")
    assert pistol.empty
    g.state.turn, g.state.actions_left, g.state.free_used = "p1", 2, False
    drive(night.perform(g.ctx, s, Action("reload", "p1", (pistol.uid,))))
    assert not pistol.empty and g.state.actions_left == 2 and "ammo" not in [c.card for c in s.cards]


@pytest.mark.parametrize("pick", ["pistol", "shotgun", None])
def test_combat_the_player_chooses_which_firearm_is_out_of_ammo(pick):
    """Ammo: "You may choose which weapon is out of ammo if you fired several at the same time" (unanswered: the
    one rolling fewest dice)."""
    g = position(squads={"p1": {"pos": (3, 0), "cards": ["pistol", "shotgun"]}}, zombies=[(3, 2)])
    s = g.state.squad("p1")
    uid = {c.card: c.uid for c in s.cards}
    answers = ([0, 0], 1) + ((uid[pick],) if pick else ())
    seen = drive(night.attack(g.ctx, s, "firearm", (3, 2)), *answers)
    (ask,) = [r for r, _ in seen if isinstance(r, Ask)]
    assert ask.kind == "out_of_ammo" and ask.who == "p1" and set(ask.options) == set(uid.values())
    lv = sq_.level(g.box, sq_.firearm(g.box, s))
    weakest = min(("pistol", "shotgun"), key=lambda k: g.box.armory[k].dice[lv])
    assert {c.card for c in s.cards if c.empty} == {pick or weakest}


def test_bunker_pile_and_dropped_gear_the_player_chooses_which_cards():
    """Phase 4 Combat: "pick up the faceup pile of Item cards next to it for 1 action and choose which cards to
    take"; Death & First Aid: the first squad on a Death token "can pick up loot for 1 action. The token stays on
    the board until all your possessions are taken"."""
    g = position(players=2, squads={"p1": {"pos": BUNKER}, "p2": {"pos": (0, 0)}})
    st, s = g.state, g.state.squad("p1")
    st.item_pile = [{"uid": 900 + i, "card": c, "empty": False} for i, c in enumerate(("ammo", "first_aid", "food"))]
    st.turn, st.actions_left = "p1", 2
    seen = drive(night.perform(g.ctx, s, Action("take_pile", "p1")), 901, "done")
    asks = [r for r, _ in seen if isinstance(r, Ask)]
    assert asks[0].kind == "take_card" and asks[0].options == (900, 901, 902, "done")
    assert [c.card for c in s.cards] == ["first_aid"] and [d["uid"] for d in st.item_pile] == [900, 902]
    p2 = st.squad("p2")
    st.gear["0,0"] = {"owner": "p1", "cards": [{"uid": 910, "card": "pistol", "empty": False},
                                               {"uid": 911, "card": "bat", "empty": False}]}
    st.turn, st.actions_left = "p2", 2
    drive(night.perform(g.ctx, p2, Action("pickup", "p2")), 911, "done")
    assert [c.card for c in p2.cards] == ["bat"] and st.gear["0,0"]["cards"][0]["uid"] == 910   # the token stays
    drive(night.perform(g.ctx, p2, Action("pickup", "p2")))                                     # default: take it
    assert "0,0" not in st.gear and sorted(c.card for c in p2.cards) == ["bat", "pistol"]


def test_combat_firearm_successes_spill_to_adjacent_zombies_melee_does_not():
    """Combat: firearms: "subsequent successes kill zombies on or adjacent to the target zombie within LOS";
    melee: "Any successes rolled kill the targeted zombie(s)"."""
    g = position(squads={"p1": {"pos": (0, 0), "members": ["sarge", "cop"], "cards": ["rifle", "rifle"]}},
                 zombies=[(0, 3), (1, 3)])
    drive(night.attack(g.ctx, g.state.squad("p1"), "firearm", (0, 3)), [2, 0], 0)
    assert not g.state.zombies
    g2 = position(squads={"p1": {"pos": (0, 2), "members": ["boxer"], "cards": ["axe"]}}, zombies=[(0, 3), (1, 3)])
    drive(night.attack(g2.ctx, g2.state.squad("p1"), "melee", (0, 3)), [2, 0])
    assert len(g2.state.zombies) == 1


def test_combat_the_first_successes_kill_the_targeted_zombie():
    """Combat: "The first successes rolled kill the targeted zombie(s) and subsequent successes kill zombies on or
    adjacent to the target": one success on a single next to a double kills the single (not half the double); two
    successes on a targeted double kill it before touching the single next to it."""
    g = position(squads={"p1": {"pos": (0, 0), "cards": ["rifle"]}}, zombies=[(0, 3), (1, 3, True)])
    drive(night.attack(g.ctx, g.state.squad("p1"), "firearm", (0, 3)), [1, 0], 0)
    assert [(tuple(z.pos), z.double) for z in g.state.zombies.values()] == [((1, 3), True)]
    g = position(squads={"p1": {"pos": (0, 0), "cards": ["rifle"]}}, zombies=[(0, 3, True), (1, 3)])
    drive(night.attack(g.ctx, g.state.squad("p1"), "firearm", (0, 3)), [2, 0], 0)
    assert [(tuple(z.pos), z.double) for z in g.state.zombies.values()] == [((1, 3), False)]
    assert g.state.squad("p1").vp == 2


def test_combat_the_attacker_picks_which_adjacent_zombie_a_further_success_kills():
    """Combat: "The first successes rolled kill the targeted zombie(s) and subsequent successes kill zombies on or
    adjacent to the target zombie within LOS": the target first (no choice), then the player picks."""
    z = [(0, 3), (1, 3), (0, 4, True)]
    g = position(squads={"p1": {"pos": (0, 0), "cards": ["rifle"]}}, zombies=z)
    s = g.state.squad("p1")
    uids = {tuple(y.pos): y.uid for y in g.state.zombies.values()}
    seen = drive(night.attack(g.ctx, s, "firearm", (0, 3)), [2, 0], uids[(0, 4)], 0)
    (ask,) = [r for r, _ in seen if isinstance(r, Ask)]
    assert ask.kind == "spill" and ask.who == "p1" and set(ask.options) == {uids[(1, 3)], uids[(0, 4)]}
    assert sorted((tuple(y.pos), y.double) for y in g.state.zombies.values()) == [((0, 4), False), ((1, 3), False)]
    g = position(squads={"p1": {"pos": (0, 0), "cards": ["rifle", "rifle"]}}, zombies=z)
    seen = drive(night.attack(g.ctx, g.state.squad("p1"), "firearm", (0, 3)), [4, 0], 0)   # enough for all
    assert not [r for r, _ in seen if isinstance(r, Ask)]
    assert not g.state.zombies


def test_combat_one_attack_action_rolls_firearms_first_then_melee():
    """Combat: "Each survivor in your squad who wields a weapon can roll ... Each survivor can only use 1 weapon at a
    time"; "Roll red attack dice (and blue ammo dice) for firearms first, then roll red attack dice ... for melee
    weapons. Firearm and melee weapon attack dice can be rolled simultaneously if the target is within range and LOS
    of both"."""
    g = position(squads={"p1": {"pos": (0, 0), "members": ["sarge", "boxer"], "cards": ["pistol", "axe"]}},
                 zombies=[(1, 1, True), (5, 5)])
    st, s = g.state, g.state.squad("p1")
    st.turn, st.actions_left = "p1", 2
    legal = night.legal(g.ctx, "p1")
    assert Action("attack", "p1", ("both", "1,1")) in legal
    assert Action("attack", "p1", ("both", "5,5")) not in legal          # the axe does not reach it
    fl = sq_.level(g.box, sq_.firearm(g.box, s))
    ml = sq_.level(g.box, sq_.melee(g.box, s))
    seen = drive(night.perform(g.ctx, s, Action("attack", "p1", ("both", "1,1"))), [1, 0], 0, [1, 0])
    rolls = [r for r, _ in seen if isinstance(r, Chance)]
    assert [r.kind for r in rolls] == ["attack", "ammo", "attack"]
    assert "firearms" in rolls[0].prompt and f"rolls {g.box.armory['pistol'].dice[fl]} red dice" in rolls[0].prompt
    assert "melee" in rolls[2].prompt and f"rolls {g.box.armory['axe'].dice[ml]} red dice" in rolls[2].prompt
    assert [tuple(z.pos) for z in st.zombies.values()] == [(5, 5)] and s.vp == 2   # the double took both
    assert st.actions_left == 1                                                     # one action


def test_combat_survivors_without_a_weapon_join_unarmed():
    """Combat: "Unarmed: Unarmed survivors may roll a 1 red die melee attack, with a success on a Z result" -- in
    the same action as the squad's firearms, next to the target."""
    g = position(squads={"p1": {"pos": (0, 0), "members": ["sarge", "boxer"], "cards": ["pistol"]}}, zombies=[(1, 1)])
    st, s = g.state, g.state.squad("p1")
    st.turn, st.actions_left = "p1", 2
    assert Action("attack", "p1", ("both", "1,1")) in night.legal(g.ctx, "p1")
    seen = drive(night.perform(g.ctx, s, Action("attack", "p1", ("both", "1,1"))), [0, 0], 0, [0, 0])
    unarmed = [r for r, _ in seen if isinstance(r, Chance)][-1]
    assert "unarmed" in unarmed.prompt and unarmed.prob([1, 0]) == Fraction(1, 6)


def test_combat_no_attack_into_or_out_of_the_bunker():
    """Zombies in the Bunker: "You may not fire or attack into or out of the bunker entrance"."""
    g = position(squads={"p1": {"pos": (3, 2), "members": ["sarge"], "cards": ["pistol"]}}, zombies=[("bunker",)])
    g.state.turn, g.state.actions_left = "p1", 2
    assert not [a for a in night.legal(g.ctx, "p1") if a.kind == "attack"]
    g.state.squad("p1").pos = BUNKER
    assert Action("attack", "p1", ("firearm", "bunker")) in night.legal(g.ctx, "p1")


# ---- Zombies attacking --------------------------------------------------------------------------------------------
def _zattack(night_no: int, singles: int, doubles: int, members: list[str]):
    zs = [(2, 0)] * 0
    spots = [(2, 0), (4, 0), (2, 1), (4, 1), (3, 1)]
    z = [(*spots[i], i >= singles) for i in range(singles + doubles)]
    g = position(day=night_no, squads={"p1": {"pos": (3, 0), "members": members}}, zombies=z)
    gen = night.zombie_attacks(g.ctx)
    return g, gen, next(gen)


def _brute_attack(singles, doubles, survivors, armor, night_no):
    """Independent: enumerate the defence dice and the attack dice face by face."""
    per = 2 if night_no == 1 else 3
    out = {}
    dz = 6 ** survivors if night_no != 4 else 1
    for d in (itertools.product(FACES, repeat=survivors) if night_no != 4 else [()]):
        stop = sum(f == "Z" if night_no == 3 else f in ("5", "Z") for f in d)
        left_d = max(0, doubles - stop)
        left_s = max(0, singles - max(0, stop - doubles))
        n = left_s + left_d * per
        for roll in itertools.product(FACES, repeat=n):
            zs = roll.count("Z")
            pairs = zs // 2
            total = sum(VALUE[f] for f in roll if f != "Z") + (zs - 2 * pairs) * 6
            key = (max(0, total - armor), min(pairs, survivors))
            out[key] = out.get(key, Fraction(0)) + Fraction(1, dz * 6 ** n)
    return out


@pytest.mark.parametrize("night_no", [1, 2, 3, 4])
def test_zombies_attacking_defence_and_night_rules(night_no):
    """Zombies Attacking: "Roll a red die for each survivor ... Each 5 or Z result prevents 1 zombie from attacking.
    Night 3: Defensive roll successes are reduced to Z. Night 4: Squads get no defensive rolls ... double zombies
    roll 2 red dice. Nights 2-4: Double zombies roll 3 red dice ... subtract your squad's Armor"."""
    g, gen, node = _zattack(night_no, 1, 1, ["sarge", "cop"])
    got = {tuple(o): node.prob(o) for o in node.outcomes}
    assert got == _brute_attack(1, 1, 2, 2, night_no)


def test_double_zs_lose_a_survivor_and_add_a_zombie():
    """Zombies Attacking: "If the zombies roll double Zs, immediately lose a survivor from your squad (dropping any
    cards he carried), and add a zombie to the board adjacent to your squad"."""
    g, gen, node = _zattack(1, 2, 0, ["sarge", "cop", "doc"])
    s = g.state.squad("p1")
    req = gen.send([3, 1])
    assert isinstance(req, Ask) and req.kind == "survivor_lost"
    req = gen.send("doc")  # the player places the added zombie on a free square next to the squad
    assert isinstance(req, Ask) and req.kind == "zombie_placement" and req.who == "p1" and len(req.options) > 1
    pick = req.options[-1]
    assert all(chebyshev(s.pos, tuple(int(v) for v in o.split(","))) == 1 for o in req.options)
    try:
        gen.send(pick)
    except StopIteration:
        pass
    assert [m.id for m in s.members] == ["sarge", "cop"] and len(g.state.zombies) == 3
    assert pick in {f"{z.pos[0]},{z.pos[1]}" for z in g.state.zombies.values()}
    assert s.wounds == 3


def test_on_deaths_door_double_zs_cost_two_hp():
    """On Death's Door: "If your squad's total HPs are below 10 and double Zs are rolled ... reduce your total HPs
    by 2"."""
    g, gen, node = _zattack(1, 2, 0, ["sarge", "doc"])
    s = g.state.squad("p1")
    s.wounds = 4  # HP 12 - 4 = 8 < 10
    gen.send([0, 1])
    try:
        gen.send("doc")
    except StopIteration:
        pass
    assert sq_.hp(g.box, s) == 8 - 2 and [m.id for m in s.members] == ["sarge"]


def test_wiped_squad_recruits_from_the_bunker_or_waits():
    """Death & First Aid: "If you have no HPs left ... Pick 2 new survivors from the draw pile in the bunker, and
    start your next turn in the bunker. Take the 2 Armory starting cards"; Hardcore resets the skills."""
    g = position(squads={"p1": {"pos": (3, 0), "members": ["teacher"], "cards": ["bat"]}}, mode="hardcore")
    st = g.state
    s = st.squad("p1")
    st.pool = ["doc", "nurse"]
    st.bunker_armory = ["pistol", "bat"]
    s.firearm_pts = 3
    drive(night.damage(g.ctx, s, 10, "test", "test"), "doc", "nurse")
    assert s.pos == BUNKER and sorted(m.id for m in s.members) == ["doc", "nurse"]
    assert sorted(c.card for c in s.cards) == ["bat", "pistol"] and s.firearm_pts == 0
    assert "3,0" in st.gear and st.gear["3,0"]["cards"][0]["card"] == "bat"
    drive(night.damage(g.ctx, s, 20, "test", "test"))
    assert s.pos is None and not s.out  # no survivor left: waits for the next day's Scavenge roll


# ---- Zombie movement ----------------------------------------------------------------------------------------------
def test_zombies_walk_the_shortest_path_to_the_bunker_entrance_at_night_speed():
    """Zombie Movement: "Zombies always move the maximum number of squares possible along the shortest path to the
    bunker entrance"."""
    g = position(squads={"p1": {"pos": BUNKER}}, zombies=[(0, 0)])
    g.state.speed = 3
    drive(night.move_zombies(g.ctx, set()))
    z = list(g.state.zombies.values())[0]
    assert z.pos == (3, 3)
    drive(night.move_zombies(g.ctx, set()))
    assert z.pos == BUNKER


def test_zombies_go_for_a_squad_within_four_squares_and_los():
    """Zombie Movement: "They move towards a squad instead of the bunker if ... the squad comes within 4 squares and
    LOS"."""
    g = position(squads={"p1": {"pos": (7, 3)}}, zombies=[(7, 7)])
    z = list(g.state.zombies.values())[0]
    assert night.zombie_goal(g.ctx, z) == ("squad", "p1")
    g.state.squad("p1").pos = (7, 0)
    assert night.zombie_goal(g.ctx, z) == ("bunker", None)


def test_single_zombies_merge_into_a_double():
    """Zombie Movement: "Single zombies (grey) become double zombies (lime green) when they move into the same
    square; create double zombies whenever possible"."""
    g = position(squads={"p1": {"pos": BUNKER}}, zombies=[(1, 1), (0, 0)])
    g.state.speed = 1
    front = min(g.state.zombies)  # it stays (a knocked-down zombie getting up "cannot move")
    drive(night.move_zombies(g.ctx, {front}))
    zs = list(g.state.zombies.values())
    assert len(zs) == 1 and zs[0].double


def test_sandbag_stops_a_zombie_and_it_does_not_attack():
    """Fortify: "When a zombie moves over [a sandbag], its move ends and it cannot attack during its next turn"."""
    g = position(squads={"p1": {"pos": (3, 2)}}, zombies=[(3, 4)], edges={edge_key((3, 4), (3, 3)): "sandbags"})
    g.state.speed = 4
    drive(night.move_zombies(g.ctx, set()))
    z = list(g.state.zombies.values())[0]
    assert z.pos == (3, 3) and z.stunned
    assert drive(night.zombie_attacks(g.ctx)) == []
    assert not z.stunned


def test_trap_kills_two_zombies_without_vp():
    """Fortify: "2 zombies can fall into a trap and be killed (no one gains VPs ...)... when 2 have been killed,
    remove the token"."""
    g = position(squads={"p1": {"pos": BUNKER}}, zombies=[(5, 5, True)], forts={"4,4": "trap"})
    g.state.speed = 3
    drive(night.move_zombies(g.ctx, set()))
    assert not g.state.zombies and "4,4" not in g.state.forts and g.state.trap_kills == 2
    assert g.state.squad("p1").vp == 0


def test_walls_hold_a_double_one_round_then_fall_singles_give_up():
    """Fortify: "When a double zombie reaches a wall ... it is blocked for 1 round of combat. On the next round
    remove the wall ... On the third round, the zombie can continue"; "A single zombie cannot push over a wall or
    a gate: it tries for 1 round, then looks for another way in"."""
    walls = {edge_key((3, 3), (x, y)): "wall" for x, y in ((2, 3), (4, 3), (3, 2), (3, 4))}
    walls.update({edge_key((2, 2), (3, 2)): "wall", edge_key((2, 2), (2, 3)): "wall",
                  edge_key((4, 4), (4, 3)): "wall", edge_key((4, 4), (3, 4)): "wall",
                  edge_key((4, 2), (3, 2)): "wall", edge_key((4, 2), (4, 3)): "wall",
                  edge_key((2, 4), (2, 3)): "wall", edge_key((2, 4), (3, 4)): "wall"})
    g = position(squads={"p1": {"pos": BUNKER}}, zombies=[(3, 5, True)], edges=walls)
    g.state.speed = 2
    z = list(g.state.zombies.values())[0]
    drive(night.move_zombies(g.ctx, set()))
    assert z.pos == (3, 4) and z.wall == edge_key((3, 4), (3, 3))
    drive(night.move_zombies(g.ctx, set()))          # round 1: blocked
    assert z.wall in g.state.edges
    drive(night.move_zombies(g.ctx, set()))          # round 2: the wall is removed
    assert z.wall not in g.state.edges and z.pos == (3, 4)
    drive(night.move_zombies(g.ctx, set()))          # round 3: it goes on
    assert z.pos == BUNKER


def test_bunker_breach_turns_survivors_and_enrages():
    """Zombies in the Bunker: "When a zombie enters the bunker, and there are no squads there, it attacks the
    unattended survivors. Each zombie turns 1 survivor into a zombie"; then "Zombies are now enraged"."""
    g = position(squads={"p1": {"pos": (0, 0)}}, zombies=[("bunker",)])
    g.state.pool = ["doc", "nurse", "cook"]
    drive(night.bunker_breach(g.ctx))
    assert g.state.breached and len(g.state.pool) == 2 and len(g.state.zombies) == 2
    drive(night.bunker_breach(g.ctx))
    assert g.state.pool == [] and len(g.state.zombies) == 4 and g.state.enraged


def test_nights_three_and_four_zombies_act_first():
    """Phase 4 Combat: "When all players have taken their actions, the zombies move and attack. During nights 3
    and 4 zombies move and attack first"; "The Combat phase starts with each squad in the bunker"."""
    from nollab.packs.zpocalypse.engine import Act, Pause
    for n in (1, 2, 3, 4):
        g = position(day=n, squads={"p1": {"pos": (0, 0)}}, zombies=[(7, 7)])
        gen = night.combat(g.ctx)
        assert next(gen) == Pause("combat") and g.state.squad("p1").pos == BUNKER
        first = gen.send(None)
        assert first == (Pause("zombies") if n >= 3 else Act("p1")), n


# ---- Phases ----------------------------------------------------------------------------------------------------------
def test_scavenge_smarts_check_one_die_at_zero_smarts_and_close_tile_vp():
    """Phase 1 Scavenge: "rolls a number of red dice equal to their squad's Smarts (if Smarts are 0, roll 1 die).
    Any roll of 5 or Z is a success"; "If you choose to place the tile as close as possible to the bunker entrance
    square, you get 1 VP"."""
    g = position(squads={"p1": {"members": ["sarge"]}})  # Smarts 0
    st = g.state
    st.day = 1
    seen = drive(day.scavenge(g.ctx), "p1", "hunter", "grocery", 1, "food", "food", "food", "first_aid", "t01")
    smarts = [r for r, a in seen if isinstance(r, Chance) and r.kind == "smarts"][0]
    assert smarts.outcomes == (0, 1) and smarts.prob(1) == Fraction(2, 6)
    s = st.squad("p1")
    assert s.vp == 1 and len(st.slots) == 5 and sum(1 for c in s.cards if c.card == "food") == 3


@pytest.mark.parametrize("event,supplies", [(1, 0), (0, 1)])
def test_special_scavenge_cards_make_two_checks(event, supplies):
    """Phase 1 Scavenge: "Special cards may require you to make 2 checks: one for the special event, and the second
    to see what supplies you get" (the reconstructed Abandoned Convoy: its event finds a survivor or brings 2 more
    zombies to the new tile)."""
    g = position(squads={"p1": {"members": ["sarge"]}})
    st, s = g.state, g.state.squad("p1")
    sc = g.box.scavenge["convoy"]
    assert sc.event is not None and sc.provenance.reconstructed
    first = lambda node: node.outcomes[0]  # noqa: E731 -- whichever card comes first
    ev = sc.event[1] if event else sc.event[2]
    sup = sc.success if supplies else sc.failure
    answers = ["p1", "hunter", "convoy", event] + [first] * (ev["survivor"]) + [supplies]
    answers += [first] * sup["armory"] + ["food"] * sup["food"] + ["t01"]
    seen = drive(day.scavenge(g.ctx), *answers)
    checks = [r for r, a in seen if isinstance(r, Chance) and r.kind == "smarts"]
    assert len(checks) == 2 and "special event" in checks[0].prompt
    assert len(s.members) == 1 + ev["survivor"]
    assert sum(1 for c in s.cards if c.card == "food") == sup["food"]
    tile = set(g.ctx.city.tile_squares(sq_slot(st, "t01")))
    assert sum(1 for z in st.zombies.values() if tuple(z.pos) in tile) == sup["zombies"] + ev["zombies"]


def sq_slot(st, tid):
    return next(tuple(int(v) for v in k.split(",")) for k, v in st.slots.items() if v[0] == tid)


def test_feed_unfed_leave_no_food_costs_two_hp():
    """Phase 2 Feed: "Unfed survivors leave your squad and are placed in the common survivor pool"; "If you cannot
    feed any of your survivors, choose one to keep and lose 2 HPs"."""
    g = position(squads={"p1": {"members": ["sarge", "cop", "doc"], "cards": ["food"]}})
    s, st = g.state.squad("p1"), g.state
    drive(day.feed(g.ctx, s), "doc", "cop")
    assert [m.id for m in s.members] == ["sarge"] and sorted(st.pool)[-2:] == ["cop", "doc"][::-1] or \
        {"cop", "doc"} <= set(st.pool)
    assert not [c for c in s.cards if c.card == "food"]
    g2 = position(squads={"p1": {"members": ["sarge", "cop"], "cards": []}})
    s2 = g2.state.squad("p1")
    drive(day.feed(g2.ctx, s2), "cop")
    assert [m.id for m in s2.members] == ["sarge"] and sq_.hp(g2.box, s2) == 7 - 2


def test_feed_players_may_give_food_to_one_another():
    """Phase 2 Feed: "You may trade or beg for food from other players": before anyone eats, a player may hand Food
    cards to another (here Red feeds Blue's second survivor)."""
    g = position(players=2, squads={"p1": {"members": ["sarge"], "cards": ["food", "food", "radioactive"]},
                                    "p2": {"members": ["cop", "doc"], "cards": ["food"]}})
    st = g.state
    st.pool = []
    seen = drive(day.feed_and_fortify(g.ctx), "food>p2", "done")
    asks = [r for r, _ in seen if isinstance(r, Ask) and r.kind == "give_food"]
    assert asks[0].who == "p1" and set(asks[0].options) == {"done", "food>p2", "radioactive>p2"}
    assert asks[-1].who == "p2"          # Blue may give too (it keeps its food: the default)
    assert [m.id for m in st.squad("p2").members] == ["cop", "doc"]           # both fed
    assert [c.card for c in st.squad("p1").cards] == ["radioactive"]         # Red ate a normal Food card
    assert not any(r.kind == "unfed" for r, _ in seen if isinstance(r, Ask))


def test_feed_a_squad_has_at_most_four_survivors_the_player_decides():
    """Phase 2 Feed: "Decide on your squad of up to 4 survivors": the others wait in the bunker's pool."""
    g = position(squads={"p1": {"members": ["sarge", "cop", "doc", "cook", "nurse"], "cards": ["food"] * 5}})
    st, s = g.state, g.state.squad("p1")
    st.pool = []
    seen = drive(day.feed(g.ctx, s), "doc")
    (ask,) = [r for r, _ in seen if isinstance(r, Ask) and r.kind == "squad"]
    assert ask.options == ("sarge", "cop", "doc", "cook", "nurse") and ask.options[ask.default] == "nurse"
    assert [m.id for m in s.members] == ["sarge", "cop", "cook", "nurse"] and st.pool == ["doc"]


def test_feed_radioactive_and_two_food_cards():
    """Phase 2 Feed: "A survivor who eats any amount of radioactive food loses 1 HP"; "If you use a 2 Food card to
    feed 1 survivor, the card is still discarded"."""
    g = position(squads={"p1": {"members": ["sarge", "cop", "doc"], "cards": ["double", "radioactive"]}})
    s = g.state.squad("p1")
    drive(day.feed(g.ctx, s))
    assert len(s.members) == 3 and sum(m.radiation for m in s.members) == 1 and not s.cards
    assert sq_.hp(g.box, s) == 7 + 6 + 5 - 1


def test_fortify_costs_vps_and_no_build_on_a_tile_with_zombies():
    """Fortify: the table (Sandbags 1/-/1, Trap 2/-/2, Wall 1/1/2, Gate 1/2/3, Lookout 3/3/6); "Fortifications
    cannot be placed anywhere on a tile that has zombie(s) on it"; Night Owl forbids building."""
    g = position(squads={"p1": {"members": ["sarge", "cop", "doc"], "cards": ["scrap", "scrap", "scrap"]}},
                 zombies=[(1, 1)])
    s = g.state.squad("p1")
    s.done = {}
    f = g.box.fortifications
    assert [(k, f[k].survivors, f[k].scrap, f[k].vp) for k in ("sandbags", "trap", "wall", "gate", "lookout")] == \
        [("sandbags", 1, 0, 1), ("trap", 2, 0, 2), ("wall", 1, 1, 2), ("gate", 1, 2, 3), ("lookout", 3, 3, 6)]
    opts = fortify.build_options(g.ctx, s, 3)
    assert ("lookout", "4,4") in opts and not [o for o in opts if o[1] in ("2,2", "1,2", "3,2")]
    drive(fortify.fortify(g.ctx, s), "lookout@4,4")
    assert g.state.forts["4,4"]["kind"] == "lookout" and s.vp == 6 and not s.cards
    s.night_owl = True
    assert drive(fortify.fortify(g.ctx, s)) == []


def test_sunset_one_tile_per_player_with_the_nights_zombies():
    """Phase 3 Sunset: "draw 1 new tile per player ... Place the number of zombies indicated (depending on the
    night) on each tile"; "The card also indicates the movement speed of zombies"."""
    g = position(players=2, day=2)
    st = g.state
    st.happened = None
    drive(day.sunset(g.ctx), "horde", "t01", "t02")
    assert len(st.slots) == 6 and len(st.zombies) == 2 * g.box.happened["horde"].zombies[1]
    assert st.speed == g.box.happened["horde"].speed


def test_day_three_rebuilds_on_the_other_sides():
    """Phase 1 Scavenge: "On the third day, return all the tiles (discarding fortification tokens on them) to the
    stack and reshuffle all of them into a new tile stack, this time using their opposite sides"."""
    g = position(forts={"4,4": "trap"})
    g.state.slots["2,0"] = ["t01", "a"]
    drive(day.rebuild(g.ctx))
    st = g.state
    assert st.side == "b" and len(st.slots) == 4 and not st.forts and len(st.stack) == len(g.box.tiles)
    assert all(v[1] == "b" for v in st.slots.values())


def test_skill_points_at_the_vp_spots():
    """Skill Points: "When you reach red and green spots on the Victory Point tracker you are awarded the skill
    points ... used to increase firearm or melee stats on a 1 for 1 basis"."""
    g = position(squads={"p1": {"members": ["sarge"]}})
    s = g.state.squad("p1")
    sc = g.box.scenarios["outbreak"]
    drive(g.ctx.gain_vp(s, sc.green_spots[0], "test", "test"), "melee")
    assert s.melee_pts == sc.green_points and sq_.melee(g.box, s) == 1 + sc.green_points


def test_daily_goal_gives_vp_when_done():
    """Game Summary: "When the Goal, Challenge, or both are completed on a Daily Goal card, the card is discarded
    and the appropriate VPs awarded"."""
    g = position(squads={"p1": {}})
    s = g.state.squad("p1")
    s.goal, s.done = "hunter", {"kills": 6}
    drive(day.daily_goals(g.ctx))
    assert s.vp == 2 + 3 and s.goal is None


def test_exhausted_deck_reshuffles_its_discard():
    """Setup: "When a deck is exhausted, shuffle the discard pile to create a new facedown deck"."""
    g = position()
    st = g.state
    st.decks["happened"] = {}
    st.discards["happened"] = {"fog": 2}
    seen = drive(g.ctx.draw("happened", "test"), "fog")
    assert seen[0][0].weights == (2,) and st.decks["happened"]["fog"] == 1


# ---- Search, explosives, lookouts -------------------------------------------------------------------------------------
def test_search_cards_per_success_and_tokens():
    """Search: "for each success (5 or Z) draw 1 card from the deck matching the symbol ... White numbers are the
    minimum number of Smarts you need to roll to search again ... Red numbers mean you must place that number of
    zombies adjacent to you"."""
    g = position(squads={"p1": {"pos": (1, 1), "members": ["teacher", "sarge"]}})
    s, st = g.state.squad("p1"), g.state
    drive(night.search(g.ctx, s), 2, "food", "radioactive", "white2")
    assert sum(c.card in ("food", "radioactive") for c in s.cards) == 2 and st.tokens["1,1"]["n"] == 2
    drive(night.search(g.ctx, s), 1)  # 1 success < 2: nothing
    drive(night.search(g.ctx, s), 2, "food", "food")
    assert st.tokens["1,1"]["x"]
    g2 = position(squads={"p1": {"pos": (6, 1), "members": ["teacher"]}})
    drive(night.search(g2.ctx, g2.state.squad("p1"), ), 0, "red2")
    assert len(g2.state.zombies) == 2 and all(max(abs(z.pos[0] - 6), abs(z.pos[1] - 1)) == 1
                                               for z in g2.state.zombies.values())


def test_explosive_centre_killed_ring_by_successes():
    """Explosives: "Any single or double zombie in the center of the blast is automatically killed. Then roll ...
    The number of successes equal how many zombies are killed in the surrounding 8 squares"."""
    from nollab.packs.zpocalypse.explosives import throw
    g = position(squads={"p1": {"pos": (0, 0), "members": ["sarge"], "cards": ["grenade"]}},
                 zombies=[(3, 0, True), (4, 0), (4, 1), (7, 7)])
    s = g.state.squad("p1")
    uid = s.cards[0].uid
    seen = drive(throw(g.ctx, s, uid, (3, 0)), [5, False], [1, 3])
    assert len(g.state.zombies) == 2 and s.vp == 3
    node = seen[0][0]
    # dropped = at least two 1s on the 2 range dice: 1/36 exactly
    assert sum(node.prob(o) for o in node.outcomes if o[1]) == Fraction(1, 36)


def test_lookout_collapses_after_four_zombies():
    """Fortify: "When 4 single or double zombies are adjacent to the lookout, it acts the same as a wall. On the
    next turn it turns into rubble and anyone on the space takes 1 red die of direct damage, ignoring Armor, and
    loses both their actions next turn"."""
    g = position(squads={"p1": {"pos": (1, 1), "members": ["sarge", "cop"]}}, forts={"1,1": "lookout"},
                 zombies=[(0, 0), (1, 0), (2, 0), (0, 1)])
    g.state.speed = 0
    drive(night.zombie_phase(g.ctx))        # the 4 zombies push; the squad on the lookout is not attacked
    assert g.state.forts["1,1"]["collapse"] == 1 and g.state.squad("p1").wounds == 0
    seen = drive(night.zombie_phase(g.ctx), 4, [0, 0])
    s = g.state.squad("p1")
    assert "1,1" not in g.state.forts and s.stunned and s.wounds >= 4


def test_red_lines_stop_figures_and_sight():
    """Movement: "No squad or zombie can move through or into squares with a [icon] or through a red line";
    Combat: LOS "is blocked by ... red lines"."""
    g = position()
    g.state.slots["2,0"] = ["t03", "a"]  # red lines 1,1|2,1 and 1,2|2,2 on the Diner
    city = g.ctx.city
    assert city.edge((9, 1), (10, 1)) == "red"
    assert (10, 1) not in city.neighbours((9, 1)) and (10, 1) not in city.neighbours((9, 1), ("sandbags", "wall", "gate"))
    assert city.los((8, 1), (11, 1), set()) is False and city.los((8, 0), (11, 0), set()) is True
    assert ("9,1", "10,1", "red") in g.view().edges


def test_carry_limit_in_combat_drops_under_a_death_token():
    """Squads: "If you exceed your carry limit, drop the extra card(s) immediately. Place a Death token ... and
    leave the second token on the square where you dropped them. The first squad to get to the token can pick
    up your gear for 1 action"."""
    g = position(squads={"p1": {"pos": (1, 1), "members": ["teacher"], "cards": ["bat", "food", "food", "ammo"]}})
    s, st = g.state.squad("p1"), g.state
    drive(night.search(g.ctx, s), 1, "food", "white1")
    assert len(s.cards) == 4 and len(st.gear["1,1"]["cards"]) == 1
    s.cards.pop()
    st.turn, st.actions_left = "p1", 2
    assert Action("pickup", "p1") in night.legal(g.ctx, "p1")
    drive(night.perform(g.ctx, s, Action("pickup", "p1")))
    assert len(s.cards) == 4 and "1,1" not in st.gear and st.actions_left == 1


def test_zombies_split_larger_group_to_higher_vp_tie_is_a_die_roll():
    """Zombie Movement: "the zombies split, with the larger group attacking the player with the higher VPs. On a
    VP tie, both players roll a red die: the higher roller gets 1 fewer zombie"."""
    z = [(0, 1), (1, 1), (2, 1)]
    g = position(players=2, squads={"p1": {"pos": (0, 0), "vp": 5}, "p2": {"pos": (2, 0), "vp": 1}}, zombies=z)
    seen = drive(night.zombie_attacks(g.ctx), [0, 0], [0, 0])
    prompts = [r.prompt for r, _ in seen if isinstance(r, Chance)]
    # (0,1) touches only p1; (1,1) both; (2,1) only p2 -> the contested one goes to p1 (higher VP)
    assert "2 single + 0 double zombie(s) attack Red" in prompts[0] and "1 single" in prompts[1]
    g2 = position(players=2, squads={"p1": {"pos": (0, 0), "vp": 3}, "p2": {"pos": (2, 0), "vp": 3}},
                  zombies=[(1, 1)])
    seen = drive(night.zombie_attacks(g2.ctx), "p1", [0, 0])
    tie = seen[0][0]
    assert tie.kind == "split_tie" and tie.prob("p1") == Fraction(1, 2)
    assert "attack Blue" in seen[1][0].prompt  # Red rolled higher: 1 fewer zombie (none of the one)
    # two contested zombies split one each (a regression: the second squad's share was once computed as 0)
    g3 = position(players=2, squads={"p1": {"pos": (0, 0), "vp": 5}, "p2": {"pos": (2, 0), "vp": 1}},
                  zombies=[(1, 0), (1, 1)])
    seen = drive(night.zombie_attacks(g3.ctx), [0, 0], [0, 0])
    prompts = [r.prompt for r, _ in seen if isinstance(r, Chance)]
    assert len(prompts) == 2 and all("1 single + 0 double" in p for p in prompts)


def test_trade_food_and_items_with_an_adjacent_squad_free():
    """Phase 4 Combat: "A squad may also take 1 free action per turn: Trade Food and Items cards with adjacent
    squads. You may not trade Armory or Survivor cards during this phase"."""
    g = position(players=2, squads={"p1": {"pos": (0, 0), "cards": ["food", "pistol", "ammo"]}, "p2": {"pos": (1, 1)}})
    st = g.state
    st.turn, st.actions_left, st.free_used = "p1", 2, False
    gives = [a for a in night.legal(g.ctx, "p1") if a.kind == "give"]
    s = st.squad("p1")
    assert sorted(next(c.card for c in s.cards if c.uid == a.params[0]) for a in gives) == ["ammo", "food"]
    drive(night.perform(g.ctx, s, gives[0]))
    assert st.actions_left == 2 and st.free_used and len(st.squad("p2").cards) == 1
    assert not [a for a in night.legal(g.ctx, "p1") if a.kind == "give"]


def test_explosive_in_the_bunker_kills_by_successes_and_hurts_everyone_inside():
    """Explosives: "Using explosives in the bunker ... all zombies are not automatically killed. Roll the damage
    dice and kill the number of zombies matching the successes. Players take damage ... as if ... in the blast"."""
    from nollab.packs.zpocalypse.explosives import throw
    g = position(squads={"p1": {"pos": BUNKER, "members": ["sarge", "cop"], "cards": ["grenade"]}},
                 zombies=[("bunker",), ("bunker",), ("bunker", 0, True)])
    s = g.state.squad("p1")
    g.state.turn, g.state.actions_left = "p1", 2
    uid = s.cards[0].uid
    assert Action("throw", "p1", (uid, "bunker")) in night.legal(g.ctx, "p1")
    drive(throw(g.ctx, s, uid, BUNKER), [2, 4])
    # 2 successes on 2 singles + 1 double: 2 zombies' worth gone (the double is split, docs/rulings.md)
    assert sum(2 if z.double else 1 for z in g.state.zombies.values()) == 2
    assert s.wounds == 4 - sq_.armor(g.box, s) and s.vp == 2


def test_maximum_zombies_limits_what_is_placed():
    """Maximum Zombies: "The number of zombies you may place on the board is limited by the number provided with
    the game" (the box's miniatures: 40, reconstructed; a double is 2)."""
    g = position(zombies=[(x, y, True) for x in range(4) for y in range(5)])
    assert sum(2 if z.double else 1 for z in g.state.zombies.values()) == 40
    assert day.add_zombie(g.ctx, (7, 7), "test") is False and len(g.state.zombies) == 20


def test_starting_day_two_after_being_eaten_roll_one_die_for_scavenging():
    """Death & First Aid: "Starting Day 2-: If you were eaten by zombies, and there were no survivors left in the
    bunker for you to recruit, roll 1 red die for scavenging and gain whatever survivors and items you may find on
    the Scavenging card"; no survivor found: the squad is out."""
    g = position(players=2, squads={"p1": {"members": ["teacher", "doc"]}, "p2": {"members": []}})
    st = g.state
    st.day, st.pool = 2, []
    st.squad("p2").pos = None
    first = lambda r: r.outcomes[0]  # noqa: E731
    seen = drive(day.scavenge(g.ctx), "p1", "hunter", "hunter",
                 "camp", 1, "food", first, first, first,      # p1: success: 1 food, 2 survivors, a tile
                 "camp", 0, first, first)                     # p2 restarts: failure: 1 survivor, a tile
    smarts = [r for r, a in seen if isinstance(r, Chance) and r.kind == "smarts"]
    assert smarts[1].prob(0) == Fraction(4, 6)  # 1 die for the restarting squad
    p2 = st.squad("p2")
    assert len(p2.members) == 1 and p2.pos == BUNKER and not p2.out
    g3 = position(players=2, squads={"p1": {"members": ["teacher"]}, "p2": {"members": []}})
    g3.state.day, g3.state.pool = 2, []
    drive(day.scavenge(g3.ctx), "p1", "hunter", "hunter", "grocery", 0, "food", first, "grocery", 0, "food")
    assert g3.state.squad("p2").out  # no survivor on the card: out of the game


def test_easy_mode_keeps_skills_hardcore_resets():
    """Death & First Aid: "Easy Mode: Keep your firearm and melee skills at the same level ... Hardcore: When your
    squad dies, reset both firearm and melee skills back to 0"."""
    for mode, kept in (("easy", 3), ("hardcore", 0)):
        g = position(squads={"p1": {"pos": (3, 0), "members": ["teacher"]}}, mode=mode)
        s = g.state.squad("p1")
        g.state.pool = ["doc", "nurse"]
        s.firearm_pts = 3
        sq_.refresh_floors(g.box, s)
        drive(night.damage(g.ctx, s, 10, "test", "test"), "doc", "nurse")
        assert s.firearm_pts == kept and sq_.firearm(g.box, s) == kept


def test_heal_first_aid_six_hp_and_item_pile_in_the_bunker():
    """Phase 4 Combat: "Heal 6 HPs damage by discarding a First Aid card"; "Any player standing in the bunker ...
    may pick up the faceup pile of Item cards next to it for 1 action"."""
    g = position(squads={"p1": {"pos": BUNKER, "members": ["sarge", "cop"], "cards": ["first_aid"], "wounds": 9}})
    st, s = g.state, g.state.squad("p1")
    st.item_pile = [{"uid": 900, "card": "ammo", "empty": False}]
    st.turn, st.actions_left = "p1", 2
    kinds = {a.kind for a in night.legal(g.ctx, "p1")}
    assert {"heal", "take_pile"} <= kinds
    drive(night.perform(g.ctx, s, Action("heal", "p1")))
    drive(night.perform(g.ctx, s, Action("take_pile", "p1")))
    assert s.wounds == 3 and [c.card for c in s.cards] == ["ammo"] and not st.item_pile and st.actions_left == 0


def test_range_in_squares_with_los():
    """Weapon Cards: "Range (bottom right hand corner): The distance, in squares, at which you can attack a zombie.
    You must have LOS"; melee: "you may attack adjacent squares"."""
    g = position(squads={"p1": {"pos": (0, 0), "members": ["sarge"], "cards": ["pistol"]}},
                 zombies=[(4, 0), (5, 0), (0, 1)])
    s = g.state.squad("p1")
    assert set(night.targets(g.ctx, s, "firearm")) == {(4, 0), (0, 1)}   # Pistol range 4 (reconstructed)
    assert set(night.targets(g.ctx, s, "melee")) == {(0, 1)}              # unarmed: adjacent only


def test_duel_wield_two_weapons_for_one_survivor():
    """Combat: "Each survivor can only use 1 weapon at a time (unless the Duel Wield ability has been unlocked, in
    which case both weapons must have this ability)"."""
    g = position(squads={"p1": {"members": ["boxer"], "cards": ["knife", "knife", "bat"]}})
    s = g.state.squad("p1")
    s.melee_pts = 3                                   # Melee 6: level 2, a Combat Knife rolls 2, the Bat 2
    hands = sq_.weapons(g.box, s, "melee")
    assert len(hands) == 1 and [c.card for c in hands[0][0]] == ["knife", "knife"] and hands[0][1] == 4
    s.melee_pts = 0
    g.state.squad("p1").members = [Member("teacher")]  # Melee 0: Duel Wield locked (level 1), one weapon
    hands = sq_.weapons(g.box, s, "melee")
    assert len(hands) == 1 and len(hands[0][0]) == 1 and hands[0][1] == 1


SECTIONS = ("Setup", "Squads", "Skill Points", "Game Summary", "Phase 1 Scavenge", "Phase 2 Feed", "Fortify",
            "Phase 3 Sunset", "Phase 4 Combat", "Maximum Zombies", "Search", "Movement", "Zombie Movement",
            "Combat", "Ammo", "Unarmed", "Weapon Cards", "Knockdown", "Zombies Attacking", "On Death's Door",
            "Zombies in the Bunker", "Explosives", "Death & First Aid")


def test_every_section_of_the_summary_has_a_test():
    """Every section of the rules summary is cited by at least one rule test's docstring."""
    import pathlib
    import re
    text = "".join(p.read_text() for p in pathlib.Path(__file__).parent.glob("test_packs_zpocalypse*.py"))
    docs = " ".join(re.findall(r'"""(.*?)"""', text, re.S))
    missing = [s for s in SECTIONS if s not in docs.replace("\n    ", " ")]
    assert not missing, missing
