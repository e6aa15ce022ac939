"""Combat (P. 26-29): dice, accuracy, Damage, Dual, targeting priority, free Melee allocation,
Friendly Fire, Plenty of Bullets/Shells re-roll, Sniper, Molotov, Car Attacks.

An attack is a plain dict ``spec`` carried by tasks and choices, so a pending decision in the
middle of an attack (which Walker/Breaker/Relative, who takes a Friendly Fire miss, re-roll or
keep) serialises with the state.
"""
from __future__ import annotations

from nollab.rules import rng, skills as sk
from nollab.rules.context import Ctx, gname
from nollab.rules.experience import gain_xp
from nollab.rules.inventory import has_effect
from nollab.rules.state import GHOUL_TYPES, Choice


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


def dual_key(uids) -> str:
    """Key of a pair of weapons fired together in a Dual manner (P. 28)."""
    return ":".join(str(u) for u in sorted(uids))


def mark_dual_fired(st, uids) -> None:
    """Remember which Reload weapons were fired *together*: "A single Action is enough to reload 2
    weapons fired in a Dual manner" (P. 28); weapons fired one by one need one Reload each. Kept in
    ``st.flags["dual_fired"]`` as immutable "uid:uid" strings (cheap clone, JSON)."""
    pairs = [k for k in st.flags.get("dual_fired", []) if not set(k.split(":")) & {str(u) for u in uids}]
    if len(uids) == 2:
        pairs.append(dual_key(uids))
    if pairs or "dual_fired" in st.flags:
        st.flags["dual_fired"] = pairs


def fired_together(st, a: int, b: int) -> bool:
    return dual_key((a, b)) in st.flags.get("dual_fired", [])


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


def resolve_reroll(ctx: Ctx, choice: Choice, option) -> None:
    spec = choice.data["spec"]
    if option == "reroll":
        old = spec["faces"]
        roll(ctx, spec)
        ctx.emit("reroll", "P. 12", f"{ctx.sname(spec['by'])} re-rolls {old} -> {spec['faces']} "
                 "(the new result replaces the previous one)", survivor=spec["by"])
    ctx.push(["hits", spec])


def task_hits(ctx: Ctx, spec: dict) -> None:
    """Count hits and misses, then allocate them (P. 26-28)."""
    hits = count_hits(spec)
    spec["hits"] = hits
    spec["misses"] = spec["dice"] - hits
    ctx.emit("roll", "P. 26", f"Roll {spec['faces']}: {hits} hit{'s' if hits != 1 else ''}, "
             f"{spec['misses']} miss{'es' if spec['misses'] != 1 else ''}", faces=spec["faces"], hits=hits)
    ctx.push(["allocate", spec])


def _priority_groups(ctx: Ctx) -> list[list[str]]:
    by: dict[int, list[str]] = {}
    for g in GHOUL_TYPES:
        by.setdefault(ctx.content.ghoul_types[g].priority, []).append(g)
    return [by[k] for k in sorted(by)]


def hit_candidates(ctx: Ctx, spec: dict) -> list[str]:
    """Ghoul types the next hit may go to: free choice (Melee, Sniper) among those the Damage
    kills; otherwise the highest Targeting Priority present (P. 27). Empty: the hit is lost."""
    counts = ctx.st.ghouls_in(spec["zone"])
    present = [g for i, g in enumerate(GHOUL_TYPES) if counts[i] > 0]
    dmg = spec["damage"]
    killable = [g for g in present if ctx.content.ghoul_types[g].min_damage <= dmg]
    if spec["free"]:
        return killable
    for group in _priority_groups(ctx):
        here = [g for g in group if g in present]
        if here:
            # hits go to this Priority level until all are eliminated; Damage too low: lost (P. 27)
            return [g for g in here if g in killable]
    return []


def task_allocate(ctx: Ctx, spec: dict) -> None:
    while spec["hits"] > 0:
        cands = hit_candidates(ctx, spec)
        if not cands:
            if spec["hits"]:
                ctx.emit("lost_hits", "P. 26", f"{spec['hits']} hit{'s' if spec['hits'] != 1 else ''} lost: "
                         "no target the Damage can eliminate (Fatties first, Damage 2 needed)")
            spec["hits"] = 0
            break
        if len(cands) == 1:
            kill(ctx, spec, cands[0])
            if ctx.st.result is not None:
                return
            continue
        why = "Melee: free allocation (P. 26)" if spec["kind"] == "melee" else (
            "Sniper: free choice (P. 28)" if spec["sniper"] else "same Targeting Priority: shooter chooses (P. 27)")
        ctx.ask(Choice("target", spec["by"], f"Assign a hit in {ctx.zname(spec['zone'])}: {why}",
                       "P. 27" if spec["kind"] != "melee" else "P. 26", options=list(cands),
                       labels=[ctx.content.ghoul_types[g].name for g in cands], data={"spec": spec}))
        return
    friendly_fire(ctx, spec)


def resolve_target(ctx: Ctx, choice: Choice, option) -> None:
    spec = choice.data["spec"]
    kill(ctx, spec, option)
    if ctx.st.result is None:
        ctx.push(["allocate", spec])


