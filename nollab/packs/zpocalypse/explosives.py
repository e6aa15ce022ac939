"""Explosives: throwing, the blast, and dropping it (summary, "Explosives").

"roll the number of red dice shown on the card to see how many squares you can throw the explosive. The
target square must be equal to or less than the number rolled. The square in which the explosive lands
and all 8 adjacent squares are affected. Any single or double zombie in the center of the blast is
automatically killed. Then roll the number of dice listed on the card. The number of successes equal how
many zombies are killed in the surrounding 8 squares ... walls block the blast. Fortifications caught in
the blast are destroyed ... Any dice that are not absorbed by zombies in the blast are applied to the
squad as damage." "If you roll double 1s on your range dice you have dropped the explosive."

Readings (docs/rulings.md): the target is named before the roll; a roll short of it wastes the
explosive; a squad in the ring takes the total of the dice that scored no success, minus its Armor.
"""
from __future__ import annotations

from nollab.packs.zpocalypse import dice, squad as sq_
from nollab.packs.zpocalypse.board import BUNKER, chebyshev, edge_key
from nollab.packs.zpocalypse.engine import Ctx, Flow
from nollab.packs.zpocalypse.state import Squad, sq

__all__ = ["throw"]

P = "Explosives"


def throw(c: Ctx, s: Squad, uid: int, target) -> Flow:
    st, box, city = c.st, c.box, c.city
    x = next(x for x in s.cards if x.uid == uid)
    card = box.armory[x.card]
    s.cards.remove(x)
    c.discard("armory", x.card)
    if target == BUNKER:
        yield from _in_bunker(c, s, card)
        return
    dist = chebyshev(tuple(s.pos), target)
    reach, dropped = yield from c.roll("throw", dice.throw(card.dice[0], box.dice), P,
                                       f"{c.name(s.id)} throws the {card.name} at {target[0]},{target[1]} "
                                       f"({dist} squares): {card.dice[0]} range dice",
                                       lambda o: "dropped (double 1s)" if o[1] else f"reach {o[0]}")
    if dropped:
        succ, rest = yield from c.roll("blast", dice.blast(card.damage, box.dice), P,
                                       f"dropped! {card.damage} damage dice on {c.name(s.id)}'s own squad",
                                       lambda o: f"{o[0]} success(es), {o[1]} on the other dice")
        from nollab.packs.zpocalypse.night import damage, lose_survivor
        c.emit("dropped", P, f"{c.name(s.id)} drops the {card.name}: {succ} survivor(s) killed, {rest} damage", player=s.id)
        for _ in range(succ):
            if s.pos is None:
                break
            yield from lose_survivor(c, s, P)
        if s.pos is not None:
            yield from damage(c, s, max(0, rest - sq_.armor(box, s)), P, "dropped explosive")
        return
    if reach < dist:
        c.emit("short", P, f"the {card.name} falls short ({reach} < {dist}) and is wasted", player=s.id)
        return
    ring = [p for p in city.squares() if chebyshev(p, target) == 1 and city.los(target, p, set(), gates_block=False)]
    kills = 0
    for z in [z for z in st.zombies.values() if tuple(z.pos) == target]:
        kills += 2 if z.double else 1
        st.zombies.pop(z.uid)
    if kills:
        c.emit("blast", P, f"{kills} zombie(s) in the centre of the blast are killed")
    succ, rest = yield from c.roll("blast", dice.blast(card.damage, box.dice), P, f"{card.damage} damage dice",
                                   lambda o: f"{o[0]} success(es), {o[1]} on the other dice")
    group = sorted([z for z in st.zombies.values() if tuple(z.pos) in ring], key=lambda z: (z.double, z.uid))
    k, _, on_doubles = dice.allocate(succ, 0, sum(1 for z in group if not z.double), sum(1 for z in group if z.double))
    singles = [z for z in group if not z.double]
    doubles = [z for z in group if z.double]
    for z in singles[:k - on_doubles]:
        st.zombies.pop(z.uid)
    for i, z in enumerate(doubles):
        hits = 2 if i < on_doubles - min(on_doubles, len(doubles)) else (1 if i < min(on_doubles, len(doubles)) else 0)
        if hits >= 2:
            st.zombies.pop(z.uid)
        elif hits == 1:
            z.double = False
    kills += k
    area = set(ring) | {target}
    for e in [e for e in st.edges if any(sq(p.split(",")) in area for p in e.split("|"))]:
        del st.edges[e]
    for f in [f for f in st.forts if sq(f.split(",")) in area]:
        del st.forts[f]
    c.emit("blast", P, f"the blast kills {kills} zombie(s) in all; fortifications in it are destroyed", player=s.id)
    from nollab.packs.zpocalypse.night import damage
    for o in st.squads:
        if o is not s and o.pos is not None and o.pos != BUNKER and tuple(o.pos) in area and rest:
            yield from damage(c, o, max(0, rest - sq_.armor(box, o)), P, "caught in a blast")
    if kills:
        s.kills += kills
        s.done["kills"] = s.done.get("kills", 0) + kills
        yield from c.gain_vp(s, kills, P, f"{kills} zombie(s) killed by an explosive")


def _in_bunker(c: Ctx, s: Squad, card) -> Flow:
    """"Using explosives in the bunker: Even though the bunker is treated as 1 square, all zombies are not
    automatically killed. Roll the damage dice and kill the number of zombies matching the successes.
    Players take damage as above as if they are in the blast radius" (every squad in the bunker)."""
    st, box = c.st, c.box
    succ, rest = yield from c.roll("blast", dice.blast(card.damage, box.dice), P,
                                   f"{c.name(s.id)} sets off the {card.name} in the bunker: {card.damage} damage dice",
                                   lambda o: f"{o[0]} success(es), {o[1]} on the other dice")
    group = sorted([z for z in st.zombies.values() if tuple(z.pos) == BUNKER], key=lambda z: (z.double, z.uid))
    singles = [z for z in group if not z.double]
    doubles = [z for z in group if z.double]
    k, _, on_doubles = dice.allocate(succ, 0, len(singles), len(doubles))
    for z in singles[:k - on_doubles]:
        st.zombies.pop(z.uid)
    for i, z in enumerate(doubles):
        if i < on_doubles - min(on_doubles, len(doubles)):
            st.zombies.pop(z.uid)
        elif i < min(on_doubles, len(doubles)):
            z.double = False
    c.emit("blast", P, f"the blast in the bunker kills {k} zombie(s)", player=s.id)
    from nollab.packs.zpocalypse.night import damage
    for o in [o for o in st.squads if o.pos is not None and tuple(o.pos) == BUNKER]:
        if rest:
            yield from damage(c, o, max(0, rest - sq_.armor(box, o)), P, "caught in the blast in the bunker")
    if k:
        s.kills += k
        s.done["kills"] = s.done.get("kills", 0) + k
        yield from c.gain_vp(s, k, P, f"{k} zombie(s) killed by an explosive")
