"""Zpocalypse red-dice pools, attacks, ammo clicks, Smarts checks and throws (summary p. 1-2).

"For each success rolled (5 or Z) you kill a single zombie and gain 1 VP. After one
success against a double zombie, replace it with a single zombie." "The maximum number of
red dice you can roll is 8." "Unarmed survivors may roll a 1 red die melee attack, with a
success on a Z result." Knockdown: "Knockdowns occur when you roll 1 face value less than
your skill requires on a red die ... You cannot knockdown double zombies." "Each CLICK
you roll on a blue die means a weapon is out of ammo." Smarts check: "rolls a number of
red dice equal to their squad's Smarts (if Smarts are 0, roll 1 die). Any roll of 5 or Z
is a success." Explosives: "roll the number of red dice shown on the card to see how many
squares you can throw it ... If you roll double 1s on your range dice" it is dropped.

A red die is a Dist over its face *rank* 1..6 (lowest to highest); a threshold ``t``
means rank >= t.
"""
from __future__ import annotations

from fractions import Fraction

from nollab.prob.dist import Dist
from nollab.packs.zpocalypse.content import CLICK, ZpocalypseContent, load

__all__ = ["red_die", "successes", "attack", "allocate", "blast", "smarts_check", "p_scavenge", "ammo", "throw"]


def _c(content: ZpocalypseContent | None) -> ZpocalypseContent:
    return content or load()


def red_die(content: ZpocalypseContent | None = None) -> Dist:
    """One red die, as the rank of the face rolled."""
    return Dist.uniform(range(1, _c(content).sides + 1))


def _check_threshold(t: int, c: ZpocalypseContent) -> None:
    if not 1 <= t <= c.sides:
        raise ValueError(f"a success threshold is a face 1..{c.sides}, got {t}")


def successes(n: int, threshold: int | None = None, content: ZpocalypseContent | None = None) -> Dist:
    """Successes among ``n`` red dice (rank >= ``threshold``, default "5 or Z")."""
    c = _c(content)
    t = c.success if threshold is None else threshold
    _check_threshold(t, c)
    if n < 0:
        raise ValueError(f"cannot roll {n} dice")
    return red_die(c).map(lambda r: int(r >= t)).repeat_sum(n)


def attack(dice: int, threshold: int | None = None, *, singles: int | None = None, doubles: int = 0,
           knockdown: bool = False, target: str | None = None, content: ZpocalypseContent | None = None) -> Dist:
    """A survivor attack: Dist over ``(kills, knockdowns)``.

    Without targets (``singles is None``) every success is a kill. With targets, kills are
    capped at ``singles + 2 * doubles`` (a double takes two successes; after one it is a
    single). Knockdown faces (one below the threshold) knock down singles left standing;
    the successes are allocated to leave the most singles to knock down -- the allocation
    that removes the most zombies (docs/rulings.md). ``target`` ("single"/"double", one of the
    zombies): it takes the first successes (firearms: "The first successes rolled kill the targeted
    zombie(s) and subsequent successes kill zombies on or adjacent to the target"; :func:`allocate`).
    """
    c = _c(content)
    t = c.success if threshold is None else threshold
    _check_threshold(t, c)
    if not 1 <= dice <= c.max_dice:
        raise ValueError(f"an attack rolls 1..{c.max_dice} red dice, got {dice}")
    if knockdown and t < 2:
        raise ValueError("no face lies one below a threshold of 1: Knockdown cannot happen")

    def face(r: int) -> tuple[int, int]:
        return (int(r >= t), int(knockdown and r == t - 1))

    pair_add = lambda a, b: (a[0] + b[0], a[1] + b[1])  # noqa: E731
    roll = Dist.certain((0, 0))
    one = red_die(c).map(face)
    for _ in range(dice):
        roll = roll.combine(one, pair_add)
    if singles is None:
        return roll
    if singles < 0 or doubles < 0:
        raise ValueError("zombie counts must be >= 0")

    if target is not None:
        allocate(0, 0, singles, doubles, target)  # checks the target is one of the zombies
    return roll.map(lambda sk: allocate(sk[0], sk[1], singles, doubles, target)[:2])


