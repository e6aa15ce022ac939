"""Dead Panic, the Zombies' side: Draw 1 Event Card (p. 6), Move Zombies (pp. 6-7), Walls (p. 7),
Character Zombies moving (p. 10). Every die is forced; every expected move is worked out by hand
from the quoted rule, not read back from the engine."""
from __future__ import annotations

from fractions import Fraction

import pytest

from dp_support import force, kinds, position


def move_phase(g, *rolls, choose=None):
    """Run the Move Zombies phase of a position set at phase="move" (rolls: the Creeper die, ...), up to
    the Fight Zombies phase."""
    force(g, *rolls, choose=choose, stop_before="fight_phase")
    return g


def event_phase(g, *rolls):
    """Run the Event phase of a position set at phase="event", up to the Move Zombies phase."""
    force(g, *rolls, stop_before="move_phase")
    return g


def spaces(g):
    return {z.uid: z.space for z in g.state.zombies.values()}


# ---- Draw 1 Event Card (p. 6) -----------------------------------------------------------------------
@pytest.mark.parametrize("card,expect", [("horde", 3), ("horde_plus", 4), ("horde_minus", 2), ("two", 2),
                                         ("three", 3)])
def test_event_draws_p6_hash_counts_players_not_zombies_or_in_the_van(card, expect):
    """p. 6: "#" = number of players; "Players who have become Zombies or are already inside the van are not
    counted". 5 players, 1 a Zombie and 1 in the van: # = 3."""
    g = position(["al", "ray", "sandra", "julie", "maria"], in_van=["maria"], van="2:woods", phase="event",
                 bag={"shambler": 20})
    g.state.player("julie").status = "zombie"
    g.state.player("julie").cz_health = 3
    force(g, card)
    n = 0
    while g.needs() == "chance" and g.chance().kind == "bag":
        g.resolve_chance("shambler")
        g.resolve_chance(1)
        n += 1
    assert n == expect
    assert all(z.space == "1:woods" for z in g.state.zombies.values())  # "in the Woods ring ... the die" (p. 6)


def test_event_die_icon_p6_rolls_how_many():
    g = position(["al", "ray"], phase="event", bag={"brute": 9})
    event_phase(g, "die", 5, *(["brute", 2] * 5))
    assert len(g.state.zombies) == 5 and {z.space for z in g.state.zombies.values()} == {"2:woods"}


def test_event_bag_p6_probabilities_are_the_counts_and_refill_from_the_discard():
    """Tokens are drawn from the bag, Zombies or Survivors; "If the Zombie bag is empty ... place all
    discarded Zombies back into the bag"."""
    g = position(["al", "ray"], phase="event", bag={"shambler": 1, "survivor": 2})
    g.state.discard = {"brute": 2}
    force(g, "two")
    ch = g.chance()
    assert ch.kind == "bag" and ch.probs() == {"shambler": Fraction(1, 3), "survivor": Fraction(2, 3)}
    force(g, "shambler", 3)
    assert g.chance().probs() == {"survivor": Fraction(1)}
    g.state.bag = {}
    g.state.chance = None
    g.state.queue.insert(0, ["draw_token", "event"])
    force(g)
    assert g.chance().probs() == {"brute": Fraction(1)} and g.state.discard == {}
    assert kinds(g, "bag_refill")


def test_gunfire_p6_draws_one_token_per_bullet_and_skips_the_bait_pass():
    g = position(["al", "ray"], phase="event", bag={"shambler": 9}, bait="al")
    g.state.bullets = 3
    event_phase(g, "gunfire", *(["shambler", 4] * 3))
    assert len(g.state.zombies) == 3 and g.state.bullets == 0
    force(g)  # Move, Fight, no Bait pass, round 2
    assert g.state.round == 2 and g.state.bait == g.state.player("al").seat  # "skip this phase of play" (p. 11)


def test_events_deck_reshuffles_its_discards_when_empty():
    g = position(["al", "ray"], phase="event")
    g.state.events_deck = {}
    g.state.events_discard = {"two": 2, "three": 1}
    force(g)
    assert g.chance().probs() == {"two": Fraction(2, 3), "three": Fraction(1, 3)}


def test_event_movement_p6_moves_sprinters_and_creepers_exactly_the_stated_spaces():
    """p. 6: "If the directions indicate movement that affects Sprinters or Creepers, they are moved only the
    specific number of spaces stated on the Event Card"."""
    g = position(["al", "ray"], at={"al": "4:cabin", "ray": "4:cabin"}, phase="event",
                 zombies=[("sprinter", "1:woods"), ("creeper", "2:woods"), ("shambler", "3:woods")])
    event_phase(g, "shamble")
    assert spaces(g) == {1: "1:clearing", 2: "2:clearing", 3: "3:clearing"}


