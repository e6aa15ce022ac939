"""GamePlayer: play or watch a game of NOTLD, one step at a time, on a live board.

Layout: controls (scene -- picking one starts it --, seed, new game; step, next action, end of
phase, end of round, undo to the previous decision -- or one step with "undo single steps" --,
suggest; auto-play with a policy, the heuristic bot by default, and a speed), a scoreboard (the
round and the Danger Level large, P. 8, P. 24; a banner when the Scene is won or lost) and a
status line that says what every click did or why it did nothing; the board
(:class:`BoardView`) with its legend under it; a side column with the pending choice (one
button per option), the active Survivor's legal actions (one button each) and the event log,
each event with its rulebook page; survivor dashboards below.

Clicking a Zone moves the active Survivor there when that is a legal Move (P. 18); otherwise it
selects the Zone and shows its line of sight (P. 10). The Ghoul moves of the latest Ghouls' Phase
are drawn as red arrows (P. 23). Everything shown is read from the game's view model
(``game.view()``, :mod:`nollab.rules.view`).

The engine is reached only through :class:`nollab.widgets.game_driver.Driver`, so this module is
about layout and refresh.
"""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W

from nollab.render import Overlay, display_list, game_overlay
from nollab.render.adapt import snapshot_from_view
from nollab.render.legend import legend_display_list
from nollab.render.palette import BANNER, DANGER
from .board_view import BoardView
from .forecast_panel import ForecastPanel
from .game_driver import DEFAULT_POLICY, POLICIES, Driver, scene_ids
from .player_parts import EventLog, button, replace_children
from .position_editor import position_tab
from .rule_notes import page_details
from .survivor_panel import SurvivorPanel, survivor_views

MAX_ACTION_BUTTONS = 36
#: Board width the cell size aims at (a 12-column Scene gets 52 px cells).
BOARD_WIDTH = 630.0
MIN_CELL, MAX_CELL = 34.0, 52.0

#: Action and choice buttons wrap long labels instead of cutting them (ipywidgets buttons are one
#: ellipsised line by default).
STYLE = """<style>
.nollab-game-player .nollab-act { white-space: normal; height: auto; min-height: 28px; line-height: 1.25;
  text-align: left; padding: 3px 8px; max-width: 100%; }
.nollab-game-player .nollab-suggested { outline: 3px solid #2e9e44; }
</style>"""


def _act_button(label: str, style: str = "") -> W.Button:
    """A button for an action or an option: the whole label, wrapped if long."""
    b = W.Button(description=label, tooltip=label, button_style=style,
                 layout=W.Layout(width="auto", height="auto", max_width="100%", margin="1px 2px"))
    b.add_class("nollab-act")
    return b


