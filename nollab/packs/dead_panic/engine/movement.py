"""Move Zombies (pp. 6-7, 10): Survivors first, the dead rise, the Creeper roll, every Zombie's
target and steps, Walls hit, Character Zombies, and the hits applied all at once.

Targeting, as the "Special Movement Conditions" table (p. 7) orders it: a Zombie with a
Survivor or Character in its space does not move; otherwise it advances toward the closest
Survivor or Character it sees (outside: its half of the board, p. 6) or hears (inside the
Cabin), moving "sideways in the arc with the Survivor or Character before advancing forward",
even backward; a Survivor beats a Character at equal distance; equal Survivors -- the players
choose; equal Characters -- the Bait order. With nothing in sight it advances toward the Cabin
ring; inside the Cabin with no Character in it, toward the nearest arc with a Character (or the
Rescuers' arc once they have arrived) and then toward them, "running into Walls, if present".
Each step is chosen afresh (a Sprinter's second step too). Walls: see :func:`_step`.
"""
from __future__ import annotations

from itertools import combinations

from nollab.packs.dead_panic.engine.combat import end_check
from nollab.packs.dead_panic.engine.core import Ctx, on_chance, resolver, task
from nollab.packs.dead_panic.engine.spaces import sid, split
from nollab.packs.dead_panic.engine.state import Zombie
from nollab.packs.dead_panic.walls import hit_wall

__all__ = ["CZ_ABILITIES", "occupied", "zombie_goal", "apply_wall_hits", "zombie_steps"]

#: "Choose 2: Win on ties, Reroll both dice once per turn, +1 to all rolls, Move 1 additional space,
#: Direct movement for another Zombie" (p. 10)
CZ_ABILITIES = ("win_ties", "reroll", "plus_one", "extra_move", "direct")
CZ_LABELS = {"win_ties": "Win on ties", "reroll": "Reroll both dice once per turn", "plus_one": "+1 to all rolls",
             "extra_move": "Move 1 additional space", "direct": "Direct movement for another Zombie"}


def occupied(ctx: Ctx, space: str) -> bool:
    """A Survivor or a living Character stands there: "Zombies DO NOT move if in the same space" (p. 6)."""
    st = ctx.st
    return any(s.space == space for s in st.survivors.values()) or \
        any(p.status == "alive" and p.space == space for p in st.players)


# ---- the phase --------------------------------------------------------------------------------------------
@task("move_phase")
def task_move_phase(ctx: Ctx) -> None:
    st = ctx.st
    st.phase = "move"
    st.wall_hits = {}
    st.directed = {}
    ctx.emit("phase", "p. 6", f"Round {st.round}: Move Zombies -- Survivors first, then the Zombies")
    ctx.push(["survivors_move"], ["rise"], ["creeper_roll"], ["cz_direct", 0], ["zombies_move"],
             ["cz_moves", 0], ["wall_hits"], ["fight_phase"])


@task("survivors_move")
def task_survivors_move(ctx: Ctx) -> None:
    """ "any Survivors on the board move 1 space toward the Cabin first. If a Survivor makes it into
    the Cabin ... drops a Radio piece in the first room he/she enters" and stays there (p. 6)."""
    st, geo = ctx.st, ctx.geo
    for s in sorted(st.survivors.values(), key=lambda s: s.uid):
        arc, ring = split(s.space)
        if ring == geo.cabin or any(z.space == s.space for z in st.zombies.values()) or \
                any(p.status == "zombie" and p.space == s.space for p in st.players):
            continue  # in the Cabin for good; or held in a fight (docs/rulings.md)
        to = sid(arc, geo.rings[geo.ring_index(ring) + 1])
        ctx.emit("survivor_move", "p. 6", f"Survivor #{s.uid} moves from {s.space} to {to}", survivor=s.uid, to=to)
        s.space = to
        if ring == geo.yard and s.radio:
            s.radio = False
            st.radio[to] = st.radio.get(to, 0) + 1
            ctx.emit("radio_drop", "p. 6", f"Survivor #{s.uid} reaches the Cabin and drops a Radio piece in {to}",
                     survivor=s.uid, space=to)


@task("rise")
def task_rise(ctx: Ctx) -> None:
    """Dead Characters rise: Character Zombie token, the board turned over, 2 of 5 abilities (p. 10)."""
    down = [p for p in ctx.st.in_bait_order() if p.status == "down"]
    if not down:
        return
    p = down[0]
    pairs = [list(c) for c in combinations(CZ_ABILITIES, 2)]
    ctx.ask("cz_abilities", p.id, f"{ctx.name(p.id)} rises as a Zombie: choose 2 abilities (fixed for the game)",
            pairs, [" + ".join(CZ_LABELS[a] for a in pair) for pair in pairs], "p. 10",
            default=pairs.index(["plus_one", "extra_move"]))


