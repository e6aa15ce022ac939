"""The parts of a Spawn Step's cards both products use: one implementation (P. 24-25).

Two callers count a run of Spawn cards (one Ghoul card per active Spawn token, P. 24) as a product of
commuting cards instead of following every card on its own fork: the forecast's shortcut
(:mod:`nollab.prob.spawn_block`, which needs every sequence's end position) and the live spawn odds
(:mod:`nollab.prob.spawn_engine`, which needs only the step's counts). What they share lives here:

* :func:`spawn_run` / :class:`SpawnRun`: the run of ``spawn_card`` chance steps at the head of the queue;
* :func:`measure_card`: what one card group does in one Zone, *measured* by the engine (the registered
  chance step ``CHANCE["spawn_card"].run`` on a fork): its type, Ghouls asked and placed, an extra
  Activation, and whether it is ``clean`` -- placed its Ghouls in its own Zone and changed nothing else
  (no opening opened, no Survivor, result or decision changed, no step queued);
  :func:`opens_with`: would a card that placed nothing open something once an earlier card put Ghouls of
  a type in an earlier Spawn Zone (a Barricade & Door Opening card opens "in the Zones where Ghouls of
  the indicated type are", P. 25);
* :func:`is_short`: a card asks for more Ghouls than its type's box holds once the earlier cards are
  placed (``box_room``, P. 25: the card runs short, extra Activation);
* :func:`first_simple`: one sequence of groups where no card interacts (for the probe);
* :func:`probe`: the rest of the horizon run *once* on one such sequence with what the cards change
  guarded (:class:`GuardedGhouls`, :class:`GuardedPile`, :class:`GuardedLog`, raising :class:`Touched`);
  if it reads none of it, every simple sequence runs that same code on the same values;
* :class:`PrefixForks`: the engine's forks after each sequence handed back, shared prefixes forked once;
* :func:`falling`: the weight of ordered draws without replacement (``n (n-1) ... (n-m+1)``).

Nothing of the rules is written here: what a card does comes from the engine's run of it; the only
rule facts used are that a card reads the room of its type's box and an opening card the Zones with
Ghouls of its type (P. 25).
"""
from __future__ import annotations

import pickle
from typing import Any, Callable, NamedTuple

from nollab.rules.engine.chance import CHANCE, ChanceStep
from nollab.rules.engine.state import GHOUL_TYPES

__all__ = ["CardEffect", "GuardedGhouls", "GuardedLog", "GuardedPile", "NAME", "SpawnRun", "Touched",
           "PrefixForks", "falling", "first_simple", "is_short", "measure_card", "opens_with", "probe", "spawn_run"]

#: the engine's chance step of one Ghoul card
NAME = "spawn_card"
_NT = len(GHOUL_TYPES)
_ALL = object()


class Touched(BaseException):
    """The rest of the horizon read something a Spawn card changes (not an Exception: no rule's
    ``except Exception`` may swallow it)."""


class GuardedGhouls(dict):
    """``state.ghouls`` during the probe: when armed, reading a Spawn Zone's entry, reading the whole
    map (iteration, counts by type, copies, its size) or writing any entry raises :class:`Touched`;
    its truth value only when it may differ from one sequence to another (an empty board)."""

    __slots__ = ("armed", "zones", "nonempty")

    def __bool__(self):
        # "is there any Ghoul on the board?" (S3's objective) is the same for every sequence when there
        # was one before the cards: simple cards only add Ghouls, and nothing else may write
        if self.armed and not self.nonempty:
            raise Touched("ghouls: any Ghoul on the board")
        return dict.__len__(self) > 0

    def _r(self, key=_ALL):
        if self.armed and (key is _ALL or key in self.zones):
            raise Touched(f"ghouls[{'*' if key is _ALL else key}]")

    def _w(self, *_a):
        if self.armed:
            raise Touched("ghouls written")

    def get(self, key, default=None):
        self._r(key)
        return dict.get(self, key, default)

    def __getitem__(self, key):
        self._r(key)
        return dict.__getitem__(self, key)

    def __contains__(self, key):
        self._r(key)
        return dict.__contains__(self, key)

    def __iter__(self):
        self._r()
        return dict.__iter__(self)

    def __len__(self):
        self._r()
        return dict.__len__(self)

    def __reversed__(self):
        self._r()
        return dict.__reversed__(self)

    def keys(self):
        self._r()
        return dict.keys(self)

    def values(self):
        self._r()
        return dict.values(self)

    def items(self):
        self._r()
        return dict.items(self)

    def copy(self):
        self._r()
        return dict.copy(self)

    def __eq__(self, other):
        self._r()
        return dict.__eq__(self, other)

    def __ne__(self, other):
        self._r()
        return dict.__ne__(self, other)

    __hash__ = None

    def __or__(self, other):
        self._r()
        return dict.__or__(self, other)

    def __ror__(self, other):
        self._r()
        return dict.__ror__(self, other)

    def __reduce_ex__(self, proto):
        self._r()
        return dict, (dict(dict.items(self)),)

    def __repr__(self):
        self._r()
        return dict.__repr__(self)

    def __setitem__(self, key, value):
        self._w()
        dict.__setitem__(self, key, value)

    def __delitem__(self, key):
        self._w()
        dict.__delitem__(self, key)

    def pop(self, *a):
        self._w()
        return dict.pop(self, *a)

    def popitem(self):
        self._w()
        return dict.popitem(self)

    def setdefault(self, *a):
        self._w()
        return dict.setdefault(self, *a)

    def update(self, *a, **k):
        self._w()
        return dict.update(self, *a, **k)

    def clear(self):
        self._w()
        return dict.clear(self)

    def __ior__(self, other):
        self._w()
        return dict.__ior__(self, other)


