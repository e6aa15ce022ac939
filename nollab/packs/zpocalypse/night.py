"""Phase 4 (Night): Combat -- the squads' actions, the zombies' movement and attacks, death.

Summary, "Phase 4 (Night): Combat": "The Combat phase starts with each squad in the bunker ... ends when
all zombies have been killed or all squads have been killed." "In turn order, each player takes 2 of
the following actions ... When all players have taken their actions, the zombies move and attack.
During nights 3 and 4 zombies move and attack first." A Night also ends at dawn after the box's
``night_rounds`` rounds (reconstructed bound, docs/rulings.md).
"""
from __future__ import annotations

from nollab.games.protocol import Chance
from nollab.packs.zpocalypse import dice, squad as sq_, zombies as zodds
from nollab.packs.zpocalypse.board import BUNKER, chebyshev
from nollab.packs.zpocalypse.day import add_zombie, key, place_zombies, recruit_from_pool
from nollab.packs.zpocalypse.engine import Act, Ask, Ctx, Flow, Pause
from nollab.packs.zpocalypse.state import Action, Squad, sq
from nollab.packs.zpocalypse.zmove import lookouts, move_zombies, on_board, shares, split_order, zombie_goal

__all__ = ["combat", "legal", "perform", "zombie_goal", "zone", "square"]

P_NIGHT, P_MOVE, P_COMBAT, P_ZMOVE = "Phase 4 Combat", "Movement", "Combat", "Zombie Movement"
P_ZATT, P_BUNKER, P_DEATH, P_SEARCH = "Zombies Attacking", "Zombies in the Bunker", "Death & First Aid", "Search"
P_FORT, P_EXPL = "Phase 2 Fortify", "Explosives"


def night_of(c: Ctx) -> int:
    return min(c.st.day, 4)


def combat(c: Ctx, resume: str | None = None) -> Flow:
    """The Night's rounds. ``resume`` (:func:`.day.game`): "combat" from the opening Pause, "act" from
    ``st.turn``'s action, "zombies" from the zombies' turn of the current round."""
    st, box = c.st, c.box
    night = night_of(c)
    if resume is None:
        st.phase = "combat"
        st.night_round = 0
        st.breached = st.enraged = False
        rule = {1: "normal rules", 2: "double zombies roll 3 dice", 3: "zombies first; defence only on Z",
                4: "zombies first; no defence rolls"}[night]
        c.emit("phase", P_NIGHT, f"Night {night}: Combat ({rule}); zombie speed {st.speed}")
        for s in st.squads:
            if not s.out and s.members:
                s.pos = BUNKER
                s.stunned = False
    if resume in (None, "combat"):
        yield Pause("combat")
    first = box.zombies_first[night - 1]
    while True:
        if resume in (None, "combat"):
            if not st.zombies:
                c.emit("night_end", P_NIGHT, "all zombies are dead: the Night ends")
                break
            if not on_board(c):
                c.emit("night_end", P_NIGHT, "all squads are dead: the Night ends")
                break
            if st.night_round >= box.rules.night_rounds:
                c.emit("night_end", P_NIGHT, f"dawn after {st.night_round} rounds: the Night ends (docs/rulings.md)")
                break
            st.round += 1
            st.night_round += 1
            c.emit("round", P_NIGHT, f"Night {night}, round {st.night_round}")
            resume = None
        if first:
            if resume != "act":
                yield from zombie_phase(c, resume == "zombies")
            yield from players_phase(c, resume == "act")
        else:
            if resume != "zombies":
                yield from players_phase(c, resume == "act")
            yield from zombie_phase(c, resume == "zombies")
        resume = None
        if all(s.out for s in st.squads):
            break
    if st.gear:
        c.emit("gear_lost", P_DEATH, "gear still on the map at the end of the Combat phase is removed from the game")
        st.gear = {}
    st.turn = None


# ---- players -----------------------------------------------------------------------------------------------
def players_phase(c: Ctx, resume: bool = False) -> Flow:
    """Each squad's turn in turn order. ``resume``: go on with ``st.turn``'s turn as it stands."""
    st, box = c.st, c.box
    order = list(st.order)
    for p in order[order.index(st.turn):] if resume else order:
        s = st.squad(p)
        if resume:
            resume = False
        else:
            if s.out or s.pos is None or not s.members:
                continue
            if s.stunned:
                s.stunned = False
                c.emit("stunned", P_FORT, f"{c.name(p)} loses both actions (the lookout collapsed)", player=p)
                continue
            if s.pos != BUNKER and c.city.kind.get(tuple(s.pos)) in ("biohazard", "radiation"):
                yield from damage(c, s, 1, P_MOVE, "starts its turn on a hazard square")
                if s.pos is None:
                    continue
            st.turn, st.actions_left, st.free_used = p, box.rules.actions, False
        while st.actions_left > 0 and st.turn == p and s.pos is not None and st.zombies is not None:
            a = yield Act(p)
            if a.kind == "end":
                break
            yield from perform(c, s, a)
            if st.result or (st.hunt and s.pos == BUNKER):
                return
        st.turn = None
        if not st.zombies:
            return


