"""The planner's decision: flat Monte Carlo over determinizations, with the heuristic as the
candidate generator and the rollout policy (see :mod:`nollab.sim.planner` for why this form).

For one decision (the next Action of the Survivor taking their Turn, or which Survivor acts
next):

0. **quiet?** -- with no Ghoul within ``reach`` (2) Moves of any living Survivor the heuristic
   decides alone (nothing the Ghouls do this round depends on the choice, P. 23);
1. **candidates** -- the heuristic's own choice, then the best action of each other kind by its
   score (:meth:`HeuristicPolicy.scores`), ``width`` in all; free discards are never candidates.
   A step of a plan longer than the rollouts' horizon (a scene plan's ``trusted``: the posse's
   march, S6-S8) is played without search: one round cannot see what it is for;
2. **determinizations** -- ``budget // width`` copies of the game, each with the hidden decks
   reshuffled and the dice reseeded (:func:`.determinize.determinize`), the same copies for every
   candidate (common random numbers: two candidates are compared on the same futures, so the
   difference between them is not drowned by the luck of the draw);
3. **rollouts** -- in each copy the candidate is played, then the heuristic plays every Survivor
   (the rest of this Turn, the other Turns, every choice) through the Ghouls' Phase of the round
   (``rounds`` rounds): a whole round of the team, judged as a whole;
4. **evaluation** -- :func:`.evaluate.evaluate` of each end position; the best mean wins if it
   beats the heuristic's choice by ``margin`` (a fifth of a Survivor by default), else the
   heuristic's choice stands: the search overrules the bot only where it sees a clear gain.

Every random number comes from the planner's own splitmix64 stream (seeded with the policy seed),
never from the game's generator, so a game replays exactly for a given seed and budget.
"""
from __future__ import annotations

import time

from nollab.rules.engine import rng
from nollab.sim.heuristic import HeuristicPolicy
from nollab.sim.planner.determinize import determinize, split_seed
from nollab.sim.planner.evaluate import WEIGHTS, evaluate
from nollab.sim.planner.rollout import rollout

__all__ = ["PlannerPolicy", "DEFAULT_BUDGET", "DEFAULT_WIDTH", "MAX_BUDGET"]

#: rollouts per decision by default (``nollab simulate --policy planner`` without ``--budget``)
DEFAULT_BUDGET = 12
#: candidates kept per decision by default
DEFAULT_WIDTH = 4
#: how much better (in :mod:`.evaluate` units: a Survivor is 100) a candidate must score on average
#: to overrule the heuristic's own choice
DEFAULT_MARGIN = 25.0
#: the largest budget accepted (far above any useful setting; a bound on a typo)
MAX_BUDGET = 100_000


