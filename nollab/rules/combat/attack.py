"""Melee and Ranged Actions (P. 20, P. 26-28): roll the weapon's dice (Dual, +1 die and +1 to the
roll Skills, Barbarian: :mod:`.profile`), count hits against the Accuracy, offer a whole re-roll
with Plenty of Bullets/Shells (P. 12), then allocate the hits (:mod:`.targeting`).

The roll is an explicit chance step (``roll``, and ``reroll`` after a re-roll decision,
:mod:`nollab.rules.engine.chance`): its outcomes are the numbers of hits with their exact weights
(the faces do not matter to the rules); a chosen outcome may also be the faces themselves.

An attack under way is an immutable :class:`~.tally.Attack` record carried by tasks and choices, so
a pending decision in the middle of an attack (which Ghoul, who takes a Friendly Fire miss, re-roll
or keep) clones and serialises with the state.
"""
from __future__ import annotations

from math import comb

from nollab.rules.combat.profile import AttackProfile, attack_profile
from nollab.rules.combat.reload import mark_dual_fired
from nollab.rules.combat.tally import ATTACK, UNSET, Attack
from nollab.rules.engine import rng
from nollab.rules.engine.chance import ChanceNode, chance_task
from nollab.rules.engine.choices import resolver
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import Choice
from nollab.rules.engine.tasks import Task, task
from nollab.rules.players import action_budget
from nollab.rules.survivors import skills as sk


def do_melee(ctx: Ctx, s, hands, barbarian: bool) -> None:
    action_budget.pay(ctx, s, "melee")
    start_attack(ctx, s.id, "melee", tuple(hands), s.zone, barbarian)


def do_ranged(ctx: Ctx, s, hands, zone: str) -> None:
    action_budget.pay(ctx, s, "ranged")
    start_attack(ctx, s.id, "ranged", tuple(hands), zone)


def attack_spec(p: AttackProfile) -> Attack:
    """The attack as the record the combat steps carry (it may wait in a pending choice)."""
    return Attack(p.survivor, p.action, p.zone, weapon=p.weapon, dice=p.dice, accuracy=p.accuracy, plus=p.plus_roll,
                  damage=p.damage, free=p.free, ff=p.friendly_fire, kills=0, sniper=p.sniper, reroll=p.reroll)


def start_attack(ctx: Ctx, sid: str, kind: str, hands: tuple, zone: str, barbarian: bool = False) -> None:
    """Roll a Melee or Ranged Action with the weapon(s) in ``hands`` at ``zone`` (P. 26)."""
    st = ctx.st
    p = attack_profile(ctx, sid, kind, hands, zone, barbarian)
    s = ctx.surv(sid)
    uids = [s.hands[i] for i in p.hands]
    if p.reload:
        st.fired.extend(u for u in uids if u not in st.fired)
        mark_dual_fired(st, uids)
    card = ctx.card(uids[0])
    how = f"{len(uids)} × {card.name} (Dual)" if len(uids) > 1 else card.name
    extra = " with Barbarian" if barbarian else ""
    ctx.emit("attack", "P. 26", f"{ctx.sname(sid)} attacks {ctx.zname(zone)} with {how}{extra}: "
             f"{p.dice} dice, {p.accuracy}+{f' (+{p.plus_roll} to each die)' if p.plus_roll else ''}, "
             f"Damage {p.damage}", survivor=sid, zone=zone, weapon=card.id, dice=p.dice)
    ctx.push(Task("roll", (attack_spec(p),)))


# ---- the roll: an explicit chance step ------------------------------------------------------
def hit_faces(accuracy: int, plus: int) -> int:
    """Faces of a d6 that hit: "Each die that equals or exceeds the Accuracy value" (P. 26), the
    result raised by "+1 to dice roll" Skills, "The maximum result is always 6" (P. 46)."""
    return sum(1 for f in range(1, 7) if min(6, f + plus) >= accuracy)


def count_hits(spec: Attack, faces) -> int:
    acc, plus = spec.accuracy, spec.plus
    return sum(1 for f in faces if min(6, f + plus) >= acc)


def roll_outcomes(ctx: Ctx, spec: Attack) -> ChanceNode:
    """The outcomes of the attack roll: ``h`` hits with weight ``C(n, h) s^h (6-s)^(n-h)`` for ``n``
    dice of which ``s`` faces hit (P. 26). A chosen outcome may also be the list of faces."""
    n = spec.dice
    s = hit_faces(spec.accuracy, spec.plus)
    outs, ws, labels = [], [], []
    for h in range(n + 1):
        w = comb(n, h) * s ** h * (6 - s) ** (n - h)
        if w:
            outs.append(h)
            ws.append(w)
            labels.append(f"{h} hit{'s' if h != 1 else ''}, {n - h} miss{'es' if n - h != 1 else ''}")
    return ChanceNode("dice", tuple(outs), tuple(ws), "P. 26", tuple(labels),
                      f"{ctx.sname(spec.by)} rolls {n} dice at {spec.accuracy}+"
                      + (f" (+{spec.plus} to each die)" if spec.plus else ""),
                      f"or the faces: a list of {n} dice 1-6")


