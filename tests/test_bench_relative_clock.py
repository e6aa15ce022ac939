"""bench/relative_clock.py: S5's Relative clock counts each Relative card from its first Danger Level."""
from __future__ import annotations

import random

from support import bench_module


def _bench():
    return bench_module("relative_clock")


def test_a_relative_card_read_at_blue_places_before_the_yellow_line() -> None:
    """A card reading 1 Relative at Blue (#31, #35 of the hard half, P. 32) places it whatever the line
    (P. 24: the card is read at the highest Danger Level, Blue included): a one-card deck drawn once a
    round gives the first Relative in round 1, even when Yellow only comes in round 3."""
    clock = _bench()
    assert clock.sixth_relative([35], {35: 0}, 1, 1, 3, random.Random(0)) == 1


def test_a_relative_card_from_yellow_up_waits_for_the_yellow_line() -> None:
    """Guard: #16 reads NOTHING! at Blue, so its Relative comes only once the Yellow line holds."""
    clock = _bench()
    assert clock.sixth_relative([16], {16: 1}, 1, 1, 3, random.Random(0)) == 3


def test_the_shipped_s5_deck_has_three_relative_cards() -> None:
    """S5 (P. 37) draws from the whole deck: #16 from Yellow up, #31 and #35 from Blue (docs/rulings.md)."""
    cards, rel, draws, need = _bench().deck_facts("S5")
    assert (len(cards), rel, draws, need) == (46, {16: 1, 31: 0, 35: 0}, 4, 6)


def _content():
    from nollab.rules.game import Game
    return Game.new("S5", seed=0, history=False).content


def _team(xp: list[int], relatives: list[int]):
    from nollab.rules.game import Game
    team = list(Game.new("S5", seed=0, history=False).state.survivors.values())
    for s, x, r in zip(team, xp, relatives):
        s.xp = x
        s.kills = {"relative": r} if r else {}
    return team


def test_a_second_relative_kill_of_a_survivor_is_counted_as_wasted() -> None:
    """P. 37 "Each Survivor has killed 1 Relative (or more)": Relatives killed 2, 1, 0, 3 -> the 2nd
    of the first Survivor and the 2nd and 3rd of the fourth count for nothing: 3 wasted."""
    assert _bench().wasted_relatives(_team([0] * 6, [2, 1, 0, 3, 0, 0])) == 3


def test_the_objective_row_reads_both_conditions() -> None:
    """All six at 19 XP or more (Orange, P. 14) but one without a Relative: the XP condition is met,
    the Relative condition is not (P. 37); then with the sixth Relative both are."""
    clock = _bench()
    team = _team([19, 25, 19, 30, 19, 20], [1, 1, 1, 1, 1, 0])
    content = _content()
    assert clock.objective_row(team, content) == (19, 30, 6, 5, True, False)
    team[5].kills = {"relative": 1}
    team[0].xp = 18
    assert clock.objective_row(team, content) == (18, 30, 5, 6, False, True)
