"""Dead Panic, Perform Actions (transcription pp. 3-5): every action and Character ability."""
from __future__ import annotations

import pytest

from dp_support import act, force, kinds, legal, position


def moves(g):
    return sorted(a.params[0] for a in legal(g, "move"))


def test_move_p5_orthogonal_through_walls_and_not_across_the_centre():
    """p. 5: "forward, backward, left, or right (not diagonal)"; "move through Walls at no action cost";
    "Inside the Cabin, Characters cannot cross the center"."""
    g = position(["al", "ray"], at={"al": "1:cabin"}, walls={1: "standing"}, turn="al")
    assert moves(g) == ["1:yard", "2:cabin", "6:cabin"]
    g = position(["al", "ray"], at={"al": "1:woods"}, turn="al")
    assert moves(g) == ["1:clearing", "2:woods", "6:woods"]
    g = position(["al", "ray"], at={"al": "3:clearing"}, turn="al")
    assert moves(g) == ["2:clearing", "3:woods", "3:yard", "4:clearing"]


def test_movement_check_p5_fights_the_strongest_or_the_character_zombie():
    """p. 5: "When moving into a space with 1 or more Zombies, the Character must fight the strongest
    Zombie ... unless a Character Zombie ... is present ... If ... the fight numbers are equal, the
    player chooses"."""
    g = position(["al", "ray"], at={"al": "1:cabin"}, zombies=[("shambler", "1:yard"), ("brute", "1:yard"),
                                                                 ("brute", "1:yard")], turn="al")
    act(g, "move", "1:yard")
    c = g.pending
    assert c.kind == "fight" and {o[0] for o in c.options} == {"z2", "z3"}  # the two Brutes (fight 9), not the Shambler
    g.choose(["z3", 0, "unarmed"])
    force(g, 12, stop_at_choice=True)  # 12 > 9: a win; unarmed, a push (p. 10)
    assert g.pending.kind == "push"
    g2 = position(["al", "ray"], at={"al": "1:cabin", "ray": "1:yard"}, zombies=[("brute", "1:yard")], turn="al")
    g2.state.player("ray").status = "zombie"
    g2.state.player("ray").cz_health = 3
    act(g2, "move", "1:yard")
    assert {o[0] for o in g2.pending.options} == {"c:ray"}


def test_movement_check_may_use_cabin_cards_p5_a_gun_wins_automatically():
    g = position(["al", "ray"], at={"al": "1:cabin"}, zombies=[("shambler", "1:yard")], hands={"al": ["pistol"]},
                 turn="al")
    act(g, "move", "1:yard")
    pistol = g.state.player("al").hand[0]
    g.choose(["z1", pistol.uid, "shoot"])
    assert not g.state.zombies and pistol.shots == 2 and g.state.bullets == 1
    assert g.acting() == "al" and g.view().actions_left == 1  # "may continue moving if there are actions remaining"


def test_draw_p3_only_in_the_cabin_hand_limit_and_never_reshuffled():
    """p. 3: "When inside the Cabin ... Maximum hand size is 5 ... Cards may be discarded for free. This deck
    cannot be reshuffled." Barbara holds 6 (p. 5)."""
    g = position(["al", "barbara"], at={"al": "1:yard"}, turn="al")
    assert not legal(g, "draw")
    full = ["pistol", "rifle", "shotgun", "rope", "pipe_wrench"]
    g = position(["al", "barbara"], hands={"al": full, "barbara": full}, turn="al")
    act(g, "draw")
    assert g.chance().kind == "cabin" and g.chance().page == "p. 3"
    g.resolve_chance("hammer")
    assert g.pending.kind == "discard" and len(g.state.player("al").hand) == 6
    g.choose(g.pending.options[0])
    assert len(g.state.player("al").hand) == 5
    g = position(["al", "barbara"], hands={"barbara": full}, turn="barbara")
    act(g, "draw")
    g.resolve_chance("hammer")
    assert g.pending is None and len(g.state.player("barbara").hand) == 6
    g = position(["al", "barbara"], turn="al")
    g.state.cabin = {k: 0 for k in g.state.cabin}
    g._legal_key = None
    assert not legal(g, "draw")


