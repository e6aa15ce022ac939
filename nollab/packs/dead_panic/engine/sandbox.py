"""Hand-made positions: put Characters, Zombies, Survivors, Walls, cards and Radio pieces where you
want them and play on from there (a rule to check, a situation from a real game, a lesson).

::

    from nollab.packs.dead_panic.engine.sandbox import position
    g = position(["al", "ray"], at={"al": "1:yard", "ray": "1:cabin"},
                 zombies=[("brute", "1:clearing"), ("creeper", "2:woods", 1)],
                 survivors=[("3:woods", 3)], walls={1: "cracked"}, hands={"al": ["pistol"]},
                 turn="al", phase="actions")
    g.legal_actions()

``phase``: "actions" (``turn``'s player acts, ``actions`` left), or "event", "move", "fight",
"bait" (the game starts that phase at the next ``step()``). The position is the game's start:
``replay()``, ``undo()`` and JSON keep it.
"""
from __future__ import annotations

import pickle
from typing import Iterable, Mapping

from nollab.packs.dead_panic.engine.box import Box, default_box
from nollab.packs.dead_panic.engine.cards import new_card
from nollab.packs.dead_panic.engine.core import Ctx
from nollab.packs.dead_panic.engine.game import Game
from nollab.packs.dead_panic.engine.state import RADIO, RADIO_PIECE, Card, Survivor, Zombie

__all__ = ["position", "PHASES"]

PHASES = ("actions", "event", "move", "fight", "bait")


def _check_space(g: Game, space: str, what: str) -> str:
    if space not in g.geo.spaces:
        raise ValueError(f"{what}: no space {space!r} (spaces look like '3:yard'; rings {', '.join(g.box.rings)})")
    return space


def position(characters: Iterable[str] = ("al", "barbara"), *, seed: int = 0, at: Mapping[str, str] | None = None,
             zombies: Iterable[tuple] = (), survivors: Iterable[tuple] = (), walls: Mapping[int, str] | None = None,
             hands: Mapping[str, Iterable[str]] | None = None, radio: Mapping[str, int] | None = None,
             van: str | None = None, in_van: Iterable[str] = (), injuries: Mapping[str, int] | None = None,
             bait: str | None = None, turn: str | None = None, actions: int | None = None, phase: str = "actions",
             round: int = 1, bag: Mapping[str, int] | None = None, box: Box | None = None,
             history: bool = True) -> Game:
    """A game in a hand-made position (see the module docstring). Bad input: ValueError naming it."""
    box = box or default_box()
    chars = list(characters)
    g = Game.new(seed, ",".join(chars), box, history=history, roll_setup=False)
    st = g.state
    ctx = Ctx(st, box, g.geo, g.events)
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {phase!r}")
    st.zombies, st.survivors, st.radio, st.queue = {}, {}, {}, []
    st.pending = st.chance = None
    st.round, st.phase = round, phase
    for p in st.players:
        p.space = f"{p.seat % box.arcs + 1}:{g.geo.cabin}"
    for pid, space in (at or {}).items():
        st.player(box.character(pid).id).space = _check_space(g, space, f"at[{pid}]")
    for spec in zombies:
        kind, space = spec[0], _check_space(g, spec[1], "zombies")
        if kind not in box.zombies and kind != "survivor_zombie":
            raise ValueError(f"zombies: unknown type {kind!r} (one of {', '.join(box.zombies)}, survivor_zombie)")
        full = box.rules.survivor_zombie_health if kind == "survivor_zombie" else box.zombies[kind].health
        uid = st.uid()
        st.zombies[uid] = Zombie(uid, kind, space, spec[2] if len(spec) > 2 else full)
    for spec in survivors:
        uid = st.uid()
        st.survivors[uid] = Survivor(uid, _check_space(g, spec[0], "survivors"),
                                     spec[1] if len(spec) > 1 else box.rules.survivor_health,
                                     spec[2] if len(spec) > 2 else True)
    for arc, state in (walls or {}).items():
        if arc not in st.walls or state not in ("standing", "cracked", "destroyed"):
            raise ValueError(f"walls: arc {arc!r} -> {state!r} (arcs 1..{box.arcs}; standing, cracked, destroyed)")
        st.walls[arc] = state
    for pid, cards in (hands or {}).items():
        p = st.player(box.character(pid).id)
        p.hand = []
        for cid in cards:
            p.hand.append(_card(ctx, cid))
    for space, n in (radio or {}).items():
        st.radio[_check_space(g, space, "radio")] = int(n)
    if van is not None:
        st.van = _check_space(g, van, "van")
    for pid in in_van:
        p = st.player(box.character(pid).id)
        p.status, p.space = "van", st.van
        st.van_first = st.van_first or p.id
    for pid, n in (injuries or {}).items():
        st.player(box.character(pid).id).injuries = int(n)
    if bag is not None:
        st.bag = {k: int(v) for k, v in bag.items()}
    st.bait = st.player(box.character(bait).id).seat if bait else 0
    n = len(st.players)
    st.order = [(st.bait + i) % n for i in range(n)]
    if phase == "actions":
        who = st.player(box.character(turn).id) if turn else st.players[st.bait]
        st.turn, st.turn_k = who.seat, st.order.index(who.seat)
        st.actions_left = box.rules.actions if actions is None else actions
    else:
        st.turn = None
        st.queue = [[f"{phase}_phase"]]
    g.events.clear()
    g.log.clear()
    g._history.clear()
    g.start = pickle.dumps(st, pickle.HIGHEST_PROTOCOL)
    g._legal_key = None
    return g


def _card(ctx: Ctx, cid: str) -> Card:
    """A card by id; "radio_piece" and "radio" (3 pieces assembled) too; ``"rifle:1"`` sets shots."""
    cid, _, shots = cid.partition(":")
    if cid == RADIO_PIECE:
        return Card(ctx.st.uid(), RADIO_PIECE, pieces=1)
    if cid == RADIO:
        return Card(ctx.st.uid(), RADIO, pieces=int(shots or 3))
    if cid not in ctx.box.cabin:
        raise ValueError(f"hands: unknown card {cid!r} (one of {', '.join(ctx.box.cabin)}, radio_piece, radio)")
    c = new_card(ctx, cid)
    if shots:
        c.shots = int(shots)
    return c