def cell_for(cols: int) -> float:
    """Pixels per grid cell for a board ``cols`` cells wide (about :data:`BOARD_WIDTH` wide)."""
    return float(max(MIN_CELL, min(MAX_CELL, BOARD_WIDTH // max(cols, 1))))


class GamePlayer(W.VBox):
    """The turn-by-turn stepper. ``GamePlayer(scene="S1", seed=1)``; ``player.driver.game`` is the
    live ``nollab.rules.Game``; ``art=PACK`` draws the board on the player's printed tiles."""

    def __init__(self, scene: str = "S1", seed: int = 1, *, cell: float | None = None,
                 game_factory: Callable[[str, int], Any] | None = None, art: Any = None) -> None:
        self.driver = Driver(scene, seed, game_factory=game_factory)
        self._cell = cell
        self.cell = cell or cell_for(self.driver.board.cols)
        self.selected: str | None = None
        self.message = ""  # what the last click did, or why it did nothing
        self._suggested: Any = None
        self.log_rows = EventLog(page_details)
        self._actions_key: tuple | None = None
        self._action_pool: list[W.Button] = []
        self._shown_actions: list = []
        self._choice_key: tuple | None = None

        # ---- controls
        scenes = scene_ids() or [scene]
        self.scene_picker = W.Dropdown(options=scenes, value=scene if scene in scenes else scenes[0],
                                       description="Scene", layout=W.Layout(width="150px"))
        self.seed_box = W.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="Seed",
                                         layout=W.Layout(width="150px"))
        self.new_button = button("New game", "Start a new game with this Scene and seed")
        self.step_button = button("Step", "Advance one atomic step (P. 8: the round, phase by phase)",
                                   style="primary")
        self.action_button = button("Next action", "Run until the next player action (or decision)")
        self.phase_button = button("End of phase", "Run until the phase changes")
        self.round_button = button("End of round", "Run until the next round starts")
        self.undo_button = button("Undo", "Take back the last decision (with everything after it); "
                                   "tick 'undo single steps' to take back one step")
        self.undo_steps = W.Checkbox(value=False, description="undo single steps", indent=False,
                                     layout=W.Layout(width="140px"))
        self.suggest_button = button("Suggest", "What the best bot would do now (the game does not change)",
                                      style="success")
        self.policy = W.Dropdown(options=list(POLICIES), value=DEFAULT_POLICY if DEFAULT_POLICY in POLICIES
                                 else next(iter(POLICIES)), description="Policy",
                                 layout=W.Layout(width="190px"))
        self.policy_plays = W.Checkbox(value=True, description="policy plays the survivors",
                                       indent=False, layout=W.Layout(width="200px"))
        self.play = W.Play(value=0, min=0, max=10**9, step=1, interval=500, description="Auto-play",
                           show_repeat=False)
        self.speed = W.IntSlider(value=500, min=50, max=2000, step=50, description="ms/step",
                                 readout=True, layout=W.Layout(width="260px"))
        W.jslink((self.speed, "value"), (self.play, "interval"))
        self.scoreboard = W.HTML()
        self.scoreboard.add_class("nollab-scoreboard")
        self.status = W.HTML()
        self.status.add_class("nollab-status")

        # ---- board, legend and side column
        self.board = BoardView(self._display_list(), art=art)  # art: the player's tile pack
        self.board.on_zone_click(self._on_zone)
        self.legend = BoardView(legend_display_list(cell=self.cell * 0.8, columns=3, width=BOARD_WIDTH))
        self.legend.canvas.remove_class("nollab-board")  # "canvas.nollab-board" is the board alone
        self.legend.canvas.add_class("nollab-legend")
        self.legend.hover.layout.display = "none"
        self.choice_box = W.VBox(layout=W.Layout(margin="0 0 6px 0"))
        self.actions_box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap", align_items="flex-start",
                                                 align_content="flex-start", width="100%"))
        self.actions_box.add_class("nollab-actions")
        self.event_log = W.HTML(layout=W.Layout(border="1px solid #ccc", padding="2px 4px"))
        self.event_log.add_class("nollab-log")
        self.forecast_panel = ForecastPanel()  # exact odds of the rest of the round, refreshed every step
        side = W.VBox([W.HTML("<b>Decision</b>"), self.choice_box, W.HTML("<b>Actions</b>"), self.actions_box,
                       W.HTML("<b>Event log</b> <small>(click a rulebook page to open its rules index entry)</small>"), self.event_log,
                       self.forecast_panel],
                      layout=W.Layout(flex="1 1 340px", min_width="300px", max_width="460px", margin="0 0 0 10px"))
        self.panels_box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.panels: dict[str, SurvivorPanel] = {}

        # ---- wiring
        self.new_button.on_click(lambda _b: self.new_game())
        self.step_button.on_click(lambda _b: self._run("step"))
        self.action_button.on_click(lambda _b: self._run("action"))
        self.phase_button.on_click(lambda _b: self._run("phase"))
        self.round_button.on_click(lambda _b: self._run("round"))
        self.undo_button.on_click(lambda _b: self._undo())
        self.suggest_button.on_click(lambda _b: self._suggest())
        self.play.observe(self._on_tick, names="value")
        self.play.observe(self._on_play, names="playing")
        self.scene_picker.observe(self._on_scene, names="value")
        self.seed_box.observe(self._on_setting, names="value")
        self.policy.observe(self._on_setting, names="value")
        self.policy_plays.observe(self._on_setting, names="value")

        wrap = W.Layout(flex_flow="row wrap", align_items="center")
        controls = W.VBox([
            W.HBox([self.scene_picker, self.seed_box, self.new_button], layout=wrap),
            W.HBox([self.step_button, self.action_button, self.phase_button, self.round_button,
                    self.undo_button, self.undo_steps, self.suggest_button], layout=wrap),
            W.HBox([self.play, self.speed, self.policy, self.policy_plays], layout=wrap),
            position_tab(self),  # the position editor (widgets/position_editor.py)
        ])
        board_column = W.VBox([self.board, self.legend], layout=W.Layout(flex="0 0 auto"))
        super().__init__([W.HTML(STYLE), controls, self.scoreboard, self.status,
                          W.HBox([board_column, side], layout=W.Layout(flex_flow="row wrap")), self.panels_box])
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
        self.log_rows.reset()
        if self._cell is None:
            self.cell = cell_for(self.driver.board.cols)
        self.message = f"new game: {scene}, seed {seed}"
        self.refresh()

    def load_game(self, game: Any) -> None:
        """Play on from ``game`` (a position built in the editor or loaded from text)."""
        self.play.playing = False
        d = self.driver
        d.game, d.scene, d.seed, d.error = game, game.state.scene, game.state.seed, ""
        self.selected = None
        self.log_rows.reset()
        self.message = "position loaded from the editor"
        self.refresh()

    def _on_scene(self, change: dict) -> None:
        """Picking a Scene starts it at once (with the seed in the box)."""
        if change.get("new") and change["new"] != self.driver.scene:
            self.new_game(change["new"])

    def _on_setting(self, change: dict) -> None:
        """A setting that acts later says so at once (the seed, the policy, who plays)."""
        owner = change.get("owner")
        if owner is self.seed_box:
            self.message = f"seed {change['new']}: used by the next New game (or Scene pick)"
        elif owner is self.policy:
            self.message = f"policy {change['new']}: answers the decisions of the run buttons and auto-play"
        elif owner is self.policy_plays:
            self.message = ("the policy plays the Survivors' decisions" if change["new"] else
                            "you play the Survivors: the run buttons stop at every decision")
        self.status.value = self._status_html()

    def _run(self, target: str) -> None:
        plays = self.policy_plays.value

        def go() -> None:
            steps = self.driver.advance(target, self.policy.value, plays)
            button = {"step": "Step", "action": "Next action", "phase": "End of phase", "round": "End of round"}
            self.message = f"{button.get(target, target)}: {self.driver.why_stopped(target, steps, plays)}"
        self._guard(go)

    def _undo(self) -> None:
        def go() -> None:
            if self.undo_steps.value:
                self.driver.undo()
                self.message = "took back one step"
            else:
                n = self.driver.undo_decision()
                self.message = (f"took back the last decision ({n} step{'s' if n != 1 else ''}): "
                                f"{self.driver.view().status().split(' · ', 2)[-1]}")
        self._guard(go)
        self.log_rows.cut(len(self.driver.events()))

    def _suggest(self) -> None:
        """Ask the best bot; highlight its button and say it in the status line (no state change)."""
        def go() -> None:
            what, text = self.driver.suggest()
            self._suggested = what
            self.message = (f"Suggest ({self.driver.suggester()}): {text}" if what is not None
                            else f"Suggest: {text}")
        self._guard(go)

    def _on_play(self, change: dict) -> None:
        if change.get("new"):
            self.message = ("auto-play: the game is over, start a New game" if self.driver.over()
                            else f"auto-play: {self.policy.value} plays every decision")
        elif not self.driver.over():
            # said once the kernel has seen the pause: no tick can follow it (they are sent in order)
            self.message = "auto-play stopped: the buttons are yours"
        self.status.value = self._status_html()

    def _on_tick(self, _change: dict) -> None:
        if not self.play.playing:  # the stop button rewinds the counter: that is no step
            return
        if self.driver.over():
            self.play.playing = False
            return
        def go() -> None:
            steps = self.driver.advance("step", self.policy.value, True)
            self.message = f"auto-play ({self.policy.value}): {self.driver.why_stopped('step', steps, True)}"
        self._guard(go)

    def _guard(self, fn: Callable[[], Any]) -> None:
        """Run an engine call; show its error in the status line instead of raising in a callback."""
        self.driver.error = ""
        self.message = ""
        h = self.driver.game.state_hash()
        try:
            fn()
        except Exception as exc:  # an IllegalAction names its rule: show it, change nothing else
            self.driver.error = f"{type(exc).__name__}: {exc}"
            self.play.playing = False
        if self.driver.game.state_hash() != h:
            self._suggested = None
        self.refresh()

    def _apply(self, action: Any) -> None:
        def go() -> None:
            label = self.driver.describe(action)
            self.driver.apply(action)
            self.message = f"done: {label}"
        self._guard(go)

    def _choose(self, index: int) -> None:
        def go() -> None:
            p = self.driver.pending()
            label = p.labels[index] if p is not None and index < len(p.labels) else index
            self.driver.choose(index)
            self.message = f"chose: {label}"
        self._guard(go)

    def _on_zone(self, zone: str) -> None:
        move = self.driver.move_to(zone)
        if move is not None:
            self.selected = None
            self._apply(move)
            return
        self.selected = None if self.selected == zone else zone
        name = self.driver.zone_name(zone)
        if self.selected is None:
            self.message = f"{name}: deselected"
        else:
            v = self.driver.view()
            why = (f"{v.survivor(v.active).name} cannot Move there now" if v.active and v.needs == "action"
                   else "no Survivor is moving now")
            self.message = f"{name}: selected, its line of sight is drawn in yellow ({why})"
        self.driver.error = ""
        self.refresh()

    # ------------------------------------------------------------------ refresh
    def overlay(self) -> Overlay:
        """Legal Move zones of the active Survivor, the selected Zone's line of sight, the Ghoul
        moves of the current phase (see :func:`nollab.render.game_overlay`)."""
        return game_overlay(self.driver.game, selected=self.selected)

    def _display_list(self, view: Any = None):
        view = view or self.driver.view()
        return display_list(self.driver.game, self.overlay(), cell=self.cell,
                            snapshot=snapshot_from_view(self.driver.board, view))

    def refresh(self) -> None:
        """Bring every part up to date with the game's view model (the board redraws changed
        layers only; the buttons are rebuilt only when the legal actions change)."""
        view = self.driver.view()
        self.board.show(self._display_list(view))
        self.scoreboard.value = self._scoreboard_html(view)
        self.status.value = self._status_html(view)
        self._refresh_log()
        self._refresh_choice(view)
        self._refresh_actions(view)
        self._refresh_panels()
        self.forecast_panel.update(self.driver.game)

    def _scoreboard_html(self, view: Any) -> str:
        """The round and the Danger Level large (P. 8, P. 24), the phase and who acts; a banner
        once the Scene is won or lost."""
        e = html.escape
        danger = DANGER.get(view.danger_level, "#888")
        ink = "#111" if view.danger_level == "Yellow" else "#fff"
        who = f" · <b>{e(view.survivor(view.active).name)}</b> acting" if view.active else ""
        board = (f'<div style="display:flex;align-items:center;gap:14px;font-family:sans-serif;margin:4px 0">'
                 f'<span class="nollab-round" style="font-size:28px;font-weight:700">Round {view.round}</span>'
                 f'<span class="nollab-danger-level" style="font-size:20px;font-weight:700;padding:2px 10px;'
                 f'border-radius:6px;background:{danger};color:{ink}">Danger {e(view.danger_level)}</span>'
                 f'<span style="font-size:16px">{e(view.phase_name)}{who}</span>'
                 f'<span style="font-size:13px;color:#666">{e(self.driver.scene)} · seed {self.driver.seed}</span></div>')
        if view.result:
            won = view.result == "won"
            board += (f'<div class="nollab-banner nollab-banner-{view.result}" style="font-family:'
                      f'sans-serif;background:{BANNER["won" if won else "lost"]};color:#fff;padding:8px 14px;'
                      f'border-radius:6px;font-size:22px;font-weight:700;margin:4px 0">'
                      f'{"Scene won" if won else "Scene lost"}'
                      f'<span style="font-size:15px;font-weight:400"> — {e(view.reason)}</span></div>')
        return board

    def _status_html(self, view: Any = None) -> str:
        """What the game waits for, and what the last click did or why it did nothing."""
        view = view or self.driver.view()
        d = self.driver
        text = html.escape(view.status().split(" · ", 2)[-1] if view.result is None else view.status())
        msg = (f'<div class="nollab-message" style="color:#0a5">{html.escape(self.message)}</div>'
               if self.message else "")
        err = f'<div class="nollab-error" style="color:#c0392b">{html.escape(d.error)}</div>' if d.error else ""
        return f'<div style="font-size:14px">{text}</div>{msg}{err}'

    def _refresh_log(self) -> None:
        self.event_log.value = self.log_rows.html(self.driver.events())

    def _refresh_choice(self, view: Any) -> None:
        p = view.pending
        key = None if p is None else (p.prompt, p.labels, p.default, self.driver.game.state.steps,
                                      repr(self._suggested))
        if key == self._choice_key and self.choice_box.children:
            return
        self._choice_key = key
        if p is None:
            replace_children(self.choice_box, (W.HTML('<i style="color:#888">none pending</i>'),))
            return
        prompt = W.HTML(f'<div>{html.escape(p.prompt)} <small style="color:#0a6">({html.escape(p.page)})'
                        f'</small></div>')
        buttons = []
        for i, label in enumerate(p.labels):
            b = _act_button(str(label), style="warning" if i == p.default else "")
            if self._suggested is not None and i < len(p.options) and p.options[i] == self._suggested:
                b.add_class("nollab-suggested")
                b.button_style = "success"
            b.on_click(lambda _b, i=i: self._choose(i))
            buttons.append(b)
        replace_children(self.choice_box, (prompt, W.Box(buttons, layout=W.Layout(flex_flow="row wrap"))))

    def _refresh_actions(self, view: Any) -> None:
        """One button per legal action. The buttons are a pool reused from one position to the
        next (a new widget per button per click cost more than the engine step: about 5 ms each
        on a loaded machine); only the labels, styles and the box's children change."""
        actions = view.actions
        key = (tuple(a.action for a in actions), repr(self._suggested))
        if key == self._actions_key and self.actions_box.children:
            return  # same legal actions: keep the buttons (each is a widget in the browser)
        self._actions_key = key
        shown = actions[:MAX_ACTION_BUTTONS]
        self._shown_actions = [a.action for a in shown]
        while len(self._action_pool) < len(shown):
            i = len(self._action_pool)
            b = _act_button("")
            b.on_click(lambda _b, i=i: self._click_action(i))
            self._action_pool.append(b)
        children: list = []
        for i, a in enumerate(shown):
            b = self._action_pool[i]
            lit = a.action == self._suggested
            if b.description != a.label:
                b.description = b.tooltip = a.label
            b.button_style = "success" if lit else ""
            if lit:
                b.add_class("nollab-suggested")
            elif "nollab-suggested" in b._dom_classes:
                b.remove_class("nollab-suggested")
            children.append(b)
        if len(actions) > MAX_ACTION_BUTTONS:
            children.append(W.HTML(f"<i>… {len(actions) - MAX_ACTION_BUTTONS} more</i>"))
        if not children:
            why = ("the game is over" if view.needs == "over" else "a decision is pending (above)"
                   if view.needs == "choice" else f"the engine resolves the {view.phase_name}: press Step")
            children = [W.HTML(f'<i style="color:#888">no player action now: {html.escape(why)}</i>')]
        old = [w for w in self.actions_box.children if w not in self._action_pool]
        self.actions_box.children = tuple(children)
        for w in old:  # only the notes are thrown away; pooled buttons wait for the next position
            w.close()

    def _click_action(self, i: int) -> None:
        if i < len(self._shown_actions):
            self._apply(self._shown_actions[i])

    def _refresh_panels(self) -> None:
        views = survivor_views(self.driver.game)
        thresholds = tuple(getattr(getattr(self.driver.game, "content", None), "danger_thresholds", (0, 7, 19, 43)))
        if set(self.panels) != {v.id for v in views}:
            self.panels = {v.id: SurvivorPanel(thresholds=thresholds) for v in views}
            self.panels_box.children = tuple(self.panels[v.id] for v in views)
        for v in views:
            self.panels[v.id].update(v)
