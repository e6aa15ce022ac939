"""The chance half of the :class:`~nollab.rules.game.Game` facade: OpenSpiel-style chance nodes.

``needs() == "chance"`` when the game stands before a roll or a draw that is not resolved at
once (a visible step such as a Spawn card, or every roll and draw after
``set_explicit_chance(True)``); :meth:`chance_outcomes` lists its outcomes with exact integer
weights, :meth:`apply_chance` resolves a chosen one (logged), ``step()`` lets the seeded generator
decide. :meth:`rig_dice` places die faces by hand for the next rolls (logged); :meth:`fork` is
the cheap copy the odds and planners explore with. The chance steps themselves are registered by
the rules (:mod:`nollab.rules.engine.chance`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nollab.rules.engine import choices, inputs
from nollab.rules.engine.actions import Action
from nollab.rules.engine.chance import CHANCE, ChanceNode, norm_outcome
from nollab.rules.engine.events import IllegalAction

if TYPE_CHECKING:
    from nollab.rules.game import Game


class ChanceMixin:
    """Chance nodes, rigged dice and forks (mixed into :class:`nollab.rules.game.Game`)."""

    def chance_outcomes(self) -> ChanceNode | None:
        """The outcomes of the roll or draw the game stands before, with exact integer weights,
        grouped by what changes the state (hits; what a Ghoul card does now; the card drawn);
        None when the game is not at a chance step (``needs() != "chance"``)."""
        st = self.state
        if st.result is not None or st.pending is not None or not st.queue or st.queue[0].name not in CHANCE:
            return None
        t = st.queue[0]
        return CHANCE[t.name].outcomes(self._ctx(), *t.args)

    def apply_chance(self, outcome: Any) -> None:
        """Resolve the chance step the game stands before with ``outcome``: one of
        :meth:`chance_outcomes`, or a detailed outcome (the faces of a roll, a card number or uid).
        Recorded in the log; :class:`IllegalAction` (changing nothing) if it is not possible."""
        st = self.state
        if self.needs() != "chance":
            raise IllegalAction(f"no roll or draw is pending (the game needs: {self.needs()}); "
                                "set_explicit_chance(True) stops before every roll and draw")
        t = st.queue[0]
        step = CHANCE[t.name]
        try:
            inputs.check_outcome(outcome)
        except IllegalAction as exc:
            raise IllegalAction(f"{exc} ({step.outcomes(self._ctx(), *t.args).page})") from None
        o = norm_outcome(list(outcome) if isinstance(outcome, tuple) else outcome)
        why = step.check(self._ctx(), o, *t.args)
        if why is not None:
            raise IllegalAction(f"{why} ({step.outcomes(self._ctx(), *t.args).page})")
        self._resolve_chance(step, o, t)

    def _resolve_chance(self, step, o, t) -> None:
        """Resolve the queued chance step ``t`` with the checked outcome ``o`` (logged)."""
        st = self.state
        self._save()
        ctx = self._ctx()
        st.queue.pop(0)
        step.run(ctx, o, *t.args)
        st.steps += 1
        self.log.append({"t": "chance", "outcome": choices.normalise(o)})
        self._check(ctx)
        self._drain()

    def chance_children(self, node: ChanceNode | None = None, *, reuse: bool = False):
        """Expand the chance step the game stands before: ``(outcome, weight, game)`` for each outcome
        of ``node`` (default: :meth:`chance_outcomes`), ``game`` a :meth:`fork` with the outcome applied
        (no re-check: the outcomes are the step's own). ``reuse=True`` applies the last outcome to this
        game itself instead of a fork (explorers that drop the parent). Total weight: ``node.total``."""
        st = self.state
        if self.needs() != "chance":
            raise IllegalAction(f"no roll or draw is pending (the game needs: {self.needs()})")
        node = node or self.chance_outcomes()
        t = st.queue[0]
        step = CHANCE[t.name]
        items = list(node.items())
        last = len(items) - 1
        for k, (o, w) in enumerate(items):
            g = self if (reuse and k == last) else self.fork()
            g._resolve_chance(step, o, g.state.queue[0])
            yield o, w, g

    def set_explicit_chance(self, on: bool = True) -> None:
        """Stop before every roll and draw (``needs() == "chance"``: answer with :meth:`apply_chance`,
        or :meth:`step` to let the seeded generator decide), or go back to rolling and drawing at once
        (the default). Logged, so a replay stops at the same places."""
        on = bool(on)
        if on == self.explicit_chance:
            return
        self.explicit_chance = on
        self.log.append({"t": "explicit_chance", "on": on})
        self._legal_key = None
        if not on:
            self._drain()

    def rig_dice(self, faces: list[int]) -> None:
        """Place the next die faces by hand (to replay a rulebook example): the next rolls read them
        before the generator. Logged, so a replay places them too."""
        if isinstance(faces, (str, bytes)) or not hasattr(faces, "__iter__"):
            raise ValueError(f"faces: a list of die faces 1-6, got {faces!r}")
        faces = list(faces)
        if any(isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 6 for f in faces):
            raise ValueError(f"faces must be 1..6, got {faces}")
        self.state.rigged.extend(faces)
        self.log.append({"t": "rig", "faces": faces})

    def fork(self, explicit_chance: bool | None = None) -> "Game":
        """A cheap independent copy for exploring the future (the odds, the planners): the state is
        cloned, the event log starts empty, the decision log is not kept and there is no undo."""
        g = type(self)(self.state.clone(), self.content, self.scene.fresh(), self.options, self.survivors,
                       [], [], history=False,
                       event_base=self.event_base + len(self.events))  # the parent's events were all checked
        g.sandbox_spec = self.sandbox_spec
        g.scene_embedded = getattr(self, "scene_embedded", None)
        g.explicit_chance = self.explicit_chance if explicit_chance is None else bool(explicit_chance)
        g.drain_until = self.drain_until
        return g


    def replay_log(self, log: list[dict]) -> None:
        """Re-apply a decision log (``Game.log``): actions, choices, free discards, engine steps,
        chosen chance outcomes, explicit-chance switches and rigged dice, in order."""
        for entry in log:
            t = entry["t"]
            if t == "action":
                self.apply(Action.from_dict(entry["action"]))
            elif t == "choice":
                self.choose(entry["option"])
            elif t == "discard":
                self.discard(entry["survivor"], entry["uid"])
            elif t == "step":
                if not self.state.queue:
                    raise ValueError("replay: log has an engine step but nothing is queued")
                self.step()
            elif t == "chance":
                self.apply_chance(entry["outcome"])
            elif t == "explicit_chance":
                self.set_explicit_chance(entry["on"])
            elif t == "rig":
                self.rig_dice(entry["faces"])
            else:
                raise ValueError(f"replay: unknown log entry {entry!r}")
