"""Stable entry points for NOTLD odds: build an attack from a weapon card + Skills, run spawn queries.

API (plain values in, exact results out -- a live-game adapter only reads numbers off the state)::

    parse_skill(name) -> SkillEffect                     # rulebook name (P. 46), e.g. "+1 die: Ranged"
    attack_spec(profile=None, *, card=None, action=None, dice=None, accuracy=None, damage=None,
                dual=False, skills=(), plenty=False, reroll=None, reroll_k=None, target=None,
                friends=0, goal="clear", stats=None) -> AttackSpec
    attack_odds(spec, actions=1) -> (AttackResult, p_clear_within_actions)
    spawn_odds(level, zones=1, deck="all", openings=True, discarded=(), cards=None,
               on_board=None) -> SpawnResult
    parse_target(text, types) -> dict[str, int]          # "walker=2,fatty=1"

Skills (P. 46) that change an attack: "+1 die: Combat|Melee|Ranged" (+1 die per weapon),
"+1 to dice roll: Combat|Melee|Ranged", "Ambidextrous" (every weapon is Dual), "Barbarian" (Melee:
Dice = Ghouls in the Zone), "Sniper" (Ranged: free targets, no Friendly Fire). Every other P. 46 Skill
is accepted and changes nothing. Car Attacks "are not combat actions" (P. 28), so Combat Skills do not
apply to them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping

from .attack import AttackResult, AttackSpec, attack
from .multi import p_clear_within
from .spawn import SpawnResult, select_deck, spawn_step
from .targeting import NOTLD_GHOULS, GhoulStats

__all__ = ["SkillEffect", "SKILL_NAMES", "parse_skill", "attack_spec", "attack_odds", "spawn_odds", "parse_target"]

#: the Skills of P. 46, by rulebook name (the {Action} variants spelled out)
SKILL_NAMES: tuple[str, ...] = (
    "+1 Action",
    "+1 die: Combat", "+1 die: Melee", "+1 die: Ranged",
    "+1 free Combat Action", "+1 free Melee Action", "+1 free Move Action",
    "+1 free Ranged Action", "+1 free Search Action",
    "+1 to dice roll: Combat", "+1 to dice roll: Melee", "+1 to dice roll: Ranged",
    "Ambidextrous", "Barbarian", "Bloodlust: Melee", "Hawk-eye", "Hit & Run", "Shove",
    "Slippery", "Sniper", "Taunt",
)


@dataclass(frozen=True)
class SkillEffect:
    """What a Skill does to one attack: ``kind`` in plus_die, plus_roll, ambidextrous, barbarian,
    sniper, none; ``applies`` the Action types it covers ("melee", "ranged")."""

    name: str
    kind: str
    applies: tuple[str, ...] = ("melee", "ranged")


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", s.strip().lower().replace("–", "-"))


def parse_skill(name: str) -> SkillEffect:
    """The effect of a P. 46 Skill given by its rulebook name (case-insensitive); ValueError if unknown."""
    key = _norm(name)
    for official in SKILL_NAMES:
        if _norm(official) == key:
            break
    else:
        raise ValueError(f"unknown skill {name!r} (rulebook names, e.g. '+1 die: Ranged', 'Sniper')")
    m = re.match(r"\+1 (die|to dice roll): (\w+)", official)
    if m:
        scope = m.group(2).lower()
        applies = ("melee", "ranged") if scope == "combat" else (scope,)
        return SkillEffect(official, "plus_die" if m.group(1) == "die" else "plus_roll", applies)
    special = {"Ambidextrous": ("ambidextrous", ("melee", "ranged")), "Barbarian": ("barbarian", ("melee",)),
               "Sniper": ("sniper", ("ranged",))}
    if official in special:
        kind, applies = special[official]
        return SkillEffect(official, kind, applies)
    return SkillEffect(official, "none", ())


#: Ghouls of one type in a target Zone (the box holds 28 Walkers; far above any real Zone)
MAX_TARGET_PER_TYPE = 1_000


def parse_target(text: str, types: Iterable[str]) -> dict[str, int]:
    """``"walker=2,fatty=1"`` -> ``{"walker": 2, "fatty": 1}``; ValueError naming the bad part."""
    types = list(types)
    out: dict[str, int] = {}
    text = text.strip()
    if not text:
        return out
    for part in text.split(","):
        m = re.fullmatch(r"\s*([A-Za-z_]{1,20})\s*=\s*(-?[0-9]{1,9})\s*", part)
        if not m:
            raise ValueError(f"malformed entry {part.strip()!r} (expected TYPE=COUNT, e.g. walker=2)")
        t, c = m.group(1).lower(), int(m.group(2))
        if t not in types and t.endswith("s") and t[:-1] in types:
            t = t[:-1]
        if t == "fatties":
            t = "fatty"
        if t not in types:
            raise ValueError(f"unknown ghoul type {t!r} (known: {', '.join(types)})")
        if c < 0:
            raise ValueError(f"count of {t} must be >= 0, got {c}")
        if c > MAX_TARGET_PER_TYPE:
            raise ValueError(f"count of {t} must be at most {MAX_TARGET_PER_TYPE} (README: Limits), got {c}")
        if t in out:
            raise ValueError(f"{t} given twice")
        out[t] = c
    return out


def attack_spec(
    profile=None,
    *,
    card=None,
    action: str | None = None,
    dice: int | None = None,
    accuracy: int | None = None,
    damage: int | None = None,
    reload: bool = False,
    dual: bool = False,
    skills: Iterable[str] = (),
    plenty: bool = False,
    reroll: str | None = None,
    reroll_k: int | None = None,
    target: Mapping[str, int] | None = None,
    friends: int = 0,
    goal: str = "clear",
    stats: Mapping[str, GhoulStats] | None = None,
) -> AttackSpec:
    """An :class:`AttackSpec` from a weapon line (``profile``: an ``AttackProfile``) or ad-hoc numbers.

    ``card`` (an ``EquipmentCard``) supplies Dual, Sniper and the Molotov effect. ``plenty`` means the
    matching Plenty of Bullets/Shells card is held; then ``reroll`` defaults to ``"optimal"``. Dual
    needs the card's Dual symbol or Ambidextrous (P. 26, P. 46).
    """
    if profile is not None:
        action = action or profile.action
        dice, accuracy, damage = profile.dice, profile.accuracy, profile.damage
        reload = profile.reload
    if action is None or dice is None or accuracy is None or damage is None:
        raise ValueError("an attack needs a weapon line or action, dice, accuracy and damage")
    effects = [parse_skill(s) for s in skills]
    combat = action in ("melee", "ranged")  # Car Attacks are not combat actions (P. 28)
    live = [e for e in effects if combat and action in e.applies]
    ambidextrous = any(e.kind == "ambidextrous" for e in live)
    if dual and card is not None and not card.dual and not ambidextrous:
        raise ValueError(f"the {card.name} has no Dual symbol (and no Ambidextrous Skill)")
    if dual and action == "car":
        raise ValueError("a Car Attack cannot be Dual")
    molotov = bool(card is not None and card.effect == "molotov")
    sniper = bool((card is not None and card.sniper and action == "ranged")
                  or any(e.kind == "sniper" for e in live))
    policy = reroll or ("optimal" if plenty else "never")
    if reroll and reroll != "never" and not plenty:
        plenty = True  # asking for a re-roll policy means the card is held
    return AttackSpec(
        action=action, dice=dice, accuracy=accuracy, damage=damage, dual=dual,
        plus_dice=sum(e.kind == "plus_die" for e in live), plus_roll=sum(e.kind == "plus_roll" for e in live),
        barbarian=any(e.kind == "barbarian" for e in live), sniper=sniper, molotov=molotov, reload=reload,
        reroll=policy if plenty else "never", reroll_k=reroll_k, target=dict(target or {}),
        friends=friends, goal=goal, stats=dict(stats or NOTLD_GHOULS),
    )


def attack_odds(spec: AttackSpec, actions: int = 1) -> tuple[AttackResult, Fraction]:
    """One attack's distributions, and P(clear) within ``actions`` Actions (Reload respected)."""
    result = attack(spec)
    if actions == 1:
        return result, result.p_clear
    return result, p_clear_within(spec, actions)


def spawn_odds(
    level,
    zones: int = 1,
    deck: str = "all",
    openings: bool = True,
    discarded: Iterable[int] = (),
    cards=None,
    on_board: Mapping[str, int] | None = None,
    pools: Mapping[str, int] | None = None,
) -> SpawnResult:
    """A spawn step of ``zones`` cards at ``level`` from a preset of ``cards`` (the content's deck by default)."""
    if cards is None:
        from nollab.content_deck import load_ghoul_deck  # the deck alone, not the whole content

        cards, box = load_ghoul_deck()
        if pools is None:
            pools = box
    chosen = select_deck(cards, deck, openings)
    return spawn_step(chosen, level, zones, discarded, on_board, pools)