def _zsquares(c: Ctx) -> set:
    return {tuple(z.pos) for z in c.st.zombies.values()}


def _traps(c: Ctx) -> set:
    return {sq(k.split(",")) for k, f in c.st.forts.items() if f["kind"] == "trap"}


def _lookouts(c: Ctx) -> set:
    return lookouts(c)


def reach(c: Ctx, s: Squad) -> dict:
    """Squares the squad can move to this action: ``{square: (cost, hazards, path)}``."""
    start = tuple(s.pos)
    zs = _zsquares(c) - {BUNKER}
    best = c.city.squad_costs(start, sq_.move(c.box, s), zs, _traps(c), _lookouts(c))
    others = {tuple(o.pos) for o in c.st.squads if o is not s and o.pos is not None} - {BUNKER}
    return {p: v for p, v in best.items() if p != start and p not in others}


def targets(c: Ctx, s: Squad, kind: str) -> dict:
    """Squares with zombies the squad's ``kind`` weapons can attack: ``{square: [hands in range]}``."""
    st, city = c.st, c.city
    pos = tuple(s.pos)
    hands = sq_.weapons(c.box, s, kind)
    unarmed = kind == "melee" and len(sq_.active(c.box, s)) > len(hands)
    on_lookout = pos != BUNKER and st.forts.get(key(pos), {}).get("kind") == "lookout"
    out: dict = {}
    blockers = ({tuple(z.pos) for z in st.zombies.values()} |
                {tuple(o.pos) for o in st.squads if o is not s and o.pos is not None})
    for zp in sorted(_zsquares(c), key=lambda p: (p[1], p[0])):
        if pos == BUNKER or zp == BUNKER:
            if zp != pos:
                continue  # "You may not fire or attack into or out of the bunker entrance"
            if hands or unarmed:
                out[zp] = hands
            continue
        d = chebyshev(pos, zp)
        ok = []
        lo = on_lookout and kind == "firearm"
        sight = city.los(pos, zp, blockers - {zp}, gates_block=True, lookout=lo)
        if not sight:
            continue
        for h in hands:
            rng = max(c.box.armory[x.card].range for x in h[0])
            if on_lookout and kind == "melee" and rng < 2:
                continue  # "A survivor may only use melee weapons from a lookout space which have a range of 2"
            if d <= rng:
                ok.append(h)
        if ok or (unarmed and d == 1 and not on_lookout):
            out[zp] = ok
    return out


def legal(c: Ctx, pid: str) -> list[Action]:
    """The squad's legal actions now ("end" first: the turn ends when the player says so)."""
    st, box = c.st, c.box
    s = st.squad(pid)
    if st.turn != pid or s.pos is None:
        return []
    out = [Action("end", pid)]
    pos = tuple(s.pos)
    for kind in ("firearm", "melee"):
        for zp in targets(c, s, kind):
            out.append(Action("attack", pid, (kind, zone(zp))))
    for zp in targets(c, s, "melee"):   # both kinds at once when the best hands for the target mix them
        hands = mixed_hands(c, s, zp)
        kinds = {hand_kind(c, h) for h in hands}
        spare = len(sq_.active(box, s)) - len(hands)   # survivors left unarmed join the melee part, next to it
        if len(kinds) == 2 or ("firearm" in kinds and spare > 0 and (zp == BUNKER or chebyshev(pos, zp) == 1)):
            out.append(Action("attack", pid, ("both", zone(zp))))
    expl = sorted({x.card: x.uid for x in s.cards if x.card in box.armory and box.armory[x.card].kind == "explosive"}.items())
    if expl and pos != BUNKER:
        for cid, uid in expl:
            most = box.armory[cid].dice[0] * box.dice.red_values[-1] if box.dice.red_values else 6
            for zp in sorted(_zsquares(c) - {BUNKER}, key=lambda p: (p[1], p[0])):
                if chebyshev(pos, zp) <= most and c.city.los(pos, zp, set()):
                    out.append(Action("throw", pid, (uid, zone(zp))))
    for p in sorted(reach(c, s), key=lambda p: (p == BUNKER, p[1], p[0])):
        out.append(Action("move", pid, (zone(p),)))
    if sq_.count(s, "first_aid") and s.wounds > 0:
        out.append(Action("heal", pid))
    if pos != BUNKER and c.city.kind.get(pos, "").startswith("search") and not st.tokens.get(key(pos), {}).get("x"):
        out.append(Action("search", pid))
    if pos == BUNKER and st.item_pile:
        out.append(Action("take_pile", pid))
    if pos != BUNKER and key(pos) in st.gear:
        out.append(Action("pickup", pid))
    for z in sorted(st.zombies.values(), key=lambda z: z.uid):
        if z.down and (tuple(z.pos) == pos == BUNKER or (pos != BUNKER and c.city.adjacent(pos, tuple(z.pos)))):
            out.append(Action("stomp", pid, (z.uid,)))
    if pos != BUNKER and st.forts.get(key(pos), {}).get("kind") == "lookout":
        occ = _zsquares(c) | {tuple(o.pos) for o in st.squads if o.pos is not None}
        for q in c.city.neighbours(pos, ("sandbags", "gate")):
            if q != BUNKER and q not in occ:
                out.append(Action("jump", pid, (zone(q),)))
    if not st.free_used and sq_.count(s, "ammo"):
        for x in s.cards:
            if x.empty:
                out.append(Action("reload", pid, (x.uid,)))
    if not st.free_used:
        for o in on_board(c):
            op = tuple(o.pos)
            if o is s or len(o.cards) >= sq_.capacity(box, o) or not (op == pos or (BUNKER not in (op, pos) and
                                                                                   c.city.adjacent(op, pos))):
                continue
            seen = set()
            for x in s.cards:
                if x.card in TRADE and x.card not in seen:
                    seen.add(x.card)
                    out.append(Action("give", pid, (x.uid, o.id)))
    if st.hunt:
        from nollab.packs.zpocalypse.dayzero import frontier
        for q in frontier(c, s):
            out.append(Action("explore", pid, (zone(q),)))
    if pos == BUNKER and any(tuple(z.pos) == BUNKER for z in st.zombies.values()):
        for cid, uid in expl:
            out.append(Action("throw", pid, (uid, "bunker")))
    return out


