"""``nollab odds``: exact odds of one attack action (P. 26-29), or of another game's pack.

Examples::

    nollab odds --weapon Uzi --dual --target walker=3 --json
    nollab odds --dice 2 --accuracy 4 --damage 2 --ranged --target "fatty=1,relative=1,walker=2"
    nollab odds --weapon "Sawed-Off" --target walker=1 --friends 1 --plenty --reroll optimal --actions 3
    nollab odds --save game.json --survivor ben --zone 2R:c --weapon "Ithaca M37" --json   # a saved game

With ``--save`` (a game written by ``Game.to_json()``) everything about the attack is read off the game by
:mod:`nollab.prob.live`: the weapon in Hand (the first legal one at ``--zone`` when ``--weapon`` is left
out), Dual, Skills, the Plenty card, Range and Line of Sight, the Ghouls and friends in the Zone. The JSON
then also has ``live`` (what was read) and ``p_friend_eliminated``.

JSON keys: ``hits``, ``kills`` (``"fatty=1,walker=2"``, zeros left out, ``"none"``), ``friendly_wounds``,
``p_clear`` (within ``--actions``), ``expected_kills``; also ``xp``, ``expected_hits``, ``dice``. Every
probability is ``"p/q"`` in lowest terms; every distribution sums to exactly 1.
"""
from __future__ import annotations

import argparse
import json
import re

from nollab.cli import UsageError
from nollab.cli.parsing import frac, prob_table, to_int
from nollab.content import ContentError, load_content
from nollab.packs.cli import add_pack_arguments, run_pack

HELP = "exact odds of one attack action (hits, kills by type, Friendly Fire, P(clear))"
GAMES = ("notld", "dead-panic", "zombie-slayer", "zpocalypse")

def add_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("NOTLD attack")
    parser.add_argument("--game", default="notld", help=f"which game ({', '.join(GAMES)}); default notld")
    g.add_argument("--weapon", help="weapon card name or id (e.g. Uzi, 'Sawed-Off', 'Ithaca M37', car, Molotov)")
    g.add_argument("--dice", help="ad-hoc: Dice per weapon")
    g.add_argument("--accuracy", help="ad-hoc: Accuracy 2..6 (a hit on this or more; '4+' accepted)")
    g.add_argument("--damage", help="ad-hoc: Damage")
    g.add_argument("--range", dest="range_", metavar="MIN-MAX", help="ad-hoc: Range, e.g. 0-1 (informative)")
    kind = g.add_mutually_exclusive_group()
    kind.add_argument("--melee", action="store_true", help="a Melee Action (ad-hoc, or the Melee line of a card)")
    kind.add_argument("--ranged", action="store_true", help="a Ranged Action (default)")
    kind.add_argument("--car", action="store_true", help="a Car Attack (ad-hoc)")
    g.add_argument("--dual", action="store_true", help="fire two identical Dual weapons in one Action (P. 26); any weapon with the Ambidextrous Skill")
    g.add_argument("--reload", action="store_true", help="ad-hoc: the weapon has the Reload trait (P. 28)")
    g.add_argument("--skill", action="append", default=[], help="a Skill by its rulebook name (repeatable)")
    g.add_argument("--plenty", action="store_true", help="the matching Plenty of Bullets/Shells card is held")
    g.add_argument("--reroll", help="re-roll policy: never, always, optimal, if-fewer-than-K (default optimal with --plenty)")
    g.add_argument("--goal", default="clear", help="clear, expected or kill:TYPE (default clear)")
    g.add_argument("--target", default="", help='Ghouls in the target Zone, e.g. "walker=2,fatty=1"')
    g.add_argument("--friends", default="0", help="other Survivors in the target Zone")
    g.add_argument("--actions", default="1", help="Actions available: p_clear is within this many")
    live = parser.add_argument_group("live game (a saved game)")
    live.add_argument("--save", metavar="FILE.json", help="read the attack off a game saved with Game.to_json()")
    live.add_argument("--survivor", help="with --save: the attacker's id (default: the active Survivor)")
    live.add_argument("--zone", help="with --save: the target Zone id")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    add_pack_arguments(parser)  # the other games' options (nollab.packs.cli)


def _load_content():
    try:
        return load_content()
    except ContentError as exc:
        raise UsageError(f"--weapon: the game content does not load: {str(exc).splitlines()[0]}") from None


