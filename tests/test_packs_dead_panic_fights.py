"""Dead Panic, Fight Zombies (transcription pp. 8-10): Survivors' exchanges, Characters' melee, ties,
losses, Injuries, deaths, Character Zombies' opposed rolls. Dice are forced; expectations are worked
out by hand from the quoted rules (and 2d6 odds against icepool)."""
from __future__ import annotations

from fractions import Fraction

import icepool
from dp_support import force, kinds, position
from nollab.packs.dead_panic.melee import judge


def fight(g, *rolls, choose=None, stop_at_choice=False):
    """Run a position set at phase="fight" up to the Bait phase."""
    return force(g, *rolls, choose=choose, stop_at_choice=stop_at_choice, stop_before="bait_phase")


def pick(*options):
    """A decision maker answering the next decisions of a fight with ``options`` in turn."""
    todo = list(options)

    def choose(c):
        if not todo:
            return None
        o = todo.pop(0)
        assert o in c.options, (o, c.kind, c.options)
        return o
    return choose


def test_melee_p9_win_above_the_fight_value_tie_nothing_loss_below():
    """p. 9: "If the result is greater than the fight number ... wins"; "If the player ties ... nothing
    happens"; losses: "take an Injury or drop the weapon"."""
    for roll, health, injuries in ((8, 0, 0), (7, 1, 0), (6, 1, 1)):
        g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("shambler", "1:yard")], phase="fight",
                     hands={"al": ["hammer"]})
        hammer = g.state.player("al").hand[0].uid
        fight(g, roll, choose=pick(["z1", hammer, "melee"], "injury"))
        assert (g.state.zombies[1].health if 1 in g.state.zombies else 0) == health
        assert g.state.player("al").injuries == injuries


def test_brawler_wins_ties_and_the_pipe_wrench_cancels_it_p9():
    assert judge(8, 8, zombie_wins_ties=True) == "lose"
    assert judge(8, 8, zombie_wins_ties=True, character_wins_ties=True) == "tie"
    assert judge(7, 7, character_wins_ties=True) == "win"
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("brawler", "1:yard")], phase="fight",
                 hands={"al": ["pipe_wrench"]})
    wrench = g.state.player("al").hand[0].uid
    fight(g, 8, choose=pick(["z1", wrench, "melee"]))
    assert g.state.zombies[1].health == 2 and g.state.player("al").injuries == 0  # "In that case, nothing happens"


def test_two_d6_chance_node_matches_icepool():
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("shambler", "1:yard")], phase="fight")
    fight(g, stop_at_choice=True)
    g.choose(["z1", 0, "unarmed"])
    ch = g.chance()
    assert ch.kind == "2d6" and ch.total == 36
    pool = icepool.d6 + icepool.d6
    for s in range(2, 13):
        assert ch.prob(s) == Fraction(pool.quantity(s), pool.denominator())


def test_a_loss_with_a_weapon_is_a_choice_injury_or_drop_p9():
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("brute", "1:yard")], phase="fight",
                 hands={"al": ["grip_tape", "hammer"]})
    hammer = g.state.player("al").hand[1]
    hammer.grip = True
    fight(g, 3, choose=pick(["z1", hammer.uid, "melee"]), stop_at_choice=True)
    assert g.pending.kind == "loss" and set(g.pending.options) == {"injury", "drop"}
    g.choose("drop")
    assert hammer not in g.state.player("al").hand and g.state.player("al").injuries == 0
    assert "hammer" in g.state.cabin_discard  # the Grip Tape goes with it (p. 4)


