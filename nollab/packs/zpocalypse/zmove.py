"""Zombie Movement (summary, "Zombie Movement"): goals, paths, the moving player's choices, merging,
pushing, sandbags, traps and walls.

"The player with the most VPs moves the zombies (other players may help), starting with the zombies
closest to their goals (the bunker or nearby squads). Zombies always move the maximum number of squares
possible along the shortest path to the bunker entrance, moving around all objects except sandbags and
traps. They move towards a squad instead of the bunker if, at any time, the squad comes within 4 squares
and LOS." "Single zombies (grey) become double zombies (lime green) when they move into the same square;
create double zombies whenever possible. Otherwise, zombies may pass through a square occupied by other
zombies, but if their movement is blocked by another zombie, they push those zombies along."

How the engine reads it (docs/rulings.md, "Zpocalypse engine: who moves the zombies, path ties and
pushing"):

- A zombie's move is one of the *ends* its shortest paths reach with its full speed (:func:`ends`). When
  the ties of an 8-neighbour grid give several ends, the player with the most VPs picks one (a pending
  ``zombie_path`` choice) -- among those that make a double if one does ("create double zombies whenever
  possible"); the default is the engine's fixed order (a merge first, then a free square, then reading
  order), which the bots and ``run_until`` take.
- "starting with the zombies closest to their goals": among zombies equally close (by their shortest path at
  the start of the move), that player also picks which moves next (a pending ``zombie_order`` choice), asked
  only while two or more are left and their moves can interact (:func:`order_matters`: pushing and merging
  make the order count); the default is the engine's order (oldest zombie first).
- Zombies equally near several squads (on different squares) split between them, the larger group to the
  player with more VPs, a VP tie decided by a red die (:func:`split_order`, :func:`shares`; the zombie
  attacks split the same way).
- A zombie whose move ends on a square held by a zombie it cannot merge with is "blocked by another
  zombie": it pushes that zombie one square further along its own path (:func:`push`), a line of zombies
  being pushed in turn; when nothing can give way it stops short on the last square it may stand on.
"""
from __future__ import annotations

from nollab.games.protocol import Chance
from nollab.packs.zpocalypse.board import BUNKER, chebyshev, edge_key
from nollab.packs.zpocalypse.engine import Ask, Ctx, Flow
from nollab.packs.zpocalypse.state import Squad, sq

__all__ = ["on_board", "lookouts", "mover", "zombie_goal", "goal_ties", "split_order", "shares", "move_zombies", "ends",
           "order_matters", "order_ids", "push", "land", "P_ZMOVE"]

P_ZMOVE, P_FORT = "Zombie Movement", "Phase 2 Fortify"
#: longest line of zombies one push moves (a bound far above any real board: 40 miniatures)
PUSH_DEPTH = 40


def on_board(c: Ctx) -> list[Squad]:
    return [s for s in c.st.squads if not s.out and s.pos is not None and s.members]


def lookouts(c: Ctx) -> set:
    return {sq(k.split(",")) for k, f in c.st.forts.items() if f["kind"] == "lookout"}


def mover(c: Ctx) -> str | None:
    """"The player with the most VPs moves the zombies": on a VP tie the first of them in turn order
    (docs/rulings.md); None when no squad is left in the game."""
    st = c.st
    live = [s for s in st.squads if not s.out]
    if not live:
        return None
    order = {p: i for i, p in enumerate(st.order)}
    best = max(live, key=lambda s: (s.vp, -order.get(s.id, len(order) + s.seat)))
    return best.id


def zombie_goal(c: Ctx, z) -> tuple:
    """The zombie's goal: ``("squad", id)`` or ``("bunker", None)`` -- the first of :func:`goal_ties`."""
    ties = goal_ties(c, z)
    return ("squad", ties[0]) if ties else ("bunker", None)


