"""Driver: everything the GamePlayer asks of the rules engine, in one small place.

It wraps a live ``nollab.rules.Game`` and adds what a stepper needs on top of the engine's own
``step()/apply()/choose()/undo()``: running to a target ("step", "action", "phase", "round")
while a named policy answers the players' decisions, the zones the active Survivor may Move to,
human labels for actions, and a status line.

Policies come from the one registry, :data:`nollab.sim.policy.POLICIES` (the engine's protocol
``choose_action``/``choose_option``), seeded by the game seed, so an auto-played game is
reproducible; running forward is the engine's own :func:`nollab.rules.engine.run.run_until`.
"""
from __future__ import annotations

import pathlib
from typing import Any, Callable

import nollab
from nollab.rules.engine.run import run_until
from nollab.rules.game import Game
from nollab.rules.labels import action_label
from nollab.sim.policy import POLICIES, make_policy

MAX_STEPS = 20_000  # a runaway guard for "end of round" (a round is a few hundred steps)
#: The stepping policy a learner watches by default: the heuristic bot plays sensibly (the random
#: one stashes weapons and opens and closes the same barricade).
DEFAULT_POLICY = "heuristic"
#: Who answers *Suggest*: the first of these names registered in :data:`nollab.sim.policy.POLICIES`
#: (a planner registers itself as "planner" and is preferred over the heuristic bot).
SUGGEST_ORDER = ("planner", "best", "heuristic", "fighter", "first")
#: What a log entry of :attr:`nollab.rules.Game.log` is: a player decision or an engine step.
DECISIONS = ("action", "choice", "discard")
#: what the buttons run to (a subset of run_until's targets)
TARGETS = ("step", "action", "phase", "round")

def scene_ids() -> list[str]:
    """Scene ids shipped in ``nollab/data/scenes`` (S1, S2, ... in number order)."""
    folder = pathlib.Path(nollab.__file__).parent / "data" / "scenes"
    ids = [p.stem for p in folder.glob("*.toml")]
    return sorted(ids, key=lambda s: (len(s), s))


def _default_factory(scene: str, seed: int) -> Any:
    return Game.new(scene=scene, seed=seed)


