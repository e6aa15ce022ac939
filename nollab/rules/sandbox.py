"""Hand-made positions for lessons and tests: any board, Survivors, Ghouls and cards.

``sandbox(board, {"helen": "T:a"}, ghouls={"T:a": {"walker": 2}}, inventory={"helen": ["katana"]})``
returns a :class:`~nollab.rules.game.Game` at the start of the first Survivor's Turn, with no
Spawn Zones unless given. Rulebook examples (P. 18, 26-28) are set up this way in the tests.
"""
from __future__ import annotations

import json

from nollab.board import MapTokens, SpawnToken
from nollab.rules.engine import rng
from nollab.rules.engine.state import GameState, SurvivorState
from nollab.rules.game import Game, default_content
from nollab.rules.scenes.handmade import SANDBOX_FORMAT, board_to_dict
from nollab.rules.scenes.scene import Scene
from nollab.rules.survivors.experience import gain_xp


def sandbox(board, survivors: dict[str, str], *, ghouls: dict | None = None, inventory: dict | None = None,
            modes: dict | None = None, xp: dict | None = None, seed: int = 0, options: dict | None = None,
            spawns: list | None = None, ghoul_deck: list[int] | None = None, hooks: list[str] | None = None,
            content=None, car: str | None = None) -> Game:
    """A :class:`Game` at the start of the first Survivor's Turn on ``board`` (any Board): Survivors
    in the given Zones, ``ghouls`` per Zone and type, ``inventory`` card ids (Hands first), Modes,
    starting XP, Spawn tokens (none unless given), the Ghoul deck order, Scene ``hooks``, a Car."""
    content = content or default_content()
    tokens = MapTokens(spawns=tuple(SpawnToken(z, c) for z, c in (spawns or [])), car=car)
    clockwise = list(dict.fromkeys(z for z, _c in (spawns or [])))
    scene = Scene("sandbox", board, tokens, {"title": "sandbox", "hooks": hooks or [], "drive": True}, clockwise)
    scene.bind(content)
    options = dict(options or {})
    cards, origin = [], []
    for card in content.equipment.values():
        for deck, n in sorted(card.decks.items()):
            cards += [card.id] * n
            origin += [deck] * n
    st = GameState(scene="sandbox", seed=seed, rng=rng.seed_state(seed), cards=cards, origin=origin)
    free = {u: True for u in range(len(cards))}

    def take(cid: str) -> int:
        for u in range(len(cards)):
            if cards[u] == cid and free.get(u):
                free[u] = False
                return u
        raise ValueError(f"inventory: no {cid!r} card left in the box")

    for sid, zone in survivors.items():
        if sid not in content.survivors:
            raise ValueError(f"survivors: unknown survivor {sid!r}")
        if zone not in board.zones:
            raise ValueError(f"survivors[{sid!r}]: unknown zone {zone!r}")
        s = SurvivorState(id=sid, zone=zone, mode=(modes or {}).get(sid, "romero"), slots=[[0, 0]])
        for i, cid in enumerate((inventory or {}).get(sid, [])):
            u = take(cid)
            if i < 2:
                s.hands[i] = u
            else:
                s.backpack.append(u)
        st.survivors[sid] = s
    for d in ("ranged", "melee", "house"):
        pile = [u for u in range(len(cards)) if origin[u] == d and free[u]]
        st.rng = rng.shuffle(st.rng, pile)
        st.decks[d] = pile
        st.discards[d] = []
    st.discards["starting"] = [u for u in range(len(cards)) if origin[u] == "starting" and free[u]]
    for u in range(len(cards)):
        if origin[u] == "special" and free[u]:
            st.supply.setdefault(cards[u], []).append(u)
    st.players = options.get("players") or [[x] for x in survivors]
    st.first_player = 0
    for zone, counts in (ghouls or {}).items():
        for g, n in counts.items():
            st.add_ghouls(zone, g, n)
    st.opening_open = {oid: bool(o.initially_open) for oid, o in board.openings.items()}
    nums = ghoul_deck if ghoul_deck is not None else [c.number for c in content.ghoul_deck]
    st.ghoul_deck = list(nums)
    if ghoul_deck is None:
        st.rng = rng.shuffle(st.rng, st.ghoul_deck)
    st.spawns = [[z, c] for z, c in (spawns or [])]
    if car:
        st.car = {"zone": car}
    g = Game(st, content, scene, options, list(survivors), history=True)
    ctx = g._ctx()
    for sid, n in (xp or {}).items():
        gain_xp(ctx, sid, n, "sandbox start", "P. 14")
    while st.queue and st.pending is None:  # place the Skill trackers of the starting XP
        g._run_task(ctx)
    st.phase = "players"
    st.queue.append(["round_start"])
    g._drain()
    g.sandbox_spec = {"format": SANDBOX_FORMAT, "board": board_to_dict(board),
                      "spawns": [list(t) for t in (spawns or [])], "car": car, "data": scene.data,
                      "clockwise": clockwise,
                      "start": json.loads(json.dumps({"state": st.to_dict(),
                                                      "events": [e.to_dict() for e in g.events]}))}
    return g


def rig_dice(game, faces: list[int]) -> None:
    """Set the next die faces (like placing the dice by hand to replay a rulebook example):
    :meth:`Game.rig_dice`, logged so that a replay places them too."""
    game.rig_dice(faces)
