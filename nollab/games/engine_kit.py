"""The scaffolding the pack engines share behind the game seam: one implementation of each.

Dead Panic, Zombie Slayer and Zpocalypse each drive their rules through a ``Game`` facade with
the same outer shape (the :class:`nollab.games.protocol.Match` protocol): ``step`` one atomic
step, ``run_until`` a target, ``replay`` a log of answers, and :class:`Action` records a player
hands in. What is the same in the three lives here; what differs stays in the pack, as a class
attribute or an override:

- :class:`EngineKit` (a mixin for ``Game``): ``run_until`` and the log replay loop. A game says
  when it is over (:meth:`EngineKit.finished`) and whether its log holds engine steps
  (``REPLAY_STEP``, the word its replay error uses, or None).
- :class:`ActionRecord` (a base for each pack's frozen ``Action``): ``to_dict``, the validated
  ``from_dict`` (bounded by ``MAX_PARAMS``; ``DEFAULT_PLAYER`` when a solo game may omit it) and
  ``__str__``.
- :class:`ChoiceRecord` (a pending decision) and :class:`DataChoice` (one with its handler's data,
  rebuilt by ``from_dict``): the bases of each pack's ``Choice``.
- Save files: ``state_hash``, the checks of a save's JSON (``_read_save``, naming ``SAVE_TITLE``,
  ``SAVE_FORMAT``, bounded by ``LOG_LIMIT``) and of its replay (``_check_save``).
- The task machine of the engines whose turn is a queue of named tasks (Dead Panic, Zombie Slayer):
  :class:`Handlers` (the registries of tasks, decision resolvers and chance continuations),
  :class:`TaskCtx` (what a handler works with: emit, push, later, ask, roll, d6) and
  :class:`TaskEngine` (``needs``, ``pending``, ``chance``, ``choose``, ``resolve_chance``, the seeded
  draw, the drain loop, ``step`` and ``undo``). A game names its handlers (``HANDLERS``), the tasks a
  stepper shows one by one (``PAUSE``), which legal action a policy-less step takes
  (``DEFAULT_ACTION``) and what to do when the queue runs dry (:meth:`TaskEngine._idle`).

Why: the three facades were written one from another and had drifted only in those parameters;
a fix to the run loop or to input validation now reaches every game at once.
"""
from __future__ import annotations

import json
import pickle
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from nollab.games.protocol import RUN_TARGETS, Chance
from nollab.rules.engine import rng
from nollab.rules.engine.events import Event, IllegalAction

__all__ = ["ActionRecord", "ChoiceRecord", "DataChoice", "EngineKit", "Handlers", "TaskCtx", "TaskEngine",
           "normalise"]


@dataclass(frozen=True)
class ActionRecord:
    """A player's action: ``kind``, the player, parameters (JSON numbers and names)."""

    kind: str
    player: str
    params: tuple = ()

    #: most parameters an action of this game may carry (a bound far above any real action)
    MAX_PARAMS: ClassVar[int] = 6
    #: the player named when a saved action omits it (None: written as ``str(None)``, then refused)
    DEFAULT_PLAYER: ClassVar[str | None] = None

    def to_dict(self) -> dict:
        return {"kind": self.kind, "player": self.player, "params": list(self.params)}

    @classmethod
    def from_dict(cls, d: dict) -> Any:
        """The action ``d`` describes, checked before any work: a bad one is an :class:`IllegalAction`."""
        if not isinstance(d, dict) or set(d) - {"kind", "player", "params"}:
            raise IllegalAction(f"an action is a dict with kind, player and params, got {d!r}")
        params = d.get("params", ())
        if not isinstance(params, (list, tuple)) or len(params) > cls.MAX_PARAMS or \
                not all(p is None or isinstance(p, (int, str)) for p in params):
            raise IllegalAction(f"action params must be a short list of numbers and names, got {params!r}")
        return cls(str(d.get("kind")), str(d.get("player", cls.DEFAULT_PLAYER)), tuple(params))

    def __str__(self) -> str:
        return f"{self.player}: {self.kind}" + (f" {' '.join(str(p) for p in self.params)}" if self.params else "")


@dataclass(frozen=True)
class ChoiceRecord:
    """A pending decision: its options (JSON values), labels, the default, where the rule is."""

    kind: str
    who: str
    prompt: str
    options: tuple
    labels: tuple[str, ...]
    default: int
    page: str


@dataclass(frozen=True)
class DataChoice(ChoiceRecord):
    """A pending decision that also carries its handler's data, and can be rebuilt from a dict."""

    data: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: dict) -> Any:
        return cls(d["kind"], d["who"], d["prompt"], tuple(d["options"]), tuple(d["labels"]), d["default"],
                   d["page"], d.get("data", {}))


