"""The same simulation on a Dask ``LocalCluster`` (2 worker processes) gives the same table as
in-process: seeds are drawn in the caller and each batch is a pure function of its games."""
from __future__ import annotations

import nollab.sim as sim


def test_dask_local_cluster_table_equals_in_process():
    from dask.distributed import Client, LocalCluster
    ref = sim.run("S1", "random", games=10, seed=8, workers=1)
    seen = []
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        got = sim.run("S1", "random", games=10, seed=8, client=client, batch_size=3,
                      progress=lambda d, t: seen.append(d))
        heur = sim.run("S1", "heuristic", games=4, seed=8, client=client, batch_size=2)
    assert got.timing["backend"] == "dask" and got.timing["batches"] == 4
    assert got == ref
    assert seen[-1] == 10
    assert heur.rows == sim.run("S1", "heuristic", games=4, seed=8, workers=0).rows
