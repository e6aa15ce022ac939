"""bench/gather_stages.py: the stages of the Spawn-gathering Scenes and the gather ablation."""
from __future__ import annotations

from support import bench_module


def _bench():
    return bench_module("gather_stages")


def test_tokens_gathered_on_an_empty_board_win_at_once() -> None:
    """S3 (P. 35) "won as soon as ... no Ghouls on the board [and] All Ghoul Spawn tokens are gathered
    into a single Spawn Zone": in round 1 no Ghoul has spawned yet (the first Spawn Step ends the
    first Ghouls' Phase, P. 24), so the ablation that puts every token on one Zone then wins in round 1."""
    row = _bench().play("S3", 2026, 0, gather_at=1, zone="2R:a")
    assert row["result"] == "won" and row["round"] == 1
    assert row["left1"] == (1, 0)


def test_real_game_starts_with_four_spawn_zones() -> None:
    """Without the ablation S3 starts with its 4 Spawn Zones (1R:c, 2R:a, 3R:c, 4R:e): "1 left" is only
    reached after 3 Molotovs (P. 29), never in round 1."""
    row = _bench().play("S3", 2026, 0)
    assert row["left1"] is None or row["left1"][0] > 1


def test_bad_inputs_one_line_exit_2(capsys) -> None:
    main = _bench().main
    for argv, word in ((["S3", "--games", "0"], "--games"), (["S3", "--gather-at", "2"], "--zone"),
                       (["S3", "--gather-at", "2", "--zone", "1R:L"], "1R:L"),
                       (["S3", "--gather-at", "999", "--zone", "2R:a"], "--gather-at"), (["S99"], "S99")):
        capsys.readouterr()
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and word in err[0], (argv, err)


def _row(result: str, rounds: int, left3=None, left2=None, left1=None) -> dict:
    return {"result": result, "round": rounds, "left3": left3, "left2": left2, "left1": left1}


def test_the_account_counts_every_game_round_by_round() -> None:
    """Four hand-made games: a Spawn Zone count is reached "by round r" from its first round on, even
    in a game lost later (the gather had happened); P(reach r) counts the games whose last round is r
    or later; the ablation rounds are listed in order with their wins."""
    rows = [_row("lost", 5, (2, 4), (4, 9)), _row("lost", 3), _row("won", 6, (2, 3), (3, 5), (6, 0)),
            _row("lost", 2)]
    abl = {6: [_row("won", 7), _row("lost", 9)], 2: [_row("won", 2)]}
    got = _bench().account(rows, abl, horizon=6)
    assert got["games"] == 4 and got["won"] == 1
    assert got["reach"] == [1.0, 1.0, 0.75, 0.5, 0.5, 0.25]
    assert got["left3"] == [0.0, 0.5, 0.5, 0.5, 0.5, 0.5]
    assert got["left2"] == [0.0, 0.0, 0.25, 0.5, 0.5, 0.5]
    assert got["gathered"] == [0.0, 0.0, 0.0, 0.0, 0.0, 0.25]
    assert got["ablation"] == [{"round": 2, "games": 1, "won": 1}, {"round": 6, "games": 2, "won": 1}]


def test_json_inputs_are_checked_before_any_game(tmp_path, capsys) -> None:
    """--json needs --ablation and --zone, real rounds, an existing folder: one line, exit 2, no file."""
    main = _bench().main
    out = str(tmp_path / "a.json")
    for argv, word in ((["S3", "--json", out], "--json"), (["S3", "--json", out, "--ablation", "4"], "--json"),
                       (["S3", "--json", out, "--ablation", "4,x", "--zone", "2R:a"], "4,x"),
                       (["S3", "--json", out, "--ablation", "99", "--zone", "2R:a"], "99"),
                       (["S3", "--json", str(tmp_path / "no" / "a.json"), "--ablation", "4", "--zone", "2R:a"], "no such")):
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and word in err[0], (argv, err)
    assert not list(tmp_path.iterdir())


def test_json_writes_the_account(tmp_path) -> None:
    """One real game and one ablation game at round 1 (won at once, as above): the file holds both."""
    import json
    out = tmp_path / "s3.json"
    assert _bench().main(["S3", "--games", "1", "--zone", "2R:a", "--ablation", "1", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["ablation"] == [{"round": 1, "games": 1, "won": 1}]
    assert data["reach"][0] == 1.0 and len(data["gathered"]) == len(data["rounds"])
