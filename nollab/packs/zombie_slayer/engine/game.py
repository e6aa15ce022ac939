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
from collections import deque
from typing import Any

from nollab.games.engine_kit import EngineKit
from nollab.games.protocol import Chance
from nollab.packs.zombie_slayer.content import SlayerContent, load
# the handlers register themselves when their modules are imported
from nollab.packs.zombie_slayer.engine import fight as _fight, treasure as _treasure  # noqa: F401
from nollab.packs.zombie_slayer.engine import actions, flow
from nollab.packs.zombie_slayer.engine.core import (CHANCE, RESOLVERS, TASKS, Action, Choice, Ctx, Event,
                                                    IllegalAction, normalise)
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


def _checked(node: dict | None, value: Any, what: str, field: str) -> Any:
    if node is None:
        raise IllegalAction(f"no {what} is pending")
    v = normalise(value)
    if v not in node[field]:
        raise IllegalAction(f"{v!r} is not one of the {field} of the pending {node['kind']!r} {what} ({node['page']})")
    return v


class Game(EngineKit):
    """One game of Zombie Slayer (see the module docstring)."""

    name = "zombie-slayer"
    ACTION = Action
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
        self._history: deque = deque(maxlen=self.HISTORY_LIMIT)
        self._legal_key: Any = None
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

    # ---- what the game waits for ----------------------------------------------------------------------------
    seed = property(lambda self: self.state.seed)
    round = property(lambda self: self.state.round)
    phase = property(lambda self: self.state.phase)
    over = property(lambda self: self.state.result is not None)
    result = property(lambda self: self.state.result)

    @property
    def pending(self) -> Choice | None:
        return Choice.from_dict(self.state.pending) if self.state.pending else None

    def chance(self) -> Chance | None:
        c = self.state.chance
        if c is None:
            return None
        return Chance(c["kind"], tuple(c["outcomes"]), tuple(c["weights"]), c["page"], tuple(c["labels"]), c["prompt"])

    def needs(self) -> str:
        st = self.state
        if st.result is not None:
            return "over"
        if st.pending is not None:
            return "choice"
        if st.chance is not None:
            return "chance"
        if st.queue:
            return "step"
        return "action"

    def legal_actions(self) -> list[Action]:
        key = (id(self.state), self.state.steps)
        if key != self._legal_key:
            self._legal = actions.legal_actions(self._ctx())
            self._legal_key = key
        return list(self._legal)

    def acting(self) -> str | None:
        return "slayer" if self.needs() == "action" else None

    # ---- decisions --------------------------------------------------------------------------------------------
    def _save(self) -> None:
        if self.keep_history:
            self._history.append((copy.deepcopy(self.state), len(self.events), len(self.log)))

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

    def choose(self, option: Any) -> None:
        st = self.state
        opt = _checked(st.pending, option, "decision", "options")
        self._save()
        choice = Choice.from_dict(st.pending)
        st.pending = None
        ctx = self._ctx()
        ctx.emit("choice", choice.page, f"decision ({choice.kind}): {choice.labels[choice.options.index(opt)]}",
                 choice=choice.kind, option=opt)
        RESOLVERS[choice.kind](ctx, choice, opt)
        self._done({"t": "choice", "o": opt})

    def resolve_chance(self, outcome: Any) -> None:
        """Force the pending chance node's outcome (a forecast, a test, a real die)."""
        self._resolve(outcome, forced=True)

    def _resolve(self, outcome: Any, forced: bool, rng_after: int | None = None) -> None:
        st = self.state
        o = _checked(st.chance, outcome, "chance event", "outcomes")
        self._save()
        if rng_after is not None:
            st.rng = rng_after
        node, st.chance = st.chance, None
        ctx = self._ctx()
        label = node["labels"][node["outcomes"].index(o)] if node["labels"] else str(o)
        ctx.emit("chance", node["page"], f"{node['prompt'] or node['kind']}: {label}", chance=node["kind"], outcome=o)
        CHANCE[node["then"]](ctx, node["data"], o)
        self._done({"t": "chance", "o": o} if forced else {"t": "roll"})

    def _roll(self) -> None:
        node = self.state.chance
        after, x = rng.below(self.state.rng, sum(node["weights"]))
        for o, w in zip(node["outcomes"], node["weights"]):
            if x < w:
                break
            x -= w
        self._resolve(o, forced=False, rng_after=after)

    def _done(self, entry: dict) -> None:
        self.state.steps += 1
        self.log.append(entry)
        self._legal_key = None
        self._drain()

    def _drain(self) -> None:
        """Run engine tasks until a decision, a chance node or the Slayer's action; a turn with nothing
        left but ending it ends by itself."""
        st = self.state
        ctx = self._ctx()
        while st.result is None and st.pending is None and st.chance is None:
            if st.queue:
                t = st.queue.pop(0)
                TASKS[t[0]](ctx, *t[1:])
                continue
            if st.phase == "slayer" and actions.only_end_left(ctx, actions.legal_actions(ctx)):
                ctx.emit("end", "ch. Creating a Slayer (actions)", "no action left: the Zombies' turn")
                st.queue.append(["zombies_turn"])
                continue
            break
        self._legal_key = None

    def step(self, policy: Any = None) -> str:
        """One atomic step: a chance draw, or a decision taken by ``policy`` (default: the named default)."""
        need = self.needs()
        if need == "over":
            return need
        if need == "chance":
            self._roll()
        elif need == "step":
            self._drain()
        elif need == "choice":
            p = self.state.pending
            self.choose(policy.choose_option(self, self.pending) if policy else p["options"][p["default"]])
        else:
            acts = self.legal_actions()
            self.apply(policy.choose_action(self, acts) if policy else acts[-1])
        return need

    # ---- history and files ------------------------------------------------------------------------------------
    def undo(self) -> None:
        if not self._history:
            raise IllegalAction("nothing to undo")
        state, ne, nl = self._history.pop()
        self.state = state
        del self.events[ne:]
        del self.log[nl:]
        self._legal_key = None

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
