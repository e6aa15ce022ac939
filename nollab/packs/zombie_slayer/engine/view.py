"""The view model of a Zombie Slayer game: plain frozen data, the one thing the board picture and the
panels read (``game.view()``), and each action's label (``describe``)."""
from __future__ import annotations

from dataclasses import dataclass

from nollab.packs.zombie_slayer.engine.town import SIZE, CENTRE, border_side, rotate
from nollab.packs.zombie_slayer.engine.deck import deck_left

__all__ = ["View", "CardView", "Token", "view", "describe"]


@dataclass(frozen=True)
class CardView:
    key: str
    tx: int
    ty: int
    card: str
    name: str
    border: str | None
    entered: bool
    houses: tuple[tuple[int, int], ...]  # board squares (x, y)
    special: tuple[tuple[str, int, int], ...] = ()  # ("fountain", x, y), ("altar", x, y)


@dataclass(frozen=True)
class Token:
    kind: str      # slayer, violet, green, blue, necromancer, bron, archibald, prycille, dung
    square: str
    life: int = 0
    label: str = ""


@dataclass(frozen=True)
class View:
    cards: tuple[CardView, ...]
    tokens: tuple[Token, ...]
    round: int
    phase: str
    result: str | None
    reason: str
    slayer: str
    life: int
    luck: int
    actions: int
    xp: int
    cp: int
    items: tuple[str, ...]
    skills: tuple[str, ...]
    townsmen: int
    deck_left: int
    boss: bool
    kills: tuple[tuple[str, int], ...]

    def bounds(self) -> tuple[int, int, int, int]:
        """(min tx, min ty, max tx, max ty) of the placed cards."""
        xs = [c.tx for c in self.cards]
        ys = [c.ty for c in self.cards]
        return min(xs), min(ys), max(xs), max(ys)

    def at(self, square: str) -> list[Token]:
        return [t for t in self.tokens if t.square == square]


def view(game) -> View:
    st, box = game.state, game.box
    cards = []
    for key, t in sorted(st.tiles.items()):
        tx, ty = (int(v) for v in key.split(","))
        if t["card"] == CENTRE:
            name, houses = "Town Centre", box.town.centre_houses
            sp = (("fountain",) + _board(tx, ty, *box.town.fountain, 0),)
        else:
            tile = box.tiles[t["card"]]
            name, houses = tile.name, tile.houses
            sp = (("altar",) + _board(tx, ty, *box.town.temple_centre, t["rot"]),) if t["card"] == "temple" else ()
        cards.append(CardView(key, tx, ty, t["card"], name, border_side(t["card"], t["rot"]), t["entered"],
                              tuple(_board(tx, ty, c, r, t["rot"]) for c, r in houses), sp))
    s = st.slayer
    tokens = [Token("slayer", s["sq"], s["life"], s["name"])]
    tokens += [Token(f["kind"], f["sq"], f["life"], box.followers[f["kind"]].name) for _, f in sorted(st.followers.items())]
    tokens += [Token(z["kind"], z["sq"], z["life"]) for _, z in sorted(st.zombies.items(), key=lambda kv: int(kv[0]))]
    tokens += [Token("dung", d) for d in st.dung]
    return View(tuple(cards), tuple(tokens), st.round, st.phase, st.result, st.reason, s["name"], s["life"], s["luck"],
                s["actions"], s["xp"], s["cp"], tuple(s["items"]), tuple(s["skills"]), st.townsmen,
                deck_left(st), st.boss, tuple(sorted(st.kills.items())))


def _board(tx: int, ty: int, c: int, r: int, rot: int) -> tuple[int, int]:
    c, r = rotate(c, r, rot)
    return (tx * SIZE + c, ty * SIZE + r)


def describe(game, action) -> str:
    """A player's label for an action."""
    p = action.params
    who = "Slayer" if action.player == "slayer" else game.box.followers[game.state.followers[action.player]["kind"]].name
    names = {"aimed_shot": "Aimed Shot", "assault": "Assault", "barrage": "Barrage", "dash": "Dash",
             "endure_pain": "Endure Pain", "knock_back": "Knock Back"}
    k = action.kind
    if k == "move":
        return f"{who}: move to {p[0]}"
    if k == "dash_move":
        return f"Dash on to {p[0]}"
    if k == "attack":
        return f"{who}: {p[1]} attack on {_target(game, p[0])}"
    if k == "skill":
        return f"{names.get(p[1], p[1])}" + (f" on {_target(game, p[0])}" if p[1] not in ("dash", "endure_pain")
                                             else (f" to {p[0]}" if p[1] == "dash" else ""))
    if k == "quaff":
        return f"quaff the {game.box.items[p[0]].name}"
    if k == "search":
        return f"search this card ({p[0]})"
    if k == "drop_dung":
        return f"drop Dragon Dung on {p[0]} (free)"
    if k == "throw_torch":
        return f"throw the torch at {_target(game, p[0])} (free)"
    if k == "paint":
        return f"paint a {p[0]} pip on face {p[1]} ({game.box.town.costs[p[0]]} CP)"
    if k == "heal":
        return "Prycille heals the Slayer"
    if k == "send_away":
        return "send a fanatic townsman away (free)"
    if k == "end":
        return "end the turn"
    return str(action)


def _target(game, square: str) -> str:
    for z in game.state.zombies.values():
        if z["sq"] == square:
            k = z["kind"]
            return ("the Necromancer" if k == "necromancer" else f"the {k} Zombie") + f" on {square}"
    if square in game.state.dung:
        return f"the Dragon Dung on {square}"
    return square
