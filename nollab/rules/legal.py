"""Generate every legal action of the Survivor taking their Turn (python-chess style).

:func:`legal_actions` is the single source of truth: :meth:`Game.apply` refuses any action not
generated here, and :func:`explain_illegal` says which rule (and page) forbids it.
"""
from __future__ import annotations

from nollab.rules import costs, skills as sk
from nollab.rules.actions import Action
from nollab.rules.combat import fired_together
from nollab.rules.context import Ctx
from nollab.rules.inventory import combinations_available, layouts
from nollab.rules.state import SurvivorState

DOOR_KINDS = ("door", "stairs")
BARRICADE_KINDS = ("barricade",)


def closed_set(ctx: Ctx) -> frozenset:
    return ctx.st.closed()


def opening_kind(ctx: Ctx, oid: str) -> str:
    k = ctx.st.opening_kind.get(oid)
    return k if k is not None else str(ctx.board.openings[oid].kind)


def zone_kind(ctx: Ctx, zone: str) -> str:
    return str(ctx.board.zones[zone].kind)


def weapon_profile(ctx: Ctx, uid: int, action: str):
    c = ctx.card(uid)
    return c.melee if action == "melee" else c.ranged


def can_use_weapon(ctx: Ctx, s: SurvivorState, uid: int) -> bool:
    """Ma's Shotgun: no Combat Action in Romero Mode (P. 29)."""
    return not (ctx.card(uid).zombicide_only and sk.effective_mode(ctx.st, s) == "romero")


def weapon_options(ctx: Ctx, s: SurvivorState, action: str, skills: list[str]) -> list[tuple[int, ...]]:
    """Hand combinations usable for one Combat Action: single Hands, and both Hands when they
    hold 2 identical Dual weapons (or any identical pair with Ambidextrous) (P. 13, 26, 46)."""
    fired = ctx.st.fired
    ok = []
    for i, u in enumerate(s.hands):
        if u is None or weapon_profile(ctx, u, action) is None or not can_use_weapon(ctx, s, u):
            continue
        if ctx.card(u).effect == "molotov":
            continue
        prof = weapon_profile(ctx, u, action)
        if action == "ranged" and prof.reload and u in fired:
            continue
        ok.append(i)
    out: list[tuple[int, ...]] = []
    seen = set()
    for i in ok:
        key = (ctx.st.cards[s.hands[i]],)
        if key not in seen:
            seen.add(key)
            out.append((i,))
    if len(ok) == 2:
        a, b = s.hands
        if ctx.st.cards[a] == ctx.st.cards[b] and (ctx.card(a).dual or sk.has(ctx.content, skills, "ambidextrous")):
            out.append((0, 1))
    return out


def ranged_targets(ctx: Ctx, s: SurvivorState, hands: tuple[int, ...], skills: list[str], closed) -> list[str]:
    prof = weapon_profile(ctx, s.hands[hands[0]], "ranged")
    hawk = sk.has(ctx.content, skills, "hawk_eye")
    los = ctx.board.line_of_sight(s.zone, closed, hawk)
    out = []
    for z, r in los.items():
        if prof.range_min <= r <= prof.range_max and ctx.st.ghoul_count(z) > 0 and ctx.scene.can_target(ctx, s, z):
            out.append(z)
    return sorted(out)


def move_extra(ctx: Ctx, s: SurvivorState, skills: list[str]) -> int:
    """Extra Actions to leave the Zone: 1 per Ghoul, 0 with Slippery (P. 18, 46)."""
    if sk.has(ctx.content, skills, "slippery"):
        return 0
    return ctx.st.ghoul_count(s.zone)


def search_sources(ctx: Ctx, s: SurvivorState) -> list[str]:
    """Decks (and Scene spots) this Survivor may Search now (P. 18 + Scene rules)."""
    if zone_kind(ctx, s.zone) != "interior" or ctx.st.ghoul_count(s.zone) or s.searched:
        return []
    if sk.effective_mode(ctx.st, s) == "romero":
        decks = ["house"]
    else:
        decks = ["house", "melee", "ranged"]
    decks = ctx.scene.search_sources(ctx, s, decks)
    out = []
    for d in decks:
        if d.startswith("aside:"):
            if ctx.st.aside.get(d[6:]):
                out.append(d)
        elif ctx.st.decks.get(d) or ctx.st.discards.get(d):
            out.append(d)
    return out


