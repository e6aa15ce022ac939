"""The round driver: Players' Phase turn order, Ghouls' Phase (activation, spawn), End Phase.

Everything is a queued task ``[name, *args]`` (see :mod:`nollab.rules.context`), so a Ghouls'
Phase can be stepped one Zone at a time and stopped on any player decision (wound allocation,
uneven splits, a lone Ghoul's route). Tasks named in :data:`PAUSE` are one visible step each;
the others run straight through after an action or a choice.

Pure helpers from :mod:`nollab.rules.ghoul_ai` (wound allocation options) and
:mod:`nollab.rules.spawning` (one Ghoul card) are used where their shape fits a single step.
"""
from __future__ import annotations


from nollab.content_model import DangerLevel
from nollab.rules import ghoul_ai, spawning
from nollab.rules.context import Ctx, gname
from nollab.rules.experience import highest_level
from nollab.rules.legal import closed_set, current_candidates
from nollab.rules.players import activate
from nollab.rules.state import GHOUL_TYPES, GI, Choice

PAUSE = frozenset({"ghouls_phase", "ghoul_attack", "breakers", "ghoul_move_zone", "spawn_card", "end_phase"})


# ------------------------------------------------------------------------------ players' phase
def task_round_start(ctx: Ctx) -> None:
    st = ctx.st
    st.phase = "players"
    st.turn = 0
    for s in st.survivors.values():
        s.activated = False
        s.done = False
    first = st.players[st.first_player]
    ctx.emit("round", "P. 8", f"Round {st.round}: Players' Phase, first player {', '.join(ctx.sname(x) for x in first)}")
    ctx.push(["next_turn"])


def task_next_turn(ctx: Ctx) -> None:
    """Next Survivor: the current player's, in the order of their choice, then the player to the
    left (P. 8). A player with one Survivor left activates it at once."""
    st = ctx.st
    while st.turn < len(st.players):
        cands = current_candidates(ctx)
        if len(cands) == 1:
            activate(ctx, cands[0])
            return
        if cands:
            st.active = None
            return  # legal actions: "activate" one of them
        st.turn += 1
    ctx.push(["end_players_phase"])


def task_end_players_phase(ctx: Ctx) -> None:
    ctx.st.active = None
    ctx.scene.end_of_players_phase(ctx)
    if ctx.st.result is None:
        ctx.st.phase = "ghouls"
        ctx.push(["ghouls_phase"])


# ------------------------------------------------------------------------------ ghouls' phase
def task_ghouls_phase(ctx: Ctx) -> None:
    ctx.emit("phase", "P. 22", "Ghouls' Phase: every Ghoul activates (attacks first, then moves), then Spawn")
    if ctx.scene.wants("before_spawn"):  # only Scenes with such a rule get the extra step
        ctx.push(["activation", None, None], ["before_spawn"], ["spawn_step"], ["end_phase"])
    else:
        ctx.push(["activation", None, None], ["spawn_step"], ["end_phase"])


def task_before_spawn(ctx: Ctx) -> None:
    """Scene rules that act when the Spawn Step begins, after every Ghoul acted (S6/S8 P. 39, P. 41:
    "Choose a starting Spawn Zone during each Spawn Step")."""
    ctx.scene.before_spawn(ctx)


def _wanted(types, gtype: str) -> bool:
    return types is None or gtype in types


def _counts(ctx: Ctx, zone: str, types) -> dict[str, int]:
    c = ctx.st.ghouls_in(zone)
    return {g: c[i] for i, g in enumerate(GHOUL_TYPES) if c[i] and _wanted(types, g)}


def present_ghouls(ctx: Ctx) -> dict[str, list[int]]:
    """The Ghouls on the board, per Zone and type (counts in :data:`GHOUL_TYPES` order): taken when
    an Activation starts, so Ghouls placed during it (S9 "Spawning in houses" after a Breaker opens
    a house, P. 42) wait for the next Activation (P. 8: "All Ghouls on the board activate")."""
    return {z: list(c) for z, c in ctx.st.ghouls.items() if any(c)}


