"""Composed dashboards: the tabs of ``notebooks/dashboard.ipynb`` (served by ``nollab dashboard``).

API::

    odds_dashboard(content=None, game=None, lazy=True) -> ipywidgets.Tab
        # tabs: "Combat odds" (OddsPanel), "Spawn odds" (SpawnPanel), then one tab per other game
        # from nollab.widgets.packs_panel, each built when first opened (LazyTab)
    pack_tabs() -> list[(title, widget)]

``packs_panel.pack_panels()`` returns ``{title: widget}``. If building the panels fails, the
dashboard gets a tab that says why, so one broken pack never takes the odds down.
"""
from __future__ import annotations

from html import escape
from typing import Any, Callable, Mapping

import ipywidgets as W

from nollab.content import load_content

from . import packs_panel
from .odds_panel import OddsPanel
from .spawn_panel import SpawnPanel

__all__ = ["odds_dashboard", "pack_tabs", "lazy_pack_tabs", "LazyTab"]


def _error_tab(title: str, exc: BaseException) -> W.HTML:
    return W.HTML(f"<p style='color:#b00020'>The {escape(title)} panel could not be built: "
                  f"{escape(type(exc).__name__)}: {escape(str(exc))}</p>")


class LazyTab(W.VBox):
    """A tab's place holder: ``build()`` makes its panel the first time the tab is opened.

    Every widget model of a page is built in the visitor's kernel, sent to the browser (the widget
    state a page asks for before its first chart) and given a view there, shown or not: the other
    games' three panels are 119 of the odds dashboard's 299 models and 93 KB of its 231 KB of state,
    so they wait until their tab is opened; a panel that fails says why in its tab.
    """

    def __init__(self, title: str, factory: Callable[[], Any]) -> None:
        self.title, self.factory, self.panel = title, factory, None
        super().__init__([W.HTML(f"<i>{escape(title)}: opening…</i>")])

    def build(self) -> Any:
        if self.panel is None:
            try:
                self.panel = self.factory()
            except Exception as exc:  # noqa: BLE001 - shown in its tab, never hidden
                self.panel = _error_tab(self.title, exc)
            old = self.children
            self.children = (self.panel,)
            for w in old:
                w.close()
        return self.panel


def lazy_pack_tabs() -> list[tuple[str, LazyTab]]:
    """One :class:`LazyTab` per other game (:data:`nollab.widgets.packs_panel.PANELS`)."""
    try:
        items = list(packs_panel.PANELS.items())
    except Exception as exc:  # noqa: BLE001 - shown in its tab, never hidden
        return [("Other games", _error_tab("other games", exc))]
    return [(str(t), LazyTab(str(t), cls)) for t, cls in items]


def pack_tabs() -> list[tuple[str, Any]]:
    """One ``(title, widget)`` per other game, from :func:`nollab.widgets.packs_panel.pack_panels`."""
    try:
        items = packs_panel.pack_panels()
        pairs = list(items.items()) if isinstance(items, Mapping) else list(items)
    except Exception as exc:  # noqa: BLE001 - shown in its tab, never hidden
        return [("Other games", _error_tab("other games", exc))]
    return [(str(t), w) for t, w in pairs]


def odds_dashboard(content: Any = None, game: Any = None, lazy: bool = True) -> W.Tab:
    """The odds dashboard: Combat odds, Spawn odds, and the other games' panels (built when their
    tab is first opened, unless ``lazy=False``).

    With ``game``, the Spawn tab starts from that game's live deck and the Combat tab can be pointed
    at one of its Zones with ``tab.odds.set_from_zone(game, zone_id)``.
    """
    if content is None:
        content = load_content()
    odds = OddsPanel(content)
    spawn = SpawnPanel(content)
    if game is not None:
        spawn.set_from_game(game)
    tabs = [("Combat odds", odds), ("Spawn odds", spawn)] + (lazy_pack_tabs() if lazy else pack_tabs())
    tab = W.Tab(children=[w for _, w in tabs])
    for i, (title, _) in enumerate(tabs):
        tab.set_title(i, title)

    def opened(change: dict) -> None:
        child = tab.children[change["new"]] if change["new"] is not None else None
        if isinstance(child, LazyTab):
            child.build()

    tab.observe(opened, "selected_index")
    tab.add_class("nollab-dashboard")
    tab.odds, tab.spawn = odds, spawn  # handles for notebooks and tests
    return tab
