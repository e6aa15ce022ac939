"""``nollab odds --game zombie-slayer``: one answer per ``--query`` as (JSON dict, text)."""
from __future__ import annotations

import argparse

from nollab.cli import UsageError
from nollab.packs.cli import dist_json, frac, int_opt, table, to_int
from nollab.packs.zombie_slayer import combat as _combat
from nollab.packs.zombie_slayer import spawn as _spawn
from nollab.packs.zombie_slayer.content import Being, SlayerContent, load
from nollab.packs.zombie_slayer.dieagram import ENCOUNTER

__all__ = ["answer"]


def _slayer(args, c: SlayerContent) -> Being:
    name = (args.slayer or next(iter(c.slayers))).strip().lower()
    if name not in c.slayers:
        raise UsageError(f"--slayer: unknown Slayer {name!r} (one of {', '.join(c.slayers)})")
    return c.slayers[name]


def _zombie(args, c: SlayerContent) -> Being:
    if not args.zombie:
        raise UsageError(f"--zombie is required ({', '.join(c.zombies)}, necromancer)")
    name = args.zombie.strip().lower()
    if name != "necromancer" and name not in c.zombies:
        raise UsageError(f"--zombie: unknown Zombie Slayer zombie {name!r} (one of {', '.join(c.zombies)}, necromancer)")
    return c.being(name)


def _holy(args) -> tuple[int, ...] | None:
    if args.holy is None:
        return None
    parts = [p for p in args.holy.split(",")]
    if len(parts) != 6:
        raise UsageError(f"--holy must give 6 numbers (faces 1..6), got {args.holy!r}")
    return tuple(to_int(p, "--holy", 0, 6) for p in parts)


def _common(args, c):
    s = _slayer(args, c)
    hand = int_opt(args, "hand", s.life, 1, c.max_life + 8)
    luck = int_opt(args, "luck", 0, 0, 6)
    return s, hand, luck


def _split(d, luck: int):
    """Damage Dist and expected Luck spent (0 when no Luck)."""
    if not luck:
        return d, 0
    return d.map(lambda o: o[0]), d.expect(lambda o: o[1])


def _attack_answer(args, c):
    s, hand, luck = _common(args, c)
    z = _zombie(args, c)
    kind = (args.attack_kind or "melee").strip().lower()
    if kind not in ("melee", "ranged"):
        raise UsageError(f"--attack-kind must be melee or ranged, got {args.attack_kind!r}")
    skill = args.slayer_skill.strip().lower().replace("-", "_") if args.slayer_skill else None
    if skill is not None and skill not in _combat.SKILLS:
        raise UsageError(f"--slayer-skill must be one of {', '.join(_combat.SKILLS)}, got {args.slayer_skill!r}")
    if skill is not None and _combat.SKILLS[skill][0] != kind:
        raise UsageError(f"--slayer-skill: {skill} is a {_combat.SKILLS[skill][0]} attack; "
                         f"use --attack-kind {_combat.SKILLS[skill][0]}")
    holy = _holy(args)
    try:
        d = _combat.attack(s, z, kind=kind, hand=hand, skill=skill, holy=holy, luck=luck, content=c)
    except ValueError as exc:
        raise UsageError(f"--luck: {exc}") from None
    dmg, spent = _split(d, luck)
    data = {"damage": dmg.to_json(), "p_destroy": frac(dmg.p(lambda x: x >= z.life)),
            "expected_damage": frac(dmg.mean()), "expected_luck_spent": frac(spent)}
    lines = [f"Zombie Slayer: {s.name} ({hand} dice) {kind} attack on the {z.name} "
             f"(toughness {z.toughness}, Life {z.life}, Already Dead on a 1)"
             + (f", skill {skill}" if skill else "") + (f", Luck {luck} spent optimally" if luck else ""), "",
             f"P(destroyed) = {data['p_destroy']}", ""]
    lines += table("damage", dmg)
    if luck:
        lines.append(f"expected Luck spent = {data['expected_luck_spent']}")
    lines.append("(Dieagrams are reconstructed defaults; see nollab/data/packs/zombie_slayer.toml)")
    return data, "\n".join(lines)