def _profile(args, content):
    """The weapon line (AttackProfile) and card for ``--weapon``."""
    name = args.weapon.strip()
    if name.lower() in ("car", "the car", "car reference"):
        return content.car.attack, None
    try:
        card = content.weapon(name)
    except KeyError as exc:
        if "ambiguous" in str(exc):
            raise UsageError(f"--weapon: {exc.args[0]}") from None
        known = ", ".join(sorted(c.name for c in content.equipment.values() if c.is_weapon or c.effect == "molotov"))
        raise UsageError(f"--weapon: unknown weapon {name!r} (known: {known}, car)") from None
    if card.effect == "molotov":
        from nollab.content_model import AttackProfile

        return AttackProfile("ranged", 1, 1, 0, 6, 1), card
    if args.melee:
        if card.melee is None:
            raise UsageError(f"--melee: the {card.name} has no Melee line")
        return card.melee, card
    if args.car:
        raise UsageError("--car: use --weapon car for a Car Attack")
    if args.ranged and card.ranged is None:
        raise UsageError(f"--ranged: the {card.name} has no Ranged line")
    if card.ranged is not None:
        return card.ranged, card
    if card.melee is not None:
        return card.melee, card
    raise UsageError(f"--weapon: the {card.name} is not a weapon")


def _skill_name(text: str) -> str:
    """A rulebook Skill name as given, or the name of a content Skill id (e.g. ``plus_1_die_ranged``)."""
    from nollab.prob.query import parse_skill

    try:
        return parse_skill(text).name
    except ValueError:
        pass
    try:
        return load_content().skill(text).name
    except KeyError:
        raise UsageError(f"--skill: unknown skill {text!r} (rulebook names, e.g. '+1 die: Ranged', 'Sniper')") from None


def build_spec(args):
    """argparse namespace -> (AttackSpec, actions); raises UsageError naming the bad argument."""
    from nollab.prob.query import attack_spec, parse_target
    from nollab.prob.targeting import NOTLD_GHOULS, parse_goal, stats_from_content

    stats = dict(NOTLD_GHOULS)
    profile = card = None
    if args.weapon:
        if any(v is not None for v in (args.dice, args.accuracy, args.damage)):
            raise UsageError("--weapon: give either --weapon or --dice/--accuracy/--damage, not both")
        content = _load_content()
        stats = stats_from_content(content)
        profile, card = _profile(args, content)
        dice = accuracy = damage = None
        action = None
    else:
        if args.dice is None or args.accuracy is None or args.damage is None:
            raise UsageError("--weapon or all of --dice, --accuracy and --damage are required")
        dice = to_int(args.dice, "--dice", 0, 200)
        acc = str(args.accuracy).strip().rstrip("+")
        if not re.fullmatch(r"-?[0-9]{1,3}", acc) or not 2 <= int(acc) <= 6:
            raise UsageError(f"--accuracy must be 2..6 (a hit on that roll or more), got {args.accuracy!r}")
        accuracy = int(acc)
        damage = to_int(args.damage, "--damage", 1, 10)
        if args.range_ is not None and not re.fullmatch(r"\s*[0-9]{1,3}\s*-\s*[0-9]{1,3}\s*|\s*[0-9]{1,3}\s*", args.range_):
            raise UsageError(f"--range must look like MIN-MAX (e.g. 0-1), got {args.range_!r}")
        action = "melee" if args.melee else "car" if args.car else "ranged"
    try:
        target = parse_target(args.target or "", list(stats))
    except ValueError as exc:
        raise UsageError(f"--target: {exc}") from None
    friends = to_int(args.friends, "--friends", 0, 50)
    actions = to_int(args.actions, "--actions", 1, 30)
    try:
        parse_goal(args.goal, stats)
    except ValueError as exc:
        raise UsageError(f"--goal: {exc}") from None
    reroll, k = args.reroll, None
    if reroll is not None:
        reroll = reroll.strip().lower()
        m = re.fullmatch(r"if-fewer-than-([0-9]{1,3})", reroll)
        if m:
            reroll, k = "if-fewer-than-k", int(m.group(1))
        elif reroll not in ("never", "always", "optimal"):
            raise UsageError(f"--reroll must be never, always, optimal or if-fewer-than-K, got {args.reroll!r}")
    wants = "--plenty" if args.plenty else "--reroll" if reroll not in (None, "never") else None
    if wants and card is not None and card.ammo is None:
        raise UsageError(f"{wants}: the {card.name} uses neither Bullets nor Shells (Plenty of ... re-rolls)")
    if wants and (action == "car" or (profile is not None and card is None)):
        raise UsageError(f"{wants}: a Car Attack cannot be re-rolled with Plenty of Bullets/Shells")
    skills = [_skill_name(s) for s in args.skill]
    try:
        spec = attack_spec(profile, card=card, action=action, dice=dice, accuracy=accuracy, damage=damage,
                           reload=bool(args.reload), dual=args.dual, skills=skills, plenty=args.plenty,
                           reroll=reroll, reroll_k=k, target=target, friends=friends, goal=args.goal,
                           stats=stats)
    except ValueError as exc:
        msg = str(exc)
        arg = "--skill" if "skill" in msg else "--dual" if "Dual" in msg else "--weapon"
        raise UsageError(f"{arg}: {msg}") from None
    return spec, actions


