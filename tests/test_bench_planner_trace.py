"""bench/planner_trace.py: what the planner's search did, counted from its decision trace."""
from __future__ import annotations

from types import SimpleNamespace

from support import bench_module

LOST = -100_000.0


def _bench():
    return bench_module("planner_trace")


def _searched(kinds: list[str], means: list[float], best: int) -> dict:
    cands = [SimpleNamespace(kind=k) for k in kinds]
    return {"how": "searched", "heuristic": cands[0], "played": cands[best], "cands": cands, "means": means}


def test_a_lost_future_of_the_heuristics_choice_is_a_loss_seen():
    """Budget 12 over 4 candidates = 3 futures each; one lost future (-100,000, P. 8) among two of
    ~500 pulls the mean to about -33,000: the search saw a loss. Three futures of 400-600: it did not."""
    bench = _bench()
    seen = _searched(["move", "do_nothing"], [(LOST + 12 + 500 + 600) / 3, 450.0], 1)
    seen["cands"] += [SimpleNamespace(kind="search"), SimpleNamespace(kind="trade")]
    calm = _searched(["move", "search", "trade", "reorganize"], [500.0, 560.0, 400.0, 300.0], 1)
    assert bench.loss_seen(seen, 12, LOST) and not bench.loss_seen(calm, 12, LOST)


def test_the_summary_counts_games_decisions_and_overrules():
    """Two games (rounds 16 and 11, lost by a Ghoul in the house and by an elimination, P. 37/P. 8):
    mean 13.5, P(round 12) = P(round 16) = 1/2; one overrule that saw a loss, one on the margin, one
    search that kept the heuristic's choice, one trusted step and one quiet one."""
    bench = _bench()
    quiet = {"how": "quiet", "heuristic": SimpleNamespace(kind="move")}
    quiet["played"] = quiet["heuristic"]
    trusted = {"how": "trusted", "heuristic": SimpleNamespace(kind="melee")}
    trusted["played"] = trusted["heuristic"]
    loss = _searched(["move", "do_nothing", "search", "trade"], [LOST / 3, 500.0, 400.0, 300.0], 1)
    margin = _searched(["move", "search", "trade", "reorganize"], [500.0, 560.0, 400.0, 300.0], 1)
    kept = _searched(["melee", "move", "trade", "reorganize"], [500.0, 510.0, 400.0, 300.0], 0)
    games = [{"rounds": 16, "result": "lost", "reason": "Ghouls are in the house at the end of the Players' Phase (2R:K)",
              "seconds": 3.0, "trace": [quiet, loss, kept]},
             {"rounds": 11, "result": "lost", "reason": "Tom was eliminated (a starting Survivor)",
              "seconds": 1.0, "trace": [trusted, margin]}]
    s = bench.summarize(games, 12, LOST)
    assert (s["games"], s["won"], s["mean rounds"], s["P(round 12)"], s["P(round 16)"], s["P(round 20)"]) == \
        (2, 0, 13.5, 0.5, 0.5, 0.0)
    assert (s["lost: a Ghoul in the house"], s["lost: a Survivor eliminated"]) == (1, 1)
    assert (s["quiet / game"], s["trusted / game"], s["searched / game"], s["overruled / game"]) == (0.5, 0.5, 1.5, 1.0)
    assert (s["loss seen / game"], s["margin / game"], s["s / game"]) == (0.5, 0.5, 2.0)
    assert dict(s["pairs"]) == {"move -> do_nothing": 1, "move -> search": 1}
    assert s["rounds"] == [16, 11]


def test_bad_inputs_get_one_line_and_exit_2(capsys):
    bench = _bench()
    assert bench.main(["S99"]) == 2
    assert bench.main(["S4", "--budgets", "0"]) == 2
    assert bench.main(["S4", "--games", "0"]) == 2
    assert bench.main(["S4", "--margins", "x"]) == 2
    assert bench.main(["S4", "--horizons", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 5 and all(line.startswith("planner_trace: ") for line in err)
