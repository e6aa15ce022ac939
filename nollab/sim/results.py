"""The results table of a Monte Carlo run: one plain-dict row per game, plus summaries.

Why plain dicts: rows cross process and Dask boundaries cheaply, compare with ``==`` (the
workers=1 vs workers=2 vs Dask tests compare whole tables), print as JSON, and turn into a
pandas DataFrame only when pandas is installed (:meth:`SimResults.to_pandas`); the core never
needs pandas.

Row fields (:data:`ROW_FIELDS`)::

    index     game number in the run (0..N-1): the i-th child of SeedSequence(seed)
    seed      the integer seed the game was created with (Game.new(seed=...))
    policy_seed   the seed of the game's own policy (make_policy(spec, policy_seed))
    result    "won" | "lost" | "timeout" (no result within max_rounds)
    rounds    rounds started (the round in progress when the game ended)
    kills_walker, kills_breaker, kills_fatty, kills_relative, kills   (P. 17)
    xp        total XP earned by the team;  deaths  Survivors eliminated
    cause     the engine's reason for the result ("" for a timeout: see result)
    steps     engine steps (actions, choices and engine tasks);  state_hash  final state
"""
from __future__ import annotations

import json
import math
from collections import Counter
from typing import Any, Iterable, Iterator

from nollab.content_model import GHOUL_TYPES

ROW_FIELDS = ("index", "seed", "policy_seed", "result", "rounds", *(f"kills_{g}" for g in GHOUL_TYPES), "kills", "xp",
              "deaths", "cause", "steps", "state_hash")

__all__ = ["SimResults", "ROW_FIELDS", "wilson_interval", "row_from_summary"]


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95 % for z=1.96). Chosen over the normal
    approximation because it stays inside [0, 1] and behaves at 0 or N wins (small N, hard scenes)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    lo = 0.0 if wins == 0 else max(0.0, centre - half)  # exact ends: rounding must not leave 0 or 1
    hi = 1.0 if wins == n else min(1.0, centre + half)
    return (min(lo, p), max(hi, p))


def row_from_summary(index: int, seed: int, summary: dict, timed_out: bool, policy_seed: int = 0) -> dict:
    """One table row from ``Game.summary()`` (see the module docstring for the fields)."""
    kills = summary["kills"]
    survivors = summary["survivors"].values()
    row: dict[str, Any] = {"index": index, "seed": seed, "policy_seed": policy_seed,
                           "result": "timeout" if timed_out else summary["result"],
                           "rounds": summary["rounds"]}
    for g in GHOUL_TYPES:
        row[f"kills_{g}"] = int(kills.get(g, 0))
    row["kills"] = sum(row[f"kills_{g}"] for g in GHOUL_TYPES)
    row["xp"] = sum(int(s["xp"]) for s in survivors)
    row["deaths"] = sum(1 for s in survivors if not s["alive"])
    row["cause"] = "" if timed_out else summary.get("reason", "")
    row["steps"] = summary["steps"]
    row["state_hash"] = summary["state_hash"]
    return row


