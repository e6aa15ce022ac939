"""A Zpocalypse setup: players, Scenario, base tile set and Easy/Hardcore mode, validated.

``"2"`` is two players with the defaults; ``"players=3,scenario=last_stand,base=hotel_lobby:b,mode=hardcore"``
sets each option once. "Choose your starting base tile set ... The Hotel Lobby is recommended for first
time players, and the Park is for experienced players" (Setup); "Easy Mode ... Hardcore" (Death & First
Aid). A bad option gets one line naming it (a ``ValueError``) before anything is built.
"""
from __future__ import annotations

from typing import Any

from nollab.packs.zpocalypse.box import Box

__all__ = ["parse_setup", "setup_text", "OPTIONS", "DEFAULTS", "MODES", "SHIPPED"]

OPTIONS = ("players", "scenario", "base", "mode")
MODES = ("easy", "hardcore")
DEFAULTS = {"players": 2, "scenario": "outbreak", "base": "hotel_lobby", "mode": "easy"}
#: setups listed by ``GameSpec.setups()``
SHIPPED = ("1", "2", "3", "4", "2,mode=hardcore", "2,base=hotel_lobby:b", "2,scenario=last_stand",
           "2,scenario=day_zero")


def parse_setup(setup: Any, box: Box) -> dict:
    """The setup as a dict of :data:`OPTIONS` (see the module docstring)."""
    out = dict(DEFAULTS)
    if setup is None:
        items: list[tuple[str, Any]] = []
    elif isinstance(setup, dict):
        items = list(setup.items())
    elif isinstance(setup, int) and not isinstance(setup, bool):
        items = [("players", setup)]
    elif isinstance(setup, str):
        if len(setup) > 200:
            raise ValueError(f"a Zpocalypse setup is at most 200 characters, got {len(setup)}")
        items = []
        for part in (p.strip() for p in setup.split(",")):
            if not part:
                continue
            k, eq, v = part.partition("=")
            items.append((k.strip(), v.strip()) if eq else ("players", k.strip()))
    else:
        raise ValueError(f"a Zpocalypse setup is a player count or key=value options, got {type(setup).__name__}")
    seen = set()
    for k, v in items:
        if k not in OPTIONS:
            raise ValueError(f"unknown setup option {k!r} (options: {', '.join(OPTIONS)})")
        if k in seen:
            raise ValueError(f"setup option {k!r} is given twice")
        seen.add(k)
        out[k] = v
    r = box.rules
    p = out["players"]
    if isinstance(p, str):
        if not p.isdigit() or len(p) > 3:
            raise ValueError(f"players must be a whole number {r.min_players}..{r.max_players}, got {p!r}")
        p = int(p)
    if not isinstance(p, int) or isinstance(p, bool) or not r.min_players <= p <= r.max_players:
        raise ValueError(f"Zpocalypse is for {r.min_players} to {r.max_players} players (reconstructed), got {p!r}")
    out["players"] = p
    if out["scenario"] not in box.scenarios:
        raise ValueError(f"unknown scenario {out['scenario']!r} (one of {', '.join(box.scenarios)})")
    if out["base"] not in box.base_names():
        raise ValueError(f"unknown base tile set {out['base']!r} (one of {', '.join(box.base_names())})")
    if out["mode"] not in MODES:
        raise ValueError(f"mode must be easy or hardcore, got {out['mode']!r}")
    side = "b" if out["base"].endswith(":b") else "a"
    out["base"] = out["base"].split(":")[0]
    out["side"] = side
    return out


def setup_text(setup: dict) -> str:
    """The canonical text of a parsed setup (parses back to the same dict)."""
    base = setup["base"] + (":b" if setup.get("side") == "b" else "")
    return f"players={setup['players']},scenario={setup['scenario']},base={base},mode={setup['mode']}"
