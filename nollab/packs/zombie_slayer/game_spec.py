"""Zombie Slayer on the game seam (:mod:`nollab.games`): the registered :class:`GameSpec`.

Registered as the entry point ``zombie-slayer`` of the group ``nollab.games`` (``pyproject.toml``), so
``nollab play --game zombie-slayer``, ``nollab simulate --game zombie-slayer``, the MatchPlayer and the
play dashboard find it. The engine is imported when a game is made.
"""
from __future__ import annotations

from typing import Any

from nollab.games.lazy_policies import LazyPolicies
from nollab.games.protocol import GameSpec

__all__ = ["GAME", "summary_text", "sim_row", "ZOMBIE_KINDS"]

#: the kill columns of a simulation table
ZOMBIE_KINDS = ("violet", "green", "blue", "necromancer")


def _new(seed: int = 0, setup: str | None = None, options: dict | None = None, history: bool = True) -> Any:
    from nollab.packs.zombie_slayer.engine.game import Game
    if options:
        raise ValueError(f"Zombie Slayer takes no options, got {sorted(options)}")
    return Game.new(seed=seed, setup=setup, history=history)


def _from_json(text: str) -> Any:
    from nollab.packs.zombie_slayer.engine.game import Game
    return Game.from_json(text)


def _setups() -> list[str]:
    from nollab.packs.zombie_slayer.engine.game import SETUPS
    return list(SETUPS)


def sim_row(summary: dict) -> dict:
    """A Zombie Slayer game's own columns: Zombies destroyed by colour, Life left, cards placed."""
    kills = summary["kills"]
    row = {f"kills_{k}": int(kills.get(k, 0)) for k in ZOMBIE_KINDS}
    row["kills"] = sum(row[f"kills_{k}"] for k in ZOMBIE_KINDS[:3])
    row["life"] = summary["life"]
    row["cards"] = summary["cards"]
    row["boss"] = summary["boss"]
    return row


def summary_text(summary: dict) -> list[str]:
    """What ``nollab play --game zombie-slayer`` prints."""
    return [
        f"Zombie Slayer ({summary['setup']}) seed {summary['seed']} policy {summary.get('policy', '?')}: "
        f"{summary['result']} after {summary['rounds']} round(s)" + (f" - {summary['reason']}" if summary["reason"] else ""),
        "destroyed: " + (", ".join(f"{k} {v}" for k, v in summary["kills"].items()) or "none"),
        f"Life {summary['life']}, Luck {summary['luck']}, Experience {summary['xp']}, {summary['cards']} card(s) placed"
        + ("; the Temple was found" if summary["boss"] else ""),
        "skills: " + ", ".join(summary["skills"]) + "; items: " + (", ".join(summary["items"]) or "none")
        + (f"; followers: {', '.join(summary['followers'])}" if summary["followers"] else "")
        + (f"; {summary['townsmen']} townsmen" if summary["townsmen"] else ""),
        f"state hash {summary['state_hash']}",
    ]


GAME = GameSpec(
    name="zombie-slayer",
    title="Zombie Slayer (CatZeyeS Entertainment)",
    new=_new,
    from_json=_from_json,
    setups=_setups,
    default_setup="ludwig:6",
    policies=LazyPolicies("nollab.packs.zombie_slayer.engine.policy"),
    default_policy="bot",
    sim_row=sim_row,
    kill_types=ZOMBIE_KINDS,
    setup_help="slayer[:luck] -- the Slayer (ludwig) and the starting Luck 0..6 (6 for a first game)",
    odds="zombie-slayer",
    notebook="11-zombie-slayer-learn-to-play.ipynb",
    page_style="ch. Name (the rulebook's chapters; the transcription has no page numbers)",
    extra={"summary_text": summary_text, "play_rounds": 300, "sim_rounds": 300},
)
