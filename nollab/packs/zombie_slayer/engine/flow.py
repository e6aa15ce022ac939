"""Setup, the turn, exploring the town, spawning, the Zombies' turn and the Necromancer's Ritual.

Chapters of the rulebook (``shared/seeds/004_…``; its transcription has no page numbers): "Setup",
"Spawning Zombies", "Exploring", "Moving Zombies", "Boss Fight / Victory"; drawing and placing town cards
is :mod:`nollab.packs.zombie_slayer.engine.deck`. Every reading the text
leaves open is in ``docs/rulings.md`` (section "Zombie Slayer engine").
"""
from __future__ import annotations

from nollab.packs.zombie_slayer.dieagram import ENCOUNTER
from nollab.packs.zombie_slayer.engine.core import SLAYER, Ctx, on_chance, resolver, task
from nollab.packs.zombie_slayer.engine.state import State
from nollab.packs.zombie_slayer.engine.town import CENTRE, DELTA, SIDES, parse, sq

__all__ = ["new_state", "card_key", "card_at", "temple_key", "supply_left", "distance_map", "zombie_order",
           "zombie_groups"]

SETUP = "ch. Setup"
SPAWN = "ch. Spawning Zombies"
EXPLORE = "ch. Exploring"
MOVING = "ch. Moving Zombies"
FOLLOWER_TIE = "ch. Followers"
BOSS = "ch. Boss Fight / Victory"
ORDER = ("violet", "green", "blue")


def card_key(t: tuple[int, int]) -> str:
    return f"{t[0]},{t[1]}"