def result_json(res, p_clear, actions: int) -> dict:
    from nollab.prob.targeting import zone_key

    return {
        "hits": res.hits.to_json(str),
        "kills": {k: v for k, v in sorted(res.kills.map(lambda ks: zone_key(dict(ks))).to_json().items())},
        "friendly_wounds": res.friendly_wounds.to_json(str),
        "p_clear": frac(p_clear),
        "expected_kills": frac(res.expected_kills),
        "xp": res.xp.to_json(str),
        "expected_hits": frac(res.expected_hits),
        "dice": res.dice,
        "actions": actions,
        "friends_eliminated": res.friends_eliminated,
    }


def render_text(spec, res, p_clear, actions: int) -> str:
    from nollab.prob.targeting import zone_key

    lines = []
    kind = "Molotov" if spec.molotov else spec.action
    lines.append(f"{kind} attack: {res.dice} dice at {spec.accuracy}+ (+{spec.plus_roll} to roll), damage "
                 f"{spec.damage}{', dual' if spec.weapons == 2 else ''}{', sniper' if spec.sniper else ''}; "
                 f"re-roll {spec.reroll}; goal {spec.goal}")
    lines.append(f"target: {zone_key(spec.target)}   friends in zone: {spec.friends}")
    lines.append("")

    def table(title, dist, key=str):
        lines.extend(prob_table(title, ((key(o), dist.prob(o)) for o in dist.support_sorted()), 22, 16))
        lines.append("")

    table("hits", res.hits)
    kills = res.kills.map(lambda ks: zone_key(dict(ks)))
    table("kills", kills)
    if spec.friends:
        table("friendly fire wounds", res.friendly_wounds)
    within = f" within {actions} actions" if actions > 1 else ""
    lines.append(f"P(clear{within}) = {frac(p_clear)} = {float(p_clear):.4f}")
    lines.append(f"expected kills = {frac(res.expected_kills)} = {float(res.expected_kills):.4f}")
    if res.friends_eliminated:
        lines.append(f"friends eliminated by the Molotov: {res.friends_eliminated}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    game = (args.game or "notld").strip().lower()
    if game not in GAMES:
        raise UsageError(f"--game must be one of {', '.join(GAMES)}, got {args.game!r}")
    if game != "notld":
        return int(run_pack(args) or 0)
    from nollab.prob.query import attack_odds

    if args.save is not None or args.survivor is not None or args.zone is not None:
        return run_live(args)
    spec, actions = build_spec(args)
    res, p_clear = attack_odds(spec, actions)
    if args.json:
        print(json.dumps(result_json(res, p_clear, actions), indent=2))
    else:
        print(render_text(spec, res, p_clear, actions))
    return 0


# ---- a saved game (nollab.prob.live) ------------------------------------------------------------------
_AD_HOC = (("dice", "--dice"), ("accuracy", "--accuracy"), ("damage", "--damage"), ("range_", "--range"),
           ("target", "--target"), ("skill", "--skill"), ("plenty", "--plenty"), ("reload", "--reload"),
           ("car", "--car"))


def load_saved_game(path: str, option: str = "--save"):
    """A ``Game`` from a ``Game.to_json()`` file (bounded, UTF-8, checked by the save schema of
    :meth:`nollab.rules.game.Game.from_json`); UsageError naming ``option`` otherwise."""
    from nollab.cli.parsing import MAX_SAVE_BYTES, read_text
    from nollab.rules.game import Game

    text = read_text(path, option, MAX_SAVE_BYTES)
    try:
        return Game.from_json(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{option} {path}: not JSON ({exc.msg}, line {exc.lineno})") from None
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise UsageError(f"{option} {path}: not a valid saved nollab game ({msg})") from None


def run_live(args: argparse.Namespace) -> int:
    """``--save FILE --zone Z [--survivor ID] [--weapon NAME]``: odds of that attack right now."""
    from nollab.prob import live as L

    if args.save is None:
        raise UsageError("--survivor/--zone: read a saved game, so --save FILE.json is required")
    for attr, flag in _AD_HOC:
        if getattr(args, attr) not in (None, False, "", []):
            raise UsageError(f"{flag}: not with --save (the game gives the weapon, Skills and target)")
    if args.friends not in ("0", 0):
        raise UsageError("--friends: not with --save (the game gives the Survivors in the Zone)")
    if not args.zone:
        raise UsageError("--zone: the target Zone id is required with --save")
    actions = to_int(args.actions, "--actions", 1, 30)
    reroll, k = (args.reroll or "optimal").strip().lower(), None
    m = re.fullmatch(r"if-fewer-than-([0-9]{1,3})", reroll)
    if m:
        reroll, k = "if-fewer-than-k", int(m.group(1))
    elif reroll not in ("never", "always", "optimal"):
        raise UsageError(f"--reroll must be never, always, optimal or if-fewer-than-K, got {args.reroll!r}")
    game = load_saved_game(args.save)
    st = game.state
    sid = args.survivor or st.active
    if sid is None:
        raise UsageError("--survivor: no Survivor is taking their Turn in this game; name the attacker")
    if sid not in st.survivors:
        raise UsageError(f"--survivor: unknown survivor {sid!r} (in this game: {', '.join(st.survivors)})")
    if args.zone not in game.board.zones:
        raise UsageError(f"--zone: unknown zone {args.zone!r} in this game's board")
    weapon = args.weapon
    if weapon is not None and (args.melee or args.ranged) and weapon.strip().lower() != "car":
        weapon = f"{weapon}:{'melee' if args.melee else 'ranged'}"
    if weapon is None:
        options = [o for o in L.attack_options(game, sid) if o.zone == args.zone]
        if not options:
            raise UsageError(f"--zone: {sid} has no legal attack at {args.zone} right now "
                             "(weapon in Hand, Range and Line of Sight, Ghouls there; P. 20, P. 26-27)")
        weapon = options[0].weapon.replace("car:car", "car")
    try:
        res = L.attack_from_state(game, sid, weapon, args.zone, dual=True if args.dual else None, reroll=reroll,
                                  goal=args.goal, actions=actions, reroll_k=k)
    except L.LiveAttackError as exc:
        head, _, rest = str(exc).partition(": ")
        if head in ("weapon", "zone", "survivor", "dual"):
            raise UsageError(f"--{head}: {rest}") from None
        raise UsageError(f"--save: {exc}") from None
    except ValueError as exc:
        raise UsageError(f"--goal: {exc}") from None
    lv = res.live
    if args.json:
        out = result_json(res, res.p_clear_within, actions)
        out["p_friend_eliminated"] = frac(res.p_friend_eliminated)
        out["live"] = {"survivor": lv.survivor, "weapon": lv.weapon, "action": lv.action, "zone": lv.zone,
                       "range": lv.range, "mode": lv.mode, "dual": lv.spec.dual, "skills": list(lv.skills),
                       "plenty": lv.plenty, "target": dict(lv.target), "friends": list(lv.friends),
                       "notes": list(lv.notes)}
        print(json.dumps(out, indent=2))
    else:
        head = (f"{lv.survivor} ({lv.mode.title()} side) attacks {lv.zone} at Range {lv.range} with {lv.weapon}"
                f"{' (Dual)' if lv.spec.dual else ''}; Skills: {', '.join(lv.skills) or 'none'}"
                f"; friends there: {', '.join(lv.friends) or 'none'}")
        text = render_text(lv.spec, res, res.p_clear_within, actions)
        extra = f"\nP(a friend is eliminated: game lost) = {frac(res.p_friend_eliminated)}" if lv.friends else ""
        print("\n".join([head, *lv.notes, "", text]) + extra)
    return 0
