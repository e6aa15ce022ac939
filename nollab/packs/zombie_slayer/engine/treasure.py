"""Searching a tile and what the treasure cards give: attribute upgrades, items, followers, ambushes.

Chapter "Searching": "Upon entering an empty tile, you may use 1 action to search that tile. You may not
search a tile, if there are any Zombies on it ... roll a die and compare it to the Dieagram on the tile.
If you rolled a face with a Treasure Pip on it, the pip's colour tells you, which treasure card to look
at ... Roll another die ... plain good old results from 1-6 ... if you roll a '1', a Zombie of the
depicted kind spawns in a square next to you not separated by a wall and instantly attacks once for each
action it may perform."
"""
from __future__ import annotations

from nollab.packs.zombie_slayer.engine.core import SLAYER, Ctx, on_chance, resolver, task
from nollab.packs.zombie_slayer.engine.flow import card_at, supply_left
from nollab.packs.zombie_slayer.engine.town import parse, sq

__all__ = ["SKILL_NAMES", "ATTRIBUTES", "face_room", "gain_item", "paint"]

SEARCH = "ch. Searching"
ITEMS = "ch. Items"
FOLLOWERS = "ch. Followers"
#: the 8 skills ("pick any one of the 8 available skills")
SKILL_NAMES = {"aimed_shot": "Aimed Shot", "assault": "Assault", "barrage": "Barrage", "block": "Block",
               "dash": "Dash", "endure_pain": "Endure Pain", "knock_back": "Knock Back", "riposte": "Riposte"}
ATTRIBUTES = ("defense", "melee", "ranged", "holy")


def face_room(faces: list[dict], face: int) -> int:
    """Uncoloured pips left on ``face`` (a face n has n pips)."""
    return face - sum(faces[face - 1].values())


@task("search")
def _search(ctx: Ctx) -> None:
    card = ctx.box.tiles[ctx.st.tiles[card_at(ctx.st.slayer["sq"])]["card"]]
    ctx.d6(SEARCH, "search_read", f"search {card.name}: the Treasure Pip")


@on_chance("search_read")
def _search_read(ctx: Ctx, data: dict, face: int) -> None:
    card = ctx.box.tiles[ctx.st.tiles[card_at(ctx.st.slayer["sq"])]["card"]]
    colour = card.treasure[face - 1]
    if not colour:
        ctx.emit("search", SEARCH, f"search roll {face} on {card.name}: no Treasure Pip, nothing found")
        return
    t = ctx.box.treasure[colour]
    ctx.emit("search", SEARCH, f"search roll {face} on {card.name}: a {colour} Treasure Pip -> {t.name}")
    ctx.d6(SEARCH, "treasure_read", f"roll on the {colour} treasure card (plain 1-6)", colour=colour)


@on_chance("treasure_read")
def _treasure_read(ctx: Ctx, data: dict, roll: int) -> None:
    t = ctx.box.treasure[data["colour"]]
    what = t.result(roll)
    ctx.emit("treasure", SEARCH, f"treasure roll {roll}: {what.replace('_', ' ')}", result=what)
    if what == "ambush":
        _ambush(ctx, t.ambush)
    elif what == "skill":
        _gain_skill(ctx)
    elif what in ATTRIBUTES:
        _gain_attribute(ctx, what)
    elif what in ctx.box.items:
        gain_item(ctx, what)
    else:
        _gain_follower(ctx, what)


def _ambush(ctx: Ctx, colour: str) -> None:
    st = ctx.st
    occ = st.occupied()
    around = [sq(*p) for p in ctx.town.around(parse(st.slayer["sq"])) if sq(*p) not in occ]
    if not around:
        ctx.emit("ambush", SEARCH, f"a {colour} Zombie would jump out, but no square next to you is free")
        return
    if supply_left(ctx, colour) <= 0:
        ctx.push(["ambush_supply", colour])
        return
    ctx.ask("ambush", SLAYER, f"a {colour} Zombie jumps out: on which square next to you?", around,
            [f"square {s}" for s in around], SEARCH, colour=colour)


@task("ambush_supply")
def _ambush_supply(ctx: Ctx, colour: str) -> None:
    """The supply rule applies to an ambush too: the furthest Zombie of that colour is taken."""
    from nollab.packs.zombie_slayer.engine.flow import distance_map
    far = distance_map(ctx, ctx.st.slayer["sq"])
    mine = [(far.get(z["sq"], 10**6), int(u)) for u, z in ctx.st.zombies.items() if z["kind"] == colour]
    if mine:
        ctx.st.zombies.pop(str(max(mine)[1]))
        ctx.emit("supply", "ch. Spawning Zombies", f"all {colour} Zombies are in the town: the furthest one is taken")
    _ambush(ctx, colour)


