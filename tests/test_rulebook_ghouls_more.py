"""Independent audit, Ghouls' Phase corner cases (P. 20, P. 22-25) on hand-made boards.

Ghoul tuples are (Walkers, Breakers, Fatties, Relatives). ``ghoul_deck`` is drawn from its end.
"""
from __future__ import annotations

from nollab.board import board_from_grid
from nollab.rules.engine.actions import Action
from nollab.rules.sandbox import sandbox
from nollab.rules.engine.tasks import Task
from support import end_turns, play_round, run_phase, until_choice

EXT = "exterior"
ROW = board_from_grid("abcd", {k: EXT for k in "abcd"})
SQUARE = board_from_grid("ab\ncd", {k: EXT for k in "abcd"})
GRID = board_from_grid("abc\ndef\nghi", {k: EXT for k in "abcdefghi"})


def test_p20_survivor_in_a_car_is_attacked_normally():
    """P. 20: "Unless otherwise stated, a Car cannot be attacked or destroyed. A Survivor sitting in a
    Car can still be attacked normally, as if the Survivor was just standing in the Zone." """
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"fatty": 1}}, car="T:a")
    s = g.state.survivors["tom"]
    s.in_car, s.driver = True, True
    g.touch()
    run_phase(g)
    assert s.wounds == 2


def test_p22_ghouls_attack_only_in_their_own_zone():
    """P. 22: "Each Ghoul in the same Zone as Survivors performs an Attack" — a neighbour Zone's Ghoul
    moves in instead."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:b": {"fatty": 1}})
    run_phase(g)
    assert g.state.survivors["tom"].wounds == 0
    assert g.state.ghouls == {"T:a": (0, 0, 1, 0)}


def test_p22_spawned_ghouls_do_not_attack_the_phase_they_appear():
    """P. 8/P. 22: Ghouls appear after the Activation step; a Walker spawned on a Survivor waits."""
    g = sandbox(ROW, {"tom": "T:a"}, spawns=[("T:a", "white")], ghoul_deck=[1])
    run_phase(g)
    assert g.state.survivors["tom"].wounds == 0
    assert g.state.ghouls == {"T:a": (1, 0, 0, 0)}


def test_p23_every_type_with_a_remainder_is_its_own_decision():
    """P. 23: groups split "of equal numbers and types"; "Decide which splitting group get the extra
    Ghoul" — 3 Walkers + 1 Fatty over 2 routes: one Walker each, then the players place the extra
    Walker and the lone Fatty."""
    g = sandbox(SQUARE, {"tom": "T:d"}, ghouls={"T:a": {"walker": 3, "fatty": 1}})
    ch = until_choice(g)
    asked = []
    while g.state.phase == "ghouls" and not g.over:
        if g.pending is not None:
            asked.append(g.pending.data.get("type"))
            g.choose(next(o for o in g.pending.options if list(o) == ["T:c"]))
        else:
            g.step()
    assert ch is not None and sorted(asked) == ["fatty", "walker"]
    assert g.state.ghouls == {"T:b": (1, 0, 0, 0), "T:c": (2, 0, 1, 0)}


def test_p23_two_ghouls_three_equal_targets_players_pick_two_directions():
    """P. 23: "They also split up if different target Zones contain the same number of Survivors."
    "Uneven Ghoul groups are split the same way." 2 Walkers, 3 Zones with 1 Survivor each: one Walker
    to each of two targets of the players' choice (never both to one)."""
    g = sandbox(GRID, {"tom": "T:b", "judy": "T:d", "ben": "T:f"}, ghouls={"T:e": {"walker": 2}})
    ch = until_choice(g)
    assert ch.kind == "ghoul_split"
    assert sorted(sorted(o) for o in ch.options) == [["T:b", "T:d"], ["T:b", "T:f"], ["T:d", "T:f"]]
    g.choose(next(o for o in ch.options if sorted(o) == ["T:d", "T:f"]))
    while g.state.phase == "ghouls" and not g.over:
        g.step()
    assert g.state.ghouls == {"T:d": (1, 0, 0, 0), "T:f": (1, 0, 0, 0)}


