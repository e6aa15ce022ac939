"""Hand-to-hand combat and damage (pp. 3-4, 8-10): one fight, Injuries, deaths, kills.

One fight is the task ``["melee", player, target, card uid, mode, where]``: ``target`` is
``"z<uid>"`` (a Zombie token) or ``"c:<player>"`` (a Character Zombie); ``card`` 0 is unarmed;
``mode`` is how the card is used (:func:`~nollab.packs.dead_panic.engine.cards.melee_modes`);
``where`` is ``"check"`` (a movement check, p. 5), ``"deliberate"`` (1 action, p. 3) or ``"fight"``
(the Fight Zombies phase, p. 9-10: the target counts as fought). Guns win automatically and spend
a shot (p. 9); the AK-47 spreads up to 4 points (p. 4); the Chainsaw may burn gas to slay (p. 4);
everything else rolls 2d6 (an explicit chance node) judged by :func:`nollab.packs.dead_panic.melee.judge`
-- against the fight value, or against the Character Zombie's own 2d6 (p. 10).
"""
from __future__ import annotations

from nollab.packs.dead_panic.engine.cards import card_name, discard_card, drop_radio
from nollab.packs.dead_panic.engine.core import Ctx, on_chance, resolver, task
from nollab.packs.dead_panic.engine.state import RADIO, RADIO_PIECE, Player, Zombie
from nollab.packs.dead_panic.melee import judge

__all__ = ["walker_kind", "push_options", "TWO_D6", "damage_zombie", "damage_target", "injure", "fight_value", "target_name", "zombie_of",
           "character_zombie", "kill_zombie", "end_check"]

#: 2d6 sums and their weights out of 36 (p. 1: "both are used for hand-to-hand combat")
TWO_D6 = ([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])


# ---- targets --------------------------------------------------------------------------------------------
def zombie_of(ctx: Ctx, target: str) -> Zombie | None:
    if target.startswith("z"):
        return ctx.st.zombies.get(int(target[1:]))
    return None


def character_zombie(ctx: Ctx, target: str) -> Player | None:
    if target.startswith("c:"):
        p = ctx.st.player(target[2:])
        return p if p.status == "zombie" else None
    return None


def fight_value(ctx: Ctx, z: Zombie) -> int:
    if z.kind == "survivor_zombie":
        return ctx.box.rules.survivor_zombie_fight
    return ctx.box.zombies[z.kind].fight


def zombie_name(ctx: Ctx, z: Zombie) -> str:
    if z.kind == "survivor_zombie":
        return "Survivor Zombie"
    return ctx.box.zombies[z.kind].name


def target_name(ctx: Ctx, target: str) -> str:
    z = zombie_of(ctx, target)
    if z is not None:
        return f"{zombie_name(ctx, z)} #{z.uid} ({z.health} health)"
    return f"{ctx.name(target[2:])}'s Character Zombie"


# ---- damage -----------------------------------------------------------------------------------------------
def kill_zombie(ctx: Ctx, z: Zombie, page: str, by: str) -> None:
    """Discard a Zombie; the discard pile goes back in the bag when it is empty (p. 9). A flipped
    Survivor leaves the game (docs/rulings.md)."""
    del ctx.st.zombies[z.uid]
    ctx.st.kills[z.kind] = ctx.st.kills.get(z.kind, 0) + 1
    if z.kind != "survivor_zombie":
        ctx.st.discard[z.kind] = ctx.st.discard.get(z.kind, 0) + 1
    ctx.emit("kill", page, f"{by} kills the {zombie_name(ctx, z)} #{z.uid} in {z.space}", zombie=z.uid,
             kind=z.kind, space=z.space)


def damage_zombie(ctx: Ctx, z: Zombie, n: int, page: str, by: str) -> None:
    """``n`` points of damage: the token turns; the last point discards it (p. 3)."""
    z.health -= n
    if z.health <= 0:
        kill_zombie(ctx, z, page, by)
    else:
        ctx.emit("damage", page, f"{by} deals {n} damage to the {zombie_name(ctx, z)} #{z.uid} "
                 f"({z.health} health left)", zombie=z.uid, damage=n)


