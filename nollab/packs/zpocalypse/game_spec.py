"""Zpocalypse on the game seam (:mod:`nollab.games`): the registered :class:`GameSpec`.

Registered as the entry point ``zpocalypse`` of the group ``nollab.games`` (``pyproject.toml``), so
``nollab play --game zpocalypse``, ``nollab simulate --game zpocalypse`` and the game player find it. The
engine is imported when a game is made.
"""
from __future__ import annotations

from typing import Any

from nollab.games.lazy_policies import LazyPolicies
from nollab.games.protocol import GameSpec

__all__ = ["GAME", "summary_text", "sim_row"]


def _new(seed: int = 0, setup: str | None = None, options: dict | None = None, history: bool = True) -> Any:
    from nollab.packs.zpocalypse.game import Game
    if options:
        raise ValueError(f"Zpocalypse takes its options in the setup (players=..,scenario=..,base=..,mode=..), "
                         f"got options {sorted(options)}")
    return Game.new(seed=seed, setup=setup, history=history)


def _from_json(text: str) -> Any:
    from nollab.packs.zpocalypse.game import Game
    return Game.from_json(text)


def _setups() -> list[str]:
    from nollab.packs.zpocalypse.setup import SHIPPED
    return list(SHIPPED)


def sim_row(summary: dict) -> dict:
    """A Zpocalypse game's own columns: VPs, kills, wipes, days played."""
    sq = summary["squads"].values()
    kills = sum(s["kills"] for s in sq)
    return {"kills_zombie": kills, "kills": kills, "best_vp": max((s["vp"] + s["card_vp"] for s in sq), default=0),
            "wiped": sum(s["wiped"] for s in sq), "deaths": sum(s["lost"] for s in sq), "squads_out": sum(1 for s in sq if s["out"]),
            "days": summary["days"], "trap_kills": summary["trap_kills"]}


def summary_text(summary: dict) -> list[str]:
    """What ``nollab play --game zpocalypse`` prints."""
    lines = [f"Zpocalypse ({summary['setup']}) seed {summary['seed']} policy {summary.get('policy', '?')}: "
             f"{summary['result']} after {summary['days']} day(s), {summary['rounds']} combat round(s)"
             + (f" - {summary['reason']}" if summary["reason"] else "")]
    for pid, s in summary["squads"].items():
        lines.append(f"  {pid}: {s['vp']} VP + {s['card_vp']} on cards, {s['kills']} kills, wiped {s['wiped']}x"
                     + (" (out)" if s["out"] else f", survivors {', '.join(s['survivors']) or 'none'}"))
    lines.append(f"state hash {summary['state_hash']}")
    return lines


def _live_odds(match: Any) -> dict:
    node = match.chance()
    if node is None:
        return {}
    return {"kind": node.kind, "page": node.page, "prompt": node.prompt,
            "odds": {lab: f"{w}/{node.total}" for lab, w in zip(node.labels or map(str, node.outcomes), node.weights)}}


GAME = GameSpec(
    name="zpocalypse",
    title="Zpocalypse (Greenbrier Games)",
    new=_new,
    from_json=_from_json,
    setups=_setups,
    default_setup="2",
    policies=LazyPolicies("nollab.packs.zpocalypse.policy"),
    default_policy="bot",
    sim_row=sim_row,
    kill_types=("zombie",),
    setup_help="a player count 1..4, or options players=N,scenario=outbreak|last_stand|day_zero,base=hotel_lobby[:b],"
               "mode=easy|hardcore (each once)",
    odds="zpocalypse",
    notebook="12-zpocalypse-learn-to-play.ipynb",
    page_style="section of the rules summary",
    extra={"summary_text": summary_text, "play_rounds": 1000, "sim_rounds": 1000, "players_setup": True,
           "live_odds": _live_odds},
)