def _capped(counts: dict[str, int], zone: str, present) -> dict[str, int]:
    """``counts`` limited to the Ghouls present when the Activation started (``present`` None: no
    limit, for tasks queued by older saves)."""
    if present is None:
        return counts
    was = present.get(zone) or [0] * len(GHOUL_TYPES)
    return {g: min(n, was[GI[g]]) for g, n in counts.items() if min(n, was[GI[g]])}


def task_activation(ctx: Ctx, types, taunt) -> None:
    """One Activation of the given Ghouls (all; one type after running out, P. 25; a taunted
    Zone, P. 46): attacks, then Breakers, then moves (P. 22). Only the Ghouls on the board now
    act: the snapshot travels with the Breakers' and the moves' tasks."""
    st = ctx.st
    present = present_ghouls(ctx)
    tasks = []
    if taunt is None:
        for zone in sorted(st.ghouls):
            if _counts(ctx, zone, types) and st.survivors_in(zone):
                tasks.append(["ghoul_attack", zone, types, None])
    else:
        tz = ctx.surv(taunt["survivor"]).zone
        if tz == taunt["zone"] and ctx.surv(taunt["survivor"]).alive:
            tasks.append(["ghoul_attack", tz, types, taunt])
    tasks.append(["breakers", types, taunt, present])
    if types is not None:
        ctx.emit("activation", "P. 25", f"Extra Activation of every {gname(types[0], 2).split(' ', 1)[1]}")
    ctx.push(*tasks)


def task_ghoul_attack(ctx: Ctx, zone: str, types, taunt) -> None:
    """Every Ghoul in a Zone with Survivors attacks; the Survivors split the wounds (P. 22)."""
    st = ctx.st
    counts = _counts(ctx, zone, types)
    if taunt is not None:
        counts = {g: min(n, taunt["counts"][GI[g]]) for g, n in counts.items()}
        victims = [taunt["survivor"]]
    else:
        victims = st.survivors_in(zone)
    counts = {g: n for g, n in counts.items() if n}
    if not counts or not victims:
        return
    wounds = {g: ctx.content.ghoul_types[g].wounds for g in GHOUL_TYPES}
    attacks = [ghoul_ai.GhoulAttack(g, n, wounds[g]) for g, n in counts.items()]
    desc = ", ".join(gname(g, n) for g, n in counts.items())
    verb = "attacks" if sum(counts.values()) == 1 else "attack"
    ctx.emit("ghoul_attack", "P. 22", f"{desc} {verb} in {ctx.zname(zone)} (always hit)", zone=zone, counts=counts)
    if len(victims) == 1:
        total = sum(a.count * a.wounds for a in attacks)
        ctx.wound(victims[0], total, f"Ghoul attack: {desc}", "P. 22")
        return
    taken = {x: ctx.surv(x).wounds for x in victims}
    opts = ghoul_ai.wound_allocation_options(attacks, victims, wounds_taken=taken)
    d = ghoul_ai.default_wound_allocation(opts)
    order = [d] + [i for i in range(len(opts)) if i != d]
    options = [[list(p) for p in opts[i].dealt] for i in order]
    labels = [_wound_label(ctx, opts[i]) for i in order]
    ctx.ask(Choice("wounds", None, f"Split the Ghoul attacks in {ctx.zname(zone)} ({desc}) among "
                   f"{', '.join(ctx.sname(x) for x in victims)}", "P. 22", options=options, labels=labels,
                   default_name="spread", data={"zone": zone, "desc": desc}))


def _wound_label(ctx: Ctx, alloc) -> str:
    parts = [f"{ctx.sname(x)} takes {n} wound{'s' if n != 1 else ''}" for x, n in alloc.dealt if n]
    if alloc.eliminated:
        parts.append("eliminated: " + ", ".join(ctx.sname(x) for x in alloc.eliminated))
    return "; ".join(parts)


def resolve_wounds(ctx: Ctx, choice: Choice, option) -> None:
    for sid, n in option:
        if n:
            ctx.wound(sid, n, f"Ghoul attack in {choice.data['zone']}", "P. 22")
            if ctx.st.result is not None:
                return


