"""The heuristic bot's purge for S3 "They're Afraid of Fire" (P. 35) --
:class:`nollab.sim.scene_plans.fire.BreakTheSiege` -- on hand-made positions
(:func:`nollab.rules.sandbox.sandbox`). "The game is won as soon as both conditions are met
simultaneously: There are no Ghouls on the board. All Ghoul Spawn tokens are gathered into a single
Spawn Zone." (P. 35); a Molotov "eliminates all Actors in the targeted Zone" (P. 29). The expected
move is what those rules ask for, never a number computed by the bot.
"""
from __future__ import annotations

from nollab.board.quick import board_from_grid
from nollab.rules.sandbox import sandbox
from nollab.sim.heuristic import HeuristicPolicy
from support import answer_until, first_turn

STREET4 = board_from_grid("abcd", {k: "exterior" for k in "abcd"})
STREET5 = board_from_grid("abcde", {k: "exterior" for k in "abcde"})
GATHERED = [("T:d", "white"), ("T:d", "red"), ("T:d", "red")]


def _game(board=STREET4, **kw):
    kw.setdefault("spawns", GATHERED)
    return sandbox(board, kw.pop("at"), hooks=["break_the_siege"], first_player=kw.pop("first", "ben"), **kw)


def test_a_molotov_that_empties_the_board_is_thrown():
    """Every token on T:d and the only Ghouls there (two Walkers, fewer than the bot's usual three
    for a Molotov): the throw eliminates them all (P. 29) and wins at once (P. 35)."""
    g = _game(at={"ben": "T:c"}, ghouls={"T:d": {"walker": 2}}, inventory={"ben": ["molotov", "table_leg"]})
    bot = HeuristicPolicy()
    a = bot.choose_action(g, first_turn(g, bot))
    assert a.kind == "molotov" and a.params[1] == "T:d"
    g.apply(a)
    while g.pending is not None:
        g.choose(bot.choose_option(g, g.pending))
    assert g.state.result == "won"


def test_no_throw_while_fatties_nobody_can_kill_stand_with_the_team():
    """Five Walkers spawned on the gathered Zone T:d, two Fatties in the team's Zone: the team's
    Table Legs are Damage 1 and a Fatty needs Damage 2 (P. 27), so the board cannot be emptied this
    Phase -- the Molotov is kept for a turn when it can (before, five Ghouls were worth a throw)."""
    g = _game(at={"ben": "T:c", "tom": "T:c"}, ghouls={"T:d": {"walker": 5}, "T:c": {"fatty": 2}},
              inventory={"ben": ["molotov", "table_leg"], "tom": ["table_leg"]})
    bot = HeuristicPolicy()
    acts = first_turn(g, bot)
    assert any(a.kind == "molotov" for a in acts)
    assert bot.choose_action(g, acts).kind != "molotov"


def test_guard_no_throw_while_a_ghoul_stands_away_from_the_team():
    """Guard: a Walker on T:a (not the team's Zone, not the Spawn Zone) survives any throw at T:d,
    so "no Ghouls on the board" (P. 35) cannot follow: no throw."""
    g = _game(at={"ben": "T:c"}, ghouls={"T:d": {"walker": 2}, "T:a": {"walker": 1}},
              inventory={"ben": ["molotov", "table_leg"]})
    bot = HeuristicPolicy()
    acts = first_turn(g, bot)
    assert any(a.kind == "molotov" for a in acts)
    assert bot.choose_action(g, acts).kind != "molotov"


def test_once_gathered_the_team_holds_the_zone_next_to_the_spawn_zone():
    """Tokens all on T:a (a dead end): Ghouls walk to the Zone with the most Survivors (P. 23), so
    the team waits on T:b, in Range 1 of T:a (a Molotov's Range, P. 29), instead of chasing the
    Walker on T:e (before: it walked towards the Walker)."""
    g = _game(STREET5, at={"ben": "T:c"}, spawns=[("T:a", "white"), ("T:a", "red")],
              ghouls={"T:e": {"walker": 1}}, inventory={"ben": ["torch"]})
    bot = HeuristicPolicy()
    a = bot.choose_action(g, first_turn(g, bot))
    assert a.kind == "move" and a.params[0] == "T:b"


def test_the_purge_molotov_goes_to_a_hand():
    """P. 29 "discard an **equipped** Molotov": once every token is gathered, the holder moves the
    Molotov from the Backpack to a Hand (before, it stayed in the Backpack: no Spawn Zone was left
    to burn)."""
    g = _game(at={"ben": "T:c"}, ghouls={"T:d": {"walker": 3}, "T:a": {"walker": 1}},
              inventory={"ben": ["torch", "table_leg", "molotov"]})
    bot = HeuristicPolicy()
    a = bot.choose_action(g, first_turn(g, bot))
    assert a.kind == "reorganize"
    g.apply(a)
    hands = [g.state.cards[u] for u in g.state.survivors["ben"].hands if u is not None]
    assert "molotov" in hands