def test_shot_p3_hits_for_one_and_turns_the_card():
    """p. 3: "Shots always hit the target, immediately causing 1 point of damage to 1 Zombie within range";
    "After all of the shots ... that weapon may be used as a club"."""
    g = position(["al", "ray"], at={"al": "1:cabin"}, zombies=[("brute", "1:yard")], hands={"al": ["shotgun:1"]},
                 turn="al")
    gun = g.state.player("al").hand[0]
    act(g, "shoot", gun.uid, "z1")
    assert g.state.zombies[1].health == 2 and gun.shots == 0 and gun.club
    assert not legal(g, "shoot")
    assert kinds(g, "damage")[-1].page == "p. 3"


RANGE_CASES = [
    # from inside the Cabin: the same room, the rooms 1 right or left, and outward in the same arc (p. 3)
    ("1:cabin", "shotgun", {"1:cabin", "2:cabin", "6:cabin", "1:yard"}),
    ("1:cabin", "pistol", {"1:cabin", "2:cabin", "6:cabin", "1:yard", "1:clearing"}),
    ("1:cabin", "rifle", {"1:cabin", "2:cabin", "6:cabin", "1:yard", "1:clearing", "1:woods"}),
    # from outside: the same arc (Cabin included) and the arcs next to it, up to 1/2/3 spaces; never the
    # Cabin rooms of the next arcs (p. 3)
    ("1:yard", "shotgun", {"1:yard", "1:cabin", "1:clearing", "2:yard", "6:yard"}),
    ("1:yard", "pistol", {"1:yard", "1:cabin", "1:clearing", "1:woods", "2:yard", "6:yard", "2:clearing",
                          "6:clearing"}),
    ("1:woods", "rifle", {"1:woods", "1:clearing", "1:yard", "1:cabin", "2:woods", "6:woods", "2:clearing",
                          "6:clearing", "2:yard", "6:yard"}),
]


@pytest.mark.parametrize("space,gun,expect", RANGE_CASES)
def test_ranges_of_basic_guns_p3(space, gun, expect):
    g = position(["al", "ray"])
    assert set(g.geo.shot_range(space, gun)) == expect


def test_cross_bow_p4_unloads_reloads_next_turn_and_fires_no_bullet():
    g = position(["al", "ray"], at={"al": "1:cabin"}, zombies=[("brute", "1:yard")], hands={"al": ["cross_bow"]},
                 turn="al")
    bow = g.state.player("al").hand[0]
    act(g, "shoot", bow.uid, "z1")
    assert not bow.loaded and g.state.bullets == 0  # "Cross Bow: does not count as a bullet fired" (p. 6)
    assert not legal(g, "shoot")  # "once per turn"
    g = position(["al", "ray"], hands={"al": ["cross_bow"]}, phase="bait", bait="ray")
    g.state.player("al").hand[0].loaded = False
    force(g)  # the Bait passes to Al; his turn starts
    assert g.acting() == "al" and g.state.player("al").hand[0].loaded  # "automatically reloads" (p. 4)
    assert kinds(g, "reload")[-1].page == "p. 4"


def test_elephant_gun_p4_kills_in_range_but_not_in_the_same_space():
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("brute", "1:yard"), ("brute", "1:clearing")],
                 hands={"al": ["elephant_gun"]}, turn="al")
    gun = g.state.player("al").hand[0]
    assert {a.params[1] for a in legal(g, "shoot")} == {"z2"}
    act(g, "shoot", gun.uid, "z2")
    assert 2 not in g.state.zombies and gun.club


def test_ak47_p4_spreads_four_points_and_counts_four_bullets():
    g = position(["al", "ray"], at={"al": "1:cabin"}, zombies=[("brute", "1:yard"), ("shambler", "1:clearing"),
                                                                 ("sprinter", "2:cabin")],
                 hands={"al": ["ak47"]}, turn="al")
    act(g, "ak47", g.state.player("al").hand[0].uid)
    for target in ("z1", "z1", "z2", "z3"):
        assert g.pending.kind == "ak47"
        g.choose(target)
    assert g.state.zombies[1].health == 1 and 2 not in g.state.zombies and g.state.zombies[3].health == 1
    assert g.state.bullets == 4 and g.pending is None


