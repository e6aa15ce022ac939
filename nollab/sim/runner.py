"""Monte Carlo runs of whole games: ``run(scene, policy, games=N, seed=S, workers=W, client=None)``.

Reproducibility: game ``i`` uses the ``i``-th child of ``numpy.random.SeedSequence(seed).spawn(N)``
(two 64-bit words: the engine seed and the policy seed), computed once in the caller. Games are
independent and rows are sorted by index, so **the same seed gives the same table whatever the
backend, the number of workers or the batch size** (a test compares in-process, 2 processes and a
Dask ``LocalCluster``).

Backends:

* in-process -- ``workers=0`` or ``1`` (also chosen when there is a single batch);
* local processes (the default, ``workers=None`` = one per CPU) -- ``concurrent.futures``
  ``ProcessPoolExecutor``; the ``fork`` start method when no other thread runs, ``forkserver``
  otherwise (a Jupyter kernel has threads); the run's settings travel with cloudpickle when it is
  installed, so a policy class or lambda defined in a notebook works too;
* Dask distributed -- pass ``client=`` a ``dask.distributed.Client`` (local or a cluster).

Games travel in batches (default: about 8 batches per worker, at least 4 games each, at most 64)
so each task is tens of milliseconds or more and scheduling overhead stays small.

A game ends as "won"/"lost" by the Scene's objectives, or as "timeout" after ``max_rounds``
rounds (or ``max_steps`` engine steps): a stalemate is recorded, never waited on.
"""
from __future__ import annotations

import math
import multiprocessing
import os
import pickle
import threading
import time
from typing import Any, Callable, Sequence

from nollab.sim.policy import PolicySpec, make_policy, policy_name
from nollab.sim.results import SimResults, row_from_summary

__all__ = ["SimulationInterrupted", "run", "play_game", "run_batch", "game_seeds", "DEFAULT_MAX_ROUNDS", "DEFAULT_MAX_STEPS",
           "default_team", "scene_max_rounds"]

#: rounds after which an unfinished game is recorded as a "timeout" (unless the Scene sets
#: ``max_rounds`` in its ``[scene]`` table or the caller passes ``max_rounds``)
DEFAULT_MAX_ROUNDS = 40
#: engine steps after which an unfinished game is a "timeout" (guards a policy that loops on free actions)
DEFAULT_MAX_STEPS = 200_000

