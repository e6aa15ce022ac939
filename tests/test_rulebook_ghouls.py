"""Independent audit of the Ghouls' Phase: Attack (P. 22), Move (P. 23), the ghoul types (P. 17)
and the End Phase / winning and losing (P. 8).

One test per rule line, named after it; each docstring quotes the page. Expected positions are
read from the rulebook text on hand-made boards, never computed with the engine.
Ghoul tuples are (Walkers, Breakers, Fatties, Relatives).
"""
from __future__ import annotations

import pytest

from nollab.board import board_from_grid
from nollab.rules.engine.actions import Action
from nollab.rules.sandbox import sandbox
from support import end_turns, play_round, run_phase, until_choice
from nollab.rules.survivors.skills import effective_mode

EXT = "exterior"
ROW = board_from_grid("abcd", {k: EXT for k in "abcd"})
ROW6 = board_from_grid("abcdef", {k: EXT for k in "abcdef"})
SQUARE = board_from_grid("ab\ncd", {k: EXT for k in "abcd"})


def run_ghoul_phase_only(g):
    """Run the Ghouls' Phase until its end, stopping before the next round."""
    end_turns(g)
    r = g.state.round
    while g.state.phase != "end" and g.state.round == r and not g.over:
        g.step()


# ----------------------------------------------------------------------------- Attack, P. 22
@pytest.mark.parametrize("gtype,wounds", [("walker", 1), ("breaker", 1), ("relative", 1), ("fatty", 2)])
def test_p22_attack_wounds_by_type(gtype, wounds):
    """P. 22: "Walker, Breaker, and Relative: 1 Wound - Fatty: 2 Wounds"; "A Ghoul's Attack is
    always successful, does not require any die roll"."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {gtype: 1}})
    run_ghoul_phase_only(g)
    assert g.state.survivors["tom"].wounds == wounds
    assert not any(e.kind in ("dice", "roll") for e in g.events)


def test_p22_every_ghoul_in_the_zone_attacks_even_with_excess_damage():
    """P. 22: "All Ghouls activated in the same Zone as a Survivor join the Attack, even if there is
    excess Damage." 2 Fatties on a fresh Survivor: 4 Wounds, eliminated, game lost."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"fatty": 2}})
    run_ghoul_phase_only(g)
    assert g.state.survivors["tom"].wounds == 3
    assert g.over and g.state.result == "lost"


def test_p22_two_walkers_and_one_breaker_deal_three_wounds():
    """P. 22: "Each Ghoul in the same Zone as Survivors performs an Attack"."""
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:d"}, ghouls={"T:a": {"walker": 1, "breaker": 1}})
    run_phase(g)
    assert g.state.survivors["tom"].wounds == 2


def test_p22_survivors_split_attacks_fatty_wounds_are_not_divided():
    """P. 22: "Survivors in the same Zone split the Ghouls' Attacks in any way the players prefer.
    Each Ghoul Attack deals the corresponding Wound total." Fatty (2) + Walker (1) on two Survivors:
    3-0, 2-1, 1-2, 0-3 — never a Fatty's 2 Wounds split 1/1 with the Walker on the same side."""
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:a"}, ghouls={"T:a": {"fatty": 1, "walker": 1}})
    ch = until_choice(g)
    assert ch.kind == "wounds"
    got = sorted(tuple(sorted((s, n) for s, n in o)) for o in ch.options)
    want = sorted(tuple(sorted(x)) for x in [[("tom", 3), ("judy", 0)], [("tom", 2), ("judy", 1)],
                                             [("tom", 1), ("judy", 2)], [("tom", 0), ("judy", 3)]])
    assert got == want


def test_p22_players_choose_the_split():
    """P. 22: "in any way the players prefer" — the chosen split is applied as chosen."""
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:a"}, ghouls={"T:a": {"walker": 2}})
    ch = until_choice(g)
    pick = next(o for o in ch.options if dict((s, n) for s, n in o) == {"tom": 2, "judy": 0})
    g.choose(pick)
    assert (g.state.survivors["tom"].wounds, g.state.survivors["judy"].wounds) == (2, 0)
    assert not g.over


