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

Why: the three facades were written one from another and had drifted only in those parameters;
a fix to the run loop or to input validation now reaches every game at once.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from nollab.games.protocol import RUN_TARGETS
from nollab.rules.engine.events import IllegalAction

__all__ = ["ActionRecord", "ChoiceRecord", "DataChoice", "EngineKit"]


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