class EngineKit:
    """Mixin for a pack's ``Game``: the run loop and the log replay, over the game's own ``step``.

    The game provides ``state`` (with ``phase``, ``round``, ``result``), ``needs``, ``step``,
    ``apply``, ``choose``, ``resolve_chance``, ``_roll`` and an ``ACTION`` class (its record).
    """

    #: how a replay error names a missing engine step ("queued", "pending"); None: logs have no steps
    REPLAY_STEP: ClassVar[str | None] = "queued"
    ACTION: ClassVar[type[ActionRecord]]
    #: the game's name in save-file errors ("not a saved Dead Panic game") and its save format tag
    SAVE_TITLE: ClassVar[str]
    SAVE_FORMAT: ClassVar[str]
    #: most log entries a save file may hold (bounded far above any real game)
    LOG_LIMIT: ClassVar[int] = 1_000_000

    def state_hash(self) -> str:
        """The state's short hash (equal states, equal hashes): what a save file is checked against."""
        return self.state.state_hash()  # type: ignore[attr-defined]

    @classmethod
    def _read_save(cls, text: str) -> dict:
        """A save file's JSON, checked before any work: a dict of this game's format with a bounded log."""
        try:
            d = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"not a saved {cls.SAVE_TITLE} game: {exc}") from None
        if not isinstance(d, dict) or d.get("format") != cls.SAVE_FORMAT:
            raise ValueError(f"not a saved {cls.SAVE_TITLE} game (format {cls.SAVE_FORMAT})")
        if not isinstance(d.get("log"), list) or len(d["log"]) > cls.LOG_LIMIT:
            raise ValueError(f"a saved game's log is a list of at most {cls.LOG_LIMIT:,} entries")
        return d

    @staticmethod
    def _check_save(d: dict, g: Any) -> Any:
        """``g`` (the save ``d`` replayed) if it reaches the saved state hash; else ValueError."""
        if d.get("state_hash") not in (None, g.state_hash()):
            raise ValueError("the saved game does not replay to its saved state (different box or engine?)")
        return g

    def finished(self) -> bool:
        """Whether the game is over (no more steps); by default, once the state has a result."""
        return self.state.result is not None  # type: ignore[attr-defined]

    def run_until(self, what: str = "end", policy: Any = None, max_steps: int = 1_000_000,
                  max_rounds: int | None = None) -> int:
        """Step until ``what``: "action", "choice", "phase", "round" or "end"; returns the steps taken."""
        if what not in RUN_TARGETS:
            raise ValueError(f"run_until: what must be action, choice, phase, round or end, got {what!r}")
        st = self.state  # type: ignore[attr-defined]
        phase0, round0, n = st.phase, st.round, 0
        while n < max_steps and not self.finished():
            if max_rounds is not None and self.state.round > max_rounds:  # type: ignore[attr-defined]
                break
            if n and what in ("action", "choice") and self.needs() == what:  # type: ignore[attr-defined]
                break
            self.step(policy)  # type: ignore[attr-defined]
            n += 1
            st = self.state  # type: ignore[attr-defined]
            if (what == "phase" and st.phase != phase0) or (what == "round" and st.round != round0):
                break
        return n

    def _replay_log(self, g: Any, log: list[dict] | None) -> Any:
        """Apply ``log`` (default: this game's) to the fresh game ``g``, entry by entry; returns ``g``."""
        for e in (self.log if log is None else log):  # type: ignore[attr-defined]
            t = e.get("t") if isinstance(e, dict) else None
            if t == "action":
                g.apply(self.ACTION.from_dict(e["a"]))
            elif t == "choice":
                g.choose(e["o"])
            elif t == "chance":
                g.resolve_chance(e["o"])
            elif t == "roll":
                if g.needs() != "chance":
                    raise ValueError("replay: the log has a die roll but no chance event is pending")
                g._roll()
            elif t == "step" and self.REPLAY_STEP is not None:
                if g.needs() != "step":
                    raise ValueError(f"replay: the log has an engine step but none is {self.REPLAY_STEP}")
                g.step()
            else:
                raise ValueError(f"replay: unknown log entry {e!r}")
        return g


# ---- the task machine (Dead Panic, Zombie Slayer) ----------------------------------------------------------------

def normalise(x: Any) -> Any:
    """Tuples -> lists, so an option given as a tuple matches its JSON form."""
    if isinstance(x, (list, tuple)):
        return [normalise(v) for v in x]
    return x


