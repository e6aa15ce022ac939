"""The next Spawn Step of a live game, by the engine's own chance steps (P. 24-25, 32).

:func:`nollab.prob.live.spawn_from_state` answers "what will the next Spawn Step place?" here: a fork
of the game runs the rules' ``spawn_step`` task (one Ghoul card per active Spawn token, the white
Spawn Zone first then clockwise, P. 24) and stops before every card (explicit chance,
:mod:`nollab.rules.engine.chance`); the card's outcomes are the engine's own groups
(``Game.chance_outcomes``: what a card does at the Danger Level now, weighted by its cards in the
pile). What comes out of every card -- Ghouls asked, Ghouls placed, a card short of miniatures and
its extra Activation, a Barricade & Door Opening card -- is read off the engine's ``spawn_card``
events, never re-derived here.

Following every card on its own fork costs 0.5-6 s for Scene 1's four Spawn Zones (26,640 ordered
outcomes at Yellow), so the step is counted as a product where the cards commute, as the forecast's
Spawn Step shortcut does (:mod:`nollab.prob.spawn_block`; the measure, the probe, the hand-back
forks and the falling products are the same code, :mod:`nollab.prob.spawn_cards`), with a smaller
state since only the step's counts are asked:

* **measured**: each group's card is run by the engine once per position of the run on a fork
  (``CHANCE["spawn_card"].run``): its type, Ghouls asked and placed, extra Activation, openings
  opened, and whether it changed anything but its own Zone's Ghouls; a card of the last position
  short of miniatures is run again with the room its earlier cards left (``box_room``, P. 25);
* **counted**: draws without replacement from the pile, grouped by the engine's outcome groups, as
  multisets (every order of the same groups has the same weight, the falling product of the counts
  left), each card's weight the count of its group left;
* **handed back to the engine** from the first card that may change what follows: a card short of
  miniatures before the last one (its extra Activation may end the game, P. 8, so later cards are
  not drawn), a Barricade & Door Opening card that may open something, a card that changed more than
  its Zone; the engine plays each order of the earlier cards on a fork, resolves that card and its
  consequences (decisions by their named default), and the rest of the step is counted again from
  there (equal positions merged): two cards left, the first one on forks; one card left, from the
  root's measures of the last card at the room this position leaves (no fork). The last card's
  consequences do not change the step's counts, so they are not played;
* **checked**: the Scene's checks between cards are run once on one sequence with the Spawn Zones'
  Ghouls, the Ghoul piles and the event log guarded (the forecast's probe, :func:`nollab.prob.spawn_cards.probe`);
  if they read them, or the groups do not do the same at every position, the cards are followed one by
  one on forks (still the engine, just slower).

The only rule facts used are the forecast's: a Spawn card reads the room of its type's box
(:func:`~nollab.rules.spawn.step.box_room`) and a Barricade & Door Opening card the Zones with
Ghouls of its type (P. 25). When the engine would need more than ``max_forks`` forks of the game (many
cards short of miniatures before the last one, e.g. Scene 1 at Orange/Red with the box nearly empty)
:class:`SpawnTooBig` is raised and the caller answers with the spawn calculator
(:mod:`nollab.prob.spawn`), which counts the same cards but reads the step as a whole (it does not
stop when an extra Activation ends the game).

API::

    engine_spawn(game, zones=None, max_forks=None, factorise=True) -> EngineSpawn   # None: MAX_FORKS
    EngineSpawnResult(EngineSpawn, room) -- a SpawnResult read off the joint counts
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import permutations
from math import factorial, lcm
from typing import Any

from nollab.rules.engine.state import GHOUL_TYPES
from nollab.rules.engine.tasks import Task
from nollab.rules.spawn.step import box_room

from .dist import Dist
from .spawn import SpawnResult
# the parts shared with the forecast's shortcut (nollab.prob.spawn_block): one implementation
from .spawn_cards import NAME, PrefixForks, falling, first_simple, measure_card, opens_with, probe, spawn_run

__all__ = ["EngineSpawn", "EngineSpawnResult", "SpawnTooBig", "engine_spawn", "MAX_FORKS"]

_NT = len(GHOUL_TYPES)
_W = 3 * _NT + 1  # answer: asked by type, placed by type, extra Activations by type, opening cards
#: the answer of a sequence is packed in one integer, a field of _BITS bits each (sums are one addition)
_BITS = 16
ZERO = 0
OPEN = 1 << (_BITS * (_W - 1))
#: forks of the game (each one engine step, ~30-60 us) the walk may spend before the calculator answers
MAX_FORKS = 1000


class SpawnTooBig(Exception):
    """The step needs more forks of the game than allowed (the caller uses the calculator)."""


@dataclass(frozen=True)
class Effect:
    """What one card group did in one Zone, as the engine's run of it on a fork says."""

    ghoul: int | None  # index in GHOUL_TYPES, None for a card of no known type
    asked: int
    placed: int
    extra: bool
    opening: bool  # a Barricade & Door Opening card that acts (the engine's "open:" group)
    clean: bool  # it placed its Ghouls in its own Zone and changed nothing else
    odd: bool  # it did more than one card: ended the game, asked a decision, queued other steps

    def __post_init__(self) -> None:
        out = OPEN if self.opening else 0
        if self.ghoul is not None:
            out += _field(self.ghoul, self.asked) + _field(_NT + self.ghoul, self.placed) \
                + _field(2 * _NT + self.ghoul, int(self.extra))
        object.__setattr__(self, "row", out)  # this card's share of the answer, packed (asked, placed, extra; openings)


