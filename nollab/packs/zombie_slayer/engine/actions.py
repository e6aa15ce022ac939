"""The Slayer's and the followers' actions: what is legal now, and doing it.

"For one action, your slayer, a follower or your opponents may perform one of the following: Move 1
square - Move 1 square and drop dragon dung - Move 1 square and throw a torch - Quaff a potion - Attack -
Use a skill - Search an empty tile for treasure". Dropping dung and throwing a torch are "for free
before or after a movement action": each move grants one free item use (docs/rulings.md). Creation
Points from Experience are spent "immediately or ... later on": painting a pip is free.
"""
from __future__ import annotations

from nollab.packs.zombie_slayer.engine import flow
from nollab.packs.zombie_slayer.engine.core import SLAYER, Action, Ctx, IllegalAction, on_chance, task
from nollab.packs.zombie_slayer.engine.fight import being, skill_pips, wound
from nollab.packs.zombie_slayer.engine.treasure import SKILL_NAMES, face_room, paint
from nollab.packs.zombie_slayer.engine.town import parse, sq

__all__ = ["legal_actions", "perform", "POTIONS", "melee_targets", "ranged_targets"]

POTIONS = ("life_potion", "accuracy_potion", "defense_potion")
ACTIONS = "ch. Creating a Slayer (actions)"
ITEMS = "ch. Items"
SKILLS_CH = "ch. Skills"
FOLLOWERS = "ch. Followers"


def _zombie_squares(ctx: Ctx) -> dict[str, str]:
    return {z["sq"]: u for u, z in ctx.st.zombies.items()}


def melee_targets(ctx: Ctx, square: str) -> list[str]:
    """Zombie squares "in one of the 8 squares surrounding the attacker not separated by a wall"."""
    zs = _zombie_squares(ctx)
    return [sq(*p) for p in ctx.town.around(parse(square)) if sq(*p) in zs]


def ranged_targets(ctx: Ctx, square: str) -> list[str]:
    """Zombie squares seen along "a line of sight ... not obstructed by a wall or another token", with "at
    least 1 empty square between the attacker and the defender"."""
    a = parse(square)
    occ = set(parse(s) for s in ctx.st.occupied())
    out = []
    for s in sorted(_zombie_squares(ctx)):
        b = parse(s)
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 2 and ctx.town.sight(a, b, occ):
            out.append(s)
    return out


def _torch_targets(ctx: Ctx, square: str) -> list[str]:
    """"To throw a torch you need a line of sight to your target that may not be obstructed by a wall. Other
    counters do not obstruct": a Zombie or a heap of dung -- "If you throw a torch at a Zombie ... If you throw
    your torch on a heap of dragon dung"; the Necromancer is no Zombie (only an explosion reaches him,
    docs/rulings.md)."""
    a = parse(square)
    targets = {z["sq"] for z in ctx.st.zombies.values() if z["kind"] != "necromancer"} | set(ctx.st.dung)
    return [s for s in sorted(targets) if s != square and ctx.town.sight(a, parse(s))]


def _steps(ctx: Ctx, square: str, only_entered: bool = False) -> list[str]:
    zs = _zombie_squares(ctx)
    out = []
    for p in ctx.town.around(parse(square)):
        s = sq(*p)
        if s in zs:
            continue
        if only_entered and not ctx.st.tiles[flow.card_at(s)]["entered"]:
            continue
        out.append(s)
    return out


def _has(ctx: Ctx, kind: str) -> bool:
    return any(f.get(kind) for f in ctx.st.slayer["faces"])


