"""Game setup (P. 6-7): tiles and tokens from the Scene, Survivors at 0 XP / 0 Wounds in the
Scene's Mode, Starting Equipment dealt at random with the Table Leg rule, decks shuffled, first
player = the Winchester 94 holder.
"""
from __future__ import annotations

from nollab.rules.engine import rng
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import GameState, SurvivorState
from nollab.rules.survivors.experience import gain_xp


SURVIVOR_ORDER = ("barbra", "ben", "harry", "helen", "judy", "tom")


def build_state(content, scene, seed: int, survivors: list[str] | None, options: dict) -> tuple[GameState, dict]:
    """The initial state plus setup notes; the caller then runs the scene's ``on_setup`` hook."""
    data = scene.data
    start: dict = data.get("start", {})
    if survivors is None:
        survivors = [x for area in sorted(start) for x in start[area]] or list(SURVIVOR_ORDER)
    for x in survivors:
        if x not in content.survivors:
            raise ValueError(f"survivors: unknown survivor {x!r} (known: {sorted(content.survivors)})")
    if len(set(survivors)) != len(survivors) or not 1 <= len(survivors) <= 6:
        raise ValueError(f"survivors: 1 to 6 distinct survivors, got {survivors!r}")
    cards: list[str] = []
    origin: list[str] = []
    for card in content.equipment.values():
        for deck, n in sorted(card.decks.items()):
            for _ in range(n):
                cards.append(card.id)
                origin.append(deck)
    st = GameState(scene=scene.id, seed=int(seed), rng=rng.seed_state(seed), cards=cards, origin=origin)
    st.flags = {}
    zone_of: dict[str, str] = {}
    areas = scene.tokens.starting_areas
    for area, ids in start.items():
        for x in ids:
            if area not in areas:
                raise ValueError(f"scene {scene.id}: [scene] start area {area!r} not in the map's starting_areas")
            zone_of[x] = areas[area]
    default_zone = areas[sorted(areas)[0]] if areas else next(iter(scene.board.zones))
    mode = data.get("mode", "romero")
    for x in survivors:
        st.survivors[x] = SurvivorState(id=x, zone=zone_of.get(x, default_zone), mode=mode, slots=[[0, 0]])
    xp0 = int(options.get("start_xp", data.get("start_xp", 0)))
    # decks (P. 6 step 8)
    uids = {d: [u for u in range(len(cards)) if origin[u] == d] for d in set(origin)}
    for d in ("ranged", "melee", "house"):
        pile = list(uids.get(d, []))
        st.rng = rng.shuffle(st.rng, pile)
        st.decks[d] = pile
        st.discards[d] = []
    st.discards["starting"] = []
    for u in uids.get("special", []):
        st.supply.setdefault(cards[u], []).append(u)
    # Starting Equipment with the Table Leg rule (P. 7 step 7)
    starting = list(uids.get("starting", []))
    table_legs = [u for u in starting if cards[u] == "table_leg"]
    w94 = next((u for u in starting if cards[u] == "winchester_94"), None)
    reserved = table_legs[-1] if table_legs else None
    deal = [u for u in starting if u != reserved]
    marked = w94
    if data.get("starting_w94") == "aside" and w94 is not None:
        # S1: "The Winchester 94 is put aside ... and a Table Leg is dealt instead."
        deal = [reserved if u == w94 else u for u in deal]
        st.aside["w94"] = [w94]
        marked, reserved = reserved, None
    st.rng = rng.shuffle(st.rng, deal)
    holders: dict[int, str] = {}
    for i, u in enumerate(deal):
        sid = survivors[i % len(survivors)]
        holders[u] = sid
        _give(st.survivors[sid], u)
    first_sid = holders.get(marked, survivors[0])
    if reserved is not None and marked == w94:
        _give(st.survivors[first_sid], reserved)  # "also gets the Table Leg card that was set aside"
    # players and the First Player token (P. 7 step 11)
    groups = options.get("players") or [[x] for x in survivors]
    flat = [x for g in groups for x in g]
    if sorted(flat) != sorted(survivors):
        raise ValueError(f"options['players']: must group exactly the survivors {survivors}, got {groups}")
    st.players = [list(g) for g in groups]
    st.first_player = next(i for i, g in enumerate(groups) if first_sid in g)
    # Ghoul deck (P. 6; P. 32 tuning: a subset of card numbers)
    numbers = options.get("ghoul_cards") or [c.number for c in content.ghoul_deck]
    st.ghoul_deck = [int(n) for n in numbers]
    st.rng = rng.shuffle(st.rng, st.ghoul_deck)
    st.spawns = [[t.zone, t.colour] for t in scene.tokens.spawns]
    st.opening_open = {oid: bool(o.initially_open) for oid, o in scene.board.openings.items()}
    if scene.tokens.car:
        st.car = {"zone": scene.tokens.car}
    notes = {"first": first_sid, "xp0": xp0}
    return st, notes


def _give(s: SurvivorState, uid: int) -> None:
    if None in s.hands:
        s.hands[s.hands.index(None)] = uid
    else:
        s.backpack.append(uid)


def announce(ctx: Ctx, notes: dict) -> None:
    st = ctx.st
    for s in st.survivors.values():
        cards = ", ".join(ctx.cname(u) for u in s.inventory())
        ctx.emit("setup", "P. 7", f"{ctx.sname(s.id)} starts in {ctx.zname(s.zone)} ({s.mode.title()} Mode) "
                 f"with {cards}", survivor=s.id)
    why = "dealt the Table Leg that replaced the set-aside Winchester 94" if st.aside.get("w94") \
        else "the Winchester 94 holder"
    ctx.emit("setup", "P. 7", f"First player: {ctx.sname(notes['first'])} ({why})")
    if notes["xp0"]:
        for s in st.survivors.values():
            gain_xp(ctx, s.id, notes["xp0"], "Scene starting Danger Level", "P. 14")