def test_p23_each_zone_chooses_its_own_target():
    """P. 23: the destination is chosen from where the Ghouls stand: two groups on either side go to
    the Survivor each of them sees."""
    row = board_from_grid("abcde", {k: EXT for k in "abcde"})
    g = sandbox(row, {"tom": "T:c"}, ghouls={"T:a": {"walker": 1}, "T:e": {"fatty": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:b": (1, 0, 0, 0), "T:d": (0, 0, 1, 0)}


HUB = board_from_grid("KaLb", {"a": EXT, "b": EXT, "K": "interior", "L": "interior"},
                      openings=[("dK", "r1c1-r1c2", "door", False), ("bL", "r1c2-r1c3", "barricade", False)])


def test_p25_extra_activation_of_breakers_breaks_doors():
    """P. 25: the extra Activation is an Activation "(see Activation step P. 22)": Breakers with
    nobody to attack open the closed Doors and Barricades of their Zone. All 12 Breakers are out;
    card #7 (Breakers) is drawn."""
    g = sandbox(HUB, {"tom": "T:K"}, ghouls={"T:a": {"breaker": 12}}, spawns=[("T:b", "white")], ghoul_deck=[7])
    g.state.phase = "ghouls"
    g.state.queue = [Task("spawn_step")]
    while g.state.queue and not g.over:
        g.step()
    assert g.state.opening_open == {"dK": True, "bL": True}
    assert g.state.ghouls == {"T:a": (0, 12, 0, 0)}


def test_p24_spawn_in_a_zone_with_ghouls_adds_to_them():
    """P. 24: "Place the indicated amount of the corresponding Ghoul type in the ... Spawn Zone." """
    g = sandbox(ROW, {"tom": "T:a"}, xp={"tom": 19}, ghouls={"T:d": {"fatty": 1}}, spawns=[("T:d", "white")],
                ghoul_deck=[1])
    g.state.phase = "ghouls"
    g.state.queue = [Task("spawn_step")]
    while g.state.queue and not g.over:
        g.step()
    assert g.state.ghouls == {"T:d": (5, 0, 1, 0)}  # card #1 at Orange: 5 Walkers


def test_p22_wounds_already_taken_count_toward_three():
    """P. 22: "The Wound Bar's tracker is moved 1 point higher per Wound received. A Survivor is
    eliminated as soon as their Wound Bar reaches 3." 1 Wound + a Fatty (2) = eliminated."""
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:d"}, ghouls={"T:a": {"fatty": 1}})
    g.state.survivors["tom"].wounds = 1
    run_phase(g)
    assert not g.state.survivors["tom"].alive
    assert g.state.result == "lost"


def test_p28_p8_reload_weapons_are_reloaded_for_free_in_the_end_phase():
    """P. 28: "Weapons with the Reload trait require spending an Action to reload them between shots
    ... All such weapons are freely reloaded during the End Phase, so they start each Game Round ready
    to fire." A Sawed-Off fired (missing) in round 1 cannot fire again that round; in round 2 it can."""
    from nollab.rules.sandbox import rig_dice
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:b": {"walker": 3}}, inventory={"tom": ["sawed_off"]})
    rig_dice(g, [1, 1])
    g.apply(next(a for a in g.legal_actions() if a.kind == "ranged"))
    while g.pending is not None:
        g.choose(g.pending.options[g.pending.default])
    assert not [a for a in g.legal_actions() if a.kind == "ranged"]
    run_phase(g)
    assert g.state.round == 2 and g.state.ghouls == {"T:a": (3, 0, 0, 0)}
    assert [a for a in g.legal_actions() if a.kind == "ranged"]


ROOMS = board_from_grid("KLMN", {k: "interior" for k in "KLMN"},
                        openings=[("d1", "r1c1-r1c2", "door", True), ("d2", "r1c2-r1c3", "door", True),
                                  ("d3", "r1c3-r1c4", "door", True)])


def test_p10_p23_inside_ghouls_see_one_zone_so_they_go_for_the_one_in_sight():
    """P. 10: "In interior Zones ... An Actor's Line of Sight is limited, however, to the distance of 1
    Zone." P. 23: "The first Zone they select is the one with the most Survivors in Line of Sight."
    1 Survivor in the next room beats 3 Survivors 2 rooms away."""
    g = sandbox(ROOMS, {"tom": "T:K", "judy": "T:N", "ben": "T:N", "helen": "T:N"}, ghouls={"T:L": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:K": (1, 0, 0, 0)}


ROOMS5 = board_from_grid("KLMNO", {k: "interior" for k in "KLMNO"},
                         openings=[(f"d{i}", f"r1c{i}-r1c{i + 1}", "door", True) for i in range(1, 5)])


def test_p23_inside_with_nobody_in_sight_ghouls_go_for_the_most_survivors():
    """P. 23: "If no Survivors are visible, they select the Zone with the most Survivors." A Walker in M
    sees only L and N (empty, P. 10); 1 Survivor in K and 2 in O, both 2 rooms away: it steps to N."""
    g = sandbox(ROOMS5, {"tom": "T:K", "judy": "T:O", "ben": "T:O"}, ghouls={"T:M": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:N": (1, 0, 0, 0)}


def _field(kind):
    return board_from_grid("abcde", {"a": EXT, "b": EXT, "c": kind, "d": EXT, "e": EXT})


def test_p31_p23_survivor_hidden_in_a_corn_field_is_not_in_sight():
    """P. 31: "No Line of Sight can go into, and through them [Corn Fields]." P. 23: Survivors in sight
    first. 2 Survivors in the Corn Field c, 1 Survivor in sight in a: the Walker in b goes to a."""
    g = sandbox(_field("corn"), {"tom": "T:a", "judy": "T:c", "ben": "T:c"}, ghouls={"T:b": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:a": (1, 0, 0, 0)}


def test_p31_p23_a_corn_field_hides_what_is_behind_it():
    """P. 31: no Line of Sight "through" a Corn Field: the Walker in b cannot see d/e beyond c, so with
    1 Survivor in a (in sight) and 2 in e (hidden), it goes to a."""
    g = sandbox(_field("corn"), {"tom": "T:a", "judy": "T:e", "ben": "T:e"}, ghouls={"T:b": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:a": (1, 0, 0, 0)}


def test_p31_p23_a_ghoul_in_a_corn_field_sees_nobody_and_goes_for_the_most_survivors():
    """P. 31: "Line of Sight within a Corn Field is limited to Range 0." A Walker in c sees nobody: it
    heads for the 2 Survivors of e rather than the 1 next door in b."""
    g = sandbox(_field("corn"), {"tom": "T:b", "judy": "T:e", "ben": "T:e"}, ghouls={"T:c": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:d": (1, 0, 0, 0)}


def test_p31_p23_a_ghoul_in_the_woods_sees_out():
    """P. 31: "Actors standing inside a Wood Zone can trace Lines of Sight from their own Wood Zone."
    The Walker in the Wood c sees 1 Survivor in b; 2 Survivors hide in the Wood e ("No Line of Sight
    can go into" it). Survivors in sight come first (P. 23): it goes to b, not toward e."""
    board = board_from_grid("abcde", {"a": EXT, "b": EXT, "c": "woods", "d": EXT, "e": "woods"})
    g = sandbox(board, {"tom": "T:b", "judy": "T:e", "ben": "T:e"}, ghouls={"T:c": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:b": (1, 0, 0, 0)}


def test_p31_p23_survivors_in_the_woods_are_hidden_from_outside():
    """P. 31: "Wood Zones block Lines of Sight for anyone outside." 2 Survivors in the Wood c, 1 in a:
    the Walker in b sees only a."""
    g = sandbox(_field("woods"), {"tom": "T:a", "judy": "T:c", "ben": "T:c"}, ghouls={"T:b": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:a": (1, 0, 0, 0)}
