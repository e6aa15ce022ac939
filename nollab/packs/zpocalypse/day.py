"""The game and its Days: setup, Phase 1 Scavenge, Phase 2 Feed and Fortify, Phase 3 Something's
Happened, then the Night (:mod:`.night`), the day-3 rebuild and the final VP count.

Summary, "Game Summary": "A game is played over a series of days, each of which consists of 4 phases
... At the end of the indicated number of days, add up your total VPs, including VPs from any cards you
have: whoever has the most VPs is the winner."
"""
from __future__ import annotations

from nollab.packs.zpocalypse import dice, squad as sq_
from nollab.packs.zpocalypse.board import BUNKER, chebyshev
from nollab.packs.zpocalypse.engine import Ask, Ctx, Flow, Pause
from nollab.packs.zpocalypse.state import Card, Member, Squad, Zombie, sq
from nollab.prob.dist import Dist

__all__ = ["game", "add_zombie", "place_zombies", "put_zombies", "key", "gain_cards", "recruit_from_pool"]

P_SETUP, P_SCAV, P_FEED, P_FORT, P_SUNSET = "Setup", "Phase 1 Scavenge", "Phase 2 Feed", "Phase 2 Fortify", \
    "Phase 3 Something's Happened"
P_SUMMARY, P_DEATH = "Game Summary", "Death & First Aid"


def key(p) -> str:
    return f"{p[0]},{p[1]}"


#: where the rules can go on from a saved state: the Pauses that open a phase, the zombies' turn, and a squad
#: being asked for an action ("act") -- the requests at which the state alone says where every rule stands
RESUME_POINTS = ("scavenge", "feed", "sunset", "combat", "zombies", "act")


def game(c: Ctx, resume: str | None = None) -> Flow:
    """The whole game, setup to the final VP count.

    ``resume``: go on from a state saved at one of the :data:`RESUME_POINTS` of day ``st.day`` (the game's
    ``copy`` and ``undo`` restore such snapshots instead of replaying the whole log); each rule below skips
    what it did before that point."""
    st, box = c.st, c.box
    if resume is None:
        yield from setup(c)
    if box.scenarios[st.setup["scenario"]].quick_play:
        from nollab.packs.zpocalypse import dayzero
        yield from dayzero.play(c, resume)
        yield from finish(c)
        return
    days = box.scenarios[st.setup["scenario"]].days
    for day in range(st.day if resume else 1, days + 1):
        if resume is None:
            st.day = day
            if day == 3:
                yield from rebuild(c)
        at = RESUME_POINTS.index(resume) if resume else 0
        if at <= 0:
            yield from scavenge(c, resume == "scavenge")
            if _all_out(c):
                break
        if at <= 1:
            yield from feed_and_fortify(c, resume == "feed")
        if at <= 2:
            yield from sunset(c, resume == "sunset")
        from nollab.packs.zpocalypse.night import combat
        yield from combat(c, resume if at >= 3 else None)
        resume = None
        if _all_out(c):
            break
        yield from daily_goals(c)
    yield from finish(c)


def _all_out(c: Ctx) -> bool:
    return all(s.out for s in c.st.squads)