@resolver("ambush")
def _ambush_at(ctx: Ctx, choice, square: str) -> None:
    colour = choice.data["colour"]
    uid = ctx.st.uid()
    ctx.st.zombies[uid] = {"kind": colour, "sq": square, "life": ctx.box.zombies[colour].life}
    ctx.emit("ambush", SEARCH, f"ambush! a {colour} Zombie on {square} attacks at once", uid=uid)
    n = ctx.box.zombies[colour].actions
    ctx.push(*[["fight", f"z{uid}", SLAYER, "melee", None] for _ in range(n)])


def _gain_skill(ctx: Ctx) -> None:
    known = ctx.st.slayer["skills"]
    new = [k for k in SKILL_NAMES if k not in known]
    if not new:
        ctx.emit("skill", SEARCH, "the Slayer knows every skill already")
        return
    ctx.ask("skill", SLAYER, "pick any one skill (it is available at once)", new, [SKILL_NAMES[k] for k in new],
            SEARCH)


@resolver("skill")
def _skill(ctx: Ctx, choice, skill: str) -> None:
    ctx.st.slayer["skills"].append(skill)
    ctx.emit("skill", SEARCH, f"the Slayer learns {SKILL_NAMES[skill]}")


def _gain_attribute(ctx: Ctx, kind: str) -> None:
    faces = ctx.st.slayer["faces"]
    room = [f for f in range(1, 7) if face_room(faces, f) > 0]
    if not room:
        ctx.emit("attribute", SEARCH, f"no uncoloured pip is left on the Dieagram: the {kind} pip is lost")
        return
    ctx.ask("attribute", SLAYER, f"add 1 {kind} pip to which face of your Dieagram?", room,
            [f"face {f} ({face_room(faces, f)} pip(s) free)" for f in room], SEARCH, default=len(room) - 1,
            kind=kind)


@resolver("attribute")
def _attribute(ctx: Ctx, choice, face: int) -> None:
    paint(ctx, choice.data["kind"], face, SEARCH)


def paint(ctx: Ctx, kind: str, face: int, page: str) -> None:
    f = ctx.st.slayer["faces"][face - 1]
    f[kind] = f.get(kind, 0) + 1
    ctx.emit("attribute", page, f"a {kind} pip is painted on face {face} of the Slayer's Dieagram", kind=kind, face=face)


def gain_item(ctx: Ctx, item: str) -> None:
    slots = {k: i.slots for k, i in ctx.box.items.items()}
    used = sum(slots[i] for i in ctx.st.slayer["items"])
    name = ctx.box.items[item].name
    if used + slots[item] > ctx.box.town.inventory:
        ctx.emit("item", ITEMS, f"{name} found, but the inventory is full (5 items; Dragon Dung counts 2): left behind")
        return
    ctx.st.slayer["items"].append(item)
    ctx.emit("item", ITEMS, f"{name} goes into the inventory", item=item)


def _gain_follower(ctx: Ctx, kind: str) -> None:
    """A follower offers to come along; the player may take him or leave him (a fanatic townsman "slows you
    down with only 1 action per turn", so leaving him can be the wiser choice; docs/rulings.md)."""
    name = ctx.box.followers[kind].name
    ctx.ask("follower", SLAYER, f"{name} wants to follow you: take him along?", ["take", "leave"],
            [f"take {name} along", f"leave {name} behind"], FOLLOWERS, kind=kind)


@resolver("follower")
def _follower(ctx: Ctx, choice, answer: str) -> None:
    kind = choice.data["kind"]
    if answer == "leave":
        ctx.emit("follower", FOLLOWERS, f"{ctx.box.followers[kind].name} stays behind")
        return
    _join(ctx, kind)


def _join(ctx: Ctx, kind: str) -> None:
    st = ctx.st
    name = ctx.box.followers[kind].name
    if kind == "townsman":
        if st.townsmen >= ctx.box.town.max_townsmen:
            ctx.emit("follower", FOLLOWERS, f"already {st.townsmen} fanatic townsmen: no more may follow")
            return
        st.townsmen += 1
        ctx.emit("follower", FOLLOWERS, f"a fanatic townsman joins you (+1 Life and +1 die; {st.townsmen} now)")
        return
    if any(f["kind"] == kind for f in st.followers.values()):
        ctx.emit("follower", FOLLOWERS, f"{name} already follows you (only 1 of each)")
        return
    uid = st.uid()
    st.followers[uid] = {"kind": kind, "sq": st.slayer["sq"], "life": ctx.box.followers[kind].life, "actions": 0}
    ctx.emit("follower", FOLLOWERS, f"{name} joins you on {st.slayer['sq']}", uid=uid)
