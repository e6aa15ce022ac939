"""The best use of the active Survivor's remaining Actions: exact expectimax with dice as chance nodes.

"What should Helen do with her 3 Actions to clear this Zone?" The engine plays it out on forks: at each
of the Survivor's decisions (an Action, a target, a re-roll, ...) every option is tried; at each roll or
draw every outcome of the engine's chance step is followed with its exact weight
(:meth:`nollab.rules.Game.chance_children`); equal positions are looked up once (a transposition table
on :func:`nollab.prob.forecasting.merge_key`). Nothing of the rules is re-derived here: the legal Actions,
the attack profiles, Targeting Priority (P. 27), Reload (P. 28), the Skills are the engine's.

API::

    best_turn(game, goal="clear" | "clear:<zone>" | "kill:<type>" | "kill:<type>:<n>" | "survive"
              | "reach:<zone>", *, actions="relevant" | "all", bot="heuristic", max_states=200_000)
        -> BestTurn  (.p, .plan, .bot_p, .bot_first, .to_json())

Goals (success is checked after every step, so a goal reached mid-Turn is a success at once):

* ``clear[:zone]`` -- no Ghoul left in the Zone (default: the Survivor's Zone if it holds Ghouls,
  else the nearest Zone in Line of Sight that does, P. 10);
* ``kill:<type>[:<n>]`` -- at least n (default 1) Ghouls of that type eliminated this Turn;
* ``reach:<zone>`` -- the Survivor stands in the Zone;
* ``survive`` -- at the end of the round the game is not lost and the Survivor is alive (the other
  Survivors then end their Turns, the Ghouls' Phase is followed through its chance steps, and the
  players' decisions in it -- Wound splits -- are also the best ones).

The Turn ends a try (failure for the first three goals) when the Survivor is no longer the one taking
their Turn. ``actions="relevant"`` (default) leaves out Search, Trade and the free card management
(the draws of a Search multiply the positions by the deck; ``"all"`` keeps them, bounded by
``max_states``). The plan is a tree: the best decision, then for each outcome of the roll that
follows, the best decision after it. ``bot`` plays the same position with a policy (the heuristic bot
by default, fresh for each decision so its tie-breaks are the same in every branch) and gives its
exact probability of reaching the goal.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from nollab.content_model import GHOUL_TYPES

from .forecasting import DefaultPolicy, merge_key

__all__ = ["BestTurn", "BestTurnError", "best_turn", "parse_goal"]

MAX_STATES_LIMIT = 10_000_000
#: Actions left out by ``actions="relevant"`` (random draws or bookkeeping that never serve the goals
#: directly within one Turn)
IRRELEVANT = frozenset({"search", "trade", "combine", "discard", "scene"})
#: the order Actions are tried in: of equally good plans the first found is kept, so a plan attacks
#: or moves before it reorganizes, and never spends an Action for nothing when another is as good
ORDER = {"melee": 0, "ranged": 0, "molotov": 0, "bloodlust": 0, "reload": 1, "move": 2, "drive": 2,
         "hit_and_run": 2, "shove": 2, "taunt": 2, "reorganize": 4, "do_nothing": 5}


class BestTurnError(ValueError):
    """Bad input, or more positions than ``max_states``."""


@dataclass(frozen=True)
class Goal:
    kind: str  # clear | kill | reach | survive
    zone: str | None = None
    ghoul: str | None = None
    count: int = 1

    def __str__(self) -> str:
        if self.kind == "clear":
            return f"clear:{self.zone}"
        if self.kind == "kill":
            return f"kill:{self.ghoul}:{self.count}"
        if self.kind == "reach":
            return f"reach:{self.zone}"
        return "survive"


def parse_goal(game: Any, text: str, survivor: str) -> Goal:
    """A :class:`Goal` from ``"clear"``, ``"clear:<zone>"``, ``"kill:<type>[:<n>]"``, ``"survive"``,
    ``"reach:<zone>"``; :class:`BestTurnError` naming what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise BestTurnError(f"goal: clear, clear:<zone>, kill:<type>, survive or reach:<zone>, got {text!r}")
    kind, _sep, rest = (x.strip() for x in text.strip().partition(":"))
    kind = kind.lower()
    st, board = game.state, game.board
    if kind == "clear":
        if rest:
            if rest not in board.zones:
                raise BestTurnError(f"goal: unknown zone {rest!r}")
            zone = rest
        else:
            zone = _default_clear_zone(game, survivor)
        if not st.ghoul_count(zone):
            raise BestTurnError(f"goal: no Ghoul in {zone} to clear")
        return Goal("clear", zone=zone)
    if kind == "kill" and rest:
        t, _sep, count = (x.strip() for x in rest.partition(":"))
        t = t.lower()
        if t == "fatties":
            t = "fatty"
        t = t[:-1] if t.endswith("s") and t[:-1] in GHOUL_TYPES else t
        if t not in GHOUL_TYPES:
            raise BestTurnError(f"goal: unknown Ghoul type {t!r} ({', '.join(GHOUL_TYPES)})")
        n = 1
        if count:
            if not count.isdigit() or not 1 <= int(count) <= 99:
                raise BestTurnError(f"goal: kill count must be 1..99, got {count!r}")
            n = int(count)
        return Goal("kill", ghoul=t, count=n)
    if kind == "reach" and rest:
        if rest not in board.zones:
            raise BestTurnError(f"goal: unknown zone {rest!r}")
        return Goal("reach", zone=rest)
    if kind == "survive" and not rest:
        return Goal("survive")
    raise BestTurnError(f"goal: clear, clear:<zone>, kill:<type>[:<n>], survive or reach:<zone>, got {text!r}")


