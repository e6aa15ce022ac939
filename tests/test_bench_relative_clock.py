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


def _account():
    """Four games: 4 reach round 1, 3 round 2, 1 round 3. Rows are :func:`objective_row`'s
    (lowest XP, highest XP, at Orange, with a Relative kill, XP condition, Relative condition)."""
    rows2 = [(19, 20, 6, 5, True, False), (5, 10, 0, 6, False, True), (19, 19, 6, 6, True, True)]
    return {"games": 4, "won": 0, "first_yellow": 7, "reach": {1: 4, 2: 3, 3: 1},
            "at": {1: [(0, 0, 0, 0, False, False)] * 4, 2: rows2, 3: [(0, 2, 0, 1, False, False)]}}


def test_the_plot_series_count_every_game_and_average_the_living_ones() -> None:
    """P(reach r) and P(condition at the start of r) are over all 4 games (a lost game holds nothing:
    P. 37 asks both conditions "simultaneously" of a game still on); the progress means are over the
    games that reach r, None where none does."""
    got = _bench().series(_account(), {}, horizon=4)
    assert got["reach"] == [1.0, 0.75, 0.25, 0.0]
    assert got["xp_condition"] == [0.0, 0.5, 0.0, 0.0]
    assert got["relative_condition"] == [0.0, 0.5, 0.0, 0.0]
    assert got["both"] == [0.0, 0.25, 0.0, 0.0]
    assert got["at_orange"] == [0.0, 4.0, 0.0, None]
    assert got["relative_killers"] == [0.0, round(17 / 3, 3), 1.0, None]
    assert "deck_clock" not in got


def test_the_deck_clock_is_read_from_the_yellow_start_nearest_the_bot() -> None:
    """The bot's first Yellow round 7 is nearest the clock's start round 6 (of 1, 6, 11): its deals
    (last Relative at rounds 2, 4, 4, 9) give P(by round r) = 0, 1/4, 1/4, 3/4 for r = 1..4."""
    deals = {1: [1, 1], 6: [2, 4, 4, 9], 11: [12, 13]}
    got = _bench().series(_account(), deals, horizon=4)["deck_clock"]
    assert got == {"yellow_from": 6, "by_round": [0.0, 0.25, 0.25, 0.75]}


def test_json_needs_games_and_an_existing_folder(tmp_path, capsys) -> None:
    """A bad --json is one line and exit 2, before any game is played (and no file is written)."""
    clock = _bench()
    assert clock.main(["--games", "0", "--json", str(tmp_path / "a.json")]) == 2
    assert clock.main(["--games", "1", "--json", str(tmp_path / "nowhere" / "a.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and err[0].startswith("--json") and "nowhere" in err[1]
    assert not list(tmp_path.iterdir())


def test_json_writes_the_series_of_one_game(tmp_path) -> None:
    """One S5 game: every series has one value a round, and every game reaches round 1."""
    import json
    out = tmp_path / "s5.json"
    clock = _bench()
    assert clock.main(["--games", "1", "--deals", "20", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    n = len(data["rounds"])
    assert data["rounds"][0] == 1 and data["reach"][0] == 1.0 and data["games"] == 1
    assert all(len(data[k]) == n for k in ("reach", "xp_condition", "relative_condition", "both",
                                           "at_orange", "relative_killers"))
    assert len(data["deck_clock"]["by_round"]) == n
