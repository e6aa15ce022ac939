"""The facade: ``Game.new`` / ``legal_actions`` / ``apply`` / ``choose`` / ``step`` / ``run_until`` /
``undo`` / ``replay`` / JSON. See the README "rules" section for a session.

A game is a :class:`~nollab.rules.engine.state.GameState` (plain data, seeded RNG inside), the immutable
content and scene, an event log and a decision log (actions and choices). Engine tasks are
deterministic, so the seed plus the decision log replays a game exactly.

The facade sits on top of the chapters: the engine core (:mod:`nollab.rules.engine`), the round
(:mod:`~nollab.rules.rounds`), the Players' Phase (:mod:`~nollab.rules.players`), combat
(:mod:`~nollab.rules.combat`), the Ghouls' Phase (:mod:`~nollab.rules.ghouls`,
:mod:`~nollab.rules.spawn`) and the Scenes (:mod:`~nollab.rules.scenes`); each chapter registers
its engine steps and decisions next to its rules, so this module only drives them.
"""
from __future__ import annotations

import json
import pickle
from collections import deque
from pathlib import Path
from typing import Any

from nollab.content import load_content
from nollab.rules.engine import choices, inputs
from nollab.rules.engine.chance import CHANCE
from nollab.rules.engine.actions import Action
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.events import Event, IllegalAction
from nollab.rules.engine.policies import FirstPolicy
from nollab.rules.game_chance import ChanceMixin
from nollab.rules.engine.run import run_until
from nollab.rules.engine.state import Choice, GameState
from nollab.rules.engine.tasks import PAUSE, TASKS, Task
from nollab.rules.ghouls import activation, attack, breakers, move  # noqa: F401  (register the Ghouls' steps)
from nollab.rules.players import action_budget, free_actions, legal, turn
from nollab.rules.players.illegal import explain_illegal
from nollab.rules.position.facade import PositionMixin
from nollab.rules.rounds import end_phase, players_phase  # noqa: F401  (register the round's steps)
from nollab.rules.rounds.setup import announce, build_state
from nollab.rules.scenes.handmade import sandbox_scene
from nollab.rules import saves
from nollab.rules.scenes.scene import SCENES_DIR, Scene, load_scene
from nollab.rules.snapshot import ViewMixin
from nollab.rules.spawn import step as spawn_step  # noqa: F401  (registers the Spawn Step)


_CONTENT = None


#: ``Game.new`` options: seating groups, Ultrared (P. 32), Ghoul card numbers used (P. 32), starting XP
KNOWN_OPTIONS = frozenset({"players", "ultrared", "ghoul_cards", "start_xp"})


def default_content():
    """The shipped content under ``$NOLLAB_CONTENT`` as it is now (``load_content`` caches it per
    folder and file modification times, so a changed or newly set folder is never missed)."""
    return load_content()


