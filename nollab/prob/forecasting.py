"""Exact forecasts of a live game until the end of the phase or the round, by the engine itself.

"If we all end our Turn now, how likely is it that someone dies in the Ghouls' Phase?" The engine
answers it exactly: a fork of the game stops before every roll and draw (explicit chance,
:mod:`nollab.rules.engine.chance`), each outcome of a chance step is followed on its own fork with its
exact integer weight, and equal positions are merged (OpenSpiel-style chance nodes; merging equal
states as a transposition table does). Nothing of the rules is re-implemented here: Ghoul Activations
(P. 22-23), the Spawn Step and running out of miniatures (P. 24-25), Breakers and Barricades, the End
Phase are the engine's own steps.

A Spawn Step's cards mostly commute (each places Ghouls in its own Spawn Zone), and there the forks
would multiply for nothing (26,640 end positions for Scene 1 at Yellow): :mod:`.spawn_block` counts
such a run of cards as one product, with what each card does measured by the engine and the rest of
the horizon run once under guard; the sequences where cards interact (running short, opening cards
that open) go back to the forks. ``factorise=False`` follows every card on its own fork (the same
answer; the reference of the tests and the bench).

API::

    forecast(game, until="end_of_round" | "end_of_phase", policy="default" | "best" | Policy,
             max_states=200_000) -> Forecast
    Forecast.p_lost, .p_won, .p_someone_dies, .p_dies(survivor), .wounds(survivor) -> Dist,
    .ghouls_in(zone) -> Dist, .ghouls_by_zone() -> {zone: Dist}, .ghouls_in_house() -> Dist,
    .p_ghoul_in_house, .spawned(type) -> Dist, .extra_activations(type) -> Dist, .p_run_out(type),
    .outcomes (Dist over Outcome), .to_json()

Decisions inside the horizon are taken by a stated policy:

* ``"default"``: every Survivor still to play ends their Turn (Do Nothing, P. 20; the next Survivor is
  the first one offered), and every decision takes its named default (``Choice.default``: e.g. the
  Wound split that keeps everyone alive longest, P. 22);
* ``"best"``: the same Turns, but every decision of the players (Wound splits P. 22, where a Ghoul goes
  when routes tie P. 23, ...) is the expectimax choice for the Survivors: the option that maximises
  P(the game is not lost at the horizon), ties broken by fewer expected Wounds, then by the default;
* any policy object (``choose_action``, ``choose_option``, e.g. ``nollab.sim.make_policy("heuristic")``)
  decides both, as in a simulation.

Equal states are merged on their contents without the step counter and the generator's state (under
explicit chance the generator only shuffles piles whose draws are then chosen by weight) and with
discard piles as sets (their order only matters to a reshuffle, which is random anyway). The outcome
also carries what was spawned during the horizon (Ghouls placed and extra Activations by type), so
states are merged only when that agrees too.
"""
from __future__ import annotations

import hashlib
import heapq
import pickle
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any, Iterable

from nollab.content_model import GHOUL_TYPES

from .dist import Dist
from .spawn_block import expand_spawn_run, split_spawn_run

__all__ = ["Forecast", "ForecastError", "Outcome", "forecast", "DefaultPolicy", "merge_key", "UNTIL"]

UNTIL = ("end_of_round", "end_of_phase")
MAX_STATES_LIMIT = 10_000_000
_NT = len(GHOUL_TYPES)


class ForecastError(ValueError):
    """A forecast cannot be made (bad input, or more states than ``max_states``)."""


class DefaultPolicy:
    """The default decisions of a forecast: end the Turn (Do Nothing, P. 20), the first Survivor
    offered next (P. 8), every Choice's named default."""

    name = "default"

    def choose_action(self, game: Any, actions: list) -> Any:
        for a in actions:
            if a.kind == "do_nothing":
                return a
        return actions[0]

    def choose_option(self, game: Any, choice: Any) -> Any:
        return choice.options[choice.default]


@dataclass(frozen=True)
class Outcome:
    """What the horizon ends with: per Survivor (in ``Forecast.survivors`` order) Wounds and alive;
    Ghouls by Zone (``((zone, (walker, breaker, fatty, relative)), ...)`` sorted); the result
    (None, "won", "lost"); Ghouls placed and extra Activations during the horizon, by type."""

    wounds: tuple
    alive: tuple
    ghouls: tuple
    result: str | None
    placed: tuple
    extra: tuple


