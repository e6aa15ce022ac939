"""The Zombie Slayer game on the seam: ``Game.new(seed=3, setup="ludwig:6")``, then the
:class:`nollab.games.Match` protocol -- ``needs()``, ``legal_actions()``/``apply()``, ``pending``/``choose()``,
``chance()``/``resolve_chance()``, ``step()``, ``run_until()``, ``undo()``, ``replay()``, JSON.

Every decision is the player's (the Slayer's actions, Luck, where a card is turned, a Zombie's equal
paths -- "you decide the route of a Zombie"); every die, Hand and card draw is an explicit chance node
with integer weights, drawn by ``step()`` from the game's seeded splitmix64 generator (its state lives
in the game state) or forced by ``resolve_chance``. The seed plus the decision log replays a game.
"""
from __future__ import annotations

import copy
import json
from typing import Any

from nollab.games.engine_kit import TaskEngine
from nollab.packs.zombie_slayer.content import SlayerContent, load
# the handlers register themselves when their modules are imported
from nollab.packs.zombie_slayer.engine import fight as _fight, treasure as _treasure  # noqa: F401
from nollab.packs.zombie_slayer.engine import actions, deck as _deck, flow  # noqa: F401 (deck registers)
from nollab.packs.zombie_slayer.engine.core import HANDLERS, Action, Choice, Ctx, Event, IllegalAction
from nollab.packs.zombie_slayer.engine.state import State
from nollab.rules.engine import rng

__all__ = ["Game", "parse_setup", "FORMAT", "SETUPS"]

FORMAT = "nollab-zombie-slayer/1"
SETUPS = ["ludwig:6", "ludwig:4", "ludwig:2", "ludwig:0"]


def parse_setup(setup: str | None, box: SlayerContent) -> tuple[str, int]:
    """``"ludwig:6"`` -> (Slayer id, starting Luck). "If this is your first game, setting it to '6' is highly
    recommended. If you are feeling brave enough, you might want to start on a lower level of Luck.\""""
    text = (setup or f"{next(iter(box.slayers))}:{box.luck}").strip().lower()
    if len(text) > 100:
        raise ValueError("a Zombie Slayer setup is short: slayer[:luck], e.g. ludwig:6")
    name, _, luck = text.partition(":")
    name = name or next(iter(box.slayers))
    if name not in box.slayers:
        raise ValueError(f"unknown Slayer {name!r} (one of {', '.join(box.slayers)}); setup is slayer[:luck]")
    if luck == "":
        return name, box.luck
    if not luck.isdigit() or not 0 <= int(luck) <= 6:
        raise ValueError(f"the Luck die shows 0..6 (0: no Luck), got {luck!r}")
    return name, int(luck)


