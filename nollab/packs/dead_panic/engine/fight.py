"""Fight Zombies (pp. 8-10) and the fight a Character must take when moving into Zombies (p. 5).

"If 1 or more Zombies are in the same space as a Survivor or Character, a fight takes place. In
general, the order of combat starts with Survivors, moves to the player with the Bait Token, and
then proceeds clockwise. A fight doesn't end in a space until all of the Zombies have been
fought" (p. 8); "No Zombie is fought more than once during a single fight phase" (p. 10).

* Survivors fight "by simultaneously taking damage points equal to the Zombie's health and by
  giving damage to the Zombie equal to the Survivors' health"; with several, "players decide how
  to distribute the damage" -- one point at a time, a decision each (p. 8).
* "If a Character and a Survivor are in the same space ... the player for that Character decides
  whether the Survivor or the player fights first" (p. 8); the side fighting second fights only
  the Zombies not fought yet (docs/rulings.md).
* Characters in one space take turns in Bait order, each fighting one Zombie not yet fought, with
  the weapon of their choice (p. 9-10). A killed Survivor drops its Radio piece and turns into a
  Zombie that Characters there need not fight this phase (p. 8).
"""
from __future__ import annotations

from nollab.packs.dead_panic.engine.cards import card_name, melee_modes
from nollab.packs.dead_panic.engine.combat import (character_zombie, damage_target, fight_value, target_name,
                                                   zombie_of)
from nollab.packs.dead_panic.engine.core import Ctx, resolver, task
from nollab.packs.dead_panic.engine.state import Player, Survivor, Zombie

__all__ = ["enemies_at", "fight_options", "ask_fight", "check_options"]

MODE_RANK = {"shoot": 0, "ak47": 1, "burn": 2, "melee": 3, "club": 4, "unarmed": 5}
MODE_WORDS = {"shoot": "shoot", "ak47": "AK-47 spray", "burn": "burn gas", "melee": "melee", "club": "as a club",
              "unarmed": "bare hands"}


def enemies_at(ctx: Ctx, space: str, unfought: bool = False) -> list[str]:
    """Zombie tokens and Character Zombies in ``space`` (``unfought``: not yet fought this phase)."""
    st = ctx.st
    zs = [z for z in st.zombies.values() if z.space == space and not (unfought and z.fought)]
    zs.sort(key=lambda z: (-fight_value(ctx, z), z.uid))
    cz = [p for p in st.in_bait_order() if p.status == "zombie" and p.space == space
          and not (unfought and p.id in st.cz_fought)]
    return [f"c:{p.id}" for p in cz] + [f"z{z.uid}" for z in zs]


def fighters_at(ctx: Ctx, space: str) -> list[Player]:
    """Living Characters in ``space`` who fight this round (Zombie Muck keeps one out, p. 4), Bait order."""
    st = ctx.st
    return [p for p in st.in_bait_order() if p.status == "alive" and p.space == space and p.muck_round != st.round]


def _health(ctx: Ctx, target: str) -> int:
    z = zombie_of(ctx, target)
    return z.health if z is not None else character_zombie(ctx, target).cz_health


def _weapons(ctx: Ctx, p: Player) -> list[tuple[int, str]]:
    out = [(c.uid, m) for c in p.hand for m in melee_modes(ctx, c)]
    out.sort(key=lambda w: (MODE_RANK[w[1]], w[0]))
    return out + [(0, "unarmed")]


def fight_options(ctx: Ctx, p: Player, targets: list[str]) -> tuple[list, list[str]]:
    """Every (target, card, mode) a Character may fight with; labels for people."""
    opts, labels = [], []
    for t in targets:
        for uid, mode in _weapons(ctx, p):
            card = next((c for c in p.hand if c.uid == uid), None)
            what = card_name(ctx, card) + f" ({MODE_WORDS[mode]})" if card else "bare hands"
            opts.append([t, uid, mode])
            labels.append(f"{target_name(ctx, t)} with {what}")
    return opts, labels


def ask_fight(ctx: Ctx, p: Player, targets: list[str], where: str, page: str, **data) -> None:
    opts, labels = fight_options(ctx, p, targets)
    ctx.ask("fight", p.id, f"{ctx.name(p.id)} fights in {p.space}: which Zombie, and with what?", opts, labels,
            page, default=0, where=where, **data)


def check_options(ctx: Ctx, space: str) -> list[str]:
    """The movement check's opponent(s): a Character Zombie if present, else the strongest by
    fight number -- several when equal, and "the player chooses" (p. 5)."""
    foes = enemies_at(ctx, space)
    cz = [t for t in foes if t.startswith("c:")]
    if cz:
        return cz
    zs = [zombie_of(ctx, t) for t in foes]
    if not zs:
        return []
    best = max(fight_value(ctx, z) for z in zs)
    return [f"z{z.uid}" for z in zs if fight_value(ctx, z) == best]