def task_breakers(ctx: Ctx, types, taunt, present=None) -> None:
    """Breakers that did not attack open every closed Door and Barricade of their Zone and
    spend their Action doing so (P. 22: "Attacks on survivors (or closed barricades and closed
    doors) are resolved first, then all the Moves").

    The closed Openings are read once, when the step starts: every Zone with a Breaker that did not
    attack and a closed Opening breaks, and all those Openings open together. Two Breaker groups on
    either side of one closed Door both spend their Action on it, whatever the Zones are called
    (see docs/rulings.md). ``present``: the Ghouls on the board when the Activation started."""
    st = ctx.st
    breaking = []
    if _wanted(types, "breaker"):
        closed = closed_set(ctx)
        cache = ghoul_ai.geometry_cache(ctx.board)
        zones = [taunt["zone"]] if taunt is not None else sorted(st.ghouls)
        found = []
        for zone in zones:
            n = _capped({"breaker": st.ghouls_in(zone)[GI["breaker"]]}, zone, present).get("breaker", 0)
            if taunt is not None:
                n = min(n, taunt["counts"][GI["breaker"]])
            if not n:
                continue
            attacked = (ctx.surv(taunt["survivor"]).zone == zone) if taunt is not None else bool(st.survivors_in(zone))
            if attacked:
                continue
            ops = sorted(cache.closed_openings(zone, closed))
            if ops:
                found.append((zone, n, ops))
        for o in sorted({o for _z, _n, ops in found for o in ops}):
            st.set_open(o, True)
        for zone, n, ops in found:
            breaking.append(zone)
            ctx.emit("break", "P. 22", f"{gname('breaker', n)} in {ctx.zname(zone)} break open "
                     f"{', '.join(ops)}", zone=zone, openings=ops)
    ctx.push(["ghoul_moves", types, breaking, taunt, present])


def task_ghoul_moves(ctx: Ctx, types, breaking, taunt, present=None) -> None:
    """Snapshot the Ghouls that move (those that neither attacked nor broke) (P. 22-23), at most as
    many per Zone and type as were there when the Activation started (``present``): Ghouls placed
    during this Activation act in the next one (P. 8, P. 22; S9 P. 42)."""
    st = ctx.st
    tasks = []
    zones = [taunt["zone"]] if taunt is not None else sorted(st.ghouls)
    for zone in zones:
        if taunt is None and st.survivors_in(zone):
            continue
        if taunt is not None and ctx.surv(taunt["survivor"]).zone == zone:
            continue
        counts = _capped(_counts(ctx, zone, types), zone, present)
        if taunt is not None:
            counts = {g: min(n, taunt["counts"][GI[g]]) for g, n in counts.items()}
        if zone in breaking:
            counts.pop("breaker", None)
        counts = {g: n for g, n in counts.items() if n}
        if counts:
            tasks.append(["ghoul_move_zone", zone, counts, taunt, {}])
    ctx.push(*tasks)