def roll_check(ctx: Ctx, outcome, spec: Attack) -> str | None:
    n = spec.dice
    if isinstance(outcome, tuple):
        if len(outcome) != n or any(not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= 6 for f in outcome):
            return f"faces: need {n} dice, each 1-6, got {list(outcome)!r}"
        return None
    if isinstance(outcome, bool) or not isinstance(outcome, int) or outcome not in roll_outcomes(ctx, spec).outcomes:
        return f"hits: {outcome!r} is not a possible number of hits (0-{n}, P. 26)"
    return None


def _roll(ctx: Ctx, spec: Attack, outcome) -> Attack:
    """The attack with ``faces`` (None for a chosen number of hits) and ``rolled`` (the hits)."""
    n = spec.dice
    if outcome is None:  # the game's generator, after any dice placed by hand (sandbox.rig_dice)
        rigged = ctx.st.rigged
        faces = rigged[:n]
        del rigged[:n]
        if len(faces) < n:
            ctx.st.rng, more = rng.d6(ctx.st.rng, n - len(faces))
            faces += more
        return spec.but(faces=tuple(faces), rolled=count_hits(spec, faces))
    if isinstance(outcome, (tuple, list)):
        return spec.but(faces=tuple(outcome), rolled=count_hits(spec, outcome))
    return spec.but(faces=None, rolled=int(outcome))


def _faces(spec: Attack) -> str:
    """The faces as the log has always shown them (``[4, 2, 6]``)."""
    return str(list(spec.faces))


def _shown(spec: Attack) -> str:
    return _faces(spec) if spec.faces is not None else f"({spec.rolled} hits, chosen)"


@chance_task("roll", outcomes=roll_outcomes, check=roll_check, load=ATTACK)
def task_roll(ctx: Ctx, outcome, spec: Attack) -> None:
    """Roll the attack's dice, then the Plenty of Bullets/Shells decision (P. 12) or the hits."""
    spec = _roll(ctx, spec, outcome)
    ammo = spec.reroll
    if ammo and ammo is not UNSET:
        hits = spec.rolled
        keep_first = hits * 2 >= spec.dice
        opts = ["keep", "reroll"] if keep_first else ["reroll", "keep"]
        card_name = "Plenty of Bullets" if ammo == "bullets" else "Plenty of Shells"
        what = f"{_faces(spec)}, " if spec.faces is not None else ""
        ctx.ask(Choice("reroll", spec.by, f"{card_name}: re-roll all {spec.dice} dice ({what}"
                       f"{hits} hit{'s' if hits != 1 else ''})?", "P. 12", options=opts,
                       labels=[{"keep": "keep the roll", "reroll": "re-roll every die"}[o] for o in opts],
                       default_name="reroll-if-fewer-than-half-hit", data={"spec": spec}))
        return
    ctx.push(Task("hits", (spec,)))


@resolver("reroll")
def resolve_reroll(ctx: Ctx, choice: Choice, option) -> None:
    spec = choice.data["spec"]
    ctx.push(Task("reroll", (spec,)) if option == "reroll" else Task("hits", (spec,)))


@chance_task("reroll", outcomes=roll_outcomes, check=roll_check, load=ATTACK)
def task_reroll(ctx: Ctx, outcome, spec: Attack) -> None:
    """Plenty of Bullets/Shells: "You may re-roll once ... The new result replaces the previous one" (P. 12)."""
    old = _shown(spec)
    spec = _roll(ctx, spec, outcome)
    ctx.emit("reroll", "P. 12", f"{ctx.sname(spec.by)} re-rolls {old} -> {_shown(spec)} "
             "(the new result replaces the previous one)", survivor=spec.by)
    ctx.push(Task("hits", (spec,)))


@task("hits", load=ATTACK)
def task_hits(ctx: Ctx, spec: Attack) -> None:
    """Count hits and misses, then allocate them (P. 26-28)."""
    hits = spec.rolled
    spec = spec.but(hits=hits, misses=spec.dice - hits)
    faces = list(spec.faces) if spec.faces is not None else None
    shown = f"Roll {faces}" if faces is not None else "Roll (chosen)"
    ctx.emit("roll", "P. 26", f"{shown}: {hits} hit{'s' if hits != 1 else ''}, "
             f"{spec.misses} miss{'es' if spec.misses != 1 else ''}", faces=faces, hits=hits)
    ctx.push(Task("allocate", (spec,)))


@task("after_attack", load=ATTACK)
def task_after_attack(ctx: Ctx, spec: Attack) -> None:
    """Hit & Run becomes available after a Melee/Ranged Action that eliminated a Ghoul (P. 46)."""
    if spec.kind in ("melee", "ranged") and spec.kills > 0:
        s = ctx.surv(spec.by)
        if s.alive and sk.has(ctx.content, sk.active_skills(ctx.content, ctx.st, s), "hit_and_run"):
            s.hit_and_run = True