def _guard_all(cls: type, names: tuple) -> type:
    """Every listed method of ``cls``'s base raises :class:`Touched` when the instance is armed."""
    base = cls.__bases__[0]
    for n in names:
        def m(self, *a, __n=n, **k):
            if self.armed:
                raise Touched(f"{self.what}.{__n}")
            return getattr(base, __n)(self, *a, **k)
        m.__name__ = n
        setattr(cls, n, m)
    return cls


class GuardedPile(list):
    """The Ghoul deck or its discards during the probe: any use when armed raises :class:`Touched`."""

    __slots__ = ("armed", "what")
    __hash__ = None


_LIST = ("__getitem__", "__setitem__", "__delitem__", "__len__", "__iter__", "__reversed__", "__contains__",
         "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__iadd__", "__mul__",
         "__imul__", "__rmul__", "__reduce_ex__", "__repr__", "append", "extend", "insert", "pop", "remove",
         "index", "count", "copy", "sort", "reverse", "clear")
_guard_all(GuardedPile, _LIST)


class GuardedLog(list):
    """The event log during the probe: events may be logged (``append``), but reading it when armed
    (a Scene rule looking at the latest events, or at how many there are) raises :class:`Touched` --
    the Spawn cards' events differ from one sequence to another."""

    __slots__ = ("armed", "what")
    __hash__ = None


_guard_all(GuardedLog, tuple(n for n in _LIST if n != "append"))


class SpawnRun:
    """The run of Spawn cards a position stands before: ``tasks`` (the queued chance steps), ``zones``."""

    def __init__(self, tasks: list):
        self.tasks = tasks
        self.zones = [t.args[0] for t in tasks]

    def __len__(self) -> int:
        return len(self.tasks)


def spawn_run(state: Any) -> SpawnRun | None:
    """The Spawn cards at the head of the engine's queue (one per Spawn token, P. 24), or None."""
    q = state.queue
    n = 0
    while n < len(q) and q[n].name == NAME:
        n += 1
    return SpawnRun(list(q[:n])) if n else None


def falling(n: int, m: int) -> int:
    """``n (n-1) ... (n-m+1)``: the number of ordered draws of ``m`` cards from a pile of ``n``."""
    out = 1
    for j in range(m):
        out *= n - j
    return out


class CardEffect(NamedTuple):
    """What one card group did in one Zone, as the engine's run of it on a fork says (:func:`measure_card`;
    a named tuple: measured thousands of times by the ``best`` policy's value oracle)."""

    ghoul: int | None  # index in GHOUL_TYPES, None for a card of no known type
    asked: int  # Ghouls the card asks for (its line at this Danger Level)
    placed: int  # Ghouls it placed (capped by the box, P. 25)
    extra: bool  # short of miniatures: an extra Activation of its type (P. 25)
    clean: bool  # it placed its Ghouls in its own Zone and changed nothing else
    odd: bool  # it did more than one card: ended the game, asked a decision, queued other steps


def _card_rest(st: Any) -> tuple:
    """The state a card may change besides the Ghouls and the piles (to tell a card that did more)."""
    return ([(s.id, s.mode, s.wounds, s.alive, s.zone) for s in st.survivors.values()], dict(st.opening_open),
            st.result, st.pending is not None)