Progress = Callable[[int, int], Any]


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`run`: the queued games were cancelled and the workers stopped at once;
    ``done`` of ``total`` games had finished (their rows are dropped: a partial table would bias the
    win rate toward the short games)."""

    def __init__(self, done: int, total: int, seconds: float):
        self.done, self.total, self.seconds = done, total, seconds
        super().__init__(f"interrupted (Ctrl-C): {done} of {total} games had finished after {seconds:.1f} s; "
                         "queued games cancelled, workers stopped, no results")


def game_seeds(seed: int, games: int) -> list[tuple[int, int]]:
    """``(engine seed, policy seed)`` of each game: the two 64-bit words of the i-th child of
    ``SeedSequence(seed)`` (independent streams, NumPy's documented way to parallelise)."""
    try:
        import numpy as np
    except ImportError as exc:
        raise ImportError("nollab.sim needs numpy (pip install 'nollab[sim]')") from exc
    if games < 0:
        raise ValueError(f"games must be >= 0, got {games}")
    out = []
    for child in np.random.SeedSequence(int(seed)).spawn(int(games)):
        a, b = child.generate_state(2, dtype=np.uint64)
        out.append((int(a), int(b)))
    return out


def default_team(scene: str, n: int | None = None) -> list[str]:
    """The Scene's starting lineup (its ``[scene] start`` areas, in order), cut to ``n`` Survivors."""
    from nollab.rules.rounds.setup import SURVIVOR_ORDER
    from nollab.rules.scenes.scene import load_scene
    start = load_scene(scene).data.get("start", {})
    team = [x for area in sorted(start) for x in start[area]] or list(SURVIVOR_ORDER)
    if n is None:
        return team
    if not 1 <= n <= len(team):
        raise ValueError(f"team size must be 1..{len(team)}, got {n}")
    return team[:n]


def scene_max_rounds(scene: str) -> int:
    from nollab.rules.scenes.scene import load_scene
    return int(load_scene(scene).data.get("max_rounds", DEFAULT_MAX_ROUNDS))


def play_game(scene: str, policy: PolicySpec, index: int, seed: int, policy_seed: int, *,
              survivors: Sequence[str] | None = None, options: dict | None = None,
              max_rounds: int = DEFAULT_MAX_ROUNDS, max_steps: int = DEFAULT_MAX_STEPS) -> dict:
    """Play one game to its end (or the round/step bound) and return its table row."""
    from nollab.rules.game import Game
    g = Game.new(scene, seed=seed, survivors=list(survivors) if survivors else None, options=options,
                 history=False)
    pol = make_policy(policy, policy_seed)
    g.run_until("end", policy=pol, max_rounds=max_rounds, max_steps=max_steps)
    timed_out = g.state.result is None
    summary = g.summary()
    if timed_out:
        summary["rounds"] = min(summary["rounds"], max_rounds)
    return row_from_summary(index, seed, summary, timed_out, policy_seed)


def play_other(common: dict, index: int, seed: int, policy_seed: int) -> dict:
    """One game of another registered game (``common["game"]``, :mod:`nollab.games`) and its row:
    the shared columns, then the game's own (``GameSpec.sim_row``)."""
    from nollab.games import get_game
    from nollab.games.session import run_to_end
    spec = get_game(common["game"])
    match = spec.new(seed=seed, setup=common["scene"], options=common["options"] or None, history=False)
    pol = spec.make_policy(common["policy"], policy_seed) if isinstance(common["policy"], str) \
        else make_policy(common["policy"], policy_seed)
    timed_out = run_to_end(match, pol, common["max_rounds"], common["max_steps"])
    summary = match.summary()
    row: dict[str, Any] = {"index": index, "seed": seed, "policy_seed": policy_seed,
                           "result": "timeout" if timed_out else summary["result"],
                           "rounds": min(summary["rounds"], common["max_rounds"])}
    row.update(spec.sim_row(summary))
    row.update({"cause": "" if timed_out else summary.get("reason", ""), "steps": summary["steps"],
                "state_hash": summary["state_hash"]})
    return row


def run_batch(common: dict, items: Sequence[tuple[int, int, int]]) -> list[dict]:
    """Play the games ``items`` = ``[(index, engine seed, policy seed), ...]`` (the unit of work
    sent to a process or a Dask worker)."""
    if common.get("game", "notld") != "notld":
        return [play_other(common, i, s, ps) for i, s, ps in items]
    return [play_game(common["scene"], common["policy"], i, s, ps, survivors=common["survivors"],
                      options=common["options"], max_rounds=common["max_rounds"], max_steps=common["max_steps"])
            for i, s, ps in items]


def _batches(items: list, size: int) -> list[list]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def _progress(progress, total: int):
    """(callback(done), close()) from ``progress``: None/False (silent), True/"tqdm" (a tqdm bar on
    stderr), or a callable ``f(done, total)`` (e.g. the ipywidgets bar of ``nollab.widgets.sim_panel``)."""
    if progress is None or progress is False:
        return (lambda done: None), (lambda: None)
    if progress is True or progress == "tqdm":
        from tqdm.auto import tqdm
        bar = tqdm(total=total, unit="game", desc="simulate")
        state = {"done": 0}

        def update(done: int) -> None:
            bar.update(done - state["done"])
            state["done"] = done
        return update, bar.close
    if callable(progress):
        progress(0, total)
        return (lambda done: progress(done, total)), (lambda: None)
    raise ValueError(f"progress must be None, True, 'tqdm' or a callable f(done, total), got {progress!r}")


def run(scene: str, policy: PolicySpec = "heuristic", games: int = 100, seed: int = 0,
        workers: int | None = None, client=None, progress=None, *, survivors: Sequence[str] | None = None,
        options: dict | None = None, max_rounds: int | None = None, max_steps: int = DEFAULT_MAX_STEPS,
        batch_size: int | None = None, game: str = "notld") -> SimResults:
    """Play ``games`` games of ``scene`` with ``policy`` and return the results table.

    ``policy``: a name ("first", "random", "heuristic", "idle"), a policy instance or a factory
    (see :mod:`nollab.sim.policy`). ``workers``: 0/1 in-process, N local processes (default: one
    per CPU); ``client``: a ``dask.distributed.Client`` (then ``workers`` is ignored).
    ``progress``: None, True (tqdm) or ``f(done, total)``. ``survivors``: the team (default: the
    Scene's lineup); ``options``: passed to ``Game.new``; ``max_rounds``: the timeout bound.
    ``game``: any registered game (:mod:`nollab.games`); for a game other than ``"notld"``,
    ``scene`` is that game's setup (e.g. a Dead Panic player count) and ``policy`` one of its bots.
    """
    if game != "notld":
        return _run_other(game, scene, policy, games, seed, workers, client, progress, options=options,
                          max_rounds=max_rounds, max_steps=max_steps, batch_size=batch_size)
    from nollab.rules.game import default_content
    from nollab.rules.scenes.scene import load_scene
    if not isinstance(scene, str) or not scene:
        raise ValueError(f"scene must be a scene id such as 'S1', got {scene!r}")
    load_scene(scene)  # fails here, in the caller, with the scene file's own message
    default_content()  # warm the caches the forked workers inherit
    make_policy(policy, 0)  # a bad policy spec fails here, clearly
    mr = scene_max_rounds(scene) if max_rounds is None else int(max_rounds)
    if mr < 1:
        raise ValueError(f"max_rounds must be >= 1, got {max_rounds!r}")
    team = list(survivors) if survivors else None
    common = {"scene": scene, "policy": policy, "survivors": team, "options": dict(options or {}),
              "max_rounds": mr, "max_steps": int(max_steps)}
    meta = {"scene": scene, "policy": policy_name(policy), "seed": int(seed), "games": games,
            "max_rounds": mr, "team": ",".join(team or default_team(scene)), "options": common["options"]}
    return _execute(common, meta, games, seed, workers, client, progress, batch_size)


def _run_other(game: str, setup: str | None, policy: PolicySpec, games: int, seed: int, workers: int | None,
               client, progress, *, options: dict | None, max_rounds: int | None, max_steps: int,
               batch_size: int | None) -> SimResults:
    """:func:`run` for another registered game: validate in the caller, then the same backends."""
    from nollab.games import get_game
    spec = get_game(game)
    if setup is not None and not isinstance(setup, str):
        raise ValueError(f"setup must be a string such as {spec.default_setup!r}, got {setup!r}")
    spec.new(seed=0, setup=setup, options=dict(options or {}) or None, history=False)  # a bad setup fails here
    if isinstance(policy, str):
        spec.make_policy(policy, 0)
    else:
        make_policy(policy, 0)
    mr = int(spec.extra.get("sim_rounds", DEFAULT_MAX_ROUNDS)) if max_rounds is None else int(max_rounds)
    if mr < 1:
        raise ValueError(f"max_rounds must be >= 1, got {max_rounds!r}")
    setup = setup or spec.default_setup
    common = {"game": spec.name, "scene": setup, "policy": policy, "options": dict(options or {}),
              "max_rounds": mr, "max_steps": int(max_steps)}
    meta = {"game": spec.name, "scene": setup, "policy": policy_name(policy), "seed": int(seed), "games": games,
            "max_rounds": mr, "team": setup, "options": common["options"], "kill_types": list(spec.kill_types)}
    return _execute(common, meta, games, seed, workers, client, progress, batch_size)


def _execute(common: dict, meta: dict, games: int, seed: int, workers: int | None, client, progress,
             batch_size: int | None) -> SimResults:
    """Seed the games, cut them in batches and play them on the chosen backend."""
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be an integer >= 0, got {games!r}")
    if workers is not None and (not isinstance(workers, int) or workers < 0):
        raise ValueError(f"workers must be an integer >= 0, got {workers!r}")
    if batch_size is not None and (not isinstance(batch_size, int) or batch_size < 1):
        raise ValueError(f"batch_size must be an integer >= 1, got {batch_size!r}")
    items = [(i, s, ps) for i, (s, ps) in enumerate(game_seeds(seed, games))]
    nproc = (os.cpu_count() or 1) if workers is None else workers
    size = batch_size or max(4, min(64, math.ceil(games / (max(nproc, 1) * 8)) if games else 1))
    batches = _batches(items, size)
    show, close = _progress(progress, games)
    finished = [0]

    def update(done: int) -> None:
        finished[0] = done
        show(done)
    t0 = time.perf_counter()
    try:
        if client is not None:
            rows = _run_dask(client, common, batches, update)
            backend = "dask"
        elif nproc <= 1 or len(batches) <= 1:
            rows, done = [], 0
            for b in batches:
                rows += run_batch(common, b)
                done += len(b)
                update(done)
            backend = "in-process"
        else:
            rows = _run_processes(min(nproc, len(batches)), common, batches, update)
            backend = f"processes({min(nproc, len(batches))})"
    except KeyboardInterrupt:
        raise SimulationInterrupted(finished[0], games, time.perf_counter() - t0) from None
    finally:
        close()
    out = SimResults(rows, meta)
    out.timing = {"seconds": time.perf_counter() - t0, "backend": backend, "batches": len(batches),
                  "batch_size": size}
    return out


#: modules a forkserver preloads once, so its workers start with the engine already imported
PRELOAD = ["nollab.sim.runner", "nollab.sim.heuristic", "nollab.rules.game", "nollab.content"]


def run_batch_blob(blob: bytes, items: Sequence[tuple[int, int, int]]) -> list[dict]:
    """:func:`run_batch` with ``common`` serialised by cloudpickle (a policy class or lambda
    defined in a notebook travels by value)."""
    return run_batch(pickle.loads(blob), items)


def _defined_in_main(policy: Any) -> bool:
    """True for a class, function or instance defined in ``__main__``: plain pickle sends it by name,
    and a forkserver or spawned worker has no such name."""
    obj = policy if isinstance(policy, type) or callable(policy) and hasattr(policy, "__module__") else type(policy)
    return getattr(obj, "__module__", None) == "__main__"


def _payload(common: dict, method: str = "fork"):
    """(function, first argument) to send: cloudpickle if installed (extras ``[jupyter]``, ``[cluster]``), so any
    policy a notebook defines can be sent; else plain pickle, checked here with a clear error."""
    try:
        import cloudpickle
    except ImportError:
        try:
            pickle.dumps(common["policy"])
            if method != "fork" and _defined_in_main(common["policy"]):  # pickled by name: a worker cannot find it
                raise pickle.PicklingError("it is defined in __main__ (a notebook cell or a script)")
        except Exception as exc:  # lambdas, local functions, notebook classes, open handles...
            raise ValueError(f"policy {common['policy']!r} cannot be sent to worker processes ({exc}); define it "
                             "at module level, install cloudpickle, or use workers=1") from exc
        return run_batch, common
    return run_batch_blob, cloudpickle.dumps(common)


def _start_method() -> str:
    """``fork`` when this process has no other thread (cheap, workers inherit the warm caches);
    otherwise ``forkserver`` (forking a multi-threaded process, e.g. a Jupyter kernel, can
    deadlock), with the engine preloaded once in the server."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return "fork"
    if "forkserver" in methods:
        multiprocessing.get_context("forkserver").set_forkserver_preload(PRELOAD)
        return "forkserver"
    return "spawn"


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle (it cancels the run and stops the workers);
    a worker that also caught it would print its own traceback."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_pool(ex) -> None:
    """Cancel the queued batches and stop the workers now (not after the running batches finish):
    terminate, then kill whatever still runs after half a second."""
    procs = list((getattr(ex, "_processes", None) or {}).values())  # shutdown() forgets them
    ex.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    deadline = time.monotonic() + 0.5
    for p in procs:
        p.join(max(0.0, deadline - time.monotonic()))
        if p.is_alive():
            p.kill()
            p.join(1.0)


def _run_processes(n: int, common: dict, batches: list, update) -> list[dict]:
    from concurrent.futures import ProcessPoolExecutor, as_completed
    method = _start_method()
    fn, arg = _payload(common, method)
    rows: list[dict] = []
    done = 0
    ex = ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context(method),
                             initializer=_ignore_sigint)
    try:
        futs = {ex.submit(fn, arg, b): len(b) for b in batches}
        for f in as_completed(futs):
            rows += f.result()
            done += futs[f]
            update(done)
    except BaseException:  # Ctrl-C (or a failed batch): queued work cancelled, workers stopped at once
        _stop_pool(ex)
        raise
    ex.shutdown(wait=True)
    return rows


def _run_dask(client, common: dict, batches: list, update) -> list[dict]:
    from dask.distributed import as_completed
    # ``common`` is small (scene id, policy spec, options): sent with each task rather than
    # scattered, which avoids a released-while-reused race on content-hashed scatter keys
    futs = [client.submit(run_batch, common, b, pure=False) for b in batches]
    sizes = {f.key: len(b) for f, b in zip(futs, batches)}
    rows: list[dict] = []
    done = 0
    try:
        for f in as_completed(futs):
            rows += f.result()
            done += sizes[f.key]
            update(done)
    except BaseException:  # Ctrl-C: the cluster drops the queued and running batches of this run
        client.cancel(futs, force=True)
        raise
    return rows