class Handlers:
    """A pack engine's handlers by name: ``tasks`` (queue entries), ``resolvers`` (a decision's kind ->
    what it does with the option), ``chance`` (a chance node's ``then`` -> what it does with the outcome).
    Handlers register with the decorators, so the queue, a decision and a chance node stay plain data."""

    def __init__(self) -> None:
        self.tasks: dict[str, Callable] = {}
        self.resolvers: dict[str, Callable] = {}
        self.chance: dict[str, Callable] = {}

    @staticmethod
    def _into(table: dict[str, Callable], name: str) -> Callable:
        def deco(fn: Callable) -> Callable:
            table[name] = fn
            return fn
        return deco

    def task(self, name: str) -> Callable:
        return self._into(self.tasks, name)

    def resolver(self, kind: str) -> Callable:
        return self._into(self.resolvers, kind)

    def on_chance(self, name: str) -> Callable:
        return self._into(self.chance, name)


class TaskCtx:
    """What a handler works with: the state ``st`` (with ``queue``, ``pending``, ``chance``, ``round``,
    ``phase``) and the event log; a pack's ``Ctx`` adds its box and board."""

    st: Any
    events: list[Event]

    def emit(self, event_kind: str, page: str, text: str, /, **data: Any) -> None:
        self.events.append(Event(event_kind, page, text, self.st.round, self.st.phase, data))

    def push(self, *tasks: list) -> None:
        """Run these tasks next, in this order (before what was queued)."""
        self.st.queue[0:0] = [list(t) for t in tasks]

    def later(self, *tasks: list) -> None:
        """Run these tasks after everything queued."""
        self.st.queue.extend(list(t) for t in tasks)

    def ask(self, kind: str, who: str, prompt: str, options: list, labels: list[str], page: str, /,
            default: int = 0, **data: Any) -> None:
        """Wait for a player's decision (answered by ``Game.choose``)."""
        if not options:
            raise RuntimeError(f"decision {kind!r} with no option (engine bug)")
        if len(options) != len(labels):
            raise RuntimeError(f"decision {kind!r}: one label per option (engine bug)")
        self.st.pending = {"kind": kind, "who": who, "prompt": prompt, "options": normalise(list(options)),
                           "labels": list(labels), "default": default, "page": page, "data": data}

    def roll(self, kind: str, outcomes: list, weights: list[int], page: str, then: str, prompt: str = "", /,
             labels: list[str] | None = None, **data: Any) -> None:
        """Wait for chance; ``then`` names the handler that receives the outcome."""
        node = Chance(kind, tuple(normalise(o) for o in outcomes), tuple(weights), page, tuple(labels or ()),
                      prompt)  # validates
        self.st.chance = {**node.to_dict(), "then": then, "data": data}

    def d6(self, page: str, then: str, prompt: str, /, **data: Any) -> None:
        """One six-sided die."""
        self.roll("d6", [1, 2, 3, 4, 5, 6], [1] * 6, page, then, prompt, **data)


def _checked(node: dict | None, value: Any, what: str, field_: str) -> Any:
    """``value`` normalised, if it is one of the pending ``node``'s ``field_``; else IllegalAction."""
    if node is None:
        raise IllegalAction(f"no {what} is pending")
    v = normalise(value)
    if v not in node[field_]:
        shown = f"{node[field_]!r}" if len(node[field_]) <= 24 else f"{len(node[field_])} of them"
        raise IllegalAction(f"{v!r} is not one of the {field_} of the pending {node['kind']!r} {what} "
                            f"({node['page']}); {field_}: {shown}")
    return v


