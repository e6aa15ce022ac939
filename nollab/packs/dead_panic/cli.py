"""``nollab odds --game dead-panic``: one answer per ``--query`` as (JSON dict, text)."""
from __future__ import annotations

import argparse

from nollab.cli import UsageError
from nollab.packs.cli import dist_json, frac, int_opt, table, to_int
from nollab.packs.dead_panic import bag as _bag
from nollab.packs.dead_panic import melee as _melee
from nollab.packs.dead_panic import walls as _walls
from nollab.packs.dead_panic.board import WALL_STATES
from nollab.packs.dead_panic.content import DeadPanicContent, ZombieType, load

__all__ = ["answer"]


def _zombie(c: DeadPanicContent, name: str, option: str = "--zombie") -> ZombieType:
    try:
        return c.zombie(name)
    except KeyError:
        raise UsageError(f"{option}: unknown Dead Panic zombie {name!r} (one of {', '.join(c.zombies)})") from None


def _weapon(args) -> _melee.Weapon | None:
    if args.unarmed:
        if args.grip_tape or args.pipe_wrench or args.club or args.weapon_damage is not None:
            raise UsageError("--unarmed: an unarmed Character has no Grip Tape, Pipe Wrench, club or weapon damage")
        return None
    if args.david:
        raise UsageError("--david: David's ability is for unarmed fights; add --unarmed")
    dmg = int_opt(args, "weapon_damage", 1, 1, 5)
    return _melee.Weapon(damage=dmg, grip_tape=args.grip_tape, pipe_wrench=args.pipe_wrench, club=args.club)


def _names(text: str | None, option: str) -> list[str]:
    if not text or not text.strip():
        raise UsageError(f"{option} is required, e.g. {option} shambler,creeper")
    return [t.strip() for t in text.split(",") if t.strip()]


def _bag_arg(args, c: DeadPanicContent) -> dict[str, int] | None:
    if not args.bag:
        return None
    out: dict[str, int] = {}
    for part in args.bag.split(","):
        if "=" not in part:
            raise UsageError(f"--bag: expected kind=count, got {part.strip()!r}")
        k, v = (x.strip() for x in part.split("=", 1))
        kind = _bag.SURVIVOR if k.lower() in ("survivor", "survivors") else _zombie(c, k, "--bag").id
        out[kind] = out.get(kind, 0) + to_int(v, f"--bag ({k})", 0, 100)
    if not sum(out.values()):
        raise UsageError("--bag: the bag is empty")
    return out


def _melee_answer(args, c: DeadPanicContent):
    mod = int_opt(args, "modifier", 0, -12, 12)
    if args.zombie and args.fight is not None:
        raise UsageError("--fight: give either --zombie or --fight, not both")
    if args.fight is not None:
        fv = to_int(args.fight, "--fight", 2, 13)
        z = ZombieType("custom", f"fight value {fv}", 1, fv, 1, 1, "crack", False)
    elif args.zombie:
        z = _zombie(c, args.zombie)
    else:
        raise UsageError("--zombie (creeper|shambler|sprinter|brawler|brute) or --fight is required")
    if args.unarmed and (args.grip_tape or args.pipe_wrench):
        raise UsageError("--unarmed: an unarmed Character has no Grip Tape or Pipe Wrench")
    d = _melee.fight(z, grip_tape=args.grip_tape, pipe_wrench=args.pipe_wrench, unarmed=args.unarmed,
                     modifier=mod, content=c)
    data = {k: frac(d.prob(k)) for k in _melee.OUTCOMES}
    bonus = mod + (1 if args.grip_tape else 0)
    how = "unarmed" if args.unarmed else "melee weapon" + (" + Grip Tape" if args.grip_tape else "") \
        + (" (Pipe Wrench)" if args.pipe_wrench else "")
    head = (f"Dead Panic melee: 2d6{bonus:+d} vs {z.name} (fight {z.fight}"
            f"{', wins ties' if z.wins_ties else ''}), {how}")
    if z.provenance.reconstructed:
        head += f"\nnote: {z.name}'s fight value is reconstructed: {z.provenance.note}"
    lines = [head, ""] + table("outcome", d, order=list(_melee.OUTCOMES))
    if args.unarmed:
        lines.append("an unarmed win pushes the Zombie 1 space (no damage); a loss is an Injury")
    return data, "\n".join(lines)


