"""``ForecastPanel``: what the rest of the round holds, exactly, for the position on the board.

Refreshed on every step of a :class:`~nollab.widgets.game_player.GamePlayer`. It shows, from the
engine's own chance steps (:func:`nollab.prob.forecasting.forecast`, every Survivor still to play ending
their Turn, every decision at its default):

* P(someone dies this round) -- a Survivor eliminated, which loses the game (P. 8, 22);
* P(a Ghoul in the house) at the end of the round (interior Zones of a building);
* the active Survivor's best plan for their remaining Actions (:func:`nollab.prob.planning.best_turn`,
  goal ``clear``: their Zone, else the nearest Zone with Ghouls in sight), its exact probability and
  what the heuristic bot would do instead.

The searches run in a background thread once the position has been still for ``DEBOUNCE_S`` (the
board stays responsive, auto-play never piles searches up) and a newer position cancels an older search; each is bounded (``max_states``), and a position beyond the bound says so instead of a
number; a process runs one search at a time (the latest position asked by any panel). ``update(game,
wait=True)`` computes in the calling thread (tests, notebooks).

Test hooks (CSS classes): ``nollab-forecast-p-dies``, ``nollab-forecast-p-house``,
``nollab-forecast-p-lost`` (spans with ``data-value="p/q"``), ``nollab-forecast-plan``,
``nollab-forecast-plan-p`` (``data-value``), ``nollab-forecast-note``.
"""
from __future__ import annotations

import threading
import time
from html import escape
from typing import Any

import ipywidgets as W

from nollab.prob.planning import BestTurnError, best_turn
from nollab.prob.forecasting import ForecastError, forecast

from .charts import headline_html, pct_eye, timing_html, value_row

__all__ = ["ForecastPanel"]

#: the one search a process runs: the latest position asked by any panel (an older panel's search, e.g.
#: of a player left behind in a notebook, stops as soon as another panel asks)
_LATEST: list = [None]


class ForecastPanel(W.VBox):
    """The Forecast side panel (see the module doc)."""

    #: a background search starts once the position has not changed for this long (auto-play and quick
    #: clicking never pile up searches)
    DEBOUNCE_S = 1.5

    def __init__(self, *, max_states: int = 2_000, plan_states: int = 3_000, background: bool = True) -> None:
        self.max_states = max_states
        self.plan_states = plan_states
        self.background = background
        self.result = None  # the last Forecast (or None)
        self.plan = None  # the last BestTurn (or None)
        self.notes: list[str] = []
        self.last_update_ms = 0.0
        self._gen = 0
        self._thread: threading.Thread | None = None
        self._timer: threading.Timer | None = None
        self.body = W.HTML()
        self.body.add_class("nollab-forecast-body")
        super().__init__([W.HTML("<b>Forecast</b> <small>(exact, if every Survivor still to play ends "
                                 "their Turn now)</small>"), self.body],
                         layout=W.Layout(border="1px solid #ddd", padding="4px 6px", margin="6px 0"))
        self.add_class("nollab-forecast-panel")

    def update(self, game: Any, *, wait: bool = False) -> None:
        """Forecast the rest of the round from ``game`` (forked now, so later steps do not disturb it)."""
        self._gen += 1
        gen = self._gen
        _LATEST[0] = (id(self), gen)
        if game.over:
            self.result, self.plan, self.notes = None, None, [f"The game is over ({game.state.result})."]
            self.body.value = self._html()
            return
        g = game.fork()
        self.body.value = "<i class='nollab-forecast-computing'>computing…</i>"
        if self._timer is not None:
            self._timer.cancel()
        if wait or not self.background:
            self._work(g, gen)
        else:
            self._timer = threading.Timer(self.DEBOUNCE_S, self._start, args=(g, gen))
            self._timer.daemon = True
            self._timer.start()

    def _current(self, gen: int) -> bool:
        return self._gen == gen and _LATEST[0] == (id(self), gen)

    def _start(self, g: Any, gen: int) -> None:
        if self._current(gen):
            self._thread = threading.Thread(target=self._work, args=(g, gen), daemon=True)
            self._thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the pending background search (tests, notebooks)."""
        if self._timer is not None:
            self._timer.join(timeout)
        t = self._thread
        if t is not None:
            t.join(timeout)

    def cancel(self) -> None:
        """Drop any pending or running search (e.g. before closing the panel)."""
        self._gen += 1
        if self._timer is not None:
            self._timer.cancel()

    def _work(self, g: Any, gen: int) -> None:
        t0 = time.perf_counter()

        def stop() -> bool:
            return not self._current(gen)
        notes: list[str] = []
        result = plan = None
        try:
            result = forecast(g, "end_of_round", "default", max_states=self.max_states, stop=stop)
        except ForecastError as exc:
            if "cancelled" in str(exc):
                return
            notes.append(f"Round forecast: more than {self.max_states} positions to follow from here "
                         "(use nollab forecast with a larger --max-states)." if "max_states" in str(exc) else str(exc))
        st = g.state
        if st.phase == "players" and st.active is not None and st.result is None:
            try:
                plan = best_turn(g, "clear", bot="heuristic", max_states=self.plan_states, stop=stop)
            except BestTurnError as exc:
                if "cancelled" in str(exc):
                    return
                msg = str(exc).partition(": ")[2] or str(exc)
                notes.append(f"Best plan: {msg}")
        if self._gen != gen:
            return
        self.result, self.plan, self.notes = result, plan, notes
        self.last_update_ms = (time.perf_counter() - t0) * 1000
        self.body.value = self._html()

    def _html(self) -> str:
        parts = []
        f = self.result
        if f is not None:
            parts.append(headline_html("P(someone dies this round)", "nollab-forecast-p-dies", f.p_someone_dies))
            parts.append("<table>" + value_row("P(a Ghoul in the house at the end of the round)",
                                               "nollab-forecast-p-house", f.p_ghoul_in_house)
                         + value_row("P(the game is lost this round)", "nollab-forecast-p-lost", f.p_lost)
                         + "</table>")
            parts.append(f"<div style='font-size:11px;color:#777'>{f.states} positions, "
                         f"{len(f.outcomes)} outcomes</div>")
        b = self.plan
        if b is not None:
            lines = "<br>".join(escape(x) for x in b.lines(3)[:8])
            bot = (f"<div>the {escape(b.bot)} bot would play <code>{escape(str(b.bot_first))}</code>: "
                   f"{pct_eye(b.bot_p)}</div>" if b.bot is not None and b.bot_p is not None else "")
            parts.append(f"<div class='nollab-forecast-plan' style='margin-top:6px'><b>{escape(b.survivor)}'s best "
                         f"plan</b> ({b.actions_left} Action(s), goal {escape(b.goal)}): "
                         f"<span class='nollab-forecast-plan-p' data-value='{b.p.numerator}/{b.p.denominator}'>"
                         f"<b>{pct_eye(b.p)}</b></span><div style='font-family:monospace;font-size:11px'>"
                         f"{lines}</div>{bot}</div>")
        for n in self.notes:
            parts.append(f"<div class='nollab-forecast-note' style='color:#666;font-size:12px'>{escape(n)}</div>")
        if self.last_update_ms:
            parts.append(timing_html(self.last_update_ms))
        return "".join(parts)