def goal_ties(c: Ctx, z) -> list[str]:
    """The squads the zombie goes for, nearest first; more than one when several are equally near (on different
    squares), or [] for the bunker. "Zombies always move ... along the shortest path to the bunker entrance
    ... They move towards a squad instead of the bunker if, at any time, the squad comes within 4 squares and
    LOS." "Once the bunker is breached and there are no survivors left inside, zombies gain +2 Movement and
    always move towards the closest squad"; enraged zombies "move towards the closest squad regardless of LOS".
    Among squads on one square (the bunker) the one with most VPs, then the first seat."""
    st, city = c.st, c.city
    pos = tuple(z.pos)
    squads = on_board(c)
    if not squads:
        return []
    hunt = st.enraged or st.hunt or (st.breached and not st.pool)
    near = []
    for s in squads:
        sp = tuple(s.pos)
        if sp == BUNKER:
            d = 0 if pos == BUNKER else (chebyshev(pos, city.entrance) + 1)
            sight = pos == BUNKER
        else:
            d = chebyshev(pos, sp) if pos != BUNKER else chebyshev(city.entrance, sp) + 1
            blockers = ({tuple(o.pos) for o in st.squads if o.pos is not None and o is not s} |
                        {tuple(y.pos) for y in st.zombies.values() if y is not z})
            sight = pos != BUNKER and city.los(pos, sp, blockers, gates_block=False)
        if hunt or (d <= c.box.rules.aggro and sight):
            near.append((d, -s.vp, s.seat, sp, s.id))
    if not near:
        return []
    near.sort()
    out, seen = [], set()
    for d, _, _, sp, sid in near:
        if d == near[0][0] and sp not in seen:
            seen.add(sp)
            out.append(sid)
    return out


def split_order(c: Ctx, squads: list) -> Flow:
    """Zombie Movement: "If given a choice of attacking or moving towards more than 1 squad, the zombies split,
    with the larger group attacking the player with the higher VPs. On a VP tie, both players roll a red die: the
    higher roller gets 1 fewer zombie." The squads from the larger share to the smaller; a tie is one chance
    node over the tied players (the winner of the roll, re-rolling ties, goes last)."""
    out = []
    by_vp: dict[int, list] = {}
    for s in squads:
        by_vp.setdefault(s.vp, []).append(s)
    for vp in sorted(by_vp, reverse=True):
        tied = sorted(by_vp[vp], key=lambda s: s.seat)
        winners: list = []
        while len(tied) > 1:
            w = yield Chance("split_tie", tuple(s.id for s in tied), tuple(1 for _ in tied), P_ZMOVE,
                             tuple(c.name(s.id) for s in tied), "VP tie: the higher red die gets 1 fewer zombie")
            winner = next(s for s in tied if s.id == w)
            tied.remove(winner)
            winners.insert(0, winner)
        out += tied + winners
    return out


def shares(zs: list, order: list) -> list[tuple]:
    """``zs`` split as evenly as they go over ``order`` (larger shares first): ``[(squad, zombies)]``."""
    k, total, out = len(order), len(zs), []
    for i, s in enumerate(order):
        n = total // k + (1 if i < total % k else 0)
        out.append((s, zs[:n]))
        zs = zs[n:]
    return out


def _field(c: Ctx, goal: tuple, through_walls: bool, avoid=()) -> dict:
    st, city = c.st, c.city
    squads = {tuple(s.pos) for s in on_board(c)}
    goals = [BUNKER] if goal[0] == "bunker" else [tuple(st.squad(goal[1]).pos)]
    if avoid:
        from nollab.packs.zpocalypse.board import City
        edges = dict(city.edges)
        for e in avoid:
            edges[e] = "red"
        city = City(c.box, city.slots, edges, st.setup["base"])
    return city.zombie_field(goals, squads - {BUNKER} - set(goals), lookouts(c), through_walls)


