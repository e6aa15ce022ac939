"""Phase 2, Fortify: building sandbags, traps, walls, gates and lookouts (summary, "Fortify").

"You may build as many fortifications as you have active survivors and scrap to allocate, but each
survivor may only work on one task per day. If you drew a Night Owl Scavenge card in the Scavenge phase,
you cannot build fortifications. Used Scrap cards are discarded to the Scrap deck discard pile."
"Fortifications cannot be placed anywhere on a tile that has zombie(s) on it, or on any space with a
Lookout on it. Each fortification you build adds to your total VPs." Sandbags, walls and gates are
"placed on the edge of a square"; traps and lookouts "on squares".

The engine offers the squares and edges within 2 squares of the bunker entrance (where a fight at the
bunker happens; docs/rulings.md), one build per decision, until the player says "done".
"""
from __future__ import annotations

from nollab.packs.zpocalypse import squad as sq_
from nollab.packs.zpocalypse.board import BUNKER, chebyshev, edge_key
from nollab.packs.zpocalypse.engine import Ask, Ctx, Flow
from nollab.packs.zpocalypse.state import Squad, sq

__all__ = ["fortify", "build_options", "REACH"]

P_FORT = "Phase 2 Fortify"
REACH = 2


def build_options(c: Ctx, s: Squad, workers: int) -> list[tuple[str, str]]:
    """``[(kind, where)]`` the squad can build now: ``where`` is ``"x,y"`` or an edge key."""
    st, box, city = c.st, c.box, c.city
    scrap = sq_.count(s, "scrap")
    infested = {city.tile_of.get(tuple(z.pos)) for z in st.zombies.values()}
    e = city.entrance
    near = [p for p in city.squares() if chebyshev(p, e) <= REACH and city.open(p)
            and city.tile_of[p] not in infested and st.forts.get(f"{p[0]},{p[1]}", {}).get("kind") != "lookout"]
    occupied = {tuple(x.pos) for x in st.squads if x.pos and x.pos != BUNKER}
    out: list[tuple[str, str]] = []
    for kind in ("sandbags", "wall", "gate"):
        f = box.fortifications[kind]
        if f.survivors > workers or f.scrap > scrap:
            continue
        seen = set()
        for p in near:
            for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1), (p[0] - 1, p[1]), (p[0], p[1] - 1)):
                if q in city.kind and city.open(q) and city.tile_of[q] not in infested:
                    k = edge_key(p, q)
                    if k not in city.edges and k not in seen:
                        seen.add(k)
                        out.append((kind, k))
    for kind in ("trap", "lookout"):
        f = box.fortifications[kind]
        if f.survivors > workers or f.scrap > scrap:
            continue
        for p in near:
            k = f"{p[0]},{p[1]}"
            if k not in st.forts and p != e and p not in occupied and city.kind[p] != "blocked":
                out.append((kind, k))
    return out


def fortify(c: Ctx, s: Squad) -> Flow:
    st, box = c.st, c.box
    if s.out or not s.members:
        return
    if s.night_owl:
        c.emit("night_owl", P_FORT, f"{c.name(s.id)} drew Night Owl: no fortifications today", player=s.id)
        return
    workers = len(sq_.active(box, s))
    while True:
        opts = build_options(c, s, workers)
        if not opts:
            return
        labels = ["done building"] + [f"{k} on {w} ({box.fortifications[k].survivors} survivor(s), "
                                      f"{box.fortifications[k].scrap} Scrap, {box.fortifications[k].vp} VP)"
                                      for k, w in opts]
        o = yield Ask("fortify", s.id, f"{c.name(s.id)}: build a fortification? ({workers} survivor(s) free, "
                      f"{sq_.count(s, 'scrap')} Scrap)", ("done",) + tuple(f"{k}@{w}" for k, w in opts),
                      tuple(labels), P_FORT)
        if o == "done":
            return
        kind, _, where = o.partition("@")
        f = box.fortifications[kind]
        workers -= f.survivors
        for _ in range(f.scrap):
            x = next(x for x in s.cards if x.card == "scrap")
            s.cards.remove(x)
            c.discard("scrap", "scrap")
        if "|" in where:
            st.edges[where] = {"kind": kind, "owner": s.id}
        else:
            st.forts[where] = {"kind": kind, "owner": s.id, "kills": 0, "collapse": 0}
        s.done["fortifications"] = s.done.get("fortifications", 0) + 1
        c.emit("build", P_FORT, f"{c.name(s.id)} builds a {kind} on {where}", player=s.id, kind=kind, where=where)
        yield from c.gain_vp(s, f.vp, P_FORT, f"built a {kind}")