def _field(i: int, n: int) -> int:
    if not 0 <= n < 1 << (_BITS - 4):
        raise ValueError(f"spawn step: {n} Ghouls on one card is out of range")
    return n << (_BITS * i)


def unpack(a: int) -> tuple:
    """The answer of a sequence as ``_W`` integers (asked, placed, extra by type; openings)."""
    mask = (1 << _BITS) - 1
    return tuple((a >> (_BITS * i)) & mask for i in range(_W))


@dataclass
class EngineSpawn:
    """The joint counts of one Spawn Step: ``joint`` is a Dist over flat tuples (Ghouls asked, placed,
    extra Activations, each by type in ``GHOUL_TYPES`` order, then the opening cards that act);
    ``positions`` the engine positions counted from, ``forks`` the forks of the game spent; ``mode`` how
    the step's cards were taken at the start: "product" (counted as a product, interactions by the
    engine) or "cards" (the first card on its own forks: a guarded read, a reshuffle, ``factorise=False``)."""

    joint: Dist
    positions: int
    forks: int
    mode: str
    tokens: dict
    level: int
    reshuffle: bool


class _Walk:
    """The enumeration (see the module doc)."""

    def __init__(self, max_forks: int, factorise: bool = True):
        self.max_forks = max_forks
        self.factorise = factorise
        self.forks = 0
        self.positions = 0
        self.groups: list = []  # (scale Fraction, {answer: int})
        self.mode = "product"
        self.last = None  # (base game, last task, level, room) of the step's last card, from the root
        self.memo: dict = {}  # (group, used of its type) -> Effect of the last card at the root, by the engine
        self.quick = 0  # positions before the last card answered from ``memo``
        self.piles: dict = {}  # (pile, room) -> the last card's answers (``_last_rows``)
        #: why the step is costly, for SpawnTooBig's message
        self.costly = "cards short of miniatures before the last one, P. 25"

    @staticmethod
    def horizon(st: Any) -> bool:
        """The step is over: the game ended or no Spawn card is left to draw."""
        return st.result is not None or not any(t.name == NAME for t in st.queue)

    def advance(self, g: Any, acc: tuple | None) -> tuple[bool, tuple | None]:
        """Run ``g`` to the next card or the end of the step, decisions by their named default
        (``acc=None``: the event log is not read, for the probe)."""
        while True:
            if acc is not None:
                acc = self.events(g, acc)
            if self.horizon(g.state):
                return True, acc
            need = g.needs()
            if need == "chance":
                return False, acc
            if need == "choice":
                g.choose(g.state.pending.options[g.state.pending.default])
            elif need == "step":
                g.step()
            else:
                return True, acc

    @staticmethod
    def events(g: Any, acc: tuple) -> tuple:
        """``acc`` plus the Ghoul cards the engine resolved since (its ``spawn_card`` events)."""
        ev = g.events
        for e in ev:
            if e.kind == NAME and e.data.get("ghoul") in GHOUL_TYPES:
                i = GHOUL_TYPES.index(e.data["ghoul"])
                acc += _field(i, e.data.get("requested", 0) or 0) + _field(_NT + i, e.data.get("placed", 0) or 0) \
                    + _field(2 * _NT + i, int(bool(e.data.get("extra"))))
        ev.clear()
        return acc

    def spend(self, forks: int, ahead: int = 0) -> None:
        """Count ``forks`` forks of the game; beyond ``max_forks`` (with ``ahead`` more to come) the walk
        stops (:class:`SpawnTooBig`)."""
        self.forks += forks
        if self.forks + ahead > self.max_forks:
            raise SpawnTooBig(f"the step needs more than {self.max_forks} forks of the game ({self.costly})")

    # -- the enumeration --
    def run(self, root: Any) -> None:
        from .forecasting import Frontier

        todo = Frontier()  # earlier positions first, so equal ones merge

        def push(g: Any, w: Fraction, acc: tuple) -> None:
            stopped, acc = self.advance(g, acc)
            if stopped:
                self.groups.append((w, {acc: 1}))
                return
            if self.factorise and self.last_card(g, w, acc):
                return
            todo.add(g, w, acc)

        push(root, Fraction(1), ZERO)
        while todo:
            g, w, acc = todo.pop()
            self.positions += 1
            # two cards left after an earlier card was played: one card on forks (its children stand before the
            # last card, answered from the root's measures) costs fewer forks than measuring both positions
            two = self.last is not None and sum(t.name == NAME for t in g.state.queue) == 2
            if two or not (self.factorise and self.product(g, w, acc, push)):
                if self.positions == 1:
                    self.mode = "cards"
                node = g.chance_outcomes()
                self.spend(len(node.outcomes))
                for o, cw, c in g.chance_children(node, reuse=True):
                    push(c, w * Fraction(cw, node.total), acc + _opening_row(o))

    def last_card(self, g: Any, w: Fraction, acc: tuple) -> bool:
        """A position before the step's last card only (an earlier card's consequences were played):
        each group's effect is the engine's run of that card on the root's fork with the room this
        position leaves its type (a Spawn card reads only its box's room, P. 25), memoised. False when
        it does not apply (another card, another Danger Level, a run that did more than one card)."""
        from nollab.rules.survivors.experience import highest_level

        if self.last is None:
            return False
        base, task, level, room = self.last
        st = g.state
        q = st.queue
        if not q or q[0] != task or any(t.name == NAME for t in q[1:]) or not st.ghoul_deck \
                or highest_level(g.content, st) != level:
            return False
        ctx = g._ctx()
        here = tuple(box_room(ctx, t) for t in GHOUL_TYPES)
        # the same pile (as a set: the groups are counted) and the same room give the same card
        key = (tuple(sorted(st.ghoul_deck)), here)
        got = self.piles.get(key)
        if got is None:
            got = self.piles[key] = self._last_rows(g, base, task, room, here)
        if got is None:
            return False
        total, rows = got
        self.groups.append((w / total, {acc + r: n for r, n in rows.items()}))
        self.quick += 1
        return True

    def _last_rows(self, g: Any, base: Any, task: Task, room: list, here: tuple) -> tuple | None:
        """``(total, {answer of the card: weight})`` of the last card at ``g`` (see :meth:`last_card`)."""
        node = g.chance_outcomes()
        rows: dict = {}
        for k, n in zip(node.outcomes, node.weights):
            e = self.memo.get((k, 0))
            if e is None:
                e = self.memo[(k, 0)] = _run_card(self, base, task, k)
            if e.ghoul is not None and e.asked:
                used = room[e.ghoul] - here[e.ghoul]
                if used < 0:
                    return None
                if used:
                    got = self.memo.get((k, used))
                    if got is None:
                        got = self.memo[(k, used)] = _measure_short(self, base, [base.state.queue[0], task], k, 1,
                                                                    e.ghoul, used)
                    e = got
            if e.odd:
                return None
            rows[e.row] = rows.get(e.row, 0) + n
        return node.total, rows

    def product(self, g: Any, w: Fraction, acc: tuple, push) -> bool:
        """Count the run of cards ``g`` stands before as a product (module doc); False when it does not
        apply (the caller follows the cards one by one)."""
        st = g.state
        node = g.chance_outcomes()
        run = spawn_run(st)
        tasks = run.tasks if run is not None else []
        m = len(tasks)
        if any(t.name == NAME for t in st.queue[m:]) or len(st.ghoul_deck) < m or node.total != len(st.ghoul_deck):
            self.costly = "a reshuffle of the Ghoul deck inside the step, P. 24"
            return False
        keys, counts = node.outcomes, node.weights
        ctx = g._ctx()
        room = [box_room(ctx, t) for t in GHOUL_TYPES]
        root = self.last is None
        if root:
            from nollab.rules.survivors.experience import highest_level

            self.last = (g.fork(), tasks[-1], highest_level(g.content, st), room)
        eff = _measure(self, g, tasks, keys)
        if any(eff[i] != eff[0] for i in range(1, m)):
            return False  # a group does not do the same at every position
        e0 = eff[0]
        if m >= 2:
            first = first_simple(lambda _i, k: e0[k], counts, room, m)
            if first is None:
                return False
            self.spend(1)
            if probe(self, g, run, tuple(keys[k] for k in first)) is None:
                self.costly = "the Scene's rules read the Spawn Zones, the Ghoul piles or the log between cards"
                return False
        opens = _opens_after(self, g, tasks, keys, e0) if m > 2 else {}
        nk = len(keys)
        den = falling(len(st.ghoul_deck), m)
        leaves: dict = {}
        # the last card with the room its earlier cards left: at the root shared with last_card()
        short_memo: dict = self.memo if root else {}
        short_memo.update(((keys[k], 0), e) for k, e in enumerate(eff[-1]))
        cuts: list = []  # (groups left before the card, the card's group, weight of all its orders)
        rows = [e.row for e in e0]
        # groups left -> [sum over the orders of the falling products, answer so far, placed by type]
        states = {tuple(counts): [1, acc, (0,) * _NT]}
        for i in range(m):
            last = i == m - 1
            nxt: dict = {}
            for left, (T, a, used) in states.items():
                for k in range(nk):
                    r = left[k]
                    if not r:
                        continue
                    e = e0[k]
                    wt = T * r
                    t = e.ghoul
                    short = bool(e.asked) and t is not None and used[t] + e.asked > room[t]
                    if last and not e.odd:
                        if short:
                            got = short_memo.get((keys[k], used[t]))
                            if got is None:
                                got = short_memo[(keys[k], used[t])] = _measure_short(self, g, tasks, keys[k], i, t,
                                                                                      used[t])
                            if got.odd:
                                cuts.append((left, k, wt))
                                continue
                            e = got
                        row = a + (e.row if e is not e0[k] else rows[k])
                        leaves[row] = leaves.get(row, 0) + wt
                        continue
                    if e.odd or not e.clean or short or any(used[x] for x in opens.get((i, k), ())):
                        cuts.append((left, k, wt))
                        continue
                    nl = left[:k] + (r - 1,) + left[k + 1:]
                    got = nxt.get(nl)
                    if got is None:
                        nu = used if t is None or not e.placed else used[:t] + (used[t] + e.placed,) + used[t + 1:]
                        nxt[nl] = [wt, a + rows[k], nu]
                    else:
                        got[0] += wt
            states = nxt
        if cuts:
            self.spend(0, self._estimate(cuts, counts, nk, m))
            self._hand_back(g, w, acc, tasks, keys, counts, cuts, push)
        if leaves:
            self.groups.append((w / den, leaves))
        return True

    @staticmethod
    def _estimate(cuts: list, counts: tuple, nk: int, m: int) -> int:
        """Forks the cuts will cost at least: one per order of the earlier cards, and a measure of the
        cards left when two or more are (so a step too costly stops before the work, not after)."""
        out = 0
        for left, _k, _wt in cuts:
            drawn = [c - n for c, n in zip(counts, left)]
            i = sum(drawn)
            orders = factorial(i)
            for n in drawn:
                orders //= factorial(n)
            rest = m - i - 1
            out += orders * (1 + (nk * rest if rest >= 2 else 0))
        return out

    def _hand_back(self, g, w, acc, tasks, keys, counts, cuts, push) -> None:
        """Every order of the earlier cards of each cut, then the cut card, played by the engine."""
        N = len(g.state.ghoul_deck)

        def after(c: Any, pacc: tuple, key: Any) -> tuple:
            self.spend(1)
            return self.events(c, pacc + _opening_row(key))

        forks = PrefixForks(g, acc, keys, after)
        for left, k, wt in cuts:
            drawn = [c - n for c, n in zip(counts, left)]
            items = [kk for kk, n in enumerate(drawn) for _ in range(n)]
            orders = set(permutations(items))
            per = Fraction(wt, len(orders) * falling(N, len(items) + 1))
            for order in sorted(orders):
                c, cacc = forks.then(order, k)
                push(c, w * per, cacc)