#: cards squads may trade in the Combat phase ("Trade Food and Items cards ... You may not trade Armory or
#: Survivor cards during this phase")
TRADE = ("food", "radioactive", "double", "first_aid", "ammo")


def zone(p) -> str:
    """A square's name in actions and pictures: ``"x,y"``, or ``"bunker"``."""
    return "bunker" if tuple(p) == BUNKER else f"{p[0]},{p[1]}"


def square(z: str) -> tuple:
    """The square named ``z`` (:func:`zone`'s inverse)."""
    if z == "bunker":
        return BUNKER
    a, b = str(z).split(",")
    return (int(a), int(b))


def perform(c: Ctx, s: Squad, a: Action) -> Flow:
    st, box = c.st, c.box
    if a.kind == "reload":
        x = next(x for x in s.cards if x.uid == a.params[0])
        ammo = next(y for y in s.cards if y.card == "ammo")
        s.cards.remove(ammo)
        c.discard("items", "ammo")
        x.empty = False
        st.free_used = True
        c.emit("reload", "Combat", f"{c.name(s.id)} discards an Ammo card and reloads the {box.armory[x.card].name} "
               "(free action)", player=s.id)
        return
    if a.kind == "give":
        x = next(x for x in s.cards if x.uid == a.params[0])
        o = st.squad(a.params[1])
        s.cards.remove(x)
        o.cards.append(x)
        st.free_used = True
        c.emit("trade", "Phase 4 Combat", f"{c.name(s.id)} gives {c.card_name(c.deck_of(x.card), x.card)} to "
               f"{c.name(o.id)} (free action)", player=s.id)
        return
    st.actions_left -= 1
    if a.kind == "move":
        dest = square(a.params[0])
        cost, haz, path = reach(c, s)[dest]
        s.pos = dest
        c.emit("move", P_MOVE, f"{c.name(s.id)} moves to {_where(dest)} ({cost} MP)", player=s.id, to=zone(dest))
        if haz:
            yield from damage(c, s, haz, P_MOVE, f"moves through {haz} biohazard/radiation square(s)")
        if st.hunt and dest == BUNKER and s.pos == BUNKER:
            st.actions_left = 0
            c.emit("found", "Day Zero", f"{c.name(s.id)} finds the bunker!", player=s.id)
    elif a.kind == "attack":
        yield from attack(c, s, a.params[0], square(a.params[1]))
    elif a.kind == "throw":
        from nollab.packs.zpocalypse.explosives import throw
        yield from throw(c, s, a.params[0], square(a.params[1]))
    elif a.kind == "explore":
        from nollab.packs.zpocalypse.dayzero import explore
        yield from explore(c, s, square(a.params[0]))
    elif a.kind == "heal":
        x = next(x for x in s.cards if x.card == "first_aid")
        s.cards.remove(x)
        c.discard("items", "first_aid")
        healed = min(box.rules.heal, s.wounds)
        s.wounds -= healed
        c.emit("heal", "Phase 4 Combat", f"{c.name(s.id)} uses a First Aid card: +{healed} HP", player=s.id)
    elif a.kind == "search":
        yield from search(c, s)
    elif a.kind == "take_pile":
        yield from take(c, s, st.item_pile, "the faceup Item pile next to the bunker", "Phase 4 Combat")
    elif a.kind == "pickup":
        g = st.gear[key(s.pos)]
        yield from take(c, s, g["cards"], f"{c.name(g['owner'])}'s dropped gear", P_DEATH)
        if not g["cards"]:
            del st.gear[key(s.pos)]
    elif a.kind == "stomp":
        st.zombies.pop(a.params[0])
        s.kills += 1
        s.done["kills"] = s.done.get("kills", 0) + 1
        c.emit("stomp", "Knockdown", f"{c.name(s.id)} curb stomps a knocked-down zombie", player=s.id)
        yield from c.gain_vp(s, 1, "Knockdown", "zombie killed")
    elif a.kind == "jump":
        s.pos = square(a.params[0])
        c.emit("jump", P_FORT, f"{c.name(s.id)} jumps down from the lookout to {_where(s.pos)}", player=s.id)


