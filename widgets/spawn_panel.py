"""``SpawnPanel``: exact odds of one spawn step (P. 24-25, 32), from a deck preset or a live game.

Inputs: the Danger Level the cards are read at, the number of Spawn Zones (one card each), the
difficulty preset of P. 32 (all #1-42, easy #1-21, hard #22-42; the Barricade & Door Opening cards
#43-46 on or off), the cards already discarded, and the Ghouls already on the board (for the chance
of running out of miniatures, P. 25). :meth:`SpawnPanel.set_from_game` reads all of that off a live
game: the highest Danger Level among living Survivors (P. 24), its Spawn Zones, its Ghoul deck and
discard pile, its Ghouls on the board. While the inputs are the live game's, the numbers are the
engine's own Spawn Step (:func:`nollab.prob.live.spawn_from_state`, answered by the game's chance
steps); once an input is changed they come from the calculator :func:`nollab.prob.spawn_step`.

API::

    panel = SpawnPanel(content=None, *, level="yellow", zones=1, deck="all", openings=True, discarded=())
    panel.set_from_game(game)          # a Game (with .state) or a GameState
    panel.result                       # nollab.prob.SpawnResult
    panel.last_update_ms

Test hooks (CSS classes): ``nollab-spawn-level``, ``-zones``, ``-deck``, ``-openings``, ``-discarded``,
``-summary`` (spans with ``data-value="p/q"``: ``nollab-spawn-p-relative``, ``-p-opening``,
``-expected-<type>`` (Ghouls placed, capped by the miniatures left, P. 25), ``-run-out-<type>``,
``-extra-<type>`` (expected extra Activations)), ``-error``.
"""
from __future__ import annotations

import time
from collections import OrderedDict
from html import escape
from typing import Any, Iterable, Sequence

import ipywidgets as W

from nollab.content_model import GHOUL_TYPES, ghoul_plural
from nollab.prob import select_deck, spawn_step
from nollab.render.palette import GHOUL_COLOUR

from .charts import dist_chart, error_html, timing_html, value_row

__all__ = ["SpawnPanel", "parse_discarded"]

LEVELS = ("blue", "yellow", "orange", "red")
_CACHE_SIZE = 64


def parse_discarded(text: str) -> tuple[int, ...]:
    """``"1, 12,40"`` -> ``(1, 12, 40)``; ValueError naming the bad entry."""
    out = []
    for part in text.replace(";", ",").split(","):
        part = part.strip().lstrip("#")
        if not part:
            continue
        if not part.isdigit():
            raise ValueError(f"discarded: {part!r} is not a card number (e.g. 1,12,40)")
        out.append(int(part))
    return tuple(out)


def _state_of(game: Any) -> Any:
    return getattr(game, "state", game)