def _group_answer(args, c):
    zs = [_zombie(c, n, "--zombies") for n in _names(args.zombies, "--zombies")]
    on_loss = (args.on_loss or "injury").strip().lower()
    if on_loss not in ("injury", "drop"):
        raise UsageError(f"--on-loss must be injury or drop, got {args.on_loss!r}")
    d = _melee.group_fight(zs, weapon=_weapon(args), on_loss=on_loss, david=args.david,
                           modifier=int_opt(args, "modifier", 0, -12, 12), content=c)
    data = {
        "injuries": dist_json(d, lambda r: str(r.injuries)),
        "kills": dist_json(d, lambda r: str(r.kills)),
        "p_no_injury": frac(d.p(lambda r: r.injuries == 0)),
        "p_all_killed": frac(d.p(lambda r: r.kills == len(zs))),
        "p_weapon_kept": frac(d.p(lambda r: r.armed)),
        "expected_injuries": frac(d.expect(lambda r: r.injuries)),
        "expected_kills": frac(d.expect(lambda r: r.kills)),
    }
    lines = [f"Dead Panic Fight Zombies: one Character against {', '.join(z.name for z in zs)} "
             f"(each fought once, in this order; on a loss: {on_loss})", ""]
    lines += table("injuries", d.map(lambda r: r.injuries)) + [""]
    lines += table("kills", d.map(lambda r: r.kills)) + [""]
    lines.append(f"P(weapon kept) = {data['p_weapon_kept']}")
    return data, "\n".join(lines)


def _deliberate_answer(args, c):
    if not args.zombie:
        raise UsageError("--zombie is required for --query deliberate")
    z = _zombie(c, args.zombie)
    n = int_opt(args, "attacks", 2, 0, 20)
    w = _weapon(args)
    if w is None:
        raise UsageError("--unarmed: deliberate attacks here are with a melee weapon")
    d = _melee.deliberate_attacks(z, n, weapon=w, modifier=int_opt(args, "modifier", 0, -12, 12), content=c)
    data = {"killed": frac(d.p(lambda o: o[0])), "injuries": dist_json(d, lambda o: str(o[1])),
            "expected_injuries": frac(d.expect(lambda o: o[1]))}
    lines = [f"Dead Panic deliberate melee: up to {n} Actions against a {z.name} "
             f"(health {z.health}, fight {z.fight})", "", f"P(killed) = {data['killed']}", ""]
    lines += table("injuries", d.map(lambda o: o[1]))
    return data, "\n".join(lines)


def _bag_answer(args, c):
    n = int_opt(args, "draw", 4, 0, 60)
    bag = _bag_arg(args, c)
    try:
        d = _bag.event_draw(n, bag, c)
    except ValueError as exc:
        raise UsageError(f"--draw: {exc}") from None
    kinds = list(c.zombies) + [_bag.SURVIVOR]
    data = {
        "p_survivor": frac(d.p(lambda o: _bag.count(o, _bag.SURVIVOR) > 0)),
        "expected": {k: frac(d.expect(lambda o, k=k: _bag.count(o, k))) for k in kinds},
        "by_kind": {k: dist_json(d, lambda o, k=k: str(_bag.count(o, k))) for k in kinds},
    }
    src = "the given bag" if bag else "the bag right after setup (18 Zombies of unknown types + 3 Survivors)"
    lines = [f"Dead Panic Event draw: {n} tokens from {src}", "",
             f"P(at least one Survivor) = {data['p_survivor']}", ""]
    for k in kinds:
        lines.append(f"  expected {k:<10} {data['expected'][k]:>14}")
    return data, "\n".join(lines)