@resolver("fight")
def resolve_fight(ctx: Ctx, choice, option) -> None:
    target, uid, mode = option
    where = choice.data["where"]
    if where == "fight":
        ctx.push(["melee", choice.who, target, uid, mode, "fight"],
                 ["fight_turn", choice.data["space"], choice.data["turn"] + 1])
    else:
        ctx.push(["melee", choice.who, target, uid, mode, where])


# ---- the phase ----------------------------------------------------------------------------------------------
@task("fight_phase")
def task_fight_phase(ctx: Ctx) -> None:
    st = ctx.st
    st.phase = "fight"
    st.cz_fought = []
    st.survivors_later = []
    for z in st.zombies.values():
        z.fought = False
    ctx.emit("phase", "p. 8", f"Round {st.round}: Fight Zombies -- Survivors first, then from the Bait holder")
    spaces = ctx.geo.sorted({s.space for s in st.survivors.values() if enemies_at(ctx, s.space)})
    ctx.push(*[["survivor_space", s] for s in spaces], ["character_fights"], ["survivors_later"], ["bait_phase"])


@task("survivor_space")
def task_survivor_space(ctx: Ctx, space: str) -> None:
    chars = fighters_at(ctx, space)
    if not chars:
        ctx.push(["exchange", space])
        return
    p = chars[0]  # "If more than 1 Character is in such a space, use the Bait token" (p. 8)
    ctx.ask("fight_order", p.id, f"Survivors and {ctx.name(p.id)} share {space} with Zombies: who fights first?",
            ["survivors", "characters"], ["The Survivors fight first", "The Characters fight first"], "p. 8",
            default=1, space=space)


@resolver("fight_order")
def resolve_fight_order(ctx: Ctx, choice, option) -> None:
    if option == "survivors":
        ctx.push(["exchange", choice.data["space"]])
    else:
        ctx.st.survivors_later.append(choice.data["space"])


@task("character_fights")
def task_character_fights(ctx: Ctx) -> None:
    seen, spaces = set(), []
    for p in ctx.st.in_bait_order():
        if p.status == "alive" and p.space not in seen and p.muck_round != ctx.st.round \
                and enemies_at(ctx, p.space, unfought=True):
            seen.add(p.space)
            spaces.append(p.space)
    ctx.push(*[["fight_space", s] for s in spaces])


@task("fight_space")
def task_fight_space(ctx: Ctx, space: str) -> None:
    ctx.emit("fight_space", "p. 9", f"Fight in {space}", space=space)
    ctx.push(["fight_turn", space, 0])


@task("fight_turn")
def task_fight_turn(ctx: Ctx, space: str, turn: int) -> None:
    """Characters in one space "take turns fighting the Zombies until each Zombie has been fought" (p. 10)."""
    foes = enemies_at(ctx, space, unfought=True)
    chars = fighters_at(ctx, space)
    if not foes or not chars:
        return
    p = chars[turn % len(chars)]
    ask_fight(ctx, p, foes, "fight", "p. 9", space=space, turn=turn)


@task("survivors_later")
def task_survivors_later(ctx: Ctx) -> None:
    ctx.push(*[["exchange", s] for s in ctx.st.survivors_later])


# ---- Survivors' fights: simultaneous damage -----------------------------------------------------------------
@task("exchange")
def task_exchange(ctx: Ctx, space: str) -> None:
    st = ctx.st
    foes = enemies_at(ctx, space, unfought=True)
    survivors = sorted(st.survivors_at(space), key=lambda s: s.uid)
    if not foes or not survivors:
        return
    to_foes = sum(s.health for s in survivors)
    to_survivors = sum(_health(ctx, t) for t in foes)
    ctx.emit("survivor_fight", "p. 8", f"{len(survivors)} Survivor(s) fight {len(foes)} Zombie(s) in {space}: "
             f"{to_foes} damage out, {to_survivors} in", space=space)
    _allocate(ctx, {"space": space, "foes": foes, "survivors": [s.uid for s in survivors],
                    "to_foes": {}, "to_survivors": {}, "left_foes": to_foes, "left_survivors": to_survivors})