def allocate(succ: int, knock: int, singles: int, doubles: int, target: str | None = None) -> tuple[int, int, int]:
    """Spend ``succ`` successes and ``knock`` Knockdown faces on ``singles`` + ``doubles`` zombies:
    ``(kills, knockdowns, successes on doubles)``. Kills are capped at ``singles + 2 * doubles`` (a
    double takes two successes; after one it is a single); the successes go where they leave the
    most singles standing for the Knockdown faces (docs/rulings.md). Used by the odds and the game.

    ``target`` ("single" or "double", one of the zombies counted): "The first successes rolled kill the
    targeted zombie(s) and subsequent successes kill zombies on or adjacent to the target" -- the target
    takes the first successes, the others are allocated as above among the rest."""
    if target is not None:
        if target not in ("single", "double") or (singles if target == "single" else doubles) < 1:
            raise ValueError(f"target is a single or a double among the zombies, got {target!r}")
        on_t = min(succ, 1 if target == "single" else 2)
        rest_s, rest_d = singles - (target == "single"), doubles - (target == "double")
        k, _, on_d = allocate(succ - on_t, 0, rest_s, rest_d)
        left = (target == "single" and on_t == 0) or (target == "double" and on_t == 1)  # a single standing there
        kd = min(knock, int(left) + _standing(succ - on_t, rest_s, rest_d))
        return on_t + k, kd, on_d + (on_t if target == "double" else 0)
    cap = singles + 2 * doubles
    kills = min(succ, cap)
    best_left, best_x = -1, 0
    for x in range(0, min(kills, 2 * doubles) + 1):  # successes spent on doubles
        y = kills - x
        if y > singles:
            continue
        halves = x if x <= doubles else 2 * doubles - x  # doubles hit once become singles
        if singles - y + halves > best_left:
            best_left, best_x = singles - y + halves, x
    return kills, min(knock, max(0, best_left)), best_x


def _standing(succ: int, singles: int, doubles: int) -> int:
    """Singles left standing after ``succ`` successes allocated as :func:`allocate` does (most singles)."""
    kills = min(succ, singles + 2 * doubles)
    best = -1
    for x in range(0, min(kills, 2 * doubles) + 1):
        y = kills - x
        if y <= singles:
            best = max(best, singles - y + (x if x <= doubles else 2 * doubles - x))
    return max(0, best)


def smarts_check(smarts: int, content: ZpocalypseContent | None = None) -> Dist:
    """Successes of a Smarts check (Scavenge, Search): ``max(1, smarts)`` dice, 5 or Z."""
    if smarts < 0:
        raise ValueError(f"Smarts is >= 0, got {smarts}")
    return successes(max(1, smarts), None, content)


def p_scavenge(smarts: int, content: ZpocalypseContent | None = None) -> Fraction:
    """P(a Scavenge check succeeds), read as "at least one success" (docs/rulings.md)."""
    return smarts_check(smarts, content).p(lambda s: s >= 1)


def ammo(firearms: int, content: ZpocalypseContent | None = None) -> Dist:
    """CLICKs among the blue dice of ``firearms`` Ammo Check weapons: each is a weapon out of ammo."""
    c = _c(content)
    if firearms < 0:
        raise ValueError(f"firearms must be >= 0, got {firearms}")
    return Dist.uniform(c.blue_faces).map(lambda f: int(f == CLICK)).repeat_sum(firearms)


def throw(range_dice: int, content: ZpocalypseContent | None = None) -> Dist:
    """Throwing an explosive: Dist over ``(max_squares, dropped)``.

    The reach is the sum of the range dice ("the number rolled"); the explosive is dropped
    on "double 1s": at least two dice showing the lowest face (docs/rulings.md).
    """
    c = _c(content)
    if range_dice < 1:
        raise ValueError(f"a throw rolls at least 1 die, got {range_dice}")
    one = red_die(c).map(lambda r: (c.red_values[r - 1], int(r == 1)))
    out = Dist.certain((0, 0))
    for _ in range(range_dice):
        out = out.combine(one, lambda a, b: (a[0] + b[0], a[1] + b[1]))
    return out.map(lambda o: (o[0], o[1] >= 2))


def blast(damage_dice: int, content: ZpocalypseContent | None = None) -> Dist:
    """An explosive's damage dice: Dist over ``(successes, total of the other dice)``. "The number of
    successes equal how many zombies are killed"; dropped: "each 5 or Z kills 1 survivor in your squad.
    The total of any remaining dice is applied to your squad as normal attack damage, minus Armor"."""
    c = _c(content)
    if not 0 <= damage_dice <= c.max_dice:
        raise ValueError(f"an explosive rolls 0..{c.max_dice} damage dice, got {damage_dice}")
    one = red_die(c).map(lambda r: (1, 0) if r >= c.success else (0, c.red_values[r - 1]))
    out = Dist.certain((0, 0))
    for _ in range(damage_dice):
        out = out.combine(one, lambda a, b: (a[0] + b[0], a[1] + b[1]))
    return out
