"""GamePlayer: play or watch a game of NOTLD, one step at a time, on a live board.

Layout: controls (scene, seed, new game; step, next action, end of phase, end of round, undo;
auto-play with a policy and a speed) over the board (:class:`BoardView`) and a side column with
the pending choice (one button per option), the active Survivor's legal actions (one button
each) and the event log, each event with its rulebook page; survivor dashboards below.

Clicking a Zone moves the active Survivor there when that is a legal Move (P. 18); otherwise it
selects the Zone and shows its line of sight (P. 10). The Ghoul moves of the latest Ghouls' Phase
are drawn as red routes (P. 23).

The engine is reached only through :class:`nollab.widgets.game_driver.Driver`, so this module is
about layout and refresh.
"""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W

from nollab.render import Overlay, display_list, game_overlay, snapshot_from_game
from .board_view import BoardView
from .forecast_panel import ForecastPanel
from .game_driver import POLICIES, Driver, scene_ids
from .rule_notes import page_details
from .survivor_panel import SurvivorPanel, survivor_views

LOG_ROWS = 200
MAX_ACTION_BUTTONS = 36


def _button(label: str, tooltip: str = "", *, style: str = "", width: str = "auto") -> W.Button:
    b = W.Button(description=label, tooltip=tooltip or label, button_style=style,
                 layout=W.Layout(width=width, margin="1px 2px"))
    return b


