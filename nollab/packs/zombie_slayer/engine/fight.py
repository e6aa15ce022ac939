"""One attack, as chance and decisions: roll the attacker's Hand, the defender's Hand, spend Luck, resolve.

Chapter "Fighting Zombies": "Roll the attacker's as well as the defender's Hand ... pick any ONE die as
the desired result and compare it to the Dieagram on the token. Subtract the number of the defender's
Defense pips from the attacker's Melee or Ranged Combat pips. Divide the result by the defender's
toughness and round down." The per-face readings (skill bonus, Holy pips, Already Dead) come from the
odds module :func:`nollab.packs.zombie_slayer.combat.clash` -- one implementation of the rule for the
lab's odds and for the game.

Who is who: ``"slayer"``, ``"z<uid>"`` (a Zombie or the Necromancer), ``"f<uid>"`` (a follower).
"""
from __future__ import annotations

from dataclasses import replace

from nollab.packs.zombie_slayer import combat
from nollab.packs.zombie_slayer.content import Being
from nollab.packs.zombie_slayer.dieagram import Dieagram
from nollab.packs.zombie_slayer.engine.core import SLAYER, Ctx, on_chance, resolver, task
from nollab.packs.zombie_slayer.engine.town import parse

__all__ = ["being", "slayer_being", "hand_size", "clash_of", "picked_face", "skill_pips", "luck_options",
           "damage_of", "townsman_bonus", "FIGHT", "LUCK", "SKILLS_CH"]

FIGHT = "ch. Fighting Zombies"
LUCK = "ch. Luck"
SKILLS_CH = "ch. Skills"
HOLY = "ch. Fighting Zombies (Holy Pip)"


def slayer_being(ctx: Ctx) -> Being:
    s = ctx.st.slayer
    return Being(SLAYER, s["name"], Dieagram.from_faces(s["faces"]), max(1, s["life"]), s["base_actions"],
                 s["toughness"], "")


def being(ctx: Ctx, ref: str) -> Being:
    """The Being (Dieagram, Life, toughness) fighting as ``ref``."""
    st = ctx.st
    if ref == SLAYER:
        return slayer_being(ctx)
    if ref.startswith("z"):
        z = st.zombies[ref[1:]]
        b = ctx.box.necromancer if z["kind"] == "necromancer" else ctx.box.zombies[z["kind"]]
        return replace(b, life=max(1, z["life"]))
    f = st.followers[ref[1:]]
    return replace(ctx.box.followers[f["kind"]], life=max(1, f["life"]))


def hand_size(ctx: Ctx, ref: str) -> int:
    """One die per Life; "[the townsman] adds his 1 Life to your Life total and thus 1 die to your Hand"."""
    if ref == SLAYER:
        return max(1, ctx.st.slayer["life"]) + ctx.st.townsmen
    return being(ctx, ref).life


def square_of(ctx: Ctx, ref: str) -> str:
    st = ctx.st
    if ref == SLAYER:
        return st.slayer["sq"]
    return (st.zombies if ref.startswith("z") else st.followers)[ref[1:]]["sq"]


def _holy(ctx: Ctx, other: str, kind: str) -> tuple[int, ...] | None:
    """Holy pips against the Zombie ``other``: the Slayer's ("each time an opponent rolls that face, the
    result on that face is reduced by 1"; also "when you attack a Zombie in ranged combat"), plus Prycille's
    in melee when ``other`` stands on a square around her ("Prycille's 'Holy' attribute only affects Zombies
    in the square surrounding her. She does not contribute to range combat")."""
    holy = list(Dieagram.from_faces(ctx.st.slayer["faces"]).values("holy"))
    if kind == "melee":
        zp = parse(square_of(ctx, other))
        for f in ctx.st.followers.values():
            if f["kind"] == "prycille" and (parse(f["sq"]) == zp or zp in ctx.town.around(parse(f["sq"]))):
                holy = [h + p for h, p in zip(holy, ctx.box.followers["prycille"].dieagram.values("holy"))]
    return tuple(holy) if any(holy) else None