# ---- setup ----------------------------------------------------------------------------------------------
def setup(c: Ctx) -> Flow:
    """Setup: the base tile set, the decks, the bunker (2 Survivor + 2 Armory facedown), each squad's
    starting cards (2 Survivor, 2 Food, 1 Item, 2 Armory that "must be Melee or Firearm")."""
    st, box = c.st, c.box
    st.phase = "setup"
    st.decks = {
        "survivors": {k: 1 for k in box.survivors},
        "armory": {k: a.count for k, a in box.armory.items() if a.count},
        "food": {k: n for k, n in box.food.items() if n},
        "items": {k: n for k, n in box.items.items() if n},
        "scrap": {"scrap": box.scrap} if box.scrap else {},
        "scavenge": {k: v.count for k, v in box.scavenge.items() if v.count},
        "happened": {k: v.count for k, v in box.happened.items() if v.count},
        "goals": {k: v.count for k, v in box.goals.items() if v.count},
        "search": {**{f"white{n}": box.search_white.count(n) for n in set(box.search_white)},
                   **{f"red{n}": box.search_red.count(n) for n in set(box.search_red)}},
    }
    st.discards = {k: {} for k in st.decks}
    place_base(c)
    st.stack = sorted(box.tiles)
    sc = box.scenarios[st.setup["scenario"]]
    if sc.quick_play:
        from nollab.packs.zpocalypse.dayzero import start
        start(c)
    c.emit("setup", P_SETUP, f"Scenario {sc.name}: {sc.days} days; base set {_base_name(c)}; "
           f"{len(st.squads)} squad(s), {st.setup['mode']} mode")
    for _ in range(box.rules.bunker_survivors):
        sid = yield from c.draw("survivors", P_SETUP, "facedown under the bunker")
        if sid:
            st.pool.append(sid)
    melee_fire = {k for k, a in box.armory.items() if a.kind in ("melee", "firearm")}
    for _ in range(box.rules.bunker_armory):
        a = yield from c.draw("armory", P_SETUP, "facedown under the bunker", melee_fire)
        if a:
            st.bunker_armory.append(a)
    for s in st.squads:
        s.pos = BUNKER if not sc.quick_play else s.pos
        for _ in range(box.rules.start_survivors):
            sid = yield from c.draw("survivors", P_SETUP, f"{c.name(s.id)}'s starting survivor")
            if sid:
                s.members.append(Member(sid))
        for deck, n, only in (("food", box.rules.start_food, None), ("items", box.rules.start_items, None),
                              ("armory", box.rules.start_armory, melee_fire)):
            for _ in range(n):
                cid = yield from c.draw(deck, P_SETUP, f"{c.name(s.id)}'s starting card", only)
                if cid:
                    s.cards.append(c.card(cid))
        sq_.refresh_floors(box, s)
        c.emit("squad", P_SETUP, f"{c.name(s.id)}'s squad: " + ", ".join(box.survivors[m.id].name for m in s.members)
               + "; cards: " + ", ".join(c.card_name(c.deck_of(x.card), x.card) for x in s.cards), player=s.id)


def _base_name(c: Ctx) -> str:
    faces = c.box.base_sets[c.st.setup["base"]][0 if c.st.side == "a" else 1]
    return faces[0].name


def place_base(c: Ctx) -> None:
    """"Choose your starting base tile set (4 tiles with a matching colored glow) and place them
    together": the 4 tiles 2x2 around the slots (0,0)..(1,1)."""
    st = c.st
    bid = st.setup["base"]
    st.slots = {f"{i % 2},{i // 2}": [f"{bid}{i + 1}", st.side] for i in range(4)}


def rebuild(c: Ctx) -> Flow:
    """"On the third day, return all the tiles (discarding fortification tokens on them) to the stack
    and reshuffle all of them into a new tile stack, this time using their opposite sides. Set up a
    new base tile set" (Phase 1 Scavenge)."""
    st = c.st
    st.side = "b" if st.side == "a" else "a"
    st.edges, st.forts, st.tokens, st.gear = {}, {}, {}, {}
    st.zombies = {}
    place_base(c)
    st.stack = sorted(c.box.tiles)
    c.emit("rebuild", P_SCAV, f"Day 3: every tile returns to the stack and is used on its other side; "
           f"the new base set is the {_base_name(c)}")
    yield Pause("rebuild")


# ---- Phase 1 --------------------------------------------------------------------------------------------
def turn_order(c: Ctx, page: str) -> Flow:
    """"The player with the least Victory Points (VPs) goes first. If VPs are tied (or on the first
    turn of the game), roll a red die and the highest roller goes first. Play proceeds clockwise."
    The tie roll is one chance node over the tied players (re-rolling ties, each is equally likely)."""
    st = c.st
    live = [s for s in st.squads if not s.out]
    if not live:
        st.order = []
        return
    low = min(s.vp for s in live)
    tied = [s.id for s in live if s.vp == low]
    if st.day == 1 or len(tied) > 1:
        from nollab.games.protocol import Chance
        first = yield Chance("first_player", tuple(tied), tuple(1 for _ in tied), page,
                             tuple(c.name(t) for t in tied), "highest red die goes first (ties re-rolled)")
    else:
        first = tied[0]
    seats = [s.id for s in st.squads]
    i = seats.index(first)
    st.order = [p for p in seats[i:] + seats[:i] if not st.squad(p).out]
    c.emit("order", page, "turn order: " + ", ".join(c.name(p) for p in st.order))