@resolver("cz_abilities")
def resolve_cz_abilities(ctx: Ctx, choice, option) -> None:
    p = ctx.st.player(choice.who)
    p.status = "zombie"
    p.cz_abilities = list(option)
    p.cz_health = ctx.box.rules.character_zombie_health
    ctx.emit("rise", "p. 10", f"{ctx.name(p.id)} is now a Character Zombie in {p.space}", player=p.id,
             abilities=list(option))
    end_check(ctx)
    ctx.push(["rise"])


@task("creeper_roll")
def task_creeper_roll(ctx: Ctx) -> None:
    """ "Creepers move 1 space only on a die roll of 4 or more (1 die roll for all Creepers)" (p. 6)."""
    ctx.st.creepers_move = False
    creepers = [z for z in ctx.st.zombies.values() if z.kind in ctx.box.zombies
                and ctx.box.zombies[z.kind].walls == "none"]
    if creepers:
        ctx.d6("p. 6", "creeper_rolled", f"The Creeper die ({len(creepers)} Creeper(s)): they move on 4+")


@on_chance("creeper_rolled")
def creeper_rolled(ctx: Ctx, data: dict, face: int) -> None:
    ctx.st.creepers_move = face >= ctx.box.odds.creeper_min
    ctx.emit("creeper_roll", "p. 6", f"Creeper die: {face} -- the Creepers {'move' if ctx.st.creepers_move else 'stay'}",
             face=face)


@task("cz_direct")
def task_cz_direct(ctx: Ctx, k: int) -> None:
    """ "Direct movement for another Zombie (may be a different Zombie each turn)" (p. 10): the
    Character Zombie's player picks a Zombie and its first step (docs/rulings.md)."""
    czs = [p for p in ctx.st.in_bait_order() if p.status == "zombie" and "direct" in p.cz_abilities]
    if k >= len(czs):
        return
    p = czs[k]
    opts, labels = ["none"], ["Leave the Zombies be"]
    for z in sorted(ctx.st.zombies.values(), key=lambda z: z.uid):
        if occupied(ctx, z.space) or str(z.uid) in ctx.st.directed:
            continue
        for n in ctx.geo.neighbours(z.space, "creeper", ctx.st.walls):
            opts.append(f"{z.uid}>{n}")
            labels.append(f"Zombie #{z.uid} from {z.space} to {n}")
    ctx.push(["cz_direct", k + 1])
    if len(opts) > 1:
        ctx.ask("cz_direct", p.id, f"{ctx.name(p.id)}'s Zombie directs another Zombie", opts, labels, "p. 10")


@resolver("cz_direct")
def resolve_cz_direct(ctx: Ctx, choice, option) -> None:
    if option != "none":
        uid, _, to = option.partition(">")
        ctx.st.directed[uid] = to
        ctx.emit("direct", "p. 10", f"{ctx.name(choice.who)} directs Zombie #{uid} toward {to}", zombie=int(uid), to=to)


@task("zombies_move")
def task_zombies_move(ctx: Ctx) -> None:
    ctx.push(*[["zombie_move", z.uid] for z in sorted(ctx.st.zombies.values(), key=lambda z: z.uid)])


def zombie_steps(ctx: Ctx, z: Zombie) -> int:
    """Spaces this phase: "Sprinters always move 2 spaces ..., Creepers move 1 space only on a die
    roll of 4 or more ..., and all other Zombies move 1 space" (p. 6)."""
    if z.kind == "survivor_zombie":
        return 1
    zt = ctx.box.zombies[z.kind]
    if zt.walls == "none":
        return zt.move if ctx.st.creepers_move else 0
    return zt.move


@task("zombie_move")
def task_zombie_move(ctx: Ctx, uid: int, steps: int | None = None) -> None:
    z = ctx.st.zombies.get(uid)
    if z is None:
        return
    n = zombie_steps(ctx, z) if steps is None else steps
    if n > 0:
        ctx.push(["zombie_step", uid, n, None])


# ---- one step ---------------------------------------------------------------------------------------------
def _targets(ctx: Ctx, z: Zombie) -> list[tuple[str, str]]:
    """(kind, id) of the Survivors ("s<uid>") and living Characters ("p:<id>") the Zombie sees or hears."""
    st = ctx.st
    seen = ctx.geo.sight(z.space, st.walls)
    out = [("s", f"s{s.uid}") for s in sorted(st.survivors.values(), key=lambda s: s.uid) if s.space in seen]
    out += [("p", f"p:{p.id}") for p in st.in_bait_order() if p.status == "alive" and p.space in seen]
    return out