class Driver:
    """A live game plus stepping helpers (see module docstring)."""

    def __init__(self, scene: str = "S1", seed: int = 1, *,
                 game_factory: Callable[[str, int], Any] | None = None) -> None:
        self.factory = game_factory or _default_factory
        self.error = ""
        self.new(scene, seed)

    def new(self, scene: str, seed: int) -> None:
        """Start a new game."""
        self.game = self.factory(scene, int(seed))
        self.scene = scene
        self.seed = int(seed)
        self._policies: dict[str, Any] = {}
        self.error = ""

    # ------------------------------------------------------------------ reading
    @property
    def board(self) -> Any:
        return self.game.board

    @property
    def state(self) -> Any:
        return self.game.state

    def events(self) -> list:
        return list(self.game.events)

    def over(self) -> bool:
        return self.state.result is not None

    def pending(self) -> Any:
        return self.state.pending

    def legal_actions(self) -> list:
        return list(self.game.legal_actions())

    def can_undo(self) -> bool:
        return bool(self.game.log)  # every undoable step is one entry of the decision log

    def legal_move_zones(self) -> tuple[str, ...]:
        """Zones the active Survivor may Move to now (P. 18)."""
        return tuple(sorted({a.params[0] for a in self.legal_actions() if a.kind == "move"}))

    def move_to(self, zone: str) -> Any | None:
        """The legal Move action to ``zone``, or None."""
        for a in self.legal_actions():
            if a.kind == "move" and a.params and a.params[0] == zone:
                return a
        return None

    def zone_name(self, zone: str) -> str:
        try:
            label = self.board.zone(zone).label
        except (KeyError, AttributeError):
            return str(zone)
        return label or str(zone)

    def describe(self, action: Any) -> str:
        """The label a player reads for ``action`` ("Barbra: Melee with Crowbar"): the view
        model's own (:func:`nollab.rules.labels.action_label`)."""
        return action_label(self.game._ctx(), action)

    def survivor_name(self, sid: str) -> str:
        content = getattr(self.game, "content", None)
        card = content.survivors.get(sid) if content is not None else None
        return card.name if card is not None else str(sid).title()

    def view(self) -> Any:
        """The game's view model (:class:`nollab.rules.view.GameView`)."""
        return self.game.view()

    def status(self) -> str:
        """Round, phase, who acts, what the game waits for (the view model's status line)."""
        return self.view().status()

    # ------------------------------------------------------------------ acting
    def apply(self, action: Any) -> None:
        self.game.apply(action)

    def choose(self, index: int) -> None:
        self.game.choose(self.state.pending.options[index])

    def undo(self) -> None:
        """Take back one engine event (a step or a decision)."""
        self.game.undo()

    def undo_decision(self) -> int:
        """Take back everything since the previous player decision, and that decision: the game
        waits for it again. Returns the number of entries taken back (``IllegalAction`` "nothing
        to undo" if there is none)."""
        if not self.can_undo():
            self.game.undo()  # raises "nothing to undo"
        n = 0
        while self.can_undo():
            last = self.game.log[-1]["t"] if self.game.log else "step"
            self.game.undo()
            n += 1
            if last in DECISIONS:
                break
        return n

    def suggester(self) -> str:
        """The name of the best registered bot (see :data:`SUGGEST_ORDER`)."""
        return next((n for n in SUGGEST_ORDER if n in POLICIES), "first")

    def suggest(self) -> tuple[Any, str]:
        """What the best bot would do now: ``(action or option, label)``; ``(None, why not)`` when
        no player decision is waiting. A fresh bot is asked each time, so asking changes nothing
        (not even the stepping policy's random stream)."""
        needs = self.game.needs()
        if needs == "over":
            return None, "the game is over: start a New game"
        if needs in ("step", "chance"):
            return None, (f"no decision now: the engine resolves the {self.view().phase_name} "
                          f"(press Step or Next action)")
        bot = make_policy(self.suggester(), self.seed ^ self.state.steps)
        if needs == "choice":
            p = self.state.pending
            opt = bot.choose_option(self.game, p)
            i = p.options.index(opt) if opt in p.options else p.default
            return opt, f"{p.prompt}: {p.labels[i] if i < len(p.labels) else opt}"
        acts = self.legal_actions()
        action = bot.choose_action(self.game, acts)
        return action, self.describe(action)

    def policy(self, name: str) -> Any:
        """The named policy for this game (made once per game, seeded with the game seed)."""
        if name not in POLICIES:
            raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {name!r}")
        if name not in self._policies:
            self._policies[name] = make_policy(name, self.seed)
        return self._policies[name]

    def waiting(self) -> bool:
        """True when the game waits for a player (a pending choice or a player action)."""
        return self.game.needs() in ("choice", "action")

    def advance(self, target: str, policy: str = DEFAULT_POLICY, policy_plays: bool = True) -> int:
        """Run toward ``target`` ("step", "action", "phase", "round"); returns atomic steps taken.

        The engine's own steps run freely; a player decision is answered by ``policy`` when
        ``policy_plays``, otherwise the run stops there and waits for the buttons
        (:func:`nollab.rules.engine.run.run_until` with ``players=policy_plays``).
        """
        if target not in TARGETS:
            raise ValueError(f"target must be {', '.join(TARGETS[:-1])} or {TARGETS[-1]}, not {target!r}")
        return run_until(self.game, target, self.policy(policy), players=policy_plays, max_steps=MAX_STEPS)

    def why_stopped(self, target: str, steps: int, policy_plays: bool) -> str:
        """One line on where a run toward ``target`` stopped, and why (the status line)."""
        v = self.view()
        ran = f"ran {steps} step{'s' if steps != 1 else ''}" if steps else "nothing ran"
        if v.result is not None:
            return f"{ran}: the game is over ({v.result})"
        if not policy_plays and v.needs in ("action", "choice"):
            who = v.survivor(v.pending.survivor).name if (v.pending and v.pending.survivor in
                                                          {s.id for s in v.survivors}) else (
                v.survivor(v.active).name if v.active else "a player")
            what = "a decision (buttons under Decision)" if v.needs == "choice" else "an action (buttons under Actions)"
            return (f"{ran}; stopped: {who} must choose {what} -- or tick \"policy plays the survivors\""
                    + ("" if steps else " to let the bot play"))
        names = {"step": "", "action": "the next player action", "phase": "the end of the phase",
                 "round": "the end of the round"}
        where = names.get(target, target)
        last = self.game.events[-1].text if (steps and self.game.events) else ""
        return f"{ran}" + (f" to {where}" if where else "") + (f" (last: {last})" if last else "")