def clash_of(ctx: Ctx, fight: dict) -> combat.Clash:
    """The per-face readings of the current attack, with the Slayer's temporary Defense effects."""
    att, dfn, kind = fight["att"], fight["def"], fight["kind"]
    a, d = being(ctx, att), being(ctx, dfn)
    skill = fight["skill"] if fight["skill"] in combat.SKILLS else None
    holy_att = _holy(ctx, att, kind) if att.startswith("z") else None
    holy_def = _holy(ctx, dfn, kind) if dfn.startswith("z") else None
    cl = combat.clash(a, d, kind=kind, attacker_dice=hand_size(ctx, att), defender_dice=hand_size(ctx, dfn),
                      skill=skill, holy_vs_attacker=holy_att, holy_vs_defender=holy_def,
                      already_dead=dfn.startswith("z"), content=ctx.box)
    if dfn == SLAYER:
        s = ctx.st.slayer
        if s["dash"]:  # "Reduces your defense to 0 until the beginning of your next turn"
            cl = replace(cl, defense=(0,) * 6)
        else:
            mod = s["def_mod"] + s["endure"]
            cl = replace(cl, defense=tuple(max(0, v + mod) for v in cl.defense))
    return cl


def skill_pips(ctx: Ctx, ref: str, face: int) -> int:
    return being(ctx, ref).dieagram.read(face, "skill")


def townsman_bonus(ctx: Ctx, ref: str, dice: list[int]) -> int:
    """"for each fanatic townsman accompanying you you get +1 for each 1 rolled and +2 for each 6 rolled"."""
    if ref != SLAYER or not ctx.st.townsmen:
        return 0
    return ctx.st.townsmen * (dice.count(1) + 2 * dice.count(6))


def picked_face(ctx: Ctx, fight: dict, cl: combat.Clash) -> int:
    """The attacker's picked die: the strongest; among equals, one with a skill pip when the skill helps
    (Knock Back) and one without when it costs (Assault's lowered Defense) -- "Had you chosen to use the
    skill, you would now want to go for the 6-face, triggering the skill"."""
    prefer = {"knock_back": 1, "assault": -1, "barrage": 1}.get(fight["skill"] or "", 0)
    return max(fight["a"], key=lambda f: (cl.attack[f - 1], prefer * skill_pips(ctx, fight["att"], f), f))


def damage_of(ctx: Ctx, fight: dict, cl: combat.Clash | None = None) -> int:
    """Damage this attack deals with the dice as they lie now."""
    cl = cl or clash_of(ctx, fight)
    att_bonus = townsman_bonus(ctx, fight["att"], fight["a"]) + fight.get("bonus", 0)
    def_bonus = townsman_bonus(ctx, fight["def"], fight["d"]) + fight.get("def_bonus", 0)
    return cl.damage(fight["a"], fight["d"], att_bonus, def_bonus)


# ---- the steps of an attack ---------------------------------------------------------------------------------
@task("fight")
def _fight(ctx: Ctx, att: str, dfn: str, kind: str, skill: str | None, bonus: int = 0) -> None:
    st = ctx.st
    if st.result is not None or not _alive(ctx, att) or not _alive(ctx, dfn):
        return
    st.fight = {"att": att, "def": dfn, "kind": kind, "skill": skill, "a": [], "d": [], "bonus": bonus,
                "def_bonus": 0}
    if att == SLAYER and st.slayer["acc_potion"]:
        st.fight["bonus"] += st.slayer["acc_potion"]  # "your next attack either gives you +1 Melee or +1 Ranged"
        st.slayer["acc_potion"] = 0
    if dfn == SLAYER and st.slayer["def_potion"]:
        st.fight["def_bonus"] += st.slayer["def_potion"]  # "you get +2 Defense for your next defense"
        st.slayer["def_potion"] = 0
    if dfn == SLAYER and kind == "melee" and att.startswith("z"):
        opts = ["defend"]
        if "block" in st.slayer["skills"] and not st.slayer["attacked"]:
            opts.append("block")
        if "riposte" in st.slayer["skills"]:
            opts.append("riposte")
        if len(opts) > 1:
            labels = {"defend": "defend as usual", "block": "Block: +2 Defense per skill pip",
                      "riposte": "Riposte: counter-attack 1 per skill pip"}
            ctx.ask("defend", SLAYER, f"{_name(ctx, att)} attacks: how does the Slayer defend?", opts,
                    [labels[o] for o in opts], SKILLS_CH)
            return
    _roll_attacker(ctx)


