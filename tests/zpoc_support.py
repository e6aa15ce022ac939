"""Helpers for the Zpocalypse rule tests: hand-made positions and a driver that forces every answer.

``position(...)`` makes a game, stops it after the Setup draws and replaces the board with a hand-made
one (squads, zombies, fortifications); ``drive(gen, *answers)`` runs one rule (a generator of
:mod:`nollab.packs.zpocalypse`) answering each chance node / decision with the next answer given (a
chance node with no answer left fails the test, so a test states its dice), and returns the requests seen.
"""
from __future__ import annotations

from nollab.games.protocol import Chance
from nollab.packs.zpocalypse.board import BUNKER
from nollab.packs.zpocalypse.engine import Act, Ask, Pause
from nollab.packs.zpocalypse.game import Game
from nollab.packs.zpocalypse.state import Card, Member, Zombie

__all__ = ["position", "drive", "BUNKER"]


def position(players: int = 1, day: int = 1, squads: dict | None = None, zombies: list | None = None,
             edges: dict | None = None, forts: dict | None = None, seed: int = 0, mode: str = "easy"):
    """A game whose state is set by hand. ``squads``: ``{"p1": {"pos": (x, y) | BUNKER, "members":
    ["sarge", ...], "cards": ["pistol", ...], "vp": 0}}``; ``zombies``: ``[(x, y, double)]``."""
    g = Game.new(seed=seed, setup=f"players={players},mode={mode}")
    st = g.state
    st.day, st.phase, st.speed = day, "combat", 3
    st.zombies = {}
    st.order = [f"p{i + 1}" for i in range(players)]
    for pid, spec in (squads or {}).items():
        s = st.squad(pid)
        s.members = [Member(m) for m in spec.get("members", ["sarge", "cop"])]
        s.cards = [Card(st.uid(), c) for c in spec.get("cards", [])]
        s.pos = tuple(spec.get("pos", BUNKER))
        s.vp = spec.get("vp", 0)
        s.wounds = spec.get("wounds", 0)
        s.firearm_pts = s.melee_pts = s.firearm_floor = s.melee_floor = 0
    for z in zombies or []:
        u = st.uid()
        st.zombies[u] = Zombie(u, tuple(z[:2]) if z[0] != "bunker" else BUNKER, bool(z[2]) if len(z) > 2 else False)
    st.edges = {k: {"kind": v, "owner": "p1"} for k, v in (edges or {}).items()}
    st.forts = {k: {"kind": v, "owner": "p1", "kills": 0, "collapse": 0} for k, v in (forts or {}).items()}
    return g


def drive(gen, *answers, default: bool = True):
    """Run the generator ``gen``; each Chance / Ask takes the next of ``answers`` (an Ask with none left
    takes its default if ``default``); a callable answer is called with the chance node. Returns
    ``[(request, answer)]``."""
    queue = list(answers)
    seen = []
    answer = None
    first = True
    while True:
        try:
            req = next(gen) if first else gen.send(answer)
        except StopIteration:
            break
        first = False
        if isinstance(req, Chance):
            if not queue:
                raise AssertionError(f"no outcome given for the chance node {req.kind!r}: {req.prompt}")
            answer = queue.pop(0)
            if callable(answer):
                answer = answer(req)
            outs = [list(o) if isinstance(o, (list, tuple)) else o for o in req.outcomes]
            a = list(answer) if isinstance(answer, tuple) else answer
            assert a in outs, f"{answer!r} is not an outcome of {req.kind}: {req.outcomes[:10]}"
            answer = req.outcomes[outs.index(a)]
        elif isinstance(req, Ask):
            answer = queue.pop(0) if queue and not isinstance(queue[0], tuple) and queue[0] in req.options else (
                req.options[req.default] if default else None)
            if answer is None:
                raise AssertionError(f"no answer for the decision {req.kind!r}")
        elif isinstance(req, (Pause, Act)):
            answer = None
        seen.append((req, answer))
    if queue:
        raise AssertionError(f"answers left over: {queue}")
    return seen