def _where(p) -> str:
    return "the bunker" if tuple(p) == BUNKER else f"square {p[0]},{p[1]}"


def take(c: Ctx, s: Squad, pile: list, what: str, page: str) -> Flow:
    """Cards from a pile into the squad's hands, up to its carry limit, the player choosing which: "pick up the
    faceup pile of Item cards ... and choose which cards to take"; dropped gear: "can pick up loot ... The token
    stays on the board until all your possessions are taken". One ``take_card`` choice a card (the default
    takes the pile in order, as it lies), "done" to leave the rest."""
    from nollab.packs.zpocalypse.state import Card
    got = []
    while pile and len(s.cards) < sq_.capacity(c.box, s):
        opts = tuple(d["uid"] for d in pile) + ("done",)
        o = yield Ask("take_card", s.id, f"{c.name(s.id)} takes cards from {what} "
                      f"({sq_.capacity(c.box, s) - len(s.cards)} more fit)", opts,
                      tuple(c.card_name(c.deck_of(d["card"]), d["card"]) for d in pile) + ("leave the rest",), page)
        if o == "done":
            break
        d = next(d for d in pile if d["uid"] == o)
        pile.remove(d)
        s.cards.append(Card(**d))
        got.append(c.card_name(c.deck_of(d["card"]), d["card"]))
    c.emit("take", page, f"{c.name(s.id)} takes {', '.join(got) or 'nothing'} from {what}", player=s.id)


# ---- attacks ------------------------------------------------------------------------------------------------
def _group(c: Ctx, s: Squad, kind: str, t) -> list:
    """The zombies an attack on square ``t`` can kill, in order: those on ``t``; for firearms then those
    "on or adjacent to the target zombie within LOS"."""
    st = c.st
    first = [z for z in st.zombies.values() if tuple(z.pos) == t]
    if kind != "firearm" or t == BUNKER:
        return first
    pos = tuple(s.pos)
    blockers = {tuple(o.pos) for o in st.squads if o is not s and o.pos is not None}
    more = [z for z in st.zombies.values() if tuple(z.pos) != t and tuple(z.pos) != BUNKER
            and chebyshev(tuple(z.pos), t) == 1 and c.city.los(pos, tuple(z.pos), blockers)]
    return first + sorted(more, key=lambda z: z.uid)


def mixed_hands(c: Ctx, s: Squad, t) -> list:
    """The hands of an attack with both weapon kinds on ``t``: each survivor wields one weapon ("Each survivor can
    only use 1 weapon at a time"), the ones with most dice among the firearms and melee weapons in range of ``t``."""
    hands = targets(c, s, "firearm").get(t, []) + targets(c, s, "melee").get(t, [])
    hands.sort(key=lambda h: (-h[1], h[0][0].uid))
    return hands[:len(sq_.active(c.box, s))]


def hand_kind(c: Ctx, h) -> str:
    return c.box.armory[h[0][0].card].kind