@resolver("defend")
def _defend(ctx: Ctx, choice, how: str) -> None:
    ctx.st.fight["reaction"] = how
    _roll_attacker(ctx)


def _roll_attacker(ctx: Ctx) -> None:
    f = ctx.st.fight
    ctx.hand(hand_size(ctx, f["att"]), FIGHT, "fight_att", f"{_name(ctx, f['att'])} rolls to attack")


@on_chance("fight_att")
def _fight_att(ctx: Ctx, data: dict, dice: list) -> None:
    f = ctx.st.fight
    f["a"] = list(dice)
    ctx.hand(hand_size(ctx, f["def"]), FIGHT, "fight_def", f"{_name(ctx, f['def'])} rolls to defend")


@on_chance("fight_def")
def _fight_def(ctx: Ctx, data: dict, dice: list) -> None:
    ctx.st.fight["d"] = list(dice)
    ctx.push(["fight_luck"])


def luck_options(ctx: Ctx) -> list[str]:
    """What one point of Luck can do now: "reroll any one die that has just been rolled or ... raise or
    lower the face of a die by 1" (either Hand; equal dice are one option)."""
    f = ctx.st.fight
    out = ["keep"]
    for side in ("a", "d"):
        seen = set()
        for i, face in enumerate(f[side]):
            if face in seen:
                continue
            seen.add(face)
            if face < 6:
                out.append(f"{side}{i}+")
            if face > 1:
                out.append(f"{side}{i}-")
            out.append(f"{side}{i}r")
    return out


def _luck_label(ctx: Ctx, opt: str) -> str:
    if opt == "keep":
        return "keep the dice"
    f = ctx.st.fight
    side, i, op = opt[0], int(opt[1:-1]), opt[-1]
    who = _name(ctx, f["att"] if side == "a" else f["def"])
    face = f[side][i]
    return {"+": f"Luck: {who}'s {face} -> {face + 1}", "-": f"Luck: {who}'s {face} -> {face - 1}",
            "r": f"Luck: reroll {who}'s {face}"}[op]


def _good_enough(ctx: Ctx, dmg: int) -> bool:
    f = ctx.st.fight
    if f["att"] == SLAYER:
        return dmg >= ctx.st.zombies[f["def"][1:]]["life"] if f["def"].startswith("z") else True
    if f["def"] == SLAYER:
        return dmg == 0
    return True


@task("fight_luck")
def _fight_luck(ctx: Ctx) -> None:
    """Luck is offered when the Slayer is in the attack, has Luck left, and the dice are not already the
    best he can hope for (docs/rulings.md)."""
    st, f = ctx.st, ctx.st.fight
    if SLAYER in (f["att"], f["def"]) and st.slayer["luck"] > 0 and not _good_enough(ctx, damage_of(ctx, f)):
        opts = luck_options(ctx)
        ctx.ask("luck", SLAYER, f"spend Luck ({st.slayer['luck']} left)? damage now {damage_of(ctx, f)}", opts,
                [_luck_label(ctx, o) for o in opts], LUCK)
        return
    ctx.push(["fight_resolve"])


@resolver("luck")
def _luck(ctx: Ctx, choice, opt: str) -> None:
    st, f = ctx.st, ctx.st.fight
    if opt == "keep":
        ctx.push(["fight_resolve"])
        return
    st.slayer["luck"] -= 1
    side, i, op = opt[0], int(opt[1:-1]), opt[-1]
    if op == "r":
        ctx.d6(LUCK, "luck_reroll", "reroll one die with Luck", side=side, i=i)
        return
    f[side][i] += 1 if op == "+" else -1
    f[side].sort()
    ctx.emit("luck", LUCK, f"Luck ({st.slayer['luck']} left): a die is turned to {f[side][i]}")
    ctx.push(["fight_luck"])


@on_chance("luck_reroll")
def _luck_reroll(ctx: Ctx, data: dict, face: int) -> None:
    f = ctx.st.fight
    f[data["side"]][data["i"]] = face
    f[data["side"]].sort()
    ctx.push(["fight_luck"])