def card_at(square: str) -> str:
    """The key ``"tx,ty"`` of the card holding ``square``."""
    x, y = parse(square)
    return card_key((x // 6, y // 6))


def new_state(box, seed: int, rng_state: int, slayer_id: str, luck: int) -> State:
    """The state before Setup's draws: the Town Centre, the Slayer on the fountain, the town deck cut."""
    s = box.slayers[slayer_id]
    town = box.town
    slayer = {
        "id": s.id, "name": s.name, "sq": sq(*town.fountain), "life": s.life, "toughness": s.toughness,
        "base_actions": s.actions, "actions": 0, "faces": s.dieagram.to_dict(), "skills": [s.skill] if s.skill else [],
        "luck": luck, "items": list(town.start_items), "xp": 0, "cp": 0, "searched": True,
        "free": 0, "moved": False, "attacked": False, "def_mod": 0, "dash": False, "endure": 0,
        "def_potion": 0, "acc_potion": 0, "barrage": 0, "dash_moves": 0,
    }
    cards = box.town_cards()
    # "Cut the deck in half and shuffle the temple into the lower half of the stack. Then place the
    # upper half back on top": the first half of the draws never find the Temple.
    # "back": cards put back into the middle of the deck ("cut your deck in half (approximately), place the
    # tile there"), each [card, draws before it comes up]
    deck = {"upper": len(cards) // 2, "pool": sorted(cards), "temple": True, "back": []}
    st = State(seed=seed, rng=rng_state, slayer=slayer, deck=deck)
    st.tiles[card_key((0, 0))] = {"card": CENTRE, "rot": 0, "entered": True}
    st.queue = [["setup"]]
    return st


def temple_key(st: State) -> str | None:
    for k, t in st.tiles.items():
        if t["card"] == "temple":
            return k
    return None


def supply_left(ctx: Ctx, colour: str) -> int:
    """Zombie counters of ``colour`` not on the board."""
    on = sum(1 for z in ctx.st.zombies.values() if z["kind"] == colour)
    return ctx.box.town.supply[colour] - on


def distance_map(ctx: Ctx, square: str) -> dict[str, int]:
    """Steps from ``square`` to every square it can reach (as strings; cached with the town)."""
    town = ctx.town
    got = town.named.get(square)
    if got is None:
        got = town.named[square] = {sq(*p): d for p, d in town.distances(parse(square)).items()}
    return got


# ---- Setup -----------------------------------------------------------------------------------------------
@task("setup")
def _setup(ctx: Ctx) -> None:
    """Setup: "Place the town centre ... Place your Slayer on the square with the fountain. Draw 4 town
    cards and place them with the green border facing outwards at the edges of the town centre. Spawn
    Zombies on each of the cards"."""
    ctx.emit("setup", SETUP, f"{ctx.st.slayer['name']} stands on the fountain of the Town Centre "
             f"(Luck {ctx.st.slayer['luck']}, skill {', '.join(ctx.st.slayer['skills']) or 'none'})")
    ctx.push(*[["draw_for", "0,0", s, True] for s in SIDES],
             *[["spawn_card", card_key(DELTA[s])] for s in SIDES], ["slayer_turn"])


# ---- exploring and spawning ---------------------------------------------------------------------------------
def enter(ctx: Ctx, square: str, before: str) -> None:
    """The Slayer stepped onto ``square`` from ``before``: a new card is explored, a card re-entered may be
    searched again ("To search it again, you have to leave and to re-enter the tile")."""
    key, old = card_at(square), card_at(before)
    if key == old:
        return
    ctx.st.slayer["searched"] = False
    t = ctx.st.tiles[key]
    if t["entered"]:
        return
    t["entered"] = True
    tk = tuple(int(v) for v in key.split(","))
    sides = ctx.town.open_sides(tk)
    ctx.emit("explore", EXPLORE, f"the Slayer enters {ctx.box.tiles[t['card']].name} ({key}): "
             f"{len(sides)} card(s) to draw", card=key)
    ctx.push(*[["draw_for", key, s] for s in sides], ["spawn_around", key])


@task("spawn_around")
def _spawn_around(ctx: Ctx, key: str) -> None:
    """"After you have placed the tiles, spawn Zombies on each tile neighbouring the tile you just entered,
    even if this requires you to spawn Zombies in the tile you just left. You don't spawn Zombies on the
    marketplace"."""
    tk = tuple(int(v) for v in key.split(","))
    cards = [card_key(n) for n in ctx.town.neighbours_of_card(tk)]
    ctx.push(*[["spawn_card", k] for k in cards if ctx.st.tiles[k]["card"] != CENTRE])


@task("spawn_card")
def _spawn_card(ctx: Ctx, key: str) -> None:
    """"Whenever you spawn Zombies, you roll 1 die for each card. Compare the result to the Dieagram" (a side
    of Setup left open -- no card of the deck fits it -- has no card to spawn on)."""
    if key not in ctx.st.tiles:
        return
    card = ctx.box.tiles[ctx.st.tiles[key]["card"]]
    ctx.d6(SPAWN, "spawn_read", f"spawn on {card.name}", key=key)


@on_chance("spawn_read")
def _spawn_read(ctx: Ctx, data: dict, face: int) -> None:
    key = data["key"]
    card = ctx.box.tiles[ctx.st.tiles[key]["card"]]
    counts = dict(zip(ENCOUNTER, card.dieagram.counts(face, ENCOUNTER)))
    got = ", ".join(f"{n} {c}" for c, n in counts.items() if n) or "nothing"
    ctx.emit("spawn", SPAWN, f"spawn roll {face} on {card.name}: {got}", card=key, face=face)
    tasks = []
    if counts["bluegrey"]:
        _, necro = ctx.st.necromancer()
        if necro is None:
            tasks.append(["place_necromancer", key])
        else:
            ctx.emit("spawn", BOSS, "the Necromancer is already in the Temple: the bluegrey pip spawns no other")
    for colour in ORDER:
        tasks += [["place", key, colour]] * counts[colour]
    ctx.push(*tasks)


def _free_squares(ctx: Ctx, key: str) -> list[str]:
    tk = tuple(int(v) for v in key.split(","))
    occ = ctx.st.occupied()
    return [sq(*p) for p in ctx.town.card_squares(tk) if sq(*p) not in occ]


@task("place")
def _place_zombie(ctx: Ctx, key: str, colour: str, attack: bool = False) -> None:
    """"for each spawning Zombie you roll a die twice to determine the coordinates on the card" -- a roll on
    a house, the green border or an occupied square is rolled again, so the square is uniform over the
    free ones. "If at any time you need to spawn a Zombie, but all the Zombies of the according colour are
    scattered around the Town, immediately remove the required number of Zombies in the required colour
    which are furthest away from you and spawn them"."""
    if supply_left(ctx, colour) <= 0:
        far = distance_map(ctx, ctx.st.slayer["sq"])
        mine = [(far.get(z["sq"], 10**6), int(u)) for u, z in ctx.st.zombies.items() if z["kind"] == colour]
        if not mine:
            ctx.emit("supply", SPAWN, f"no {colour} Zombie counter in the box: none spawns")
            return
        _, uid = max(mine)
        z = ctx.st.zombies.pop(str(uid))
        ctx.emit("supply", SPAWN, f"all {colour} Zombies are in the town: the furthest one ({z['sq']}) is taken")
    free = _free_squares(ctx, key)
    if not free:
        ctx.emit("spawn", SPAWN, f"no free square on card {key}: the {colour} Zombie does not spawn")
        return
    labels = [f"square {s}" for s in free]
    ctx.roll("square", free, [1] * len(free), SPAWN, "zombie_placed", f"coordinates of a {colour} Zombie",
             labels=labels, colour=colour)


@on_chance("zombie_placed")
def _zombie_placed(ctx: Ctx, data: dict, square: str) -> None:
    uid = ctx.st.uid()
    ctx.st.zombies[uid] = {"kind": data["colour"], "sq": square, "life": ctx.box.zombies[data["colour"]].life}
    ctx.emit("zombie", SPAWN, f"a {data['colour']} Zombie spawns on {square}", uid=uid, colour=data["colour"])


@task("place_necromancer")
def _place_necromancer(ctx: Ctx, key: str) -> None:
    """"The pip spawns the Necromancer. The Necromancer always spawns at the centre of the Temple." Placed
    first; if a token stands there, he takes the nearest free square of the Temple."""
    tk = tuple(int(v) for v in key.split(","))
    centre = ctx.town.native_square(tk, *ctx.box.town.temple_centre)
    free = _free_squares(ctx, key)
    if not free:
        ctx.emit("spawn", BOSS, "the Temple is full: the Necromancer waits")
        return
    target = sq(*centre)
    if target not in free:
        target = min(free, key=lambda s: (max(abs(parse(s)[0] - centre[0]), abs(parse(s)[1] - centre[1])), s))
    uid = ctx.st.uid()
    ctx.st.zombies[uid] = {"kind": "necromancer", "sq": target, "life": ctx.box.necromancer.life}
    ctx.emit("necromancer", BOSS, f"the Necromancer rises at the centre of the Temple ({target})", uid=uid)


# ---- the turn ---------------------------------------------------------------------------------------------
@task("slayer_turn")
def _slayer_turn(ctx: Ctx) -> None:
    """The Slayer's turn: 2 actions (a fanatic townsman "slows you down with only 1 action per turn");
    effects "until the beginning of your next turn" end now."""
    st = ctx.st
    st.round += 1
    st.phase = "slayer"
    s = st.slayer
    s["actions"] = 1 if st.townsmen else s["base_actions"]
    s.update(free=0, moved=False, attacked=False, def_mod=0, dash=False, endure=0, barrage=0, dash_moves=0)
    for f in st.followers.values():
        f["actions"] = ctx.box.followers[f["kind"]].actions
    ctx.emit("turn", "ch. Creating a Slayer", f"round {st.round}: the Slayer's turn ({s['actions']} action(s))")


@task("zombies_turn")
def _zombies_turn(ctx: Ctx) -> None:
    """"As soon as you have used up your and your followers' actions, it is the Zombies' turn"."""
    st = ctx.st
    st.phase = "zombies"
    groups = zombie_groups(ctx)
    ctx.emit("zombies", MOVING, f"the Zombies' turn: {sum(map(len, groups))} Zombie(s) act")
    tasks = [["zombie_group", g] for g in groups]
    uid, _ = st.necromancer()
    if uid is not None:
        tasks.append(["ritual", uid])
    ctx.push(*tasks, ["slayer_turn"])


def zombie_groups(ctx: Ctx) -> list[list[str]]:
    """The Zombies in activation order, as groups of equals: "All the violet ones - All the green ones - All
    the blue ones - Zombies that are closer to your slayer move first; if there are two or more zombies
    equally far away from you, you decide which one to move first". Distances are steps to the Slayer at
    the start of the Zombies' turn (he does not move in it, and a Zombie's own steps change only its own)."""
    dist = distance_map(ctx, ctx.st.slayer["sq"])
    zs = sorted((ORDER.index(z["kind"]), dist.get(z["sq"], 10**6), int(u)) for u, z in ctx.st.zombies.items()
                if z["kind"] in ORDER)
    groups: list[list[str]] = []
    last = None
    for colour, d, u in zs:
        if (colour, d) != last:
            groups.append([])
            last = (colour, d)
        groups[-1].append(str(u))
    return groups


def zombie_order(ctx: Ctx) -> list[str]:
    """The activation order with every tie taken by its default (the counters' order): what a policy-less
    step and the bots do."""
    return [u for g in zombie_groups(ctx) for u in g]


@task("zombie_group")
def _zombie_group(ctx: Ctx, uids: list) -> None:
    """Activate a group of equally far Zombies of one colour: with two or more still standing, the player
    decides which moves first (decision ``order``; default: the counters' order), then again among the rest
    -- each choice made when it is due, after the Zombie before it has moved."""
    left = [u for u in uids if u in ctx.st.zombies]
    if not left:
        return
    if len(left) == 1:
        _activate(ctx, left[0], [])
        return
    z0 = ctx.st.zombies[left[0]]
    far = distance_map(ctx, ctx.st.slayer["sq"]).get(z0["sq"])
    labels = [f"the {ctx.st.zombies[u]['kind']} Zombie on {ctx.st.zombies[u]['sq']}" for u in left]
    ctx.ask("order", "zombies", f"{len(left)} {z0['kind']} Zombies are equally far from you"
            + (f" ({far} steps)" if far is not None else "") + ": which one moves first?",
            left, labels, MOVING, uids=left)


@resolver("order")
def _order(ctx: Ctx, choice, uid: str) -> None:
    _activate(ctx, uid, [u for u in choice.data["uids"] if u != uid])


def _activate(ctx: Ctx, uid: str, rest: list[str]) -> None:
    tasks = [["zombie", uid, ctx.box.zombies[ctx.st.zombies[uid]["kind"]].actions]]
    if rest:
        tasks.append(["zombie_group", rest])
    ctx.push(*tasks)


def _targets(ctx: Ctx, z: dict) -> list[tuple[str, str]]:
    """Whom a Zombie goes for, as ``(who, square)``: the nearest by path of the Slayer and the followers
    ("if the path to a follower is shorter for a Zombie than the path to your Slayer, the Zombie will move
    towards the follower ... If the shortest path to your Slayer is as long as the path to a follower, you
    may decide, where the Zombie moves"); several when equally near, the Slayer first."""
    # steps are symmetric, so the maps from the Slayer and the followers (cached: they stand still during
    # the Zombies' turn) give every Zombie's distance
    cands = [(distance_map(ctx, ctx.st.slayer["sq"]).get(z["sq"], 10**6), SLAYER, ctx.st.slayer["sq"])]
    for k, f in sorted(ctx.st.followers.items()):
        cands.append((distance_map(ctx, f["sq"]).get(z["sq"], 10**6), f"f{k}", f["sq"]))
    near = min(c[0] for c in cands)
    return [(who, square) for d, who, square in cands if d == near]


def _target(ctx: Ctx, z: dict) -> tuple[str, str]:
    """The target a Zombie goes for when the player leaves it to the default (the Slayer among equals)."""
    return _targets(ctx, z)[0]


@task("zombie")
def _zombie(ctx: Ctx, uid: str, left: int, chosen: str | None = None) -> None:
    """One Zombie action: "For 1 action, a Zombie either moves 1 square or makes 1 attack". It attacks
    when its target is one of the 8 squares around it; else it steps along a shortest path, preferring an
    unblocked one; "If that path is blocked (by another Zombie or by a follower), they will not try and
    find another path! Instead they stop moving. A Zombie may cross a square with another Zombie inside,
    but it may not end its movement in an occupied square". A follower on another square as near as the
    Slayer: the player decides whom it goes for (decision ``target``, kept for the rest of its turn)."""
    st = ctx.st
    z = st.zombies.get(uid)
    if z is None or left <= 0 or st.result is not None:
        return
    ties = _targets(ctx, z)
    picked = [t for t in ties if t[0] == chosen]
    if picked:
        who, target = picked[0]
    elif len({square for _, square in ties}) > 1:
        names = [ctx.st.slayer["name"] if w == SLAYER else ctx.box.followers[ctx.st.followers[w[1:]]["kind"]].name
                 for w, _ in ties]
        ctx.ask("target", "zombies", f"the {z['kind']} Zombie on {z['sq']} is as near to "
                + " as to ".join(names) + ": whom does it go for?", [w for w, _ in ties],
                [f"{n} on {square}" for n, (_, square) in zip(names, ties)], FOLLOWER_TIE, uid=uid, left=left)
        return
    else:
        who, target = ties[0]
    keep = who if picked else None  # a decision holds for the rest of this Zombie's turn
    zp, tp = parse(z["sq"]), parse(target)
    if tp in ctx.town.around(zp):
        ctx.push(["fight", f"z{uid}", who, "melee", None], ["zombie", uid, left - 1, keep])
        return
    dist = distance_map(ctx, target)
    if z["sq"] not in dist:
        ctx.emit("zombie_stop", MOVING, f"the {z['kind']} Zombie on {z['sq']} has no way to its target")
        return
    here = dist[z["sq"]]
    occ = st.occupied()
    steps = [sq(*p) for p in ctx.town.around(zp) if dist.get(sq(*p)) == here - 1]
    free = [s for s in steps if s not in occ]
    if free:
        if len(free) > 1:
            ctx.ask("route", "zombies", f"the {z['kind']} Zombie on {z['sq']} has equal paths: where does it step?",
                    free, [f"to {s}" for s in free], MOVING, uid=uid, left=left, who=keep)
            return
        _step(ctx, uid, free[0], left - 1, keep)
        return
    if left >= 2:  # cross a Zombie's square and end beyond it
        for s in steps:
            if occ.get(s, "").startswith("z"):
                beyond = [sq(*p) for p in ctx.town.around(parse(s)) if dist.get(sq(*p)) == here - 2 and sq(*p) not in occ]
                if beyond:
                    ctx.emit("zombie_move", MOVING, f"the {z['kind']} Zombie crosses {s}")
                    _step(ctx, uid, beyond[0], left - 2, keep)
                    return
    ctx.emit("zombie_stop", MOVING, f"the {z['kind']} Zombie on {z['sq']} is blocked and stops")


@resolver("target")
def _chosen_target(ctx: Ctx, choice, who: str) -> None:
    ctx.push(["zombie", choice.data["uid"], choice.data["left"], who])


@resolver("route")
def _route(ctx: Ctx, choice, square: str) -> None:
    _step(ctx, choice.data["uid"], square, choice.data["left"] - 1, choice.data.get("who"))


def _step(ctx: Ctx, uid: str, square: str, left: int, who: str | None = None) -> None:
    z = ctx.st.zombies[uid]
    ctx.emit("zombie_move", MOVING, f"the {z['kind']} Zombie moves {z['sq']} -> {square}", uid=uid, to=square)
    z["sq"] = square
    ctx.push(["zombie", uid, left, who])


# ---- the Necromancer ----------------------------------------------------------------------------------------
@task("ritual")
def _ritual(ctx: Ctx, uid: str) -> None:
    """Ritual Of Summoning: "Uses up both actions. Do not move. Roll the Summoner's Hand"."""
    n = ctx.st.zombies.get(uid)
    if n is None or ctx.st.result is not None:
        return
    ctx.hand(n["life"], BOSS, "ritual_rolled", "the Necromancer's Ritual of Summoning")


@on_chance("ritual_rolled")
def _ritual_rolled(ctx: Ctx, data: dict, dice: list) -> None:
    """"For each [summon pip] rolled, spawn Zombies according to the Temple's Dieagram. The maximum number of
    Zombies that can be spawned this way is given by the highest count of [summon pips] rolled on any one
    die." The 1-face skill pip is "not counted" (it is not a summon pip)."""
    faces = ctx.box.necromancer.dieagram
    per_die = [faces.read(f, "summon") for f in dice]
    rolls, cap = sum(per_die), max(per_die)
    ctx.emit("ritual", BOSS, f"Ritual of Summoning: {' '.join(map(str, dice))} -> {rolls} summon pip(s), "
             f"at most {cap} Zombie(s)", rolls=rolls, cap=cap)
    if rolls and cap:
        ctx.push(["summon", rolls, cap, [0, 0, 0]])


@task("summon")
def _summon(ctx: Ctx, rolls: int, cap: int, got: list) -> None:
    if rolls <= 0 or sum(got) >= cap:
        _summon_place(ctx, cap, got)
        return
    ctx.d6(BOSS, "summon_read", "the Temple's Dieagram for the Ritual", rolls=rolls, cap=cap, got=got)


@on_chance("summon_read")
def _summon_read(ctx: Ctx, data: dict, face: int) -> None:
    temple = ctx.box.tiles["temple"].dieagram
    got = [g + temple.read(face, c) for g, c in zip(data["got"], ("blue", "green", "violet"))]
    ctx.push(["summon", data["rolls"] - 1, data["cap"], got])


def _summon_place(ctx: Ctx, cap: int, got: list) -> None:
    """"If this would spawn more Zombies than there are empty squares left in the Temple, place blue
    Zombies first, then green ones, then violet ones" -- the same order caps the count."""
    key = temple_key(ctx.st)
    tasks, left = [], cap
    for colour, n in zip(("blue", "green", "violet"), got):
        k = min(n, left)
        left -= k
        tasks += [["place", key, colour]] * k
    ctx.emit("ritual", BOSS, f"the Ritual summons {cap - left} Zombie(s) in the Temple")
    ctx.push(*tasks)