def test_event_wall_hit_p7():
    g = position(["al", "ray"], phase="event", walls={5: "cracked"})
    event_phase(g, "pounding", 5)
    assert g.state.walls[5] == "destroyed"


# ---- Move Zombies (pp. 6-7) ---------------------------------------------------------------------------
def test_survivors_move_first_p6_and_drop_the_radio_in_the_first_room():
    g = position(["al", "ray"], at={"al": "4:cabin", "ray": "4:cabin"}, phase="move",
                 survivors=[("2:woods", 3), ("3:yard", 3), ("5:clearing", 3)], zombies=[("brute", "5:clearing")])
    move_phase(g)
    assert [s.space for s in g.state.survivors.values()] == ["2:clearing", "3:cabin", "5:clearing"]
    assert g.state.radio == {"3:cabin": 1} and not g.state.survivors[3].radio
    g2 = position(["al", "ray"], phase="move", survivors=[("3:cabin", 3, False)])
    move_phase(g2)
    assert g2.state.survivors[1].space == "3:cabin"  # "The Survivor remains in that room"


def test_speeds_p6_sprinters_two_creepers_on_four_or_more_others_one():
    g = position(["al", "ray"], at={"al": "4:cabin", "ray": "4:cabin"}, phase="move",
                 zombies=[("sprinter", "1:woods"), ("creeper", "2:woods"), ("creeper", "6:woods"),
                          ("brute", "3:woods"), ("brawler", "5:woods")])
    ch_seen = []
    move_phase(g, 4, choose=None)
    ch_seen = [e for e in g.events if e.kind == "creeper_roll"]
    assert len(ch_seen) == 1  # "1 die roll for all Creepers"
    assert spaces(g) == {1: "1:yard", 2: "2:clearing", 3: "6:clearing", 4: "3:clearing", 5: "5:clearing"}
    g = position(["al", "ray"], at={"al": "4:cabin", "ray": "4:cabin"}, phase="move", zombies=[("creeper", "2:woods")])
    move_phase(g, 3)
    assert spaces(g) == {1: "2:woods"}


def test_zombies_with_a_survivor_or_character_do_not_move_p6():
    g = position(["al", "ray"], at={"al": "1:clearing"}, phase="move",
                 zombies=[("sprinter", "1:clearing"), ("brute", "3:woods")], survivors=[("3:woods", 3)])
    move_phase(g)
    assert spaces(g)[1] == "1:clearing" and spaces(g)[2] == "3:woods"


def test_sight_p6_half_the_board_and_the_closest_target_even_backward():
    """p. 6: a Zombie sees "the Woods, Clearing, and Yard in the same arc ... and in the arcs to their immediate
    right and left" and "will advance toward that Survivor or Character even if it means moving backward";
    p. 7: a target in another arc -- "moves sideways ... before advancing forward"."""
    g = position(["al", "ray"], at={"al": "2:woods", "ray": "4:cabin"}, phase="move", zombies=[("shambler", "1:yard")])
    move_phase(g)
    assert spaces(g) == {1: "2:yard"}  # sideways first, toward arc 2
    g = position(["al", "ray"], at={"al": "1:woods", "ray": "4:cabin"}, phase="move", zombies=[("shambler", "1:yard")])
    move_phase(g)
    assert spaces(g) == {1: "1:clearing"}  # backward, away from the Cabin
    g = position(["al", "ray"], at={"al": "3:woods", "ray": "4:cabin"}, phase="move", zombies=[("shambler", "1:yard")])
    move_phase(g)
    assert spaces(g) == {1: "1:yard"} and g.state.walls[1] == "cracked"
    assert kinds(g, "wall_hit")  # arc 3 is out of sight: toward the Cabin ring, into the Wall


