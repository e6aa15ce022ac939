"""``nollab content``: what game content is loaded, and how much of it is from the rulebook.

Prints card counts per Equipment deck (P. 3), the Car card, the Ghoul types and the 46-card
Ghoul deck by type and kind, the Survivors' skill trees, the skill count, the Danger Level
thresholds (P. 14) and the provenance counts (rulebook vs reconstructed), overall and per
category. ``--content DIR`` (or ``NOLLAB_CONTENT``) lays a player's own card values over the
shipped ones; a malformed file is one error line naming file, entry and field (exit 2).
"""
from __future__ import annotations

import argparse
import json
from typing import Any

from nollab.cli import UsageError
from nollab.content import DECK_SIZES, LEVELS, ContentError, load_content, provenance_summary
from nollab.content_model import Content, DangerLevel

HELP = "show the loaded game content (decks, ghoul deck, survivors) and its provenance"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--content", metavar="DIR", default=None,
                        help="a folder of your own content files overriding the shipped ones "
                             "(default: $NOLLAB_CONTENT)")


def content_summary(content: Content) -> dict[str, Any]:
    """A JSON-ready overview: decks, car, ghouls, survivors, skills, danger levels, provenance."""
    comp: dict[str, dict[str, int]] = {"spawn": {}, "opening": {}}
    for c in content.ghoul_deck:
        comp[c.kind][c.ghoul] = comp[c.kind].get(c.ghoul, 0) + 1
    car = content.car.attack
    return {
        "equipment": {
            "decks": {d: len(content.deck(d)) for d in DECK_SIZES},
            "card_types": len(content.equipment),
            "cards": {c.id: dict(c.decks) for c in content.equipment.values()},
            "combinations": [{"inputs": list(c.inputs), "output": c.output, "keeps": list(c.keeps)}
                             for c in content.combinations],
        },
        "car": {"range": [car.range_min, car.range_max], "dice": car.dice, "accuracy": car.accuracy,
                "damage": car.damage, "passengers": content.car.passengers,
                "drive": [content.car.drive_min, content.car.drive_max]},
        "ghoul_types": {g.id: {"pool": g.pool, "wounds": g.wounds, "min_damage": g.min_damage,
                               "priority": g.priority, "xp": g.xp} for g in content.ghoul_types.values()},
        "ghoul_deck": {"size": len(content.ghoul_deck), "composition": comp,
                       "cards_with_reconstructed_values": sum(c.provenance.reconstructed
                                                              for c in content.ghoul_deck)},
        "survivors": {s.id: {"name": s.name,
                             "romero": {lv.key: list(s.romero.at(lv)) for lv in DangerLevel},
                             "zombicide": {lv.key: list(s.zombicide.at(lv)) for lv in DangerLevel}}
                      for s in content.survivors.values()},
        "skills": len(content.skills),
        "danger_thresholds": dict(zip(LEVELS, content.danger_thresholds)),
        "provenance": provenance_summary(content),
        "sources": list(content.sources),
    }


def _table(s: dict[str, Any]) -> str:
    eq = s["equipment"]
    lines = ["Equipment decks (P. 3):"]
    lines += [f"  {d:<9}{n:>3} cards" for d, n in eq["decks"].items()]
    lines.append(f"  {len(eq['cards'])} card types, {len(eq['combinations'])} combinations")
    car = s["car"]
    lines.append(f"Car: range {car['range'][0]}-{car['range'][1]}, {car['dice']} dice, {car['accuracy']}+, "
                 f"damage {car['damage']}, {car['passengers']} passengers, drive {car['drive'][0]}-{car['drive'][1]}")
    lines.append("Ghoul types:  type      pool wounds min_dmg priority xp")
    for gid, g in s["ghoul_types"].items():
        lines.append(f"              {gid:<9}{g['pool']:>5}{g['wounds']:>7}{g['min_damage']:>8}"
                     f"{g['priority']:>9}{g['xp']:>3}")
    gd = s["ghoul_deck"]
    lines.append(f"Ghoul deck: {gd['size']} cards")
    for kind, types in gd["composition"].items():
        lines.append(f"  {kind:<8}" + ", ".join(f"{t} {n}" for t, n in types.items()))
    lines.append("Survivors (Romero | Zombicide skills, Blue/Yellow/Orange/Red):")
    for sv in s["survivors"].values():
        rom = " / ".join(",".join(v) or "-" for v in sv["romero"].values())
        zom = " / ".join(",".join(v) for v in sv["zombicide"].values())
        lines.append(f"  {sv['name']:<7}{rom}\n  {'':<7}| {zom}")
    lines.append(f"Skills: {s['skills']}")
    lines.append("Danger levels (XP): " + ", ".join(f"{k} {v}+" for k, v in s["danger_thresholds"].items()))
    lines.append("Provenance:    category      rulebook reconstructed")
    for cat, c in s["provenance"].items():
        lines.append(f"               {cat:<14}{c['rulebook']:>8}{c['reconstructed']:>14}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    try:
        content = load_content(args.content)
    except ContentError as exc:
        raise UsageError(str(exc)) from None
    summary = content_summary(content)
    print(json.dumps(summary, indent=2, ensure_ascii=False) if args.json else _table(summary))
    return 0