def legal_actions(ctx: Ctx) -> list[Action]:
    st = ctx.st
    if st.result is not None or st.phase != "slayer" or st.pending or st.chance or st.queue:
        return []
    s = st.slayer
    out: list[Action] = []
    here = s["sq"]
    melee = melee_targets(ctx, here)
    ranged = ranged_targets(ctx, here) if _has(ctx, "ranged") else []
    if s["actions"] > 0:
        out += [Action("move", SLAYER, (t,)) for t in _steps(ctx, here)]
        out += [Action("attack", SLAYER, (t, "melee")) for t in melee]
        out += [Action("attack", SLAYER, (t, "ranged")) for t in ranged]
        for k in s["skills"]:
            if k in ("assault", "knock_back"):
                out += [Action("skill", SLAYER, (t, k)) for t in melee]
            elif k == "barrage":
                out += [Action("skill", SLAYER, (t, k)) for t in ranged]
            elif k == "aimed_shot" and s["actions"] == s["base_actions"] and not s["moved"]:
                out += [Action("skill", SLAYER, (t, k)) for t in ranged]
            elif k == "dash":
                out += [Action("skill", SLAYER, (t, k)) for t in _steps(ctx, here)]
            elif k == "endure_pain":
                out.append(Action("skill", SLAYER, (here, k)))
        out += [Action("quaff", SLAYER, (p,)) for p in POTIONS if p in s["items"]]
        card = flow.card_at(here)
        if not s["searched"] and st.tiles[card]["card"] not in ("centre", "temple") and not any(flow.card_at(z["sq"]) == card for z in st.zombies.values()):
            out.append(Action("search", SLAYER, (card,)))
    elif s["barrage"] > 0 and "barrage" in s["skills"]:
        out += [Action("skill", SLAYER, (t, "barrage")) for t in ranged]
    if s["dash_moves"] > 0:
        out += [Action("dash_move", SLAYER, (t,)) for t in _steps(ctx, here)]
    if s["free"] > 0:
        if "dragon_dung" in s["items"]:
            out += [Action("drop_dung", SLAYER, (sq(*p),)) for p in ctx.town.around(parse(here))]
        if "torch" in s["items"]:
            out += [Action("throw_torch", SLAYER, (t,)) for t in _torch_targets(ctx, here)]
    for kind, cost in ctx.box.town.costs.items():
        if s["cp"] >= cost:
            out += [Action("paint", SLAYER, (kind, f)) for f in range(1, 7) if face_room(s["faces"], f) > 0]
    for uid, f in sorted(st.followers.items()):
        if f["actions"] <= 0:
            continue
        b = ctx.box.followers[f["kind"]]
        out += [Action("move", uid, (t,)) for t in _steps(ctx, f["sq"], only_entered=True)]
        if any(b.dieagram.values("melee")):
            out += [Action("attack", uid, (t, "melee")) for t in melee_targets(ctx, f["sq"])]
        if any(b.dieagram.values("ranged")):
            out += [Action("attack", uid, (t, "ranged")) for t in ranged_targets(ctx, f["sq"])]
        if f["kind"] == "prycille" and s["life"] < ctx.box.max_life and (
                f["sq"] == here or parse(here) in ctx.town.around(parse(f["sq"]))):
            out.append(Action("heal", uid, (here,)))
    if st.townsmen:  # "each follower may travel on the same square that you are on (unless you move him
        out.append(Action("send_away", SLAYER, ()))  # somewhere else)": a townsman may be left behind
    out.append(Action("end", SLAYER, ()))
    return out


def only_end_left(ctx: Ctx, actions: list[Action]) -> bool:
    """The turn is over by itself when nothing but ending it (or the free painting of pips and sending a
    townsman away) is left."""
    return ctx.st.slayer["actions"] == 0 and all(a.kind in ("end", "paint", "send_away") for a in actions)