def test_unarmed_loss_is_an_injury_and_a_win_pushes_p10():
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("shambler", "1:yard")], phase="fight")
    fight(g, 5, choose=pick(["z1", 0, "unarmed"]))
    assert g.state.player("al").injuries == 1  # "On losses, the Character must take an Injury"
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("shambler", "1:yard")], phase="fight")
    fight(g, 10, choose=pick(["z1", 0, "unarmed"], "1:clearing"))
    assert g.state.zombies[1].space == "1:clearing" and g.state.zombies[1].health == 1  # pushed, not damaged
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("brute", "1:yard")], phase="fight")
    fight(g, 12, stop_at_choice=True, choose=pick(["z1", 0, "unarmed"]))
    assert "1:cabin" not in g.pending.options  # a standing Wall: no push into the Cabin (docs/rulings.md)


def test_a_club_breaks_after_one_fight_p3_and_a_lost_fight_may_be_paid_with_it():
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("shambler", "1:yard")], phase="fight",
                 hands={"al": ["shotgun:0"]})
    club = g.state.player("al").hand[0]
    fight(g, 9, choose=pick(["z1", club.uid, "club"]))
    assert not g.state.player("al").hand and 1 not in g.state.zombies
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("shambler", "1:yard")], phase="fight",
                 hands={"al": ["shotgun:0"]})
    club = g.state.player("al").hand[0]
    fight(g, 2, choose=pick(["z1", club.uid, "club"], "drop"))
    assert not g.state.player("al").hand and g.state.player("al").injuries == 0


def test_each_zombie_fought_once_characters_take_turns_in_bait_order_p10():
    g = position(["al", "ray"], at={"al": "1:yard", "ray": "1:yard"}, phase="fight", bait="ray",
                 zombies=[("shambler", "1:yard"), ("shambler", "1:yard"), ("shambler", "1:yard")])
    fight(g, 7, 7, 7)  # three ties: each Zombie fought once, nothing happens
    fighters = [e.data["player"] for e in kinds(g, "fight")]
    assert fighters == ["ray", "al", "ray"] and all(z.fought for z in g.state.zombies.values())


def test_survivors_fight_p8_exchanging_health_at_once():
    """p. 8: a Zombie with 1 health and a Survivor with 2: "the Survivor takes 1 point of damage ... and gives
    2 points of damage to the Zombie ... the Survivor kills the Zombie"."""
    g = position(["al", "ray"], phase="fight", survivors=[("2:clearing", 2)], zombies=[("shambler", "2:clearing")])
    fight(g)
    assert not g.state.zombies and g.state.survivors[2].health == 1


def test_survivors_damage_is_distributed_by_the_players_p8():
    g = position(["al", "ray"], phase="fight", survivors=[("2:clearing", 3)],
                 zombies=[("brute", "2:clearing"), ("shambler", "2:clearing")])
    fight(g, stop_at_choice=True)
    assert g.pending.kind == "survivor_damage"
    for t in ("z1", "z1", "z1"):
        g.choose(t)
    fight(g)
    assert 1 not in g.state.zombies and g.state.zombies[2].health == 1
    assert 3 not in g.state.survivors  # 3 + 1 damage in: dead


def test_a_dead_survivor_drops_its_piece_and_turns_p8():
    g = position(["al", "ray"], at={"al": "2:clearing"}, phase="fight", survivors=[("2:clearing", 1)],
                 zombies=[("brute", "2:clearing")])
    fight(g, stop_at_choice=True)
    assert g.pending.kind == "fight_order"
    g.choose("survivors")
    fight(g)  # 1 damage to the Brute, 3 to the Survivor
    assert g.state.radio == {"2:clearing": 1}
    flipped = [z for z in g.state.zombies.values() if z.kind == "survivor_zombie"]
    assert len(flipped) == 1 and flipped[0].fought  # "do not have to fight the Zombie that phase"
    assert [e.data["target"] for e in kinds(g, "fight")] == []  # the Brute was fought by the Survivor