def test_flare_gun_p4_damages_two_zombies_or_signals_a_survivor():
    g = position(["al", "ray"], at={"al": "1:cabin"}, zombies=[("brute", "1:clearing"), ("brute", "1:clearing"),
                                                                 ("shambler", "1:clearing")],
                 hands={"al": ["flare_gun"]}, turn="al")
    act(g, "flare_burst", g.state.player("al").hand[0].uid, "1:clearing")
    g.choose("z1")
    g.choose("z3")
    assert g.state.zombies[1].health == 2 and 3 not in g.state.zombies and g.state.zombies[2].health == 3
    assert g.state.bullets == 1
    g = position(["al", "ray"], hands={"al": ["flare_gun"]}, turn="al", bag={"survivor": 3, "shambler": 5})
    act(g, "flare_signal", g.state.player("al").hand[0].uid)
    assert g.chance().kind == "d6"
    g.resolve_chance(4)
    assert [s.space for s in g.state.survivors.values()] == ["4:woods"] and g.state.bag["survivor"] == 2


def test_chainsaw_p4_slays_twice_then_is_a_club():
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("brute", "1:yard"), ("brute", "1:yard"),
                                                                ("brute", "1:yard")],
                 hands={"al": ["chainsaw"]}, turn="al", actions=3)
    saw = g.state.player("al").hand[0]
    act(g, "melee", "z1", saw.uid, "burn")
    assert 1 not in g.state.zombies and saw.shots == 1
    act(g, "melee", "z2", saw.uid, "burn")
    assert 2 not in g.state.zombies and saw.club
    assert {a.params[2] for a in legal(g, "melee") if a.params[1] == saw.uid} == {"club"}


def test_hammer_and_nails_p4_rebuilds_the_wall_of_the_arc_once():
    g = position(["al", "ray"], at={"al": "3:clearing"}, walls={3: "destroyed"}, hands={"al": ["hammer"]}, turn="al")
    hammer = g.state.player("al").hand[0]
    act(g, "rebuild", hammer.uid)
    assert g.state.walls[3] == "standing" and hammer.hammer
    g.state.walls[3] = "destroyed"
    g._legal_key = None
    assert not legal(g, "rebuild")


def test_grip_tape_p4_adds_one_and_goes_with_the_weapon():
    """p. 4 Grip Tape: "add 1 to melee rolls made with that weapon"; p. 9 ties: 7 + 1 > 7 wins."""
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("shambler", "1:yard")],
                 hands={"al": ["grip_tape", "pipe_wrench"]}, turn="al", actions=2)
    tape, wrench = g.state.player("al").hand
    act(g, "grip", tape.uid, wrench.uid)
    assert wrench.grip and len(g.state.player("al").hand) == 1
    act(g, "melee", "z1", wrench.uid, "melee")
    g.resolve_chance(6)  # 6 + 1 = 7 = fight 7: the Pipe Wrench wins ties (p. 9)
    assert 1 not in g.state.zombies


def test_zombie_muck_p4_walks_through_zombies_and_passes_the_bait():
    g = position(["al", "ray"], at={"al": "1:cabin"}, zombies=[("brute", "1:yard")], hands={"al": ["zombie_muck"]},
                 bait="al", turn="al")
    act(g, "muck", g.state.player("al").hand[0].uid)
    assert g.state.bait == g.state.player("ray").seat
    act(g, "move", "1:yard")
    assert g.pending is None  # no movement check
    from dp_support import to_phase
    to_phase(g, "bait", rolls=["two", "shambler", 3, "shambler", 3])
    assert not any(e.kind == "fight" for e in g.events)  # "avoid fighting them for 1 round"


def test_rope_p4_moves_a_survivor_two_spaces_and_a_roped_character_fights():
    g = position(["al", "ray"], at={"al": "1:yard", "ray": "1:clearing"}, survivors=[("1:yard", 3)],
                 zombies=[("shambler", "2:woods")], hands={"al": ["rope", "rope"]}, turn="al")
    r1, r2 = g.state.player("al").hand
    act(g, "rope", r1.uid, "s2", "1:cabin")
    assert g.state.survivors[2].space == "1:cabin"
    assert not [a for a in legal(g, "rope") if a.params[2] == "3:woods"]  # at most 2 spaces
    act(g, "rope", r2.uid, "p:ray", "2:woods")
    assert g.pending.kind == "fight" and g.pending.who == "ray"