def _defend_answer(args, c):
    s, hand, luck = _common(args, c)
    z = _zombie(args, c)
    try:
        d = _combat.defend(s, z, hand=hand, holy=_holy(args), defense_bonus=2 if args.potion else 0,
                           luck=luck, content=c)
    except ValueError as exc:
        raise UsageError(f"--luck: {exc}") from None
    dmg, spent = _split(d, luck)
    data = {"damage": dmg.to_json(), "p_unhurt": frac(dmg.prob(0)), "expected_damage": frac(dmg.mean()),
            "expected_luck_spent": frac(spent)}
    lines = [f"Zombie Slayer: the {z.name} attacks {s.name} ({hand} Defense dice"
             + (", Defense potion +2" if args.potion else "") + (f", Luck {luck}" if luck else "") + ")", ""]
    lines += table("Life lost", dmg)
    return data, "\n".join(lines)


def _tiles(args, c, default: str) -> list[str]:
    names = [t.strip().lower() for t in (args.tiles or default).split(",") if t.strip()]
    for t in names:
        if t not in c.tiles:
            raise UsageError(f"--tiles: unknown town card {t!r} (one of {', '.join(c.tiles)})")
    if not names:
        raise UsageError("--tiles: name at least one town card")
    return names


def _spawn_answer(args, c):
    tiles = _tiles(args, c, "sample,sample,sample")
    d = _spawn.spawn(tiles, c)
    data = {colour: dist_json(d, lambda o, i=i: str(o[i])) for i, colour in enumerate(ENCOUNTER)}
    total = d.map(lambda o: sum(o[:3]))
    data["zombies"] = total.to_json()
    data["expected"] = {colour: frac(d.expect(lambda o, i=i: o[i])) for i, colour in enumerate(ENCOUNTER)}
    lines = [f"Zombie Slayer spawn: one die read on each neighbouring card: {', '.join(tiles)}", ""]
    lines += table("zombies spawned", total) + [""]
    lines += [f"  expected {k:<9} {v:>10}" for k, v in data["expected"].items()]
    return data, "\n".join(lines)


def _search_answer(args, c):
    tile = _tiles(args, c, "sample")
    if len(tile) != 1:
        raise UsageError("--tiles: search one card at a time")
    d = _spawn.search(tile[0], c)
    card = d.map(lambda o: o if o == "nothing" else o[0])
    data = {"card": card.to_json(), "p_ambush": frac(d.p(lambda o: o != "nothing" and o[1] == "ambush"))}
    lines = [f"Zombie Slayer search of {tile[0]}: the treasure pip, then a plain d6 (1 = ambush)", ""]
    lines += table("treasure card", card) + ["", f"P(ambush) = {data['p_ambush']}"]
    return data, "\n".join(lines)


def _dieagram_answer(args, c):
    b = _zombie(args, c) if args.zombie else _slayer(args, c)
    data = {"name": b.name, "faces": b.dieagram.to_dict(), "life": b.life, "actions": b.actions,
            "toughness": b.toughness, "source": b.provenance.source, "note": b.provenance.note}
    lines = [f"{b.name}: {b.actions} action(s), toughness {b.toughness}, Life {b.life}"
             f" ({b.provenance.source})"]
    for n, face in enumerate(b.dieagram.faces, start=1):
        lines.append(f"  face {n}: " + (", ".join(f"{v} {k}" for k, v in face.items()) or "no coloured pips"))
    return data, "\n".join(lines)


_ANSWERS = {"attack": _attack_answer, "defend": _defend_answer, "spawn": _spawn_answer,
            "search": _search_answer, "dieagram": _dieagram_answer}


def answer(query: str, args: argparse.Namespace) -> tuple[dict, str]:
    """(JSON-ready dict, readable text) for one Zombie Slayer query."""
    c = load(getattr(args, "pack_content", None))
    return _ANSWERS[query](args, c)
