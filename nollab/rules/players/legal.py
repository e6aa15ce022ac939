"""Generate every legal action of the Survivor taking their Turn (python-chess style).

:func:`legal_actions` is the single source of truth: :meth:`Game.apply` refuses any action not
generated here, and :func:`nollab.rules.players.illegal.explain_illegal` says which rule (and
page) forbids it. The rules of each Action live in their own modules (Move P. 18 in
:mod:`.move`, Search in :mod:`.search`, weapons in :mod:`nollab.rules.combat.weapons`, ...);
this module lists, in a fixed order, what they allow now.
"""
from __future__ import annotations

from nollab.rules.combat.reload import fired_together
from nollab.rules.combat.profile import combat_options
from nollab.rules.combat.weapons import weapon_options
from nollab.rules.engine.actions import Action
from nollab.rules.engine.board_state import closed_set, opening_kind
from nollab.rules.engine.context import Ctx
from nollab.rules.players import action_budget
from nollab.rules.players.car import drive_paths
from nollab.rules.players.search import search_sources
from nollab.rules.players.skill_actions import bloodlust_paths, reachable_within
from nollab.rules.rounds.players_phase import current_candidates
from nollab.rules.survivors import skills as sk
from nollab.rules.survivors.inventory import combinations_available, layouts


DOOR_KINDS = ("door", "stairs")


BARRICADE_KINDS = ("barricade",)


#: interned Actions: a legal-action list is rebuilt after every step, mostly from the same few
#: Actions (frozen dataclasses are slow to build); equal keys give the same (immutable) object
_ACTIONS: dict[tuple, Action] = {}


def _act(kind: str, sid: str, params: tuple = ()) -> Action:
    key = (kind, sid, params)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) > 50_000:
            _ACTIONS.clear()
        a = _ACTIONS[key] = Action(kind, sid, params)
    return a


def _sorted_openings(board, zone: str) -> tuple[str, ...]:
    """``sorted(board.openings_of(zone))``, cached per Board (Boards are immutable)."""
    idx = board.__dict__.get("_legal_sorted_openings")
    if idx is None:
        idx = board._legal_sorted_openings = {}
    got = idx.get(zone)
    if got is None:
        got = idx[zone] = tuple(sorted(board.openings_of(zone)))
    return got


def _steps_to_neighbours(board, kind: str, sid: str, zone: str, closed) -> tuple[Action, ...]:
    """``kind`` Actions of ``sid`` to each neighbour of ``zone`` (sorted), cached per Board and
    closed set: the same Survivor in the same Zone behind the same doors has the same Moves."""
    cache = board.__dict__.get("_legal_steps")
    if cache is None or len(cache) > 20_000:
        cache = board._legal_steps = {}
    key = (kind, sid, zone, closed)
    got = cache.get(key)
    if got is None:
        got = cache[key] = tuple(_act(kind, sid, (n,)) for n in sorted(board.neighbors(zone, closed)))
    return got


def _combo_inputs(content) -> frozenset | None:
    """Every card type that is an input of some combination (P. 29-30), cached per content; None
    when some combination needs no input (then every inventory may combine)."""
    got = _COMBO_INPUTS.get(id(content))
    if got is None or got[0] is not content:
        combos = content.combinations
        inputs = None if any(not c.inputs for c in combos) else frozenset(x for c in combos for x in c.inputs)
        got = _COMBO_INPUTS[id(content)] = (content, inputs)
    return got[1]


_COMBO_INPUTS: dict[int, tuple] = {}