def attack(c: Ctx, s: Squad, kind: str, t) -> Flow:
    """"Each survivor in your squad who wields a weapon can roll the number of red dice shown on the
    Armory card ... The maximum number of red dice you can roll is 8. For each success rolled (5 or Z)
    you kill a single zombie and gain 1 VP. After one success against a double zombie, replace it with a
    single zombie." Plain weapons roll together; weapons with an unlocked Knockdown roll separately
    ("Roll for weapons with traits separately"); unarmed survivors roll 1 die, success on Z.
    ``kind`` "both": "Roll red attack dice (and blue ammo dice) for firearms first, then roll red attack dice
    ... for melee weapons. Firearm and melee weapon attack dice can be rolled simultaneously if the target is
    within range and LOS of both" -- each survivor with the best weapon in range (:func:`mixed_hands`)."""
    st, box = c.st, c.box
    act = len(sq_.active(box, s))
    if kind == "both":
        hands = mixed_hands(c, s, t)
        parts = [(k, [h for h in hands if hand_kind(c, h) == k]) for k in ("firearm", "melee")]
        unarmed = act - len(hands)
    else:
        hands = targets(c, s, kind).get(t, [])
        parts = [(kind, hands)]
        unarmed = act - len(sq_.weapons(box, s, "melee")) if kind == "melee" else 0
    if not (t == BUNKER or chebyshev(tuple(s.pos), t) == 1):
        unarmed = 0
    names = ", ".join(box.armory[x.card].name for h in hands for x in h[0]) or "bare hands"
    c.emit("attack", P_COMBAT, f"{c.name(s.id)} attacks {_where(t)} ({kind}: {names})", player=s.id)
    kills = 0
    for k, part in parts:
        lv = sq_.level(box, sq_.firearm(box, s) if k == "firearm" else sq_.melee(box, s))
        thr = box.rules.skill_success[lv]
        pools = []
        plain = sum(h[1] for h in part if not h[2])
        if plain:
            pools.append((min(plain, box.dice.max_dice), thr, False,
                          {"firearm": "firearms", "melee": "melee weapons"}[k] if kind == "both" else "weapons"))
        for h in part:
            if h[2]:
                pools.append((min(h[1], box.dice.max_dice), thr, True, box.armory[h[0][0].card].name + " (Knockdown)"))
        if k == "melee" and unarmed > 0:
            pools.append((min(unarmed, box.dice.max_dice), box.dice.unarmed_success, False, "unarmed"))
        for n, thr_, kd, what in pools:
            if n <= 0:
                continue
            roll = yield from c.roll("attack", dice.attack(n, thr_, knockdown=kd, content=box.dice), P_COMBAT,
                                     f"{c.name(s.id)} rolls {n} red dice ({what}), success on {box.dice.label(thr_)}+",
                                     lambda o: f"{o[0]} success(es)" + (f", {o[1]} knockdown face(s)" if kd else ""))
            kills += yield from apply_hits(c, s, k, t, roll[0], roll[1])
        firing = [x for h in part for x in h[0] if box.armory[x.card].ammo] if k == "firearm" else []
        if firing:
            yield from ammo_check(c, s, firing, lv)
    if kills:
        s.kills += kills
        s.done["kills"] = s.done.get("kills", 0) + kills
        yield from c.gain_vp(s, kills, P_COMBAT, f"{kills} success(es) on zombies")


def ammo_check(c: Ctx, s: Squad, firing: list, lv: int) -> Flow:
    """"Ammo Check: ... You must roll 1 blue die when attacking. If you roll a CLICK on this die, you are out of
    ammo"; "You may choose which weapon is out of ammo if you fired several at the same time" (default: the
    weakest)."""
    box = c.box
    clicks = yield from c.roll("ammo", dice.ammo(len(firing), box.dice), "Ammo",
                               f"Ammo Check: {len(firing)} blue dice", lambda k: f"{k} CLICK(s)")
    firing.sort(key=lambda x: (box.armory[x.card].dice[lv], x.uid))
    for i in range(min(clicks, len(firing))):
        x = firing[0]
        if len({y.card for y in firing}) > 1 and clicks - i < len(firing):
            uid = yield Ask("out_of_ammo", s.id, f"CLICK {i + 1} of {clicks}: which firearm of {c.name(s.id)} is "
                            "out of ammo?", tuple(y.uid for y in firing),
                            tuple(f"{box.armory[y.card].name} ({box.armory[y.card].dice[lv]} dice)" for y in firing),
                            "Ammo")
            x = next(y for y in firing if y.uid == uid)
        firing.remove(x)
        x.empty = True
        c.emit("click", "Ammo", f"CLICK: the {box.armory[x.card].name} is out of ammo", player=s.id)


def apply_hits(c: Ctx, s: Squad, kind: str, t, succ: int, knock: int) -> Flow:
    """Spend successes and Knockdown faces on the target group; returns the successes that hit (1 VP each).
    "The first successes rolled kill the targeted zombie(s) and subsequent successes kill zombies on or adjacent
    to the target zombie within LOS": the target takes the first, then the attacking player picks which zombie
    each further success kills (a ``spill`` choice when it matters; default: the odds module's allocation,
    :func:`dice.allocate`, which leaves the most singles for the Knockdown faces). Knockdown faces knock down
    the singles left standing, the target first."""
    st = c.st
    group = [z for z in _group(c, s, kind, t) if z.uid in st.zombies]
    if not group:
        return 0
    # in the bunker every zombie is on the target square: no one of them is "the" target
    head = group[0] if t != BUNKER and tuple(group[0].pos) == t else None
    singles = [z for z in group if not z.double]
    doubles = [z for z in group if z.double]
    kills, _, on_doubles = dice.allocate(succ, knock, len(singles), len(doubles),
                                         None if head is None else ("double" if head.double else "single"))
    # the default order of the hits: the target, then the allocation's doubles (halved, then killed), then singles
    plan: list = []
    if head is not None:
        plan += [head] * min(kills, 2 if head.double else 1)
        if head.double:
            on_doubles -= len(plan)
    rest_d = [z for z in doubles if z is not head]
    halved = min(on_doubles, len(rest_d))
    plan += rest_d[:halved] + rest_d[:on_doubles - halved]
    plan += [z for z in singles if z is not head][:kills - len(plan)]
    for i in range(kills):
        z = plan[i]
        rest = [y for y in group if y.uid in st.zombies and y is not head]
        room = sum(2 if y.double else 1 for y in rest)
        forced = head is not None and head.uid in st.zombies
        kinds = {}
        for y in sorted(rest, key=lambda y: y.uid):
            kinds.setdefault((tuple(y.pos), y.double), y)
        if not forced and len(kinds) > 1 and kills - i < room:
            opts = tuple(y.uid for y in kinds.values())
            dflt = next((k for k, y in enumerate(kinds.values())
                         if z.uid in st.zombies and (tuple(y.pos), y.double) == (tuple(z.pos), z.double)), 0)
            u = yield Ask("spill", s.id, f"{c.name(s.id)}: success {i + 1} of {kills} -- which zombie does it kill?",
                          opts, tuple(f"{'double' if y.double else 'single'} {_where(y.pos)}" for y in kinds.values()),
                          P_COMBAT, dflt)
            z = st.zombies[u]
        elif z.uid not in st.zombies:
            z = head if forced else min(rest, key=lambda y: y.uid)
        if z.double:
            z.double = False
        else:
            st.zombies.pop(z.uid)
    standing = [z for z in group if z.uid in st.zombies and not z.double and not z.down]
    kd = min(knock, len(standing))
    for z in standing[:kd]:
        z.down = True
    if kills or kd:
        c.emit("hits", P_COMBAT, f"{kills} hit(s)" + (f", {kd} zombie(s) knocked down" if kd else ""),
               kills=kills, knockdowns=kd)
    return kills