def move_zombies(c: Ctx, rising: set) -> Flow:
    """Each zombie moves up to the Night's speed, closest to its goal first; among equally close ones the moving
    player picks the order (``zombie_order``, see the module docstring).
    "A zombie must stop after it moves over a player-placed sandbag" and cannot attack on its next turn.
    Traps kill 2 zombies (no VP). Walls: a double is "blocked for 1 round ... On the next round remove the
    wall ... On the third round, the zombie can continue"; a single "tries for 1 round, then looks for
    another way in". Zombies getting up from a knockdown (``rising``) "cannot move"."""
    st, box = c.st, c.box
    speed = st.speed + (box.rules.breach_bonus if (st.enraged or (st.breached and not st.pool)) else 0)
    plans = []
    fields: dict = {}
    goals: dict = {}
    split: dict = {}
    for z in sorted(st.zombies.values(), key=lambda z: z.uid):
        if z.uid in rising or tuple(z.pos) == BUNKER:
            continue
        ties = goal_ties(c, z)
        if len(ties) > 1:
            split.setdefault(tuple(sorted(ties)), []).append(z)
        goals[z.uid] = ("squad", ties[0]) if ties else ("bunker", None)
    for ids, zs in split.items():
        # "If given a choice of ... moving towards more than 1 squad, the zombies split"
        order = yield from split_order(c, [st.squad(i) for i in ids])
        for s, part in shares(zs, order):
            for z in part:
                goals[z.uid] = ("squad", s.id)
        c.emit("split", P_ZMOVE, f"{len(zs)} zombie(s) equally near " + " and ".join(c.name(i) for i in ids)
               + " split: " + ", ".join(f"{len(part)} to {c.name(s.id)}" for s, part in shares(zs, order)))
    for z in st.zombies.values():
        if z.uid not in goals:
            continue
        g = goals[z.uid]
        fk = (g, tuple(z.avoid), False)
        if fk not in fields:
            fields[fk] = _field(c, g, False, z.avoid)
        d = fields[fk].get(tuple(z.pos), 10_000)
        plans.append((d, z.uid, g))
    plans.sort()
    who = mover(c)
    for d in sorted({d for d, _, _ in plans}):
        left = [(u, g) for e, u, g in plans if e == d]
        while left:
            left = [(u, g) for u, g in left if u in st.zombies]   # merged away or trapped meanwhile
            if not left:
                break
            i = 0
            if len(left) > 1 and who is not None and order_matters(
                    c, [st.zombies[u] for u, _ in left], speed,
                    {u for u, g in left if _into_bunker(c, st.zombies[u], g, fields, speed)}):
                zs = [st.zombies[u] for u, _ in left]
                ids = order_ids(zs)
                o = yield Ask("zombie_order", who, f"{c.name(who)} moves the zombies equally close to their goals: "
                              "which one moves next?", ids, tuple(_order_label(c, z, g) for z, (_, g) in
                                                                   zip(zs, left)), P_ZMOVE, 0)
                i = ids.index(o)
            u, g = left.pop(i)
            yield from _move_one(c, st.zombies[u], g, speed, fields, who)


def order_ids(zs: list) -> tuple:
    """The zombies' names in a ``zombie_order`` choice: their squares ``"x,y"`` (a board click maps to one),
    ``"x,y#uid"`` when two share a square."""
    names = [f"{z.pos[0]},{z.pos[1]}" for z in zs]
    if len(set(names)) < len(names):
        names = [f"{n}#{z.uid}" for n, z in zip(names, zs)]
    return tuple(names)


def _order_label(c: Ctx, z, g) -> str:
    to = "the bunker" if g[0] == "bunker" else c.name(g[1])
    return f"the {'double' if z.double else 'single'} zombie on {z.pos[0]},{z.pos[1]} (toward {to})"


def _into_bunker(c: Ctx, z, g, fields: dict, speed: int) -> bool:
    """Does every end of ``z``'s move lie in the bunker (which holds any number: no merge, no push)? Such a
    move touches nothing on its way ("Zombies may pass through a square occupied by other zombies")."""
    if g[0] != "bunker" or z.wall is not None:
        return False
    field = fields.get((g, tuple(z.avoid), False))
    if field is None or tuple(z.pos) not in field:
        return False
    return all(o[0] == BUNKER for o in ends(c, z, field, False, speed, 0)[0])