def test_targets_p7_survivor_before_character_and_bait_order_between_characters():
    g = position(["al", "ray"], at={"al": "1:clearing", "ray": "4:cabin"}, survivors=[("3:woods", 3)], phase="move",
                 zombies=[("shambler", "2:clearing")])
    move_phase(g)  # the Survivor walks in to 3:clearing first (p. 6): then both are 1 away
    assert spaces(g) == {1: "3:clearing"}  # "the Zombie advances toward the Survivor"
    g = position(["al", "ray", "sandra"], at={"al": "1:yard", "ray": "3:yard", "sandra": "5:cabin"}, phase="move",
                 zombies=[("shambler", "2:yard")], bait="ray")
    move_phase(g)
    assert spaces(g) == {1: "3:yard"}  # the Bait holder's Character
    g = position(["al", "ray", "sandra"], at={"al": "1:yard", "ray": "3:yard", "sandra": "5:cabin"}, phase="move",
                 zombies=[("shambler", "2:yard")], bait="sandra")
    move_phase(g)
    assert spaces(g) == {1: "1:yard"}  # "or next person clockwise from that player": Sandra -> Al


def test_equal_survivors_p7_the_players_choose():
    g = position(["al", "ray"], at={"al": "4:cabin", "ray": "4:cabin"}, survivors=[("1:clearing", 3),
                                                                                    ("3:clearing", 3)],
                 phase="move", zombies=[("shambler", "2:clearing")])
    force(g, stop_at_choice=True, stop_before="fight_phase")
    # the Survivors walked in first (p. 6), to 1:yard and 3:yard: both 2 away
    assert g.pending.kind == "zombie_target" and set(g.pending.options) == {"1:yard", "3:yard"}
    g.choose("3:yard")
    force(g, stop_before="fight_phase")
    assert spaces(g)[1] == "3:clearing"  # sideways first


def test_walls_p7_crack_destroy_creepers_slip_and_zombies_stay_in_the_yard():
    g = position(["al", "ray"], at={"al": "6:cabin", "ray": "6:cabin"}, phase="move",  # out of everyone's sight
                 zombies=[("shambler", "1:yard"), ("brute", "2:yard"), ("creeper", "3:yard"), ("sprinter", "4:clearing")])
    move_phase(g, 5)
    assert g.state.walls == {1: "cracked", 2: "destroyed", 3: "standing", 4: "cracked", 5: "standing",
                             6: "standing"}
    assert spaces(g) == {1: "1:yard", 2: "2:yard", 3: "3:cabin", 4: "4:yard"}  # the Sprinter stops at the Wall


def test_walls_p7_a_cracked_wall_hit_again_or_hit_twice_at_once_is_destroyed():
    g = position(["al", "ray"], at={"al": "5:cabin", "ray": "5:cabin"}, phase="move", walls={1: "cracked"},
                 zombies=[("shambler", "1:yard"), ("shambler", "2:yard"), ("brawler", "2:yard")])
    move_phase(g)
    assert g.state.walls[1] == "destroyed" and g.state.walls[2] == "destroyed"
    assert spaces(g) == {1: "1:yard", 2: "2:yard", 3: "2:yard"}  # "Zombies remain in the Yard"


def test_own_cabin_room_visible_only_without_its_wall_p6():
    g = position(["al", "ray"], at={"al": "2:cabin", "ray": "2:cabin"}, phase="move", walls={1: "destroyed"},
                 zombies=[("shambler", "1:clearing")])
    move_phase(g)
    assert spaces(g) == {1: "1:yard"}  # nothing seen (Al is in another room): toward the Cabin
    g = position(["al", "ray"], at={"al": "1:cabin", "ray": "1:cabin"}, phase="move", walls={1: "destroyed"},
                 zombies=[("shambler", "1:yard"), ("shambler", "2:yard")])
    move_phase(g)
    assert spaces(g)[1] == "1:cabin"  # sees into its own room once the Wall is gone
    assert spaces(g)[2] == "2:yard" and g.state.walls[2] == "cracked"


def test_inside_the_cabin_p6_p7_zombies_hear_everything_and_leave_for_the_nearest_character():
    g = position(["al", "ray"], at={"al": "4:cabin", "ray": "4:yard"}, phase="move", zombies=[("shambler", "1:cabin")])
    move_phase(g)
    assert spaces(g) in ({1: "2:cabin"}, {1: "6:cabin"})  # it hears Al, 3 rooms either way
    g = position(["al", "ray"], at={"al": "3:woods", "ray": "3:woods"}, phase="move", zombies=[("shambler", "1:cabin")])
    move_phase(g)
    assert spaces(g) == {1: "2:cabin"}  # "advances toward the nearest arc containing a Character"
    g = position(["al", "ray"], at={"al": "2:woods", "ray": "2:woods"}, phase="move", zombies=[("shambler", "2:cabin")])
    move_phase(g)
    assert spaces(g) == {1: "2:cabin"} and g.state.walls[2] == "cracked"  # "running into Walls, if present"
    g = position(["al", "ray"], at={"al": "6:woods", "ray": "6:woods"}, phase="move", van="5:woods",
                 zombies=[("shambler", "3:cabin")])
    move_phase(g)
    assert spaces(g) == {1: "4:cabin"}  # "the Rescuers have arrived": toward the van's arc