def test_p22_p8_elimination_at_three_wounds_loses_immediately():
    """P. 22: "A Survivor is eliminated as soon as their Wound Bar reaches 3. At that point, the game
    is lost!"; P. 8: "The game is lost whenever a starting Survivor has been eliminated". The Spawn
    step is not played."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 1}}, spawns=[("T:d", "white")], ghoul_deck=[1, 1])
    g.state.survivors["tom"].wounds = 2
    run_ghoul_phase_only(g)
    assert g.over and g.state.result == "lost"
    assert g.state.ghoul_deck == [1, 1]  # no Ghoul card drawn after the loss
    assert g.state.ghoul_count("T:d") == 0


def test_p8_loss_by_elimination_with_others_alive():
    """P. 8: the loss happens whenever *a* starting Survivor is eliminated, even if others live."""
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:d"}, ghouls={"T:a": {"fatty": 2}})
    run_ghoul_phase_only(g)
    assert g.state.result == "lost"


def test_p22_attacks_are_resolved_before_moves():
    """P. 22: "Attacks on survivors ... are resolved first, then all the Moves. Each Ghoul performs
    either an Attack OR a Move". The Walker walking in from b does not attack this phase."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 1}, "T:b": {"walker": 1}})
    run_phase(g)
    assert g.state.survivors["tom"].wounds == 1
    assert g.state.ghouls == {"T:a": (2, 0, 0, 0)}


HOUSE2 = board_from_grid("aK\nbL", {"a": EXT, "b": EXT, "K": "interior", "L": "interior"},
                         openings=[("dK", "r1c1-r1c2", "door", False), ("bL", "r2c1-r2c2", "barricade", False)])
HUB = board_from_grid("KaL", {"a": EXT, "K": "interior", "L": "interior"},
                      openings=[("dK", "r1c1-r1c2", "door", False), ("bL", "r1c2-r1c3", "barricade", False)])


def test_p22_breakers_that_did_not_attack_open_all_doors_and_barricades_of_their_zone():
    """P. 22: "Breakers who didn't Attack Survivors spend their Action Attacking any closed
    Barricades and closed Doors in their Zone. Open all Doors and Barricades in their Zone. A single
    Breaker may open several Doors and Barricades in its Zone." The Breaker stays (its Action is spent)."""
    g = sandbox(HUB, {"tom": "T:K"}, ghouls={"T:a": {"breaker": 1}})
    run_phase(g)
    assert g.state.opening_open["dK"] is True and g.state.opening_open["bL"] is True
    assert g.state.ghouls == {"T:a": (0, 1, 0, 0)}


def test_p22_breakers_that_attacked_open_nothing():
    """P. 22: only "Breakers who didn't Attack Survivors" open Doors and Barricades."""
    g = sandbox(HUB, {"tom": "T:a"}, ghouls={"T:a": {"breaker": 1}})
    run_phase(g)
    assert g.state.opening_open["dK"] is False and g.state.opening_open["bL"] is False
    assert g.state.survivors["tom"].wounds == 1