def scavenge(c: Ctx, resume: bool = False) -> Flow:
    """Phase 1 (First Light): Daily Goal cards, then each player's Scavenge card, Smarts check, cards and
    a new tile with its zombies (``resume``: at its opening Pause, already announced)."""
    st, box = c.st, c.box
    if not resume:
        st.phase = "scavenge"
        c.emit("phase", P_SCAV, f"Day {st.day}, Phase 1 (First Light): Scavenge")
    yield Pause("scavenge")
    yield from turn_order(c, P_SCAV)
    for p in st.order:
        s = st.squad(p)
        s.done = {"kills": 0, "searches": 0, "fortifications": 0, "close_tiles": 0}
        s.night_owl = False
        if s.goal:
            c.discard("goals", s.goal)
        s.goal = yield from c.draw("goals", P_SCAV, f"{c.name(p)}'s Daily Goal")
    for p in list(st.order):
        s = st.squad(p)
        restart = not s.members
        if restart:
            yield from recruit_from_pool(c, s, P_DEATH)
            if s.members:
                restart = False
        card = yield from c.draw("scavenge", P_SCAV, f"{c.name(p)}'s Scavenge card")
        if card is None:
            continue
        sc = box.scavenge[card]
        n = 1 if restart else max(1, sq_.smarts(box, s))
        extra = 0
        if sc.event is not None:
            # "Special cards may require you to make 2 checks: one for the special event, and the second to see
            # what supplies you get"
            name, good, bad = sc.event
            succ = yield from c.roll("smarts", dice.smarts_check(0 if restart else sq_.smarts(box, s), box.dice),
                                     P_SCAV, f"{c.name(p)}'s Smarts check for the special event of {sc.name} "
                                     f"({name}): {n} red dice, 5 or Z", lambda k: f"{k} success(es)")
            ev = good if succ >= 1 else bad
            c.emit("scavenge_event", P_SCAV, f"{c.name(p)}: special event {name}: "
                   f"{'success' if succ >= 1 else 'failure'} ({succ} success(es))", player=p, card=card,
                   success=succ >= 1)
            yield from gain_cards(c, s, ev, P_SCAV)
            extra = ev["zombies"]
        succ = yield from c.roll("smarts", dice.smarts_check(0 if restart else sq_.smarts(box, s), box.dice), P_SCAV,
                                 f"{c.name(p)}'s Smarts check for {sc.name}" + (" (supplies)" if sc.event else "")
                                 + f": {n} red dice, 5 or Z", lambda k: f"{k} success(es)")
        ok = succ >= 1
        gains = sc.success if ok else sc.failure
        c.emit("scavenge", P_SCAV, f"{c.name(p)} draws {sc.name}: {'success' if ok else 'failure'} "
               f"({succ} success(es))" + (" - Night Owl: no fortifications today" if sc.night_owl else ""),
               player=p, card=card, success=ok)
        if sc.night_owl:
            s.night_owl = True
        c.discard("scavenge", card)
        yield from gain_cards(c, s, gains, P_SCAV)
        if restart:
            if not s.members:
                s.out = True
                c.emit("out", P_DEATH, f"{c.name(p)} found no survivor: the squad is out of the game", player=p)
                continue
            s.pos = BUNKER
            c.emit("restart", P_DEATH, f"{c.name(p)} restarts with what the Scavenge card gave", player=p)
        yield from place_tile(c, s, gains["zombies"] + extra, P_SCAV, vp=True)


