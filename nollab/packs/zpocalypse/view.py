"""The Zpocalypse view model: what a picture, a panel or a notebook shows, as plain frozen data.

One view of a state (the charter's rule): :mod:`.render` draws only this, the game player's panels
read only this. Squares are named ``"x,y"`` and the bunker ``"bunker"`` (the zones of the picture).
"""
from __future__ import annotations

from dataclasses import dataclass

from nollab.packs.zpocalypse import squad as sq_
from nollab.packs.zpocalypse.board import BUNKER

__all__ = ["ZView", "SquadView", "ZombieView", "view", "describe", "zone", "COLOURS"]

COLOURS = {"p1": ("Red", "#d64541"), "p2": ("Blue", "#3a7bd5"), "p3": ("Green", "#2ecc71"), "p4": ("Yellow", "#f1c40f")}


def zone(p) -> str:
    return "bunker" if p is None or tuple(p) == BUNKER else f"{p[0]},{p[1]}"


@dataclass(frozen=True)
class SquadView:
    id: str
    name: str
    colour: str
    zone: str | None
    hp: int
    hp_max: int
    armor: int
    firearm: int
    melee: int
    move: int
    smarts: int
    vp: int
    survivors: tuple[str, ...]
    cards: tuple[str, ...]
    out: bool
    goal: str


@dataclass(frozen=True)
class ZombieView:
    uid: int
    zone: str
    double: bool
    down: bool
    stunned: bool


@dataclass(frozen=True)
class ZView:
    day: int
    night: int
    phase: str
    round: int
    speed: int
    side: str
    squares: tuple[tuple[int, int, str], ...]     # (x, y, kind)
    tiles: tuple[tuple[int, int, str], ...]       # (tx, ty, name)
    tile_size: int
    entrance: tuple[int, int] | None
    pool: int
    bunker_armory: int
    item_pile: int
    squads: tuple[SquadView, ...]
    zombies: tuple[ZombieView, ...]
    edges: tuple[tuple[str, str, str], ...]      # (zone a, zone b, kind)
    forts: tuple[tuple[str, str, int], ...]      # (zone, kind, kills)
    tokens: tuple[tuple[str, str, int, bool], ...]  # (zone, colour, number, exhausted)
    gear: tuple[str, ...]
    acting: str | None
    legal_moves: tuple[str, ...]
    targets: tuple[str, ...]
    breached: bool
    enraged: bool
    result: str | None
    reason: str


def view(game) -> ZView:
    st, box = game.state, game.box
    city = game.ctx.city
    squads = []
    for s in st.squads:
        name, colour = COLOURS.get(s.id, (s.id, "#cccccc"))
        squads.append(SquadView(
            s.id, name, colour, None if s.pos is None else zone(s.pos), sq_.hp(box, s), sq_.hp_max(box, s),
            sq_.armor(box, s), sq_.firearm(box, s), sq_.melee(box, s), sq_.move(box, s), sq_.smarts(box, s), s.vp,
            tuple(box.survivors[m.id].name + ("" if m.fed else " (new)") + (" (radiation)" if m.radiation else "")
                  for m in s.members),
            tuple(game.ctx.card_name(game.ctx.deck_of(c.card), c.card) + (" (no ammo)" if c.empty else "") for c in s.cards),
            s.out, box.goals[s.goal].name if s.goal else ""))
    acts = game.legal_actions()
    moves = tuple(a.params[0] for a in acts if a.kind == "move")
    tg = tuple(sorted({a.params[1] for a in acts if a.kind == "attack"}))
    names = {}
    for k, (tid, side) in st.slots.items():
        tx, ty = (int(v) for v in k.split(","))
        names[(tx, ty)] = city.face(tid, side, st.setup["base"]).name
    return ZView(
        st.day, min(max(st.day, 1), 4), st.phase, st.round, st.speed, st.side,
        tuple((p[0], p[1], city.kind[p]) for p in city.squares()),
        tuple((tx, ty, n) for (tx, ty), n in sorted(names.items(), key=lambda kv: (kv[0][1], kv[0][0]))),
        city.n, city.entrance, len(st.pool), len(st.bunker_armory), len(st.item_pile), tuple(squads),
        tuple(ZombieView(z.uid, zone(z.pos), z.double, z.down, z.stunned) for z in sorted(st.zombies.values(), key=lambda z: z.uid)),
        tuple((*k.split("|"), v) for k, v in sorted(city.edges.items())),
        tuple((k, v["kind"], v["kills"]) for k, v in sorted(st.forts.items())),
        tuple((k, v["colour"], v["n"], bool(v["x"])) for k, v in sorted(st.tokens.items())),
        tuple(sorted(st.gear)), game.acting(), moves, tg, st.breached, st.enraged, game.result, st.reason)


def describe(game, action) -> str:
    """A player's label for an action."""
    name = COLOURS.get(action.player, (action.player,))[0]
    p = action.params
    box = game.box
    if action.kind == "move":
        return f"{name}: move to " + ("the bunker" if p[0] == "bunker" else f"square {p[0]}")
    if action.kind == "attack":
        what = "firearm and melee" if p[0] == "both" else p[0]
        return f"{name}: {what} attack on " + ("the bunker" if p[1] == "bunker" else f"square {p[1]}")
    if action.kind == "throw":
        card = next((c.card for s in game.state.squads for c in s.cards if c.uid == p[0]), "explosive")
        return f"{name}: throw the {box.armory[card].name if card in box.armory else card} at " + (
            "the zombies in the bunker" if p[1] == "bunker" else p[1])
    if action.kind == "give":
        card = next((c.card for s in game.state.squads for c in s.cards if c.uid == p[0]), "card")
        return f"{name}: give {game.ctx.card_name(game.ctx.deck_of(card), card)} to {COLOURS.get(p[1], (p[1],))[0]} (free)"
    if action.kind == "reload":
        return f"{name}: reload (free action)"
    if action.kind == "stomp":
        return f"{name}: curb stomp a knocked-down zombie"
    if action.kind == "jump":
        return f"{name}: jump down from the lookout to {p[0]}"
    return {"end": f"{name}: end the turn", "heal": f"{name}: heal with a First Aid card (+6 HP)",
            "search": f"{name}: search this square", "take_pile": f"{name}: take the faceup Item pile",
            "pickup": f"{name}: pick up the dropped gear"}.get(action.kind, f"{name}: {action.kind}")