class GamePlayer(W.VBox):
    """The turn-by-turn stepper. ``GamePlayer(scene="S1", seed=1)``; ``player.driver.game`` is the
    live ``nollab.rules.Game``; ``art=PACK`` draws the board on the player's printed tiles."""

    def __init__(self, scene: str = "S1", seed: int = 1, *, cell: float = 44.0,
                 game_factory: Callable[[str, int], Any] | None = None, art: Any = None) -> None:
        self.cell = cell
        self.driver = Driver(scene, seed, game_factory=game_factory)
        self.selected: str | None = None
        self._log_len = 0
        self._log_rows: list[str] = []
        self._actions_key: tuple | None = None
        self._choice_key: tuple | None = None

        # ---- controls
        scenes = scene_ids() or [scene]
        self.scene_picker = W.Dropdown(options=scenes, value=scene if scene in scenes else scenes[0],
                                       description="Scene", layout=W.Layout(width="150px"))
        self.seed_box = W.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="Seed",
                                         layout=W.Layout(width="150px"))
        self.new_button = _button("New game", "Start a new game with this scene and seed")
        self.step_button = _button("Step", "Advance one atomic step (P. 8: the round, phase by phase)",
                                   style="primary")
        self.action_button = _button("Next action", "Run until the next player action (or decision)")
        self.phase_button = _button("End of phase", "Run until the phase changes")
        self.round_button = _button("End of round", "Run until the next round starts")
        self.undo_button = _button("Undo", "Take back the last step")
        self.policy = W.Dropdown(options=list(POLICIES), value="random", description="Policy",
                                 layout=W.Layout(width="190px"))
        self.policy_plays = W.Checkbox(value=True, description="policy plays the survivors",
                                       indent=False, layout=W.Layout(width="200px"))
        self.play = W.Play(value=0, min=0, max=10**9, step=1, interval=500, description="Auto-play",
                           show_repeat=False)
        self.speed = W.IntSlider(value=500, min=50, max=2000, step=50, description="ms/step",
                                 readout=True, layout=W.Layout(width="260px"))
        W.jslink((self.speed, "value"), (self.play, "interval"))
        self.status = W.HTML()
        self.status.add_class("nollab-status")

        # ---- board and side column
        self.board = BoardView(self._display_list(), art=art)  # art: the player's tile pack
        self.board.on_zone_click(self._on_zone)
        self.choice_box = W.VBox(layout=W.Layout(margin="0 0 6px 0"))
        self.actions_box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap", max_height="190px",
                                                 overflow="auto"))
        self.event_log = W.HTML(layout=W.Layout(border="1px solid #ccc", padding="2px 4px"))
        self.event_log.add_class("nollab-log")
        self.forecast_panel = ForecastPanel()  # exact odds of the rest of the round, refreshed every step
        side = W.VBox([W.HTML("<b>Decision</b>"), self.choice_box, W.HTML("<b>Actions</b>"), self.actions_box,
                       W.HTML("<b>Event log</b> <small>(click a rulebook page to open its rules index entry)</small>"), self.event_log,
                       self.forecast_panel],
                      layout=W.Layout(width="430px", margin="0 0 0 10px"))
        self.panels_box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.panels: dict[str, SurvivorPanel] = {}

        # ---- wiring
        self.new_button.on_click(lambda _b: self.new_game())
        self.step_button.on_click(lambda _b: self._run("step"))
        self.action_button.on_click(lambda _b: self._run("action"))
        self.phase_button.on_click(lambda _b: self._run("phase"))
        self.round_button.on_click(lambda _b: self._run("round"))
        self.undo_button.on_click(lambda _b: self._undo())
        self.play.observe(self._on_tick, names="value")

        controls = W.VBox([
            W.HBox([self.scene_picker, self.seed_box, self.new_button]),
            W.HBox([self.step_button, self.action_button, self.phase_button, self.round_button,
                    self.undo_button]),
            W.HBox([self.play, self.speed, self.policy, self.policy_plays]),
        ])
        super().__init__([controls, self.status, W.HBox([self.board, side]), self.panels_box])
        self.add_class("nollab-game-player")
        self.refresh()

    # ------------------------------------------------------------------ engine operations
    def new_game(self, scene: str | None = None, seed: int | None = None) -> None:
        """Start a new game (defaults: the scene picker and seed box)."""
        self.play.playing = False
        scene = scene or self.scene_picker.value
        seed = self.seed_box.value if seed is None else seed
        try:
            self.driver.new(scene, seed)
        except Exception as exc:  # e.g. a Scene whose special rules the engine lacks: keep the old game
            self.driver.error = f"cannot start {scene}: {type(exc).__name__}: {exc}"
            self.refresh()
            return
        self.selected = None
        self._log_len = 0
        self._log_rows = []
        self.refresh()

    def _run(self, target: str) -> None:
        self._guard(lambda: self.driver.advance(target, self.policy.value, self.policy_plays.value))

    def _undo(self) -> None:
        self._guard(self.driver.undo)
        self._log_len = min(self._log_len, len(self.driver.events()))
        self._log_rows = self._log_rows[: self._log_len]

    def _on_tick(self, _change: dict) -> None:
        if self.driver.over():
            self.play.playing = False
            return
        self._guard(lambda: self.driver.advance("step", self.policy.value, True))

    def _guard(self, fn: Callable[[], Any]) -> None:
        """Run an engine call; show its error in the status line instead of raising in a callback."""
        self.driver.error = ""
        try:
            fn()
        except Exception as exc:  # an IllegalAction names its rule: show it, change nothing else
            self.driver.error = f"{type(exc).__name__}: {exc}"
            self.play.playing = False
        self.refresh()

    def _apply(self, action: Any) -> None:
        self._guard(lambda: self.driver.apply(action))

    def _choose(self, index: int) -> None:
        self._guard(lambda: self.driver.choose(index))

    def _on_zone(self, zone: str) -> None:
        move = self.driver.move_to(zone)
        if move is not None:
            self.selected = None
            self._apply(move)
            return
        self.selected = None if self.selected == zone else zone
        self.refresh()

    # ------------------------------------------------------------------ refresh
    def overlay(self) -> Overlay:
        """Legal Move zones of the active Survivor, the selected Zone's line of sight, the Ghoul
        moves of the current phase (see :func:`nollab.render.game_overlay`)."""
        return game_overlay(self.driver.game, selected=self.selected)

    def _display_list(self):
        return display_list(self.driver.game, self.overlay(), cell=self.cell,
                            snapshot=snapshot_from_game(self.driver.game))

    def refresh(self) -> None:
        """Bring every part up to date with the game (the board redraws changed layers only)."""
        d = self.driver
        self.board.show(self._display_list())
        self.status.value = self._status_html()
        self._refresh_log()
        self._refresh_choice()
        self._refresh_actions()
        self._refresh_panels()
        self.forecast_panel.update(d.game)
        over = d.over()
        for b in (self.step_button, self.action_button, self.phase_button, self.round_button):
            b.disabled = over
        self.undo_button.disabled = not d.can_undo()

    def _status_html(self) -> str:
        d = self.driver
        text = html.escape(d.status())
        err = f'<div style="color:#c0392b">{html.escape(d.error)}</div>' if d.error else ""
        return f'<div style="font-size:14px"><b>{html.escape(d.scene)}</b> · seed {d.seed} · {text}</div>{err}'

    def _refresh_log(self) -> None:
        events = self.driver.events()
        if len(events) < self._log_len:  # undo or new game
            self._log_rows = []
            self._log_len = 0
        for ev in events[self._log_len:]:
            text = html.escape(getattr(ev, "text", str(ev)))
            rnd = getattr(ev, "round", "")
            # the page reference opens its entry of the rules index (docs/rules-index.md)
            page = page_details(getattr(ev, "page", "") or "", getattr(ev, "kind", ""))
            self._log_rows.append(
                f'<div class="nollab-event"><span style="color:#888">R{rnd}</span> {text} {page}</div>')
        self._log_len = len(events)
        rows = self._log_rows[-LOG_ROWS:]
        # newest first, so the latest event is visible without scrolling
        self.event_log.value = (f'<div style="font-size:12px;line-height:1.35;height:300px;overflow-y:auto">'
                                f'{"".join(reversed(rows))}</div>')

    @staticmethod
    def _replace(box: W.Box, children: tuple) -> None:
        """Swap ``box``'s children and close the old widgets (their comms would leak otherwise)."""
        old = box.children
        box.children = children
        for w in old:
            for inner in getattr(w, "children", ()):
                inner.close()
            w.close()

    def _refresh_choice(self) -> None:
        choice = self.driver.pending()
        key = None if choice is None else (choice.prompt, tuple(map(str, choice.labels)), choice.default,
                                           self.driver.game.state.steps)
        if key == self._choice_key and self.choice_box.children:
            return
        self._choice_key = key
        if choice is None:
            self._replace(self.choice_box, (W.HTML('<i style="color:#888">none pending</i>'),))
            return
        prompt = W.HTML(f'<div>{html.escape(choice.prompt)} <small style="color:#0a6">({html.escape(choice.page)})'
                        f'</small></div>')
        buttons = []
        for i, label in enumerate(choice.labels):
            b = _button(str(label), style="warning" if i == choice.default else "")
            b.on_click(lambda _b, i=i: self._choose(i))
            buttons.append(b)
        self._replace(self.choice_box, (prompt, W.Box(buttons, layout=W.Layout(flex_flow="row wrap"))))

    def _refresh_actions(self) -> None:
        actions = self.driver.legal_actions()
        key = tuple(actions)
        if key == self._actions_key and self.actions_box.children:
            return  # same legal actions: keep the buttons (each is a widget in the browser)
        self._actions_key = key
        buttons = []
        for a in actions[:MAX_ACTION_BUTTONS]:
            b = _button(self.driver.describe(a))
            b.on_click(lambda _b, a=a: self._apply(a))
            buttons.append(b)
        if len(actions) > MAX_ACTION_BUTTONS:
            buttons.append(W.HTML(f"<i>… {len(actions) - MAX_ACTION_BUTTONS} more</i>"))
        if not buttons:
            buttons = [W.HTML('<i style="color:#888">no player action now</i>')]
        self._replace(self.actions_box, tuple(buttons))

    def _refresh_panels(self) -> None:
        views = survivor_views(self.driver.game)
        thresholds = tuple(getattr(getattr(self.driver.game, "content", None), "danger_thresholds", (0, 7, 19, 43)))
        if set(self.panels) != {v.id for v in views}:
            self.panels = {v.id: SurvivorPanel(thresholds=thresholds) for v in views}
            self.panels_box.children = tuple(self.panels[v.id] for v in views)
        for v in views:
            self.panels[v.id].update(v)
