"""Composed dashboards: the tabs of ``notebooks/dashboard.ipynb`` (served by ``nollab dashboard``).

API::

    odds_dashboard(content=None, game=None) -> ipywidgets.Tab
        # tabs: "Combat odds" (OddsPanel), "Spawn odds" (SpawnPanel), then one tab per other game
        # from nollab.widgets.packs_panel
    pack_tabs() -> list[(title, widget)]

``packs_panel.pack_panels()`` returns ``{title: widget}``. If building the panels fails, the
dashboard gets a tab that says why, so one broken pack never takes the odds down.
"""
from __future__ import annotations

from html import escape
from typing import Any, Mapping

import ipywidgets as W

from nollab.content import load_content

from . import packs_panel
from .odds_panel import OddsPanel
from .spawn_panel import SpawnPanel

__all__ = ["odds_dashboard", "pack_tabs"]


def _error_tab(title: str, exc: BaseException) -> W.HTML:
    return W.HTML(f"<p style='color:#b00020'>The {escape(title)} panel could not be built: "
                  f"{escape(type(exc).__name__)}: {escape(str(exc))}</p>")


def pack_tabs() -> list[tuple[str, Any]]:
    """One ``(title, widget)`` per other game, from :func:`nollab.widgets.packs_panel.pack_panels`."""
    try:
        items = packs_panel.pack_panels()
        pairs = list(items.items()) if isinstance(items, Mapping) else list(items)
    except Exception as exc:  # noqa: BLE001 - shown in its tab, never hidden
        return [("Other games", _error_tab("other games", exc))]
    return [(str(t), w) for t, w in pairs]


def odds_dashboard(content: Any = None, game: Any = None) -> W.Tab:
    """The odds dashboard: Combat odds, Spawn odds, and the other games' panels.

    With ``game``, the Spawn tab starts from that game's live deck and the Combat tab can be pointed
    at one of its Zones with ``tab.odds.set_from_zone(game, zone_id)``.
    """
    if content is None:
        content = load_content()
    odds = OddsPanel(content)
    spawn = SpawnPanel(content)
    if game is not None:
        spawn.set_from_game(game)
    tabs = [("Combat odds", odds), ("Spawn odds", spawn)] + pack_tabs()
    tab = W.Tab(children=[w for _, w in tabs])
    for i, (title, _) in enumerate(tabs):
        tab.set_title(i, title)
    tab.add_class("nollab-dashboard")
    tab.odds, tab.spawn = odds, spawn  # handles for notebooks and tests
    return tab