class Game(ChanceMixin, PositionMixin, ViewMixin):
    """One game of NOTLD. Build it with :meth:`Game.new` (or :meth:`from_position`)."""

    _default_content = staticmethod(lambda: default_content())

    def __init__(self, state: GameState, content, scene, options: dict, survivors: list[str] | None,
                 events: list | None = None, log: list | None = None, history: bool = True, event_base: int = 0):
        self.state = state
        self.content = content
        self.scene = scene
        self.options = dict(options)
        self.survivors = survivors
        self.events: list[Event] = events if events is not None else []
        self.event_base = event_base  # events before events[0]: a fork's log starts empty (Ctx.event_base)
        self.log: list[dict] = log if log is not None else []
        self.keep_history = history
        #: undo stack: (pickled state without the shared ``cards``/``origin``, events, log lengths)
        self._history: deque[tuple[bytes, int, int]] = deque(maxlen=self.HISTORY_LIMIT)
        self._cache: dict = {}
        self._legal_key = None
        self._legal: list[Action] = []
        #: sandbox games: the hand-made board/scene and starting position (JSON save/load, replay)
        self.sandbox_spec: dict | None = None
        #: stop before every chance step (``needs() == "chance"``) instead of rolling/drawing at once
        self.explicit_chance = False
        #: explorers (forecasts) stop the bookkeeping at their horizon: ``drain_until(state)`` True
        #: leaves the next tasks queued (set on forks only; a played game never sets it)
        self.drain_until = None
        #: a Scene carried inside a save (``{"embedded": ...}``, see :meth:`to_json`), else None
        self.scene_embedded: dict | None = None
        self.scene.sync(self._ctx())

    # ---- construction ----------------------------------------------------------------------
    @classmethod
    def new(cls, scene: str = "S1", seed: int = 0, survivors: list[str] | None = None,
            options: dict | None = None, content=None, history: bool = True) -> "Game":
        """Set up a Scene (P. 6-7). ``options``: ``players`` (groups of survivor ids, seating
        order), ``ultrared`` (P. 32), ``ghoul_cards`` (card numbers used, P. 32), ``start_xp``."""
        content = content or default_content()
        options = dict(options or {})
        unknown = sorted(set(options) - KNOWN_OPTIONS)
        if unknown:
            raise ValueError(f"options: unknown option(s) {unknown} (known: {sorted(KNOWN_OPTIONS)})")
        sc = scene.fresh() if isinstance(scene, Scene) else load_scene(scene)
        sc.bind(content)
        st, notes = build_state(content, sc, seed, survivors, options)
        g = cls(st, content, sc, options, survivors, history=history)
        ctx = g._ctx()
        announce(ctx, notes)
        sc.on_setup(ctx)
        st.phase = "players"
        st.queue.append(Task("round_start"))
        g._drain()
        return g

    def _ctx(self) -> Ctx:
        """The resolution context, reused while the state, Board and event log are the same objects."""
        c = self.__dict__.get("_ctx_obj")
        if c is None or c.st is not self.state or c.board is not self.scene.board or c.events is not self.events \
                or c.scene is not self.scene or c.options is not self.options:
            c = self._ctx_obj = Ctx(self.state, self.content, self.scene.board, self.scene, self.events,
                                    self.options, self._cache, self.event_base)
        return c

    def _repr_svg_(self) -> str:
        """Inline picture in Jupyter (render sits above rules, hence the local import)."""
        from nollab.render import svg_for
        return svg_for(self)

    # ---- queries -----------------------------------------------------------------------------
    @property
    def board(self):
        return self.scene.board

    @property
    def pending(self) -> Choice | None:
        return self.state.pending

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def legal_actions(self) -> list[Action]:
        """Every legal Survivor action now (empty while a choice or an engine step is pending)."""
        return list(self._legal_now())

    def _legal_now(self) -> list[Action]:
        """The cached legal actions (shared list: do not change it)."""
        key = (id(self.state), self.state.steps, len(self.events))
        if key != self._legal_key:
            self._legal = legal.legal_actions(self._ctx())
            self._legal_key = key
        return self._legal

    def actions_left(self, sid: str) -> int | None:
        """Ordinary Actions left to the Survivor taking their Turn (None for the others)."""
        if self.state.active != sid:
            return None
        return action_budget.general_left(self._ctx(), self.state.survivors[sid])

    def touch(self) -> None:
        """Forget cached legal actions (call it after editing ``game.state`` by hand)."""
        self._legal_key = None

    def needs(self) -> str:
        """What the game waits for: "choice", "action", "chance" (a roll or a draw: see
        :meth:`chance_outcomes`), "step" (an engine task) or "over"."""
        st = self.state
        if st.result is not None:
            return "over"
        if st.pending is not None:
            return "choice"
        if st.queue:
            return "chance" if st.queue[0].name in CHANCE else "step"
        return "action"

    def state_hash(self) -> str:
        return self.state.state_hash()

    # ---- decisions ---------------------------------------------------------------------------
    HISTORY_LIMIT = 5000

    def _save(self) -> None:
        """Push the state for :meth:`undo`. Pickled bytes rather than a clone: as fast to make,
        a third of the memory, and invisible to the garbage collector (thousands of live
        snapshots of small lists made every collection slow). ``cards``/``origin`` are left out:
        they never change after setup."""
        if self.keep_history:
            d = self.state.__dict__.copy()
            del d["cards"], d["origin"]
            d["queue"] = [tuple(t) for t in d["queue"]]  # plain tuples pickle 6x faster than records
            self._history.append((pickle.dumps(d, pickle.HIGHEST_PROTOCOL), len(self.events), len(self.log)))

    def apply(self, action: Action) -> None:
        """Apply a Survivor action; :class:`IllegalAction` (rule + page) leaves everything unchanged. It is
        matched to a listed legal action, types compared (:mod:`nollab.rules.engine.inputs`), which runs."""
        acts = self._legal_now()
        for a in acts:  # fast path: one of the listed (already normalised) actions, as a policy returns
            if a is action:
                break
        else:
            given = inputs.as_action(action)
            canon = inputs.match_action(given, acts)
            if canon is None:
                try:
                    why = explain_illegal(self._ctx(), given)
                except Exception:  # noqa: BLE001 -- malformed params: the reason is that it is not listed
                    why = "not one of the legal actions now (legal_actions())"
                raise IllegalAction(why)
            action = canon
        self._save()
        ctx = self._ctx()
        turn.perform(ctx, action)
        self.state.steps += 1
        self.log.append({"t": "action", "action": action.to_dict()})
        self._check(ctx)
        self._drain()

    def choose(self, option: Any) -> None:
        """Answer the pending :class:`Choice` with one of its options (types compared, as offered)."""
        st = self.state
        if st.pending is None:
            raise IllegalAction("no decision is pending (choose() answers a pending Choice)")
        i = inputs.match_option(option, st.pending.options)
        if i is None:
            raise IllegalAction(f"{inputs._shown(option)} is not an option of the pending {st.pending.kind!r} "
                                f"decision ({st.pending.page}); options: {inputs._shown(st.pending.options)}")
        opt = choices.normalise(st.pending.options[i])
        self._save()
        ctx = self._ctx()
        choices.resolve(ctx, opt)
        st.steps += 1
        self.log.append({"t": "choice", "option": opt})
        self._check(ctx)
        self._drain()

    # ---- free discards (P. 16) -----------------------------------------------------------------
    def free_discards(self) -> list[Action]:
        """Every free discard possible now (P. 16: "at any time, for free (even during another
        player's Turn)"): any living Survivor, any carried card, whenever the game waits for an
        action or a choice (:func:`nollab.rules.players.free_actions.free_discards`). Not part of
        :meth:`legal_actions` (which is the acting Survivor's)."""
        return free_actions.free_discards(self.state, self.needs())

    def discard(self, survivor: str, uid: int) -> None:
        """Discard a carried card for free, at any time (P. 16); logged, undoable and replayed."""
        if type(survivor) is not str or isinstance(uid, bool) or not isinstance(uid, int):
            raise IllegalAction(f"discard(survivor, uid): a survivor id and a card uid, got "
                                f"{inputs._shown(survivor)}, {inputs._shown(uid)}")
        uid = int(uid)
        if Action("discard", survivor, (uid,)) not in self.free_discards():
            raise IllegalAction(free_actions.discard_refused(self.state, self.needs(), survivor, uid))
        self._save()
        ctx = self._ctx()
        free_actions.do_discard(ctx, self.state.survivors[survivor], uid)
        self.state.steps += 1
        self.log.append({"t": "discard", "survivor": survivor, "uid": uid})
        self._legal_key = None
        self._check(ctx)

    # ---- engine ------------------------------------------------------------------------------
    def _run_task(self, ctx: Ctx) -> None:
        st = self.state
        task = st.queue.pop(0)
        TASKS[task.name](ctx, *task.args)
        st.steps += 1
        self._check(ctx)

    def _check(self, ctx: Ctx) -> None:
        if self.state.result is None:
            self.scene.check(ctx)

    def _drain(self) -> None:
        """Run bookkeeping tasks until a decision is needed or a visible (pause) step is next."""
        st = self.state
        ctx = self._ctx()
        explicit = self.explicit_chance
        until = self.drain_until
        while st.result is None and st.pending is None and st.queue and st.queue[0].name not in PAUSE \
                and not (explicit and st.queue[0].name in CHANCE) and not (until is not None and until(st)):
            self._run_task(ctx)

    def step(self, policy=None) -> str:
        """Advance one atomic step: an engine task, or one decision taken by ``policy``
        (default: the ``first`` policy). Returns what was done."""
        st = self.state
        if st.result is not None:
            return "over"
        if policy is None:
            policy = FirstPolicy()
        if st.pending is not None:
            self.choose(policy.choose_option(self, st.pending))
            return "choice"
        if st.queue:
            self._save()
            self._run_task(self._ctx())
            self.log.append({"t": "step"})
            self._drain()
            return "step"
        acts = self.legal_actions()
        if not acts:
            raise RuntimeError("no legal action and nothing queued: the engine is stuck (bug)")
        self.apply(policy.choose_action(self, acts))
        return "action"

    def run_until(self, what: str = "end", policy=None, max_steps: int = 1_000_000, max_rounds: int | None = None,
                  *, players: bool = True) -> int:
        """Step until ``what``: "step", "action" (a player action is needed), "choice", "phase",
        "round" or "end" (game over); ``players=False`` also stops before any player decision.
        Returns the number of steps taken (:func:`nollab.rules.engine.run.run_until`)."""
        return run_until(self, what, policy, max_steps, max_rounds, players=players)

    def copy(self, history: bool = False) -> "Game":
        """An independent game with a cloned state (the log and events are copied too)."""
        g = Game(self.state.clone(), self.content, self.scene.fresh(), self.options, self.survivors,
                 list(self.events), [dict(e) for e in self.log], history=history, event_base=self.event_base)
        g.sandbox_spec = self.sandbox_spec
        g.scene_embedded = self.scene_embedded
        g.explicit_chance = self.explicit_chance
        return g

    def undo(self) -> None:
        """Go back one decision or step (requires ``history=True``)."""
        if not self._history:
            raise IllegalAction("nothing to undo")
        blob, ne, nl = self._history.pop()
        d = pickle.loads(blob)
        d["cards"], d["origin"] = self.state.cards, self.state.origin
        d["queue"] = [Task(*t) for t in d["queue"]]
        st = GameState.__new__(GameState)
        st.__dict__ = d
        self.state = st
        del self.events[ne:]
        del self.log[nl:]
        self._legal_key = None
        self.scene.sync(self._ctx())

    @classmethod
    def from_sandbox_spec(cls, spec: dict, content, options: dict, survivors, history: bool) -> "Game":
        """A new Game at a sandbox game's starting position (what :meth:`replay` replays from;
        ``spec`` is :attr:`sandbox_spec`, see :mod:`nollab.rules.sandbox`)."""
        sc = sandbox_scene(spec)
        sc.bind(content)
        start = json.loads(json.dumps(spec["start"]))  # a copy: playing the replay must not change the spec
        g = cls(GameState.from_dict(start["state"]), content, sc, options, survivors,
                [Event.from_dict(e) for e in start["events"]], [], history=history)
        g.sandbox_spec = spec
        return g

    # ---- replay and JSON ---------------------------------------------------------------------
    def replay(self, log: list[dict] | None = None) -> "Game":
        """A new game from the same scene/seed/options with ``log`` (default: this game's log)
        re-applied; engine tasks are re-run deterministically."""
        if self.sandbox_spec is not None:
            g = Game.from_sandbox_spec(self.sandbox_spec, self.content, self.options, self.survivors,
                                       self.keep_history)
        else:
            scene = self.scene if self.scene_embedded is not None else self._scene_ref()
            g = Game.new(scene, self.state.seed, self.survivors, self.options, self.content,
                         history=self.keep_history)
            g.scene_embedded = self.scene_embedded
        g.replay_log(self.log if log is None else log)
        return g

    def _scene_ref(self) -> str:
        """What ``load_scene`` needs to load this Scene again: its id for a shipped Scene, else
        the path of the user's scene file."""
        f = Path(self.scene.file) if self.scene.file else None
        if f is None or f.parent.resolve() == SCENES_DIR.resolve():
            return self.scene.id
        return str(f)

    def to_json(self) -> str:
        """The whole game as JSON (``nollab-game/1``): scene, options, state, decision log, events;
        a sandbox game also stores its hand-made board and starting position."""
        d = {"format": "nollab-game/1", "scene": saves.saved_scene_ref(self), "options": self.options,
             "survivors": self.survivors, "state": self.state.to_dict(), "log": self.log,
             "events": [e.to_dict() for e in self.events], "explicit_chance": self.explicit_chance}
        if self.sandbox_spec is not None:
            d["sandbox"] = self.sandbox_spec
        return json.dumps(d, sort_keys=True)

    @classmethod
    def from_json(cls, text: str, content=None) -> "Game":
        """A game from :meth:`to_json` text, checked by the save schema (:mod:`nollab.rules.saves`) before
        anything is built: a wrong type, an unknown field, a Scene given as a path or a state that cannot run
        is one ``ValueError`` naming the field (``json.JSONDecodeError`` for text that is not JSON)."""
        return saves.game_from_json(cls, text, content or default_content())