class SpawnPanel(W.VBox):
    """Spawn-step inputs on the left; exact odds (numbers and bar charts) on the right."""

    def __init__(self, content: Any = None, *, level: str = "yellow", zones: int = 1, deck: str = "all",
                 openings: bool = True, discarded: Iterable[int] = ()) -> None:
        if content is None:
            from nollab.content import load_content

            content = load_content()
        self.content = content
        self.pools = {t: g.pool for t, g in content.ghoul_types.items()}
        self.result: Any = None
        self.last_update_ms = 0.0
        self.live_cards: Sequence[Any] | None = None  # the cards of a live game's deck + discard
        self._live: tuple | None = None  # (inputs key, SpawnResult of the live game's own step)
        self._cache: OrderedDict = OrderedDict()
        self._syncing = False
        sm = {"description_width": "initial"}
        self.w_level = W.Dropdown(options=[(lv.title(), lv) for lv in LEVELS], value=level,
                                  description="Danger Level", style=sm, layout=W.Layout(width="220px"))
        self.w_zones = W.BoundedIntText(value=zones, min=0, max=8, description="Spawn Zones", style=sm,
                                        layout=W.Layout(width="160px"))
        self.w_deck = W.Dropdown(options=[("all (#1-42)", "all"), ("easy (#1-21)", "easy"),
                                          ("hard (#22-42)", "hard")], value=deck, description="Deck",
                                 style=sm, layout=W.Layout(width="220px"))
        self.w_openings = W.Checkbox(value=openings, description="Opening cards #43-46", indent=False)
        self.w_discarded = W.Text(value=",".join(map(str, discarded)), description="Discarded",
                                  placeholder="e.g. 1,12,40", continuous_update=False, style=sm,
                                  layout=W.Layout(width="320px"))
        self.w_on_board = {t: W.BoundedIntText(value=0, min=0, max=60, description=ghoul_plural(t), style=sm,
                                               layout=W.Layout(width="140px")) for t in GHOUL_TYPES}
        self.w_source = W.HTML("")
        for name, w in [("level", self.w_level), ("zones", self.w_zones), ("deck", self.w_deck),
                        ("openings", self.w_openings), ("discarded", self.w_discarded)] + [
                (f"on-board-{t}", w) for t, w in self.w_on_board.items()]:
            w.add_class(f"nollab-spawn-{name}")
        self.out_error = W.HTML("")
        self.out_error.add_class("nollab-spawn-error")
        self.out_summary = W.HTML("")
        self.out_summary.add_class("nollab-spawn-summary")
        self.out_total = W.HTML("")
        self.out_types = W.HTML("")
        self.out_timing = W.HTML("")
        self.out_timing.add_class("nollab-spawn-timing")
        inputs = W.VBox([
            W.HTML("<b>Spawn step</b>"), self.w_source, self.w_level, self.w_zones, self.w_deck,
            self.w_openings, self.w_discarded, W.HTML("<b>Ghouls on the board</b>"),
            W.HBox([self.w_on_board["walker"], self.w_on_board["breaker"]]),
            W.HBox([self.w_on_board["fatty"], self.w_on_board["relative"]]),
        ], layout=W.Layout(width="380px"))
        outputs = W.VBox([self.out_error, self.out_summary, self.out_total, self.out_types, self.out_timing])
        super().__init__([W.HBox([inputs, outputs])])
        self.add_class("nollab-spawn-panel")
        for w in [self.w_level, self.w_zones, self.w_discarded, *self.w_on_board.values()]:
            w.observe(self._on_input, "value")
        for w in (self.w_deck, self.w_openings):
            w.observe(self._on_preset, "value")
        self.update()

    def _on_input(self, change: dict) -> None:
        if not self._syncing:
            self.update()

    def _on_preset(self, change: dict) -> None:
        if self._syncing:
            return
        self.live_cards = None  # choosing a preset leaves the live game's deck
        self.w_source.value = ""
        self.update()

    # -- live game --------------------------------------------------------------------------------
    def set_from_game(self, game: Any) -> None:
        """Read the next spawn step off a live game with :func:`nollab.prob.live.spawn_from_state`: the
        highest Danger Level of the living Survivors (P. 24, Ultrared P. 32), one card per active Spawn
        token (P. 24), the Ghoul deck + discard pile and the Ghouls on the board (P. 25)."""
        from nollab.prob.live import spawn_from_state

        st = _state_of(game)
        res = spawn_from_state(game, content=self.content)
        live = res.live
        self._syncing = True
        try:
            self.live_cards = list(live.cards)
            self.w_level.value = LEVELS[live.level]
            self.w_zones.value = min(sum(live.tokens.values()), self.w_zones.max)
            self.w_discarded.value = ",".join(str(n) for n in live.discards)
            for t, w in self.w_on_board.items():
                w.value = live.on_board.get(t, 0)
        finally:
            self._syncing = False
        self._live = (self._key(), res) if sum(live.tokens.values()) == self.w_zones.value else None
        tokens = ", ".join(f"{z}×{n}" if n > 1 else z for z, n in live.tokens.items()) or "none"
        how = "the engine's own Spawn Step" if live.source == "engine" else "the calculator"
        self.w_source.value = (f"<i>live: round {st.round}, {len(live.draw_pile)} cards to draw, "
                               f"{len(live.discards)} discarded; Spawn Zones {escape(tokens)}; {how}</i>")
        self.update()

    # -- output -----------------------------------------------------------------------------------
    def _key(self) -> tuple:
        """The current inputs (ValueError if the discards do not parse)."""
        live = tuple(c.number for c in self.live_cards) if self.live_cards is not None else None
        return (self.w_level.value, self.w_zones.value, self.w_deck.value, self.w_openings.value,
                parse_discarded(self.w_discarded.value), tuple(w.value for w in self.w_on_board.values()), live)

    def compute(self) -> Any:
        """The :class:`nollab.prob.SpawnResult` of the current inputs (cached; ValueError if bad): the
        live game's own Spawn Step while the inputs are the ones read off it, else the calculator."""
        key = self._key()
        if self._live is not None and self._live[0] == key:
            return self._live[1]
        _level, _zones, _deck, _openings, discarded, on_board, live = key
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        if self.live_cards is not None:
            cards = list(self.live_cards)
        else:
            cards = select_deck(self.content.ghoul_deck, self.w_deck.value, self.w_openings.value)
        result = spawn_step(cards, self.w_level.value, self.w_zones.value, discarded,
                            dict(zip(GHOUL_TYPES, on_board)), self.pools)
        self._cache[key] = result
        if len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)
        return result

    def update(self) -> None:
        """Recompute and redraw (bad input: an error line naming the field, the charts stay)."""
        t0 = time.perf_counter()
        try:
            r = self.compute()
        except ValueError as exc:
            self.out_error.value = error_html(exc)
            return
        self.out_error.value = ""
        self.result = r
        self._render(r)
        self.last_update_ms = (time.perf_counter() - t0) * 1000
        self.out_timing.value = timing_html(self.last_update_ms)

    def _render(self, r: Any) -> None:
        row = value_row  # percentage first and large, the exact fraction beside it (folded when long)

        rows = [row("P(at least one Relative)", "nollab-spawn-p-relative", r.p_relative),
                row("P(a Door/Barricade Opening card acts)", "nollab-spawn-p-opening", r.p_opening)]
        rows += [row(f"Expected {ghoul_plural(t)} placed", f"nollab-spawn-expected-{t}", r.expected[t], percent=False)
                 for t in r.types]
        rows += [row(f"P(out of {ghoul_plural(t)} miniatures: extra Activation)", f"nollab-spawn-run-out-{t}", r.p_run_out[t])
                 for t in r.types if r.p_run_out.get(t)]
        # a card short of miniatures places what is left, then one extra Activation each (P. 25)
        rows += [row(f"Expected extra Activations of the {ghoul_plural(t)}", f"nollab-spawn-extra-{t}",
                     r.extra(t).mean(), percent=False) for t in r.types if r.p_run_out.get(t)]
        if r.reshuffle:
            rows.append("<tr><td colspan=3><i>the deck runs out: the discards are reshuffled (P. 24)</i></td></tr>")
        self.out_summary.value = f"<table class='nollab-spawn-table'>{''.join(rows)}</table>"
        # only what is shown: the total and one marginal per type, never the joint (P. 24-25)
        total = r.total()
        self.out_total.value = dist_chart(total, title="Ghouls spawned (all types)", css_class="spawn-total",
                                          width=420, color="#5a4a8a")
        colors = GHOUL_COLOUR  # the board's colours (one palette)
        charts = []
        for t in r.types:
            marginal = r.marginal(t)
            if len(marginal) > 1:
                charts.append(dist_chart(marginal, title=ghoul_plural(t), css_class=f"spawn-{t}",
                                         width=210, height=130, color=colors.get(t, "#555")))
        self.out_types.value = "<div style='display:flex;flex-wrap:wrap;gap:6px'>" + "".join(charts) + "</div>"
