"""The Dead Panic game: ``Game.new(seed=3, setup="4")``, then the :class:`nollab.games.Match`
protocol -- ``needs()``, ``legal_actions()``/``apply()``, ``pending``/``choose()``,
``chance()``/``resolve_chance()``, ``step()``, ``run_until()``, ``undo()``, ``replay()``, JSON.

Every decision is a player's (the Zombies' "players choose" ties included); every die roll, bag
draw and card draw is an explicit chance node with integer weights, drawn by ``step()`` from the
game's seeded splitmix64 generator (its state lives in the game state, so copies, undo and JSON
carry it) or forced by ``resolve_chance``. The seed plus the decision log replays a game exactly.
"""
from __future__ import annotations

import json
import pickle
from typing import Any

from nollab.games.engine_kit import TaskEngine
# the handlers of tasks, decisions and chance register themselves when their modules are imported
from nollab.packs.dead_panic.engine import cards as _cards, combat as _combat, events as _events  # noqa: F401
from nollab.packs.dead_panic.engine import fight as _fight, guns as _guns, movement as _movement  # noqa: F401
from nollab.packs.dead_panic.engine import flow, perform
from nollab.packs.dead_panic.engine.box import Box, default_box
from nollab.packs.dead_panic.engine.core import HANDLERS, PAUSE, Action, Choice, Ctx, Event, IllegalAction
from nollab.packs.dead_panic.engine.legal import legal_actions
from nollab.packs.dead_panic.engine.spaces import Geometry
from nollab.packs.dead_panic.engine.state import State
from nollab.rules.engine import rng

__all__ = ["Game", "parse_setup", "FORMAT", "MAX_PLAYERS", "MIN_PLAYERS"]

FORMAT = "nollab-dead-panic/1"
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # "Number of players: 2 to 6" (p. 1)


def parse_setup(setup: str | None, box: Box) -> list[str]:
    """``"4"`` -> the first 4 Characters in box order; ``"al,ray"`` -> those Characters."""
    text = "4" if setup is None else str(setup).strip()
    if text.isdigit():
        n = int(text)
        if not MIN_PLAYERS <= n <= min(MAX_PLAYERS, len(box.characters)):
            raise ValueError(f"Dead Panic is for {MIN_PLAYERS} to {MAX_PLAYERS} players (p. 1), got {n}")
        return list(box.characters)[:n]
    names = [x for x in (t.strip() for t in text.split(",")) if x]
    try:
        ids = [box.character(x).id for x in names]
    except KeyError as exc:
        raise ValueError(str(exc).strip('"')) from None
    if len(set(ids)) != len(ids):
        raise ValueError(f"each Character plays once, got {text!r}")
    if not MIN_PLAYERS <= len(ids) <= MAX_PLAYERS:
        raise ValueError(f"Dead Panic is for {MIN_PLAYERS} to {MAX_PLAYERS} players (p. 1), got {len(ids)}")
    return ids