class Game(TaskEngine):
    """One game of Zombie Slayer (see the module docstring)."""

    name = "zombie-slayer"
    ACTION = Action
    CHOICE = Choice
    HANDLERS = HANDLERS
    DEFAULT_ACTION = -1  # a policy-less step ends the turn (the last legal action)
    SAVE_TITLE, SAVE_FORMAT = "Zombie Slayer", FORMAT
    REPLAY_STEP = None  # its engine steps run inside step(): a log has no "step" entries
    HISTORY_LIMIT = 2000

    def __init__(self, state: State, box: SlayerContent, setup: str, history: bool = True) -> None:
        self.state = state
        self.box = box
        self.setup = setup
        self.events: list[Event] = []
        self.log: list[dict] = []
        self.keep_history = history
        self._init_history()
        self._legal: list[Action] = []
        self._ctx_cache: Ctx | None = None

    @classmethod
    def new(cls, seed: int = 0, setup: str | None = None, box: SlayerContent | None = None,
            history: bool = True, roll_setup: bool = True) -> "Game":
        """Setup (chapter "Setup") for ``setup`` = slayer[:luck]. ``roll_setup``: draw the Setup's cards and
        spawn dice from the seed at once (logged as rolls, so a replay repeats them); False stops at the first."""
        box = box or load()
        if box.town is None:
            raise ValueError("this Zombie Slayer box has no [town] table (the engine needs it)")
        slayer, luck = parse_setup(setup, box)
        seed = int(seed)
        g = cls(flow.new_state(box, seed, rng.seed_state(seed), slayer, luck), box, f"{slayer}:{luck}", history)
        g._drain()
        while roll_setup and g.state.round == 0 and g.needs() == "chance":
            g._roll()
        return g

    def _ctx(self) -> Ctx:
        c = self._ctx_cache
        if c is None or c.st is not self.state:
            c = self._ctx_cache = Ctx(self.state, self.box, self.events)
        c.events = self.events
        return c

    def legal_actions(self) -> list[Action]:
        key = (id(self.state), self.state.steps)
        if key != self._legal_key:
            self._legal = actions.legal_actions(self._ctx())
            self._legal_key = key
        return list(self._legal)

    def acting(self) -> str | None:
        return "slayer" if self.needs() == "action" else None

    def _idle(self, ctx: Ctx) -> bool:
        """A turn with nothing left but ending it ends by itself (the Zombies' turn is queued)."""
        if self.state.phase == "slayer" and actions.only_end_left(ctx, actions.legal_actions(ctx)):
            ctx.emit("end", "ch. Creating a Slayer (actions)", "no action left: the Zombies' turn")
            self.state.queue.append(["zombies_turn"])
            return True
        return False

    def apply(self, action: Action | dict) -> None:
        """Take a legal action; :class:`IllegalAction` (naming the rule) leaves everything unchanged."""
        if isinstance(action, dict):
            action = Action.from_dict(action)
        if not isinstance(action, Action):
            raise IllegalAction(f"apply() takes an Action (or its dict), got {type(action).__name__}")
        action = Action(action.kind, action.player, tuple(action.params))
        if action not in self.legal_actions():
            need = self.needs()
            why = (f"not now: the game waits for a {need}" if need != "action" else
                   f"{action} is not legal here (ch. Creating a Slayer: actions left, reach, sight, items)")
            raise IllegalAction(why)
        self._save()
        actions.perform(self._ctx(), action)
        self._done({"t": "action", "a": action.to_dict()})

    # ---- history and files ------------------------------------------------------------------------------------
    def copy(self) -> "Game":
        g = Game(copy.deepcopy(self.state), self.box, self.setup, history=self.keep_history)
        g.events, g.log = list(self.events), list(self.log)
        return g

    def replay(self, log: list[dict] | None = None) -> "Game":
        """A new game with the same seed and setup, and ``log`` (default: this game's) applied again."""
        g = Game.new(self.state.seed, self.setup, self.box, history=self.keep_history, roll_setup=False)
        return self._replay_log(g, log)

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "seed": self.state.seed, "setup": self.setup, "log": self.log,
                           "state_hash": self.state_hash()}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str, box: SlayerContent | None = None) -> "Game":
        """A saved game, rebuilt by replaying its log; the saved state hash must match."""
        d = cls._read_save(text)
        if not isinstance(d.get("seed"), int):
            raise ValueError("a saved game's seed is an integer")
        g = cls.new(d["seed"], d.get("setup"), box, roll_setup=False).replay(d["log"])
        return cls._check_save(d, g)

    # ---- results and pictures ------------------------------------------------------------------------------------
    def summary(self) -> dict:
        st = self.state
        s = st.slayer
        return {
            "game": self.name, "setup": self.setup, "seed": st.seed, "rounds": st.round,
            "result": st.result or "unfinished", "reason": st.reason, "steps": st.steps,
            "state_hash": self.state_hash(), "kills": dict(sorted(st.kills.items())),
            "life": s["life"], "luck": s["luck"], "xp": s["xp"], "items": list(s["items"]),
            "skills": list(s["skills"]), "townsmen": st.townsmen,
            "followers": sorted(f["kind"] for f in st.followers.values()),
            "cards": len(st.tiles), "boss": st.boss,
        }

    def view(self):
        from nollab.packs.zombie_slayer.engine.view import view
        return view(self)

    def display_list(self, overlay: Any = None, **kwargs: Any):
        """The village (nollab.render display list); the default overlay shows the Slayer's moves."""
        from nollab.packs.zombie_slayer.render import board_display_list
        from nollab.render.model import Overlay
        if overlay is None:
            overlay = Overlay(legal=tuple(sorted({a.params[0] for a in self.legal_actions()
                                                  if a.kind in ("move", "dash_move") and a.player == "slayer"})))
        return board_display_list(self.view(), overlay, **kwargs)

    def describe(self, action: Action) -> str:
        from nollab.packs.zombie_slayer.engine.view import describe
        return describe(self, action)

    def _repr_svg_(self) -> str:
        from nollab.render import to_svg
        return to_svg(self.display_list())

    def __repr__(self) -> str:
        return f"<Zombie Slayer seed {self.seed} ({self.setup}): round {self.round}, {self.phase}, {self.result or 'playing'}>"
