"""Melee and Ranged Actions (P. 20, P. 26-28): roll the weapon's dice (Dual, +1 die and +1 to the
roll Skills, Barbarian), count hits against the Accuracy, offer a whole re-roll with Plenty of
Bullets/Shells (P. 12), then allocate the hits (:mod:`.targeting`).

An attack is a plain dict ``spec`` carried by tasks and choices, so a pending decision in the
middle of an attack (which Ghoul, who takes a Friendly Fire miss, re-roll or keep) serialises with
the state.
"""
from __future__ import annotations

from nollab.rules.combat.reload import mark_dual_fired
from nollab.rules.engine import rng
from nollab.rules.engine.choices import resolver
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import Choice
from nollab.rules.engine.tasks import task
from nollab.rules.players import action_budget
from nollab.rules.survivors import skills as sk
from nollab.rules.survivors.inventory import has_effect


def do_melee(ctx: Ctx, s, hands, barbarian: bool) -> None:
    action_budget.pay(ctx, s, "melee")
    start_attack(ctx, s.id, "melee", tuple(hands), s.zone, barbarian)


def do_ranged(ctx: Ctx, s, hands, zone: str) -> None:
    action_budget.pay(ctx, s, "ranged")
    start_attack(ctx, s.id, "ranged", tuple(hands), zone)


def start_attack(ctx: Ctx, sid: str, kind: str, hands: tuple, zone: str, barbarian: bool = False) -> None:
    """Roll a Melee or Ranged Action with the weapon(s) in ``hands`` at ``zone`` (P. 26)."""
    st = ctx.st
    s = ctx.surv(sid)
    skills = sk.active_skills(ctx.content, st, s)
    uids = [s.hands[i] for i in hands]
    card = ctx.card(uids[0])
    prof = card.melee if kind == "melee" else card.ranged
    per_weapon = prof.dice
    if barbarian:
        per_weapon = st.ghoul_count(zone)  # P. 46 Barbarian
    per_weapon += sk.dice_bonus(ctx.content, skills, kind)
    ndice = per_weapon * len(uids)
    plus = sk.roll_bonus(ctx.content, skills, kind)
    sniper = kind == "ranged" and (card.sniper or sk.has(ctx.content, skills, "sniper"))
    spec = {"by": sid, "kind": kind, "zone": zone, "weapon": card.id, "dice": ndice, "accuracy": prof.accuracy,
            "plus": plus, "damage": prof.damage, "free": kind == "melee" or sniper,
            "ff": kind == "ranged" and not sniper, "kills": 0, "sniper": sniper}
    if kind == "ranged" and prof.reload:
        st.fired.extend(u for u in uids if u not in st.fired)
        mark_dual_fired(st, uids)
    how = f"{len(uids)} × {card.name} (Dual)" if len(uids) > 1 else card.name
    extra = " with Barbarian" if barbarian else ""
    ctx.emit("attack", "P. 26", f"{ctx.sname(sid)} attacks {ctx.zname(zone)} with {how}{extra}: "
             f"{ndice} dice, {prof.accuracy}+{f' (+{plus} to each die)' if plus else ''}, Damage {prof.damage}",
             survivor=sid, zone=zone, weapon=card.id, dice=ndice)
    roll(ctx, spec)
    ammo = card.ammo
    if kind == "ranged" and ammo and has_effect(ctx, s, "reroll", ammo):
        hits = count_hits(spec)
        keep_first = hits * 2 >= spec["dice"]
        opts = ["keep", "reroll"] if keep_first else ["reroll", "keep"]
        card_name = "Plenty of Bullets" if ammo == "bullets" else "Plenty of Shells"
        ctx.ask(Choice("reroll", sid, f"{card_name}: re-roll all {spec['dice']} dice ({spec['faces']}, "
                       f"{hits} hit{'s' if hits != 1 else ''})?", "P. 12", options=opts,
                       labels=[{"keep": "keep the roll", "reroll": "re-roll every die"}[o] for o in opts],
                       default_name="reroll-if-fewer-than-half-hit", data={"spec": spec}))
        return
    ctx.push(["hits", spec])


def roll(ctx: Ctx, spec: dict) -> None:
    """Roll the attack's dice from the game RNG (or dice placed by hand: ``sandbox.rig_dice``)."""
    rigged = ctx.st.flags.get("rigged_dice")
    n = spec["dice"]
    if rigged:
        faces = rigged[:n]
        del rigged[:n]
        if len(faces) < n:
            ctx.st.rng, more = rng.d6(ctx.st.rng, n - len(faces))
            faces += more
    else:
        ctx.st.rng, faces = rng.d6(ctx.st.rng, n)
    spec["faces"] = faces


def count_hits(spec: dict) -> int:
    acc, plus = spec["accuracy"], spec["plus"]
    return sum(1 for f in spec["faces"] if min(6, f + plus) >= acc)


@resolver("reroll")
def resolve_reroll(ctx: Ctx, choice: Choice, option) -> None:
    spec = choice.data["spec"]
    if option == "reroll":
        old = spec["faces"]
        roll(ctx, spec)
        ctx.emit("reroll", "P. 12", f"{ctx.sname(spec['by'])} re-rolls {old} -> {spec['faces']} "
                 "(the new result replaces the previous one)", survivor=spec["by"])
    ctx.push(["hits", spec])


@task("hits")
def task_hits(ctx: Ctx, spec: dict) -> None:
    """Count hits and misses, then allocate them (P. 26-28)."""
    hits = count_hits(spec)
    spec["hits"] = hits
    spec["misses"] = spec["dice"] - hits
    ctx.emit("roll", "P. 26", f"Roll {spec['faces']}: {hits} hit{'s' if hits != 1 else ''}, "
             f"{spec['misses']} miss{'es' if spec['misses'] != 1 else ''}", faces=spec["faces"], hits=hits)
    ctx.push(["allocate", spec])


@task("after_attack")
def task_after_attack(ctx: Ctx, spec: dict) -> None:
    """Hit & Run becomes available after a Melee/Ranged Action that eliminated a Ghoul (P. 46)."""
    if spec["kind"] in ("melee", "ranged") and spec["kills"] > 0:
        s = ctx.surv(spec["by"])
        if s.alive and sk.has(ctx.content, sk.active_skills(ctx.content, ctx.st, s), "hit_and_run"):
            s.hit_and_run = True