def merge_key(state: Any) -> bytes:
    """A 16-byte digest of what decides the future of ``state`` (see the module doc): the step
    counter and the generator's state left out, discard piles and the Ghouls by Zone sorted."""
    d = state.__dict__.copy()
    for k in ("steps", "rng", "cards", "origin", "_closed", "seed"):
        d.pop(k, None)
    d["survivors"] = [s.__dict__ for s in state.survivors.values()]
    d["ghouls"] = sorted(state.ghouls.items())
    d["opening_open"] = sorted(state.opening_open.items())
    d["ghoul_discard"] = sorted(state.ghoul_discard)
    d["discards"] = sorted((k, sorted(v)) for k, v in state.discards.items())
    d["queue"] = [tuple(t) for t in state.queue]  # plain tuples: a Task record pickles 5x slower
    if state.pending is not None:
        d["pending"] = p = state.pending.__dict__.copy()
        p["data"] = dict(p["data"])
    return hashlib.blake2b(pickle.dumps(d, 4), digest_size=16).digest()


class Frontier:
    """The positions an enumeration of chance outcomes has yet to expand (the forecast's, the live spawn
    odds'): equal ones merged (the same :func:`merge_key` and the same ``acc``: their probabilities add,
    the first game kept), the earliest engine step first, so positions that become equal meet before
    either is expanded."""

    __slots__ = ("pending", "heap", "seq")

    def __init__(self) -> None:
        self.pending: dict = {}
        self.heap: list = []
        self.seq = 0

    def add(self, g: Any, w: Any, acc: Any) -> None:
        """Position ``g`` reached with probability ``w`` and results ``acc`` so far."""
        key = (merge_key(g.state), acc)
        node = self.pending.get(key)
        if node is not None:
            node[1] += w
            return
        self.pending[key] = [g, w, acc]
        self.seq += 1
        heapq.heappush(self.heap, (g.state.steps, self.seq, key))

    def pop(self) -> list:
        """``[game, probability, acc]`` of the earliest position left."""
        return self.pending.pop(heapq.heappop(self.heap)[2])

    def __bool__(self) -> bool:
        return bool(self.heap)