def task_ghoul_move_zone(ctx: Ctx, zone: str, counts: dict, taunt, answers: dict) -> None:
    """Move one Zone's Ghouls 1 Zone toward their destination(s) with
    :func:`nollab.rules.ghoul_ai.plan_moves`: most Survivors in sight, else most Survivors; shortest
    route with the all-open fallback; even split over equal routes and equal targets; uneven
    remainders and lone Ghouls are player decisions (P. 23)."""
    st = ctx.st
    tt = None
    if taunt is not None:
        s = ctx.surv(taunt["survivor"])
        if not s.alive:
            return
        tt = ghoul_ai.Taunt(s.id, s.zone)
    plan = ghoul_ai.plan_moves(ctx.board, closed_set(ctx), {}, st.survivor_zones(), movers={zone: counts}, taunt=tt)
    for d in plan.decisions:
        if d.ghoul_type not in answers:
            labels = [" + ".join(ctx.zname(z) if z != zone else f"stay ({ctx.zname(z)})" for z in opt)
                      for opt in d.options]
            what = (f"the lone {ctx.content.ghoul_types[d.ghoul_type].name}" if counts.get(d.ghoul_type) == 1
                    else f"the {gname(d.ghoul_type, d.count)} left over by an uneven split")
            ctx.ask(Choice("ghoul_split", None, f"{ctx.zname(zone)}: where do {what} go?", "P. 23",
                           options=[list(o) for o in d.options], labels=labels, default_name="first-routes",
                           data={"zone": zone, "counts": counts, "taunt": taunt, "answers": answers,
                                 "type": d.ghoul_type}))
            return
    key = {d.ghoul_type: d.key for d in plan.decisions}
    moves = ghoul_ai.resolve_moves(plan, {key[g]: i for g, i in answers.items() if g in key})
    for m in moves:
        ctx.remove_ghouls(m.from_zone, m.ghoul_type, m.count)
        ctx.place_ghouls(m.to_zone, m.ghoul_type, m.count)
        text = m.explanation.replace(f" from {m.from_zone} to {m.to_zone} ",
                                     f" from {ctx.zname(m.from_zone)} to {ctx.zname(m.to_zone)} "
                                     f"{_direction(ctx, m.from_zone, m.to_zone)} ")
        ctx.emit("ghoul_move", "P. 23", _strip_page(text), zone=m.from_zone, to=m.to_zone, ghoul=m.ghoul_type,
                 count=m.count)
    for stay in plan.stays:
        ctx.emit("ghoul_stay", "P. 23", _strip_page(stay.explanation.replace(f" in {stay.zone}:",
                                                                            f" in {ctx.zname(stay.zone)}:")),
                 zone=stay.zone, ghoul=stay.ghoul_type, count=stay.count)


def _strip_page(text: str) -> str:
    return text[:-8] if text.endswith(" (P. 23)") else text


def _direction(ctx: Ctx, a: str, b: str) -> str:
    try:
        ra, ca = ctx.board.zones[a].centre
        rb, cb = ctx.board.zones[b].centre
    except (AttributeError, KeyError):
        return ""
    dr, dc = rb - ra, cb - ca
    if abs(dr) >= abs(dc):
        return "(south)" if dr > 0 else "(north)"
    return "(east)" if dc > 0 else "(west)"


def resolve_ghoul_split(ctx: Ctx, choice: Choice, option) -> None:
    d = choice.data
    answers = dict(d["answers"])
    answers[d["type"]] = choice.options.index(option)
    ctx.push(["ghoul_move_zone", d["zone"], d["counts"], d["taunt"], answers])


# ------------------------------------------------------------------------------ spawn
def active_spawn_tokens(ctx: Ctx) -> list[list]:
    colours = {"white", "red"} | set(ctx.st.flags.get("active_colours", []))
    return [t for t in ctx.st.spawns if t[1] in colours]


def task_spawn_step(ctx: Ctx) -> None:
    """One Ghoul card per active Spawn token, white Spawn Zone first then clockwise (P. 24)."""
    toks = active_spawn_tokens(ctx)
    if not toks:
        return
    white = next((z for z, c in toks if c == "white"), toks[0][0])
    counts: dict[str, int] = {}
    for z, _c in toks:
        counts[z] = counts.get(z, 0) + 1
    clockwise = [z for z in ctx.scene.clockwise if z in counts] + sorted(z for z in counts if z not in ctx.scene.clockwise)
    order = spawning.spawn_order(clockwise, white, counts)
    level = DangerLevel(highest_level(ctx.content, ctx.st))
    ctx.emit("spawn", "P. 24", f"Spawn step at {level.name.title()} Danger Level: {len(order)} Ghoul card"
             f"{'s' if len(order) != 1 else ''}, white Spawn Zone first, then clockwise")
    ctx.push(*[["spawn_card", z] for z in order])


def draw_ghoul_card(ctx: Ctx):
    from nollab.rules import rng
    st = ctx.st
    if not st.ghoul_deck:
        st.ghoul_deck = st.ghoul_discard
        st.ghoul_discard = []
        st.rng = rng.shuffle(st.rng, st.ghoul_deck)
        ctx.emit("reshuffle", "P. 24", "The Ghoul deck ran out: its discards are reshuffled")
    num = st.ghoul_deck.pop()
    st.ghoul_discard.append(num)
    return ctx.scene.ghoul_card(num)


