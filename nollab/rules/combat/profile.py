"""One attack as the rules compute it: the :class:`AttackProfile` (P. 20-21, P. 26-29, P. 46).

Which weapons attack together, how many dice they roll (Dual, "+1 die" Skills, Barbarian), the
Accuracy and the "+1 to dice roll" Skills, the Damage, who chooses where the hits go (Melee and
Sniper: the attacker; Ranged and Car: the Targeting Priority Order), whether the misses hit the
Survivors in the target Zone (Friendly Fire), whether a held Plenty of Bullets/Shells allows a
re-roll: worked out here once, from the state, and read by everything that needs it -- the combat
steps (:mod:`.attack`, :mod:`.car_attack`), the odds of a live game (:mod:`nollab.prob.live`), the
bots (:mod:`nollab.sim.heuristic`), the odds panel and ``nollab odds --save``.

:func:`combat_options` lists the attacks the *position* allows (weapon in Hand, Mode, Reload,
Range, Line of Sight, the Scene), whatever the Actions left: the legal actions add the Action
economy on top (:mod:`nollab.rules.players.legal`), the odds read them for any Survivor.
"""
from __future__ import annotations

from dataclasses import dataclass

from nollab.content_model import GHOUL_TYPES
from nollab.rules.combat.weapons import ranged_targets, weapon_options
from nollab.rules.engine.board_state import closed_set, zone_kind
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import SurvivorState
from nollab.rules.survivors import skills as sk
from nollab.rules.survivors.inventory import has_effect

__all__ = ["AttackProfile", "attack_profile", "car_profile", "combat_options", "molotov_targets",
           "profile_of_action"]


@dataclass(frozen=True)
class AttackProfile:
    """Everything the rules say about one attack before the dice are rolled.

    ``dice`` is what is rolled now (``weapons * per_weapon``); ``base_dice`` the printed Dice of
    one weapon and ``plus_dice`` its "+1 die" Skills, so a later Action with Barbarian can count
    again (P. 46). ``target`` holds the Ghouls of the Zone by type (:data:`GHOUL_TYPES` order),
    ``friends`` the Survivors a miss can hit (P. 28; pedestrians only for a Car, P. 21).
    ``reroll`` names the ammo of a usable Plenty of Bullets/Shells (P. 12), else None.
    """

    survivor: str
    action: str  # melee | ranged | car | molotov
    weapon: str  # card id, or "car"
    hands: tuple  # Hand slots used (empty for the Car)
    zone: str
    range: int
    weapons: int  # 2 for a Dual Action (P. 26)
    base_dice: int
    plus_dice: int
    dice: int
    accuracy: int
    plus_roll: int
    damage: int
    barbarian: bool
    sniper: bool
    free: bool  # the attacker allocates the hits (Melee P. 26, Sniper P. 28)
    friendly_fire: bool  # misses hit the Survivors of the target Zone (P. 28)
    reroll: str | None  # "bullets" / "shells": the whole roll may be re-rolled once (P. 12)
    reload: bool  # the Reload trait (P. 28)
    mode: str  # the side faceup now (P. 17)
    skills: tuple  # Skill ids active now
    target: tuple  # Ghouls in the Zone by type
    friends: tuple  # Survivors the misses can hit

    @property
    def dual(self) -> bool:
        return self.weapons == 2

    @property
    def molotov(self) -> bool:
        return self.action == "molotov"

    def target_dict(self) -> dict:
        return {g: n for g, n in zip(GHOUL_TYPES, self.target) if n}


def _friends(ctx: Ctx, sid: str, zone: str, car: bool = False) -> tuple:
    return tuple(x for x in ctx.st.survivors_in(zone) if x != sid and not (car and ctx.surv(x).in_car))


def _range(ctx: Ctx, s: SurvivorState, zone: str, skills) -> int:
    if zone == s.zone:
        return 0
    los = ctx.board.line_of_sight(s.zone, closed_set(ctx), sk.has(ctx.content, skills, "hawk_eye"))
    return los.get(zone, -1)