def damage_target(ctx: Ctx, target: str, n: int, page: str, by: str) -> None:
    z = zombie_of(ctx, target)
    if z is not None:
        damage_zombie(ctx, z, n, page, by)
        return
    cz = character_zombie(ctx, target)
    if cz is None:
        return
    cz.cz_health -= n
    if cz.cz_health <= 0:
        cz.status = "gone"
        ctx.emit("kill", page, f"{by} destroys {ctx.name(cz.id)}'s Character Zombie", player=cz.id)
        cz.space = None
        end_check(ctx)
    else:
        ctx.emit("damage", page, f"{by} deals {n} damage to {ctx.name(cz.id)}'s Character Zombie "
                 f"({cz.cz_health} left)", player=cz.id, damage=n)


def injure(ctx: Ctx, p: Player, page: str = "p. 9") -> None:
    """An Injury: on the "Injured" space first, then 1 space toward the skull; the skull kills (p. 9)."""
    p.injuries += 1
    limit = ctx.box.characters[p.id].injuries
    ctx.emit("injury", page, f"{ctx.name(p.id)} takes an Injury ({p.injuries}/{limit})", player=p.id,
             injuries=p.injuries)
    if p.injuries >= limit:
        die(ctx, p)


def die(ctx: Ctx, p: Player) -> None:
    """The Injury token reaches the skull: the Character token is laid on its side until the next
    Move Zombies phase (p. 10). Its cards are discarded and its Radio pieces dropped where it fell
    (docs/rulings.md), so the Radio is never lost."""
    p.status = "down"
    ctx.emit("death", "p. 10", f"{ctx.name(p.id)} dies in {p.space} and will rise as a Zombie", player=p.id)
    for c in list(p.hand):
        if c.card in (RADIO, RADIO_PIECE):
            p.hand.remove(c)
            drop_radio(ctx, p, c, "p. 10")
        else:
            discard_card(ctx, p, c, "p. 10", "drops")
    end_check(ctx)


def end_check(ctx: Ctx) -> None:
    """ "The game ends when each player's Character has either turned into a Zombie or has made it
    into the van. All players who make it into the van win the game." (p. 11)"""
    st = ctx.st
    if st.result is not None or any(p.status == "alive" for p in st.players):
        return
    saved = [p.id for p in st.players if p.status == "van"]
    st.result = "won" if saved else "lost"
    st.reason = (f"{', '.join(ctx.name(x) for x in saved)} escaped in the van" if saved
                 else "every Character turned into a Zombie")
    st.phase = "over"
    ctx.emit("game_over", "p. 11", f"Game over: {st.reason}", result=st.result, saved=saved)


def walker_kind(ctx: Ctx, z: Zombie) -> str:
    """How a Zombie token crosses Walls: "creeper" slips through, "zombie" is stopped (p. 7)."""
    return "creeper" if z.kind != "survivor_zombie" and ctx.box.zombies[z.kind].walls == "none" else "zombie"


def push_options(ctx: Ctx, target: str) -> list[str]:
    """Where an unarmed win may push a Zombie (p. 10): 1 space "in any direction", as that Zombie
    could step (a standing Wall stops it unless it is a Creeper, docs/rulings.md)."""
    z = zombie_of(ctx, target)
    if z is not None:
        return list(ctx.geo.neighbours(z.space, walker_kind(ctx, z), ctx.st.walls))
    cz = character_zombie(ctx, target)
    return list(ctx.geo.neighbours(cz.space, "zombie", ctx.st.walls)) if cz else []


# ---- one fight -------------------------------------------------------------------------------------------
def _card(p: Player, uid: int):
    return next((c for c in p.hand if c.uid == uid), None)