def order_matters(c: Ctx, zs: list, speed: int, inert: set = frozenset()) -> bool:
    """Can the order in which the zombies ``zs`` (equally close to their goals) move change the outcome? A cheap
    test that never says no when it can: a double at a wall may push it down (every later path changes);
    otherwise two of them interact only through the squares they can reach -- a move ends within ``speed``,
    a pushed zombie goes one square further, a line of zombies is pushed in turn -- so the movers and the other
    zombies on the board (which may be pushed one square) are linked when their reaches overlap, and the order
    matters when two movers end up linked, one of them a mover that may end on the board. The ``inert`` ones go
    straight into the bunker (:func:`_into_bunker`): they only matter as zombies another may push first."""
    if any(z.double and z.wall is not None for z in zs):
        return True
    movers = {z.uid for z in zs}
    nodes = [(z.uid, tuple(z.pos), 1 if z.uid in inert else speed + 1) for z in zs]
    nodes += [(y.uid, tuple(y.pos), 1) for y in c.st.zombies.values() if y.uid not in movers and tuple(y.pos) != BUNKER]
    root = {u: u for u, _, _ in nodes}

    def find(u):
        while root[u] != u:
            root[u] = root[root[u]]
            u = root[u]
        return u
    for i, (a, pa, ra) in enumerate(nodes):
        for b, pb, rb in nodes[i + 1:]:
            if chebyshev(pa, pb) <= ra + rb:
                root[find(a)] = find(b)
    count: dict = {}
    for u in movers:
        n, live = count.get(find(u), (0, False))
        count[find(u)] = (n + 1, live or u not in inert)
    return any(n > 1 and live for n, live in count.values())


def occupants(c: Ctx, p, me=None) -> list:
    return [y for y in c.st.zombies.values() if y is not me and tuple(y.pos) == p]


def _fits(c: Ctx, z, p) -> bool:
    """May ``z`` end its move on ``p``: the bunker (any number), a free square, or a single onto a single
    (they merge)."""
    if p == BUNKER:
        return True
    occ = occupants(c, p, z)
    return not occ or (not z.double and len(occ) == 1 and not occ[0].double)


def _merges(c: Ctx, z, p) -> bool:
    """Would the single ``z`` ending on ``p`` merge with the single there?"""
    occ = occupants(c, p, z)
    return len(occ) == 1 and not occ[0].double and not z.double


def _rank(c: Ctx, z, q) -> tuple:
    """The engine's order among equally short steps: a merge first, then a free square, then reading order."""
    occ = occupants(c, q, z) if q != BUNKER else []
    merge = (not z.double) and len(occ) == 1 and not occ[0].double
    return (not merge, bool(occ), q[1] if q != BUNKER else -1, q[0] if q != BUNKER else -1)