def perform(ctx: Ctx, a: Action) -> None:
    st = ctx.st
    s = st.slayer
    if a.player != SLAYER:
        _follower(ctx, a)
        return
    k = a.kind
    if k == "end":
        ctx.emit("end", ACTIONS, "the Slayer ends the turn")
        ctx.push(["zombies_turn"])
    elif k in ("move", "dash_move"):
        if k == "move":
            s["actions"] -= 1
        else:
            s["dash_moves"] -= 1
        _move(ctx, a.params[0])
    elif k == "attack":
        s["actions"] -= 1
        ctx.push(["fight", SLAYER, "z" + _zombie_squares(ctx)[a.params[0]], a.params[1], None])
    elif k == "skill":
        _skill(ctx, a.params[0], a.params[1])
    elif k == "quaff":
        s["actions"] -= 1
        _quaff(ctx, a.params[0])
    elif k == "search":
        s["actions"] -= 1
        s["searched"] = True
        ctx.push(["search"])
    elif k == "drop_dung":
        s["free"] -= 1
        s["items"].remove("dragon_dung")
        st.dung.append(a.params[0])
        ctx.emit("dung", ITEMS, f"a heap of Dragon Dung is dropped on {a.params[0]}")
    elif k == "throw_torch":
        s["free"] -= 1
        s["items"].remove("torch")
        _torch(ctx, a.params[0])
    elif k == "send_away":
        _send_away(ctx)
    elif k == "paint":
        kind, face = a.params
        s["cp"] -= ctx.box.town.costs[kind]
        paint(ctx, kind, face, "ch. Experience")
    else:  # legal_actions() never offers anything else
        raise IllegalAction(f"unknown action {k!r}")


def _send_away(ctx: Ctx) -> None:
    """Part with a fanatic townsman, free: "each follower may travel on the same square that you are on
    (unless you move him somewhere else)" and "If you move a follower off a tile, he is lost forever". He
    leaves the game (alone he has no Dieagram to fight with); this turn's actions were set when it began,
    so the next turn has the Slayer's full actions if no other townsman is left (docs/rulings.md)."""
    st = ctx.st
    st.townsmen -= 1
    ctx.emit("send_away", FOLLOWERS, f"a fanatic townsman is sent away ({st.townsmen} left with you)")


def _move(ctx: Ctx, to: str) -> None:
    """Move 1 square; followers on the Slayer's square travel with him ("each follower may travel on the
    same square that you are on (unless you move him somewhere else)"). Entering a new tile explores it."""
    s = ctx.st.slayer
    old = s["sq"]
    s["sq"] = to
    s["moved"] = True
    s["free"] += 1
    for f in ctx.st.followers.values():
        if f["sq"] == old:
            f["sq"] = to
    ctx.emit("move", ACTIONS, f"the Slayer moves {old} -> {to}", to=to)
    flow.enter(ctx, to, old)


def _skill(ctx: Ctx, target: str, skill: str) -> None:
    s = ctx.st.slayer
    name = SKILL_NAMES[skill]
    if skill == "aimed_shot":  # "Uses up both of your actions this turn. Do not move."
        s["actions"] = 0
    elif skill == "barrage" and s["actions"] == 0:
        s["barrage"] -= 1
    else:
        s["actions"] -= 1
    ctx.emit("skill", SKILLS_CH, f"the Slayer uses {name}")
    if skill in ("assault", "knock_back"):
        ctx.push(["fight", SLAYER, "z" + _zombie_squares(ctx)[target], "melee", skill])
    elif skill in ("barrage", "aimed_shot"):
        ctx.push(["fight", SLAYER, "z" + _zombie_squares(ctx)[target], "ranged", skill])
    elif skill == "dash":  # "Reduces your defense to 0 ... Move 1 square. Roll your Hand."
        s["dash"] = True
        _move(ctx, target)
        ctx.push(["skill_roll", "dash"])
    elif skill == "endure_pain":
        ctx.push(["skill_roll", "endure_pain"])


@task("skill_roll")
def _skill_roll(ctx: Ctx, skill: str) -> None:
    from nollab.packs.zombie_slayer.engine.fight import hand_size
    ctx.hand(hand_size(ctx, SLAYER), SKILLS_CH, "skill_rolled", f"{SKILL_NAMES[skill]}: roll your Hand", skill=skill)