def gain_cards(c: Ctx, s: Squad, gains, page: str) -> Flow:
    """The cards a Scavenge card (or a Search) gives; new survivors join sideways (unfed)."""
    for deck, what in (("armory", "armory"), ("food", "food"), ("items", "item"), ("scrap", "scrap")):
        for _ in range(gains.get(what, 0)):
            cid = yield from c.draw(deck, page, f"{c.name(s.id)} scavenges")
            if cid:
                s.cards.append(c.card(cid))
    for _ in range(gains.get("survivor", 0)):
        sid = yield from c.draw("survivors", page, f"{c.name(s.id)} finds a survivor")
        if sid:
            s.members.append(Member(sid, fed=not s.members))
    got = {k: v for k, v in gains.items() if v and k != "zombies"}
    if got:
        c.emit("gain", page, f"{c.name(s.id)} gains " + ", ".join(f"{v} {k}" for k, v in got.items()), player=s.id)
    drop_excess(c, s, page)


def drop_excess(c: Ctx, s: Squad, page: str) -> None:
    """"Each survivor can carry a maximum of 4 cards": the cards over the squad's limit are placed faceup
    next to the bunker (kept in this order: weapons with most VP, then Items, then Food, then Scrap). In the
    Combat phase on the board they are dropped under a Death token on the squad's square ("If you exceed your
    carry limit, drop the extra card(s) immediately ... leave the second token on the square")."""
    cap = sq_.capacity(c.box, s)
    if len(s.cards) <= cap:
        return
    rank = {"armory": 0, "items": 1, "food": 2, "scrap": 3}
    s.cards.sort(key=lambda x: (rank[c.deck_of(x.card)], -(c.box.armory[x.card].vp if x.card in c.box.armory else 0), x.uid))
    extra = s.cards[cap:]
    del s.cards[cap:]
    cards = [{"uid": x.uid, "card": x.card, "empty": x.empty} for x in extra]
    names = ", ".join(c.card_name(c.deck_of(x.card), x.card) for x in extra)
    if c.st.phase == "combat" and s.pos is not None and tuple(s.pos) != BUNKER:
        c.st.gear.setdefault(key(s.pos), {"owner": s.id, "cards": []})["cards"].extend(cards)
        c.emit("drop", page, f"{c.name(s.id)} is over the carry limit: {names} dropped under a Death token", player=s.id)
        return
    c.st.item_pile.extend(cards)
    c.emit("drop", page, f"{c.name(s.id)} is over the carry limit: {names} go faceup next to the bunker", player=s.id)


def recruit_from_pool(c: Ctx, s: Squad, page: str) -> Flow:
    """"Pick 2 new survivors from the draw pile in the bunker ... Take the 2 Armory starting cards if they
    are still available." The pool is facedown: each pick is a chance node over it."""
    st = c.st
    for _ in range(2):
        if not st.pool:
            break
        from nollab.games.protocol import Chance
        ids = sorted(set(st.pool))
        sid = yield Chance("bunker_pool", tuple(ids), tuple(st.pool.count(i) for i in ids), page,
                           tuple(c.box.survivors[i].name for i in ids), "pick a survivor from the bunker")
        st.pool.remove(sid)
        s.members.append(Member(sid))
    if s.members and st.bunker_armory:
        s.cards.extend(c.card(a) for a in st.bunker_armory)
        c.emit("armory", page, f"{c.name(s.id)} takes the bunker's starting Armory cards", player=s.id)
        st.bunker_armory = []
    if s.members:
        c.emit("recruit", page, f"{c.name(s.id)} forms a new squad: "
               + ", ".join(c.box.survivors[m.id].name for m in s.members), player=s.id)


