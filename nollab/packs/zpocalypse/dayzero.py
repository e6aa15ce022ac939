"""The Day Zero quick-play scenario (summary, "Day Zero"): a cooperative race to find the bunker.

"Combat phase only. Start on 1 Road tile. On a player's turn, 1 action lets the squad walk off the map and
place a new tile. Remove 1 Bunker Entrance tile and shuffle the other into the bottom half of the tile
stack. Zombies have 3 Movement and move toward the closest squad even without LOS. Each new tile spawns
1 red die worth of zombies; the Bunker Entrance tile spawns an additional red die worth. Goal: find the
bunker." (reference summary of the seed, section 6).

Readings (docs/rulings.md): the squads win when one of them steps into the bunker from the entrance square;
they lose when every squad is dead (no bunker, no restart) or after the box's ``day_zero.rounds`` rounds.
"The bottom half" makes the draws exact: while the top half of the stack is drawn the Bunker Entrance cannot
come; from then on every tile left, the entrance included, is equally likely (a uniform position in the
bottom half). The stack holds the box's ``day_zero.stack`` city tiles and the entrance (the size is not
given); once the entrance is placed no more tiles are drawn. A red die "worth" of zombies is its face value,
Z counting 6.
"""
from __future__ import annotations

from nollab.games.protocol import Chance
from nollab.packs.zpocalypse import dice
from nollab.packs.zpocalypse.board import BUNKER
from nollab.packs.zpocalypse.day import key, put_zombies
from nollab.packs.zpocalypse.engine import Ctx, Flow, Pause
from nollab.packs.zpocalypse.state import Squad

__all__ = ["play", "frontier", "explore", "quick_play"]

P = "Day Zero"
_ORTHO = ((0, -1), (-1, 0), (1, 0), (0, 1))


def quick_play(c: Ctx) -> bool:
    return c.box.scenarios[c.st.setup["scenario"]].quick_play


def start(c: Ctx) -> None:
    """"Start on 1 Road tile": the squads on the Road's middle squares, the stack without the entrance."""
    st = c.st
    st.slots = {"0,0": ["road", "a"]}
    st.stack = sorted(c.box.tiles)
    st.dz_total, st.dz_drawn = c.box.day_zero.stack + 1, 0
    spots = [(1, 0), (2, 0), (1, 2), (2, 2)]
    for s, p in zip(st.squads, spots):
        s.pos = p


def play(c: Ctx, resume: str | None = None) -> Flow:
    """Rounds of the Combat phase (players first, as on night 1) until the bunker is found or all are dead.
    ``resume`` (:func:`.day.game`): "combat" from the opening Pause, "act" from ``st.turn``'s action,
    "zombies" from the zombies' turn."""
    from nollab.packs.zpocalypse.night import players_phase, zombie_phase, on_board
    st, dz = c.st, c.box.day_zero
    if resume is None:
        st.day, st.phase, st.speed, st.hunt = 1, "combat", dz.speed, True
        st.order = [s.id for s in st.squads]
        c.emit("phase", P, "Day Zero: find the bunker (Combat phase only; zombies have 3 Movement and hunt the "
               "closest squad)")
    if resume in (None, "combat"):
        yield Pause("combat")
    while st.result is None:
        if resume in (None, "combat"):
            if not on_board(c):
                break
            if st.round >= dz.rounds:
                c.emit("dawn", P, f"{dz.rounds} rounds and the bunker is not found (docs/rulings.md)")
                break
            st.round += 1
            st.night_round = st.round
            c.emit("round", P, f"Day Zero, round {st.round}")
            resume = None
        if resume != "zombies":
            yield from players_phase(c, resume == "act")
            if st.result is not None or any(s.pos == BUNKER for s in st.squads):
                break
            if st.zombies:
                yield from zombie_phase(c)
        else:
            yield from zombie_phase(c, True)
        resume = None


def frontier(c: Ctx, s: Squad) -> list[tuple[int, int]]:
    """Squares just off the map next to the squad, where walking off places a new tile (its empty slot)."""
    st, city = c.st, c.city
    if s.pos is None or tuple(s.pos) == BUNKER or st.dz_drawn >= st.dz_total or \
            any(v[0] == "entrance" for v in st.slots.values()):
        return []
    p = tuple(s.pos)
    out = []
    for dx, dy in _ORTHO:
        q = (p[0] + dx, p[1] + dy)
        if q not in city.kind and key((q[0] // city.n, q[1] // city.n)) not in st.slots:
            out.append(q)
    return out


def explore(c: Ctx, s: Squad, q: tuple[int, int]) -> Flow:
    """"1 action lets the squad walk off the map and place a new tile": draw it (the entrance only from the
    bottom half of the stack), attach it where the squad walked off, step onto it (if that square is open and
    free) and spawn a red die of zombies on it (2 dice on the Bunker Entrance)."""
    st, box, city = c.st, c.box, c.city
    k = st.dz_drawn + 1
    n, r = st.dz_total, len(st.stack)
    found = any(v[0] == "entrance" for v in st.slots.values())
    if k > n or found:
        return
    # the entrance lies uniformly in the bottom half: while the top half is drawn it cannot come; then
    # P(entrance) = 1/(tiles left), the rest shared by the city tiles (weights (n-k) each, r for the entrance)
    eligible = k > n // 2
    left = [(t, n - k if eligible else 1) for t in st.stack] + ([("entrance", r)] if eligible else [])
    left = [(t, w) for t, w in left if w > 0]
    tid = yield Chance("tile", tuple(t for t, _ in left), tuple(w for _, w in left), P,
                       tuple("Bunker Entrance" if t == "entrance" else box.tiles[t][0].name for t, _ in left),
                       f"draw a tile ({k} of {n}; the Bunker Entrance is in the bottom half)")
    st.dz_drawn = k
    if tid != "entrance":
        st.stack.remove(tid)
    slot = (q[0] // city.n, q[1] // city.n)
    st.slots[key(slot)] = [tid, "a"]
    new = c.city
    c.emit("tile", P, f"{c.name(s.id)} walks off the map: the {new.face(tid, 'a', st.setup['base']).name} tile is "
           f"placed at slot {slot[0]},{slot[1]}", tile=tid)
    taken = {tuple(z.pos) for z in st.zombies.values()}
    if new.open(q) and q not in taken:
        s.pos = q
    n_dice = box.day_zero.spawn_dice + (box.day_zero.entrance_extra if tid == "entrance" else 0)
    if n_dice:
        worth = dice.red_die(box.dice).map(lambda r: box.dice.red_values[r - 1]).repeat_sum(n_dice)
        n = yield from c.roll("spawn", worth, P, f"{n_dice} red die worth of zombies on the new tile", str)
        yield from put_zombies(c, slot, n, P, False, s.id)