def test_a_kill_that_raises_the_danger_level_is_left_to_a_friend():
    """Ghoul cards are read at the Danger Level of the most experienced Survivor (P. 24; Yellow from
    7 XP, P. 14): Ben at 6 XP leaves the lone Walker to Tom (2 XP), who acts after him -- two
    Survivors share its single Wound (P. 22), nobody is in danger. Before, Ben killed it and every
    later Spawn Step read Yellow."""
    g = _game(at={"ben": "T:b", "tom": "T:b"}, ghouls={"T:b": {"walker": 1}, "T:d": {"walker": 2}},
              inventory={"ben": ["torch"], "tom": ["torch"]}, xp={"ben": 6, "tom": 2})
    bot = HeuristicPolicy()
    acts = first_turn(g, bot)
    assert g.state.active == "ben" and any(a.kind == "melee" for a in acts)
    assert bot.choose_action(g, acts).kind != "melee"


def test_the_tokens_gather_on_the_dead_end():
    """Two tokens on T:b (two ways in), one on the dead end T:d: the Molotov burns T:b and sends its
    tokens to T:d (P. 29), whose spawns can reach the team by one way only (P. 23). Before, the
    Zone with the most tokens stayed."""
    g = _game(at={"ben": "T:a", "tom": "T:a"}, spawns=[("T:b", "white"), ("T:b", "red"), ("T:d", "red")],
              inventory={"ben": ["molotov"]})
    bot = HeuristicPolicy()
    a = bot.choose_action(g, first_turn(g, bot))
    assert a.kind == "molotov" and a.params[1] == "T:b"
    g.apply(a)
    ask = answer_until(g, bot, "molotov_spawn")
    assert ask is not None and bot.choose_option(g, ask) == "T:d"


# ---------------------------------------------------------------- the purge on the real S3 map
S3_GATHERED = [("2R:a", "white"), ("2R:a", "red"), ("2R:a", "red"), ("2R:a", "red")]


def _s3(at, **kw):
    return sandbox("S3", at, spawns=S3_GATHERED, first_player=kw.pop("first", "barbra"), **kw)


def test_s3_the_claw_hammer_opens_the_kitchen_window_towards_the_gathered_dead_end():
    """Every token on 2R:a (P. 35 wants them in one Spawn Zone); the team in the kitchen, whose
    window 2R:wn4 onto 2R:b is a closed Barricade. Round the house by the open Doors and lawns,
    2R:b is 17 Moves from the kitchen; through the window, 1. Barbra's Claw Hammer opens it:
    "Opening a Barricade using an equipped weapon with a Barricade Opening symbol" (P. 19), with no
    Ghoul in the kitchen. Before, nobody opened it and the team walked round the house."""
    g = _s3({s: "2R:K" for s in ("barbra", "ben", "tom")}, ghouls={"2R:a": {"walker": 3}, "1R:c": {"walker": 1}},
            inventory={"barbra": ["claw_hammer"], "ben": ["table_leg"], "tom": ["table_leg"]})
    assert "2R:wn4" in g.state.closed()
    bot = HeuristicPolicy()
    a = bot.choose_action(g, first_turn(g, bot))
    assert a.kind == "barricade" and a.params == ("2R:wn4", "open")


def test_s3_a_crowd_by_the_spawn_zone_is_burnt_when_a_molotov_is_left_for_the_end():
    """Ten Walkers on 2R:b, the lawn between the kitchen and the gathered Spawn Zone 2R:a, with the
    kitchen window open; Walkers also on 1R:c, so no throw can win now. Ben holds two Molotovs:
    one burns the ten ("All Actors in the targeted Zone are eliminated", P. 29, at an exterior
    Zone in Range 1 and Line of Sight) and the other is left for the last throw at 2R:a. Before,
    every throw that did not empty the board was refused."""
    g = _s3({"ben": "2R:K", "tom": "2R:K"}, first="ben", doors={"2R:wn4": True},
            ghouls={"2R:b": {"walker": 10}, "2R:a": {"walker": 2}, "1R:c": {"walker": 2}},
            inventory={"ben": ["molotov", "molotov"], "tom": ["table_leg"]})
    bot = HeuristicPolicy()
    a = bot.choose_action(g, first_turn(g, bot))
    assert a.kind == "molotov" and a.params[1] == "2R:b"


def test_guard_s3_the_last_molotov_is_not_spent_on_a_crowd():
    """Guard: the same crowd with one Molotov in the team and no parts: it is kept for the throw
    that empties the board (P. 35 "as soon as")."""
    g = _s3({"ben": "2R:K", "tom": "2R:K"}, first="ben", doors={"2R:wn4": True},
            ghouls={"2R:b": {"walker": 10}, "2R:a": {"walker": 2}, "1R:c": {"walker": 2}},
            inventory={"ben": ["molotov", "table_leg"], "tom": ["table_leg"]})
    bot = HeuristicPolicy()
    acts = first_turn(g, bot)
    assert any(a.kind == "molotov" and a.params[1] == "2R:b" for a in acts)
    assert bot.choose_action(g, acts).kind != "molotov"