class PlannerPolicy:
    """A cooperative search bot for the whole team (one planner for every Survivor).

    ``budget``: rollouts per decision (>= 1); ``width``: candidates per decision; ``rounds``:
    rollout horizon in rounds; ``seconds``: an optional cap of wall-clock time per decision (then
    the result depends on the machine's speed -- leave it None for reproducible runs);
    ``weights``: the judge's weights (:data:`.evaluate.WEIGHTS`)."""

    name = "planner"

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET, width: int = DEFAULT_WIDTH, rounds: int = 1,
                 seconds: float | None = None, weights: dict | None = None, margin: float = DEFAULT_MARGIN):
        for label, value, lo, hi in (("budget", budget, 1, MAX_BUDGET), ("width", width, 1, 64), ("rounds", rounds, 1, 50)):
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise ValueError(f"planner: {label} must be an integer {lo}..{hi}, got {value!r}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not 0 < seconds <= 3600):
            raise ValueError(f"planner: seconds must be a number in (0, 3600] or None, got {seconds!r}")
        self.seed = int(seed)
        self.budget, self.width, self.rounds, self.seconds = budget, width, rounds, seconds
        self.margin = float(margin)
        #: Moves from the team within which a Ghoul makes a decision worth searching (:meth:`quiet`)
        self.reach = 2
        self.weights = dict(WEIGHTS, **(weights or {}))
        self.stream = rng.seed_state(self.seed ^ 0x91A77E5)
        self.heuristic = HeuristicPolicy(seed=self.seed)  # candidates, choices
        self.rollout_policy = HeuristicPolicy(seed=self.seed ^ 0x5A5A)
        self._dist: dict = {}
        #: counters for the bench: decisions searched, rollouts, engine steps in rollouts
        self.stats = {"decisions": 0, "searched": 0, "overruled": 0, "rollouts": 0, "steps": 0}
        #: None, or a list that gets one record per decision (``bench/planner_trace.py``): round,
        #: survivor, how it was decided (quiet / single / trusted / searched), the heuristic's
        #: action, the one played, and the candidates' means when searched
        self.trace: list | None = None

    # ------------------------------------------------------------------ protocol
    def choose_option(self, game, choice):
        """Choices (wound split, a found card, where a Molotov sends a token...) are the heuristic's."""
        return self.heuristic.choose_option(game, choice)

    def choose_action(self, game, actions):
        """The heuristic's choice, unless another candidate's mean score beats it by ``margin``
        on the same determinizations (the search overrules the bot only where it sees a clear gain:
        a Survivor kept alive, a Wound spared, a win)."""
        self.stats["decisions"] += 1
        if self.quiet(game):
            a = self.heuristic.choose_action(game, actions)
            return self._note(game, "quiet", [a]) if self.trace is not None else a
        cands = self.candidates(game, actions)
        if len(cands) == 1 or self.trusted(game, cands[0]):
            return self._note(game, "single" if len(cands) == 1 else "trusted", cands) \
                if self.trace is not None else cands[0]
        self.stats["searched"] += 1
        means = self.evaluate_candidates(game, cands)
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        if best and means[best] - means[0] < self.margin:
            best = 0
        if best:
            self.stats["overruled"] += 1
        return self._note(game, "searched", cands, means, best) if self.trace is not None else cands[best]

    def _note(self, game, how: str, cands: list, means: list | None = None, best: int = 0):
        """Record one decision in :attr:`trace` and return the action played (``cands[best]``)."""
        self.trace.append({"round": game.state.round, "survivor": cands[0].survivor, "how": how,
                           "heuristic": cands[0], "played": cands[best],
                           "cands": list(cands) if means is not None else None,
                           "means": list(means) if means is not None else None})
        return cands[best]

    # ------------------------------------------------------------------ search
    def quiet(self, game) -> bool:
        """No Ghoul within ``reach`` Moves of any living Survivor along open paths: nothing this
        round's Ghouls' Phase can do to the team depends on the choice (Ghouls move one Zone per
        Activation, P. 23), so the heuristic decides alone and the budget is kept for the fights."""
        st = game.state
        if not st.ghouls:
            return True
        board, closed = game.board, st.closed()
        zones = {s.zone for s in st.survivors.values() if s.alive}
        for z in zones:
            key = ("reach", id(board), len(board.zones), z, closed)
            d = self._dist.get(key)
            if d is None:
                if len(self._dist) > 4096:
                    self._dist.clear()
                d = self._dist[key] = board.distances_to(z, closed)
            if any(d.get(g, 99) <= self.reach for g in st.ghouls):
                return False
        return True

    def trusted(self, game, action) -> bool:
        """A scene plan vouches for ``action`` as a step of a multi-round plan (``Plan.trusted``,
        e.g. :meth:`nollab.sim.scene_plans.posse.Posse.trusted`): whole-round rollouts judge the
        round's fights, not a march whose pay-off comes rounds later."""
        plans = [p for p in self.heuristic.plans(game) if hasattr(p, "trusted")]
        if not plans:
            return False
        v = self.heuristic._view(game, action.survivor)
        return any(p.trusted(v, action) for p in plans)

    def candidates(self, game, actions) -> list:
        """The heuristic's own choice first, then the best action of each other kind by the
        heuristic's score (a Move counts as one kind per destination, the best two of them), in
        score order, ``width`` in all: the search compares *different* ideas (fight, walk away,
        shut the door, search) rather than near-copies of one (five Reorganize layouts). Free
        discards never (P. 16: bookkeeping, not a plan)."""
        pool = [a for a in actions if a.kind != "discard"] or list(actions)
        if len(pool) == 1:
            return pool
        first = self.heuristic.choose_action(game, pool)
        scores = self.heuristic.scores(game, pool)
        order = sorted(range(len(pool)), key=lambda i: -scores[i])
        out, kinds, moves = [first], {first.kind}, 1 if first.kind in ("move", "hit_and_run") else 0
        for i in order:
            a = pool[i]
            if len(out) >= self.width:
                break
            if a is first:
                continue
            if a.kind in ("move", "hit_and_run"):
                if moves >= 2:
                    continue
                moves += 1
            elif a.kind in kinds:
                continue
            kinds.add(a.kind)
            out.append(a)
        return out

    def evaluate_candidates(self, game, cands: list) -> list[float]:
        """Mean end score of each candidate over the same determinizations."""
        n_det = max(1, self.budget // len(cands))
        self.stream, seeds = split_seed(self.stream, n_det)
        plans = self.heuristic.plans(game)
        totals = [0.0] * len(cands)
        done = 0
        t0 = time.perf_counter()
        for k, seed in enumerate(seeds):
            if self.seconds is not None and k and time.perf_counter() - t0 > self.seconds:
                break
            for i, a in enumerate(cands):
                g = determinize(game, seed)
                g.apply(next(x for x in g.legal_actions() if x == a))
                self.rollout_policy.rng = rng.seed_state(seed)
                self.stats["steps"] += rollout(g, self.rollout_policy, self.rounds)
                totals[i] += evaluate(g, plans, self.weights, self._dist)
                self.stats["rollouts"] += 1
            done += 1
        return [t / done for t in totals]
