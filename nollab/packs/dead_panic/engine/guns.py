"""Shooting (pp. 3-5): targets in range, the AK-47's spread, the Elephant and Flare Guns,
Sandra's double shot, shots from the van, and the bullet count of "Attracted by Gunfire" (p. 6).

"Shots always hit the target, immediately causing 1 point of damage to 1 Zombie within range"
(p. 3); "Characters can shoot Zombies even if the Zombie is in the same space as another
Character ... never injure each other" (p. 4). A Character Zombie is a Zombie to shoot at.
"""
from __future__ import annotations

from nollab.packs.dead_panic.engine.cards import card_name
from nollab.packs.dead_panic.engine.combat import damage_target, target_name, zombie_of
from nollab.packs.dead_panic.engine.core import Ctx, resolver, task
from nollab.packs.dead_panic.engine.spaces import split
from nollab.packs.dead_panic.engine.state import Card, Player

__all__ = ["targets_in", "shot_targets", "start_ak47", "start_shots", "flare_burst"]


def targets_in(ctx: Ctx, spaces) -> list[str]:
    """Zombie tokens (``z<uid>``) then Character Zombies (``c:<id>``) standing on ``spaces``."""
    st = ctx.st
    zs = sorted((z for z in st.zombies.values() if z.space in spaces), key=lambda z: (ctx.geo.order(z.space), z.uid))
    cz = [p for p in st.players if p.status == "zombie" and p.space in spaces]
    return [f"z{z.uid}" for z in zs] + [f"c:{p.id}" for p in cz]


def shot_targets(ctx: Ctx, space: str, gun_range: str, own_space: bool = True) -> list[str]:
    """Targets a gun reaches from ``space`` (p. 3); the Elephant Gun excludes the shooter's space (p. 4)."""
    reach = set(ctx.geo.shot_range(space, gun_range))
    if not own_space:
        reach.discard(space)
    return targets_in(ctx, reach)


def _space_of(ctx: Ctx, target: str) -> str | None:
    z = zombie_of(ctx, target)
    if z is not None:
        return z.space
    return ctx.st.player(target[2:]).space


def _fought(ctx: Ctx, target: str) -> None:
    z = zombie_of(ctx, target)
    if z is not None:
        z.fought = True


def _ask_point(ctx: Ctx, kind: str, p: Player, space: str, left: int, page: str, prompt: str, **data) -> None:
    opts = shot_targets(ctx, space, "rifle" if kind == "ak47" else data["range"])
    if not opts or left <= 0:
        return
    labels = [target_name(ctx, t) + f" in {_space_of(ctx, t)}" for t in opts]
    if kind == "ak47":  # "up to 4 points" (p. 4); Sandra spends both shots (p. 5)
        opts, labels = opts + ["stop"], labels + ["Stop here"]
    ctx.ask(kind, p.id, prompt, opts, labels, page, default=0, left=left, space=space, **data)


# ---- AK-47 -----------------------------------------------------------------------------------------------
def start_ak47(ctx: Ctx, p: Player, card: Card, first: str | None = None, in_fight: bool = False) -> None:
    """ "distributes up to 4 points of damage among as many Zombies as the player chooses. When used
    during melee combat ... each Zombie hit does not need to be fought again" (p. 4). One point at a
    time; "AK-47: count the number of points of damage distributed toward the bullet count" (p. 6)."""
    cc = ctx.box.cabin[card.card]
    card.shots = 0
    card.club = True  # a spent gun is a club (p. 3)
    left = cc.damage
    ctx.emit("shoot", "p. 4", f"{ctx.name(p.id)} opens up with the AK-47 ({left} points to spread)", player=p.id)
    if first is not None:
        _point(ctx, p, first, in_fight)
        left -= 1
    _ask_point(ctx, "ak47", p, p.space, left, "p. 4", f"AK-47: {left} point(s) left -- next target?",
               in_fight=in_fight)


@task("ak47_fight")
def task_ak47_fight(ctx: Ctx, pid: str, target: str, uid: int, in_fight: bool) -> None:
    p = ctx.st.player(pid)
    card = next((c for c in p.hand if c.uid == uid), None)
    if card is not None:
        start_ak47(ctx, p, card, first=target, in_fight=in_fight)


