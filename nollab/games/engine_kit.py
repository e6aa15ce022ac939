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

Why: the three facades were written one from another and had drifted only in those parameters;
a fix to the run loop or to input validation now reaches every game at once.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from nollab.games.protocol import RUN_TARGETS
from nollab.rules.engine.events import IllegalAction

__all__ = ["ActionRecord", "EngineKit"]


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


class EngineKit:
    """Mixin for a pack's ``Game``: the run loop and the log replay, over the game's own ``step``.

    The game provides ``state`` (with ``phase``, ``round``, ``result``), ``needs``, ``step``,
    ``apply``, ``choose``, ``resolve_chance``, ``_roll`` and an ``ACTION`` class (its record).
    """

    #: how a replay error names a missing engine step ("queued", "pending"); None: logs have no steps
    REPLAY_STEP: ClassVar[str | None] = "queued"
    ACTION: ClassVar[type[ActionRecord]]

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