def test_a_tie_between_two_ways_round_the_cabin_is_the_players_choice():
    g = position(["al", "ray"], at={"al": "4:cabin", "ray": "4:cabin"}, phase="move", zombies=[("shambler", "1:cabin")])
    force(g, stop_at_choice=True)
    assert g.pending.kind == "zombie_way" and set(g.pending.options) == {">2:cabin", ">6:cabin"}
    g.choose(">6:cabin")
    force(g, stop_before="fight_phase")
    assert spaces(g) == {1: "6:cabin"}


# ---- Character Zombies (p. 10) ----------------------------------------------------------------------------
def test_a_dead_character_rises_at_the_next_move_phase_with_two_of_five_abilities():
    g = position(["al", "ray"], at={"al": "1:yard", "ray": "2:woods"}, phase="move")
    g.state.player("al").status = "down"
    force(g, stop_at_choice=True)
    c = g.pending
    assert c.kind == "cz_abilities" and len(c.options) == 10 and c.page == "p. 10"
    g.choose(["win_ties", "extra_move"])
    al = g.state.player("al")
    assert al.status == "zombie" and al.cz_abilities == ["win_ties", "extra_move"]
    assert g.pending.kind == "cz_move"
    reach = set(g.pending.options)
    assert {"2:woods", "4:yard", "3:clearing"} <= reach  # up to 2 + 1 spaces ("Move 1 additional space")
    assert not reach & {"4:clearing", "1:cabin"}  # 4 steps away; behind a Wall


def test_character_zombie_moves_up_to_two_and_never_away_from_a_fight():
    g = position(["al", "ray"], at={"al": "1:yard", "ray": "4:cabin"}, phase="move")
    al = g.state.player("al")
    al.status, al.cz_health, al.cz_abilities = "zombie", 3, ["win_ties", "plus_one"]
    force(g, stop_at_choice=True)
    reach = set(g.pending.options)
    assert reach == {"1:yard", "1:clearing", "1:woods", "2:yard", "2:clearing", "3:yard", "6:yard", "6:clearing",
                     "5:yard"}  # Walls stop it: no Cabin room (docs/rulings.md)
    g2 = position(["al", "ray"], at={"al": "1:yard", "ray": "1:yard"}, phase="move")
    al = g2.state.player("al")
    al.status, al.cz_health, al.cz_abilities = "zombie", 3, ["win_ties", "plus_one"]
    force(g2, stop_before="fight_phase")
    assert not kinds(g2, "cz_move") and g2.state.player("al").space == "1:yard"  # "may not move away from the fight"


def test_direct_another_zombie_p10():
    g = position(["al", "ray"], at={"al": "4:clearing", "ray": "4:cabin"}, phase="move",
                 zombies=[("shambler", "1:woods")])
    al = g.state.player("al")
    al.status, al.cz_health, al.cz_abilities = "zombie", 3, ["direct", "plus_one"]
    force(g, stop_at_choice=True)
    assert g.pending.kind == "cz_direct" and "1>6:woods" in g.pending.options
    g.choose("1>6:woods")
    force(g, stop_before="fight_phase")
    assert spaces(g) == {1: "6:woods"}


def test_two_ties_in_a_row_target_then_way_move_the_zombie_once():
    """Equal Survivors (the players choose, p. 7), then both ways round the Cabin as short: the Zombie
    takes the chosen way and moves (a regression: the two decisions once asked each other forever)."""
    g = position(["al", "ray"], at={"al": "6:woods", "ray": "6:woods"}, phase="move",
                 zombies=[("shambler", "1:cabin"), ("brute", "1:woods")],
                 survivors=[("4:cabin", 3, False), ("1:woods", 3)])
    force(g, stop_at_choice=True, stop_before="fight_phase")
    assert g.pending.kind == "zombie_target" and set(g.pending.options) == {"4:cabin", "1:woods"}
    g.choose("4:cabin")
    assert g.pending.kind == "zombie_way"
    g.choose(">2:cabin")
    force(g, stop_before="fight_phase")
    assert spaces(g)[1] == "2:cabin" and [e.data["choice"] for e in g.events if e.kind == "choice"] == \
        ["zombie_target", "zombie_way"]
