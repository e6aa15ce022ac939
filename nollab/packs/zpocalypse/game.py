"""The Zpocalypse game on the lab's seam: ``Game.new(seed=3, setup="2")``, then the
:class:`nollab.games.Match` protocol -- ``needs()``, ``legal_actions()``/``apply()``,
``pending``/``choose()``, ``chance()``/``resolve_chance()``, ``step()``, ``run_until()``, ``undo()``,
``replay()``, JSON.

The rules are generators (:mod:`.day`, :mod:`.night`) that yield what they wait for; this class answers
them and logs each answer. Every die pool, card, tile and token draw is an explicit chance node with
exact integer weights, drawn by ``step()`` from the game's seeded splitmix64 generator (its state lives
in the game state) or forced by ``resolve_chance``. Seed + setup + log replays a game exactly (saves).

``copy``/``undo`` do not replay the whole log: a generator cannot be copied, but whenever a squad is asked
for an action the state alone says where every rule stands, so the game keeps a snapshot there (the pickled
state, the log and event counts) and the rules can resume from it (:func:`.day.game` with ``resume``). A
copy or an undo restores the latest snapshot at or before its point and replays only the entries after it
(bench/bench_zpocalypse.py measures both against a whole replay).

Taken from OpenSpiel: chance nodes with explicit outcomes; from boardgame.io: the game as a log of
moves replayed from a seed. Different: a decision inside the zombies' or the day's phases (who leaves
when food is short, which survivor double Zs take, where a tile goes, where the zombies are placed and
where a tie in a zombie's path takes it, skill points) is a pending choice
like a move, and every event names the summary section that caused it.
"""
from __future__ import annotations

import json
import pickle
from typing import Any

from nollab.games.engine_kit import EngineKit
from nollab.games.protocol import Chance
from nollab.packs.zpocalypse.box import Box, default_box
from nollab.packs.zpocalypse.day import RESUME_POINTS
from nollab.packs.zpocalypse.engine import Act, Ask, Ctx, Pause
from nollab.packs.zpocalypse.setup import parse_setup, setup_text
from nollab.packs.zpocalypse.state import Action, Choice, Squad, State
from nollab.rules.engine import rng
from nollab.rules.engine.events import Event, IllegalAction

__all__ = ["Game", "FORMAT"]

FORMAT = "nollab-zpocalypse/1"


