"""The play dashboard (``notebooks/dashboard-play.ipynb``): a game picker over the game players.

Every game of the registry (:func:`nollab.games.games`, entry points of the group
``nollab.games``) is in the picker. NOTLD is played with its own
:class:`~nollab.widgets.game_player.GamePlayer` (Survivor dashboards, lines of sight, Ghoul
routes); every other game -- Dead Panic, and any game registered later -- with the game-agnostic
:class:`~nollab.widgets.match_player.MatchPlayer`, which knows a game only through the seam.

A player is built the first time its game is picked and kept, so switching back finds the game
where it was left; a game whose player cannot be built shows why in its place and never takes the
others down.
"""
from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as W

from nollab.games import games

__all__ = ["PlayDashboard", "player_for"]

NOTLD = "notld"
#: the MatchPlayer's board on the page: 3/4 of its pixels, so board and side column fit 1,280 px
BOARD_SCALE = 0.75


def player_for(name: str, seed: int = 1) -> Any:
    """The player widget of the registered game ``name``."""
    if name == NOTLD:
        from .game_player import GamePlayer
        return GamePlayer(scene="S1", seed=seed)
    from .match_player import MatchPlayer
    return MatchPlayer(name, seed=seed, scale=BOARD_SCALE)


class PlayDashboard(W.VBox):
    """``PlayDashboard(game="notld")``: the game picker and the picked game's player.

    ``dashboard.player`` is the shown player; ``dashboard.pick(name)`` switches game.
    ``make`` (tests) builds a player from a game name and a seed.
    """

    def __init__(self, game: str = NOTLD, seed: int = 1, *,
                 make: Callable[[str, int], Any] | None = None) -> None:
        self.seed = seed
        self._make = make or player_for
        reg = games()
        if game not in reg:
            raise ValueError(f"unknown game {game!r} (registered: {', '.join(reg)})")
        self.players: dict[str, Any] = {}
        self.picker = W.Dropdown(options=[(spec.title, name) for name, spec in reg.items()], value=game,
                                 description="Game", layout=W.Layout(width="360px"))
        self.picker.add_class("nollab-game-picker")
        self.holder = W.Box()
        super().__init__([self.picker, self.holder])
        self.add_class("nollab-play-dashboard")
        self.pick(game)
        self.picker.observe(lambda ch: self.pick(ch["new"]), names="value")

    @property
    def player(self) -> Any:
        return self.holder.children[0] if self.holder.children else None

    def pick(self, name: str) -> Any:
        """Show game ``name``'s player (built on first use); returns it."""
        old = self.player
        if old is not None and hasattr(old, "play"):
            old.play.playing = False  # no auto-play behind the page
        if name not in self.players:
            try:
                self.players[name] = self._make(name, self.seed)
            except Exception as exc:  # noqa: BLE001 - shown in place, never hidden
                self.players[name] = W.HTML(f"<p style='color:#b00020'>{escape(name)} cannot be played here: "
                                            f"{escape(type(exc).__name__)}: {escape(str(exc))}</p>")
        if self.picker.value != name:
            self.picker.value = name  # observe calls pick again: same player, no harm
        self.holder.children = (self.players[name],)
        return self.players[name]