def _default_clear_zone(game: Any, survivor: str) -> str:
    st = game.state
    s = st.survivors[survivor]
    if st.ghoul_count(s.zone):
        return s.zone
    los = game.board.line_of_sight(s.zone, st.closed(), False)
    seen = sorted((r, z) for z, r in los.items() if st.ghoul_count(z))
    if not seen:
        raise BestTurnError(f"goal: no Ghoul in sight of {survivor} in {s.zone}; name the Zone (clear:<zone>)")
    return seen[0][1]


@dataclass
class BestTurn:
    """The answer: ``p`` the exact probability of the goal with the best play, ``plan`` the tree of
    decisions (:meth:`to_json` shape), the bot's first decision and exact probability."""

    survivor: str
    goal: str
    p: Fraction
    plan: dict | None
    bot: str
    bot_p: Fraction | None
    bot_first: str | None
    states: int
    actions_left: int | None = None
    notes: list = field(default_factory=list)

    @property
    def first(self) -> str | None:
        return self.plan["decision"] if self.plan and "decision" in self.plan else None

    def to_json(self) -> dict:
        return {"survivor": self.survivor, "goal": self.goal, "p": _frac(self.p), "states": self.states,
                "actions_left": self.actions_left, "first": self.first, "plan": self.plan,
                "bot": {"policy": self.bot, "first": self.bot_first,
                        "p": None if self.bot_p is None else _frac(self.bot_p)}}

    def lines(self, depth: int = 4) -> list[str]:
        """The plan as indented text (at most ``depth`` decisions deep)."""
        out: list[str] = []
        _plan_lines(self.plan, out, "", depth)
        return out