def target_space(ctx: Ctx, t: str) -> str:
    if t.startswith("s"):
        return ctx.st.survivors[int(t[1:])].space
    return ctx.st.player(t[2:]).space


def zombie_goal(ctx: Ctx, z: Zombie) -> tuple[list[str], str, str]:
    """Where the Zombie heads: (goal spaces -- several when the players must choose, why, page)."""
    st, geo = ctx.st, ctx.geo
    seen = _targets(ctx, z)
    if seen:
        best = min(geo.distance(z.space, target_space(ctx, t)) for _, t in seen)
        close = [(k, t) for k, t in seen if geo.distance(z.space, target_space(ctx, t)) == best]
        survivors = [t for k, t in close if k == "s"]
        if survivors:  # "a Survivor and a Character ... equidistant: the Zombie advances toward the Survivor"
            spaces = sorted({target_space(ctx, t) for t in survivors}, key=geo.order)
            return spaces, "the closest Survivor", "p. 7"
        t = close[0][1]  # Characters: the Bait holder, or the next player clockwise (p. 7)
        return [target_space(ctx, t)], f"{ctx.name(t[2:])}, the closest Character", "p. 7"
    a, r = split(z.space)
    if r != geo.cabin:
        return [sid(a, geo.cabin)], "nothing in sight: toward the Cabin", "p. 6"
    if any(p.status == "alive" and p.space and geo.in_cabin(p.space) for p in st.players):
        return [], "", "p. 6"
    if st.van is not None:
        return [st.van], "no Character in the Cabin: toward the Rescuers", "p. 7"
    alive = [p for p in st.in_bait_order() if p.status == "alive" and p.space]
    if not alive:
        return [], "", "p. 7"
    near = min(geo.arc_steps(a, split(p.space)[0]) for p in alive)
    p = next(p for p in alive if geo.arc_steps(a, split(p.space)[0]) == near)
    return [p.space], f"no Character in the Cabin: toward {ctx.name(p.id)}'s arc", "p. 7"


def _next_spaces(ctx: Ctx, z: Zombie, goal: str) -> list[str]:
    """The step toward ``goal``: sideways first (both ways when the circle gives a tie), then in or out."""
    geo = ctx.geo
    (a, r), (ga, gr) = split(z.space), split(goal)
    if a != ga:
        cw, ccw = (ga - a) % geo.arcs, (a - ga) % geo.arcs
        ways = ([1] if cw < ccw else [-1] if ccw < cw else [1, -1])
        return [sid(geo.side(a, w), r) for w in ways]
    i, j = geo.ring_index(r), geo.ring_index(gr)
    if i == j:
        return []
    return [sid(a, geo.rings[i + (1 if j > i else -1)])]


@task("zombie_step")
def task_zombie_step(ctx: Ctx, uid: int, left: int, pick: str | None) -> None:
    st = ctx.st
    z = st.zombies.get(uid)
    if z is None or left <= 0 or occupied(ctx, z.space):
        return
    directed = st.directed.pop(str(uid), None)
    if directed is not None:
        _step(ctx, z, directed, left, "directed by a Character Zombie", "p. 10")
        return
    if pick is not None and pick.startswith(">"):  # the way the players chose around the Cabin
        _step(ctx, z, pick[1:], left, "the players' choice of way", "p. 7")
        return
    if pick is not None:
        goals, why, page = [pick], "the players' choice", "p. 7"
    else:
        goals, why, page = zombie_goal(ctx, z)
    if len(goals) > 1:
        ctx.ask("zombie_target", ctx.pid(st.bait), f"Zombie #{uid} in {z.space}: several Survivors are equally "
                "close -- the players choose", goals, [f"Toward the Survivor in {g}" for g in goals], "p. 7",
                uid=uid, left=left)
        return
    if not goals:
        return
    nxt = _next_spaces(ctx, z, goals[0])
    if len(nxt) > 1:
        ctx.ask("zombie_way", ctx.pid(st.bait), f"Zombie #{uid} in {z.space}: both ways around are as short -- "
                "the players choose", [">" + n for n in nxt], [f"Through {n}" for n in nxt], "p. 7", uid=uid,
                left=left)
        return
    if nxt:
        _step(ctx, z, nxt[0], left, why, page)


@resolver("zombie_target")
def resolve_zombie_target(ctx: Ctx, choice, option) -> None:
    ctx.push(["zombie_step", choice.data["uid"], choice.data["left"], option])


@resolver("zombie_way")
def resolve_zombie_way(ctx: Ctx, choice, option) -> None:
    ctx.push(["zombie_step", choice.data["uid"], choice.data["left"], option])


