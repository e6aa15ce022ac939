"""What a playable game gives the lab: the :class:`Match` protocol, explicit chance, the spec.

A *game* (NOTLD, Dead Panic, ...) is registered as a :class:`GameSpec` (see
:mod:`nollab.games.registry`); ``spec.new(seed=..., setup=...)`` starts a *match*, a live game
that follows :class:`Match`. The lab -- ``nollab play --game``, ``nollab simulate --game``, the
game player and the odds pages -- talks to a match only through this protocol:

* **state and flow**: ``needs()`` says what the match waits for -- ``"action"`` (a player's
  action: ``legal_actions()`` / ``apply(action)``), ``"choice"`` (a pending decision: ``pending``
  with ``options``/``labels``/``default``/``page``; ``choose(option)``), ``"chance"`` (a die roll
  or a draw: ``chance()`` lists the outcomes with integer weights; ``resolve_chance(outcome)``
  forces one, ``step()`` draws it from the match's seeded generator), ``"step"`` (an engine task
  with no decision) or ``"over"``. ``step(policy)`` advances one of these; ``run_until(what)``
  steps to the next ``"action"``/``"choice"``/``"phase"``/``"round"``/``"end"``.
* **history**: ``undo()``, ``copy()``, ``replay()`` (seed + decision log -> the same
  ``state_hash()``), ``to_json()`` / ``spec.from_json(text)``.
* **explanations**: ``events`` -- each with ``kind``, ``page`` (a rulebook reference such as
  "P. 23" or "p. 7"), ``text``, ``round``, ``phase``; ``describe(action)`` -- a player's label.
* **pictures**: ``view()`` -- the game's view model (plain frozen data, the one thing a picture or
  panel reads); ``display_list(overlay=None)`` -- the board as a :mod:`nollab.render` display list
  (SVG through ``nollab.render.to_svg``, a canvas through ``nollab.widgets``).
* **results**: ``over``, ``result`` (``"won"`` / ``"lost"`` / ``None``), ``summary()`` -- a
  JSON-able dict with at least ``seed``, ``rounds``, ``result`` (``"unfinished"`` while playing),
  ``reason``, ``steps`` and ``state_hash``.

A *policy* (a bot or a person) is anything with ``choose_action(game, actions)`` and
``choose_option(game, choice)``; a match passes its own engine object as ``game`` (the raw NOTLD
``Game`` for NOTLD), so a game's bots can read its state.

Taken from OpenSpiel: a registry of game types by short name with a factory, chance as an
explicit node whose outcomes carry probabilities (here integer weights, so odds stay exact), and
serialise/replay. Taken from boardgame.io: the game as a plain description (setup, moves, turn
order, end condition) and a log of moves that replays a game. Different: decisions *inside* the
opponents' phase (who a zombie chases, how wounds are split) are first-class pending choices, and
every event carries the rulebook page that caused it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping, Protocol, runtime_checkable

__all__ = ["Chance", "Match", "GameSpec", "NEEDS", "RUN_TARGETS"]

#: what :meth:`Match.needs` may answer
NEEDS = ("action", "choice", "chance", "step", "over")
#: what :meth:`Match.run_until` may run to
RUN_TARGETS = ("action", "choice", "phase", "round", "end")


@dataclass(frozen=True)
class Chance:
    """An explicit chance node (OpenSpiel's chance outcomes, with integer weights).

    ``Match.chance()`` returns an object of this shape -- this class, or a game's own (NOTLD's
    ``nollab.rules.engine.chance.ChanceNode`` has the same fields and methods); the lab reads only
    ``kind``, ``outcomes``, ``weights``, ``labels``, ``page``, ``prompt``, ``total``, ``prob``, ``probs``.

    ``outcomes`` are JSON-able values (a die face, a token kind, a card id); ``weights`` are
    positive integers, so ``prob(o) = weight / total`` is an exact fraction. ``kind`` names the
    random event ("d6", "2d6", "bag", "cabin", ...), ``page`` the rule that rolls it.
    """

    kind: str
    outcomes: tuple
    weights: tuple[int, ...]
    page: str
    labels: tuple[str, ...] = ()
    prompt: str = ""

    def __post_init__(self) -> None:
        if len(self.outcomes) != len(self.weights) or not self.outcomes:
            raise ValueError(f"chance {self.kind!r}: outcomes and weights must be non-empty and the same length")
        if any((not isinstance(w, int)) or isinstance(w, bool) or w <= 0 for w in self.weights):
            raise ValueError(f"chance {self.kind!r}: weights must be positive integers, got {self.weights!r}")
        if self.labels and len(self.labels) != len(self.outcomes):
            raise ValueError(f"chance {self.kind!r}: one label per outcome")

    @property
    def total(self) -> int:
        return sum(self.weights)

    def prob(self, outcome: Any) -> Fraction:
        """Exact probability of ``outcome`` (0 if it is not an outcome)."""
        for o, w in zip(self.outcomes, self.weights):
            if o == outcome:
                return Fraction(w, self.total)
        return Fraction(0)

    def probs(self) -> dict:
        """``{outcome: Fraction}`` for every outcome (outcomes must be hashable here)."""
        return {o: Fraction(w, self.total) for o, w in zip(self.outcomes, self.weights)}

    def to_dict(self) -> dict:
        return {"kind": self.kind, "outcomes": list(self.outcomes), "weights": list(self.weights),
                "page": self.page, "labels": list(self.labels), "prompt": self.prompt}


@runtime_checkable
class Match(Protocol):
    """A live game, as the lab sees it (see the module docstring for the meaning of each member)."""

    @property
    def seed(self) -> int: ...

    @property
    def round(self) -> int: ...

    @property
    def over(self) -> bool: ...

    @property
    def result(self) -> str | None: ...

    @property
    def pending(self) -> Any: ...

    @property
    def events(self) -> list: ...

    def needs(self) -> str: ...

    def legal_actions(self) -> list: ...

    def chance(self) -> Chance | None: ...

    def apply(self, action: Any) -> None: ...

    def choose(self, option: Any) -> None: ...

    def resolve_chance(self, outcome: Any) -> None: ...

    def step(self, policy: Any = None) -> str: ...

    def run_until(self, what: str = "end", policy: Any = None, max_steps: int = 1_000_000,
                  max_rounds: int | None = None) -> int: ...

    def undo(self) -> None: ...

    def copy(self) -> "Match": ...

    def replay(self) -> "Match": ...

    def to_json(self) -> str: ...

    def state_hash(self) -> str: ...

    def summary(self) -> dict: ...

    def view(self) -> Any: ...

    def display_list(self, overlay: Any = None) -> Any: ...

    def describe(self, action: Any) -> str: ...


@dataclass(frozen=True)
class GameSpec:
    """A registered game: how to start, load, play and tabulate it.

    ``new(seed=0, setup=None, options=None, history=True) -> Match``: ``setup`` is the game's
    own starting configuration (a NOTLD Scene id; a Dead Panic player count or character list),
    validated by the game with a ``ValueError`` naming it. ``setups()`` lists the shipped ones.
    ``policies`` maps a bot name to a factory ``f(seed)``. ``sim_row(summary)`` turns a finished
    match's summary into the game's own columns of a simulation table (``kill_types`` names the
    ``kills_<type>`` columns). ``odds`` is the ``nollab odds --game`` name of the game's exact
    odds, ``notebook`` its learn-to-play notebook. ``page_style`` says how events cite the rules.
    ``extra`` holds optional hooks the lab uses when present: ``summary_text(summary) -> lines``
    (``nollab play``), ``live_odds(match) -> dict`` (exact odds of what the match waits on),
    ``play_rounds``/``sim_rounds`` (round bounds), ``players_setup`` (``--players``/``--characters``).
    """

    name: str
    title: str
    new: Callable[..., Match]
    from_json: Callable[[str], Match]
    setups: Callable[[], list[str]]
    default_setup: str
    policies: Mapping[str, Callable[[int], Any]]
    default_policy: str
    sim_row: Callable[[dict], dict]
    kill_types: tuple[str, ...] = ()
    setup_help: str = ""
    odds: str | None = None
    notebook: str | None = None
    page_style: str = "P. N"
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"<GameSpec {self.name!r}: {self.title}>"

    def make_policy(self, name: str, seed: int = 0) -> Any:
        """A fresh bot of this game by name (ValueError naming the known ones)."""
        factory = self.policies.get(name)
        if factory is None:
            raise ValueError(f"unknown policy {name!r} for {self.name} (known: {', '.join(sorted(self.policies))})")
        return factory(seed)