def _opening_row(o: Any) -> tuple:
    """The engine's group of a Ghoul card: an ``"open:..."`` group is an opening card that acts (P. 25)."""
    return OPEN if isinstance(o, str) and o.startswith("open:") else ZERO


def _run_card(walk: _Walk, g: Any, task: Task, key: Any, place: tuple | None = None) -> Effect:
    """The engine's ``spawn_card`` step run with ``key`` on a fork of ``g`` (:func:`measure_card`; ``place``:
    (zone, type, n) Ghouls put on the board first, to leave the box the room an earlier card would), one fork
    of the budget."""
    walk.spend(1)
    e = measure_card(g, task, key, place)
    return Effect(e.ghoul, e.asked, e.placed, e.extra, _opening_row(key) == OPEN, e.clean, e.odd)


def _measure(walk: _Walk, g: Any, tasks: list, keys: tuple) -> list[tuple]:
    """``[(Effect per group)]`` per position of the run."""
    return [tuple(_run_card(walk, g, t, k) for k in keys) for t in tasks]


def _measure_short(walk: _Walk, g: Any, tasks: list, key: Any, i: int, t: int, used: int) -> Effect:
    """The group ``key`` at position ``i`` when the earlier cards placed ``used`` Ghouls of type ``t``
    (put in the first Spawn Zone: the card reads only its box's room, P. 25)."""
    return _run_card(walk, g, tasks[i], key, (tasks[0].args[0], GHOUL_TYPES[t], used) if used else None)