def attack_profile(ctx: Ctx, sid: str, action: str, hands: tuple, zone: str, barbarian: bool = False) -> AttackProfile:
    """The profile of a Melee, Ranged or Molotov Action with the weapon(s) in ``hands`` at ``zone``
    (P. 26-29, P. 46). It does not check legality (see :func:`combat_options`)."""
    st = ctx.st
    s = ctx.surv(sid)
    mode = sk.effective_mode(st, s)
    skills = sk.active_skills(ctx.content, st, s, mode)
    hands = tuple(hands)
    uids = [s.hands[i] for i in hands]
    card = ctx.card(uids[0])
    kind = "ranged" if action == "molotov" else action
    prof = card.melee if kind == "melee" else card.ranged
    counts = tuple(st.ghouls_in(zone))
    if action == "molotov" or card.effect == "molotov":  # no roll: every Actor burns (P. 29)
        return AttackProfile(sid, "molotov", card.id, hands, zone, _range(ctx, s, zone, skills), 1, 0, 0, 0, 6, 0,
                             prof.damage if prof else 1, False, False, False, False, None, False, mode, tuple(skills),
                             counts, tuple(x for x in st.survivors_in(zone)))
    plus_dice = sk.dice_bonus(ctx.content, skills, kind)
    base = prof.dice
    per_weapon = (sum(counts) if barbarian else base) + plus_dice  # P. 46 Barbarian
    sniper = kind == "ranged" and (card.sniper or sk.has(ctx.content, skills, "sniper"))
    reroll = card.ammo if kind == "ranged" and card.ammo and has_effect(ctx, s, "reroll", card.ammo) else None
    return AttackProfile(
        survivor=sid, action=kind, weapon=card.id, hands=hands, zone=zone, range=_range(ctx, s, zone, skills),
        weapons=len(uids), base_dice=base, plus_dice=plus_dice, dice=per_weapon * len(uids),
        accuracy=prof.accuracy, plus_roll=sk.roll_bonus(ctx.content, skills, kind), damage=prof.damage,
        barbarian=barbarian, sniper=sniper, free=kind == "melee" or sniper,
        friendly_fire=kind == "ranged" and not sniper, reroll=reroll, reload=bool(kind == "ranged" and prof.reload),
        mode=mode, skills=tuple(skills), target=counts,
        friends=_friends(ctx, sid, zone) if kind == "ranged" and not sniper else ())


def car_profile(ctx: Ctx, sid: str, zone: str, range_: int = 1) -> AttackProfile:
    """A Car Attack in a Zone the Car enters (P. 21, P. 28): the Car card's line, Targeting Priority,
    Friendly Fire on pedestrians; "the Survivor's Skills don't apply"."""
    prof = ctx.content.car.attack
    s = ctx.surv(sid)
    return AttackProfile(sid, "car", "car", (), zone, range_, 1, prof.dice, 0, prof.dice, prof.accuracy, 0,
                         prof.damage, False, False, False, True, None, False, sk.effective_mode(ctx.st, s), (),
                         tuple(ctx.st.ghouls_in(zone)), _friends(ctx, sid, zone, car=True))


def molotov_targets(ctx: Ctx, s: SurvivorState, hand: int, skills, closed) -> list[str]:
    """Zones a Molotov in ``hand`` may be thrown at (P. 29): exterior (Corn Fields and Woods are
    exterior, P. 31), in Range and Line of Sight, holding Ghouls or a Spawn token, if the Scene
    allows it."""
    los = ctx.board.line_of_sight(s.zone, closed, sk.has(ctx.content, skills, "hawk_eye"))
    prof = ctx.card(s.hands[hand]).ranged
    spawn_zones = {sz for sz, _colour in ctx.st.spawns}
    return [tz for tz, r in sorted(los.items())
            if prof.range_min <= r <= prof.range_max and zone_kind(ctx, tz) != "interior"
            and (ctx.st.ghoul_count(tz) or tz in spawn_zones) and ctx.scene.can_target(ctx, s, tz)]


def combat_options(ctx: Ctx, s: SurvivorState, skills=None, mode: str | None = None,
                   closed=None) -> list[tuple]:
    """Every Combat Action the position allows ``s`` (whatever the Actions left), as the params of
    the engine's actions: ``("melee", hands, barbarian)``, ``("ranged", hands, zone)``,
    ``("molotov", hand, zone)``, in the legal-action order (P. 20, P. 26-29, P. 46)."""
    st = ctx.st
    if mode is None:
        mode = sk.effective_mode(st, s)
    if skills is None:
        skills = sk.active_skills(ctx.content, st, s, mode)
    if closed is None:
        closed = closed_set(ctx)
    out: list[tuple] = []
    if st.ghoul_count(s.zone):
        barb = sk.has(ctx.content, skills, "barbarian")
        for hands in weapon_options(ctx, s, "melee", skills, mode):
            out.append(("melee", hands, False))
            if barb:
                out.append(("melee", hands, True))
    if s.hands[0] is not None or s.hands[1] is not None:
        for hands in weapon_options(ctx, s, "ranged", skills, mode):
            for tz in ranged_targets(ctx, s, hands, skills, closed):
                out.append(("ranged", hands, tz))
        for i, u in enumerate(s.hands):
            if u is not None and ctx.card(u).effect == "molotov":
                out.extend(("molotov", i, tz) for tz in molotov_targets(ctx, s, i, skills, closed))
                break
    return out


def profile_of_action(ctx: Ctx, action) -> AttackProfile | None:
    """The profile of a ``melee`` / ``ranged`` / ``molotov`` engine Action (None for other kinds)."""
    s = ctx.surv(action.survivor)
    if action.kind == "melee":
        hands, barbarian = action.params
        return attack_profile(ctx, s.id, "melee", hands, s.zone, barbarian)
    if action.kind == "ranged":
        hands, zone = action.params
        return attack_profile(ctx, s.id, "ranged", hands, zone)
    if action.kind == "molotov":
        hand, zone = action.params
        return attack_profile(ctx, s.id, "molotov", (hand,), zone)
    return None
