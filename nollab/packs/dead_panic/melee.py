"""Dead Panic melee: 2d6 against a Zombie's fight value (transcription pp. 3, 9-10).

"If the result is greater than the fight number on the Zombie token ... the player wins
the fight" (p. 3). "If the player ties the Zombie fight value, nothing happens ... The
Brawler wins on ties unless the Character fights with a Pipe Wrench, which allows
Characters to win on ties. In that case, nothing happens." (p. 9). Grip Tape adds 1 to
melee rolls with its weapon (p. 4). Unarmed: a win pushes the Zombie 1 space without
damage (David deals 1 damage), a loss is always an Injury (p. 10).

Outcomes of one fight are the strings ``"win"``, ``"tie"``, ``"lose"``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Sequence

from nollab.prob.dist import Dist
from nollab.packs.dead_panic.content import DeadPanicContent, ZombieType, load

__all__ = [
    "OUTCOMES", "two_d6", "judge", "melee", "fight", "Weapon", "FightResult", "group_fight",
    "movement_check", "deliberate_attacks",
]

OUTCOMES = ("win", "tie", "lose")


def two_d6() -> Dist:
    """The sum of the two six-sided dice used for hand-to-hand combat (p. 1)."""
    d6 = Dist.uniform(range(1, 7))
    return d6 + d6


def judge(total: int, fight: int, *, zombie_wins_ties: bool = False, character_wins_ties: bool = False) -> str:
    """One melee result: ``"win"``, ``"tie"`` or ``"lose"`` for a roll ``total`` against ``fight`` (p. 9).

    A tie is a Character loss if only the Zombie wins ties (Brawler), a win if only the
    Character does (Pipe Wrench), and "nothing happens" if both or neither. The engine judges
    every fight with this function; the odds below map it over 2d6.
    """
    if total > fight:
        return "win"
    if total < fight:
        return "lose"
    if zombie_wins_ties and not character_wins_ties:
        return "lose"
    if character_wins_ties and not zombie_wins_ties:
        return "win"
    return "tie"


def melee(fight: int, *, modifier: int = 0, zombie_wins_ties: bool = False,
          character_wins_ties: bool = False) -> Dist:
    """One melee roll: 2d6 + ``modifier`` against fight value ``fight`` (pp. 3, 9); see :func:`judge`."""
    return two_d6().map(lambda s: judge(s + modifier, fight, zombie_wins_ties=zombie_wins_ties,
                                        character_wins_ties=character_wins_ties))


def _ztype(zombie: ZombieType | str, content: DeadPanicContent | None) -> ZombieType:
    if isinstance(zombie, ZombieType):
        return zombie
    return (content or load()).zombie(zombie)


def fight(zombie: ZombieType | str, *, grip_tape: bool = False, pipe_wrench: bool = False,
          unarmed: bool = False, modifier: int = 0, content: DeadPanicContent | None = None) -> Dist:
    """One fight against a Zombie type: Dist over ``"win"``/``"tie"``/``"lose"``.

    Grip Tape (+1) and the Pipe Wrench are melee-weapon cards, so they cannot go with
    ``unarmed`` (ValueError). ``modifier`` is any other bonus (a Character Zombie's "+1
    to all rolls", p. 10).
    """
    z = _ztype(zombie, content)
    if unarmed and (grip_tape or pipe_wrench):
        raise ValueError("an unarmed Character has no weapon to carry Grip Tape or to be a Pipe Wrench")
    return melee(z.fight, modifier=modifier + (1 if grip_tape else 0),
                 zombie_wins_ties=z.wins_ties, character_wins_ties=pipe_wrench)


@dataclass(frozen=True)
class Weapon:
    """What a Character fights with. ``None`` (unarmed) is a separate case in the queries.

    ``damage``: 1 for most melee weapons, 2 for some ("See the text on the card", p. 9).
    ``club``: a spent gun turned into a club is discarded after one melee battle (p. 3).
    """

    damage: int = 1
    grip_tape: bool = False
    pipe_wrench: bool = False
    club: bool = False


class FightResult(NamedTuple):
    """Totals after a Character's fights: Injuries taken, Zombies killed, damage dealt,
    Zombies pushed back (unarmed wins), and whether the Character still holds the weapon."""

    injuries: int
    kills: int
    damage: int
    pushes: int
    armed: bool


def _one(z: ZombieType, weapon: Weapon | None, modifier: int) -> Dist:
    """One roll with what the Character holds now (no weapon: no Grip Tape, no Pipe Wrench)."""
    if weapon is None:
        return melee(z.fight, modifier=modifier, zombie_wins_ties=z.wins_ties)
    return melee(z.fight, modifier=modifier + (1 if weapon.grip_tape else 0),
                 zombie_wins_ties=z.wins_ties, character_wins_ties=weapon.pipe_wrench)


def group_fight(zombies: Sequence[ZombieType | str], *, weapon: Weapon | None = Weapon(),
                on_loss: str = "injury", david: bool = False, modifier: int = 0,
                content: DeadPanicContent | None = None,
                health: Sequence[int] | None = None) -> Dist:
    """A Character alone in a space fights each Zombie there once, in the given order (p. 9-10).

    "A fight doesn't end in a space until all of the Zombies have been fought" and "No
    Zombie is fought more than once during a single fight phase" (pp. 8, 10). After a lost
    fight the player takes an Injury or drops the weapon (p. 9): ``on_loss`` = "injury"
    (keep the weapon) or "drop" (drop it, Grip Tape goes with it, fight on unarmed).
    Unarmed losses are always Injuries. A club is discarded after its first fight (p. 3).
    ``health`` gives each Zombie's current health (full by default).
    Returns a Dist over :class:`FightResult`.
    """
    if on_loss not in ("injury", "drop"):
        raise ValueError(f"on_loss must be 'injury' or 'drop', got {on_loss!r}")
    zs = [_ztype(z, content) for z in zombies]
    hs = list(health) if health is not None else [z.health for z in zs]
    if len(hs) != len(zs) or any(h < 1 for h in hs):
        raise ValueError("health must give a positive health for each Zombie")
    state = Dist.certain((0, 0, 0, 0, weapon))
    for z, h in zip(zs, hs):
        def step(s, z=z, h=h):
            inj, kills, dmg, pushes, held = s

            def after(result: str):
                i, k, d, p, w = inj, kills, dmg, pushes, held
                if result == "win":
                    hit = w.damage if w is not None else (1 if david else 0)
                    if w is None and not david:
                        p += 1  # unarmed: push the Zombie back 1 space instead (p. 10)
                    d += min(hit, h)
                    k += 1 if hit >= h else 0
                elif result == "lose":
                    if w is None or on_loss == "injury":
                        i += 1
                    else:
                        w = None  # dropped, with its Grip Tape (p. 4)
                if w is not None and w.club:
                    w = None  # "A club breaks after a melee battle, regardless of the outcome" (p. 3)
                return (i, k, d, p, w)

            return _one(z, held, modifier).map(after)

        state = state.bind(step)
    return state.map(lambda s: FightResult(s[0], s[1], s[2], s[3], s[4] is not None))


def movement_check(zombies: Sequence[ZombieType | str], **kwargs) -> Dist:
    """Moving into a space with Zombies: fight the strongest by fight number (p. 5).

    Equal fight numbers: the player chooses; all choices give the same roll odds.
    Keyword arguments are those of :func:`fight`.
    """
    content = kwargs.get("content")
    zs = [_ztype(z, content) for z in zombies]
    if not zs:
        raise ValueError("a movement check needs at least one Zombie in the space")
    strongest = max(zs, key=lambda z: (z.fight, z.wins_ties))
    return fight(strongest, **kwargs)


def deliberate_attacks(zombie: ZombieType | str, actions: int, *, weapon: Weapon = Weapon(),
                       modifier: int = 0, health: int | None = None,
                       content: DeadPanicContent | None = None) -> Dist:
    """Deliberate melee during Perform Actions: 1 action per fight (p. 3), until the Zombie dies.

    Each lost fight costs an Injury (the weapon is kept, the reading that lets the attacks
    go on). Returns a Dist over ``(killed: bool, injuries: int)`` after up to ``actions``
    fights against one Zombie.
    """
    if actions < 0:
        raise ValueError("actions must be >= 0")
    z = _ztype(zombie, content)
    h0 = z.health if health is None else health
    roll = _one(z, weapon, modifier)
    state = Dist.certain((h0, 0))
    for _ in range(actions):
        def step(s):
            h, inj = s
            if h <= 0:
                return Dist.certain(s)
            return roll.map(lambda r: (max(0, h - weapon.damage), inj) if r == "win"
                            else (h, inj + 1) if r == "lose" else (h, inj))
        state = state.bind(step)
    return state.map(lambda s: (s[0] == 0, s[1]))
