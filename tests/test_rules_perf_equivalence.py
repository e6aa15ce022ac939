"""The optimised :func:`nollab.rules.players.legal.legal_actions` (Skills, Mode and Actions left worked out
once, interned Actions, the Board's zone -> openings index, memoised layouts, fast paths) must
list exactly what a straightforward reading of the rules lists (P. 8, P. 16-21, P. 26-29, P. 46).

:func:`reference_legal` below is that reading, written plainly in this test: it recomputes
everything on every question (the closed Openings from ``opening_open``, the openings of a Zone by
scanning the Board, ``action_budget.can_pay`` from scratch, every Scene hook called directly, every
reorganisation enumerated), and shares no helper with the optimised code. It is compared, list
for list (order included: the ``first``/``random`` policies and the golden transcript depend on
it), on a few hundred positions from random games of S1, S4, S6 and S9, many of them perturbed
(Ghouls added, Skills granted, weapons fired, cards dealt) so that every branch is reached.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest

from nollab.rules.players import action_budget
from nollab.rules.survivors import skills as sk
from nollab.rules.engine.actions import Action
from nollab.rules.combat.reload import fired_together
from nollab.rules.game import Game
from nollab.rules.survivors.inventory import combinations_available
from nollab.rules.engine.policies import RandomPolicy

SCENES = ("S1", "S4", "S6", "S9")
EXTRA_SKILLS = ("slippery", "barbarian", "hawk_eye", "shove", "taunt", "bloodlust_melee", "ambidextrous",
                "plus_1_free_move_action", "plus_1_free_combat_action", "plus_1_free_search_action",
                "plus_1_free_ranged_action", "plus_1_action")


# ---------------------------------------------------------------------------------- reference
def _ghouls(st, z) -> int:
    return sum(st.ghouls.get(z, (0, 0, 0, 0)))


def _kind(ctx, oid) -> str:
    k = ctx.st.opening_kind.get(oid)
    return k if k is not None else str(ctx.board.openings[oid].kind)


def _has(ctx, skills, kind) -> bool:
    return any(ctx.content.skills[k].kind == kind for k in skills)


def _weapons(ctx, s, action, skills) -> list[tuple[int, ...]]:
    """Hands usable for a Combat Action (P. 16, 26; Ma's Shotgun P. 29; Reload P. 28); identical
    cards are interchangeable (listed once, first Hand); both Hands for 2 identical Dual weapons
    or with Ambidextrous (P. 13, 46)."""
    st = ctx.st
    mode = sk.effective_mode(st, s)
    usable = []
    for i, u in enumerate(s.hands):
        if u is None:
            continue
        card = ctx.content.equipment[st.cards[u]]
        prof = card.melee if action == "melee" else card.ranged
        if prof is None or card.effect == "molotov" or (card.zombicide_only and mode == "romero"):
            continue
        if action == "ranged" and prof.reload and u in st.fired:
            continue
        usable.append(i)
    out, types = [], []
    for i in usable:
        if st.cards[s.hands[i]] not in types:
            types.append(st.cards[s.hands[i]])
            out.append((i,))
    if len(usable) == 2 and st.cards[s.hands[0]] == st.cards[s.hands[1]] \
            and (ctx.content.equipment[st.cards[s.hands[0]]].dual or _has(ctx, skills, "ambidextrous")):
        out.append((0, 1))
    return out


def _layouts(ctx, s) -> list[tuple[int, int]]:
    """Every reorganisation (P. 19) that changes the inventory, up to identical cards."""
    st = ctx.st
    cards = [u for u in s.hands if u is not None] + list(s.backpack)
    if not cards:
        return []

    def sig(u):
        return (-1, False) if u == -1 else (st.cards[u], u in st.fired)

    hands = [-1 if u is None else u for u in s.hands]
    seen = [(sig(hands[0]), sig(hands[1]), sorted(sig(u) for u in s.backpack))]
    out = []
    pool = cards + [-1, -1]
    for a, b in permutations(range(len(pool)), 2):
        h0, h1 = pool[a], pool[b]
        rest = [u for u in cards if u not in (h0, h1)]
        key = (sig(h0), sig(h1), sorted(sig(u) for u in rest))
        if len(rest) <= 3 and key not in seen:
            seen.append(key)
            out.append((h0, h1))
    return out


def reference_legal(game: Game) -> list[Action]:
    """The legal actions, read plainly off the rules (see the module docstring)."""
    ctx = game._ctx()
    st, board, content, scene = ctx.st, ctx.board, ctx.content, ctx.scene
    if st.phase != "players" or st.pending is not None or st.queue or st.result is not None:
        return []
    if st.active is None:  # P. 8: a player activates their Survivors in the order of their choice
        group = st.players[(st.first_player + st.turn) % len(st.players)]
        return [Action("activate", x) for x in group if st.survivors[x].alive and not st.survivors[x].activated]
    s = st.survivors[st.active]
    sid, z = s.id, s.zone
    skills = sk.active_skills(content, st, s)
    closed = frozenset(o for o, is_open in st.opening_open.items() if not is_open)
    here = _ghouls(st, z)
    actions_left = action_budget.general_left(ctx, s, skills)
    extra = 0 if _has(ctx, skills, "slippery") else here

    def pay(atype, more=0):
        return action_budget.can_pay(ctx, s, atype, more, list(skills))

    out: list[Action] = []
    if not s.in_car:  # Move (P. 18), Hit & Run (P. 46)
        nbrs = sorted(board.neighbors(z, closed))
        if pay("move", extra):
            out += [Action("move", sid, (n,)) for n in nbrs]
        if s.hit_and_run:
            out += [Action("hit_and_run", sid, (n,)) for n in nbrs]
    if not s.in_car and pay("search") and not s.searched and str(board.zones[z].kind) == "interior" \
            and not here:  # Search (P. 18) within the Scene's rules
        decks = ["house"] if sk.effective_mode(st, s) == "romero" else ["house", "melee", "ranged"]
        for h in scene.hooks:
            decks = h.search_sources(ctx, s, decks)
        for d in decks:
            if (d.startswith("aside:") and st.aside.get(d[6:])) \
                    or (not d.startswith("aside:") and (st.decks.get(d) or st.discards.get(d))):
                out.append(Action("search", sid, (d,)))
    if actions_left > 0 and not here and not s.in_car:  # Door (P. 18), Barricade (P. 19)
        for oid in sorted(o.id for o in board.openings.values() if z in o.zones):
            k, is_open = _kind(ctx, oid), st.opening_open.get(oid, True)
            if k in ("door", "stairs"):
                out.append(Action("door", sid, (oid, "close" if is_open else "open")))
            elif k == "barricade" and is_open:
                out.append(Action("barricade", sid, (oid, "close")))
            elif k == "barricade" and any(u is not None and ctx.card(u).opens_barricades for u in s.hands):
                out.append(Action("barricade", sid, (oid, "open")))
    if actions_left > 0:  # Reorganize / Trade (P. 19)
        out += [Action("reorganize", sid, lay) for lay in _layouts(ctx, s)]
        for p in st.survivors.values():
            if p.alive and p.zone == z and p.id != sid \
                    and (s.inventory() or p.inventory() or s.barricades or p.barricades):
                out.append(Action("trade", sid, (p.id,)))
    if here and pay("melee"):  # Melee (P. 20, 26), Barbarian (P. 46)
        for hands in _weapons(ctx, s, "melee", skills):
            out.append(Action("melee", sid, (hands, False)))
            if _has(ctx, skills, "barbarian"):
                out.append(Action("melee", sid, (hands, True)))
    if pay("ranged"):  # Ranged (P. 20, 27), Molotov (P. 29)
        hawk = _has(ctx, skills, "hawk_eye")
        los = board.line_of_sight(z, closed, hawk)
        for hands in _weapons(ctx, s, "ranged", skills):
            prof = ctx.card(s.hands[hands[0]]).ranged
            for tz in sorted(los):
                if prof.range_min <= los[tz] <= prof.range_max and _ghouls(st, tz) \
                        and all(h.can_target(ctx, s, tz) for h in scene.hooks):
                    out.append(Action("ranged", sid, (hands, tz)))
        molotovs = [i for i, u in enumerate(s.hands) if u is not None and ctx.card(u).effect == "molotov"]
        if molotovs:
            prof = ctx.card(s.hands[molotovs[0]]).ranged
            spawns = [sz for sz, _c in st.spawns]
            for tz, r in sorted(los.items()):
                if prof.range_min <= r <= prof.range_max and str(board.zones[tz].kind) != "interior" \
                        and (_ghouls(st, tz) or tz in spawns) and all(h.can_target(ctx, s, tz) for h in scene.hooks):
                    out.append(Action("molotov", sid, (molotovs[0], tz)))
    if actions_left > 0:  # Reload (P. 28)
        fired = [i for i, u in enumerate(s.hands) if u is not None and u in st.fired]
        out += [Action("reload", sid, ((s.hands[i],),)) for i in fired]
        if len(fired) == 2 and fired_together(st, s.hands[0], s.hands[1]):
            out.append(Action("reload", sid, ((s.hands[0], s.hands[1]),)))
    # Skills (P. 46)
    if "bloodlust" not in s.used and _has(ctx, skills, "bloodlust_melee") and not s.in_car \
            and pay(None, extra) and _weapons(ctx, s, "melee", skills):
        for n in sorted(board.neighbors(z, closed)):
            if _ghouls(st, n):
                out.append(Action("bloodlust", sid, ((n,),)))
                continue
            out += [Action("bloodlust", sid, ((n, m),)) for m in sorted(board.neighbors(n, closed))
                    if m != z and _ghouls(st, m)]
    if "shove" not in s.used and here and _has(ctx, skills, "shove"):
        out += [Action("shove", sid, (n,)) for n in sorted(board.neighbors(z, closed))]
    if "taunt" not in s.used and _has(ctx, skills, "taunt"):
        near = {z}
        for _ in range(2):
            near |= {n for x in near for n in board.neighbors(x, closed)}
        out += [Action("taunt", sid, (tz,)) for tz in sorted(near) if _ghouls(st, tz)]
    car = st.car  # Car (P. 20-21)
    if car is not None and car.get("zone") == z and actions_left > 0:
        riders = [x for x in st.survivors.values() if x.alive and x.in_car]
        seats = content.car.passengers
        if not s.in_car:
            driver = any(x.driver for x in riders)
            free = sum(1 for x in riders if not x.driver) < seats
            if not here and (not driver or free):
                out.append(Action("car_in", sid))
            if not here and not driver and free:
                out.append(Action("car_in", sid, ("passenger",)))
        else:
            out.append(Action("car_out", sid))
            if not (s.driver and len(riders) >= 1 + seats):
                out.append(Action("car_seat", sid))
            if s.driver and scene.can_drive(ctx):
                for n in sorted(board.car_neighbors(z, closed)):
                    out.append(Action("drive", sid, ((n,),)))
                    out += [Action("drive", sid, ((n, m),)) for m in sorted(board.car_neighbors(n, closed)) if m != z]
    for h in scene.hooks:  # Scene special rules, each paid in Actions (cost 0: free)
        for a in h.legal_actions(ctx, s):
            cost = scene.action_cost(a)
            if cost == 0 or pay(None, cost - 1):
                out.append(a)
    out += [Action("combine", sid, (c.output,)) for c in combinations_available(ctx, s)]  # P. 29
    out += [Action("discard", sid, (u,)) for u in s.inventory()]  # P. 16
    out.append(Action("do_nothing", sid))
    return out


# ---------------------------------------------------------------------------------- positions
def _deal(st, rnd: random.Random, s) -> None:
    """Move a random card from a draw pile into the Survivor's inventory (every uid stays in one place)."""
    piles = [d for d, pile in st.decks.items() if pile]
    if not piles:
        return
    pile = st.decks[rnd.choice(piles)]
    uid = pile.pop(rnd.randrange(len(pile)))
    if None in s.hands:
        s.hands[s.hands.index(None)] = uid
    elif len(s.backpack) < 3:
        s.backpack.append(uid)
    else:
        pile.append(uid)


def perturb(g: Game, rnd: random.Random) -> None:
    """Shake a position so that rarer branches show up (Skills, Ghouls, fired weapons, cards)."""
    st = g.state
    if st.active is None:
        return
    s = st.survivors[st.active]
    if rnd.random() < 0.5:
        st.add_ghouls(s.zone, rnd.choice(("walker", "walker", "fatty", "relative")), rnd.randint(1, 3))
    if rnd.random() < 0.4:
        for z in rnd.sample(sorted(g.board.zones), 3):
            st.add_ghouls(z, "walker", 1)
    s.extra_skills = rnd.sample(EXTRA_SKILLS, rnd.randint(0, 4))
    for _ in range(rnd.randint(0, 3)):
        _deal(st, rnd, s)
    for u in s.hands:
        if u is not None and rnd.random() < 0.4 and u not in st.fired:
            st.fired.append(u)
    s.spent = rnd.randint(0, 3)
    s.hit_and_run = rnd.random() < 0.2
    s.searched = rnd.random() < 0.2
    s.used = rnd.sample(["bloodlust", "shove", "taunt"], rnd.randint(0, 1))
    if rnd.random() < 0.3:
        s.mode = "zombicide" if s.mode == "romero" else "romero"
    g.touch()


def positions(scene: str, seeds: range, every: int = 7):
    """(label, game) positions waiting for an action, from random games; half of them perturbed."""
    for seed in seeds:
        g = Game.new(scene, seed=seed, history=False)
        pol, rnd = RandomPolicy(seed), random.Random(seed * 31 + len(scene))
        n = 0
        while not g.over and g.state.round <= 12 and n < 1500:
            if g.needs() == "action" and n % every == 0:
                c = g.copy()
                if rnd.random() < 0.6:
                    perturb(c, rnd)
                yield f"{scene} seed {seed} step {n}", c
            g.step(pol)
            n += 1


@pytest.mark.parametrize("scene", SCENES)
def test_legal_actions_equal_a_plain_reading_of_the_rules(scene):
    """P. 8, P. 16-21, P. 26-29, P. 46: the optimised generator lists exactly the reference
    enumeration, in the same order, with no duplicate, on random and perturbed positions."""
    seen = Counter()
    checked = 0
    for label, g in positions(scene, range(12), every=4):
        got, want = g.legal_actions(), reference_legal(g)
        assert len(set(got)) == len(got), f"{label}: duplicate legal actions"
        assert got == want, f"{label}: missing {set(want) - set(got)}, extra {set(got) - set(want)}"
        seen.update(a.kind for a in got)
        checked += 1
    assert checked >= 100, f"{scene}: only {checked} positions"
    # the positions reach the main kinds of action (a test that never sees a Melee proves little)
    kinds = ("move", "search", "door", "reorganize", "melee", "discard", "do_nothing")
    if scene == "S9":  # the Survivors start in the Car (S9, P. 42): random players rarely walk in
        kinds = ("move", "reorganize", "melee", "discard", "car_out", "drive", "do_nothing")
    for kind in kinds:
        assert seen[kind] > 0, f"{scene}: no {kind!r} action in {checked} positions"


def test_the_positions_reach_the_rarer_branches():
    """Skills (P. 46), reloads (P. 28), ranged attacks, trades and the Car (P. 20-21) all occur
    among the compared positions (S1 + S4 + S9, checked again here for coverage)."""
    seen = Counter()
    for scene in ("S1", "S4", "S9"):
        for label, g in positions(scene, range(5, 8), every=4):  # every 4th step: Bloodlust too, on the printed maps
            got = g.legal_actions()
            assert got == reference_legal(g), label
            seen.update(a.kind for a in got)
    for kind in ("ranged", "reload", "trade", "shove", "taunt", "bloodlust", "hit_and_run", "car_in", "drive",
                 "scene", "barricade"):
        assert seen[kind] > 0, f"no {kind!r} action among the positions: {dict(seen)}"


def test_board_openings_of_index_equals_a_scan_of_every_opening():
    """The Board's zone -> openings index (Door Action, P. 18) answers what scanning all openings does."""
    for scene in ("S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10"):
        b = Game.new(scene, seed=1, history=False).board
        for z in b.zones:
            assert b.openings_of(z) == tuple(o.id for o in b.openings.values() if z in o.zones), (scene, z)
        assert b.openings_of("no-such-zone") == ()