def test_p22_other_ghouls_move_through_the_opening_the_breakers_made():
    """P. 22: "Since the other Ghouls didn't Attack, they will be able to go through the opening the
    Breakers have just created during the ensuing Move action!" """
    g = sandbox(HUB, {"tom": "T:K"}, ghouls={"T:a": {"breaker": 1, "walker": 2, "fatty": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:a": (0, 1, 0, 0), "T:K": (2, 0, 1, 0)}


def _two_breakers(outer: str):
    """Breakers in an exterior Zone ``outer`` and in the room K, on either side of the closed Door
    dA; Tom waits behind the open door dB in L. One Players' Phase of Do Nothing, then the Ghouls'
    Phase with default choices."""
    board = board_from_grid(f"{outer}KL", {outer: EXT, "K": "interior", "L": "interior"},
                            openings=[("dA", "r1c1-r1c2", "door", False), ("dB", "r1c2-r1c3", "door", True)])
    g = sandbox(board, {"tom": "T:L"}, ghouls={f"T:{outer}": {"breaker": 1}, "T:K": {"breaker": 1}})
    play_round(g)
    return g


@pytest.mark.parametrize("outer", ["a", "A"])
def test_p22_breakers_on_both_sides_of_a_door_both_spend_their_action(outer):
    """P. 22: "Attacks on survivors (or closed barricades and closed doors) are resolved first, then
    all the Moves." "Breakers who didn't Attack Survivors spend their Action Attacking any closed
    Barricades and closed Doors in their Zone." Both Breakers stand at the closed Door when the
    Activation starts, so both spend their Action on it and neither moves into L, whatever the
    Zones are called ("T:A" sorts before "T:K", "T:a" after it)."""
    g = _two_breakers(outer)
    assert g.state.opening_open["dA"] is True
    assert g.state.ghouls == {f"T:{outer}": (0, 1, 0, 0), "T:K": (0, 1, 0, 0)}, g.state.ghouls


# ----------------------------------------------------------------------------- Move, P. 23
SIGHT = board_from_grid("edcbK", {**{k: EXT for k in "edcb"}, "K": "interior"},
                        openings=[("dK", "r1c4-r1c5", "door", False)])


def test_p23_most_survivors_in_line_of_sight_first():
    """P. 23: "The first Zone they select is the one with the most Survivors in Line of Sight." Two
    Survivors hidden behind a closed door (2 Zones away) lose to one visible Survivor 2 Zones away."""
    g = sandbox(SIGHT, {"tom": "T:e", "judy": "T:K", "ben": "T:K"}, ghouls={"T:c": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:d": (1, 0, 0, 0)}


def test_p23_distance_does_not_matter():
    """P. 23: "In both cases, distance doesn't matter. A Ghoul always chooses the Zone with the most
    Survivors it can see." 1 Survivor next door, 2 Survivors 3 Zones away, all in sight."""
    g = sandbox(ROW6, {"tom": "T:b", "judy": "T:f", "ben": "T:f"}, ghouls={"T:c": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:d": (1, 0, 0, 0)}


HIDE = board_from_grid("KabcL", {"K": "interior", "L": "interior", **{k: EXT for k in "abc"}},
                       openings=[("dK", "r1c1-r1c2", "door", False), ("dL", "r1c4-r1c5", "door", False)])


def test_p23_no_survivor_in_sight_most_survivors_anywhere():
    """P. 23: "If no Survivors are visible, they select the Zone with the most Survivors." 1 hidden
    Survivor next to the Ghoul, 2 hidden Survivors 3 Zones away: the Ghoul heads for the 2."""
    g = sandbox(HIDE, {"tom": "T:K", "judy": "T:L", "ben": "T:L"}, ghouls={"T:a": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:b": (1, 0, 0, 0)}


LOOP = board_from_grid("abc\ndef", {k: EXT for k in "abcdef"})


def test_p23_shortest_available_path():
    """P. 23: "Ghouls move 1 Zone toward their destination Zone by taking the shortest available
    path." a->c is 2 Zones along the top, 4 around the bottom."""
    g = sandbox(LOOP, {"tom": "T:c"}, ghouls={"T:a": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:b": (1, 0, 0, 0)}


ROUND = board_from_grid("aK\nbc", {"a": EXT, "b": EXT, "c": EXT, "K": "interior"},
                        openings=[("dA", "r1c1-r1c2", "door", False), ("dC", "r1c2-r2c2", "door", True)])


def test_p23_open_path_preferred_over_shorter_closed_one():
    """P. 23: "shortest *available* path" — the fallback applies only "In case there are no open paths".
    a-K is closed; a-b-c-K is open: the Ghoul walks to b."""
    g = sandbox(ROUND, {"tom": "T:K"}, ghouls={"T:a": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:b": (1, 0, 0, 0)}


def test_p23_no_open_path_moves_as_if_open_but_closed_doors_stop_them():
    """P. 23: "In case there are no open paths to the destination Zone, Ghouls move toward it as if all
    Barricades and Doors were open, though closed Barricades and Doors still stop them." The Walker
    next to the closed room stays; the one 2 Zones away steps closer."""
    g = sandbox(HIDE, {"tom": "T:K"}, ghouls={"T:a": {"walker": 1}, "T:c": {"fatty": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:a": (1, 0, 0, 0), "T:b": (0, 0, 1, 0)}


def test_p23_equal_routes_split_into_equal_groups_by_type():
    """P. 23: "If there is more than one route of the same length, Ghouls split into groups of equal
    numbers and types to follow all possible routes." a->d via b or via c."""
    g = sandbox(SQUARE, {"tom": "T:d"}, ghouls={"T:a": {"walker": 2, "fatty": 2}})
    run_phase(g)
    assert g.state.ghouls == {"T:b": (1, 0, 1, 0), "T:c": (1, 0, 1, 0)}


def test_p23_equal_targets_split_the_group():
    """P. 23: "They also split up if different target Zones contain the same number of Survivors." """
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:c"}, ghouls={"T:b": {"walker": 2, "breaker": 2}})
    run_phase(g)
    assert g.state.ghouls == {"T:a": (1, 1, 0, 0), "T:c": (1, 1, 0, 0)}


def test_p23_uneven_remainder_is_a_player_decision():
    """P. 23: "Uneven Ghoul groups are split the same way. Decide which splitting group get the extra
    Ghoul" — 3 Walkers over 2 routes: 1 each, the players place the third."""
    g = sandbox(SQUARE, {"tom": "T:d"}, ghouls={"T:a": {"walker": 3}})
    ch = until_choice(g)
    assert ch.kind == "ghoul_split"
    assert sorted(map(sorted, ch.options)) == [["T:b"], ["T:c"]]
    g.choose(next(o for o in ch.options if list(o) == ["T:c"]))
    while g.state.phase == "ghouls" and not g.over:
        g.step()
    assert g.state.ghouls == {"T:b": (1, 0, 0, 0), "T:c": (2, 0, 0, 0)}


def test_p23_lone_ghoul_with_two_routes_players_decide():
    """P. 23: "In the case of a single Ghoul being offered multiple routes, the players decide which
    direction it goes." """
    g = sandbox(SQUARE, {"tom": "T:d"}, ghouls={"T:a": {"fatty": 1}})
    ch = until_choice(g)
    assert ch.kind == "ghoul_split"
    g.choose(next(o for o in ch.options if list(o) == ["T:b"]))
    while g.state.phase == "ghouls" and not g.over:
        g.step()
    assert g.state.ghouls == {"T:b": (0, 0, 1, 0)}


def test_p23_ghouls_move_only_one_zone():
    """P. 23: "use their Action to Move 1 Zone towards the Survivors"."""
    g = sandbox(ROW6, {"tom": "T:a"}, ghouls={"T:f": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:e": (1, 0, 0, 0)}


# ----------------------------------------------------------------------------- Relative, P. 17
def test_p17_relative_spawned_flips_zombicide_survivors_to_romero_and_back():
    """P. 17: "As long as 1 Relative (or more) is on the board, all Survivors in Zombicide Mode switch
    to Romero Mode. These Survivors switch back to Zombicide Mode as soon as the board is clear of
    Relatives." Card #16 at Yellow places 1 Relative (data); the Relative is then killed."""
    g = sandbox(ROW6, {"barbra": "T:a", "tom": "T:a"}, modes={"barbra": "zombicide"}, xp={"tom": 7},
                spawns=[("T:f", "white")], ghoul_deck=[16])
    b = g.state.survivors["barbra"]
    assert effective_mode(g.state, b) == "zombicide"
    run_phase(g)
    assert g.state.on_board("relative") == 1
    assert effective_mode(g.state, b) == "romero"
    assert effective_mode(g.state, g.state.survivors["tom"]) == "romero"  # Romero stays Romero
    g.state.ghouls.clear()
    assert effective_mode(g.state, b) == "zombicide"


# ----------------------------------------------------------------------------- End Phase, P. 8
def test_p8_first_player_token_passes_to_the_left_and_wraps():
    """P. 8: "The first player hands the First Player token to the player to their left. Another Game
    Round then begins." Three players: 0 -> 1 -> 2 -> 0."""
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:a", "ben": "T:a"})
    seen = [g.state.first_player]
    for _ in range(3):
        run_phase(g)
        seen.append(g.state.first_player)
    assert seen == [0, 1, 2, 0]
    assert g.state.round == 4


def test_p8_round_order_players_then_ghouls_then_end():
    """P. 8: Players' Phase, then Ghouls' Phase (activation, then spawn), then End Phase."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:d": {"walker": 1}}, spawns=[("T:d", "white")], ghoul_deck=[1])
    run_phase(g)
    kinds = [e.kind for e in g.events]
    i_phase = kinds.index("phase")
    i_move = kinds.index("ghoul_move")
    i_spawn = kinds.index("spawn")
    i_end = kinds.index("end")
    assert i_phase < i_move < i_spawn < i_end
    assert g.state.ghouls == {"T:c": (1, 0, 0, 0), "T:d": (1, 0, 0, 0)}


def test_p8_win_is_immediate_when_the_objectives_are_met():
    """P. 8: "The game is won immediately when all of the Scene Objectives have been accomplished."
    S3's objective on a hand-made board: killing the last Ghoul with one Spawn Zone wins at once,
    before any Ghouls' Phase."""
    from nollab.rules.sandbox import rig_dice
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 1}}, inventory={"tom": ["katana"]},
                spawns=[("T:d", "white")], hooks=["break_the_siege"], ghoul_deck=[1])
    rig_dice(g, [6, 6, 6, 6])
    melee = [a for a in g.legal_actions() if a.kind == "melee"]
    assert melee
    g.apply(melee[0])
    while g.pending is not None and not g.over:
        g.choose(g.pending.options[g.pending.default])
    assert g.over and g.state.result == "won"
    assert not any(e.kind in ("phase", "ghoul_move", "spawn") for e in g.events)  # no Ghouls' Phase
