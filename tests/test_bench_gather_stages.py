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