def place_tile(c: Ctx, s: Squad | None, zombies: int, page: str, vp: bool) -> Flow:
    """Draw a tile (a chance node over the stack) and attach it. Scavenge: the player picks the slot and
    "If you choose to place the tile as close as possible to the bunker entrance square, you get 1 VP".
    Something's Happened: "attach them to existing tiles closest to the bunker entrance": when several slots
    are as close, the player with the most VPs picks one (the Sunset zombies' placer; default: the first in
    reading order). Then the zombies go on the tile."""
    st = c.st
    if not st.stack:
        c.emit("no_tile", page, "the tile stack is empty: no tile is placed (its zombies go nowhere)")
        return
    from nollab.games.protocol import Chance
    tid = yield Chance("tile", tuple(st.stack), tuple(1 for _ in st.stack), page,
                       tuple(c.box.tiles[t][0 if st.side == "a" else 1].name for t in st.stack), "draw a tile")
    st.stack.remove(tid)
    city = c.city
    close = city.closest_slots()
    if vp and s is not None:
        free = city.free_slots()
        free.sort(key=lambda sl: (sl not in close, sl[1], sl[0]))
        free = free[:12]
        slot = yield Ask("tile_slot", s.id, f"{c.name(s.id)}: where does the {c.box.tiles[tid][0].name} tile go?",
                         tuple([a, b] for a, b in free),
                         tuple(f"slot {a},{b}" + (" (closest: +1 VP)" if (a, b) in close else "") for a, b in free),
                         page)
        slot = sq(slot)
    else:
        from nollab.packs.zpocalypse.zmove import mover
        slot, who = close[0], mover(c)
        if len(close) > 1 and who is not None:
            slot = yield Ask("tile_slot", who, f"{c.name(who)}: which of the closest slots does the "
                             f"{c.box.tiles[tid][0].name} tile go to?", tuple([a, b] for a, b in close),
                             tuple(f"slot {a},{b}" for a, b in close), page)
            slot = sq(slot)
    st.slots[key(slot)] = [tid, st.side]
    face = c.box.tiles[tid][0 if st.side == "a" else 1]
    c.emit("tile", page, f"the {face.name} tile is placed at slot {slot[0]},{slot[1]}", tile=tid, slot=list(slot))
    if vp and s is not None and slot in close:
        s.done["close_tiles"] = s.done.get("close_tiles", 0) + 1
        yield from c.gain_vp(s, 1, page, "tile placed as close as possible to the bunker entrance")
    if vp and s is not None:
        who = s.id
    else:
        from nollab.packs.zpocalypse.zmove import mover
        who = mover(c)
    yield from put_zombies(c, slot, zombies, page, not vp, who)


def put_zombies(c: Ctx, slot, n: int, page: str, prefer_scrap: bool, who: str | None) -> Flow:
    """Zombies on a new tile: "place the indicated number of zombies on the tile on any square(s) without a
    Lookout" (Scavenge: the player who placed the tile) / "Place them on Scrap or Trap square(s) whenever
    possible, but never on Lookout squares" (Sunset: the player with the most VPs, docs/rulings.md). ``who``
    picks each square (:func:`place_zombies`); the engine's default order is Scrap/Trap squares first, then the
    squares farthest from the bunker entrance. One zombie a square, never where a figure stands; "Zombies must
    always be able to move towards the bunker entrance or players" (only squares with a path)."""
    st, city = c.st, c.city
    if n <= 0:
        return
    taken = {tuple(z.pos) for z in st.zombies.values()} | {tuple(s.pos) for s in st.squads if s.pos}
    goals = [city.entrance] if city.entrance else [tuple(s.pos) for s in st.squads if s.pos is not None]
    field = city.zombie_field(goals, set(), {sq(k.split(",")) for k, f in st.forts.items()
                                             if f["kind"] == "lookout"}, through_walls=True)
    cand = [p for p in city.tile_squares(slot) if city.open(p) and p not in taken and p in field
            and st.forts.get(key(p), {}).get("kind") != "lookout"]
    traps = {sq(k.split(",")) for k, f in st.forts.items() if f["kind"] == "trap"}
    first = {p for p in cand if prefer_scrap and (city.kind[p] == "scrap" or p in traps)}
    cand.sort(key=lambda p: (p not in first, -field[p], p[1], p[0]))
    placed = yield from place_zombies(c, who, cand, n, page, "place a zombie on the new tile", first)
    if placed:
        c.emit("spawn", page, f"{placed} zombie(s) placed on the new tile", n=placed)