class TaskEngine(EngineKit):
    """Mixin for a ``Game`` whose rules run as a queue of named tasks (see the module docstring).

    The game provides ``state``, ``events``, ``log``, ``keep_history``, ``_history`` (see
    :meth:`_init_history`), ``_ctx()``, ``legal_actions()`` and ``apply()``."""

    HANDLERS: ClassVar[Handlers]
    CHOICE: ClassVar[type[DataChoice]] = DataChoice
    #: tasks a stepper shows as one step each (the others run at once)
    PAUSE: ClassVar[frozenset[str]] = frozenset()
    #: the legal action a step without a policy takes (its index)
    DEFAULT_ACTION: ClassVar[int] = 0
    HISTORY_LIMIT: ClassVar[int] = 2000

    def _init_history(self) -> None:
        self._history: deque = deque(maxlen=self.HISTORY_LIMIT)
        self._legal_key: Any = None

    # ---- what the game waits for ----------------------------------------------------------------------------
    seed = property(lambda self: self.state.seed)
    round = property(lambda self: self.state.round)
    phase = property(lambda self: self.state.phase)
    over = property(lambda self: self.state.result is not None)
    result = property(lambda self: self.state.result)

    @property
    def pending(self) -> Any:
        return self.CHOICE.from_dict(self.state.pending) if self.state.pending else None

    def chance(self) -> Chance | None:
        c = self.state.chance
        if c is None:
            return None
        return Chance(c["kind"], tuple(c["outcomes"]), tuple(c["weights"]), c["page"], tuple(c["labels"]),
                      c["prompt"])

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

    # ---- decisions and chance ----------------------------------------------------------------------------------
    def _save(self) -> None:
        if self.keep_history:  # type: ignore[attr-defined]
            self._history.append((pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL), len(self.events),
                                  len(self.log)))  # type: ignore[attr-defined]

    def _decision_text(self, choice: Any, label: str) -> str:
        """The event text of a decision taken (a game may name who decided)."""
        return f"decision ({choice.kind}): {label}"

    def choose(self, option: Any) -> None:
        """Answer the pending decision with one of its options."""
        st = self.state
        opt = _checked(st.pending, option, "decision", "options")
        self._save()
        choice = self.CHOICE.from_dict(st.pending)
        st.pending = None
        ctx = self._ctx()  # type: ignore[attr-defined]
        ctx.emit("choice", choice.page, self._decision_text(choice, choice.labels[choice.options.index(opt)]),
                 choice=choice.kind, option=opt)
        self.HANDLERS.resolvers[choice.kind](ctx, choice, opt)
        self._done({"t": "choice", "o": opt})

    def resolve_chance(self, outcome: Any) -> None:
        """Force the pending chance node's outcome (a forecast, a test, a replay of a real die)."""
        self._resolve(outcome, forced=True)

    def _resolve(self, outcome: Any, forced: bool, rng_after: int | None = None) -> None:
        st = self.state
        o = _checked(st.chance, outcome, "chance event", "outcomes")
        self._save()  # before the generator moves: undo gives the same draw back
        if rng_after is not None:
            st.rng = rng_after
        node, st.chance = st.chance, None
        ctx = self._ctx()  # type: ignore[attr-defined]
        label = node["labels"][node["outcomes"].index(o)] if node["labels"] else str(o)
        ctx.emit("chance", node["page"], f"{node['prompt'] or node['kind']}: {label}", chance=node["kind"], outcome=o)
        self.HANDLERS.chance[node["then"]](ctx, node["data"], o)
        self._done({"t": "chance", "o": o} if forced else {"t": "roll"})

    def _roll(self) -> None:
        """Draw the pending chance node from the game's seeded generator (integer weights, exact)."""
        node = self.state.chance
        after, x = rng.below(self.state.rng, sum(node["weights"]))
        for o, w in zip(node["outcomes"], node["weights"]):
            if x < w:
                break
            x -= w
        self._resolve(o, forced=False, rng_after=after)

    def _done(self, entry: dict) -> None:
        self.state.steps += 1
        self.log.append(entry)  # type: ignore[attr-defined]
        self._legal_key = None
        self._drain()

    def _idle(self, ctx: Any) -> bool:
        """Called when nothing is queued or pending; True if it queued more work (default: nothing)."""
        return False

    def _drain(self) -> None:
        """Run engine tasks until a decision, a chance node, a visible (``PAUSE``) task or a player's action."""
        st = self.state
        ctx = self._ctx()  # type: ignore[attr-defined]
        tasks = self.HANDLERS.tasks
        while st.result is None and st.pending is None and st.chance is None:
            if st.queue:
                if st.queue[0][0] in self.PAUSE:
                    break
                t = st.queue.pop(0)
                tasks[t[0]](ctx, *t[1:])
            elif not self._idle(ctx):
                break
        self._legal_key = None

    def step(self, policy: Any = None) -> str:
        """One atomic step: a visible task, a chance draw, or a decision taken by ``policy`` (default: the
        decision's named default, the ``DEFAULT_ACTION``-th legal action)."""
        need = self.needs()
        if need == "over":
            return need
        if need == "chance":
            self._roll()
        elif need == "step":
            self._save()
            t = self.state.queue.pop(0)
            self.HANDLERS.tasks[t[0]](self._ctx(), *t[1:])  # type: ignore[attr-defined]
            self._done({"t": "step"})
        elif need == "choice":
            p = self.state.pending
            self.choose(policy.choose_option(self, self.pending) if policy else p["options"][p["default"]])
        else:
            acts = self.legal_actions()  # type: ignore[attr-defined]
            self.apply(policy.choose_action(self, acts) if policy else acts[self.DEFAULT_ACTION])  # type: ignore
        return need

    def undo(self) -> None:
        """Take back the last decision, action or draw (the generator too: the same draw comes again)."""
        if not self._history:
            raise IllegalAction("nothing to undo")
        blob, ne, nl = self._history.pop()
        self.state = pickle.loads(blob)
        del self.events[ne:]  # type: ignore[attr-defined]
        del self.log[nl:]  # type: ignore[attr-defined]
        self._legal_key = None