def _below(state: int, n: int) -> tuple[int, int]:
    """Uniform integer below ``n`` from the game's splitmix64 stream. A dice pool's exact weights can total
    more than 2**64 (6**30 for 30 dice), where one 64-bit word cannot do: then whole words are drawn and
    the top bits of their concatenation are taken, rejecting values >= n (no bias)."""
    if n < 1 << 62:
        return rng.below(state, n)
    bits = n.bit_length()
    words = -(-bits // 64)
    while True:
        x = 0
        for _ in range(words):
            state, w = rng.next_u64(state)
            x = (x << 64) | w
        x >>= words * 64 - bits
        if x < n:
            return state, x


def _norm(x: Any) -> Any:
    if isinstance(x, (list, tuple)):
        return [_norm(v) for v in x]
    return x


class Game(EngineKit):
    """One game of Zpocalypse (see the module docstring)."""

    name = "zpocalypse"
    ACTION = Action
    SAVE_TITLE, SAVE_FORMAT = "Zpocalypse", FORMAT
    REPLAY_STEP = "pending"
    LOG_LIMIT = 2_000_000
    #: keep snapshots at the rules' resume points (False: copy and undo replay the whole log; for bench/)
    SNAPSHOTS = True

    def __init__(self, seed: int, setup: dict, box: Box, history: bool = True) -> None:
        squads = [Squad(f"p{i + 1}", i) for i in range(setup["players"])]
        self.box = box
        self.setup = setup
        self.keep_history = history
        self.state = State(int(seed), rng.seed_state(int(seed)), dict(setup), squads, side=setup["side"])
        self.events: list[Event] = []
        self.log: list[dict] = []
        self.ctx = Ctx(self.state, box, self.events)
        self._snaps: list[tuple[int, bytes, int, str]] = []
        self._start(None)

    def _start(self, resume: str | None) -> None:
        from nollab.packs.zpocalypse.day import game as flow
        self._gen = flow(self.ctx, resume)
        self._req: Any = None
        self._legal_key: Any = None
        self._legal: list[Action] = []
        self._advance(None)

    @classmethod
    def new(cls, seed: int = 0, setup: str | dict | None = None, box: Box | None = None, history: bool = True,
            roll_setup: bool = True) -> "Game":
        """Setup for ``setup`` (a player count, or ``key=value`` options; :func:`.setup.parse_setup`).
        ``roll_setup``: draw the Setup cards from the seed at once (logged as rolls); False stops at the first."""
        box = box or default_box()
        if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= 1 << 64:
            raise ValueError(f"a seed is an integer below 2**64 in size, got {seed!r}")
        g = cls(int(seed), parse_setup(setup, box), box, history)
        while roll_setup and g.state.phase == "setup" and g.needs() == "chance":
            g.step()
        return g

    # ---- the generator ------------------------------------------------------------------------------------
    def _advance(self, answer: Any) -> None:
        try:
            self._req = self._gen.send(answer) if self._req is not None else next(self._gen)
        except StopIteration:
            self._req = None
        self._legal_key = None
        r = self._req
        if not self.SNAPSHOTS:
            return
        if isinstance(r, Act):
            self._snapshot("act")
        elif isinstance(r, Pause) and r.label in RESUME_POINTS:
            self._snapshot(r.label)

    def _snapshot(self, point: str) -> None:
        """Keep the state as it is now, at one of the rules' resume points (:data:`.day.RESUME_POINTS`: where
        the state alone says where every rule stands). Without history only the latest is kept (enough for
        ``copy``)."""
        n = len(self.log)
        if n != self.state.steps or (self._snaps and self._snaps[-1][0] == n):
            return  # past the log limit the log cannot say what came after a snapshot
        if not self.keep_history:
            self._snaps.clear()
        self._snaps.append((n, pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL), len(self.events), point))

    def _restored(self, upto: int) -> "Game":
        """A new game at log entry ``upto`` of this one: the latest snapshot at or before it, resumed, and the
        log entries after the snapshot replayed (a whole replay when there is none)."""
        i = len(self._snaps) - 1
        while i >= 0 and self._snaps[i][0] > upto:
            i -= 1
        if i < 0:
            return self.replay(self.log[:upto])
        n, blob, n_events, point = self._snaps[i]
        g = Game.__new__(Game)
        g.box, g.setup, g.keep_history = self.box, self.setup, self.keep_history
        g.state = pickle.loads(blob)
        g.events = self.events[:n_events]
        g.log = self.log[:n]
        g.ctx = Ctx(g.state, g.box, g.events)
        g._snaps = self._snaps[:i + 1]
        g._start(point)
        return self._replay_log(g, self.log[n:upto])

    seed = property(lambda self: self.state.seed)
    round = property(lambda self: self.state.round)
    phase = property(lambda self: self.state.phase)
    day = property(lambda self: self.state.day)
    over = property(lambda self: self.state.result is not None and self._req is None)
    result = property(lambda self: self.state.result if self.over else None)

    def needs(self) -> str:
        r = self._req
        if r is None:
            return "over"
        if isinstance(r, Chance):
            return "chance"
        if isinstance(r, Ask):
            return "choice"
        if isinstance(r, Act):
            return "action"
        return "step"

    @property
    def pending(self) -> Choice | None:
        r = self._req
        if not isinstance(r, Ask):
            return None
        return Choice(r.kind, r.who, r.prompt, tuple(_norm(o) for o in r.options), tuple(r.labels), r.default, r.page)

    def chance(self) -> Chance | None:
        return self._req if isinstance(self._req, Chance) else None

    def acting(self) -> str | None:
        """The player whose action it is (None while the game waits for something else)."""
        return self._req.player if isinstance(self._req, Act) else None

    def legal_actions(self) -> list[Action]:
        if not isinstance(self._req, Act):
            return []
        key = self.state.steps
        if key != self._legal_key:
            from nollab.packs.zpocalypse.night import legal
            self._legal = legal(self.ctx, self._req.player)
            self._legal_key = key
        return list(self._legal)

    # ---- answers -------------------------------------------------------------------------------------------
    def _done(self, entry: dict, answer: Any) -> None:
        self.state.steps += 1
        if len(self.log) < self.LOG_LIMIT:
            self.log.append(entry)
        self._advance(answer)

    def apply(self, action: Action | dict) -> None:
        """Take a legal action; :class:`IllegalAction` (naming the rule) leaves everything unchanged."""
        if isinstance(action, dict):
            action = Action.from_dict(action)
        if not isinstance(action, Action):
            raise IllegalAction(f"apply() takes an Action (or its dict), got {type(action).__name__}")
        action = Action(action.kind, action.player, tuple(action.params))
        if self.needs() != "action":
            raise IllegalAction(f"not now: the game waits for a {self.needs()} (Phase 4 Combat: player actions)")
        if action not in self.legal_actions():
            who = self.acting()
            if action.player != who:
                raise IllegalAction(f"it is {who}'s turn, not {action.player}'s (Phase 4 Combat: in turn order)")
            kinds = sorted({a.kind for a in self.legal_actions()})
            raise IllegalAction(f"{action} is not legal here (possible: {', '.join(kinds)}; Phase 4 Combat)")
        self._done({"t": "action", "a": action.to_dict()}, action)

    def choose(self, option: Any) -> None:
        p = self.pending
        if p is None:
            raise IllegalAction("no decision is pending")
        o = _norm(option)
        if o not in list(p.options):
            raise IllegalAction(f"{o!r} is not one of the options of the pending {p.kind!r} decision ({p.page}); "
                                f"options: {list(p.options)!r}")
        label = p.labels[list(p.options).index(o)]
        self.ctx.emit("choice", p.page, f"{self.ctx.name(p.who)} decides ({p.kind}): {label}", choice=p.kind, option=o)
        orig = self._req.options[list(p.options).index(o)]
        self._done({"t": "choice", "o": o}, orig)

    def resolve_chance(self, outcome: Any) -> None:
        """Force the pending chance node's outcome (a forecast, a test, a replay of a real die)."""
        self._resolve(outcome, forced=True)

    def _resolve(self, outcome: Any, forced: bool) -> None:
        node = self.chance()
        if node is None:
            raise IllegalAction("no chance event is pending")
        o = _norm(outcome)
        outs = [_norm(x) for x in node.outcomes]
        if o not in outs:
            raise IllegalAction(f"{o!r} is not an outcome of the pending {node.kind!r} chance event ({node.page})")
        i = outs.index(o)
        label = node.labels[i] if node.labels else str(o)
        self.ctx.emit("chance", node.page, f"{node.prompt or node.kind}: {label}", chance=node.kind, outcome=o)
        self._done({"t": "chance", "o": o} if forced else {"t": "roll"}, node.outcomes[i])

    def _roll(self) -> None:
        node = self.chance()
        self.state.rng, x = _below(self.state.rng, node.total)
        for o, w in zip(node.outcomes, node.weights):
            if x < w:
                break
            x -= w
        self._resolve(o, forced=False)

    def step(self, policy: Any = None) -> str:
        """One atomic step: a chance draw, an engine step, or a decision taken by ``policy`` (default: first)."""
        need = self.needs()
        if need == "over":
            return need
        if need == "chance":
            self._roll()
        elif need == "step":
            self._done({"t": "step"}, None)
        elif need == "choice":
            p = self.pending
            self.choose(policy.choose_option(self, p) if policy else p.options[p.default])
        else:
            acts = self.legal_actions()
            self.apply(policy.choose_action(self, acts) if policy else acts[0])
        return need

    def finished(self) -> bool:
        """Over once the state has a result and no request is left open."""
        return self.over

    # ---- history and files ---------------------------------------------------------------------------------
    def replay(self, log: list[dict] | None = None) -> "Game":
        """A new game with the same seed and setup, and ``log`` (default: this game's) applied again."""
        g = Game(self.state.seed, self.setup, self.box, self.keep_history)
        return self._replay_log(g, log)

    def undo(self) -> None:
        """Take back the last answer: the latest snapshot before it, and the entries after that replayed."""
        if not self.log:
            raise IllegalAction("nothing to undo")
        if len(self.log) != self.state.steps:
            raise IllegalAction("this game's log is past its limit: it cannot be undone")
        g = self._restored(len(self.log) - 1)
        self.__dict__.update(g.__dict__)

    def copy(self) -> "Game":
        """An independent game in the same state (a snapshot restored; see the module docstring)."""
        if len(self.log) != self.state.steps:
            return self.replay()
        return self._restored(len(self.log))

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "seed": self.state.seed, "setup": setup_text(self.setup),
                           "log": self.log, "state_hash": self.state_hash()}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str, box: Box | None = None) -> "Game":
        """A saved game, rebuilt by replaying its log; the saved state hash must match."""
        d = cls._read_save(text)
        if not isinstance(d.get("seed"), int):
            raise ValueError("a saved game's seed is an integer")
        g = cls.new(d["seed"], d.get("setup"), box).replay(d["log"])
        return cls._check_save(d, g)

    # ---- results and pictures ------------------------------------------------------------------------------
    def summary(self) -> dict:
        from nollab.packs.zpocalypse import squad as sq_
        st, box = self.state, self.box
        return {
            "game": self.name, "setup": setup_text(self.setup), "seed": st.seed, "rounds": st.round,
            "days": st.day, "result": self.result or "unfinished", "reason": st.reason if self.over else "",
            "steps": st.steps, "state_hash": self.state_hash(), "winners": list(st.winners),
            "squads": {s.id: {"vp": s.vp, "card_vp": sq_.card_vp(box, s), "kills": s.kills, "out": s.out,
                              "survivors": [m.id for m in s.members], "wiped": s.wiped, "lost": s.lost} for s in st.squads},
            "zombies": len(st.zombies), "trap_kills": st.trap_kills, "tiles": len(st.slots),
        }

    def view(self):
        from nollab.packs.zpocalypse.view import view
        return view(self)

    def display_list(self, overlay: Any = None, **kwargs: Any):
        """The board (nollab.render display list); the default overlay shows the acting squad's moves."""
        from nollab.packs.zpocalypse.render import board_display_list
        return board_display_list(self.view(), overlay, **kwargs)

    def describe(self, action: Action) -> str:
        from nollab.packs.zpocalypse.view import describe
        return describe(self, action)

    def _repr_svg_(self) -> str:
        from nollab.render import to_svg
        return to_svg(self.display_list(), title=f"Zpocalypse, day {self.day}")

    def __repr__(self) -> str:
        return (f"<Zpocalypse seed {self.seed} ({setup_text(self.setup)}): day {self.day}, {self.phase}, "
                f"{self.result or 'playing'}>")