@on_chance("skill_rolled")
def _skill_rolled(ctx: Ctx, data: dict, dice: list) -> None:
    """Dash: "For each [skill pip] rolled, you may move 1 additional square"; Endure Pain: "For each [skill
    pip] rolled, until the beginning of your next turn you may add 1 to your defense" (the picked die's
    pips, docs/rulings.md)."""
    n = max(skill_pips(ctx, SLAYER, f) for f in dice)
    s = ctx.st.slayer
    if data["skill"] == "dash":
        s["dash_moves"] += n
        ctx.emit("skill", SKILLS_CH, f"Dash rolls {' '.join(map(str, dice))}: {n} more square(s)")
    else:
        s["endure"] += n
        ctx.emit("skill", SKILLS_CH, f"Endure Pain rolls {' '.join(map(str, dice))}: +{n} Defense until your next turn")


def _quaff(ctx: Ctx, potion: str) -> None:
    s = ctx.st.slayer
    s["items"].remove(potion)
    if potion == "life_potion":  # "instantly restores 1 Life. You may never have more than 5 Life."
        s["life"] = min(ctx.box.max_life, s["life"] + 1)
        ctx.emit("quaff", ITEMS, f"Life potion: {s['life']} Life")
    elif potion == "accuracy_potion":  # "your next attack either gives you +1 Melee or +1 Ranged"
        s["acc_potion"] += 1
        ctx.emit("quaff", ITEMS, "Accuracy potion: +1 to the next attack")
    else:  # "you get +2 Defense for your next defense"
        s["def_potion"] += 2
        ctx.emit("quaff", ITEMS, "Defense potion: +2 Defense on the next defense")


def _torch(ctx: Ctx, target: str) -> None:
    """"If you throw a torch at a Zombie, it automatically deals 1 damage that can not be defended. If you
    throw your torch on a heap of dragon dung, the dung explodes: Remove the dung from the tile. Then every
    being on the square with the dung and on each of the 8 squares around the dung not separated by a wall
    is dealt 1 damage that can not be defended.\""""
    st = ctx.st
    if target in st.dung:
        st.dung.remove(target)
        p = parse(target)
        area = {target} | {sq(*q) for q in ctx.town.around(p)}
        ctx.emit("explosion", ITEMS, f"the torch hits the Dragon Dung on {target}: it explodes")
        victims = []
        for u, z in list(st.zombies.items()):
            if z["sq"] in area:
                victims.append(f"z{u}")
        for u, f in list(st.followers.items()):
            if f["sq"] in area:
                victims.append(f"f{u}")
        if st.slayer["sq"] in area:
            victims.append(SLAYER)
        for v in victims:
            if st.result is None:
                wound(ctx, v, 1, ITEMS)
        return
    uid = _zombie_squares(ctx)[target]
    ctx.emit("torch", ITEMS, f"the torch hits the Zombie on {target}")
    wound(ctx, f"z{uid}", 1, ITEMS)


def _follower(ctx: Ctx, a: Action) -> None:
    st = ctx.st
    f = st.followers[a.player]
    f["actions"] -= 1
    name = ctx.box.followers[f["kind"]].name
    if a.kind == "move":
        ctx.emit("move", FOLLOWERS, f"{name} moves {f['sq']} -> {a.params[0]}")
        f["sq"] = a.params[0]
    elif a.kind == "attack":
        ctx.push(["fight", f"f{a.player}", "z" + _zombie_squares(ctx)[a.params[0]], a.params[1], None])
    elif a.kind == "heal":
        ctx.hand(1, FOLLOWERS, "healed", f"{name} heals: roll her Hand", uid=a.player)
    else:
        raise IllegalAction(f"unknown follower action {a.kind!r}")


@on_chance("healed")
def _healed(ctx: Ctx, data: dict, dice: list) -> None:
    """Heal: "Roll Prycille's Hand. For each [skill pip] rolled, bring back 1 life of the Slayer. You may
    never have more than 5 Life"."""
    n = max(being(ctx, f"f{data['uid']}").dieagram.read(f, "skill") for f in dice) if data["uid"] in ctx.st.followers else 0
    s = ctx.st.slayer
    s["life"] = min(ctx.box.max_life, s["life"] + n)
    ctx.emit("heal", FOLLOWERS, f"Heal rolls {dice[0]}: +{n} Life ({s['life']})")