def ends(c: Ctx, z, field: dict, walls: bool, speed: int, stop_at: int) -> tuple[list, int]:
    """Every way the zombie's move can end along its shortest paths with its full speed: ``[(square, wall
    edge or None, crossed a sandbag, path)]`` in a fixed order, and the index of the engine's default (the
    greedy walk by :func:`_rank`). A move ends at the goal (``stop_at``), at full speed, after crossing a
    sandbag, on a trap, or before a wall or gate (in ``walls`` mode, when no other way is left)."""
    city, st = c.city, c.st
    cross = ("sandbags", "wall", "gate") if walls else ("sandbags",)
    start = tuple(z.pos)
    out: dict = {}
    layer = {start: (start,)}
    for _ in range(speed):
        nxt: dict = {}
        for here in sorted(layer, key=lambda p: _rank(c, z, p)):
            path = layer[here]
            if field.get(here, 0) <= stop_at:
                out.setdefault((here, None, False), path)
                continue
            steps = sorted((q for q in city.neighbours(here, cross) if field.get(q, 10_000) == field[here] - 1),
                           key=lambda q: _rank(c, z, q))
            if not steps:
                out.setdefault((here, None, False), path)
            for q in steps:
                e = city.edge(here, q) if BUNKER not in (here, q) else None
                if e in ("wall", "gate"):
                    out.setdefault((here, edge_key(here, q), False), path)
                elif e == "sandbags":
                    out.setdefault((q, None, True), path + (q,))
                elif q != BUNKER and st.forts.get(f"{q[0]},{q[1]}", {}).get("kind") == "trap":
                    out.setdefault((q, None, False), path + (q,))
                else:
                    nxt.setdefault(q, path + (q,))
        layer = nxt
        if not layer:
            break
    for here, path in layer.items():
        out.setdefault((here, None, False), path)
    options = [(p, w, s, path) for (p, w, s), path in out.items()]
    # "create double zombies whenever possible": if some end merges this single with another, only those do
    merges = [o for o in options if o[0] != BUNKER and not z.double and _merges(c, z, o[0])]
    if merges:
        options = merges
    options.sort(key=lambda o: (o[0] == BUNKER, o[0][1], o[0][0], o[1] or "", o[2]))
    # the engine's default: the greedy walk, one best step at a time
    here, dflt = start, None
    for _ in range(speed):
        if field.get(here, 0) <= stop_at:
            break
        steps = [q for q in city.neighbours(here, cross) if field.get(q, 10_000) == field[here] - 1]
        if not steps:
            break
        q = min(steps, key=lambda q: _rank(c, z, q))
        e = city.edge(here, q) if BUNKER not in (here, q) else None
        if e in ("wall", "gate"):
            dflt = (here, edge_key(here, q), False)
            break
        here = q
        if e == "sandbags":
            dflt = (q, None, True)
            break
        if q != BUNKER and st.forts.get(f"{q[0]},{q[1]}", {}).get("kind") == "trap":
            break
    dflt = dflt or (here, None, False)
    i = next((i for i, o in enumerate(options) if o[:3] == dflt), 0)  # the greedy end, or a merge if it does not
    return options, i


def option_id(o) -> str:
    """An end's name in a ``zombie_path`` choice: ``"x,y"`` or ``"bunker"``, ``"|<edge>"`` when it stops at a
    wall or gate, ``"|s"`` when it crossed a sandbag."""
    p, wall, sandbag = o[0], o[1], o[2]
    return ("bunker" if p == BUNKER else f"{p[0]},{p[1]}") + (f"|{wall}" if wall else "") + ("|s" if sandbag else "")


def _label(c: Ctx, z, o) -> str:
    p, wall, sandbag, _ = o
    where = "the bunker" if p == BUNKER else f"{p[0]},{p[1]}"
    tail = ""
    if wall:
        tail = f" (stops at the {c.st.edges[wall]['kind']} on {wall})"
    elif sandbag:
        tail = " (over a sandbag: stops)"
    elif p != BUNKER and c.st.forts.get(f"{p[0]},{p[1]}", {}).get("kind") == "trap":
        tail = " (into a trap)"
    elif p != BUNKER and occupants(c, p, z):
        tail = " (merges)" if _fits(c, z, p) else " (pushes the zombie there)"
    return f"to {where}{tail}"


