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


TILE_IDS = tuple(f"{n}{side}" for side in "RV" for n in range(1, 7))


def tiles_summary(content_dir: str | None = None) -> dict[str, Any]:
    """Where each of the 12 tile faces comes from (``--content DIR/tiles`` first, then
    ``$NOLLAB_CONTENT/tiles``, then the shipped ones): source and the readings still open."""
    from pathlib import Path

    from nollab.board import BoardFormatError, find_tile

    own = Path(content_dir) / "tiles" if content_dir else None
    dirs = [own] if own is not None and own.is_dir() else []  # a content folder need not hold tiles
    out: dict[str, Any] = {}
    for tid in TILE_IDS:
        try:
            t = find_tile(tid, dirs)
        except BoardFormatError as exc:
            raise UsageError(str(exc)) from None
        out[tid] = {"source": t.source or ("reconstructed" if t.reconstructed else "own box"),
                    "reconstructed": t.reconstructed, "readings": list(t.readings), "file": t.file}
    return out


def _tiles_lines(tiles: dict[str, Any]) -> list[str]:
    art = [t for t, d in tiles.items() if not d["reconstructed"]]
    rec = [t for t, d in tiles.items() if d["reconstructed"]]
    lines = [f"Tiles: {len(tiles)} faces; {len(art)} from the art or your box, {len(rec)} reconstructed"
             + (f" ({', '.join(rec)})" if rec else "")]
    for tid, d in tiles.items():
        n = len(d["readings"])
        lines.append(f"  {tid:<3} {d['source']}" + (f"; {n} reading{'s' if n != 1 else ''}" if n else ""))
    lines.append("  (readings: each tile file's header and docs/rulings.md; scene token places are deduced"
                 " from the Scene texts)")
    return lines


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
    if "tiles" in s:
        lines += _tiles_lines(s["tiles"])
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.content is not None:
        from nollab.cli.parsing import check_dir
        check_dir(args.content, "--content")
    try:
        content = load_content(args.content)
    except ContentError as exc:
        raise UsageError(str(exc)) from None
    summary = content_summary(content)
    summary["tiles"] = tiles_summary(args.content)
    print(json.dumps(summary, indent=2, ensure_ascii=False) if args.json else _table(summary))
    return 0
