"""Odds read off a live game: "this Survivor, this weapon, that Zone, right now" and "the next spawn step".

This module is the only place where :mod:`nollab.prob` reads a :class:`nollab.rules.Game`. It never
re-derives a rule the engine already knows:

* which attacks the position allows, and everything about one of them (weapons, Dual, dice, Accuracy,
  Damage, the Skills of the faceup side, Barbarian, Sniper, Friendly Fire, a usable Plenty of
  Bullets/Shells, Range and Line of Sight) is the rules' :class:`~nollab.rules.combat.profile.AttackProfile`
  (:func:`~nollab.rules.combat.profile.combat_options`, :func:`~nollab.rules.players.car.car_options`;
  P. 12-13, 16-17, 20-21, 26-29, 46); a refusal is worded by :mod:`nollab.rules.combat.refusal`;
* the odds of an attack are the engine's own: a fork of the game performs the attack with its combat
  steps (no Action paid: the odds hold for any Survivor whose position allows the attack) and stops
  before each roll (explicit chance, :mod:`nollab.rules.engine.chance`); every outcome of a roll (a
  number of hits, with its exact integer weight) is followed on its own fork, the player's decisions
  answered by the stated policy (hits to the goal's type first, then the order of
  :func:`nollab.prob.targeting.preference`; the Plenty re-roll by ``reroll``; a Friendly Fire miss to the
  least wounded, the engine's default); Kills, XP, Wounds and eliminations are read off the end states.
  Several Actions (``actions``) follow the same forks Action after Action (a Reload Action when needed,
  Barbarian recounted, Skills re-read), equal positions merged;
* the spawn odds are the engine's own too: a fork runs the rules' Spawn Step and every Ghoul card
  outcome of its chance steps is counted (:mod:`nollab.prob.spawn_engine`: the cards counted as a
  product where they commute, every card short of miniatures or opening something played by the
  engine). A bare ``GameState``, a finished game, or a step that would need more than
  ``spawn_engine.MAX_FORKS`` forks (many cards short of miniatures before the last one) is answered by
  the spawn calculator :func:`nollab.prob.spawn.spawn_step` on the same reading (``.live.source``).

The plain calculator (:mod:`nollab.prob.attack`, :mod:`nollab.prob.multi`: numbers in, no game) is a
second, independent computation of the same attack; tests check that both agree on many positions.

API::

    attack_from_state(game, survivor, weapon, zone, *, dual=None, reroll="optimal", goal="clear",
                      actions=1, reroll_k=None) -> LiveAttackResult   # an AttackResult + .live, .p_clear_within
    live_attack(game, survivor, weapon, zone, ...) -> LiveAttack       # the reading only (profile, spec, notes)
    attack_options(game, survivor) -> list[LiveOption]                 # (weapon, zone) allowed right now
    spawn_from_state(game, *, zones=None, content=None) -> SpawnResult # .live: LiveSpawn
    zone_reading(state, zone, shooter=None) -> (counts by type, friends)
    spec_of_profile(profile, ...) -> AttackSpec                        # a rules profile as plain values

``weapon`` is a card id (``"sawed_off"``), a card name (``"Sawed-Off"``), a weapon line
(``"mas_shotgun:melee"``) or ``"car"``. Every refusal is a :class:`LiveAttackError` (a ValueError)
whose message names the rule and its page.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, Callable, Iterable

from nollab.content_model import GHOUL_TYPES

from .attack import AttackResult, AttackSpec, goal_value
from .dist import Dist
from .spawn import NOTLD_POOLS, SpawnResult, spawn_step
from .targeting import parse_goal, stats_from_content

__all__ = ["LiveAttackError", "LiveAttack", "LiveAttackResult", "LiveOption", "LiveSpawn", "live_attack",
           "attack_from_state", "attack_options", "spawn_from_state", "spec_of_profile", "zone_reading"]


class LiveAttackError(ValueError):
    """The attack cannot be made right now; the message names the rule and page."""


@dataclass(frozen=True)
class LiveAttack:
    """What was read off the game for one attack: the rules' ``profile``
    (:class:`~nollab.rules.combat.profile.AttackProfile`) and the :class:`AttackSpec` of the same numbers."""

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
    friends: tuple[str, ...]  # the other Survivors in the Zone (pedestrians for a Car): a miss may hit them (P. 28)
    spec: AttackSpec
    notes: tuple[str, ...] = ()
    profile: Any = None  # the rules' AttackProfile (what the engine's combat steps use)


class LiveAttackResult(AttackResult):
    """An :class:`AttackResult` plus the live reading and P(clear) within ``actions`` Actions.

    Extra fields: ``live`` (LiveAttack), ``actions`` (1), ``p_clear_within``, and ``p_friend_eliminated``:
    P(the attack eliminates another Survivor, which loses the game, P. 8, 22): a Friendly Fire miss,
    each miss going to the least wounded (the engine's default, P. 28), or the Molotov's fire (P. 29).
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
    #: who answered: "engine" (the game's own chance steps, :mod:`nollab.prob.spawn_engine`) or
    #: "calculator" (:func:`nollab.prob.spawn.spawn_step`), and why the calculator when it did
    source: str = "calculator"
    why: str = ""


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


# ---- one attack: the reading ------------------------------------------------------------------------
def _choose_profile(ctx: Any, s: Any, cid: str, action: str, zone: str, dual: bool | None):
    """``(AttackProfile, barbarian allowed)`` of the attack, from what the rules allow now; None if refused."""
    from nollab.rules.combat.profile import attack_profile, car_profile, combat_options
    from nollab.rules.players.car import car_options

    if cid == "car":
        for z, r in car_options(ctx, s):
            if z == zone:
                return car_profile(ctx, s.id, zone, r), False
        return None
    st = ctx.st
    hands_ok: list[tuple] = []
    barbarian = False
    for kind, p, q in combat_options(ctx, s):
        hands = (p,) if kind == "molotov" else tuple(p)
        line = "melee" if kind == "melee" else "ranged"
        target = s.zone if kind == "melee" else q
        if line != action or target != zone or st.cards[s.hands[hands[0]]] != cid:
            continue
        if kind == "melee" and q:
            barbarian = True  # the Barbarian variant of the same Melee Action (P. 46)
            continue
        if hands not in hands_ok:
            hands_ok.append(hands)
    if dual is not None:
        hands_ok = [h for h in hands_ok if (len(h) == 2) == dual]
    if not hands_ok:
        return None
    hands = max(hands_ok, key=len)  # Dual when possible (P. 26)
    kind = "molotov" if ctx.content.equipment[cid].effect == "molotov" else action
    p = attack_profile(ctx, s.id, kind, hands, zone)
    if barbarian:  # "may substitute the Dice number": taken when it is more dice (docs/rulings.md)
        b = attack_profile(ctx, s.id, kind, hands, zone, True)
        if b.dice > p.dice:
            p = b
    return p, barbarian


def spec_of_profile(p: Any, *, barbarian: bool = False, reroll: str | None = "optimal", reroll_k: int | None = None,
                    goal: str = "clear", friends: int = 0, stats: Any = None) -> AttackSpec:
    """The plain-value :class:`AttackSpec` of a rules :class:`~nollab.rules.combat.profile.AttackProfile`:
    the same numbers, for the calculator (:func:`nollab.prob.attack`) and the odds panel. ``barbarian``:
    the Barbarian variant is allowed (the calculator takes it when it rolls more dice, P. 46)."""
    action = "car" if p.action == "car" else ("ranged" if p.molotov else p.action)
    return AttackSpec(
        action=action, dice=p.base_dice, accuracy=p.accuracy, damage=max(p.damage, 1) if p.molotov else p.damage,
        dual=p.dual, plus_dice=p.plus_dice,
        plus_roll=p.plus_roll, barbarian=barbarian, sniper=p.sniper, molotov=p.molotov, reload=p.reload,
        reroll=(reroll or "optimal") if p.reroll else "never", reroll_k=reroll_k, target=p.target_dict(),
        friends=friends, goal=goal, **({"stats": stats} if stats is not None else {}))


def live_attack(game: Any, survivor: str, weapon: str, zone: str, *, dual: bool | None = None,
                reroll: str | None = "optimal", goal: str = "clear", reroll_k: int | None = None) -> LiveAttack:
    """Read one attack off ``game``: the rules' profile if the position allows it, else
    :class:`LiveAttackError` with the rules' reason (see the module doc)."""
    _require_game(game)
    from nollab.rules.combat.refusal import attack_refusal
    from nollab.rules.survivors import skills as sk

    st, content, board = game.state, game.content, game.board
    ctx = game._ctx()
    s = st.survivors.get(survivor)
    if s is None:
        raise LiveAttackError(f"survivor: unknown survivor {survivor!r} (in this game: {', '.join(st.survivors)})")
    if not s.alive:
        raise LiveAttackError(f"survivor: {survivor} has been eliminated (P. 22)")
    if zone not in board.zones:
        raise LiveAttackError(f"zone: unknown zone {zone!r}")
    if st.result is not None:
        raise LiveAttackError(f"game: the game is over ({st.result}): no more attacks (P. 8)")
    cid, action = _resolve_weapon(content, weapon)
    if action is None:
        card = content.equipment[cid]
        action = "ranged" if card.ranged is not None else "melee"
    got = _choose_profile(ctx, s, cid, action, zone, dual)
    if got is None:
        raise LiveAttackError(attack_refusal(ctx, s, cid, action, zone, dual))
    p, barbarian = got
    mode = sk.effective_mode(st, s)
    skills = tuple(content.skills[k].name for k in sk.active_skills(content, st, s, mode))
    counts, friends = zone_reading(st, zone, survivor)
    notes: list[str] = []
    if p.action == "car":  # P. 21, P. 28: Skills do not apply; misses hit pedestrians only
        friends = [x for x in friends if not st.survivors[x].in_car]
        notes.append("Car Attack: the Driver's Skills do not apply (P. 21, P. 28)")
    if p.reroll:
        notes.append(f"Plenty of {p.reroll.title()} held: the whole roll may be re-rolled once (P. 12)")
    if barbarian:
        notes.append("Barbarian: Dice = Ghouls in the Zone when that is more (P. 46)")
    spec = spec_of_profile(p, barbarian=barbarian, reroll=reroll, reroll_k=reroll_k, goal=goal,
                           friends=len(friends), stats=stats_from_content(content))
    return LiveAttack(survivor, cid, "car" if p.action == "car" else action, zone, p.hands, p.range, mode, skills,
                      bool(p.reroll), counts, tuple(friends), spec, tuple(notes), p)


# ---- one attack: the engine's own steps -----------------------------------------------------------
def _attack_fork(game: Any, p: Any) -> Any:
    """A fork of ``game`` in which the attack of profile ``p`` has just started, stopping before each roll."""
    from nollab.rules.combat.attack import start_attack
    from nollab.rules.combat.car_attack import car_attack
    from nollab.rules.combat.molotov import molotov

    g = game.fork(explicit_chance=True)
    st = g.state
    st.queue, st.pending = [], None  # the attack alone, whatever the game was waiting for
    g.drain_until = None
    g.touch()
    ctx = g._ctx()
    if p.action == "car":
        car_attack(ctx, p.survivor, p.zone)
    elif p.molotov:
        molotov(ctx, p.survivor, p.hands[0], p.zone)
    else:
        start_attack(ctx, p.survivor, p.action, p.hands, p.zone, p.barbarian)
    return g


class _Walk:
    """Follows one attack on forks to its end: chance steps by their weights, the player's decisions by
    the stated policy. ``score(leaf)`` values an end state for the ``optimal`` re-roll (P. 12)."""

    def __init__(self, spec: AttackSpec, score: Callable[[Any], Any]):
        self.reroll, self.k = spec.reroll, spec.reroll_k
        order = spec.prefer()
        self.rank = {t: i for i, t in enumerate(order)}
        self.score = score
        self.forks = 0

    def leaves(self, g: Any, p: Fraction = Fraction(1), hits: int = 0,
               out: list | None = None) -> list[tuple[Fraction, int, Any]]:
        """``[(probability, final hits, end state), ...]`` of the attack under way in ``g``."""
        out = [] if out is None else out
        while True:
            need = g.needs()
            if need == "step":
                g.step()
            elif need == "choice":
                ch = g.pending
                if ch.kind == "reroll":
                    self._reroll(g, p, hits, out)
                    return out
                if ch.kind == "target":  # the goal's type first, then the player's preference (P. 26-27)
                    g.choose(min(ch.options, key=lambda t: self.rank.get(t, len(self.rank))))
                else:  # Friendly Fire: the least wounded (P. 28); anything else: its named default
                    g.choose(ch.options[ch.default])
            elif need == "chance":
                node = g.chance_outcomes()
                total = node.total
                for o, w, child in g.chance_children(node, reuse=True):
                    self.forks += 1
                    self.leaves(child, p * Fraction(w, total), o if node.kind == "dice" else hits, out)
                return out
            else:
                out.append((p, hits, g))
                return out

    def _value(self, leaves: list) -> Fraction:
        return sum((q * self.score(leaf) for q, _h, leaf in leaves), Fraction(0))

    def _reroll(self, g: Any, p: Fraction, hits: int, out: list) -> None:
        """Plenty of Bullets/Shells: keep the roll or re-roll every die once (P. 12), by the policy."""
        policy = self.reroll
        if policy == "optimal":
            keep = g.fork()
            keep.choose("keep")
            kept = self.leaves(keep, Fraction(1), hits)
            g.choose("reroll")
            again = self.leaves(g, Fraction(1), hits)
            chosen = again if self._value(again) > self._value(kept) else kept  # a tie keeps
            out.extend((p * q, h, leaf) for q, h, leaf in chosen)
            return
        keep = policy == "never" or (policy == "if-fewer-than-k" and hits >= (self.k or 0))
        g.choose("keep" if keep else "reroll")
        self.leaves(g, p, hits, out)


def _outcome(before: Any, leaf: Any, sid: str, zone_types: tuple, hits: int) -> tuple:
    """``(hits, kills by type, XP, Wounds of the others, others eliminated)`` read off an end state."""
    st = leaf.state
    kills = tuple((t, st.kills.get(t, 0) - before.kills.get(t, 0)) for t in zone_types)
    xp = st.survivors[sid].xp_total - before.survivors[sid].xp_total
    wounds = eliminated = 0
    for x, b in before.survivors.items():
        if x != sid and b.alive:
            a = st.survivors[x]
            wounds += a.wounds - b.wounds
            eliminated += not a.alive
    return hits, kills, xp, wounds, eliminated


def _joint(game: Any, live: LiveAttack) -> Dist:
    """The exact joint distribution of :func:`_outcome` over the engine's own rolls."""
    spec = live.spec
    zone = dict(spec.target)
    types = tuple(zone)
    before = game.state
    sid = live.survivor

    def outcome(leaf: Any, hits: int) -> tuple:
        return _outcome(before, leaf, sid, types, hits)

    walk = _Walk(spec, lambda leaf: goal_value(spec, zone, outcome(leaf, 0)[1]))
    acc: dict = {}
    for q, h, leaf in walk.leaves(_attack_fork(game, live.profile)):
        o = outcome(leaf, h)
        acc[o] = acc.get(o, 0) + q
    return Dist.from_probs(acc)


def _p_clear_within(game: Any, live: LiveAttack, actions: int) -> Fraction:
    """P(the target Zone is empty within ``actions`` Actions of this attack), through the engine: the
    same weapon(s) Action after Action, a Reload Action first when a Reload weapon was fired (P. 28),
    Barbarian recounted and Skills re-read each time (P. 46, P. 14); the ``optimal`` re-roll maximises
    this probability. Equal positions are merged (the state without step counter and generator)."""
    from nollab.rules.combat.profile import attack_profile, car_profile
    from nollab.rules.combat.reload import do_reload

    from .forecasting import merge_key

    spec, p0, zone, sid = live.spec, live.profile, live.zone, live.survivor
    memo: dict = {}

    def profile(g: Any) -> Any:
        ctx = g._ctx()
        if p0.action == "car":
            return car_profile(ctx, sid, zone, p0.range)
        kind = "molotov" if p0.molotov else p0.action
        p = attack_profile(ctx, sid, kind, p0.hands, zone)
        if spec.barbarian:
            b = attack_profile(ctx, sid, kind, p0.hands, zone, True)
            p = b if b.dice > p.dice else p
        return p

    def within(g: Any, left: int) -> Fraction:
        st = g.state
        if not st.ghoul_count(zone):
            return Fraction(1)
        if left == 0 or st.result is not None:
            return Fraction(0)
        key = (merge_key(st), left)
        got = memo.get(key)
        if got is not None:
            return got
        s = st.survivors[sid]
        uids = [s.hands[i] for i in p0.hands]
        if p0.reload and any(u in st.fired for u in uids):  # spend the Action to reload (P. 28)
            r = g.fork()
            do_reload(r._ctx(), r.state.survivors[sid], [u for u in uids if u in st.fired])
            value = within(r, left - 1)
        else:
            walk = _Walk(spec, lambda leaf: within(leaf, left - 1))
            value = walk._value(walk.leaves(_attack_fork(g, profile(g))))
        memo[key] = value
        return value

    return within(game, actions)


def attack_from_state(game: Any, survivor: str, weapon: str, zone: str, *, dual: bool | None = None,
                      reroll: str | None = "optimal", goal: str = "clear", actions: int = 1,
                      reroll_k: int | None = None) -> LiveAttackResult:
    """Exact odds of ``survivor`` attacking ``zone`` with ``weapon`` in ``game`` right now, by the engine's
    own combat steps (see the module doc); ``game`` is not changed.

    ``actions`` > 1 also gives ``p_clear_within`` (Reload respected, P. 28). ``friendly_wounds`` are the
    Wounds the misses put on the others in the Zone (P. 28): ``misses x Damage``, or fewer when one of
    them reaches 3 Wounds, which ends the game (P. 8, P. 22); ``p_friend_eliminated`` is that chance."""
    if isinstance(actions, bool) or not isinstance(actions, int) or actions < 1:
        raise LiveAttackError(f"actions must be >= 1, got {actions}")
    live = live_attack(game, survivor, weapon, zone, dual=dual, reroll=reroll, goal=goal, reroll_k=reroll_k)
    spec = live.spec
    zone_counts = dict(spec.target)
    joint = _joint(game, live)
    hits = joint.map(lambda o: o[0])
    kills = joint.map(lambda o: o[1])
    xp = joint.map(lambda o: o[2])
    wounds = joint.map(lambda o: o[3] if not spec.molotov else 0)
    p_clear = kills.p(lambda ks: all(c >= zone_counts[t] for t, c in ks))
    kind, gt = parse_goal(spec.goal, spec.stats)
    p_goal = kills.p(lambda ks: dict(ks).get(gt, 0) >= zone_counts.get(gt, 0)) if kind == "kill" else p_clear
    by_type = {t: kills.expect(lambda ks, t=t: dict(ks)[t]) for t in zone_counts}
    within = p_clear if actions == 1 else _p_clear_within(game, live, actions)
    return LiveAttackResult(
        spec=spec, dice=live.profile.dice, hits=hits, kills=kills, xp=xp, friendly_wounds=wounds, p_clear=p_clear,
        p_goal=p_goal, expected_kills=kills.expect(lambda ks: sum(c for _t, c in ks)), expected_by_type=by_type,
        friends_eliminated=max(joint.map(lambda o: o[4])) if spec.molotov else 0, live=live, actions=actions,
        p_clear_within=within, p_friend_eliminated=joint.p(lambda o: o[4] > 0))


def attack_options(game: Any, survivor: str) -> list[LiveOption]:
    """Every (weapon line, Zone) attack ``survivor`` could make right now, Dual when possible: what the
    rules allow the position (:func:`~nollab.rules.combat.profile.combat_options`,
    :func:`~nollab.rules.players.car.car_options`), in Hand order (Melee line first), Zones sorted.

    The Action economy (whose Turn it is, Actions left, P. 18) does not count, so the other Survivors'
    options can be inspected too; for the active Survivor with an Action left these are the engine's
    Melee, Ranged, Molotov and Drive actions."""
    _require_game(game)
    from nollab.rules.combat.profile import attack_profile, combat_options
    from nollab.rules.players.car import car_options

    st, content = game.state, game.content
    s = st.survivors.get(survivor)
    if s is None or not s.alive:
        return []
    ctx = game._ctx()
    out = [LiveOption("car:car", z, False, r) for z, r in car_options(ctx, s)]
    found: dict[tuple, tuple] = {}  # (line key, zone) -> (kind, hands), Dual preferred
    for kind, p, q in combat_options(ctx, s):
        hands = (p,) if kind == "molotov" else tuple(p)
        line = "melee" if kind == "melee" else "ranged"
        key = (f"{st.cards[s.hands[hands[0]]]}:{line}", s.zone if kind == "melee" else q)
        if key not in found or len(hands) > len(found[key][1]):
            found[key] = (kind, hands)
    lines: list[str] = []
    for u in s.hands:
        if u is not None:
            card = content.equipment[st.cards[u]]
            lines += [f"{card.id}:{prof.action}" for prof in (card.melee, card.ranged) if prof is not None]
    rank = {k: i for i, k in enumerate(dict.fromkeys(lines))}
    for (key, z), (kind, hands) in sorted(found.items(), key=lambda kv: (rank.get(kv[0][0], len(rank)), kv[0][1])):
        out.append(LiveOption(key, z, len(hands) == 2, attack_profile(ctx, survivor, kind, hands, z).range))
    return out


# ---- spawn -----------------------------------------------------------------------------------------
def spawn_from_state(game: Any, *, zones: Iterable[str] | None = None, content: Any = None) -> SpawnResult:
    """Exact odds of the next spawn step of ``game`` (a ``Game``, or a ``GameState`` with ``content``).

    One Ghoul card per active Spawn token (white and red, plus colours a Scene activated, P. 24, 32),
    drawn from the live draw pile (its order unknown, its cards known: every card not in the discard
    pile), read at the highest Danger Level (P. 24); running out of miniatures against the box pools
    and the Ghouls on the board (P. 25); a reshuffle of the discards when the pile runs out (P. 24).
    ``zones`` restricts the step to the tokens in those Spawn Zones. The result carries ``.live``.

    For a ``Game`` the answer is the engine's own Spawn Step (:mod:`nollab.prob.spawn_engine`,
    ``.live.source == "engine"``): the same numbers as the calculator, except that an extra Activation
    that ends the game (P. 8) stops the step there, as in play. ``content`` is read only for a bare
    ``GameState`` (the calculator answers it, as it does a finished game and a step too costly for the
    engine: ``.live.why`` says which)."""
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
    source, why = "calculator", "a GameState has no engine to run"
    if hasattr(game, "chance_outcomes"):
        from .spawn_engine import EngineSpawnResult, SpawnTooBig, engine_spawn

        why = "the game is over" if st.result is not None else ""
        if not why:
            try:
                r = EngineSpawnResult(engine_spawn(game, zones=list(tokens)), r.room)
                source = "engine"
            except SpawnTooBig as exc:
                why = str(exc)
    r.live = LiveSpawn(level, tokens, tuple(st.ghoul_deck), tuple(st.ghoul_discard), on_board, pools, tuple(cards),
                       source, why)
    return r