@task("fight_resolve")
def _fight_resolve(ctx: Ctx) -> None:
    st, f = ctx.st, ctx.st.fight
    cl = clash_of(ctx, f)
    reaction = f.get("reaction", "defend")
    d_face = min(f["d"], key=lambda x: (0 if cl.negate[x - 1] else 1, -cl.defense[x - 1], -x))
    if reaction == "block":  # "For each [skill pip] rolled, you may add 2 to your defense"
        d_face = max(f["d"], key=lambda x: (cl.defense[x - 1] + 2 * skill_pips(ctx, SLAYER, x), x))
        f["def_bonus"] += 2 * skill_pips(ctx, SLAYER, d_face)
        f["d"] = [d_face]
    dmg = damage_of(ctx, f, cl)
    a_face = picked_face(ctx, f, cl)
    att, dfn = f["att"], f["def"]
    negated = dfn.startswith("z") and any(cl.negate[x - 1] for x in f["d"]) and dmg == 0
    ctx.emit("attack", FIGHT, f"{_name(ctx, att)} {f['kind']} " + (f"({f['skill']}) " if f["skill"] else "")
             + f"{' '.join(map(str, f['a']))} vs {_name(ctx, dfn)} {' '.join(map(str, f['d']))}: "
             + ("Already Dead! " if negated else "") + f"{dmg} damage", damage=dmg)
    pips = skill_pips(ctx, att, a_face) if att == SLAYER else 0
    if att == SLAYER:
        st.slayer["attacked"] = True
        if f["skill"] == "assault" and pips:  # "until the beginning of your next turn, your defense is lowered by 1"
            st.slayer["def_mod"] -= pips
        if f["skill"] == "barrage" and pips:  # "you receive 1 more action you may once again use for ... Barrage"
            st.slayer["barrage"] += pips
    st.fight = None
    killed = wound(ctx, dfn, dmg, FIGHT)
    if f["skill"] == "knock_back" and pips and not killed:
        ctx.push(["knock_back", dfn, pips])
    if reaction == "riposte" and _alive(ctx, att) and _alive(ctx, SLAYER):
        n = skill_pips(ctx, SLAYER, d_face)  # "For each [skill pip] rolled, after damage resolution you attack"
        ctx.push(*[["riposte", att] for _ in range(n)])


@task("riposte")
def _riposte(ctx: Ctx, att: str) -> None:
    """Riposte: "you attack the opponent with 1 Melee. The opponent may defend against this attack as usual"."""
    if not _alive(ctx, att):
        return
    ctx.st.fight = {"att": SLAYER, "def": att, "kind": "melee", "skill": "riposte", "a": [], "d": [], "bonus": 0,
                    "def_bonus": 0}
    ctx.hand(hand_size(ctx, att), SKILLS_CH, "riposte_def", f"{_name(ctx, att)} defends against the Riposte")


@on_chance("riposte_def")
def _riposte_def(ctx: Ctx, data: dict, dice: list) -> None:
    st, f = ctx.st, ctx.st.fight
    cl = clash_of(ctx, {**f, "skill": None})
    face = min(dice, key=lambda x: (0 if cl.negate[x - 1] else 1, -cl.defense[x - 1]))
    dmg = 0 if cl.negate[face - 1] else max(0, 1 - cl.defense[face - 1]) // cl.toughness
    ctx.emit("attack", SKILLS_CH, f"Riposte (1 Melee) vs {_name(ctx, f['def'])} {' '.join(map(str, dice))}: {dmg} damage")
    st.fight = None
    wound(ctx, f["def"], dmg, SKILLS_CH)