def test_move_a_survivor_with_you_p5_costs_two_actions():
    g = position(["al", "ray"], at={"al": "1:yard"}, survivors=[("1:yard", 2)], turn="al")
    act(g, "escort", 1, "1:cabin")
    assert g.state.survivors[1].space == "1:cabin" and g.state.player("al").space == "1:cabin"
    assert g.acting() == "ray"
    g = position(["al", "ray"], at={"al": "1:yard"}, survivors=[("1:yard", 2)], turn="al", actions=1)
    assert not legal(g, "escort")


def test_trade_p5_same_or_adjacent_space_maria_any_distance():
    g = position(["al", "ray", "maria"], at={"al": "1:cabin", "ray": "1:yard", "maria": "4:woods"},
                 hands={"al": ["pistol"], "ray": ["rope"], "maria": ["rifle"]}, turn="al")
    partners = {a.params[1] for a in legal(g, "give")}
    assert partners == {"ray", "maria"}  # Ray next door; Maria anywhere (p. 5)
    g = position(["al", "ray", "julie"], at={"al": "1:cabin", "ray": "3:cabin", "julie": "1:yard"},
                 hands={"al": ["pistol"]}, turn="al")
    assert {a.params[1] for a in legal(g, "give")} == {"julie"}  # Ray is two rooms away


def test_trade_over_the_limit_p5_the_receiver_discards():
    five = ["pistol", "rifle", "shotgun", "rope", "pipe_wrench"]
    g = position(["al", "ray"], at={"al": "1:cabin", "ray": "1:cabin"}, hands={"al": ["hammer"], "ray": five},
                 turn="al")
    act(g, "give", g.state.player("al").hand[0].uid, "ray")
    assert g.pending.kind == "discard" and g.pending.who == "ray"


def test_repair_p5_same_arc_and_al_once_free():
    g = position(["al", "ray"], at={"al": "2:woods", "ray": "2:cabin"}, walls={2: "cracked", 3: "cracked"},
                 turn="al")
    assert [a.params for a in legal(g, "repair")] == [(2,)]
    act(g, "repair", 2)
    assert g.state.walls[2] == "standing" and g.view().actions_left == 2  # Al: free once per turn
    g.state.walls[2] = "cracked"
    g._legal_key = None
    act(g, "repair", 2)
    assert g.view().actions_left == 1
    g = position(["al", "ray"], at={"ray": "3:yard"}, walls={3: "cracked"}, turn="ray")
    act(g, "repair", 3)
    assert g.view().actions_left == 1


def test_collect_p5_from_the_ground_or_a_survivor_and_assemble():
    g = position(["al", "ray"], at={"al": "1:clearing"}, radio={"1:clearing": 1}, survivors=[("1:clearing", 3)],
                 turn="al", actions=3)
    act(g, "collect")
    act(g, "collect")
    al = g.state.player("al")
    assert [c.card for c in al.hand] == ["radio_piece", "radio_piece"]
    assert not g.state.radio and not g.state.survivors[1].radio
    act(g, "assemble")
    assert [(c.card, c.pieces) for c in al.hand] == [("radio", 2)]


def test_call_rescuers_p5_needs_the_whole_radio_and_rolls_the_arc():
    g = position(["al", "ray"], hands={"al": ["radio:2"]}, turn="al")
    assert not legal(g, "call")
    g = position(["al", "ray"], hands={"al": ["radio"]}, turn="al")
    act(g, "call")
    assert g.chance().kind == "d6"
    g.resolve_chance(5)
    assert g.state.van == "5:woods"


def test_van_p5_moves_once_per_turn_rams_and_the_others_shoot():
    g = position(["al", "ray", "sandra"], at={"al": "2:woods"}, van="2:woods", in_van=["ray"],
                 zombies=[("brute", "3:woods")], hands={"al": ["radio"]}, turn="ray")
    act(g, "van", 1)
    assert g.state.van == "3:woods" and g.state.player("ray").space == "3:woods"
    assert g.pending.kind == "van_ram" and g.pending.who == "ray"
    g.choose("z1")
    assert g.state.zombies[1].health == 2
    assert not legal(g, "van")  # once per turn
    act(g, "pass")
    g2 = position(["al", "ray", "sandra"], at={"sandra": "3:woods"}, van="3:woods", in_van=["ray", "sandra"],
                  zombies=[("brute", "3:clearing")], turn="sandra")
    assert legal(g2, "van_shoot") and not legal(g2, "van")
    act(g2, "van_shoot", "z1")
    assert not legal(g2, "van_shoot")