def _point(ctx: Ctx, p: Player, target: str, in_fight: bool) -> None:
    ctx.st.bullets += 1
    if in_fight:
        _fought(ctx, target)
    damage_target(ctx, target, 1, "p. 4", ctx.name(p.id))


@resolver("ak47")
def resolve_ak47(ctx: Ctx, choice, option) -> None:
    if option == "stop":
        return
    p = ctx.st.player(choice.who)
    _point(ctx, p, option, choice.data["in_fight"])
    left = choice.data["left"] - 1
    _ask_point(ctx, "ak47", p, choice.data["space"], left, "p. 4", f"AK-47: {left} point(s) left -- next target?",
               in_fight=choice.data["in_fight"])


# ---- ordinary shots: one (an Action), two (Sandra), or from the van ------------------------------------
def shoot(ctx: Ctx, p: Player, card: Card | None, target: str, page: str = "p. 3") -> None:
    """One shot: 1 damage (the Elephant Gun kills, p. 4); spends a shot or unloads the Cross Bow."""
    if card is None:  # from the van: "following Rifle rules" (p. 5)
        ctx.st.bullets += 1
        ctx.emit("shoot", "p. 5", f"{ctx.name(p.id)} shoots the {target_name(ctx, target)} from the van",
                 player=p.id, target=target)
        damage_target(ctx, target, 1, "p. 5", ctx.name(p.id))
        return
    cc = ctx.box.cabin[card.card]
    if cc.special == "crossbow":
        card.loaded = False
    else:
        card.shots -= 1
        ctx.st.bullets += 1
    ctx.emit("shoot", page, f"{ctx.name(p.id)} shoots the {target_name(ctx, target)} with the {cc.name}",
             player=p.id, target=target, card=cc.id)
    damage_target(ctx, target, cc.damage, page, ctx.name(p.id))
    if card.shots <= 0 and cc.special != "crossbow":
        card.club = True


def start_shots(ctx: Ctx, p: Player, card: Card, shots: int) -> None:
    """Sandra: "may use 1 action to spend 2 shots" (p. 5): two shots, each at any target in range."""
    cc = ctx.box.cabin[card.card]
    _ask_point(ctx, "sandra_shot", p, p.space, shots, "p. 5", f"{card_name(ctx, card)}: shot 1 of {shots} -- target?",
               range=cc.range, uid=card.uid)


@resolver("sandra_shot")
def resolve_sandra(ctx: Ctx, choice, option) -> None:
    if option == "stop":
        return
    p = ctx.st.player(choice.who)
    card = next((c for c in p.hand if c.uid == choice.data["uid"]), None)
    if card is None or card.shots <= 0:
        return
    shoot(ctx, p, card, option, "p. 5")
    left = choice.data["left"] - 1
    if card.shots > 0:
        _ask_point(ctx, "sandra_shot", p, choice.data["space"], left, "p. 5", "Second shot -- target?",
                   range=choice.data["range"], uid=card.uid)


# ---- Flare Gun ---------------------------------------------------------------------------------------------
def flare_burst(ctx: Ctx, p: Player, card: Card, space: str) -> None:
    """ "damage 2 Zombies in the same space for 1 point each" (p. 4); counts as 1 bullet (p. 6)."""
    card.shots = 0
    card.club = True
    ctx.st.bullets += 1
    targets = targets_in(ctx, {space})
    ctx.emit("shoot", "p. 4", f"{ctx.name(p.id)} fires the Flare Gun into {space}", player=p.id, space=space)
    if len(targets) <= 2:
        for t in targets:
            damage_target(ctx, t, 1, "p. 4", ctx.name(p.id))
        return
    ctx.ask("flare", p.id, "Flare Gun: first of 2 Zombies to damage", targets,
            [target_name(ctx, t) for t in targets], "p. 4", default=0, space=space, left=2)


@resolver("flare")
def resolve_flare(ctx: Ctx, choice, option) -> None:
    damage_target(ctx, option, 1, "p. 4", ctx.name(choice.who))
    left = choice.data["left"] - 1
    rest = [t for t in targets_in(ctx, {choice.data["space"]}) if t != option]
    if left > 0 and rest:
        ctx.ask("flare", choice.who, "Flare Gun: second Zombie to damage", rest, [target_name(ctx, t) for t in rest],
                "p. 4", default=0, space=choice.data["space"], left=left)


def arc_of(space: str) -> int:
    return split(space)[0]