def measure_card(g: Any, task: Any, key: Any, place: tuple | None = None) -> CardEffect:
    """The engine's ``spawn_card`` step of ``task`` (its Zone) run with group ``key`` on a fork of ``g``
    (``place``: ``(zone, type, n)`` Ghouls put on the board first, e.g. to leave the box the room an
    earlier card would, or to stand where an opening card looks). ``g`` is not changed."""
    f = g.fork()
    ctx = f._ctx()
    if place is not None:
        ctx.place_ghouls(*place)
    st0 = f.state
    before = dict(st0.ghouls)
    rest0 = _card_rest(st0)
    q0 = list(st0.queue)
    f.events.clear()
    CHANCE[NAME].run(ctx, key, *task.args)
    st = f.state
    ev = [e for e in f.events if e.kind == NAME]
    d = ev[0].data if len(ev) == 1 else {}
    ghoul = d.get("ghoul")
    ti = GHOUL_TYPES.index(ghoul) if ghoul in GHOUL_TYPES else None
    extra = bool(d.get("extra"))
    # the step pushes nothing but, when short, the extra Activation (P. 25) before the rest
    odd = len(ev) != 1 or st.result is not None or st.pending is not None \
        or st.queue[extra:] != q0 or (extra and st.queue[0].name != "activation")
    zone = task.args[0]
    gh = st.ghouls
    changed = set() if gh == before else {z for z in before.keys() | gh.keys() if before.get(z) != gh.get(z)}
    placed = d.get("placed", 0) or 0
    clean = not odd and not extra and not d.get("opened") and _card_rest(st) == rest0 and changed <= {zone}
    if clean and changed:
        diff = [a - b for a, b in zip(st.ghouls_in(zone), before.get(zone, (0,) * _NT))]
        clean = ti is not None and sum(x != 0 for x in diff) == 1 and diff[ti] == placed
    elif clean and placed:
        clean = False
    return CardEffect(ti, d.get("requested", 0) or 0, placed, extra, clean, odd)


def opens_with(g: Any, task: Any, key: Any, zone: Any, ghoul: int) -> bool:
    """Would group ``key``'s card of ``task`` (one that placed nothing) do something else than nothing once
    one Ghoul of type ``ghoul`` stands in ``zone``? (a Barricade & Door Opening card opens "in the Zones
    where Ghouls of the indicated type are", P. 25; the engine's run of it on a fork)"""
    return not measure_card(g, task, key, (zone, GHOUL_TYPES[ghoul], 1)).clean


def is_short(c: Any, used: Any, room: Any) -> bool:
    """Card ``c`` (a :class:`CardEffect`) asks for more Ghouls than its type's box holds once the earlier
    cards placed ``used`` (by type) from a box that had ``room`` (P. 25); a card of no known type that
    asks for Ghouls counts as short (nothing here can tell what it reads)."""
    return bool(c.asked) and (c.ghoul is None or used[c.ghoul] + c.asked > room[c.ghoul])


def first_simple(card: Callable, counts: tuple, room: Any, m: int, opens: Callable | None = None) -> tuple | None:
    """One sequence of ``m`` group indices where no card interacts (for :func:`probe`), or None: at each
    position ``i`` the first group left (the engine lists "Nothing!" first) whose ``card(i, k)`` is clean,
    of a known type and not short given the earlier cards; with ``opens(i, k, type, j)``, a card that
    places nothing is skipped when it would open something beside an earlier card's Ghouls. ``card`` and
    ``opens`` may measure lazily: only what the search looks at is asked."""
    left = list(counts)
    used = [0] * _NT
    placed_at: list = []
    out = []
    for i in range(m):
        for k in range(len(left)):
            if not left[k]:
                continue
            c = card(i, k)
            if not c.clean or c.ghoul is None or is_short(c, used, room):
                continue
            if opens is not None and not c.placed and any(opens(i, k, t, j) for t, j in placed_at):
                continue
            left[k] -= 1
            if c.placed:
                used[c.ghoul] += c.placed
                placed_at.append((c.ghoul, i))
            out.append(k)
            break
        else:
            return None
    return tuple(out)