def legal_actions(ctx: Ctx) -> list[Action]:
    """Every legal action of the Survivor taking their Turn, in a fixed order (moves, searches,
    doors, reorganisations, trades, combat, reloads, skills, car, scene, free actions): the
    ``first`` and ``random`` policies and the golden transcripts depend on it.

    The Skills, the effective Mode and the Actions left are worked out once per call (they do
    not change while listing); the Board's zone -> openings index and interned Actions keep it
    cheap, as it runs after every step of a simulation."""
    st = ctx.st
    if st.phase != "players" or st.pending is not None or st.queue or st.result is not None:
        return []
    if st.active is None:
        return [_act("activate", sid) for sid in current_candidates(ctx)]
    s = st.survivors[st.active]
    sid = s.id
    content = ctx.content
    board = ctx.board
    mode = sk.effective_mode(st, s)
    skills = action_budget.active(ctx, s, mode)
    sdefs = content.skills
    kinds = {sdefs[k].kind for k in skills}
    budget = action_budget.Budget(ctx, s, skills)
    closed = closed_set(ctx)
    z = s.zone
    ghouls_here = st.ghoul_count(z)
    in_car = s.in_car
    out: list[Action] = []
    A = out.append
    extra_move = 0 if "slippery" in kinds else ghouls_here  # move_extra (P. 18, 46)

    # Move (P. 18) / Hit & Run (P. 46)
    if not in_car:
        if budget.can_pay("move", extra_move):
            out.extend(_steps_to_neighbours(board, "move", sid, z, closed))
        if s.hit_and_run:
            out.extend(_steps_to_neighbours(board, "hit_and_run", sid, z, closed))
    # Search (P. 18)
    if not in_car and not s.searched and budget.can_pay("search", 0):
        for src in search_sources(ctx, s, mode):
            A(_act("search", sid, (src,)))
    g = budget.general
    if g > 0 and not ghouls_here and not in_car:
        opening_open = st.opening_open
        for oid in _sorted_openings(board, z):
            k = opening_kind(ctx, oid)
            is_open = opening_open.get(oid, True)
            if k in DOOR_KINDS:
                A(_act("door", sid, (oid, "close" if is_open else "open")))
            elif k in BARRICADE_KINDS:
                if is_open:
                    A(_act("barricade", sid, (oid, "close")))
                elif any(u is not None and ctx.card(u).opens_barricades for u in s.hands):
                    A(_act("barricade", sid, (oid, "open")))
    # Reorganize / Trade (P. 19)
    if g > 0:
        for h0, h1 in layouts(ctx, s):
            A(_act("reorganize", sid, (h0, h1)))
        mine = bool(s.hands[0] is not None or s.hands[1] is not None or s.backpack or s.barricades)
        for p in st.survivors.values():
            if p.alive and p.zone == z and p.id != sid:
                if mine or p.hands[0] is not None or p.hands[1] is not None or p.backpack or p.barricades:
                    A(_act("trade", sid, (p.id,)))
    # Combat (P. 20, 26-29): what the position allows (:func:`combat_options`), if the Action can be paid
    melee_ok = bool(ghouls_here) and budget.can_pay("melee", 0)
    ranged_ok = budget.can_pay("ranged", 0)
    if melee_ok or ranged_ok:
        for kind, p, q in combat_options(ctx, s, skills, mode, closed):
            if melee_ok if kind == "melee" else ranged_ok:
                A(_act(kind, sid, (p, q)))
    # Reload (P. 28)
    if g > 0 and st.fired:
        fired = st.fired
        fired_hands = [i for i, u in enumerate(s.hands) if u is not None and u in fired]
        for i in fired_hands:
            A(_act("reload", sid, ((s.hands[i],),)))
        if len(fired_hands) == 2 and fired_together(st, s.hands[0], s.hands[1]):
            A(_act("reload", sid, ((s.hands[0], s.hands[1]),)))
    # Skills (P. 46)
    if "bloodlust_melee" in kinds and "bloodlust" not in s.used and not in_car \
            and budget.can_pay(None, extra_move):
        if weapon_options(ctx, s, "melee", skills, mode):
            for path in bloodlust_paths(ctx, z, closed):
                A(_act("bloodlust", sid, (path,)))
    if ghouls_here and "shove" in kinds and "shove" not in s.used:
        for n in sorted(board.neighbors(z, closed)):
            A(_act("shove", sid, (n,)))
    if "taunt" in kinds and "taunt" not in s.used:
        for tz, d in sorted(reachable_within(ctx, z, 2, closed).items()):
            if st.ghoul_count(tz):
                A(_act("taunt", sid, (tz,)))
    # Car (P. 20-21)
    car = st.car
    if car is not None and car.get("zone") == z and g > 0:
        riders = [x for x in st.survivors.values() if x.alive and x.in_car]
        if not in_car:
            has_driver = any(x.driver for x in riders)
            seat_free = sum(1 for x in riders if not x.driver) < content.car.passengers
            if not ghouls_here:
                if not has_driver or seat_free:
                    A(_act("car_in", sid))  # the Driver's seat if empty, else a Passenger seat
                if not has_driver and seat_free:
                    A(_act("car_in", sid, ("passenger",)))  # P. 20: "either ... or ... as a Passenger"
        else:
            A(_act("car_out", sid))
            # a Driver of a full Car has no free Passenger seat to move to
            if not (s.driver and len(riders) >= 1 + content.car.passengers):
                A(_act("car_seat", sid))
            if s.driver and ctx.scene.can_drive(ctx):
                for path in drive_paths(ctx, z, closed):
                    A(_act("drive", sid, (path,)))
    # Scene special rules
    for a in ctx.scene.legal_actions(ctx, s):
        cost = ctx.scene.action_cost(a)
        if cost == 0 or budget.can_pay(None, cost - 1):
            A(a)
    # Free: combine, discard (P. 16, 29)
    inv = s.inventory()
    inputs = _combo_inputs(content)
    cards = st.cards
    if inputs is None or any(cards[u] in inputs for u in inv):  # else no combination can be complete
        for combo in combinations_available(ctx, s):
            A(_act("combine", sid, (combo.output,)))
    for u in inv:
        A(_act("discard", sid, (u,)))
    A(_act("do_nothing", sid))
    return out
