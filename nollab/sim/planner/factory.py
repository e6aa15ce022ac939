"""``Planner(budget=N)``: a policy spec for runs (``sim.run``, ``nollab simulate --budget N``).

A run builds one fresh policy per game from its seed (:func:`nollab.sim.policy.make_policy`); this
small class carries the planner's settings to every worker process (plain attributes, so it
pickles without cloudpickle) and names the run ``planner`` in reports, with the budget in
``label``."""
from __future__ import annotations

from nollab.sim.planner.search import DEFAULT_BUDGET, DEFAULT_WIDTH, PlannerPolicy

__all__ = ["Planner"]


class Planner:
    """Factory of :class:`PlannerPolicy` with fixed settings: ``Planner(budget=64)(seed=3)``."""

    name = "planner"

    def __init__(self, budget: int = DEFAULT_BUDGET, width: int = DEFAULT_WIDTH, rounds: int = 1,
                 seconds: float | None = None):
        PlannerPolicy(0, budget=budget, width=width, rounds=rounds, seconds=seconds)  # validate here, in the caller
        self.budget, self.width, self.rounds, self.seconds = budget, width, rounds, seconds
        self.name = self.label  # what reports call the run (nollab.sim.policy.policy_name)

    @property
    def label(self) -> str:
        extra = f", seconds={self.seconds}" if self.seconds is not None else ""
        return f"planner(budget={self.budget}, width={self.width}, rounds={self.rounds}{extra})"

    def __call__(self, seed: int = 0) -> PlannerPolicy:
        return PlannerPolicy(seed, budget=self.budget, width=self.width, rounds=self.rounds, seconds=self.seconds)

    def __repr__(self) -> str:
        return self.label