class PrefixForks:
    """The engine's forks of ``g`` after each sequence of card groups drawn (the run's cards resolved
    one by one by ``Game._resolve_chance``), a sequence's fork shared by the longer ones that start with
    it: how both products hand interacting sequences back to the engine. ``after(game, acc, key)`` is the
    caller's reading of a card just resolved (its ``acc`` updated; e.g. the events read, a fork counted)."""

    def __init__(self, g: Any, acc: Any, keys: tuple, after: Callable):
        self.keys, self.after = keys, after
        self.games: dict = {(): (g, acc)}

    def at(self, prefix: tuple) -> tuple:
        """``(game, acc)`` after the groups ``prefix`` (indices in ``keys``), kept for longer prefixes."""
        got = self.games.get(prefix)
        if got is None:
            got = self.games[prefix] = self.then(prefix[:-1], prefix[-1])
        return got

    def then(self, prefix: tuple, k: int) -> tuple:
        """``(game, acc)`` after ``prefix`` then group ``k``, on a fork of its own (not kept: the caller
        goes on with it)."""
        pg, pacc = self.at(prefix)
        c = pg.fork()
        key = self.keys[k]
        c._resolve_chance(CHANCE[NAME], key, c.state.queue[0])
        return c, self.after(c, pacc, key)


_REST_SKIP = ("ghouls", "ghoul_deck", "ghoul_discard", "steps", "queue", "rng", "cards", "origin", "_closed")


def _rest_digest(st: Any) -> bytes:
    """The state but the Ghouls, the Ghoul piles, the step counter and the queue, as bytes."""
    d = {k: v for k, v in st.__dict__.items() if k not in _REST_SKIP}
    d["survivors"] = [s.__dict__ for s in st.survivors.values()]
    if st.pending is not None:
        d["pending"] = st.pending.__dict__
    return pickle.dumps(d, 4)


def probe(search: Any, g: Any, run: SpawnRun, keys_seq: tuple):
    """Run ``g`` through the cards ``keys_seq`` (one engine group per card of ``run``) and on to the
    horizon on a fork, with the Spawn Zones' Ghouls (and the whole map), the Ghoul piles and the event
    log guarded outside the cards themselves. ``search.advance(game, None)`` runs a game to the caller's
    horizon without reading the log and returns ``(stopped at the horizon, _)``.

    Returns the fork at the horizon (guards removed), or None when the rest of the horizon touched what
    the cards change (read a Spawn Zone's Ghouls, the whole map on an empty board, a pile or the log;
    wrote a Ghoul), changed the rest of the state between two cards, a card changed more than its
    Zone's Ghouls, the run did not end at the horizon or it drew another Spawn card. When it returns a
    fork, every sequence of simple cards would run the rest identically (the same code on the same
    values): one run stands for all of them."""
    p = g.fork()
    st = p.state
    gh = GuardedGhouls(st.ghouls)
    gh.armed, gh.zones, gh.nonempty = False, frozenset(run.zones), dict.__len__(st.ghouls) > 0
    deck, disc = GuardedPile(st.ghoul_deck), GuardedPile(st.ghoul_discard)
    deck.armed = disc.armed = False
    deck.what, disc.what = "ghoul_deck", "ghoul_discard"
    st.ghouls, st.ghoul_deck, st.ghoul_discard = gh, deck, disc
    log = GuardedLog(p.events)
    log.armed, log.what = False, "events"
    p.events = log
    guards = (gh, deck, disc, log)

    def arm(on: bool) -> None:
        for x in guards:
            x.armed = on

    real = CHANCE[NAME]

    seen: list = []

    def card(ctx, o, *args):
        arm(False)
        try:
            # between two cards only the Scene's checks ran: they must have changed nothing a card reads
            d = _rest_digest(st)
            if seen and seen[-1] != d:
                raise Touched("the state changed between two Spawn cards")
            real.run(ctx, o, *args)
            seen.append(_rest_digest(st))
            if seen[-1] != d:
                raise Touched("a Spawn card changed more than its Zone's Ghouls")
        finally:
            arm(True)

    wrapped = ChanceStep(real.name, real.outcomes, real.check, card)
    ok = False
    try:
        arm(True)
        for i, k in enumerate(keys_seq):
            if p.needs() != "chance" or st.queue[0].name != NAME or st.queue[0].args[0] != run.zones[i]:
                return None
            p._resolve_chance(wrapped, k, st.queue[0])
        ok, _acc = search.advance(p, None)  # no reading of the log on the way
    except Touched:
        ok = False
    finally:
        arm(False)
    if not ok or p.state is not st or p.events is not log \
            or any(a is not b for a, b in zip((st.ghouls, st.ghoul_deck, st.ghoul_discard), guards)):
        return None
    # the rest of the horizon drew no card (its own Spawn cards would be outcomes of their own)
    if sum(e.kind == NAME for e in log) != len(keys_seq):
        return None
    st.ghouls, st.ghoul_deck, st.ghoul_discard = dict(gh), list(deck), list(disc)
    p.events = list(log)
    return p