@task("melee")
def task_melee(ctx: Ctx, pid: str, target: str, uid: int, mode: str, where: str) -> None:
    st = ctx.st
    p = st.player(pid)
    z, cz = zombie_of(ctx, target), character_zombie(ctx, target)
    if p.status != "alive" or (z is None and cz is None):
        return
    card = _card(p, uid) if uid else None
    who = ctx.name(pid)
    page = {"check": "p. 5", "deliberate": "p. 3"}.get(where, "p. 9")
    if where == "fight" and z is not None:
        z.fought = True
    if mode == "shoot":  # "they use the weapons at no action cost and win automatically, spending shots" (p. 9)
        cc = ctx.box.cabin[card.card]
        _spend_shot(ctx, card)
        ctx.emit("fight", page, f"{who} shoots the {target_name(ctx, target)} point blank with the {cc.name}: "
                 "an automatic win", player=pid, target=target, result="win")
        damage_target(ctx, target, cc.damage, page, who)
        return
    if mode == "ak47":  # the AK-47 in melee (p. 4): nollab.packs.dead_panic.engine.guns
        ctx.push(["ak47_fight", pid, target, uid, where == "fight"])
        return
    if mode == "burn":  # the Chainsaw "slays 1 Zombie ... Each use can be thought of as burning gas" (p. 4)
        card.shots -= 1
        ctx.emit("fight", "p. 4", f"{who} burns gas: the Chainsaw slays the {target_name(ctx, target)}",
                 player=pid, target=target, result="win")
        damage_target(ctx, target, 99, "p. 4", who)
        if card.shots <= 0:
            card.club = True
        return
    ctx.roll("2d6", TWO_D6[0], TWO_D6[1], "p. 9", "melee_rolled",
             f"{who} rolls 2 dice against the {target_name(ctx, target)}",
             pid=pid, target=target, uid=uid, mode=mode, where=where)


def _spend_shot(ctx: Ctx, card) -> None:
    cc = ctx.box.cabin[card.card]
    card.shots -= 1
    if cc.special == "crossbow":
        card.shots += 1  # the Cross Bow has no shot count: it unloads instead (p. 4)
        card.loaded = False
    else:
        ctx.st.bullets += 1  # "Cross Bow: does not count as a bullet fired" (p. 6)


def _modifier(ctx: Ctx, p: Player, card) -> int:
    return 1 if card is not None and card.grip else 0  # Grip Tape: "+1 to melee rolls" (p. 4)


@on_chance("melee_rolled")
def melee_rolled(ctx: Ctx, data: dict, total: int) -> None:
    cz = character_zombie(ctx, data["target"])
    if cz is not None:  # "the player rolls 2 dice against the other players" (p. 10): an opposed roll
        ctx.roll("2d6", TWO_D6[0], TWO_D6[1], "p. 10", "cz_rolled",
                 f"{ctx.name(cz.id)}'s Character Zombie rolls its own 2 dice", **data, total=total)
        return
    _settle(ctx, data, total, None)


@on_chance("cz_rolled")
def cz_rolled(ctx: Ctx, data: dict, cz_total: int) -> None:
    cz = character_zombie(ctx, data["target"])
    if cz is None:
        return
    bonus = 1 if "plus_one" in cz.cz_abilities else 0
    p = ctx.st.player(data["pid"])
    mine = data["total"] + _modifier(ctx, p, _card(p, data["uid"]) if data["uid"] else None)
    if ("reroll" in cz.cz_abilities and cz.cz_reroll_round != ctx.st.round
            and _outcome(ctx, data, mine, cz_total + bonus) != "lose"):
        ctx.ask("cz_reroll", cz.id, f"{ctx.name(cz.id)}'s Zombie rolled {cz_total + bonus} against {mine}: "
                "reroll both dice (once per turn)?", ["reroll", "keep"], ["Reroll both dice", "Keep the roll"],
                "p. 10", default=0, roll=data, cz_total=cz_total)
        return
    _settle(ctx, data, data["total"], cz_total + bonus)


@resolver("cz_reroll")
def resolve_cz_reroll(ctx: Ctx, choice, option) -> None:
    d = choice.data
    cz = ctx.st.player(choice.who)
    if option == "reroll":
        cz.cz_reroll_round = ctx.st.round
        ctx.roll("2d6", TWO_D6[0], TWO_D6[1], "p. 10", "cz_rolled", "The Character Zombie rerolls both dice",
                 **d["roll"])
        return
    bonus = 1 if "plus_one" in cz.cz_abilities else 0
    _settle(ctx, d["roll"], d["roll"]["total"], d["cz_total"] + bonus)