def reachable_within(ctx: Ctx, zone: str, steps: int, closed) -> dict[str, int]:
    """Zones within ``steps`` Moves along open paths ("clear path", P. 46) -> distance."""
    seen = {zone: 0}
    frontier = [zone]
    for d in range(1, steps + 1):
        nxt = []
        for z in frontier:
            for n in ctx.board.neighbors(z, closed):
                if n not in seen:
                    seen[n] = d
                    nxt.append(n)
        frontier = nxt
    return seen


def legal_actions(ctx: Ctx) -> list[Action]:
    st = ctx.st
    if st.phase != "players" or st.pending is not None or st.queue or st.result is not None:
        return []
    if st.active is None:
        return [Action("activate", sid) for sid in current_candidates(ctx)]
    s = st.survivors[st.active]
    sid = s.id
    skills = costs.active(ctx, s)
    closed = closed_set(ctx)
    z = s.zone
    ghouls_here = st.ghoul_count(z)
    out: list[Action] = []
    A = out.append

    # Move (P. 18) / Hit & Run (P. 46)
    if not s.in_car:
        nbrs = ctx.board.neighbors(z, closed)
        if costs.can_pay(ctx, s, "move", move_extra(ctx, s, skills), skills):
            for n in sorted(nbrs):
                A(Action("move", sid, (n,)))
        if s.hit_and_run:
            for n in sorted(nbrs):
                A(Action("hit_and_run", sid, (n,)))
    # Search (P. 18)
    if not s.in_car and costs.can_pay(ctx, s, "search", 0, skills):
        for src in search_sources(ctx, s):
            A(Action("search", sid, (src,)))
    g = costs.general_left(ctx, s, skills)
    if g > 0 and not ghouls_here and not s.in_car:
        for oid in sorted(ctx.board.openings_of(z)):
            k = opening_kind(ctx, oid)
            is_open = st.opening_open.get(oid, True)
            if k in DOOR_KINDS:
                A(Action("door", sid, (oid, "close" if is_open else "open")))
            elif k in BARRICADE_KINDS:
                if is_open:
                    A(Action("barricade", sid, (oid, "close")))
                elif any(u is not None and ctx.card(u).opens_barricades for u in s.hands):
                    A(Action("barricade", sid, (oid, "open")))
    # Reorganize / Trade (P. 19)
    if g > 0:
        for h0, h1 in layouts(ctx, s):
            A(Action("reorganize", sid, (h0, h1)))
        for pid in st.survivors_in(z):
            if pid != sid:
                p = st.survivors[pid]
                if s.inventory() or p.inventory() or s.barricades or p.barricades:
                    A(Action("trade", sid, (pid,)))
    # Combat (P. 20, 26-29)
    if ghouls_here and costs.can_pay(ctx, s, "melee", 0, skills):
        barb = sk.has(ctx.content, skills, "barbarian")
        for hands in weapon_options(ctx, s, "melee", skills):
            A(Action("melee", sid, (hands, False)))
            if barb:
                A(Action("melee", sid, (hands, True)))
    if costs.can_pay(ctx, s, "ranged", 0, skills):
        for hands in weapon_options(ctx, s, "ranged", skills):
            for tz in ranged_targets(ctx, s, hands, skills, closed):
                A(Action("ranged", sid, (hands, tz)))
        hawk = sk.has(ctx.content, skills, "hawk_eye")
        for i, u in enumerate(s.hands):
            if u is not None and ctx.card(u).effect == "molotov":
                los = ctx.board.line_of_sight(z, closed, hawk)
                prof = ctx.card(u).ranged
                spawn_zones = {sz for sz, _colour in st.spawns}
                for tz, r in sorted(los.items()):
                    # "aimed at an exterior Zone" (P. 29): Corn Fields and Woods are exterior Zones (P. 31)
                    # Ghouls to burn, or a Spawn token to move (P. 29; S3, S7, S10 objectives)
                    if prof.range_min <= r <= prof.range_max and zone_kind(ctx, tz) != "interior" \
                            and (st.ghoul_count(tz) or tz in spawn_zones) \
                            and ctx.scene.can_target(ctx, s, tz):
                        A(Action("molotov", sid, (i, tz)))
                break
    # Reload (P. 28)
    if g > 0:
        fired_hands = [i for i, u in enumerate(s.hands) if u is not None and u in st.fired]
        for i in fired_hands:
            A(Action("reload", sid, ((s.hands[i],),)))
        if len(fired_hands) == 2 and fired_together(st, s.hands[0], s.hands[1]):
            A(Action("reload", sid, ((s.hands[0], s.hands[1]),)))
    # Skills (P. 46)
    if "bloodlust" not in s.used and sk.has(ctx.content, skills, "bloodlust_melee") and not s.in_car \
            and costs.can_pay(ctx, s, None, move_extra(ctx, s, skills), skills) \
            and weapon_options(ctx, s, "melee", skills):
        for path in bloodlust_paths(ctx, z, closed):
            A(Action("bloodlust", sid, (path,)))
    if "shove" not in s.used and ghouls_here and sk.has(ctx.content, skills, "shove"):
        for n in sorted(ctx.board.neighbors(z, closed)):
            A(Action("shove", sid, (n,)))
    if "taunt" not in s.used and sk.has(ctx.content, skills, "taunt"):
        for tz, d in sorted(reachable_within(ctx, z, 2, closed).items()):
            if st.ghoul_count(tz):
                A(Action("taunt", sid, (tz,)))
    # Car (P. 20-21)
    car = st.car
    if car is not None and car.get("zone") == z and g > 0:
        riders = [x for x in st.survivors.values() if x.alive and x.in_car]
        if not s.in_car:
            has_driver = any(x.driver for x in riders)
            seat_free = sum(1 for x in riders if not x.driver) < ctx.content.car.passengers
            if not ghouls_here:
                if not has_driver or seat_free:
                    A(Action("car_in", sid))  # the Driver's seat if empty, else a Passenger seat
                if not has_driver and seat_free:
                    A(Action("car_in", sid, ("passenger",)))  # P. 20: "either ... or ... as a Passenger"
        else:
            A(Action("car_out", sid))
            # a Driver of a full Car has no free Passenger seat to move to
            if not (s.driver and len(riders) >= 1 + ctx.content.car.passengers):
                A(Action("car_seat", sid))
            if s.driver and ctx.scene.can_drive(ctx):
                for path in drive_paths(ctx, z, closed):
                    A(Action("drive", sid, (path,)))
    # Scene special rules
    for a in ctx.scene.legal_actions(ctx, s):
        cost = ctx.scene.action_cost(a)
        if cost == 0 or costs.can_pay(ctx, s, None, cost - 1, skills):
            A(a)
    # Free: combine, discard (P. 16, 29)
    for combo in combinations_available(ctx, s):
        A(Action("combine", sid, (combo.output,)))
    for u in s.inventory():
        A(Action("discard", sid, (u,)))
    A(Action("do_nothing", sid))
    return out