# ---- search -------------------------------------------------------------------------------------------------
def search(c: Ctx, s: Squad) -> Flow:
    """"Roll red dice equal to your squad's Smarts: for each success (5 or Z) draw 1 card from the deck
    matching the symbol inside the search icon. Now draw a Search token ... White numbers are the minimum
    number of Smarts you need to roll to search again. When a location is successfully searched a second
    time, flip the token to the X side ... Red numbers mean you must place that number of zombies adjacent
    to you; then flip the token to the X side." A white number n: a later search needs n successes."""
    st, box = c.st, c.box
    pos = tuple(s.pos)
    deck = {"search_armory": "armory", "search_food": "food", "search_item": "items",
            "search_scrap": "scrap"}[c.city.kind[pos]]
    n = sq_.smarts(box, s)
    succ = yield from c.roll("smarts", dice.smarts_check(n, box.dice), P_SEARCH,
                             f"{c.name(s.id)} searches: {max(1, n)} red dice, 5 or Z", lambda k: f"{k} success(es)")
    tok = st.tokens.get(key(pos))
    s.done["searches"] = s.done.get("searches", 0) + 1
    if tok is not None and succ < tok["n"]:
        c.emit("search", P_SEARCH, f"{c.name(s.id)} needs {tok['n']} success(es) to search here again: nothing found",
               player=s.id)
        return
    from nollab.packs.zpocalypse.day import gain_cards
    what = {"armory": "armory", "food": "food", "items": "item", "scrap": "scrap"}[deck]
    c.emit("search", P_SEARCH, f"{c.name(s.id)} finds {succ} {deck} card(s)", player=s.id)
    yield from gain_cards(c, s, {what: succ}, P_SEARCH)
    if tok is not None:
        tok["x"] = True
        c.emit("exhausted", P_SEARCH, "second successful search: the token is flipped to X")
        return
    t = yield from c.draw("search", P_SEARCH, "a Search token")
    if t is None:
        return
    colour, num = ("white", int(t[5:])) if t.startswith("white") else ("red", int(t[3:]))
    st.tokens[key(pos)] = {"colour": colour, "n": num, "x": colour == "red"}
    if colour == "red":
        placed = yield from place_zombies(c, s.id, _free_adjacent(c, pos), num, P_SEARCH,
                                          f"place a zombie next to the squad (red Search token {num})")
        c.emit("token", P_SEARCH, f"red {num}: {placed} zombie(s) placed next to {c.name(s.id)}; the token is flipped to X")
    else:
        c.emit("token", P_SEARCH, f"white {num}: searching here again needs {num} success(es)")


def _free_adjacent(c: Ctx, pos) -> list:
    st = c.st
    occ = _zsquares(c) | {tuple(o.pos) for o in st.squads if o.pos is not None} | _lookouts(c)
    if tuple(pos) == BUNKER:
        return [BUNKER] * 8
    return [q for q in c.city.neighbours(tuple(pos), ("sandbags", "wall", "gate")) if q not in occ and q != BUNKER]


# ---- damage and death ---------------------------------------------------------------------------------------
def damage(c: Ctx, s: Squad, n: int, page: str, why: str) -> Flow:
    if n <= 0 or s.pos is None:
        return
    s.wounds += n
    c.emit("damage", page, f"{c.name(s.id)} loses {n} HP ({why}): HP {sq_.hp(c.box, s)}", player=s.id, hp=n)
    if sq_.hp(c.box, s) <= 0:
        yield from wipe(c, s)


