"""``nollab forecast`` / ``nollab best-turn``: exact "p/q" JSON read off a saved game, text output, and
one-line errors (exit 2, nothing written). The expected numbers are worked out by hand here (P. 22, 26-28)."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from nollab.board import board_from_grid
from nollab.cli import main
from nollab.rules.sandbox import sandbox

from test_cli_odds import dist_ok, frac

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})


@pytest.fixture()
def saved(tmp_path):
    """Helen (Winchester 94: 1 die, 3+) in a; Tom (2 Wounds) in b with 2 Walkers; no Spawn Zone."""
    g = sandbox(ROW, {"helen": "T:a", "tom": "T:b"}, ghouls={"T:b": {"walker": 2}},
                inventory={"helen": ["winchester_94"]})
    g.state.survivors["tom"].wounds = 2
    p = tmp_path / "game.json"
    p.write_text(g.to_json())
    return str(p)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_forecast_json_tom_is_attacked_p22(capsys, saved):
    """Everyone ends their Turn: the 2 Walkers attack Tom (2 Wounds): eliminated, the game is lost (P. 8, 22)."""
    code, out, err = run(capsys, "forecast", "--save", saved, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["p_lost"] == "1/1" and data["survivors"]["tom"]["p_dies"] == "1/1"
    assert data["survivors"]["helen"]["p_dies"] == "0/1"
    assert dist_ok(data["survivors"]["helen"]["wounds"]) == {"0": 1}
    assert frac(data["p_ghoul_in_house"]) == 0


def test_best_turn_json_shoot_twice_without_a_miss_p28(capsys, saved):
    """Clearing b with Tom in it: a miss hits Tom (Friendly Fire, P. 28) and his third Wound loses the
    game, so Helen needs 2 hits before any miss: (2/3)^2 = 4/9."""
    code, out, err = run(capsys, "best-turn", "--save", saved, "--goal", "clear:T:b", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert frac(data["p"]) == Fraction(4, 9)
    assert data["first"].startswith("helen: ranged") and data["plan"]["next"]["outcomes"]
    frac(data["bot"]["p"])


def test_text_outputs(capsys, saved):
    code, out, _ = run(capsys, "forecast", "--save", saved, "--until", "end_of_phase")
    assert code == 0 and "P(someone dies)" in out
    code, out, _ = run(capsys, "best-turn", "--save", saved, "--goal", "clear:T:b", "--bot", "none")
    assert code == 0 and "4/9" in out


@pytest.mark.parametrize("argv,flag", [
    (["forecast"], "--save"),
    (["forecast", "--save", "/nonexistent.json"], "--save"),
    (["forecast", "--save", "SAVED", "--until", "week"], "--until"),
    (["forecast", "--save", "SAVED", "--policy", "lucky"], "--policy"),
    (["forecast", "--save", "SAVED", "--max-states", "x"], "--max-states"),
    (["best-turn", "--save", "SAVED", "--goal", "fly"], "--goal"),
    (["best-turn", "--save", "SAVED", "--goal", "clear:T:z"], "--goal"),
    (["best-turn", "--save", "SAVED", "--actions", "some"], "--actions"),
    (["best-turn", "--save", "SAVED", "--bot", "lucky"], "--bot"),
    (["best-turn", "--save", "SAVED", "--goal", "clear:T:b", "--max-states", "2"], "--max-states"),
])
def test_bad_input_is_one_line_exit_2(capsys, saved, argv, flag):
    argv = [saved if a == "SAVED" else a for a in argv]
    code, out, err = run(capsys, *argv)
    lines = err.strip().splitlines()
    assert code == 2 and out == "" and len(lines) == 1 and flag in lines[0], err