def bloodlust_paths(ctx: Ctx, z: str, closed) -> list[tuple[str, ...]]:
    """Move up to 2 Zones to a Zone with at least 1 Ghoul; entering a Ghoul Zone stops (P. 46, 18)."""
    out = []
    for n in sorted(ctx.board.neighbors(z, closed)):
        if ctx.st.ghoul_count(n):
            out.append((n,))
            continue
        for m in sorted(ctx.board.neighbors(n, closed)):
            if m != z and ctx.st.ghoul_count(m):
                out.append((n, m))
    return out


def drive_paths(ctx: Ctx, z: str, closed) -> list[tuple[str, ...]]:
    """1 or 2 consecutive exterior Zones (P. 21)."""
    out = []
    for n in sorted(ctx.board.car_neighbors(z, closed)):
        out.append((n,))
        for m in sorted(ctx.board.car_neighbors(n, closed)):
            if m != z:
                out.append((n, m))
    return out


def current_candidates(ctx: Ctx) -> list[str]:
    """Survivors the current player may activate next (P. 8: in the order of their choice)."""
    st = ctx.st
    if not st.players:
        return []
    p = st.players[(st.first_player + st.turn) % len(st.players)]
    return [x for x in p if st.survivors[x].alive and not st.survivors[x].activated]