def kill(ctx: Ctx, spec: dict, gtype: str) -> None:
    """Eliminate one Ghoul; its killer gains its XP at once (P. 17)."""
    ctx.remove_ghouls(spec["zone"], gtype, 1)
    spec["hits"] -= 1
    spec["kills"] += 1
    s = ctx.surv(spec["by"])
    s.kills[gtype] = s.kills.get(gtype, 0) + 1
    ctx.st.kills[gtype] = ctx.st.kills.get(gtype, 0) + 1
    ctx.emit("kill", "P. 26", f"{ctx.sname(spec['by'])} eliminates a {ctx.content.ghoul_types[gtype].name} "
             f"in {ctx.zname(spec['zone'])}", survivor=spec["by"], ghoul=gtype, zone=spec["zone"])
    gain_xp(ctx, spec["by"], ctx.content.ghoul_types[gtype].xp, f"{gname(gtype)} eliminated", "P. 17")


def ff_candidates(ctx: Ctx, spec: dict) -> list[str]:
    out = []
    for x in ctx.st.survivors_in(spec["zone"]):
        if x == spec["by"]:
            continue  # "A Survivor can't hit themselves" (P. 28)
        if spec["kind"] == "car" and ctx.surv(x).in_car:
            continue  # Car Attacks hit pedestrians only (P. 21)
        out.append(x)
    # the named default ("least-wounded") is listed first
    return sorted(out, key=lambda x: (ctx.surv(x).wounds, out.index(x)))


def friendly_fire(ctx: Ctx, spec: dict) -> None:
    """Misses hit Survivors in the target Zone (Ranged and Car, not Sniper, not Melee) (P. 28)."""
    while spec["ff"] and spec["misses"] > 0:
        cands = ff_candidates(ctx, spec)
        if not cands:
            break
        if len(cands) == 1:
            spec["misses"] -= 1
            ctx.wound(cands[0], spec["damage"], f"Friendly Fire from {ctx.sname(spec['by'])}", "P. 28")
            if ctx.st.result is not None:
                return
            continue
        ctx.ask(Choice("friendly_fire", spec["by"], f"A miss hits a Survivor in {ctx.zname(spec['zone'])}: "
                       f"who takes {spec['damage']} wound(s)?", "P. 28", options=cands,
                       labels=[ctx.sname(x) for x in cands], default_name="least-wounded",
                       data={"spec": spec}))
        return
    ctx.push(["after_attack", spec])


def resolve_friendly_fire(ctx: Ctx, choice: Choice, option) -> None:
    spec = choice.data["spec"]
    spec["misses"] -= 1
    ctx.wound(option, spec["damage"], f"Friendly Fire from {ctx.sname(spec['by'])}", "P. 28")
    if ctx.st.result is None:
        friendly_fire(ctx, spec)


def task_after_attack(ctx: Ctx, spec: dict) -> None:
    """Hit & Run becomes available after a Melee/Ranged Action that eliminated a Ghoul (P. 46)."""
    if spec["kind"] in ("melee", "ranged") and spec["kills"] > 0:
        s = ctx.surv(spec["by"])
        if s.alive and sk.has(ctx.content, sk.active_skills(ctx.content, ctx.st, s), "hit_and_run"):
            s.hit_and_run = True


def car_attack(ctx: Ctx, sid: str, zone: str) -> None:
    """A Car Attack in a Zone the Car enters (P. 21, 28): Car card dice, Targeting Priority,
    Friendly Fire on pedestrians; the Driver's Skills do not apply; XP to the Driver."""
    prof = ctx.content.car.attack
    spec = {"by": sid, "kind": "car", "zone": zone, "weapon": "car", "dice": prof.dice, "accuracy": prof.accuracy,
            "plus": 0, "damage": prof.damage, "free": False, "ff": True, "kills": 0, "sniper": False}
    ctx.emit("attack", "P. 21", f"Car Attack in {ctx.zname(zone)}: {prof.dice} dice, {prof.accuracy}+, "
             f"Damage {prof.damage}", survivor=sid, zone=zone, weapon="car", dice=prof.dice)
    roll(ctx, spec)
    ctx.push(["hits", spec])


def molotov(ctx: Ctx, sid: str, hand: int, zone: str) -> None:
    """Discard the Molotov: every Actor in the exterior target Zone is eliminated; a Spawn token
    there may move to another Spawn Zone (not if a single Spawn Zone remains) (P. 29)."""
    s = ctx.surv(sid)
    uid = s.hands[hand]
    s.hands[hand] = None
    ctx.to_discard(uid)
    ctx.emit("molotov", "P. 29", f"{ctx.sname(sid)} throws a Molotov at {ctx.zname(zone)}: all Actors there "
             "are eliminated", survivor=sid, zone=zone)
    counts = ctx.st.ghouls_in(zone)
    spec = {"by": sid, "kind": "ranged", "zone": zone, "hits": 0, "kills": 0}
    for i, g in enumerate(GHOUL_TYPES):
        for _ in range(counts[i]):
            spec["hits"] += 1
            kill(ctx, spec, g)
    for x in ctx.st.survivors_in(zone):
        ctx.eliminate(x, "caught in the Molotov fire (P. 29)")
    if ctx.st.result is not None:
        return
    zones = sorted({z for z, _c in ctx.st.spawns})
    tokens = [i for i, (z, _c) in enumerate(ctx.st.spawns) if z == zone]
    # the Molotov is a Ranged Action: a kill lets Hit & Run follow (P. 29, P. 46)
    tasks = [["after_attack", spec]]
    if tokens and len(zones) > 1:
        tasks.append(["molotov_spawn", sid, zone, len(tokens)])
    ctx.push(*tasks)
