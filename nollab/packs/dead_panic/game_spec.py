"""Dead Panic on the game seam (:mod:`nollab.games`): the registered :class:`GameSpec`.

Registered as the entry point ``dead-panic`` of the group ``nollab.games`` (``pyproject.toml``), so
``nollab play --game dead-panic``, ``nollab simulate --game dead-panic`` and
``nollab.sim.run(..., game="dead-panic")`` find it. The engine is imported when a game is made.
"""
from __future__ import annotations

from typing import Any

from nollab.games.lazy_policies import LazyPolicies
from nollab.games.protocol import GameSpec

__all__ = ["GAME", "summary_text", "sim_row", "ZOMBIE_KINDS"]

#: the kill columns of a simulation table (the box's five types and a flipped Survivor)
ZOMBIE_KINDS = ("creeper", "shambler", "sprinter", "brawler", "brute", "survivor_zombie")


def _new(seed: int = 0, setup: str | None = None, options: dict | None = None, history: bool = True) -> Any:
    from nollab.packs.dead_panic.engine.game import Game
    if options:
        raise ValueError(f"Dead Panic takes no options, got {sorted(options)}")
    return Game.new(seed=seed, setup=setup, history=history)


def _from_json(text: str) -> Any:
    from nollab.packs.dead_panic.engine.game import Game
    return Game.from_json(text)


def _setups() -> list[str]:
    return ["2", "3", "4", "5", "6"]


def _live_odds(match: Any) -> dict:
    from nollab.packs.dead_panic.engine.odds import live_odds
    return live_odds(match)


def sim_row(summary: dict) -> dict:
    """A Dead Panic game's own columns: kills by type, Characters saved and turned."""
    kills = summary["kills"]
    row = {f"kills_{k}": int(kills.get(k, 0)) for k in ZOMBIE_KINDS}
    row["kills"] = sum(row[f"kills_{k}"] for k in ZOMBIE_KINDS)
    chars = summary["characters"].values()
    row["saved"] = sum(1 for c in chars if c["status"] == "van")
    row["deaths"] = sum(1 for c in chars if c["status"] in ("down", "zombie", "gone"))
    row["rescuers"] = summary["rescuers"] is not None
    return row


def summary_text(summary: dict) -> list[str]:
    """What ``nollab play --game dead-panic`` prints."""
    lines = [f"Dead Panic ({summary['setup']}) seed {summary['seed']} policy {summary['policy']}: "
             f"{summary['result']} after {summary['rounds']} round(s)"
             + (f" - {summary['reason']}" if summary["reason"] else ""),
             "kills: " + ", ".join(f"{k} {v}" for k, v in summary["kills"].items()),
             "walls: " + ", ".join(f"arc {a} {w}" for a, w in summary["walls"].items())
             + (f"; the Rescuers' van in {summary['rescuers']}" if summary["rescuers"] else "; Rescuers not called")]
    for cid, c in summary["characters"].items():
        lines.append(f"  {cid:8s} {c['status']:6s} injuries {c['injuries']}" + (f" in {c['space']}" if c["space"] else ""))
    lines.append(f"state hash {summary['state_hash']}")
    return lines


GAME = GameSpec(
    name="dead-panic",
    title="Dead Panic (Fireside Games)",
    new=_new,
    from_json=_from_json,
    setups=_setups,
    default_setup="4",
    policies=LazyPolicies("nollab.packs.dead_panic.engine.policy"),
    default_policy="bot",
    sim_row=sim_row,
    kill_types=ZOMBIE_KINDS,
    setup_help="a player count 2..6 (Characters in box order) or comma-separated Characters, e.g. al,ray,sandra",
    odds="dead-panic",
    notebook="09-dead-panic-learn-to-play.ipynb",
    page_style="p. N (the transcription's pages)",
    extra={"summary_text": summary_text, "play_rounds": 100, "sim_rounds": 100, "players_setup": True,
           "live_odds": _live_odds},
)