class SimResults:
    """Rows (sorted by ``index``) and the run's parameters (``meta``). Sequence-like:
    ``len(r)``, ``r[i]``, iteration; ``r == other`` compares rows and meta."""

    def __init__(self, rows: Iterable[dict], meta: dict | None = None):
        self.rows: list[dict] = sorted(rows, key=lambda r: r["index"])
        self.meta: dict = dict(meta or {})
        self.timing: dict = {}  # wall time, backend, batches (not part of equality)

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict]:
        return iter(self.rows)

    def __getitem__(self, i):
        return self.rows[i]

    def __eq__(self, other) -> bool:
        if not isinstance(other, SimResults):
            return NotImplemented
        return self.rows == other.rows and self.meta == other.meta

    def __repr__(self) -> str:
        s = self.summary()
        return (f"SimResults({s['games']} games of {self.meta.get('scene', '?')} with "
                f"{self.meta.get('policy', '?')}: win rate {s['win_rate']:.3f} "
                f"[{s['win_ci'][0]:.3f}, {s['win_ci'][1]:.3f}])")

    @property
    def kill_types(self) -> tuple[str, ...]:
        """The ``kills_<type>`` columns: NOTLD's Ghoul types, or another game's (``meta["kill_types"]``)."""
        return tuple(self.meta.get("kill_types") or GHOUL_TYPES)

    # ---- summaries ------------------------------------------------------------------------
    def count(self, result: str) -> int:
        return sum(1 for r in self.rows if r["result"] == result)

    def summary(self) -> dict:
        """Win rate with a 95 % Wilson interval, mean rounds, rounds histogram, kills by type,
        losses by cause, timeouts."""
        n = len(self.rows)
        wins = self.count("won")
        rounds = Counter(r["rounds"] for r in self.rows)
        return {
            "games": n, "wins": wins, "losses": self.count("lost"), "timeouts": self.count("timeout"),
            "win_rate": wins / n if n else 0.0, "win_ci": wilson_interval(wins, n),
            "mean_rounds": sum(r["rounds"] for r in self.rows) / n if n else 0.0,
            "rounds_histogram": {k: rounds[k] for k in sorted(rounds)},
            "kills_by_type": {g: sum(r[f"kills_{g}"] for r in self.rows) for g in self.kill_types},
            "mean_kills": sum(r["kills"] for r in self.rows) / n if n else 0.0,
            "mean_xp": sum(r.get("xp", 0) for r in self.rows) / n if n else 0.0,
            "mean_deaths": sum(r.get("deaths", 0) for r in self.rows) / n if n else 0.0,
            "causes": dict(Counter(r["cause"] for r in self.rows if r["result"] == "lost").most_common()),
            "steps": sum(r["steps"] for r in self.rows),
        }

    def column(self, name: str) -> list:
        if self.rows and name not in self.rows[0]:
            raise KeyError(f"no column {name!r} (columns: {', '.join(self.rows[0])})")
        return [r[name] for r in self.rows]

    # ---- export ---------------------------------------------------------------------------
    def to_dicts(self) -> list[dict]:
        return [dict(r) for r in self.rows]

    def to_json(self) -> str:
        return json.dumps({"meta": self.meta, "summary": self.summary(), "rows": self.rows}, sort_keys=True)

    def to_pandas(self):
        """A ``pandas.DataFrame`` of the rows (ImportError with a hint if pandas is missing)."""
        try:
            import pandas as pd
        except ImportError as exc:  # pandas is optional: the core never needs it
            raise ImportError("to_pandas() needs pandas (pip install pandas); the rows are in .rows") from exc
        return pd.DataFrame(self.rows, columns=list(self.rows[0]) if self.rows else list(ROW_FIELDS))

    def text(self) -> str:
        """A short human-readable report (the CLI's default output)."""
        s = self.summary()
        m = self.meta
        lo, hi = s["win_ci"]
        what = f"{m['game']} ({m.get('scene')})" if m.get("game") else m.get("scene", "?")
        team = "" if m.get("game") else f", team {m.get('team', '?')}"
        lines = [f"{what} with {m.get('policy', '?')}: {s['games']} games "
                 f"(seed {m.get('seed')}, max {m.get('max_rounds')} rounds{team})",
                 f"  won {s['wins']}  lost {s['losses']}  timeout {s['timeouts']}",
                 f"  win rate {s['win_rate']:.1%}  (95% CI {lo:.1%} .. {hi:.1%})",
                 f"  mean rounds {s['mean_rounds']:.2f}  mean kills {s['mean_kills']:.2f}  "
                 + (f"mean XP {s['mean_xp']:.2f}  " if not self.rows or "xp" in self.rows[0] else "")
                 + f"mean deaths {s['mean_deaths']:.2f}",
                 "  kills by type: " + ", ".join(f"{g} {c}" for g, c in s["kills_by_type"].items()),
                 "  rounds: " + " ".join(f"{k}:{v}" for k, v in s["rounds_histogram"].items())]
        if s["causes"]:
            lines.append("  losses by cause:")
            lines += [f"    {c:>5}  {why}" for why, c in s["causes"].items()]
        return "\n".join(lines)