def task_spawn_card(ctx: Ctx, zone: str) -> None:
    st = ctx.st
    card = draw_ghoul_card(ctx)
    level = DangerLevel(highest_level(ctx.content, st))
    pool = {g: ctx.content.ghoul_types[g].pool - st.on_board(g) for g in GHOUL_TYPES}
    # the Ghouls by Zone only matter to a Barricade & Door Opening card (P. 25)
    gbz = {z: {g: c[i] for i, g in enumerate(GHOUL_TYPES) if c[i]} for z, c in st.ghouls.items()} \
        if card.kind == "opening" else {}
    out = spawning.resolve_spawn_card(card, level, pool, zone, board=ctx.board, closed=closed_set(ctx),
                                      ghouls_by_zone=gbz)
    for o in sorted(out.opened):
        st.set_open(o, True)
    if out.placed:
        ctx.place_ghouls(zone, out.ghoul_type, out.placed)
    text = out.explanation.replace(f" in {zone} ", f" in {ctx.zname(zone)} ")
    if text.endswith(")") and text.rfind(" (P. ") > 0:
        text = text[:text.rfind(" (P. ")]
    ctx.emit("spawn_card", "P. 24" if card.kind == "spawn" else "P. 25", text, zone=zone, card=card.number,
             placed=out.placed, ghoul=out.ghoul_type, opened=sorted(out.opened))
    if out.extra_activation:
        ctx.push(["activation", [out.ghoul_type], None])


def task_molotov_spawn(ctx: Ctx, sid: str, zone: str, left: int) -> None:
    """Molotov (P. 29): "Any Ghoul Spawn token in the targeted Zone may be moved to another Spawn
    Zone. This effect cannot be performed if there is a single Spawn Zone remaining." One choice
    per token (``left`` tokens still to consider); a token the Scene keeps in place
    (``can_move_spawn``: S7/S10 "The white Ghoul Spawn token cannot be removed") is not offered."""
    if left <= 0:
        return
    zones = sorted({z for z, _c in ctx.st.spawns if z != zone})
    movable = [c for z, c in ctx.st.spawns if z == zone and ctx.scene.can_move_spawn(ctx, zone, c)]
    if not zones or not movable:
        return
    ctx.ask(Choice("molotov_spawn", sid, f"Molotov: move the {movable[0]} Spawn token from {ctx.zname(zone)} to "
                   "another Spawn Zone?", "P. 29", options=["stay"] + zones,
                   labels=["leave it"] + [ctx.zname(z) for z in zones], data={"zone": zone, "left": left}))


def resolve_molotov_spawn(ctx: Ctx, choice: Choice, option) -> None:
    """Move the first movable Spawn token of the Molotov's Zone to ``option`` (or leave it)."""
    zone = choice.data["zone"]
    left = choice.data["left"]
    if option != "stay":
        sp = ctx.st.spawns
        i = next(i for i, (z, c) in enumerate(sp) if z == zone and ctx.scene.can_move_spawn(ctx, zone, c))
        tok = sp.pop(i)
        j = max(k for k, (z, _c) in enumerate(sp) if z == option)
        sp.insert(j + 1, [option, tok[1]])
        ctx.emit("spawn_moved", "P. 29", f"The {tok[1]} Spawn token moves from {ctx.zname(zone)} to {ctx.zname(option)}",
                 frm=zone, to=option)
        if not any(z == zone for z, _c in sp):  # only a Spawn Zone still holding a token can lose another
            return
    ctx.push(["molotov_spawn", choice.survivor, zone, left - 1])


# ------------------------------------------------------------------------------ end phase
def task_end_phase(ctx: Ctx) -> None:
    """Reload weapons refresh; the First Player token passes left (P. 8, P. 28)."""
    st = ctx.st
    st.phase = "end"
    st.fired = []
    ctx.scene.end_phase(ctx)
    if st.result is not None:
        return
    st.first_player = (st.first_player + 1) % len(st.players)
    ctx.emit("end", "P. 8", f"End Phase: weapons reloaded, the First Player token passes to "
             f"{', '.join(ctx.sname(x) for x in st.players[st.first_player])}")
    st.round += 1
    ctx.push(["round_start"])
