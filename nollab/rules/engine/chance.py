"""Chance as explicit engine steps, in the manner of OpenSpiel's chance nodes.

Where the rules roll dice or draw a card, the engine queues a *chance step* (a task registered
with :func:`chance_task`) instead of drawing deep inside a rule. A chance step can:

* list its outcomes with exact integer weights -- :class:`ChanceNode`, grouped by what changes the
  state (the number of hits of a roll, what a Ghoul card does at the current Danger Level, which
  Equipment card is drawn), not by raw faces or card numbers where those do not matter;
* be resolved with a chosen outcome (``Game.apply_chance``: a group from the node, or a detailed
  outcome -- the faces of a roll, a card's number or uid -- which the log then records);
* be resolved by the game's seeded generator (``outcome=None``), which is what every game does by
  default: the same generator calls as before chance was explicit, so a seed still replays exactly.

By default the engine resolves a chance step with the generator as soon as it comes up (it is
bookkeeping, like any task), unless the step is a visible one (``pause=True``, e.g. a Spawn card);
``Game.set_explicit_chance(True)`` makes the game stop before every chance step
(``Game.needs() == "chance"``), which is how the odds (:mod:`nollab.prob`) enumerate them.

Chance steps of the rules: ``roll`` and ``reroll`` (:mod:`nollab.rules.combat.attack`, P. 12,
P. 26), ``search_draw`` (:mod:`nollab.rules.players.search`, P. 18), ``spawn_card``
(:mod:`nollab.rules.spawn.step`, P. 24-25). The deal and the shuffles of the Setup (P. 6-7) and
the S8 travelling pile (P. 41) are shuffled once by the generator and are not chance steps.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from nollab.rules.engine.tasks import task

__all__ = ["ChanceNode", "ChanceStep", "CHANCE", "chance_task", "norm_outcome"]


@dataclass(frozen=True)
class ChanceNode:
    """The outcomes of one chance step with exact integer weights (``prob(o) = weight / total``).

    ``kind`` names the random event (``dice``, ``ghoul_card``, ``equipment_card``), ``page`` the rule
    that draws it, ``labels[i]`` a short human text of ``outcomes[i]``, ``prompt`` what is drawn.
    Outcomes are hashable JSON values (ints, strings). ``details`` says what a detailed outcome
    is (e.g. "faces: a list of 3 dice 1-6"), which ``Game.apply_chance`` also accepts.
    """

    kind: str
    outcomes: tuple
    weights: tuple
    page: str
    labels: tuple = ()
    prompt: str = ""
    details: str = ""

    def __post_init__(self) -> None:
        if not self.outcomes or len(self.outcomes) != len(self.weights):
            raise ValueError(f"chance {self.kind!r}: outcomes and weights must be non-empty and the same length")
        if any(not isinstance(w, int) or isinstance(w, bool) or w <= 0 for w in self.weights):
            raise ValueError(f"chance {self.kind!r}: weights must be positive integers, got {self.weights!r}")
        if self.labels and len(self.labels) != len(self.outcomes):
            raise ValueError(f"chance {self.kind!r}: one label per outcome")

    @property
    def total(self) -> int:
        return sum(self.weights)

    def items(self):
        """``(outcome, weight)`` pairs."""
        return zip(self.outcomes, self.weights)

    def prob(self, outcome: Any) -> Fraction:
        """Exact probability of ``outcome`` (0 if it is not one of the outcomes)."""
        outcome = norm_outcome(outcome)
        for o, w in zip(self.outcomes, self.weights):
            if o == outcome:
                return Fraction(w, self.total)
        return Fraction(0)

    def probs(self) -> dict:
        """``{outcome: Fraction}``."""
        t = self.total
        return {o: Fraction(w, t) for o, w in zip(self.outcomes, self.weights)}

    def label(self, outcome: Any) -> str:
        outcome = norm_outcome(outcome)
        if self.labels and outcome in self.outcomes:
            return self.labels[self.outcomes.index(outcome)]
        return str(outcome)

    def to_dict(self) -> dict:
        """JSON form (probabilities as exact ``"p/q"`` strings too)."""
        t = self.total
        return {"kind": self.kind, "page": self.page, "prompt": self.prompt, "details": self.details,
                "outcomes": [{"outcome": o, "weight": w, "p": str(Fraction(w, t)),
                              "label": self.labels[i] if self.labels else str(o)}
                             for i, (o, w) in enumerate(zip(self.outcomes, self.weights))]}


@dataclass(frozen=True)
class ChanceStep:
    """A registered chance step: ``outcomes(ctx, *args) -> ChanceNode``; ``check(ctx, outcome, *args)``
    returns None if a chosen outcome (a group or a detailed outcome) is acceptable, else the reason;
    ``run(ctx, outcome, *args)`` resolves it (``outcome=None``: the seeded generator)."""

    name: str
    outcomes: Callable
    check: Callable
    run: Callable


#: task name -> ChanceStep
CHANCE: dict[str, ChanceStep] = {}


def norm_outcome(o: Any) -> Any:
    """Lists (an outcome read back from JSON) -> tuples, so it can be compared and hashed."""
    if isinstance(o, list):
        return tuple(norm_outcome(x) for x in o)
    return o


def chance_task(name: str, *, outcomes: Callable, check: Callable, pause: bool = False, load: tuple | None = None):
    """Register ``fn(ctx, outcome, *args)`` as the chance step ``name`` (queued like any task with
    ``ctx.push(Task(name, args))``); ``outcomes`` and ``check`` as in :class:`ChanceStep`, ``load`` as in
    :func:`~.tasks.task`. Run as a
    plain task (the default flow) it is resolved by the seeded generator."""
    def deco(fn: Callable) -> Callable:
        def seeded(ctx, *args):
            return fn(ctx, None, *args)
        seeded.__module__, seeded.__qualname__ = fn.__module__, fn.__qualname__ + ".<seeded>"
        task(name, pause=pause, load=load)(seeded)  # the task registry refuses a name taken by another function
        CHANCE[name] = ChanceStep(name, outcomes, check, fn)
        return fn
    return deco