def lose_survivor(c: Ctx, s: Squad, page: str) -> Flow:
    """"If the zombies roll double Zs, immediately lose a survivor from your squad (dropping any cards he
    carried), and add a zombie to the board adjacent to your squad ... On Death's Door: If your squad's
    total HPs are below 10 ... instead of subtracting a survivor's total HP from your squad, reduce your
    total HPs by 2." The player chooses who is lost."""
    box = c.box
    act = sq_.active(box, s)
    if not act:
        return
    opts = tuple(m.id for m in act)
    o = yield Ask("survivor_lost", s.id, f"double Zs: {c.name(s.id)} loses a survivor", opts,
                  tuple(box.survivors[i].name for i in opts), P_ZATT,
                  min(range(len(opts)), key=lambda i: box.survivors[opts[i]].hp))
    hp0 = sq_.hp(box, s)
    m = next(m for m in s.members if m.id == o)
    s.members.remove(m)
    s.lost += 1
    door = hp0 < box.dice.death_door_hp
    if door:
        s.wounds = max(0, sq_.hp_max(box, s) - (hp0 - box.dice.death_door_loss))
    c.emit("survivor_lost", P_ZATT, f"{c.name(s.id)} loses {box.survivors[o].name}"
           + (" (On Death's Door: -2 HP)" if door else ""), player=s.id)
    if s.pos is not None:
        yield from place_zombies(c, s.id, _free_adjacent(c, s.pos), 1, P_DEATH, "add a zombie next to the squad "
                                 "(a survivor lost)")
    if len(s.cards) > sq_.capacity(box, s):
        _drop(c, s, s.cards[sq_.capacity(box, s):])
    if not sq_.active(box, s) or sq_.hp(box, s) <= 0:
        yield from wipe(c, s)


def _drop(c: Ctx, s: Squad, cards: list) -> None:
    st = c.st
    if not cards:
        return
    for x in cards:
        s.cards.remove(x)
    if s.pos is None or tuple(s.pos) == BUNKER:
        st.item_pile.extend({"uid": x.uid, "card": x.card, "empty": x.empty} for x in cards)
        return
    g = st.gear.setdefault(key(s.pos), {"owner": s.id, "cards": []})
    g["cards"].extend({"uid": x.uid, "card": x.card, "empty": x.empty} for x in cards)
    c.emit("gear", P_DEATH, f"{len(cards)} card(s) dropped under {c.name(s.id)}'s Death token", player=s.id)


def wipe(c: Ctx, s: Squad) -> Flow:
    """"If you have no HPs left, arrange your hand of cards ... into a pile, placing a Death token ... Pick 2
    new survivors from the draw pile in the bunker, and start your next turn in the bunker ... Easy Mode:
    Keep your firearm and melee skills ... Hardcore: When your squad dies, reset both ... to 0." With no
    survivor left in the bunker the squad waits for the next day's Scavenge roll ("roll 1 red die for
    scavenging"), unless the zombies are enraged: "When you have run out of unclaimed survivors there is
    no chance to restart your squad"."""
    st, box = c.st, c.box
    c.emit("wiped", P_DEATH, f"{c.name(s.id)}'s squad is wiped out", player=s.id)
    s.wiped += 1
    s.lost += len(s.members)
    _drop(c, s, list(s.cards))
    s.members = []
    s.wounds = 0
    s.pos = None
    if st.setup["mode"] == "hardcore":
        s.firearm_pts = s.melee_pts = s.firearm_floor = s.melee_floor = 0
    if st.turn == s.id:
        st.actions_left = 0
    if st.hunt:
        s.out = True  # Day Zero: no bunker to restart from
        c.emit("out", "Day Zero", f"{c.name(s.id)}'s squad is dead: no bunker to restart from", player=s.id)
    elif st.pool:
        yield from recruit_from_pool(c, s, P_DEATH)
        s.pos = BUNKER
        sq_.refresh_floors(box, s) if st.setup["mode"] == "easy" else None
    elif st.enraged:
        s.out = True
        c.emit("out", P_DEATH, f"no unclaimed survivors: {c.name(s.id)} is out of the game", player=s.id)
    else:
        c.emit("waits", P_DEATH, f"no survivor in the bunker: {c.name(s.id)} waits for the next day's Scavenge",
               player=s.id)


