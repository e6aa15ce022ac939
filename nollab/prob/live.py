"""Odds read off a live game: "this Survivor, this weapon, that Zone, right now" and "the next spawn step".

This module is the only place where :mod:`nollab.prob` reads a :class:`nollab.rules.Game`. It never
re-derives a rule the engine already knows: Skills come from :func:`nollab.rules.survivors.skills.active_skills`
(Romero side, Relatives forcing Romero, P. 14, 17), the faceup side from ``effective_mode``, held
re-roll cards from :func:`nollab.rules.survivors.inventory.has_effect` (Hands and "May be used in the Backpack",
P. 16), Line of Sight from the board (P. 10, 31; Hawk-eye P. 46), the Danger Level from
``highest_level`` (P. 24; Ultrared P. 32), active Spawn tokens from ``active_spawn_tokens``. The
numbers are then handed to the plain-value queries (:func:`nollab.prob.query.attack_spec`,
:func:`nollab.prob.spawn.spawn_step`).

API::

    attack_from_state(game, survivor, weapon, zone, *, dual=None, reroll="optimal", goal="clear",
                      actions=1, reroll_k=None) -> LiveAttackResult   # an AttackResult + .live, .p_clear_within
    live_attack(game, survivor, weapon, zone, ...) -> LiveAttack       # the reading only (spec, notes)
    attack_options(game, survivor) -> list[LiveOption]                 # (weapon, zone) legal right now
    spawn_from_state(game, *, zones=None, content=None) -> SpawnResult # .live: LiveSpawn
    zone_reading(state, zone, shooter=None) -> (counts by type, friends)

``weapon`` is a card id (``"sawed_off"``), a card name (``"Sawed-Off"``), a weapon line
(``"mas_shotgun:melee"``) or ``"car"``. Every refusal is a :class:`LiveAttackError` (a ValueError)
whose message names the rule and its page.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, Iterable

from nollab.content_model import GHOUL_TYPES

from .attack import AttackResult, AttackSpec, attack
from .multi import p_clear_within
from .query import attack_spec
from .spawn import NOTLD_POOLS, SpawnResult, spawn_step
from .targeting import stats_from_content

__all__ = ["LiveAttackError", "LiveAttack", "LiveAttackResult", "LiveOption", "LiveSpawn", "live_attack",
           "attack_from_state", "attack_options", "spawn_from_state", "zone_reading"]

#: order of the engine's per-Zone count tuples (P. 17)


class LiveAttackError(ValueError):
    """The attack cannot be made right now; the message names the rule and page."""


@dataclass(frozen=True)
class LiveAttack:
    """What was read off the game for one attack, and the :class:`AttackSpec` built from it."""

    survivor: str
    weapon: str  # card id, or "car"
    action: str  # melee | ranged | car
    zone: str
    hands: tuple[int, ...]  # hand slots used (empty for the Car)
    range: int  # Zones between the attacker and the target (0 = own Zone)
    mode: str  # side faceup now (Relatives force Romero, P. 17)
    skills: tuple[str, ...]  # rulebook names of the Skills active now
    plenty: bool  # the matching Plenty of Bullets/Shells is usable (P. 12, P. 16)
    target: dict
    friends: tuple[str, ...]  # other Survivors the misses can hit (P. 28)
    spec: AttackSpec
    notes: tuple[str, ...] = ()


class LiveAttackResult(AttackResult):
    """An :class:`AttackResult` plus the live reading and P(clear) within ``actions`` Actions.

    Extra fields: ``live`` (LiveAttack), ``actions`` (1), ``p_clear_within``, and ``p_friend_eliminated``:
    P(a Friendly Fire miss eliminates a Survivor in the target Zone, which loses the game, P. 8, 22),
    the misses being allocated as well as possible (each to a friend who survives it while one does).
    """

    FIELDS = AttackResult.FIELDS + ("live", "actions", "p_clear_within", "p_friend_eliminated")
    DEFAULTS = {**AttackResult.DEFAULTS, "live": None, "actions": 1, "p_clear_within": Fraction(0),
                "p_friend_eliminated": Fraction(0)}


@dataclass(frozen=True)
class LiveOption:
    """One attack that is legal right now: ``weapon`` line key (``"uzi:ranged"``) at ``zone``."""

    weapon: str
    zone: str
    dual: bool
    range: int


@dataclass(frozen=True)
class LiveSpawn:
    """What the spawn odds were read from (P. 24-25)."""

    level: int  # highest Danger Level of the living Survivors (0 Blue .. 3 Red)
    tokens: dict  # active Spawn Zone -> number of active Spawn tokens (one card each)
    draw_pile: tuple[int, ...]  # card numbers still to draw (order unknown to the players)
    discards: tuple[int, ...]
    on_board: dict = field(default_factory=dict)
    pools: dict = field(default_factory=dict)
    cards: tuple = ()  # the Ghoul cards of the game (draw pile + discards), by number


# ---- small readers ---------------------------------------------------------------------------------
def _state(game: Any) -> Any:
    return getattr(game, "state", game)


def zone_reading(state: Any, zone: str, shooter: str | None = None) -> tuple[dict, list[str]]:
    """Ghouls in ``zone`` by type (non-zero only) and the living Survivors there other than ``shooter``
    ("A Survivor can't hit themselves with their own attacks", P. 28). Works on a bare ``GameState``."""
    st = _state(state)
    counts = {t: c for t, c in zip(GHOUL_TYPES, st.ghouls_in(zone)) if c}
    friends = [x for x in st.survivors_in(zone) if x != shooter]
    return counts, friends


def _require_game(game: Any) -> None:
    if not all(hasattr(game, a) for a in ("state", "content", "scene", "_ctx")):
        raise TypeError("game: a nollab.rules.Game is needed (state, content and board), "
                        f"got {type(game).__name__}")


def _resolve_weapon(content: Any, weapon: str) -> tuple[str, str | None]:
    """``(card id or "car", action or None)`` from an id, a name or a ``id:action`` line key."""
    text = str(weapon).strip()
    action = None
    if ":" in text:
        text, action = (p.strip() for p in text.split(":", 1))
        if action not in ("melee", "ranged", "car"):
            raise LiveAttackError(f"weapon: unknown action {action!r} in {weapon!r} (melee, ranged)")
    if text.lower() == "car":
        return "car", "car"
    norm = text.lower().replace("-", "_").replace(" ", "_").replace("'", "")
    for cid, card in content.equipment.items():
        if cid == text or cid == norm or card.name.lower() == text.lower():
            if not card.is_weapon:
                raise LiveAttackError(f"weapon: {card.name} is not a weapon (P. 12-13)")
            return cid, action
    raise LiveAttackError(f"weapon: unknown weapon {weapon!r} (a card id such as 'sawed_off', or 'car')")


# ---- one attack ------------------------------------------------------------------------------------
def live_attack(game: Any, survivor: str, weapon: str, zone: str, *, dual: bool | None = None,
                reroll: str | None = "optimal", goal: str = "clear", reroll_k: int | None = None) -> LiveAttack:
    """Read one attack off ``game`` and check it is legal right now (see the module doc)."""
    _require_game(game)
    from nollab.rules.engine.board_state import zone_kind
    from nollab.rules.players.car import drive_paths
    from nollab.rules.survivors import skills as sk
    from nollab.rules.survivors.inventory import has_effect

    st, content, board = game.state, game.content, game.board
    ctx = game._ctx()
    s = st.survivors.get(survivor)
    if s is None:
        raise LiveAttackError(f"survivor: unknown survivor {survivor!r} (in this game: {', '.join(st.survivors)})")
    if not s.alive:
        raise LiveAttackError(f"survivor: {survivor} has been eliminated (P. 22)")
    if zone not in board.zones:
        raise LiveAttackError(f"zone: unknown zone {zone!r}")
    cid, action = _resolve_weapon(content, weapon)
    mode = sk.effective_mode(st, s)
    skill_ids = sk.active_skills(content, st, s)
    skills = tuple(content.skills[k].name for k in skill_ids)
    counts, friends = zone_reading(st, zone, survivor)
    if not counts and not (cid != "car" and content.equipment[cid].effect == "molotov"
                           and any(z == zone for z, _c in st.spawns)):
        # a Molotov may be thrown at a Spawn Zone without Ghouls, to move its token (P. 29)
        raise LiveAttackError(f"zone: no Ghouls in {zone}: an attack needs a target (P. 20, P. 26)")
    notes: list[str] = []
    stats = stats_from_content(content)

    if cid == "car":  # P. 21, P. 28: the Driver, a Zone entered by driving; Skills do not apply
        if not (s.in_car and s.driver):
            raise LiveAttackError(f"weapon: {survivor} is not the Driver of a Car: only a driven Car attacks (P. 21)")
        if not game.scene.can_drive(ctx):
            raise LiveAttackError("weapon: the Scene does not allow driving now, so no Car Attack (P. 21)")
        closed = st.closed()
        entered = {z for path in drive_paths(ctx, s.zone, closed) for z in path}
        if zone not in entered:
            raise LiveAttackError(f"zone: the Car cannot enter {zone} this Action: Drive 1-2 exterior Zones, "
                                  "no interior, Corn Field or Wood Zones (P. 21)")
        friends = [x for x in friends if not st.survivors[x].in_car]  # pedestrians only (P. 21)
        spec = attack_spec(content.car.attack, target=counts, friends=len(friends), goal=goal, stats=stats)
        r = 1 if zone in board.car_neighbors(s.zone, closed) else 2
        notes.append("Car Attack: the Driver's Skills do not apply (P. 21, P. 28)")
        return LiveAttack(survivor, "car", "car", zone, (), r, mode, skills, False, counts, tuple(friends), spec,
                          tuple(notes))

    card = content.equipment[cid]
    in_hands = [i for i, u in enumerate(s.hands) if u is not None and st.cards[u] == cid]
    if not in_hands:
        if any(st.cards[u] == cid for u in s.backpack):
            raise LiveAttackError(f"weapon: {card.name} is in {survivor}'s Backpack: only cards in Hand are used "
                                  "(P. 16); Reorganize first (P. 19)")
        raise LiveAttackError(f"weapon: {survivor} does not carry a {card.name}")
    if action is None:
        action = "ranged" if card.ranged is not None else "melee"
    prof = card.melee if action == "melee" else card.ranged
    if prof is None:
        raise LiveAttackError(f"weapon: {card.name} has no {action.title()} line (P. 12-13)")
    if card.zombicide_only and mode == "romero":
        why = " (a Relative on the board forces Romero, P. 17)" if s.mode == "zombicide" else ""
        raise LiveAttackError(f"weapon: {card.name} cannot be used for a Combat Action in Romero Mode (P. 29){why}")
    if action == "melee" and zone != s.zone:
        raise LiveAttackError(f"zone: a Melee Action attacks the Survivor's own Zone {s.zone} only (P. 20, P. 26)")
    hawk = sk.has(content, skill_ids, "hawk_eye")
    los = board.line_of_sight(s.zone, st.closed(), hawk)
    if zone not in los:
        raise LiveAttackError(f"zone: {zone} is not in Line of Sight of {s.zone} (P. 10, P. 31)")
    rng = los[zone]
    if action == "ranged" and not prof.range_min <= rng <= prof.range_max:
        raise LiveAttackError(f"zone: {zone} is at Range {rng}, outside the {card.name}'s Range "
                              f"{prof.range_min}-{prof.range_max} (P. 13, P. 27)")
    if not game.scene.can_target(ctx, s, zone):
        raise LiveAttackError(f"zone: the Scene's special rules forbid targeting {zone} now")
    if card.effect == "molotov" and zone_kind(ctx, zone) != "exterior":
        raise LiveAttackError(f"zone: a Molotov targets exterior Zones only, {zone} is not one (P. 29)")
    ambi = sk.has(content, skill_ids, "ambidextrous")
    can_dual = len(in_hands) == 2 and card.effect != "molotov" and (card.dual or ambi)
    if dual is None:
        dual = can_dual
    elif dual and not can_dual:
        why = "two in Hand" if len(in_hands) < 2 else "the Dual symbol or Ambidextrous"
        raise LiveAttackError(f"dual: a Dual Action needs {why} (P. 26, P. 46)")
    loaded = [i for i in in_hands if not (action == "ranged" and prof.reload and s.hands[i] in st.fired)]
    hands = tuple(in_hands) if dual else ((loaded or in_hands)[0],)
    if action == "ranged" and prof.reload:
        if any(s.hands[i] in st.fired for i in hands):
            raise LiveAttackError(f"weapon: the {card.name} has been fired and not reloaded: spend a Reload Action "
                                  "first, or wait for the End Phase (P. 28)")
    plenty = bool(action == "ranged" and card.ammo and has_effect(ctx, s, "reroll", card.ammo))
    if plenty:
        notes.append(f"Plenty of {card.ammo.title()} held: the whole roll may be re-rolled once (P. 12)")
    if sk.has(content, skill_ids, "barbarian") and action == "melee":
        notes.append("Barbarian: Dice = Ghouls in the Zone when that is more (P. 46)")
    line = {"profile": prof} if card.effect != "molotov" else {  # no roll (P. 29): numbers unused
        "action": "ranged", "dice": 0, "accuracy": 6, "damage": 1}
    spec = attack_spec(**line, card=card, dual=dual, skills=skills, plenty=plenty,
                       reroll=(reroll or "optimal") if plenty else None, reroll_k=reroll_k, target=counts,
                       friends=len(friends), goal=goal, stats=stats)
    return LiveAttack(survivor, cid, action, zone, hands, rng, mode, skills, plenty, counts, tuple(friends), spec,
                      tuple(notes))


def attack_from_state(game: Any, survivor: str, weapon: str, zone: str, *, dual: bool | None = None,
                      reroll: str | None = "optimal", goal: str = "clear", actions: int = 1,
                      reroll_k: int | None = None) -> LiveAttackResult:
    """Exact odds of ``survivor`` attacking ``zone`` with ``weapon`` in ``game`` right now.

    ``actions`` > 1 also gives ``p_clear_within`` (Reload respected, P. 28)."""
    if actions < 1:
        raise LiveAttackError(f"actions must be >= 1, got {actions}")
    live = live_attack(game, survivor, weapon, zone, dual=dual, reroll=reroll, goal=goal, reroll_k=reroll_k)
    r = attack(live.spec)
    within = r.p_clear if actions == 1 else p_clear_within(live.spec, actions)
    base = {f: getattr(r, f) for f in AttackResult.FIELDS}
    return LiveAttackResult(**base, live=live, actions=actions, p_clear_within=within,
                            p_friend_eliminated=_p_friend_eliminated(game, live, r))


def _p_friend_eliminated(game: Any, live: LiveAttack, r: AttackResult) -> Fraction:
    """Friendly Fire (P. 28) puts ``damage`` Wounds per miss on a Survivor of the player's choice in the
    target Zone; 3 Wounds eliminate (P. 22). Friend ``i`` with ``w_i`` Wounds absorbs
    ``(2 - w_i) // damage`` misses safely, so a Survivor dies iff misses exceed the sum of those.
    ``friendly_wounds`` counts every Wound the misses deal; this is the number that matters at the table."""
    spec = live.spec
    if spec.molotov:
        return Fraction(1 if live.friends else 0)
    if not (spec.friendly_fire and live.friends):
        return Fraction(0)
    st = game.state
    safe = sum(max(0, 2 - st.survivors[x].wounds) // spec.damage for x in live.friends)
    return r.hits.p(lambda h: r.dice - h > safe)


def attack_options(game: Any, survivor: str) -> list[LiveOption]:
    """Every (weapon line, Zone) attack ``survivor`` could make right now, Dual when possible.

    The position decides (weapon in Hand, Mode, Reload, Range, Line of Sight, Ghouls there); the Action
    economy (whose Turn it is, Actions left, P. 18) does not, so the other Survivors' options can be
    inspected too. For the active Survivor with an Action left this equals the engine's Melee, Ranged and
    Molotov actions (tested against ``Game.legal_actions``)."""
    _require_game(game)
    st, content, board = game.state, game.content, game.board
    s = st.survivors.get(survivor)
    if s is None or not s.alive:
        return []
    lines: list[str] = []
    if s.in_car and s.driver:
        lines.append("car")
    for u in s.hands:
        if u is None:
            continue
        card = content.equipment[st.cards[u]]
        for prof in (card.melee, card.ranged):
            if prof is not None and f"{card.id}:{prof.action}" not in lines:
                lines.append(f"{card.id}:{prof.action}")
    zones = [z for z in board.zones if st.ghoul_count(z)]
    spawn_zones = {z for z, _c in st.spawns} - set(zones)  # a Molotov may burn a Spawn Zone (P. 29)
    out = []
    for key in lines:
        molotov = key != "car" and content.equipment[key.split(":")[0]].effect == "molotov"
        for z in sorted(zones + sorted(spawn_zones) if molotov else zones):
            try:
                live = live_attack(game, survivor, key, z, goal="clear")
            except LiveAttackError:
                continue
            name = "car:car" if key == "car" else key
            out.append(LiveOption(name, z, live.spec.dual, live.range))
    return out


# ---- spawn -----------------------------------------------------------------------------------------
def spawn_from_state(game: Any, *, zones: Iterable[str] | None = None, content: Any = None) -> SpawnResult:
    """Exact odds of the next spawn step of ``game`` (a ``Game``, or a ``GameState`` with ``content``).

    One Ghoul card per active Spawn token (white and red, plus colours a Scene activated, P. 24, 32),
    drawn from the live draw pile (its order unknown, its cards known: every card not in the discard
    pile), read at the highest Danger Level (P. 24); running out of miniatures against the box pools
    and the Ghouls on the board (P. 25); a reshuffle of the discards when the pile runs out (P. 24).
    ``zones`` restricts the step to the tokens in those Spawn Zones. The result carries ``.live``."""
    from nollab.rules.survivors.experience import highest_level
    from nollab.rules.spawn.step import active_spawn_tokens

    st = _state(game)
    content = content if content is not None else getattr(game, "content", None)
    if content is None:
        from nollab.content import load_content
        content = load_content()
    ctx = game._ctx() if hasattr(game, "_ctx") else SimpleNamespace(st=st)  # the reader only needs .st
    tokens: dict[str, int] = {}
    for z, _c in active_spawn_tokens(ctx):
        tokens[z] = tokens.get(z, 0) + 1
    if zones is not None:
        wanted = list(zones)
        unknown = [z for z in wanted if z not in tokens]
        if unknown:
            raise ValueError(f"zones: {unknown} hold no active Spawn token (active: {sorted(tokens)})")
        tokens = {z: tokens[z] for z in wanted}
    scene = game.scene if hasattr(game, "_ctx") else None  # a GameState.scene is only its id
    by_number = {c.number: c for c in content.ghoul_deck}
    numbers = list(st.ghoul_deck) + list(st.ghoul_discard)
    cards = []
    for n in sorted(numbers):
        card = scene.ghoul_card(n) if scene is not None else by_number.get(n)
        if card is None:
            raise ValueError(f"game: Ghoul card number {n} is not in the content's deck")
        cards.append(card)
    on_board = {t: st.on_board(t) for t in GHOUL_TYPES}
    pools = {t: g.pool for t, g in content.ghoul_types.items()} or dict(NOTLD_POOLS)
    level = highest_level(content, st)
    if not cards:
        raise ValueError("game: the Ghoul deck and its discard pile are both empty")
    r = spawn_step(cards, level, sum(tokens.values()), list(st.ghoul_discard), on_board, pools)
    r.live = LiveSpawn(level, tokens, tuple(st.ghoul_deck), tuple(st.ghoul_discard), on_board, pools, tuple(cards))
    return r