def place_zombies(c: Ctx, who: str | None, squares: list, n: int, page: str, what: str, first=()) -> Flow:
    """``n`` zombies, one a square, on ``squares`` (in the engine's default order). While there are more
    squares than zombies left, ``who`` picks each square (a pending ``zombie_placement`` choice; the default
    is the first), among the ``first`` squares while any is left ("whenever possible"). Returns how many were
    placed (fewer when the box's miniatures run out)."""
    left = list(squares)
    placed = 0
    for i in range(n):
        if not left:
            break
        pick = [q for q in left if q in first] or left
        q = pick[0]
        if who is not None and len(set(pick)) > 1 and len(left) > n - i:
            ids = tuple(key(p) for p in pick)
            o = yield Ask("zombie_placement", who, f"{c.name(who)}: {what} ({i + 1} of {n})", ids,
                          tuple(f"square {p}" for p in ids), page)
            q = pick[ids.index(o)]
        if not add_zombie(c, q, page):
            break
        left.remove(q)
        placed += 1
    return placed


def add_zombie(c: Ctx, p, page: str, double: bool = False) -> bool:
    """A zombie on square ``p`` (False when the box's miniatures are all on the board: "The number of
    zombies you may place on the board is limited by the number provided with the game")."""
    st = c.st
    figures = sum(2 if z.double else 1 for z in st.zombies.values())
    if figures + (2 if double else 1) > c.box.rules.max_zombies:
        c.emit("no_zombie", "Maximum Zombies", "every zombie miniature is on the board: none is added")
        return False
    u = st.uid()
    st.zombies[u] = Zombie(u, tuple(p), double)
    return True


# ---- Phase 2 ----------------------------------------------------------------------------------------------
def feed_and_fortify(c: Ctx, resume: bool = False) -> Flow:
    """Phase 2 (Mid-afternoon): each squad is fed, then fortifies (``resume``: at its opening Pause, already announced)."""
    st = c.st
    if not resume:
        st.phase = "feed"
        c.emit("phase", P_FEED, f"Day {st.day}, Phase 2 (Mid-afternoon): Feed and Fortify")
    yield Pause("feed")
    yield from share_food(c)
    for p in st.order:
        yield from feed(c, st.squad(p))
    st.phase = "fortify"
    from nollab.packs.zpocalypse.fortify import fortify
    for p in st.order:
        yield from fortify(c, st.squad(p))


def share_food(c: Ctx) -> Flow:
    """"You may trade or beg for food from other players": before anyone eats, each player in turn order may
    give Food cards to the others (a ``give_food`` choice per card, ``"done"`` -- the default -- to stop)."""
    st = c.st
    live = [s for s in st.squads if not s.out and s.members]
    if len(live) < 2:
        return
    for p in st.order:
        s = st.squad(p)
        if s not in live:
            continue
        while True:
            kinds = sorted({x.card for x in sq_.food_cards(s)})
            others = [o for o in live if o is not s]
            if not kinds:
                break
            opts = ("done",) + tuple(f"{k}>{o.id}" for k in kinds for o in others)
            names = {"food": "a Food card", "double": "a 2 Food card", "radioactive": "a radioactive Food card"}
            o = yield Ask("give_food", p, f"{c.name(p)}: give food to another player before feeding?", opts,
                          ("keep my food",) + tuple(f"give {names[k]} to {c.name(q.id)}" for k in kinds for q in others),
                          P_FEED)
            if o == "done":
                break
            kind, _, to = o.partition(">")
            x = next(x for x in s.cards if x.card == kind)
            s.cards.remove(x)
            st.squad(to).cards.append(x)
            c.emit("give_food", P_FEED, f"{c.name(p)} gives {names[kind]} to {c.name(to)}", player=p, to=to)