# ---- zombies ------------------------------------------------------------------------------------------------
def zombie_phase(c: Ctx, resume: bool = False) -> Flow:
    """The zombies' turn: lookouts collapse, zombies get up and move, attack, breach (``resume``: at its Pause, already announced)."""
    st, box = c.st, c.box
    if not resume:
        c.emit("zombies", P_ZMOVE, f"the zombies move and attack ({len(st.zombies)} on the board)")
    yield Pause("zombies")
    # lookouts that took the 4-zombie push last turn collapse now
    for k, f in list(st.forts.items()):
        if f["kind"] == "lookout" and f["collapse"]:
            del st.forts[k]
            p = sq(k.split(","))
            c.emit("rubble", P_FORT, f"the lookout on {k} turns into rubble")
            for s in on_board(c):
                if tuple(s.pos) == p:
                    v = yield from c.roll("red_die", dice.red_die(box.dice).map(lambda r: box.dice.red_values[r - 1]),
                                          P_FORT, "1 red die of direct damage, ignoring Armor", str)
                    s.stunned = True
                    yield from damage(c, s, v, P_FORT, "the lookout collapsed")
    rising = {u for u, z in st.zombies.items() if z.down}
    for u in rising:
        st.zombies[u].down = False
    yield from move_zombies(c, rising)
    for k, f in st.forts.items():
        if f["kind"] == "lookout":
            p = sq(k.split(","))
            n = sum(1 for z in st.zombies.values() if tuple(z.pos) != BUNKER and chebyshev(tuple(z.pos), p) == 1)
            if n >= 4 and not f["collapse"]:
                f["collapse"] = 1
                c.emit("lookout", P_FORT, f"4 zombies push at the lookout on {k}: it will collapse next turn")
    yield from zombie_attacks(c)
    yield from bunker_breach(c)


def zombie_attacks(c: Ctx) -> Flow:
    """Zombies next to a squad (or inside the bunker with it) attack it together: one defence roll, then
    the attack dice (:func:`nollab.packs.zpocalypse.zombies.zombie_attack`, the lab's odds). A zombie
    next to several squads attacks the one with the most VPs ("the larger group attacking the player
    with the higher VPs"). Zombies stopped by a sandbag do not attack; a squad on a lookout is out of
    reach until it collapses ("it acts the same as a wall")."""
    st, box, city = c.st, c.box, c.city
    night = night_of(c)
    groups: dict[str, list] = {}
    contested: dict[tuple, list] = {}
    for z in sorted(st.zombies.values(), key=lambda z: z.uid):
        if z.stunned:
            z.stunned = False
            continue
        if z.down:
            continue
        zp = tuple(z.pos)
        near = []
        for s in on_board(c):
            sp = tuple(s.pos)
            if sp == BUNKER or zp == BUNKER:
                ok = sp == zp
            else:
                ok = city.adjacent(zp, sp) and st.forts.get(key(sp), {}).get("kind") != "lookout" \
                    and city.edge(zp, sp) not in ("wall", "gate")
            if ok:
                near.append(s)
        if len(near) == 1:
            groups.setdefault(near[0].id, []).append(z)
        elif near:
            contested.setdefault(tuple(sorted(s.id for s in near)), []).append(z)
    for ids, zs in contested.items():
        order = yield from split_order(c, [st.squad(i) for i in ids])
        for s, take in shares(zs, order):
            groups.setdefault(s.id, []).extend(take)
    for pid in st.order + [s.id for s in st.squads if s.id not in st.order]:
        zs = groups.get(pid)
        s = st.squad(pid)
        if not zs or s.pos is None:
            continue
        singles = sum(1 for z in zs if not z.double)
        doubles = len(zs) - singles
        surv = len(sq_.active(box, s))
        arm = sq_.armor(box, s)
        res = yield from c.roll("zombie_attack", zodds.zombie_attack(singles, doubles, surv, arm, night, box.dice),
                                P_ZATT, f"{singles} single + {doubles} double zombie(s) attack {c.name(pid)} "
                                f"({surv} defence dice, Armor {arm}, night {night})",
                                lambda r: f"{r[0]} damage" + (f", {r[1]} survivor(s) lost" if r[1] else ""))
        dmg, lost = res[0], res[1]
        for _ in range(lost):
            if s.pos is None:
                break
            yield from lose_survivor(c, s, P_ZATT)
        if s.pos is not None and dmg:
            yield from damage(c, s, dmg, P_ZATT, "zombie attack")
        elif s.pos is not None:
            c.emit("no_damage", P_ZATT, f"{c.name(pid)} takes no damage", player=pid)


def bunker_breach(c: Ctx) -> Flow:
    """"When a zombie enters the bunker, and there are no squads there, it attacks the unattended
    survivors. Each zombie turns 1 survivor into a zombie. The next round, those 2 turn 2 more, etc."
    "Zombies are now enraged" when the unclaimed survivors have run out."""
    st = c.st
    inside = [z for z in st.zombies.values() if tuple(z.pos) == BUNKER]
    if not inside or any(tuple(s.pos) == BUNKER for s in on_board(c)):
        return
    if not st.breached:
        st.breached = True
        c.emit("breach", P_BUNKER, "zombies breach the bunker")
    n = min(len(inside) * 1 + sum(1 for z in inside if z.double), len(st.pool))
    for _ in range(n):
        sid = st.pool.pop(0)
        add_zombie(c, BUNKER, P_BUNKER)
        c.emit("turned", P_BUNKER, f"{c.box.survivors[sid].name} in the bunker is turned into a zombie")
    if not st.pool and not st.enraged:
        st.enraged = True
        c.emit("enraged", P_BUNKER, "no unclaimed survivors left: the zombies are enraged (+2 Movement, they hunt the "
               "closest squad regardless of LOS)")
    if False:
        yield
