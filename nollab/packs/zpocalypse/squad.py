"""A squad's stats, computed from its survivors and cards (summary, "Squads").

"Hit Points (HPs) and Armor are equal to the sum of your survivor's stats ... Firearm and Melee are
equal to the sum of your survivor's stats ..., and never decrease. Movement is equal to the slowest
squad member. Smarts is equal to that of your smartest squad member." "Each survivor can carry a
maximum of 4 cards." "survivors who ate radioactive food ... have 1 less HP." "Armor: Added to your
total Armor stat." "Each survivor can only use 1 weapon at a time (unless the Duel Wield ability has
been unlocked, in which case both weapons must have this ability)."

Only active (fed) survivors count; new survivors "may not use any of their stats ... until they have
been fed" but "may carry up to the standard 4 cards".
"""
from __future__ import annotations

from nollab.packs.zpocalypse.box import ArmoryCard, Box
from nollab.packs.zpocalypse.state import Card, Squad

__all__ = ["active", "hp_max", "hp", "armor", "firearm", "melee", "move", "smarts", "level", "capacity",
           "weapons", "food_cards", "count", "refresh_floors", "card_vp"]


def active(box: Box, s: Squad) -> list:
    return [m for m in s.members if m.fed]


def _sum(box: Box, s: Squad, stat: str) -> int:
    return sum(getattr(box.survivors[m.id], stat) for m in active(box, s))


def hp_max(box: Box, s: Squad) -> int:
    return _sum(box, s, "hp") - sum(1 for m in active(box, s) if m.radiation)


def hp(box: Box, s: Squad) -> int:
    return hp_max(box, s) - s.wounds


def armor(box: Box, s: Squad) -> int:
    return _sum(box, s, "armor") + sum(box.armory[c.card].armor for c in s.cards if c.card in box.armory)


def firearm(box: Box, s: Squad) -> int:
    return max(s.firearm_floor, _sum(box, s, "firearm") + s.firearm_pts)


def melee(box: Box, s: Squad) -> int:
    return max(s.melee_floor, _sum(box, s, "melee") + s.melee_pts)


def refresh_floors(box: Box, s: Squad) -> None:
    """Firearm and Melee "never decrease": remember the highest totals reached."""
    s.firearm_floor = firearm(box, s)
    s.melee_floor = melee(box, s)


def move(box: Box, s: Squad) -> int:
    act = active(box, s)
    return min(box.survivors[m.id].move for m in act) if act else 0


def smarts(box: Box, s: Squad) -> int:
    act = active(box, s)
    return max(box.survivors[m.id].smarts for m in act) if act else 0


def level(box: Box, stat: int) -> int:
    """The skill level of a Firearm or Melee total (the reconstructed skill track)."""
    lv = 0
    for i, start in enumerate(box.rules.skill_levels):
        if stat >= start:
            lv = i
    return lv


def capacity(box: Box, s: Squad) -> int:
    return box.rules.carry * len(s.members)


def count(s: Squad, card: str) -> int:
    return sum(1 for c in s.cards if c.card == card)


def food_cards(s: Squad) -> list[Card]:
    return [c for c in s.cards if c.card in ("food", "radioactive", "double")]


def card_vp(box: Box, s: Squad) -> int:
    """"Each card has a VP value tallied up at the end of the game" (Armory cards)."""
    return sum(box.armory[c.card].vp for c in s.cards if c.card in box.armory)


def weapons(box: Box, s: Squad, kind: str) -> list[tuple[list[Card], int, bool]]:
    """The weapons of ``kind`` the squad's survivors wield, one survivor each (Duel Wield: a pair of
    unlocked cards for one survivor): ``[(cards, dice, knockdown)]``, most dice first. Rearranging
    weapons is free, so the best ones are always in hand. Empty firearms cannot be used."""
    act = len(active(box, s))
    lv = level(box, firearm(box, s) if kind == "firearm" else melee(box, s))
    usable = [c for c in s.cards if c.card in box.armory and box.armory[c.card].kind == kind and not c.empty]

    def dice(c: Card) -> int:
        return box.armory[c.card].dice[lv]

    def kd(card: ArmoryCard) -> bool:
        return card.knockdown is not None and lv >= card.knockdown

    usable.sort(key=lambda c: (-dice(c), c.uid))
    duel = [c for c in usable if box.armory[c.card].duel_wield is not None and lv >= box.armory[c.card].duel_wield]
    cands = [[c] for c in usable] + [duel[i:i + 2] for i in range(0, len(duel) - 1, 2)]
    cands.sort(key=lambda g: (-sum(dice(x) for x in g), len(g), g[0].uid))
    hands: list[tuple[list[Card], int, bool]] = []
    used: set[int] = set()
    for group in cands:
        if len(hands) >= act:
            break
        if any(x.uid in used for x in group):
            continue
        used.update(x.uid for x in group)
        hands.append((group, sum(dice(x) for x in group), any(kd(box.armory[x.card]) for x in group)))
    return hands