def feed(c: Ctx, s: Squad) -> Flow:
    """"Restore any Health lost and discard Radiation tokens placed the previous day. Feed each of your
    survivors 1 Food (normal) or radioactive ... A survivor who eats any amount of radioactive food loses
    1 HP ... If you use a 2 Food card to feed 1 survivor, the card is still discarded ... Unfed survivors
    leave your squad and are placed in the common survivor pool in the bunker. If you cannot feed any of
    your survivors, choose one to keep and lose 2 HPs ... you may spend 2 Food to look at all the Survivor
    cards in the bunker and select one."

    Food is eaten normal first, then 2 Food cards (one card per 2 survivors), then radioactive; the player
    chooses who leaves when food is short."""
    st, box = c.st, c.box
    if s.out or not s.members:
        return
    s.wounds = 0
    for m in s.members:
        m.radiation = False

    def portions() -> int:
        return sum(2 if x.card == "double" else 1 for x in sq_.food_cards(s))

    while len(s.members) > 1 and portions() < len(s.members):
        opts = tuple(m.id for m in s.members)
        o = yield Ask("unfed", s.id, f"{c.name(s.id)} has food for {portions()} of {len(s.members)} survivors: "
                      "who leaves for the bunker?", opts, tuple(box.survivors[i].name for i in opts), P_FEED,
                      _weakest(c, s))
        m = next(m for m in s.members if m.id == o)
        s.members.remove(m)
        st.pool.append(m.id)
        c.emit("leave", P_FEED, f"{box.survivors[o].name} is not fed and leaves {c.name(s.id)}'s squad for the bunker pool",
               player=s.id)
    if portions() == 0:
        s.members[0].fed = True
        s.wounds = box.rules.no_food_loss
        c.emit("hungry", P_FEED, f"{c.name(s.id)} has no food: keeps {box.survivors[s.members[0].id].name} and loses "
               f"{box.rules.no_food_loss} HP", player=s.id)
    else:
        need = len(s.members)
        order = sorted(sq_.food_cards(s), key=lambda x: ({"food": 0, "double": 1, "radioactive": 2}[x.card], x.uid))
        fed = 0
        for x in order:
            if fed >= need:
                break
            s.cards.remove(x)
            c.discard("food", x.card)
            take = 2 if x.card == "double" else 1
            for m in s.members[fed:fed + min(take, need - fed)]:
                m.fed = True
                if x.card == "radioactive":
                    m.radiation = True
            fed += take
        rad = sum(1 for m in s.members if m.radiation)
        c.emit("feed", P_FEED, f"{c.name(s.id)} feeds {need} survivor(s)" + (f"; {rad} ate radioactive food (-1 HP, "
               "Radiation token)" if rad else ""), player=s.id)
    extra = portions()
    if st.pool and extra >= box.rules.recruit_food and len(s.members) < box.rules.squad_max:
        o = yield Ask("recruit", s.id, f"{c.name(s.id)}: spend {box.rules.recruit_food} Food to pick a survivor "
                      "from the bunker?", ("no",) + tuple(sorted(set(st.pool))),
                      ("no",) + tuple(f"take {box.survivors[i].name}" for i in sorted(set(st.pool))), P_FEED)
        if o != "no":
            spent = 0
            while spent < box.rules.recruit_food:
                x = sorted(sq_.food_cards(s), key=lambda x: ({"radioactive": 0, "food": 1, "double": 2}[x.card], x.uid))[0]
                s.cards.remove(x)
                c.discard("food", x.card)
                spent += 2 if x.card == "double" else 1
            st.pool.remove(o)
            s.members.append(Member(o))
            c.emit("recruit", P_FEED, f"{c.name(s.id)} spends {box.rules.recruit_food} Food and takes "
                   f"{box.survivors[o].name} from the bunker", player=s.id)
    while len(s.members) > box.rules.squad_max:
        # "Decide on your squad of up to 4 survivors" (default: the last to join waits)
        opts = tuple(m.id for m in s.members)
        o = yield Ask("squad", s.id, f"{c.name(s.id)} has {len(opts)} survivors, at most {box.rules.squad_max} in a "
                      "squad: who waits in the bunker?", opts, tuple(box.survivors[i].name for i in opts), P_FEED,
                      len(opts) - 1)
        m = next(m for m in s.members if m.id == o)
        s.members.remove(m)
        st.pool.append(m.id)
        c.emit("leave", P_FEED, f"{box.survivors[m.id].name} waits in the bunker (a squad has at most "
               f"{box.rules.squad_max})", player=s.id)
    drop_excess(c, s, P_FEED)
    sq_.refresh_floors(box, s)
    c.emit("stats", P_FEED, f"{c.name(s.id)}: HP {sq_.hp(box, s)}, Armor {sq_.armor(box, s)}, Firearm "
           f"{sq_.firearm(box, s)}, Melee {sq_.melee(box, s)}, Move {sq_.move(box, s)}, Smarts {sq_.smarts(box, s)}",
           player=s.id)