def explain_illegal(ctx: Ctx, action: Action) -> str:
    """Why an action is refused: the rule and page that forbid it."""
    st = ctx.st
    if st.result is not None:
        return f"the game is over ({st.result}: {st.reason}) (P. 8)"
    if st.pending is not None:
        return f"a decision is pending: {st.pending.prompt} — answer it with choose() ({st.pending.page})"
    if st.phase != "players" or st.queue:
        return f"no Survivor Action during the {st.phase} phase; use step() (P. 8)"
    if action.survivor not in st.survivors:
        return f"unknown survivor {action.survivor!r}"
    if st.active is None:
        return "a Survivor must be activated first (P. 8: activate your Survivors one at a time)"
    if action.survivor != st.active:
        return f"it is {ctx.sname(st.active)}'s Turn, not {ctx.sname(action.survivor)}'s (P. 8, P. 18)"
    s = st.survivors[st.active]
    k = action.kind
    ghouls_here = st.ghoul_count(s.zone)
    if k == "move":
        if s.in_car:
            return "a Survivor in a Car gets out first (Get in or out of a Car, P. 20)"
        return ("Move: the destination must share an open edge or Opening with the Zone, and you must "
                "pay 1 Action + 1 per Ghoul in the Zone you leave (P. 11, P. 18)")
    if k == "search":
        if ghouls_here:
            return "Search: only in a Zone with no Ghouls (P. 18)"
        if zone_kind(ctx, s.zone) != "interior":
            return "Search: only in interior Zones (P. 18)"
        if s.searched:
            return "Search: only one Search Action per Turn, even if free (P. 18)"
        return ("Search: Romero Mode draws from the House deck only, Zombicide Mode from Ranged/Melee/House "
                "(P. 18), within the Scene's rules (equipment stashes)")
    if k in ("door", "barricade"):
        if ghouls_here:
            return f"{k.title()} Action: only if there are no Ghouls in the Zone (P. {18 if k == 'door' else 19})"
        if k == "barricade":
            return ("Barricade Action: open a closed Barricade in your Zone with an equipped weapon with the "
                    "Barricade Opening symbol, or close an open one (P. 19)")
        return "Door Action: open or close a door (or the Stairs) in your Zone (P. 18)"
    if k in ("melee", "ranged", "molotov"):
        if k == "melee" and not ghouls_here:
            return "Melee Action: attacks Ghouls in the Survivor's own Zone (P. 20, P. 26)"
        hands = action.params[0] if action.params and isinstance(action.params[0], tuple) else ()
        if hands == (1,) and s.hands[0] is not None and s.hands[1] is not None \
                and st.cards[s.hands[0]] == st.cards[s.hands[1]] \
                and Action(k, action.survivor, ((0,), *action.params[1:])) in legal_actions(ctx):
            return (f"{k.title()} Action: both Hands hold the same weapon, so the action is listed once, with Hand "
                    "(0,) (identical cards are interchangeable, P. 16)")
        return (f"{k.title()} Action: needs a usable weapon in Hand (P. 16; Ma's Shotgun not in Romero Mode P. 29; "
                "Reload P. 28) and a target Zone with Ghouls within Range and Line of Sight (P. 26-27; Molotov: "
                "exterior Zones only, P. 29)")
    if k == "reload":
        return ("Reload: only a fired Reload weapon in Hand, one Action each; a single Action reloads 2 weapons "
                "only if they were fired in a Dual manner (P. 28)")
    if k in ("reorganize", "trade"):
        return "Reorganize/Trade: costs 1 Action; trade with 1 Survivor in the same Zone (P. 19)"
    if k in ("car_in", "car_out", "car_seat", "drive"):
        return ("Car Actions: get in only with no Ghouls in the Zone, 1 Driver + 5 Passengers; only the Driver "
                "drives 1-2 exterior Zones, if the Scene allows (P. 20-21)")
    if k in ("bloodlust", "shove", "taunt", "hit_and_run"):
        return f"{k}: needs the Skill, once per Turn, and a valid Zone (P. 46)"
    if k in ("combine", "discard"):
        return "combine/discard: only cards in your inventory (P. 16, P. 29)"
    if k == "activate":
        return "activate: not now (P. 8)"
    return f"{k}: not a legal action now (P. 18-21)"