def _allocate(ctx: Ctx, a: dict) -> None:
    """Hand out the points one at a time where there is a choice, then apply them all at once."""
    st = ctx.st
    while a["left_foes"] > 0:
        open_ = [t for t in a["foes"] if a["to_foes"].get(t, 0) < _health(ctx, t)]
        if not open_:
            a["left_foes"] = 0
            break
        if len(open_) == 1:
            a["to_foes"][open_[0]] = a["to_foes"].get(open_[0], 0) + a["left_foes"]
            a["left_foes"] = 0
            break
        open_.sort(key=lambda t: (_health(ctx, t) - a["to_foes"].get(t, 0), t))
        ctx.ask("survivor_damage", ctx.pid(st.bait), f"Survivors' damage in {a['space']}: {a['left_foes']} point(s)"
                " to hand out -- next point to?", open_, [target_name(ctx, t) for t in open_], "p. 8", alloc=a)
        return
    while a["left_survivors"] > 0:
        open_ = [u for u in a["survivors"] if a["to_survivors"].get(str(u), 0) < st.survivors[u].health]
        if not open_:
            a["left_survivors"] = 0
            break
        if len(open_) == 1:
            key = str(open_[0])
            a["to_survivors"][key] = a["to_survivors"].get(key, 0) + a["left_survivors"]
            a["left_survivors"] = 0
            break
        open_.sort(key=lambda u: (-(st.survivors[u].health - a["to_survivors"].get(str(u), 0)), u))
        ctx.ask("zombie_damage", ctx.pid(st.bait), f"Zombies' damage to the Survivors in {a['space']}: "
                f"{a['left_survivors']} point(s) -- next point to?", open_, [f"Survivor #{u}" for u in open_],
                "p. 8", alloc=a)
        return
    _apply(ctx, a)


@resolver("survivor_damage")
def resolve_survivor_damage(ctx: Ctx, choice, option) -> None:
    a = choice.data["alloc"]
    a["to_foes"][option] = a["to_foes"].get(option, 0) + 1
    a["left_foes"] -= 1
    _allocate(ctx, a)


@resolver("zombie_damage")
def resolve_zombie_damage(ctx: Ctx, choice, option) -> None:
    a = choice.data["alloc"]
    a["to_survivors"][str(option)] = a["to_survivors"].get(str(option), 0) + 1
    a["left_survivors"] -= 1
    _allocate(ctx, a)


def _apply(ctx: Ctx, a: dict) -> None:
    st = ctx.st
    for t in a["foes"]:
        z = zombie_of(ctx, t)
        if z is not None:
            z.fought = True
        elif t.startswith("c:"):
            st.cz_fought.append(t[2:])
    for t, n in a["to_foes"].items():
        if n > 0:
            damage_target(ctx, t, n, "p. 8", "the Survivors")
    for u, n in a["to_survivors"].items():
        s = st.survivors.get(int(u))
        if s is None or n <= 0:
            continue
        s.health -= n
        if s.health > 0:
            ctx.emit("survivor_hurt", "p. 8", f"Survivor #{s.uid} takes {n} damage ({s.health} left)", survivor=s.uid)
        else:
            _survivor_dies(ctx, s)


def _survivor_dies(ctx: Ctx, s: Survivor) -> None:
    """ "the Survivor drops a piece of the Radio (randomly selected) in the same space and turns into
    a Zombie ... Characters in the same space ... do not have to fight the Zombie that phase" (p. 8)."""
    st = ctx.st
    del st.survivors[s.uid]
    if s.radio:
        st.radio[s.space] = st.radio.get(s.space, 0) + 1
    z = Zombie(s.uid, "survivor_zombie", s.space, ctx.box.rules.survivor_zombie_health, fought=True)
    st.zombies[z.uid] = z
    ctx.emit("survivor_dies", "p. 8", f"Survivor #{s.uid} dies in {s.space}" + (", drops a Radio piece" if s.radio
             else "") + " and turns into a Zombie", survivor=s.uid, space=s.space)


@task("bait_phase")
def task_bait_phase(ctx: Ctx) -> None:
    """ "After the fight phase is complete, the Bait Token is passed to the left", except after
    "Attracted by Gunfire" and "Shh, They Can Hear You" (p. 11). It goes to the next player whose
    Character is alive or in the van (docs/rulings.md)."""
    st = ctx.st
    st.phase = "bait"
    if st.skip_bait:
        ctx.emit("bait", "p. 11", f"The Bait token stays with {ctx.name(ctx.pid(st.bait))} (the Event says so)")
    else:
        pass_bait(ctx, "p. 11")
    st.skip_bait = False
    ctx.push(["round_start"])


def pass_bait(ctx: Ctx, page: str) -> None:
    st = ctx.st
    n = len(st.players)
    for k in range(1, n + 1):
        q = st.players[(st.bait + k) % n]
        if q.status in ("alive", "van"):
            st.bait = q.seat
            break
    ctx.emit("bait", page, f"The Bait token passes to {ctx.name(ctx.pid(st.bait))}", player=ctx.pid(st.bait))
