"""Dead Panic Zombie movement toward the Cabin: Creeper rolls and Wall cracks (pp. 6-7).

"Sprinters always move 2 spaces during the movement phase, Creepers move 1 space only on
a die roll of 4 or more (1 die roll for all Creepers), and all other Zombies move 1
space" (p. 6). At a Wall (p. 7): "Most Zombies Crack a Wall with 1 hit. The exceptions
are Creepers, who never hit Walls but slip right through them into the Cabin, and Brutes,
who destroy a Wall with only 1 hit. Sprinters ... Crack a Wall with 1 hit even if the
Wall prevents them from moving their second space ... if ... the Wall is hit by a Zombie
a second time, the Wall is destroyed ... The Wall is also destroyed if 2 Zombies hit the
Wall at the same time. After hitting or destroying a Wall, Zombies remain in the Yard."

The model here follows one arc in which no Character or Survivor is seen, so every Zombie
"will advance toward the Cabin ring" (p. 6) straight down its arc; nobody repairs the
Wall. All hits of one Move Zombies phase count as simultaneous (docs/rulings.md).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Sequence

from nollab.prob.dist import Dist
from nollab.packs.dead_panic.board import WALL_STATES
from nollab.packs.dead_panic.content import DeadPanicContent, load
from nollab.packs.dead_panic import bag as _bag

__all__ = ["creeper_roll", "creeper_moves", "p_creeper_inside", "hit_wall", "advance", "wave"]


def creeper_roll(content: DeadPanicContent | None = None) -> Dist:
    """The one die rolled for all Creepers each Move Zombies phase: True = they move."""
    c = content or load()
    return Dist.uniform(range(1, 7)).map(lambda f: f >= c.creeper_min)


def creeper_moves(rounds: int, content: DeadPanicContent | None = None) -> Dist:
    """Spaces a Creeper moves in ``rounds`` phases (one shared roll each)."""
    if rounds < 0:
        raise ValueError("rounds must be >= 0")
    return creeper_roll(content).map(int).repeat_sum(rounds)


def p_creeper_inside(spaces: int, rounds: int, content: DeadPanicContent | None = None) -> Fraction:
    """P(a Creeper ``spaces`` moves from the Cabin is inside within ``rounds`` phases).

    From the Woods a Creeper needs 3 moves (Woods->Clearing->Yard->Cabin); Walls do not
    stop it. All Creepers move together, so this is also P(all of them are inside).
    """
    return creeper_moves(rounds, content).p(lambda m: m >= spaces)


def hit_wall(state: str, effects: Sequence[str]) -> str:
    """A Wall's state after the hits of one Move Zombies phase (``effects`` per hitter)."""
    if state not in WALL_STATES:
        raise ValueError(f"wall state must be one of {WALL_STATES}, got {state!r}")
    effects = [e for e in effects if e != "none"]
    if state == "destroyed" or not effects:
        return state
    if "destroy" in effects or len(effects) >= 2 or state == "cracked":
        return "destroyed"
    return "cracked"


def _phase(zombies: tuple, wall: str, inside: int, creepers_move: bool, c: DeadPanicContent):
    yard = len(c.rings) - 2
    outside, hits = [], []
    for zid, ring in zombies:
        z = c.zombies[zid]
        steps = (1 if creepers_move else 0) if z.walls == "none" else z.move
        entered = False
        for _ in range(steps):
            if ring < yard:
                ring += 1
            elif wall == "destroyed" or z.walls == "none":
                entered = True
                break
            else:
                hits.append(z.walls)
                break
        if entered:
            inside += 1
        else:
            outside.append((zid, ring))
    return tuple(sorted(outside)), hit_wall(wall, hits), inside


def advance(zombies: Sequence[tuple[str, str]], rounds: int, wall: str = "standing",
            content: DeadPanicContent | None = None) -> Dist:
    """Zombies ``(type, ring)`` in one arc advance for ``rounds`` Move Zombies phases.

    Returns a Dist over ``(wall_state, zombies_inside)``. The only chance is the shared
    Creeper roll; everything else is the deterministic movement of p. 6-7.
    """
    c = content or load()
    if wall not in WALL_STATES:
        raise ValueError(f"wall state must be one of {WALL_STATES}, got {wall!r}")
    start = []
    for zid, ring in zombies:
        z = c.zombie(zid)
        if ring not in c.rings[:-1]:
            raise ValueError(f"ring {ring!r} must be one of {c.rings[:-1]} (outside the Cabin)")
        start.append((z.id, c.rings.index(ring)))
    roll = creeper_roll(c)
    state = Dist.certain((tuple(sorted(start)), wall, 0))
    for _ in range(rounds):
        def step(s):
            zs, w, inside = s
            if any(c.zombies[z].walls == "none" for z, _ in zs):
                return roll.map(lambda mv: _phase(zs, w, inside, mv, c))
            return Dist.certain(_phase(zs, w, inside, False, c))
        state = state.bind(step)
    return state.map(lambda s: (s[1], s[2]))


def wave(n: int, rounds: int, wall: str = "standing", bag: Mapping[str, int] | None = None,
         content: DeadPanicContent | None = None) -> Dist:
    """An Event draws ``n`` tokens; those whose arc roll is my arc start in its Woods and
    march in for ``rounds`` phases. Dist over ``(wall_state, zombies_inside)``.

    ``bag`` defaults to the (random) bag right after setup. Survivor tokens drawn do not
    hit Walls and are ignored here.
    """
    c = content or load()

    def march(arrived) -> Dist:
        zs = [(k, c.rings[0]) for k, m in arrived if k != _bag.SURVIVOR for _ in range(m)]
        return advance(zs, rounds, wall, c)

    return _bag.arrivals(n, 1, bag, c).bind(march)