def _weakest(c: Ctx, s: Squad) -> int:
    """The default survivor to let go: the one with the fewest HP + Firearm + Melee."""
    sv = c.box.survivors
    vals = [sv[m.id].hp + sv[m.id].firearm + sv[m.id].melee for m in s.members]
    return vals.index(min(vals))


# ---- Phase 3 ----------------------------------------------------------------------------------------------
def sunset(c: Ctx, resume: bool = False) -> Flow:
    """Phase 3 (Sunset): a Something's Happened card; 1 new tile per player closest to the bunker entrance
    (no VP) with the night's zombies on each; the card's zombie speed for the Night (``resume``: from its
    opening Pause)."""
    st, box = c.st, c.box
    if not resume:
        st.phase = "sunset"
        c.emit("phase", P_SUNSET, f"Day {st.day}, Phase 3 (Sunset): Something's Happened")
    yield Pause("sunset")
    if st.happened:
        c.discard("happened", st.happened)
    st.happened = yield from c.draw("happened", P_SUNSET)
    card = box.happened[st.happened] if st.happened else None
    night = min(st.day, 4)
    n = card.zombies[night - 1] if card else 0
    st.speed = card.speed if card else 3
    c.emit("happened", P_SUNSET, f"Something's Happened: {card.name if card else 'no card'} - {n} zombie(s) on each "
           f"new tile, zombie speed {st.speed}")
    for _ in [s for s in st.squads if not s.out]:
        yield from place_tile(c, None, n, P_SUNSET, vp=False)


def daily_goals(c: Ctx) -> Flow:
    """"When the Goal, Challenge, or both are completed on a Daily Goal card, the card is discarded and the
    appropriate VPs awarded." Checked when the Night ends."""
    for s in c.st.squads:
        if s.out or not s.goal:
            continue
        g = c.box.goals[s.goal]
        done = dict(s.done)
        done["food"] = sum(2 if x.card == "double" else 1 for x in sq_.food_cards(s))
        won = [(what, vp) for what, (kind, n, vp) in (("Goal", g.goal), ("Challenge", g.challenge)) if done.get(kind, 0) >= n]
        if won:
            c.discard("goals", s.goal)
            s.goal = None
            for what, vp in won:
                yield from c.gain_vp(s, vp, P_SUMMARY, f"Daily Goal {g.name}: {what} completed")


def finish(c: Ctx) -> Flow:
    """"add up your total VPs, including VPs from any cards you have: whoever has the most VPs is the
    winner." The game is won when at least one squad is still in the game (its players win on VPs), and
    lost when every squad is out (docs/rulings.md)."""
    st, box = c.st, c.box
    st.phase = "over"
    live = [s for s in st.squads if not s.out]
    totals = {s.id: s.vp + (sq_.card_vp(box, s) if not s.out else 0) for s in st.squads}
    for s in st.squads:
        c.emit("score", P_SUMMARY, f"{c.name(s.id)}: {s.vp} VP + {totals[s.id] - s.vp} from cards = {totals[s.id]}",
               player=s.id)
    if box.scenarios[st.setup["scenario"]].quick_play:
        found = [s.id for s in st.squads if s.pos == BUNKER]
        st.winners = found
        st.result = "won" if found else "lost"
        st.reason = ("the bunker is found by " + ", ".join(c.name(w) for w in found) + f" in round {st.round}"
                     if found else ("every squad is dead" if not live or not any(s.pos for s in live)
                                    else f"the bunker is not found after {st.round} rounds"))
    elif live:
        best = max(totals[s.id] for s in live)
        st.winners = [s.id for s in live if totals[s.id] == best]
        st.result = "won"
        st.reason = (f"day {st.day} ended; most VPs: " + ", ".join(c.name(w) for w in st.winners) + f" ({best})")
    else:
        st.result = "lost"
        st.reason = f"every squad is out of the game (day {st.day})"
    c.emit("end", P_SUMMARY, f"the game is {st.result}: {st.reason}")
    yield Pause("end")