def test_enter_the_van_p5_discards_everything_and_ends_the_turn():
    g = position(["al", "ray"], at={"al": "4:woods"}, van="4:woods", hands={"al": ["pistol", "radio_piece"]},
                 turn="al")
    act(g, "enter_van")
    al = g.state.player("al")
    assert al.status == "van" and not al.hand and g.acting() == "ray" and g.state.van_first == "al"
    assert g.state.radio == {"4:woods": 1}  # a Radio piece is put down, never lost (docs/rulings.md)


def test_julie_p5_draws_two_keeps_one_gives_one():
    g = position(["julie", "ray"], at={"julie": "1:cabin", "ray": "4:woods"}, turn="julie")
    act(g, "deliver")
    g.resolve_chance("pistol")
    g.resolve_chance("rifle")
    assert g.pending.kind == "julie_keep"
    g.choose(1)  # keep the Rifle
    assert g.pending.kind == "julie_give"
    g.choose("ray")
    assert [c.card for c in g.state.player("julie").hand] == ["rifle"]
    assert [c.card for c in g.state.player("ray").hand] == ["pistol"]
    assert not legal(g, "deliver")  # once per turn


def test_julie_graaaaagh_goes_only_to_someone_in_the_cabin_p4():
    g = position(["julie", "ray", "al"], at={"julie": "1:cabin", "ray": "4:woods", "al": "3:cabin"}, turn="julie")
    act(g, "deliver")
    g.resolve_chance("graaaaagh")
    g.resolve_chance("pistol")
    g.choose(1)  # keep the Pistol, give Graaaaagh!
    assert g.pending.options == ("al",)


def test_graaaaagh_p4_draws_a_zombie_into_the_space_and_a_new_card():
    g = position(["al", "ray"], at={"al": "2:cabin"}, turn="al")
    act(g, "draw")
    g.resolve_chance("graaaaagh")
    g.resolve_chance("brute")
    assert [z.space for z in g.state.zombies.values()] == ["2:cabin"]
    assert g.chance().kind == "cabin"
    g.resolve_chance("rifle")
    assert [c.card for c in g.state.player("al").hand] == ["rifle"] and "graaaaagh" in g.state.cabin_discard


def test_father_michael_p5_gives_an_action_but_not_als_free_repair():
    g = position(["michael", "al"], at={"al": "2:cabin"}, walls={2: "cracked"}, turn="michael")
    act(g, "give_action", "al")
    assert g.acting() == "al"
    assert [a for a in legal(g, "repair")]
    act(g, "repair", 2)
    assert g.acting() == "michael" and g.view().actions_left == 1
    assert g.state.walls[2] == "standing"


def test_ray_p5_heals_for_two_actions_in_the_same_space():
    g = position(["ray", "al"], at={"ray": "1:cabin", "al": "1:cabin"}, injuries={"al": 2}, turn="ray")
    act(g, "heal", "al")
    assert g.state.player("al").injuries == 1 and g.acting() == "al"


def test_sandra_p5_spends_two_shots_for_one_action_once_per_turn():
    g = position(["sandra", "al"], at={"sandra": "1:cabin"}, zombies=[("brute", "1:yard"), ("shambler", "1:yard")],
                 hands={"sandra": ["pistol", "shotgun:1"]}, turn="sandra")
    pistol = g.state.player("sandra").hand[0]
    assert [a.params for a in legal(g, "double_shot")] == [(pistol.uid,)]  # 2+ shots only
    act(g, "double_shot", pistol.uid)
    g.choose("z1")
    g.choose("z2")
    assert pistol.shots == 1 and g.state.zombies[1].health == 2 and 2 not in g.state.zombies
    assert g.view().actions_left == 1 and not legal(g, "double_shot")


def test_david_p5_unarmed_wins_deal_damage_instead_of_pushing():
    g = position(["david", "al"], at={"david": "1:yard"}, zombies=[("brawler", "1:yard")], turn="david")
    act(g, "melee", "z1", 0, "unarmed")
    g.resolve_chance(12)
    assert g.state.zombies[1].health == 1 and g.pending is None


def test_discard_is_free_p3():
    g = position(["al", "ray"], hands={"al": ["rope"]}, turn="al")
    act(g, "discard", g.state.player("al").hand[0].uid)
    assert g.view().actions_left == 2 and g.state.cabin_discard == ["rope"]