@task("knock_back")
def _knock_back(ctx: Ctx, ref: str, n: int) -> None:
    """Knock Back: "move your opponent 1 square away from you ... not through a wall ... You may move your
    opponent off a tile. If there are no more squares to move into, the opponent counts as defeated"."""
    if not _alive(ctx, ref):
        return
    z = ctx.st.zombies[ref[1:]]
    sx, sy = parse(ctx.st.slayer["sq"])
    for _ in range(n):
        zx, zy = parse(z["sq"])
        dx, dy = (zx > sx) - (zx < sx), (zy > sy) - (zy < sy)
        nxt = (zx + dx, zy + dy)
        if nxt not in ctx.town.squares and nxt not in ctx.town.houses:
            ctx.emit("knock_back", SKILLS_CH, f"{_name(ctx, ref)} is knocked off the town and defeated")
            wound(ctx, ref, z["life"], SKILLS_CH)
            return
        if not ctx.town.step_open((zx, zy), nxt) or f"{nxt[0]},{nxt[1]}" in ctx.st.occupied():
            ctx.emit("knock_back", SKILLS_CH, f"{_name(ctx, ref)} cannot be knocked further (a wall or a token)")
            return
        z["sq"] = f"{nxt[0]},{nxt[1]}"
        ctx.emit("knock_back", SKILLS_CH, f"{_name(ctx, ref)} is knocked back to {z['sq']}")


def _alive(ctx: Ctx, ref: str) -> bool:
    if ref == SLAYER:
        return ctx.st.slayer["life"] > 0
    return ref[1:] in (ctx.st.zombies if ref.startswith("z") else ctx.st.followers)


def _name(ctx: Ctx, ref: str) -> str:
    if ref == SLAYER:
        return ctx.st.slayer["name"]
    if ref.startswith("z"):
        k = ctx.st.zombies[ref[1:]]["kind"]
        return "the Necromancer" if k == "necromancer" else f"the {k} Zombie"
    return ctx.box.followers[ctx.st.followers[ref[1:]]["kind"]].name


def wound(ctx: Ctx, ref: str, dmg: int, page: str) -> bool:
    """Take ``dmg`` Life from ``ref``; True if it dies. "As soon as the Life of any being reaches 0, it is dead
    (or in the case of Zombies: destroyed). If you die, your mission has failed." A fanatic townsman "will
    jump in harm's way and sacrifice himself to reduce the damage you receive by 1". Each destroyed Zombie
    gives 1 Experience; "For each 10 points of Experience, you gain 1 Creation Point". Killing the
    Necromancer wins: "all the Zombies crumble to dust, the town is safed and you are victorious!"."""
    st = ctx.st
    if dmg <= 0:
        return False
    if ref == SLAYER:
        if st.townsmen:
            st.townsmen -= 1
            dmg -= 1
            ctx.emit("sacrifice", "ch. Followers", "a fanatic townsman jumps in harm's way (-1 damage)")
        if dmg <= 0:
            return False
        st.slayer["life"] -= dmg
        ctx.emit("wound", FIGHT, f"the Slayer loses {dmg} Life ({max(0, st.slayer['life'])} left)", damage=dmg)
        if st.slayer["life"] <= 0:
            st.slayer["life"] = 0
            st.result, st.reason = "lost", "the Slayer died: your mission has failed"
            ctx.emit("lost", FIGHT, st.reason)
            return True
        return False
    if ref.startswith("f"):
        f = st.followers[ref[1:]]
        f["life"] -= dmg
        if f["life"] <= 0:
            del st.followers[ref[1:]]
            ctx.emit("follower_dies", FIGHT, f"{ctx.box.followers[f['kind']].name} dies")
            return True
        return False
    z = st.zombies[ref[1:]]
    z["life"] -= dmg
    if z["life"] > 0:
        ctx.emit("wound", FIGHT, f"{_name(ctx, ref)} loses {dmg} Life ({z['life']} left)")
        return False
    del st.zombies[ref[1:]]
    st.kills[z["kind"]] = st.kills.get(z["kind"], 0) + 1
    if z["kind"] == "necromancer":
        st.result, st.reason = "won", "the Necromancer is killed: the Zombies crumble to dust, the town is saved"
        ctx.emit("won", "ch. Boss Fight / Victory", st.reason)
        return True
    s = st.slayer
    s["xp"] += 1
    ctx.emit("destroyed", page, f"the {z['kind']} Zombie is destroyed (+1 Experience, {s['xp']})", kind=z["kind"])
    if s["xp"] % ctx.box.town.xp_per_cp == 0:
        s["cp"] += 1
        ctx.emit("cp", "ch. Experience", f"{s['xp']} Experience: +1 Creation Point ({s['cp']} to spend)")
    return True
