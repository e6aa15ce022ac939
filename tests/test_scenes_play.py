"""Done-when check of issue 5: ``nollab play --scene Sx --seed N --policy random`` ends in a win or
a loss, without an error, for every Scene S1-S10 (a small sample here; the full 50-seed counts
are in the README "scenes" section)."""
from __future__ import annotations

import json

import pytest

import nollab.rules.scenes  # noqa: F401  (registers the S2-S10 hooks)
from nollab.cli import main


@pytest.mark.parametrize("scene", [f"S{i}" for i in range(1, 11)])
@pytest.mark.parametrize("seed", [1, 2])
def test_play_random_ends_in_a_win_or_a_loss(scene, seed, capsys):
    assert main(["play", "--scene", scene, "--seed", str(seed), "--policy", "random", "--rounds", "40",
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["scene"] == scene
    assert summary["result"] in ("won", "lost"), summary