def _opens_after(walk: _Walk, g: Any, tasks: list, keys: tuple, e0: tuple) -> dict:
    """``{(position, group): {type}}``: a card that placed nothing at the start but opens something once
    an earlier card put Ghouls of that type in an earlier Spawn Zone (P. 25), by the engine."""
    types = sorted({e.ghoul for e in e0 if e.clean and e.placed})
    out: dict = {}
    for i in range(1, len(tasks) - 1):  # the last card's openings change nothing the step counts
        for k, e in enumerate(e0):
            if not e.clean or e.placed:
                continue
            for t in types:
                for j in range(i):
                    walk.spend(1)
                    if opens_with(g, tasks[i], keys[k], tasks[j].args[0], t):
                        out.setdefault((i, k), set()).add(t)
                        break
    return out


def engine_spawn(game: Any, zones: Any = None, max_forks: int | None = None, *, factorise: bool = True) -> EngineSpawn:
    """The next Spawn Step of ``game`` (a ``Game``) by its own chance steps (module doc); ``zones``
    restricts it to the cards of those Spawn Zones. ``game`` is not changed. Raises
    :class:`SpawnTooBig` beyond ``max_forks`` forks of the game. ``factorise=False`` follows every card
    on its own fork (the same answer, slower: the reference of the tests and the bench)."""
    from nollab.rules.survivors.experience import highest_level

    root = game.fork(explicit_chance=True)
    st = root.state
    st.pending = None
    st.queue = [Task("spawn_step")]
    st.phase = "ghouls"
    root.events.clear()
    root._run_task(root._ctx())  # the rules' own order of the cards (P. 24)
    if zones is not None:
        keep = set(zones)
        st.queue = [t for t in st.queue if t.name != NAME or t.args[0] in keep]
    tokens: dict = {}
    for t in st.queue:
        if t.name == NAME:
            tokens[t.args[0]] = tokens.get(t.args[0], 0) + 1
    walk = _Walk(MAX_FORKS if max_forks is None else max_forks, factorise)
    root.drain_until = walk.horizon
    level = highest_level(game.content, st)
    reshuffle = len(st.ghoul_deck) < sum(tokens.values())
    root.events.clear()
    walk.run(root)
    den = lcm(*(s.denominator for s, _g in walk.groups))
    weights: dict = {}
    for s, group in walk.groups:
        k = s.numerator * (den // s.denominator)
        for a, n in group.items():
            weights[a] = weights.get(a, 0) + n * k
    return EngineSpawn(Dist({unpack(a): n for a, n in weights.items()}), walk.positions, walk.forks, walk.mode, tokens, level, reshuffle)


class EngineSpawnResult(SpawnResult):
    """A :class:`~nollab.prob.spawn.SpawnResult` whose distributions are read off the engine's joint
    counts (:class:`EngineSpawn`): the same fields, the same meaning (placed = capped by the box,
    P. 25; requested = the cards' totals; extra Activations; opening cards that act)."""

    def __init__(self, es: EngineSpawn, room: dict):
        self.types = tuple(GHOUL_TYPES)
        self.engine = es
        self.reshuffle = es.reshuffle
        self._room = dict(room)
        self._joint = None
        self._joint_req = None

    @cached_property
    def room(self) -> dict:
        return self._room

    def _part(self, lo: int) -> Dist:
        return self.engine.joint.map(lambda a: a[lo:lo + _NT])

    def marginal(self, ghoul: str) -> Dist:
        i = _NT + self.types.index(ghoul)
        return self.engine.joint.map(lambda a: a[i])

    def requested_marginal(self, ghoul: str) -> Dist:
        i = self.types.index(ghoul)
        return self.engine.joint.map(lambda a: a[i])

    def extra(self, ghoul: str) -> Dist:
        i = 2 * _NT + self.types.index(ghoul)
        return self.engine.joint.map(lambda a: a[i])

    @cached_property
    def p_run_out(self) -> dict:
        """P(a card of that type was short of miniatures: at least one extra Activation, P. 25)."""
        return {t: self.extra(t).p(lambda n: n > 0) for t in self.types}

    @property
    def openings(self) -> Dist:
        return self.engine.joint.map(lambda a: a[-1])

    @property
    def joint(self) -> Dist:
        return self.engine.joint.map(lambda a: (a[_NT:2 * _NT], a[2 * _NT:3 * _NT], a[-1]))

    @property
    def joint_requested(self) -> Dist:
        return self.engine.joint.map(lambda a: (a[:_NT], a[-1]))

    def total(self) -> Dist:
        return self.engine.joint.map(lambda a: sum(a[_NT:2 * _NT]))

    def requested_total(self) -> Dist:
        return self.engine.joint.map(lambda a: sum(a[:_NT]))

    @property
    def ghouls(self) -> Dist:
        return self.engine.joint.map(lambda a: tuple(zip(self.types, a[_NT:2 * _NT])))

    @property
    def requested(self) -> Dist:
        return self.engine.joint.map(lambda a: tuple(zip(self.types, a[:_NT])))

    @property
    def extra_activations(self) -> Dist:
        return self.engine.joint.map(lambda a: tuple(zip(self.types, a[2 * _NT:3 * _NT])))