def _frac(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"


def _add(acc: dict, key: Any, w: Fraction) -> None:
    acc[key] = acc.get(key, 0) + w


class Forecast:
    """The exact distribution of a horizon's :class:`Outcome` (integer weights, ``Dist``)."""

    def __init__(self, outcomes: Dist, survivors: tuple, start_wounds: tuple, houses: dict, until: str,
                 policy: str, states: int, start: dict):
        self.outcomes = outcomes
        self.survivors = survivors
        self.start_wounds = start_wounds
        self.houses = houses  # zone -> house id (interior Zones of a building, P. 10)
        self.until = until
        self.policy = policy
        self.states = states  # positions expanded (after merging; a Spawn Step shortcut counts as one)
        self.start = start  # round, phase, active Survivor at the start

    # ---- results ----
    @property
    def p_lost(self) -> Fraction:
        return self.outcomes.p(lambda o: o.result == "lost")

    @property
    def p_won(self) -> Fraction:
        return self.outcomes.p(lambda o: o.result == "won")

    def _i(self, survivor: str) -> int:
        if survivor not in self.survivors:
            raise ForecastError(f"survivor: unknown survivor {survivor!r} (in this game: {', '.join(self.survivors)})")
        return self.survivors.index(survivor)

    def p_dies(self, survivor: str) -> Fraction:
        """P(``survivor`` is eliminated within the horizon; 3 Wounds, P. 22)."""
        i = self._i(survivor)
        return self.outcomes.p(lambda o: not o.alive[i])

    @property
    def p_someone_dies(self) -> Fraction:
        """P(a Survivor is eliminated within the horizon, which loses the game, P. 8)."""
        return self.outcomes.p(lambda o: not all(o.alive))

    def wounds(self, survivor: str) -> Dist:
        """Distribution of the Survivor's Wounds at the horizon (0-3)."""
        i = self._i(survivor)
        return self.outcomes.map(lambda o: o.wounds[i])

    def ghouls_in(self, zone: str) -> Dist:
        """Distribution of the number of Ghouls in ``zone`` at the horizon."""
        return self.outcomes.map(lambda o: sum(next((c for z, c in o.ghouls if z == zone), ())))

    def ghouls_by_zone(self) -> dict:
        """``{zone: Dist of the Ghouls there}`` for every Zone where there may be some at the horizon."""
        zones = sorted({z for o in self.outcomes for z, _c in o.ghouls})
        return {z: self.ghouls_in(z) for z in zones}

    def ghouls_in_house(self) -> Dist:
        """Distribution of the number of Ghouls inside the houses (interior Zones of a building) at the horizon."""
        return self.outcomes.map(lambda o: sum(sum(c) for z, c in o.ghouls if z in self.houses))

    @property
    def p_ghoul_in_house(self) -> Fraction:
        """P(at least one Ghoul inside a house at the horizon)."""
        return self.ghouls_in_house().p(lambda n: n > 0)

    def spawned(self, ghoul: str) -> Dist:
        """Distribution of the Ghouls of one type placed by Spawn cards within the horizon (P. 24-25)."""
        i = self._t(ghoul)
        return self.outcomes.map(lambda o: o.placed[i])

    def extra_activations(self, ghoul: str) -> Dist:
        """Distribution of the extra Activations of one type (a Spawn card short of miniatures, P. 25)."""
        i = self._t(ghoul)
        return self.outcomes.map(lambda o: o.extra[i])

    def p_run_out(self, ghoul: str) -> Fraction:
        return self.extra_activations(ghoul).p(lambda n: n > 0)

    def _t(self, ghoul: str) -> int:
        if ghoul not in GHOUL_TYPES:
            raise ForecastError(f"ghoul: unknown Ghoul type {ghoul!r} ({', '.join(GHOUL_TYPES)})")
        return GHOUL_TYPES.index(ghoul)

    def to_json(self) -> dict:
        """Exact ``"p/q"`` strings (as ``nollab odds --json``)."""
        dj = lambda d: {str(k): _frac(v) for k, v in sorted(d.probs().items(), key=lambda kv: str(kv[0]))}  # noqa: E731
        return {
            "until": self.until, "policy": self.policy, "states": self.states, "start": self.start,
            "p_lost": _frac(self.p_lost), "p_won": _frac(self.p_won),
            "p_someone_dies": _frac(self.p_someone_dies),
            "p_ghoul_in_house": _frac(self.p_ghoul_in_house),
            "survivors": {s: {"p_dies": _frac(self.p_dies(s)), "wounds": dj(self.wounds(s))}
                          for s in self.survivors},
            "ghouls_by_zone": {z: dj(d) for z, d in self.ghouls_by_zone().items()},
            "ghouls_in_house": dj(self.ghouls_in_house()),
            "spawned": {t: dj(self.spawned(t)) for t in GHOUL_TYPES},
            "extra_activations": {t: dj(self.extra_activations(t)) for t in GHOUL_TYPES},
            "p_run_out": {t: _frac(self.p_run_out(t)) for t in GHOUL_TYPES},
        }


# ---- the search ------------------------------------------------------------------------------------
class _Search:
    """Forward enumeration of the horizon on explicit-chance forks, with a best-choice oracle."""

    def __init__(self, root: Any, until: str, policy: Any, best: bool, max_states: int):
        st = root.state
        self.round0, self.phase0 = st.round, st.phase
        self.until = until
        self.policy = policy
        self.best = best
        self.max_states = max_states
        self.expanded = 0
        self.memo: dict = {}
        self.survivors = tuple(st.survivors)
        self.factorise = True
        #: outcomes ended by a Spawn Step shortcut: (scale, {Outcome: int}), probability = scale * int
        self.groups: list = []
        #: Spawn Zones (a run's tail) where the shortcut's probe was refused in this forecast
        self.spawn_run_refused: set = set()

    # -- the horizon --
    def stopped(self, g: Any) -> bool:
        return self.stopped_state(g.state)

    def stopped_state(self, st: Any) -> bool:
        if st.result is not None or st.round != self.round0:
            return True
        return self.until == "end_of_phase" and st.phase != self.phase0

    def _spawn_events(self, g: Any, acc: tuple) -> tuple:
        ev = g.events
        if not ev:
            return acc
        placed, extra = list(acc[0]), list(acc[1])
        for e in ev:
            if e.kind == "spawn_card" and e.data.get("ghoul") in GHOUL_TYPES:
                i = GHOUL_TYPES.index(e.data["ghoul"])
                placed[i] += e.data.get("placed", 0)
                extra[i] += bool(e.data.get("extra"))
        ev.clear()
        return (tuple(placed), tuple(extra))

    def advance(self, g: Any, acc: tuple | None) -> tuple[bool, tuple]:
        """Run ``g`` until the horizon (True) or a branching point: a chance step, or with ``best``
        a players' decision (False). Returns (stopped, accumulated spawn results); ``acc=None``: the
        event log is not read (the Spawn Step shortcut's probe guards it)."""
        while True:
            if acc is not None:
                acc = self._spawn_events(g, acc)
            if self.stopped(g):
                return True, acc
            need = g.needs()
            if need == "chance":
                return False, acc
            if need == "choice":
                if self.best:
                    return False, acc
                g.choose(self.policy.choose_option(g, g.state.pending))
            elif need == "action":
                acts = g.legal_actions()
                g.apply(self.policy.choose_action(g, acts))
            elif need == "step":
                g.step()
            else:  # over
                return True, acc

    stop = None  #: a callable; True stops the search (a newer question replaced this one)

    def poll(self) -> None:
        """Raise if a newer question replaced this one (``stop()``)."""
        if self.stop is not None and self.stop():
            raise ForecastError("cancelled: a newer question replaced this one")

    def count(self) -> None:
        if self.expanded % 16 == 0:
            self.poll()
        self.expanded += 1
        if self.expanded > self.max_states:
            raise ForecastError(f"max_states: the forecast needs more than {self.max_states} positions; "
                                "choose a nearer horizon (until='end_of_phase') or raise max_states")

    def children(self, g: Any):
        """``(child game, weight, total)`` for each outcome of the chance step ``g`` stands before."""
        node = g.chance_outcomes()
        total = node.total
        for _o, w, c in g.chance_children(node, reuse=True):
            yield c, w, total

    def options(self, g: Any):
        """``(option, child game)`` for each option of the pending decision (``best``)."""
        opts = list(g.state.pending.options)
        for k, o in enumerate(opts):
            c = g if k == len(opts) - 1 else g.fork()
            c.choose(o)
            yield o, c

    # -- the best-choice oracle (expectimax) --
    def value(self, g: Any) -> tuple:
        """(P(not lost at the horizon), -E[Wounds]) under the best decisions from ``g`` (mutates ``g``)."""
        stopped, _ = self.advance(g, ((0,) * _NT, (0,) * _NT))
        if stopped:
            return self._leaf_value(g)
        key = merge_key(g.state)
        v = self.memo.get(key)
        if v is not None:
            return v
        self.count()
        sp = split_spawn_run(self, g) if self.factorise and g.needs() == "chance" else None
        if sp is not None:  # a Spawn Step's commuting cards: every simple sequence ends as the probe
            p, wnd = self._leaf_value(sp.probe)
            p, wnd = sp.p_simple * p, sp.p_simple * wnd
            for c, pc, _acc in sp.handed_back(self, ((0,) * _NT, (0,) * _NT)):
                cp, cw = self.value(c)
                p += pc * cp
                wnd += pc * cw
            v = (p, wnd)
        elif g.needs() == "chance":
            p, wnd = Fraction(0), Fraction(0)
            for c, w, total in self.children(g):
                cp, cw = self.value(c)
                p += Fraction(w, total) * cp
                wnd += Fraction(w, total) * cw
            v = (p, wnd)
        else:
            v = max((self.value(c) for _o, c in self.options(g)), key=lambda x: x)
            # max keeps the first of equal values: the options list their default first
        self.memo[key] = v
        return v

    @staticmethod
    def _leaf_value(g: Any) -> tuple:
        st = g.state
        return (Fraction(0 if st.result == "lost" else 1),
                Fraction(-sum(s.wounds for s in st.survivors.values())))

    def best_option(self, g: Any):
        best, best_v = None, None
        for o, c in self.options(g.fork()):
            v = self.value(c)
            if best_v is None or v > best_v:
                best, best_v = o, v
        return best

    # -- the forward pass --
    def run(self, root: Any) -> dict:
        finals: dict = {}
        todo = Frontier()

        def push(g, w, acc):
            stopped, acc = self.advance(g, acc)
            if stopped:
                _add(finals, self.outcome(g, acc), w)
                return
            todo.add(g, w, acc)

        def add_group(scale: Fraction, weights: dict) -> None:
            self.groups.append((scale, weights))

        push(root, Fraction(1), ((0,) * _NT, (0,) * _NT))
        while todo:
            g, w, acc = todo.pop()
            self.count()
            if g.needs() == "chance":
                if self.factorise and expand_spawn_run(self, g, w, acc, push, add_group):
                    continue
                for c, cw, total in self.children(g):
                    push(c, w * Fraction(cw, total), acc)
            else:  # a players' decision under ``best``
                g.choose(self.best_option(g))
                push(g, w, acc)
        return finals

    def outcome(self, g: Any, acc: tuple) -> Outcome:
        st = g.state
        sv = [st.survivors[s] for s in self.survivors]
        return Outcome(tuple(s.wounds for s in sv), tuple(s.alive for s in sv), tuple(sorted(st.ghouls.items())),
                       st.result, acc[0], acc[1])


def _policy(policy: Any) -> tuple[Any, bool, str]:
    if policy is None or policy == "default":
        return DefaultPolicy(), False, "default"
    if policy == "best":
        return DefaultPolicy(), True, "best"
    if isinstance(policy, str):
        try:
            from nollab.sim.policy import make_policy
            return make_policy(policy), False, policy
        except (ValueError, KeyError) as exc:
            raise ForecastError(f"policy: {exc}") from None
    if hasattr(policy, "choose_action") and hasattr(policy, "choose_option"):
        return policy, False, getattr(policy, "name", type(policy).__name__)
    raise ForecastError(f"policy: 'default', 'best', a policy name or an object with choose_action/choose_option, "
                        f"got {policy!r}")


def forecast(game: Any, until: str = "end_of_round", policy: Any = "default", *,
             max_states: int = 200_000, stop=None, factorise: bool = True) -> Forecast:
    """The exact distribution of what happens from ``game`` until ``until`` (see the module doc).

    ``game`` is not changed. ``max_states`` bounds the positions expanded (merged states and
    decisions); beyond it a :class:`ForecastError` says so before any answer. ``stop()`` returning
    True cancels the search (a :class:`ForecastError`), e.g. when a widget asks a newer question.
    ``factorise`` (default True) forecasts a Spawn Step's cards as one product where they commute
    (:mod:`nollab.prob.spawn_block`); False follows every card on its own fork (the same answer,
    slower: the reference the tests and the bench compare with)."""
    if not all(hasattr(game, a) for a in ("state", "fork", "chance_outcomes")):
        raise ForecastError(f"game: a nollab.rules.Game is needed, got {type(game).__name__}")
    if until not in UNTIL:
        raise ForecastError(f"until: must be one of {', '.join(UNTIL)}, got {until!r}")
    if isinstance(max_states, bool) or not isinstance(max_states, int) or not 1 <= max_states <= MAX_STATES_LIMIT:
        raise ForecastError(f"max_states: an integer 1..{MAX_STATES_LIMIT}, got {max_states!r}")
    pol, best, name = _policy(policy)
    root = game.fork(explicit_chance=True)
    st = root.state
    search = _Search(root, until, pol, best, max_states)
    search.stop = stop
    search.factorise = bool(factorise)
    root.drain_until = search.stopped_state  # no bookkeeping past the horizon
    start = {"round": st.round, "phase": st.phase, "active": st.active}
    finals = search.run(root)
    den = lcm(*(f.denominator for f in finals.values()), *(s.denominator for s, _w in search.groups))
    weights = {o: f.numerator * (den // f.denominator) for o, f in finals.items()}
    for s, group in search.groups:
        k = s.numerator * (den // s.denominator)
        if not weights:
            weights = {o: n * k for o, n in group.items()}
            continue
        for o, n in group.items():
            weights[o] = weights.get(o, 0) + n * k
    dist = Dist._of_valid(weights)  # positive integers by construction (weights of exact probabilities)
    houses = {z: zone.house for z, zone in game.board.zones.items() if getattr(zone, "house", None)}
    return Forecast(dist, search.survivors, tuple(s.wounds for s in game.state.survivors.values()), houses,
                    until, name, search.expanded, start)


def forecasts(game: Any, policies: Iterable[Any], **kw) -> dict:
    """``{policy name: Forecast}`` for several policies of the same position."""
    out = {}
    for p in policies:
        f = forecast(game, policy=p, **kw)
        out[f.policy] = f
    return out