def _frac(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"


def _plan_lines(node: dict | None, out: list, pad: str, depth: int) -> None:
    if node is None or depth <= 0:
        return
    if "end" in node:
        out.append(f"{pad}-> {node['end']}")
    elif "decision" in node:
        out.append(f"{pad}{node['decision']}   (P = {node['p']} = {float(Fraction(node['p'])):.1%})")
        _plan_lines(node.get("next"), out, pad, depth - 1)
    elif "chance" in node:
        for o in node["outcomes"]:
            out.append(f"{pad}  if {o['outcome']} ({o['p_outcome']}):")
            _plan_lines(o.get("next"), out, pad + "    ", depth)


class _Search:
    def __init__(self, root: Any, survivor: str, goal: Goal, relevant: bool, max_states: int):
        st = root.state
        self.sid = survivor
        self.goal = goal
        self.relevant = relevant
        self.max_states = max_states
        self.round0 = st.round
        self.kills0 = st.survivors[survivor].kills.get(goal.ghoul, 0) if goal.ghoul else 0
        self.others = DefaultPolicy()
        self.expanded = 0
        self.memo: dict = {}  # key -> (value, best decision index or None)

    # -- goal and horizon --
    def terminal(self, g: Any) -> Fraction | None:
        st = g.state
        s = st.survivors[self.sid]
        goal = self.goal
        if goal.kind == "survive":
            if st.result is not None or st.round != self.round0:
                return Fraction(int(st.result != "lost" and s.alive))
            return None
        if goal.kind == "clear" and not st.ghoul_count(goal.zone):
            return Fraction(1)
        if goal.kind == "kill" and s.kills.get(goal.ghoul, 0) - self.kills0 >= goal.count:
            return Fraction(1)
        if goal.kind == "reach" and s.alive and s.zone == goal.zone:
            return Fraction(1)
        if st.result is not None or st.active != self.sid or st.phase != "players":
            return Fraction(0)
        return None

    def advance(self, g: Any) -> Fraction | None:
        """Run engine steps (and, for ``survive``, the other Survivors' default Turns) until a
        decision of the player, a chance step, or the end (its value)."""
        while True:
            t = self.terminal(g)
            if t is not None:
                return t
            need = g.needs()
            if need == "step":
                g.step()
            elif need == "action" and g.state.active != self.sid:
                g.apply(self.others.choose_action(g, g.legal_actions()))
            elif need == "over":
                return Fraction(0)
            else:
                return None

    stop = None  #: a callable; True stops the search (a newer question replaced this one)

    def count(self) -> None:
        if self.stop is not None and self.expanded % 16 == 0 and self.stop():
            raise BestTurnError("cancelled: a newer question replaced this one")
        self.expanded += 1
        if self.expanded > self.max_states:
            raise BestTurnError(f"max_states: the search needs more than {self.max_states} positions; "
                                "try actions='relevant', a nearer goal, or raise max_states")

    def decisions(self, g: Any) -> list:
        """``[(label, apply(game))]`` of the player's options here."""
        if g.needs() == "choice":
            ch = g.state.pending
            return [(ch.labels[i] if i < len(ch.labels) else str(o), ("choice", o)) for i, o in enumerate(ch.options)]
        acts = g.legal_actions()
        if self.relevant:
            acts = [a for a in acts if a.kind not in IRRELEVANT]
        acts = sorted(acts, key=lambda a: ORDER.get(a.kind, 3))  # equal chances: the plainest plan first
        return [(str(a), ("action", a)) for a in acts]

    @staticmethod
    def do(g: Any, d: tuple) -> None:
        if d[0] == "choice":
            g.choose(d[1])
        else:
            g.apply(d[1])

    # -- expectimax --
    def value(self, g: Any) -> Fraction:
        t = self.advance(g)
        if t is not None:
            return t
        key = merge_key(g.state)
        got = self.memo.get(key)
        if got is not None:
            return got[0]
        self.count()
        if g.needs() == "chance":
            node = g.chance_outcomes()
            v = Fraction(0)
            for _o, w, c in g.chance_children(node, reuse=True):
                v += Fraction(w, node.total) * self.value(c)
            self.memo[key] = (v, None)
            return v
        opts = self.decisions(g)
        if not opts:  # nothing the goal can use (e.g. only a Search left): the Turn ends here
            self.memo[key] = (Fraction(0), None)
            return Fraction(0)
        best, best_i = Fraction(-1), None
        for i, (_label, d) in enumerate(opts):
            c = g.fork()
            self.do(c, d)
            v = self.value(c)
            if v > best:
                best, best_i = v, i
                if v == 1:
                    break
        self.memo[key] = (best, best_i)
        return best

    def plan(self, g: Any, depth: int = 12) -> dict | None:
        """The plan tree from ``g`` (after :meth:`value` filled the table)."""
        if depth <= 0:
            return None
        t = self.advance(g)
        if t is not None:
            return {"end": "goal reached" if t == 1 else "goal missed", "p": _frac(t)}
        key = merge_key(g.state)
        if key not in self.memo:
            self.value(g.fork())
        v, best_i = self.memo[key]
        if best_i is None and g.needs() != "chance":
            return None
        if g.needs() == "chance":
            node = g.chance_outcomes()
            outs = []
            for o, w, c in g.chance_children(node):
                outs.append({"outcome": node.label(o), "p_outcome": _frac(Fraction(w, node.total)),
                             "next": self.plan(c, depth - 1)})
            return {"chance": node.prompt or node.kind, "p": _frac(v), "outcomes": outs}
        label, d = self.decisions(g)[best_i]
        c = g.fork()
        self.do(c, d)
        return {"decision": label, "kind": d[0], "p": _frac(v), "next": self.plan(c, depth - 1)}

    # -- a fixed policy (the bot) --
    def policy_value(self, g: Any, make, memo: dict) -> Fraction:
        t = self.advance(g)
        if t is not None:
            return t
        key = merge_key(g.state)
        if key in memo:
            return memo[key]
        self.count()
        if g.needs() == "chance":
            node = g.chance_outcomes()
            v = Fraction(0)
            for _o, w, c in g.chance_children(node, reuse=True):
                v += Fraction(w, node.total) * self.policy_value(c, make, memo)
        else:
            pol = make()
            if g.needs() == "choice":
                g.choose(pol.choose_option(g, g.state.pending))
            else:
                g.apply(pol.choose_action(g, g.legal_actions()))
            v = self.policy_value(g, make, memo)
        memo[key] = v
        return v


def best_turn(game: Any, goal: str = "clear", *, actions: str = "relevant", bot: Any = "heuristic",
              max_states: int = 200_000, stop=None) -> BestTurn:
    """Exact best play of the active Survivor's remaining Actions for ``goal`` (see the module doc).
    ``game`` is not changed; ``stop()`` returning True cancels the search (:class:`BestTurnError`)."""
    if not all(hasattr(game, a) for a in ("state", "fork", "chance_children")):
        raise BestTurnError(f"game: a nollab.rules.Game is needed, got {type(game).__name__}")
    if actions not in ("relevant", "all"):
        raise BestTurnError(f"actions: 'relevant' or 'all', got {actions!r}")
    if isinstance(max_states, bool) or not isinstance(max_states, int) or not 1 <= max_states <= MAX_STATES_LIMIT:
        raise BestTurnError(f"max_states: an integer 1..{MAX_STATES_LIMIT}, got {max_states!r}")
    st = game.state
    if st.result is not None:
        raise BestTurnError(f"game: the game is over ({st.result})")
    sid = st.active
    if sid is None or st.phase != "players":
        raise BestTurnError("game: no Survivor is taking their Turn (the Players' Phase, P. 8)")
    g0 = parse_goal(game, goal, sid)
    root = game.fork(explicit_chance=True)
    search = _Search(root, sid, g0, actions == "relevant", max_states)
    search.stop = stop
    p = search.value(root.fork())
    plan = search.plan(root.fork())
    bot_name, bot_p, bot_first = None, None, None
    if bot is not None:
        from nollab.sim.policy import make_policy, policy_name

        try:
            make_policy(bot)
        except ValueError as exc:
            raise BestTurnError(f"bot: {exc}") from None
        bot_name = policy_name(bot) if not isinstance(bot, str) else bot
        bot_p = search.policy_value(root.fork(), lambda: make_policy(bot), {})
        bot_first = _first_decision(root.fork(), search, lambda: make_policy(bot))
    return BestTurn(sid, str(g0), p, plan, bot_name, bot_p, bot_first, search.expanded,
                    game.actions_left(sid))


def _first_decision(g: Any, search: _Search, make) -> str | None:
    if search.advance(g) is not None:
        return None
    while g.needs() == "chance":  # the bot decides after the pending roll: show its next decision
        _o, _w, g = next(g.chance_children())
        if search.advance(g) is not None:
            return None
    pol = make()
    if g.needs() == "choice":
        ch = g.state.pending
        o = pol.choose_option(g, ch)
        i = ch.options.index(o)
        return ch.labels[i] if i < len(ch.labels) else str(o)
    return str(pol.choose_action(g, g.legal_actions()))