def _step(ctx: Ctx, z: Zombie, to: str, left: int, why: str, page: str) -> None:
    """Move one space, or hit the Wall in the way: "Most Zombies Crack a Wall with 1 hit ...
    Creepers ... slip right through ... Brutes ... destroy a Wall with only 1 hit. Sprinters ...
    Crack a Wall with 1 hit even if the Wall prevents them from moving their second space ...
    After hitting or destroying a Wall, Zombies remain in the Yard" (p. 7)."""
    st = ctx.st
    arc = ctx.geo.crosses_wall(z.space, to)
    effect = "crack" if z.kind == "survivor_zombie" else ctx.box.zombies[z.kind].walls
    if arc is not None and st.walls[arc] != "destroyed" and effect != "none":
        st.wall_hits.setdefault(arc, []).append(effect)
        ctx.emit("wall_hit", "p. 7", f"{_name(ctx, z)} #{z.uid} hits the Wall of arc {arc} ({why})", zombie=z.uid, arc=arc,
                 effect=effect)
        return
    ctx.emit("zombie_move", page, f"{_name(ctx, z)} #{z.uid} moves {z.space} -> {to} ({why})", zombie=z.uid,
             frm=z.space, to=to)
    z.space = to
    if left > 1:
        ctx.push(["zombie_step", z.uid, left - 1, None])


def _name(ctx: Ctx, z: Zombie) -> str:
    return "Survivor Zombie" if z.kind == "survivor_zombie" else ctx.box.zombies[z.kind].name


# ---- Character Zombies and the Walls ------------------------------------------------------------------------
@task("cz_moves")
def task_cz_moves(ctx: Ctx, k: int) -> None:
    """ "the player may move the Zombie up to 2 spaces in any direction (not diagonally) ... If the
    Character Zombie is in the same space as a Survivor or Character, he/she may not move away
    from the fight" (p. 10); "Move 1 additional space" adds 1. Walls stop it (docs/rulings.md)."""
    st, geo = ctx.st, ctx.geo
    czs = [p for p in st.in_bait_order() if p.status == "zombie"]
    if k >= len(czs):
        return
    p = czs[k]
    ctx.push(["cz_moves", k + 1])
    if occupied(ctx, p.space):
        return
    moves = ctx.box.rules.character_zombie_moves + (1 if "extra_move" in p.cz_abilities else 0)
    reach = _reach(ctx, p.space, moves)
    alive = [q.space for q in st.players if q.status == "alive" and q.space]
    opts = geo.sorted(reach)

    def score(s: str) -> tuple:
        return (min((geo.distance(s, a) for a in alive), default=0), reach[s], geo.order(s))
    best = min(range(len(opts)), key=lambda i: score(opts[i]))
    ctx.ask("cz_move", p.id, f"{ctx.name(p.id)}'s Character Zombie moves up to {moves} spaces", opts,
            [f"{'Stay in' if s == p.space else 'To'} {s}" for s in opts], "p. 10", default=best)


def _reach(ctx: Ctx, start: str, moves: int) -> dict[str, int]:
    """Spaces within ``moves`` Zombie steps; entering a space with a Survivor or Character ends it."""
    seen = {start: 0}
    frontier = [start]
    for d in range(1, moves + 1):
        nxt = []
        for s in frontier:
            if s != start and occupied(ctx, s):
                continue
            for n in ctx.geo.neighbours(s, "zombie", ctx.st.walls):
                if n not in seen:
                    seen[n] = d
                    nxt.append(n)
        frontier = nxt
    return seen


@resolver("cz_move")
def resolve_cz_move(ctx: Ctx, choice, option) -> None:
    p = ctx.st.player(choice.who)
    if option != p.space:
        ctx.emit("cz_move", "p. 10", f"{ctx.name(p.id)}'s Character Zombie moves {p.space} -> {option}",
                 player=p.id, to=option)
        p.space = option


@task("wall_hits")
def task_wall_hits(ctx: Ctx) -> None:
    apply_wall_hits(ctx, "p. 7")


def apply_wall_hits(ctx: Ctx, page: str) -> None:
    """All hits of one phase at once: a cracked Wall hit again, or a Wall hit by 2 Zombies "at the
    same time", is destroyed (p. 7) -- :func:`nollab.packs.dead_panic.walls.hit_wall`."""
    st = ctx.st
    for arc in sorted(st.wall_hits):
        before = st.walls[arc]
        after = hit_wall(before, st.wall_hits[arc])
        st.walls[arc] = after
        if after != before:
            ctx.emit("wall", page, f"The Wall of arc {arc} is now {after} ({len(st.wall_hits[arc])} hit(s))",
                     arc=arc, state=after)
    st.wall_hits = {}