def _arrivals_answer(args, c):
    n = int_opt(args, "draw", 4, 0, 60)
    w = int_opt(args, "window", 1, 1, c.arcs)
    try:
        d = _bag.arrivals(n, w, _bag_arg(args, c), c)
    except ValueError as exc:
        raise UsageError(f"--draw: {exc}") from None
    zombies = d.map(lambda o: sum(m for k, m in o if k != _bag.SURVIVOR))
    data = {"zombies": zombies.to_json(), "survivors": dist_json(d, lambda o: str(_bag.count(o, _bag.SURVIVOR))),
            "p_any_zombie": frac(zombies.p(lambda m: m > 0)),
            "expected_zombies": frac(zombies.mean())}
    lines = [f"Dead Panic placement: {n} tokens drawn, each placed by a d6 arc roll; {w} arc(s) watched", ""]
    lines += table("zombies landing there", zombies)
    return data, "\n".join(lines)


def _wave_answer(args, c):
    rounds = int_opt(args, "rounds", 3, 0, 30)
    wall = (args.wall or "standing").strip().lower()
    if wall not in WALL_STATES:
        raise UsageError(f"--wall must be one of {', '.join(WALL_STATES)}, got {args.wall!r}")
    if args.zombies:
        placed = []
        for item in _names(args.zombies, "--zombies"):
            name, _, ring = item.partition("@")
            ring = (ring or c.rings[0]).strip().lower()
            if ring not in c.rings[:-1]:
                raise UsageError(f"--zombies: ring {ring!r} must be one of {', '.join(c.rings[:-1])}")
            placed.append((_zombie(c, name, "--zombies").id, ring))
        d = _walls.advance(placed, rounds, wall, c)
        what = ", ".join(f"{z}@{r}" for z, r in placed)
    else:
        n = int_opt(args, "draw", 4, 0, 60)
        try:
            d = _walls.wave(n, rounds, wall, _bag_arg(args, c), c)
        except ValueError as exc:
            raise UsageError(f"--draw: {exc}") from None
        what = f"an Event drawing {n} tokens (only those rolled into this arc come)"
    state = d.map(lambda o: o[0])
    data = {"wall": state.to_json(), "inside": dist_json(d, lambda o: str(o[1])),
            "p_destroyed": frac(state.prob("destroyed"))}
    lines = [f"Dead Panic Wall of one arc ({wall} at the start) after {rounds} Move Zombies phase(s): {what}", ""]
    lines += table("wall", state) + [""] + table("zombies inside", d.map(lambda o: o[1]))
    return data, "\n".join(lines)


def _creeper_answer(args, c):
    rounds = int_opt(args, "rounds", 3, 0, 50)
    spaces = int_opt(args, "spaces", 3, 0, 10)
    moves = _walls.creeper_moves(rounds, c)
    data = {"moves": moves.to_json(), "p_inside": frac(_walls.p_creeper_inside(spaces, rounds, c))}
    lines = [f"Dead Panic Creepers: one die for all, they move on {c.creeper_min}+; {rounds} phase(s)", "",
             f"P(inside the Cabin from {spaces} spaces away) = {data['p_inside']}", ""]
    lines += table("spaces moved", moves)
    return data, "\n".join(lines)


_ANSWERS = {"melee": _melee_answer, "group": _group_answer, "deliberate": _deliberate_answer,
            "bag": _bag_answer, "arrivals": _arrivals_answer, "wave": _wave_answer, "creeper": _creeper_answer}


def answer(query: str, args: argparse.Namespace) -> tuple[dict, str]:
    """(JSON-ready dict, readable text) for one Dead Panic query."""
    c = load(getattr(args, "pack_content", None))
    return _ANSWERS[query](args, c)
