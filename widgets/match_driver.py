"""MatchDriver: what the MatchPlayer asks of *any* registered game, through the seam only.

The :class:`~nollab.games.protocol.Match` protocol gives state and flow (``needs()``,
``legal_actions()``, ``pending``, ``chance()``), decisions (``apply``, ``choose``,
``resolve_chance``, ``step(policy)``), history (``undo``) and pictures (``display_list``). This
driver adds what a stepper needs on top, and nothing game-specific:

* running toward a target -- one step, the next decision, the end of the phase, of the round, of
  the game -- while a named bot of the game's own policy table answers the decisions, or stopping
  at the first decision so a person answers it with the buttons (``policy_plays=False``);
* the chance node as rows a person reads (label, exact weight, percentage) and forcing one of them;
* the legal actions that name a board space (a click on the board);
* one status line.

It imports no Jupyter, so tests drive it as plain Python. Taken from OpenSpiel's
``play_game`` loop (chance nodes sampled from their outcome weights, decisions from a bot); the
stop-at-a-decision mode is boardgame.io's debug panel, where a move waits for the person.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from nollab.games import GameSpec, get_game

__all__ = ["MatchDriver", "TARGETS", "MAX_STEPS"]

#: what the buttons run to
TARGETS = ("step", "decision", "phase", "round", "end")
#: a runaway guard for one button press (a Dead Panic round is a few hundred steps)
MAX_STEPS = 20_000
#: bound on a seed typed in the box (user input)
MAX_SEED = 2**31 - 1


class MatchDriver:
    """A live match of a registered game plus stepping helpers (see the module docstring).

    ``MatchDriver("dead-panic", seed=3, setup="4")``; ``driver.match`` is the live match,
    ``driver.spec`` the game's :class:`~nollab.games.GameSpec`.
    """

    def __init__(self, game: str | GameSpec = "dead-panic", seed: int = 1, setup: str | None = None) -> None:
        self.spec: GameSpec = game if isinstance(game, GameSpec) else get_game(game)
        self.error = ""
        self.new(seed, setup)

    # ------------------------------------------------------------------ a new match
    def new(self, seed: int, setup: str | None = None) -> None:
        """Start a new match; a bad seed or setup raises ``ValueError`` naming it (nothing changes)."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be an integer 0..{MAX_SEED}, got {seed!r}")
        setup = self.spec.default_setup if setup in (None, "") else str(setup)
        match = self.spec.new(seed=seed, setup=setup, history=True)
        self.match, self.seed, self.setup = match, seed, setup
        self._policies: dict[str, Any] = {}
        self.error = ""

    # ------------------------------------------------------------------ reading
    @property
    def title(self) -> str:
        return self.spec.title

    def needs(self) -> str:
        return self.match.needs()

    def over(self) -> bool:
        return bool(self.match.over)

    def pending(self) -> Any:
        return self.match.pending

    def events(self) -> list:
        return list(self.match.events)

    def legal_actions(self) -> list:
        return list(self.match.legal_actions()) if self.needs() == "action" else []

    def describe(self, action: Any) -> str:
        return self.match.describe(action)

    def can_undo(self) -> bool:
        return bool(getattr(self.match, "log", True))

    def chance_rows(self) -> list[tuple[str, int, Fraction]]:
        """The pending chance node as ``(label, weight, exact probability)`` rows (empty if none)."""
        node = self.match.chance() if self.needs() == "chance" else None
        if node is None:
            return []
        labels = tuple(node.labels) or tuple(str(o) for o in node.outcomes)
        total = sum(node.weights)
        return [(str(lab), int(w), Fraction(int(w), total)) for lab, w in zip(labels, node.weights)]

    def chance(self) -> Any:
        return self.match.chance() if self.needs() == "chance" else None

    def actions_at(self, space: str) -> list:
        """Legal actions one of whose parameters is the board space ``space`` (a click on it)."""
        return [a for a in self.legal_actions() if space in tuple(getattr(a, "params", ()))]

    def moves_to(self, space: str) -> list:
        """Legal actions whose first parameter is ``space`` -- moving there, one click."""
        return [a for a in self.legal_actions() if tuple(getattr(a, "params", ()))[:1] == (space,)]

    def status(self) -> str:
        """``Round 2 · zombies · waiting for a decision`` (and the result once over)."""
        m = self.match
        phase = str(getattr(m, "phase", "") or "").replace("_", " ")
        text = f"Round {m.round}" + (f" · {phase}" if phase else "")
        if m.over:
            reason = self.match.summary().get("reason") or ""
            return text + f" · {str(m.result).upper()}" + (f": {reason}" if reason else "")
        need = self.needs()
        return text + " · " + {
            "action": "waiting for a player action",
            "choice": "waiting for a decision",
            "chance": "a die roll or a draw is next",
            "step": "the game's next step is ready",
        }.get(need, need)

    # ------------------------------------------------------------------ acting
    def apply(self, action: Any) -> None:
        self.match.apply(action)

    def choose(self, index: int) -> None:
        pending = self.match.pending
        if pending is None:
            raise ValueError("no decision is pending")
        options = tuple(pending.options)
        if not 0 <= index < len(options):
            raise ValueError(f"option index must be 0..{len(options) - 1}, got {index}")
        self.match.choose(options[index])

    def force(self, index: int) -> None:
        """Force the pending chance node's ``index``-th outcome (a real die, a forecast)."""
        node = self.chance()
        if node is None:
            raise ValueError("no die roll or draw is pending")
        if not 0 <= index < len(node.outcomes):
            raise ValueError(f"outcome index must be 0..{len(node.outcomes) - 1}, got {index}")
        self.match.resolve_chance(node.outcomes[index])

    def undo(self) -> None:
        self.match.undo()

    def policy_names(self) -> list[str]:
        return list(self.spec.policies)

    def policy(self, name: str) -> Any:
        """The game's bot ``name`` (made once per match, seeded with the match seed)."""
        if name not in self._policies:
            self._policies[name] = self.spec.make_policy(name, self.seed)
        return self._policies[name]

    def advance(self, target: str, policy: str | None = None, policy_plays: bool = True,
                max_steps: int = MAX_STEPS) -> int:
        """Run toward ``target`` (one of :data:`TARGETS`); returns the steps taken.

        Engine steps and chance draws (from the match's own seeded generator) run freely; a
        decision -- a player action or a pending choice -- is taken by ``policy`` (default: the
        game's default bot) when ``policy_plays``, otherwise the run stops there and waits.
        """
        if target not in TARGETS:
            raise ValueError(f"target must be one of {', '.join(TARGETS)}, not {target!r}")
        bot = self.policy(policy or self.spec.default_policy) if policy_plays else None
        m = self.match
        phase0, round0, n = getattr(m, "phase", None), m.round, 0
        while n < max_steps and not m.over:
            need = m.needs()
            decision = need in ("action", "choice")
            if decision and not policy_plays:
                break
            if n and target == "decision" and decision:
                break
            m.step(bot)
            n += 1
            if target == "step" or (target == "phase" and getattr(m, "phase", None) != phase0) \
                    or (target == "round" and m.round != round0):
                break
        return n
