"""``nollab odds --game zpocalypse``: one answer per ``--query`` as (JSON dict, text)."""
from __future__ import annotations

import argparse

from nollab.cli import UsageError
from nollab.packs.cli import dist_json, frac, int_opt, table, to_int
from nollab.packs.zpocalypse import dice as _dice
from nollab.packs.zpocalypse import zombies as _zombies
from nollab.packs.zpocalypse.content import ZpocalypseContent, load

__all__ = ["answer"]


def _threshold(args, c: ZpocalypseContent) -> int:
    if args.success is None:
        return c.success
    text = str(args.success).strip().rstrip("+")
    if text.upper() in (c.red_faces[c.z_face - 1].upper(), "Z"):
        return c.z_face
    return to_int(text, "--success", 1, c.sides)


def _red(args, c: ZpocalypseContent, default: int) -> int:
    if args.red is not None:
        return to_int(args.red, "--red", 1, c.max_dice)
    if getattr(args, "dice", None) is not None:
        return to_int(args.dice, "--dice", 1, c.max_dice)
    return default


def _attack_answer(args, c):
    if args.unarmed:
        if args.red is not None or args.success is not None:
            raise UsageError("--unarmed: an unarmed survivor rolls 1 red die, success on Z")
        dice, t = 1, c.unarmed_success
    else:
        dice, t = _red(args, c, 3), _threshold(args, c)
    singles = int_opt(args, "singles", None, 0, 50)
    doubles = int_opt(args, "doubles", 0, 0, 50)
    if args.doubles is not None and singles is None:
        singles = 0
    try:
        d = _dice.attack(dice, t, singles=singles, doubles=doubles, knockdown=args.knockdown, content=c)
    except ValueError as exc:
        raise UsageError(f"--knockdown: {exc}" if "Knockdown" in str(exc) else f"--red: {exc}") from None
    kills = d.map(lambda o: o[0])
    data = {"kills": kills.to_json(), "expected_kills": frac(kills.mean())}
    if singles is not None:
        data["p_clear"] = frac(kills.p(lambda k: k >= singles + 2 * doubles))
    if args.knockdown:
        data["knockdowns"] = dist_json(d, lambda o: str(o[1]))
    lines = [f"Zpocalypse attack: {dice} red dice, success on {c.label(t)} or better"
             + (f", Knockdown on {c.label(t - 1)}" if args.knockdown else "")
             + (f"; targets {singles} single + {doubles} double" if singles is not None else ""), ""]
    lines += table("kills (VPs)", kills)
    if "p_clear" in data:
        lines.append(f"P(all targets killed) = {data['p_clear']}")
    firearms = int_opt(args, "firearms", 0, 0, 8)
    if firearms:
        clicks = _dice.ammo(firearms, c)
        data["clicks"] = clicks.to_json()
        lines += [""] + table("weapons out of ammo", clicks)
    return data, "\n".join(lines)


def _defend_answer(args, c):
    singles = int_opt(args, "singles", 0, 0, 60)
    doubles = int_opt(args, "doubles", 0, 0, 30)
    if singles + doubles == 0:
        raise UsageError("--singles/--doubles: at least one zombie must attack")
    survivors = int_opt(args, "survivors", 2, 1, 4)
    armor = int_opt(args, "armor", 0, 0, 60)
    night = int_opt(args, "night", 1, 1, 4)
    d = _zombies.zombie_attack(singles, doubles, survivors, armor, night, c)
    dmg = d.map(lambda r: r.damage)
    data = {"damage": dmg.to_json(), "survivors_lost": dist_json(d, lambda r: str(r.lost)),
            "p_double_z": frac(d.p(lambda r: r.lost > 0)), "expected_damage": frac(dmg.mean())}
    lines = [f"Zpocalypse: {singles} single + {doubles} double zombies attack a squad of {survivors} "
             f"(Armor {armor}) on night {night}", ""]
    lines += table("damage (after Armor)", dmg) + [""]
    lines += table("survivors lost (double Zs)", d.map(lambda r: r.lost)) + [""]
    lines.append(f"expected damage = {data['expected_damage']} = {float(dmg.mean()):.3f}")
    lines.append(f"P(no damage) = {frac(dmg.prob(0))}")
    if args.hp is not None:
        hp = to_int(args.hp, "--hp", 0, 200)
        shp = to_int(args.survivor_hp if args.survivor_hp is not None else 4, "--survivor-hp", 0, 50)
        loss = _zombies.hp_loss(d, hp, shp, c)
        data["hp_lost"] = loss.to_json()
        data["p_wiped"] = frac(loss.p(lambda x: x >= hp))
        lines.append(f"P(squad HP {hp} wiped out) = {data['p_wiped']}")
    return data, "\n".join(lines)


def _smarts_answer(args, c):
    smarts = int_opt(args, "smarts", 1, 0, 20)
    d = _dice.smarts_check(smarts, c)
    data = {"successes": d.to_json(), "p_success": frac(_dice.p_scavenge(smarts, c)),
            "expected_cards": frac(d.mean())}
    lines = [f"Zpocalypse Smarts check: {max(1, smarts)} red dice, 5 or Z", "",
             f"P(at least one success) = {data['p_success']}", ""] + table("successes (Search cards)", d)
    return data, "\n".join(lines)


def _ammo_answer(args, c):
    f = int_opt(args, "firearms", 1, 0, 8)
    d = _dice.ammo(f, c)
    data = {"clicks": d.to_json(), "p_any_click": frac(d.p(lambda k: k > 0))}
    lines = [f"Zpocalypse Ammo Check: {f} blue dice", ""] + table("weapons out of ammo", d)
    return data, "\n".join(lines)


def _throw_answer(args, c):
    r = int_opt(args, "range_dice", 2, 1, c.max_dice)
    d = _dice.throw(r, c)
    reach = d.map(lambda o: -1 if o[1] else o[0])
    name = lambda v: "dropped" if v == -1 else str(v)  # noqa: E731
    data = {"reach": reach.to_json(name), "p_dropped": frac(d.p(lambda o: o[1]))}
    lines = [f"Zpocalypse throw: {r} range dice (sum), dropped on double 1s", ""]
    lines += table("squares (at most)", reach, key=name)
    return data, "\n".join(lines)


_ANSWERS = {"attack": _attack_answer, "defend": _defend_answer, "smarts": _smarts_answer,
            "ammo": _ammo_answer, "throw": _throw_answer}


def answer(query: str, args: argparse.Namespace) -> tuple[dict, str]:
    """(JSON-ready dict, readable text) for one Zpocalypse query."""
    c = load(getattr(args, "pack_content", None))
    return _ANSWERS[query](args, c)