class Game(TaskEngine):
    """One game of Dead Panic (see the module docstring)."""

    name = "dead-panic"
    ACTION = Action
    CHOICE = Choice
    HANDLERS = HANDLERS
    PAUSE = PAUSE
    SAVE_TITLE, SAVE_FORMAT = "Dead Panic", FORMAT
    HISTORY_LIMIT = 5000

    def __init__(self, state: State, box: Box, setup: str, events: list[Event] | None = None,
                 log: list[dict] | None = None, history: bool = True) -> None:
        self.state = state
        self.box = box
        self.setup = setup
        self.geo = Geometry(box.arcs, box.rings)
        self.events: list[Event] = events if events is not None else []
        self.log: list[dict] = log if log is not None else []
        self.keep_history = history
        self._init_history()
        self._legal: list[Action] = []
        #: a hand-made starting position (pickled State) for replay and JSON; None: Set Up from the seed
        self.start: bytes | None = None

    @classmethod
    def new(cls, seed: int = 0, setup: str | None = None, box: Box | None = None, history: bool = True,
            roll_setup: bool = True) -> "Game":
        """Set Up (p. 2) for ``setup`` (a player count or Characters). ``roll_setup``: draw the Set Up
        dice and tokens from the seed at once (logged as rolls); False stops at the first one."""
        box = box or default_box()
        chars = parse_setup(setup, box)
        g = cls(flow.new_state(box, int(seed), chars, rng.seed_state(int(seed))), box,
                "4" if setup is None else str(setup).strip(), history=history)
        g._drain()
        while roll_setup and g.state.round == 0 and g.needs() in ("chance", "step"):
            g.step()
        return g

    def _ctx(self) -> Ctx:
        return Ctx(self.state, self.box, self.geo, self.events)

    def legal_actions(self) -> list[Action]:
        key = (id(self.state), self.state.steps)
        if key != self._legal_key:
            self._legal = legal_actions(self._ctx())
            self._legal_key = key
        return list(self._legal)

    def acting(self) -> str | None:
        """The player whose action it is (None while the game waits for something else)."""
        return flow.waiting_player(self._ctx())

    def apply(self, action: Action | dict) -> None:
        """Take a legal action; :class:`IllegalAction` (naming the rule) leaves everything unchanged."""
        if isinstance(action, dict):
            action = Action.from_dict(action)
        if not isinstance(action, Action):
            raise IllegalAction(f"apply() takes an Action (or its dict), got {type(action).__name__}")
        action = Action(action.kind, action.player, tuple(action.params))
        if action not in self.legal_actions():
            raise IllegalAction(self._why(action))
        self._save()
        perform.perform(self._ctx(), action)
        self._done({"t": "action", "a": action.to_dict()})

    def _why(self, action: Action) -> str:
        who = self.acting()
        if self.needs() != "action":
            return f"not now: the game waits for a {self.needs()} (p. 2: the round's order)"
        if action.player != who:
            return f"it is {who}'s action, not {action.player}'s (p. 2: each player in turn, clockwise)"
        kinds = sorted({a.kind for a in self.legal_actions()})
        if action.kind not in kinds:
            return f"{action.kind!r} is not possible now (possible: {', '.join(kinds)}; pp. 3-5)"
        return f"{action} is not legal here (pp. 3-5: range, space, cards or actions left)"

    def _decision_text(self, choice: Choice, label: str) -> str:
        who = self.box.characters[choice.who].name if choice.who in self.box.characters else choice.who
        return f"{who} decides ({choice.kind}): {label}"

    # ---- history and files ----------------------------------------------------------------------------------------
    def copy(self) -> "Game":
        g = Game(pickle.loads(pickle.dumps(self.state)), self.box, self.setup, list(self.events), list(self.log),
                 history=self.keep_history)
        g.start = self.start
        return g

    def replay(self, log: list[dict] | None = None) -> "Game":
        """A new game with the same seed and setup, and ``log`` (default: this game's) applied again."""
        if self.start is not None:
            g = Game(pickle.loads(self.start), self.box, self.setup, history=self.keep_history)
            g.start = self.start
        else:
            g = Game.new(self.state.seed, self.setup, self.box, history=self.keep_history, roll_setup=False)
        return self._replay_log(g, log)

    def to_json(self) -> str:
        d = {"format": FORMAT, "seed": self.state.seed, "setup": self.setup, "log": self.log,
             "state_hash": self.state_hash()}
        if self.start is not None:
            d["start"] = pickle.loads(self.start).to_dict()
        return json.dumps(d, sort_keys=True)

    @classmethod
    def from_json(cls, text: str, box: Box | None = None) -> "Game":
        """A saved game, rebuilt by replaying its log; the saved state hash must match."""
        d = cls._read_save(text)
        if "start" in d:
            box = box or default_box()
            try:
                start = State.from_dict(d["start"])
            except (KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"a saved game's start position is malformed ({exc})") from None
            g0 = cls(start, box, str(d.get("setup")))
            g0.start = pickle.dumps(start, pickle.HIGHEST_PROTOCOL)
            g = g0.replay(d["log"])
        else:
            g = cls.new(int(d["seed"]), d.get("setup"), box, roll_setup=False).replay(d["log"])
        return cls._check_save(d, g)

    # ---- results and pictures --------------------------------------------------------------------------------------
    def summary(self) -> dict:
        st = self.state
        return {
            "game": self.name, "setup": self.setup, "seed": st.seed, "rounds": st.round,
            "result": st.result or "unfinished", "reason": st.reason, "steps": st.steps,
            "state_hash": self.state_hash(),
            "kills": {k: st.kills.get(k, 0) for k in (*self.box.zombies, "survivor_zombie")},
            "characters": {p.id: {"status": p.status, "injuries": p.injuries, "space": p.space} for p in st.players},
            "saved": [p.id for p in st.players if p.status == "van"],
            "walls": {str(a): w for a, w in st.walls.items()},
            "rescuers": st.van,
        }

    def view(self):
        from nollab.packs.dead_panic.engine.view import view
        return view(self)

    def display_list(self, overlay: Any = None, **kwargs: Any):
        """The board (nollab.render display list); the default overlay shows the acting player's moves."""
        from nollab.packs.dead_panic.render import board_display_list
        from nollab.render.model import Overlay
        if overlay is None:
            overlay = Overlay(legal=tuple(sorted({a.params[0] for a in self.legal_actions() if a.kind == "move"})))
        return board_display_list(self.view(), overlay, **kwargs)

    def describe(self, action: Action) -> str:
        from nollab.packs.dead_panic.engine.view import describe
        return describe(self, action)

    def _repr_svg_(self) -> str:
        from nollab.render import to_svg
        return to_svg(self.display_list(), title=f"Dead Panic, round {self.round}")

    def __repr__(self) -> str:
        return f"<Dead Panic seed {self.seed} ({self.setup}): round {self.round}, {self.phase}, {self.result or 'playing'}>"