def _outcome(ctx: Ctx, data: dict, mine: int, against: int | None) -> str:
    p = ctx.st.player(data["pid"])
    card = _card(p, data["uid"]) if data["uid"] else None
    wrench = card is not None and ctx.box.cabin.get(card.card) is not None and \
        ctx.box.cabin[card.card].special == "pipe_wrench" and data["mode"] == "melee"
    z = zombie_of(ctx, data["target"])
    if z is not None:
        wins_ties = z.kind != "survivor_zombie" and ctx.box.zombies[z.kind].wins_ties
        return judge(mine, fight_value(ctx, z), zombie_wins_ties=wins_ties, character_wins_ties=wrench)
    cz = character_zombie(ctx, data["target"])
    return judge(mine, against, zombie_wins_ties="win_ties" in cz.cz_abilities, character_wins_ties=wrench)


def _settle(ctx: Ctx, data: dict, total: int, against: int | None) -> None:
    st = ctx.st
    p = st.player(data["pid"])
    card = _card(p, data["uid"]) if data["uid"] else None
    mine = total + _modifier(ctx, p, card)
    result = _outcome(ctx, data, mine, against)
    who, target = ctx.name(p.id), data["target"]
    vs = f"{against}" if against is not None else f"fight value {fight_value(ctx, zombie_of(ctx, target))}"
    weapon = card_name(ctx, card) if card else "bare hands"
    ctx.emit("fight", "p. 9", f"{who} ({weapon}) rolls {mine} against {vs}: {result}", player=p.id,
             target=target, roll=mine, result=result)
    club = data["mode"] == "club"
    if result == "win":
        _win(ctx, p, card, data)
    elif result == "lose":
        if card is None:
            injure(ctx, p, "p. 10")  # "On losses, the Character must take an Injury" (unarmed, p. 10)
        else:
            lethal = p.injuries + 1 >= ctx.box.characters[p.id].injuries
            ctx.ask("loss", p.id, f"{who} lost the fight: take an Injury or drop the {card_name(ctx, card)}?",
                    ["drop", "injury"] if (club or lethal) else ["injury", "drop"],
                    ["Drop the weapon", "Take an Injury"] if (club or lethal) else ["Take an Injury", "Drop the weapon"],
                    "p. 9", default=0, uid=card.uid)
    if club and card in p.hand and not (result == "lose" and st.pending and st.pending["kind"] == "loss"):
        discard_card(ctx, p, card, "p. 3", "breaks")  # "A club breaks after a melee battle" (p. 3)


def _win(ctx: Ctx, p: Player, card, data: dict) -> None:
    who, target = ctx.name(p.id), data["target"]
    if card is None:
        if ctx.box.characters[p.id].ability == "fists":  # David (p. 5, p. 10)
            damage_target(ctx, target, 1, "p. 10", who)
            return
        opts = push_options(ctx, target)
        if opts:
            ctx.ask("push", p.id, f"{who} won unarmed: push the {target_name(ctx, target)} 1 space?",
                    opts + ["stay"], [f"Push it to {s}" for s in opts] + ["Leave it"], "p. 10", default=0,
                    target=target)
        return
    if card.card == RADIO:
        damage_target(ctx, target, 1, "p. 5", who)
        return
    cc = ctx.box.cabin[card.card]
    damage_target(ctx, target, cc.damage if data["mode"] == "melee" else 1, "p. 9", who)


@resolver("loss")
def resolve_loss(ctx: Ctx, choice, option) -> None:
    p = ctx.st.player(choice.who)
    card = _card(p, choice.data["uid"])
    if option == "injury":
        injure(ctx, p, "p. 9")
        if card is not None and card.club and card in p.hand:
            discard_card(ctx, p, card, "p. 3", "breaks")
        return
    if card is not None and card in p.hand:
        if card.grip:
            ctx.emit("discard", "p. 4", "the Grip Tape goes with the dropped weapon", player=p.id)
        discard_card(ctx, p, card, "p. 9", "drops")


@resolver("push")
def resolve_push(ctx: Ctx, choice, option) -> None:
    if option == "stay":
        return
    target = choice.data["target"]
    z = zombie_of(ctx, target)
    cz = character_zombie(ctx, target)
    mover = z or cz
    if mover is None:
        return
    ctx.emit("push", "p. 10", f"{ctx.name(choice.who)} pushes the {target_name(ctx, target)} to {option}",
             target=target, space=option)
    mover.space = option

