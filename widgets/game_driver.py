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
from nollab.sim.policy import POLICIES, make_policy

MAX_STEPS = 20_000  # a runaway guard for "end of round" (a round is a few hundred steps)
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

    def _param(self, p: Any) -> str:
        """A parameter as a person reads it: Zone and opening labels, card names, "empty"."""
        if isinstance(p, str) and p in self.board.zones:
            return self.zone_name(p)
        if isinstance(p, str) and p in self.board.openings:
            return self.board.openings[p].label or p
        if isinstance(p, bool):
            return str(p)
        if isinstance(p, int):
            if p == -1:
                return "empty"
            if 0 <= p < len(self.state.cards):
                return self._card(p)
        if isinstance(p, (tuple, list)):
            return ", ".join(self._param(x) for x in p)
        return str(p).replace("_", " ")

    def _card(self, uid: int) -> str:
        cid = self.state.cards[uid]
        content = getattr(self.game, "content", None)
        card = content.equipment.get(cid) if content is not None else None
        return card.name if card is not None else str(cid).replace("_", " ")

    def describe(self, action: Any) -> str:
        """A short button label for ``action`` ("Ben: Move → hall", "Judy: Close cellar door")."""
        who = self.survivor_name(action.survivor)
        k, ps = action.kind, tuple(action.params)
        P = self._param
        if k == "activate":
            text = "take the Turn"
        elif k in ("move", "hit_and_run", "shove", "taunt") and ps:
            text = f"{k.replace('_', ' ').capitalize()} → {P(ps[0])}"
        elif k == "search" and ps:
            text = f"Search ({P(ps[0])})"
        elif k in ("door", "barricade") and len(ps) == 2:
            text = f"{str(ps[1]).capitalize()} {P(ps[0])}"
        elif k == "reorganize" and len(ps) == 2:
            text = f"Reorganize: Hands {P(ps[0])} + {P(ps[1])}"
        elif k == "trade" and ps:
            text = f"Trade with {self.survivor_name(ps[0])}"
        elif k == "ranged" and len(ps) == 2:
            text = f"Ranged → {P(ps[1])}"
        elif k == "scene" and ps:
            text = " ".join([str(ps[0]).replace("_", " ").capitalize()] + [P(x) for x in ps[1:] if x not in (0, None)])
        elif k == "do_nothing":
            text = "Do nothing (end the Turn)"
        else:
            text = f"{k.replace('_', ' ').capitalize()} {' '.join(P(x) for x in ps)}".strip()
        return f"{who}: {text}"

    def survivor_name(self, sid: str) -> str:
        content = getattr(self.game, "content", None)
        card = content.survivors.get(sid) if content is not None else None
        return card.name if card is not None else str(sid).title()

    def status(self) -> str:
        st = self.state
        phase = {"players": "Players' Phase", "ghouls": "Ghouls' Phase", "end": "End Phase",
                 "setup": "Setup", "over": "Game over"}.get(st.phase, st.phase)
        text = f"Round {st.round} · {phase}"
        if st.result is not None:
            return text + f" · {st.result.upper()}" + (f": {st.reason}" if st.reason else "")
        if st.active:
            text += f" · {self.survivor_name(st.active)} acting"
        if st.pending is not None:
            text += " · waiting for a decision"
        elif self.legal_actions():
            text += " · waiting for a player action"
        return text

    # ------------------------------------------------------------------ acting
    def apply(self, action: Any) -> None:
        self.game.apply(action)

    def choose(self, index: int) -> None:
        self.game.choose(self.state.pending.options[index])

    def undo(self) -> None:
        self.game.undo()

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

    def advance(self, target: str, policy: str = "random", policy_plays: bool = True) -> int:
        """Run toward ``target`` ("step", "action", "phase", "round"); returns atomic steps taken.

        The engine's own steps run freely; a player decision is answered by ``policy`` when
        ``policy_plays``, otherwise the run stops there and waits for the buttons
        (:func:`nollab.rules.engine.run.run_until` with ``players=policy_plays``).
        """
        if target not in TARGETS:
            raise ValueError(f"target must be {', '.join(TARGETS[:-1])} or {TARGETS[-1]}, not {target!r}")
        return run_until(self.game, target, self.policy(policy), players=policy_plays, max_steps=MAX_STEPS)