def test_characters_first_fight_every_zombie_and_the_survivor_fights_none_p8_p10():
    """The Characters chose to fight first: they fight until "each Zombie has been fought", so nothing is
    left for the Survivor ("No Zombie is fought more than once", p. 10; docs/rulings.md)."""
    g = position(["al", "ray"], at={"al": "2:clearing"}, phase="fight", survivors=[("2:clearing", 3)],
                 zombies=[("shambler", "2:clearing"), ("shambler", "2:clearing")], hands={"al": ["pistol"]})
    pistol = g.state.player("al").hand[0].uid
    fight(g, 7, choose=pick("characters", ["z1", pistol, "shoot"], ["z2", 0, "unarmed"]))
    assert 1 not in g.state.zombies and g.state.zombies[2].fought and g.state.zombies[2].health == 1
    assert g.state.survivors[3].health == 3 and not kinds(g, "survivor_fight")


def test_injury_track_p9_the_skull_kills_and_the_character_drops_everything():
    g = position(["al", "ray"], at={"al": "1:yard"}, injuries={"al": 3}, phase="fight",
                 zombies=[("brute", "1:yard")], hands={"al": ["radio:2", "rope"]})
    fight(g, 2, choose=pick(["z1", 0, "unarmed"]))
    al = g.state.player("al")
    assert al.status == "down" and not al.hand
    assert g.state.radio == {"1:yard": 2} and "rope" in g.state.cabin_discard
    assert kinds(g, "death")[-1].page == "p. 10"


def test_character_zombie_opposed_roll_p10_ties_and_its_abilities():
    """p. 10: "Whenever the Character Zombie fights another Character, the player rolls 2 dice against the
    other players" -- an opposed roll (docs/rulings.md)."""
    def cz(abilities):
        g = position(["al", "ray"], at={"al": "1:yard", "ray": "1:yard"}, phase="fight")
        ray = g.state.player("ray")
        ray.status, ray.cz_health, ray.cz_abilities = "zombie", 3, list(abilities)
        return g
    g = cz(["extra_move", "direct"])
    fight(g, 8, 7, choose=pick(["c:ray", 0, "unarmed"], "stay"))
    assert g.state.player("ray").cz_health == 3 and kinds(g, "fight")[-1].data["result"] == "win"
    g = cz(["plus_one", "direct"])
    fight(g, 8, 7, choose=pick(["c:ray", 0, "unarmed"]))
    assert kinds(g, "fight")[-1].data["result"] == "tie"  # 8 against 7 + 1
    g = cz(["plus_one", "win_ties"])
    fight(g, 8, 7, choose=pick(["c:ray", 0, "unarmed"]))
    assert g.state.player("al").injuries == 1  # a tie, won by the Zombie
    g = cz(["reroll", "direct"])
    fight(g, 9, 4, stop_at_choice=True, choose=pick(["c:ray", 0, "unarmed"]))
    assert g.pending.kind == "cz_reroll" and g.pending.who == "ray"
    g.choose("reroll")
    fight(g, 12)
    assert g.state.player("al").injuries == 1


def test_guns_win_automatically_in_the_fight_phase_p9():
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("brute", "1:yard")], phase="fight",
                 hands={"al": ["rifle"]})
    rifle = g.state.player("al").hand[0]
    fight(g, choose=pick(["z1", rifle.uid, "shoot"]))
    assert g.state.zombies[1].health == 2 and rifle.shots == 1 and g.state.bullets == 1


def test_ak47_in_melee_p4_spreads_and_marks_every_zombie_hit_as_fought():
    g = position(["al", "ray"], at={"al": "1:yard"}, phase="fight", hands={"al": ["ak47"]},
                 zombies=[("shambler", "1:yard"), ("shambler", "1:yard"), ("brute", "1:clearing")])
    ak = g.state.player("al").hand[0]
    fight(g, choose=pick(["z1", ak.uid, "ak47"], "z2", "z3", "stop"))
    assert not {1, 2} & set(g.state.zombies) and g.state.zombies[3].health == 2 and g.state.zombies[3].fought
    assert g.state.bullets == 3
