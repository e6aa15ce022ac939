"""MatchPlayer: play or watch any registered game, one step at a time, on its own board.

The game-agnostic sibling of NOTLD's :class:`~nollab.widgets.game_player.GamePlayer`: everything
it shows and does goes through the seam (:mod:`nollab.games`, the ``Match`` protocol) by way of
:class:`~nollab.widgets.match_driver.MatchDriver`, so Dead Panic, and any game registered later
(an entry point of the group ``nollab.games``), is played here with no change to this module.

Layout: controls (setup, seed, new game; step, next decision, end of phase, end of round, undo;
auto-play with the game's own bots and a speed) over the board -- the game's display list
(``match.display_list()``, drawn by :class:`BoardView` on the canvas layers) -- and a side column:
the pending decision (one button per option, the default marked), the pending die roll or draw as
an explicit chance node (each outcome with its exact chance; a click forces it, Step draws it from
the match's seed), the legal actions (one button each, labelled by ``match.describe``) and the
event log, newest first, each event with its rule reference.

A click on a board space with exactly one legal action going there takes it (a Move); otherwise it
selects the space and the action list shows only the actions that name it.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from nollab.games import GameSpec
from nollab.render import Overlay

from .board_view import BoardView
from .match_driver import MAX_SEED, MatchDriver
from .player_parts import EventLog, button, replace_children
from .rule_notes import page_details

__all__ = ["MatchPlayer"]

MAX_BUTTONS = 40


def _pct(p: Any) -> str:
    """A probability as a person reads it: 16.7 %, never 0 % or 100 % for a possible, uncertain one."""
    x = float(p) * 100
    if 0 < x < 0.1:
        return "<0.1 %"
    if 99.9 < x < 100:
        return ">99.9 %"
    return f"{x:.1f} %"


class MatchPlayer(W.VBox):
    """The turn-by-turn stepper for any registered game.

    ``MatchPlayer("dead-panic", seed=1, setup="4")``; ``player.driver.match`` is the live match.
    ``scale`` shrinks or grows the board on the page (the canvas keeps its pixels).
    """

    def __init__(self, game: str | GameSpec = "dead-panic", seed: int = 1, setup: str | None = None, *,
                 scale: float = 1.0) -> None:
        self.driver = MatchDriver(game, seed, setup)
        spec = self.driver.spec
        self.selected: str | None = None
        self._keys: dict[str, Any] = {}
        self._rules_index = spec.page_style == "P. N"  # NOTLD's pages open the rules index entry
        self.log_rows = EventLog(self._page)

        # ---- controls
        setups = list(spec.setups()) or [self.driver.setup]
        if self.driver.setup not in setups:
            setups.append(self.driver.setup)
        self.setup_picker = W.Dropdown(options=setups, value=self.driver.setup, description="Setup",
                                       tooltip=spec.setup_help, layout=W.Layout(width="170px"))
        self.seed_box = W.BoundedIntText(value=seed, min=0, max=MAX_SEED, description="Seed",
                                         layout=W.Layout(width="160px"))
        self.new_button = button("New game", "Start a new game with this setup and seed")
        self.step_button = button("Step", "One atomic step: an engine task, a die roll or draw, or one decision",
                                   style="primary")
        self.next_button = button("Next decision", "Run until the next player action or decision")
        self.phase_button = button("End of phase", "Run until the phase changes")
        self.round_button = button("End of round", "Run until the next round starts")
        self.undo_button = button("Undo", "Take back the last step")
        policies = self.driver.policy_names()
        self.policy = W.Dropdown(options=policies, value=spec.default_policy if spec.default_policy in policies
                                 else policies[0], description="Policy", layout=W.Layout(width="180px"))
        self.policy_plays = W.Checkbox(value=True, description="policy plays the decisions", indent=False,
                                       layout=W.Layout(width="210px"))
        self.play = W.Play(value=0, min=0, max=10**9, step=1, interval=400, description="Auto-play",
                           show_repeat=False)
        self.speed = W.IntSlider(value=400, min=50, max=2000, step=50, description="ms/step",
                                 layout=W.Layout(width="250px"))
        W.jslink((self.speed, "value"), (self.play, "interval"))
        self.status = W.HTML()
        self.status.add_class("nollab-status")

        # ---- board and side column
        self.board = BoardView(self._display_list(), scale=scale)
        self.board.on_zone_click(self._on_space)
        self.choice_box = W.VBox()
        self.chance_box = W.VBox()
        self.actions_box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap", max_height="220px",
                                                 overflow="auto"))
        self.event_log = W.HTML(layout=W.Layout(border="1px solid #ccc", padding="2px 4px"))
        self.event_log.add_class("nollab-log")
        side = W.VBox([W.HTML("<b>Decision</b>"), self.choice_box,
                       W.HTML("<b>Die roll or draw</b>"), self.chance_box,
                       W.HTML("<b>Actions</b>"), self.actions_box,
                       W.HTML("<b>Event log</b> <small>(newest first, with the rule of each event)</small>"),
                       self.event_log],
                      layout=W.Layout(width="430px", margin="0 0 0 10px"))

        # ---- wiring
        self.new_button.on_click(lambda _b: self.new_game())
        self.step_button.on_click(lambda _b: self.run("step"))
        self.next_button.on_click(lambda _b: self.run("decision"))
        self.phase_button.on_click(lambda _b: self.run("phase"))
        self.round_button.on_click(lambda _b: self.run("round"))
        self.undo_button.on_click(lambda _b: self.undo())
        self.play.observe(self._on_tick, names="value")

        controls = W.VBox([
            W.HBox([self.setup_picker, self.seed_box, self.new_button]),
            W.HBox([self.step_button, self.next_button, self.phase_button, self.round_button, self.undo_button]),
            W.HBox([self.play, self.speed, self.policy, self.policy_plays]),
        ])
        super().__init__([controls, self.status, W.Box([self.board, side],
                                                       layout=W.Layout(display="flex", flex_flow="row wrap"))])
        self.add_class("nollab-match-player")
        self.refresh()

    # ------------------------------------------------------------------ operations (buttons and tests)
    def new_game(self, seed: int | None = None, setup: str | None = None) -> None:
        """Start a new match (defaults: the seed box and the setup picker); a bad one keeps the old."""
        self.play.playing = False
        seed = self.seed_box.value if seed is None else seed
        setup = self.setup_picker.value if setup is None else setup
        try:
            self.driver.new(seed, setup)
        except Exception as exc:  # a setup the game refuses: say so, keep the old match
            self.driver.error = f"cannot start setup {setup!r}: {type(exc).__name__}: {exc}"
            self.refresh()
            return
        self.selected = None
        self.log_rows.reset()
        self.refresh()

    def run(self, target: str) -> None:
        """Run toward ``target`` ("step", "decision", "phase", "round", "end")."""
        self._guard(lambda: self.driver.advance(target, self.policy.value, self.policy_plays.value))

    def undo(self) -> None:
        self._guard(self.driver.undo)

    def apply(self, action: Any) -> None:
        self.selected = None
        self._guard(lambda: self.driver.apply(action))

    def choose(self, index: int) -> None:
        self._guard(lambda: self.driver.choose(index))

    def force(self, index: int) -> None:
        self._guard(lambda: self.driver.force(index))

    def _guard(self, fn: Any) -> None:
        """Run an engine call; an illegal one shows its rule in the status line and changes nothing."""
        self.driver.error = ""
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - shown, never raised inside a widget callback
            self.driver.error = f"{type(exc).__name__}: {exc}"
            self.play.playing = False
        self.refresh()

    def _on_tick(self, _change: dict) -> None:
        if not self.play.playing:  # the stop button rewinds the counter: that is no step
            return
        if self.driver.over():
            self.play.playing = False
            return
        self._guard(lambda: self.driver.advance("step", self.policy.value, True))

    def _on_space(self, space: str) -> None:
        moves = self.driver.moves_to(space)
        if len(moves) == 1:
            self.apply(moves[0])
            return
        self.selected = None if self.selected == space else space
        self.refresh()

    # ------------------------------------------------------------------ refresh
    def _display_list(self) -> Any:
        m = self.driver.match
        if self.selected is None:
            return m.display_list()
        legal = tuple(sorted({a.params[0] for a in self.driver.legal_actions()
                              if getattr(a, "kind", "") == "move" and a.params}))
        return m.display_list(Overlay(legal=legal, selected=self.selected))

    def refresh(self) -> None:
        """Bring every part up to date with the match (the board redraws changed layers only)."""
        d = self.driver
        self.board.show(self._display_list())
        self.status.value = self._status_html()
        self._refresh_log()
        self._refresh_choice()
        self._refresh_chance()
        self._refresh_actions()
        over = d.over()
        for b in (self.step_button, self.next_button, self.phase_button, self.round_button):
            b.disabled = over
        self.undo_button.disabled = not d.can_undo()

    def _status_html(self) -> str:
        d = self.driver
        err = f'<div style="color:#c0392b">{html.escape(d.error)}</div>' if d.error else ""
        return (f'<div style="font-size:14px"><b>{html.escape(d.title)}</b> · setup {html.escape(str(d.setup))}'
                f' · seed {d.seed} · {html.escape(d.status())}</div>{err}')

    def _page(self, page: str, kind: str) -> str:
        if self._rules_index:
            return page_details(page or "", kind or "")
        return f'<span class="nollab-page" style="color:#0a6;font-size:11px">({html.escape(page or "")})</span>'

    def _refresh_log(self) -> None:
        self.event_log.value = self.log_rows.html(self.driver.events())

    def _changed(self, name: str, key: Any, box: W.Box) -> bool:
        if self._keys.get(name) == key and box.children:
            return False
        self._keys[name] = key
        return True

    def _refresh_choice(self) -> None:
        choice = self.driver.pending()
        key = None if choice is None else (choice.prompt, tuple(map(str, choice.labels)), choice.default,
                                           len(self.driver.events()))
        if not self._changed("choice", key, self.choice_box):
            return
        if choice is None:
            replace_children(self.choice_box, (W.HTML('<i style="color:#888">none pending</i>'),))
            return
        prompt = W.HTML(f"<div>{html.escape(choice.prompt)} {self._page(choice.page, '')}</div>")
        buttons = []
        for i, label in enumerate(choice.labels[:MAX_BUTTONS]):
            b = button(str(label), "the default" if i == choice.default else "",
                        style="warning" if i == choice.default else "")
            b.on_click(lambda _b, i=i: self.choose(i))
            buttons.append(b)
        replace_children(self.choice_box, (prompt, W.Box(buttons, layout=W.Layout(flex_flow="row wrap"))))

    def _refresh_chance(self) -> None:
        node = self.driver.chance()
        rows = self.driver.chance_rows()
        key = None if node is None else (node.kind, tuple(rows), len(self.driver.events()))
        if not self._changed("chance", key, self.chance_box):
            return
        if node is None:
            replace_children(self.chance_box, (W.HTML('<i style="color:#888">none pending</i>'),))
            return
        head = W.HTML(f"<div>{html.escape(node.prompt or node.kind)} {self._page(node.page, '')}"
                      f"<br><small>Step draws it from the seed; a click forces an outcome "
                      f"(a real die, a what-if)</small></div>")
        buttons = []
        for i, (label, weight, p) in enumerate(rows[:MAX_BUTTONS]):
            b = button(f"{label} · {_pct(p)}", f"{label}: {p.numerator}/{p.denominator} (weight {weight})")
            b.on_click(lambda _b, i=i: self.force(i))
            buttons.append(b)
        if len(rows) > MAX_BUTTONS:
            buttons.append(W.HTML(f"<i>… {len(rows) - MAX_BUTTONS} more</i>"))
        replace_children(self.chance_box, (head, W.Box(buttons, layout=W.Layout(flex_flow="row wrap"))))

    def _refresh_actions(self) -> None:
        actions = self.driver.legal_actions()
        if self.selected is not None:
            at = self.driver.actions_at(self.selected)
            shown, note = at, f"actions naming {self.selected} (click it again for all)"
        else:
            shown, note = actions, ""
        key = (tuple(shown), note)
        if not self._changed("actions", key, self.actions_box):
            return
        buttons: list[W.Widget] = [W.HTML(f"<small>{html.escape(note)}</small>")] if note else []
        for a in shown[:MAX_BUTTONS]:
            b = button(self.driver.describe(a))
            b.on_click(lambda _b, a=a: self.apply(a))
            buttons.append(b)
        if len(shown) > MAX_BUTTONS:
            buttons.append(W.HTML(f"<i>… {len(shown) - MAX_BUTTONS} more</i>"))
        if not shown:
            buttons.append(W.HTML('<i style="color:#888">no player action now</i>'))
        replace_children(self.actions_box, tuple(buttons))