def _move_one(c: Ctx, z, g, speed: int, fields: dict, who: str | None) -> Flow:
    st, city = c.st, c.city
    if z.wall is not None:
        z.wall_rounds += 1
        if z.wall not in st.edges:
            z.wall, z.wall_rounds = None, 0  # pushed down (or blown up): it goes on
        elif z.double:
            if z.wall_rounds >= 2:
                c.emit("wall_down", P_FORT, f"a double zombie pushes down the {st.edges[z.wall]['kind']} on {z.wall}")
                del st.edges[z.wall]
                fields.clear()
            return
        else:
            if z.wall_rounds == 1:
                return  # "it tries for 1 round"
            z.avoid.append(z.wall)
            c.emit("wall_give_up", P_FORT, f"a single zombie cannot push over the {z.wall} and looks for another way in")
            z.wall, z.wall_rounds = None, 0

    def cached(through: bool) -> dict:
        fk = (g, tuple(z.avoid), through)
        if fk not in fields:
            fields[fk] = _field(c, g, through, z.avoid)
        return fields[fk]
    field, walls = cached(False), False
    pos = tuple(z.pos)
    if pos not in field:
        field, walls = cached(True), True
    if pos not in field:
        return
    stop_at = 1 if g[0] == "squad" and tuple(st.squad(g[1]).pos) != BUNKER else 0
    options, dflt = ends(c, z, field, walls, speed, stop_at)
    choice = options[dflt]
    if len(options) > 1 and who is not None:
        ids = tuple(option_id(o) for o in options)
        o = yield Ask("zombie_path", who, f"{c.name(who)} moves a {'double' if z.double else 'single'} zombie from "
                      f"{pos[0]},{pos[1]}: where does its move end?", ids,
                      tuple(_label(c, z, o) for o in options), P_ZMOVE, dflt)
        choice = options[ids.index(o)]
    end, wall, sandbag, path = choice
    if wall:
        z.wall, z.wall_rounds = wall, 0
        c.emit("wall", P_FORT, f"a {'double' if z.double else 'single'} zombie reaches the {st.edges[wall]['kind']} "
               f"on {wall}")
    if not _fits(c, z, end):
        if push(c, z, end, field):
            c.emit("push", P_ZMOVE, f"a zombie blocked on {end[0]},{end[1]} pushes the zombie there along")
        else:
            # nothing gives way: it stops on the last square of its path it may stand on
            path = list(path)
            while len(path) > 1 and not _fits(c, z, path[-1]):
                path.pop()
            end, sandbag = path[-1], sandbag and path[-1] == choice[0]
            if not _fits(c, z, end):
                return
    if end == pos:
        return
    if sandbag:
        z.stunned = True
    land(c, z, end)


def push(c: Ctx, pusher, p, field: dict, depth: int = 0) -> bool:
    """"if their movement is blocked by another zombie, they push those zombies along": the zombie on ``p``
    moves one square further along ``field`` (the pusher's shortest path), to a square where it may stand --
    a free one, a merge, or one whose zombie is pushed in turn. Never into a squad, a lookout or over a wall.
    True when ``p`` was freed for the pusher."""
    if depth > PUSH_DEPTH or p == BUNKER or p not in field:
        return False
    st, city = c.st, c.city
    occ = occupants(c, p, pusher)
    if len(occ) != 1:
        return False
    y = occ[0]
    squads = {tuple(s.pos) for s in on_board(c)}
    look = lookouts(c)
    steps = sorted((q for q in city.neighbours(p, ("sandbags",)) if field.get(q, 10_000) == field[p] - 1
                    and q not in squads - {BUNKER} and q not in look), key=lambda q: _rank(c, y, q))
    for q in steps:
        if _fits(c, y, q) or push(c, y, q, field, depth + 1):
            if city.edge(p, q) == "sandbags":
                y.stunned = True
            land(c, y, q)
            return True
    return False


def land(c: Ctx, z, end) -> None:
    """``z`` arrives on ``end``: a trap kills it (no VP; a double counts 2), a single onto a single merges."""
    st = c.st
    z.pos = end
    if end == BUNKER:
        return
    k = f"{end[0]},{end[1]}"
    trap = st.forts.get(k)
    if trap and trap["kind"] == "trap":
        n = min(2 if z.double else 1, 2 - trap["kills"])
        trap["kills"] += n
        st.trap_kills += n
        if z.double and n == 1:
            z.double = False
        else:
            st.zombies.pop(z.uid)
        c.emit("trap", P_FORT, f"{n} zombie(s) fall into the trap on {k} (no VP)")
        if trap["kills"] >= 2:
            del st.forts[k]
        return
    occ = occupants(c, end, z)
    if occ and not z.double and not occ[0].double:
        occ[0].double = True
        occ[0].stunned = occ[0].stunned or z.stunned
        st.zombies.pop(z.uid)
        c.emit("merge", P_ZMOVE, f"two single zombies merge into a double on {k}")
