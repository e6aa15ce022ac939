"""The pieces of a position's text (:mod:`.parse` reads the whole): numbers with their bounds,
lists, JSON, Ghoul counts, one Survivor (``s=``), the pending decision. Each error is a
:class:`PositionError` of one line naming the field."""
from __future__ import annotations

import json
import re
from urllib.parse import unquote

from nollab.content_model import GHOUL_TYPES
from nollab.rules.engine.choices import RESOLVERS
from nollab.rules.engine.state import Choice, SurvivorState
from nollab.rules.position.cards import CardNames
from nollab.rules.position.notation import LETTER_GHOUL, LEVEL_LETTER, SURVIVOR_FLAGS

MAX_JSON = 100_000
MAX_DEPTH = 32
MAX_XP = 100_000
MAX_LAPS = 1_000
MAX_SMALL = 100  # Actions spent, free Actions, Barricade tokens carried
MAX_KILLS = 1_000_000
MAX_GHOULS = 200  # of one type in one Zone
MODES = ("romero", "zombicide")
_INT = re.compile(r"^-?[0-9]{1,20}$")


class PositionError(ValueError):
    """A bad position text: one line naming the field."""


def _err(field: str, msg: str) -> PositionError:
    return PositionError(f"position: field {field!r}: {msg}")


def _int(field: str, text: str, lo: int, hi: int) -> int:
    if not _INT.match(text):
        raise _err(field, f"{text!r} is not an integer")
    v = int(text)
    if not lo <= v <= hi:
        raise _err(field, f"{v} is out of bounds ({lo} to {hi})")
    return v


def _items(text: str) -> list[str]:
    return text.split(",") if text else []


def _json(field: str, text: str):
    raw = unquote(text, errors="strict")
    if len(raw) > MAX_JSON:
        raise _err(field, f"more than {MAX_JSON} characters")
    depth = best = 0
    for ch in raw:  # bound the nesting before the JSON parser recurses
        depth += ch in "[{"
        depth -= ch in "]}"
        best = max(best, depth)
    if best > MAX_DEPTH:
        raise _err(field, f"nested deeper than {MAX_DEPTH}")
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise _err(field, f"not JSON ({exc})") from None


def _ghoul_counts(field: str, text: str) -> tuple:
    counts = [0] * len(GHOUL_TYPES)
    for letter, n in re.findall(r"([A-Z])([0-9]*)", text):
        if letter not in LETTER_GHOUL:
            raise _err(field, f"unknown Ghoul letter {letter!r} (W walker, B breaker, F fatty, R relative)")
        counts[GHOUL_TYPES.index(LETTER_GHOUL[letter])] += _int(field, n or "1", 0, MAX_GHOULS)
    if re.sub(r"[A-Z][0-9]*", "", text):
        raise _err(field, f"{text!r}: Ghoul letters with counts, like W2B")
    if max(counts, default=0) > MAX_GHOULS:
        raise _err(field, f"more than {MAX_GHOULS} Ghouls of one type in one Zone")
    return tuple(counts)


def _kills(field: str, text: str) -> dict:
    out = {}
    for letter, n in re.findall(r"([A-Z])([0-9]+)", text):
        if letter not in LETTER_GHOUL:
            raise _err(field, f"unknown Ghoul letter {letter!r}")
        out[LETTER_GHOUL[letter]] = _int(field, n, 0, MAX_KILLS)
    if re.sub(r"[A-Z][0-9]+", "", text):
        raise _err(field, f"{text!r}: Ghoul letters with counts, like W3B1")
    return out


def _survivor(value: str, content, names: CardNames) -> SurvivorState:
    items = value.split(",")
    sid, at, zone = items[0].partition("@")
    if not at or sid not in content.survivors:
        raise _err("s", f"{items[0][:40]!r}: <survivor>@<zone> with a known survivor {sorted(content.survivors)}")
    f = f"s={sid}"
    if len(items) < 2 or items[1] not in MODES:
        raise _err(f, f"the Mode ({' or '.join(MODES)}) follows the Zone")
    s = SurvivorState(id=sid, zone=zone, mode=items[1], slots=[[0, 0]])
    card = lambda c: None if c == "-" else _card(f, names, c)  # noqa: E731
    lap = None
    for item in items[2:]:
        key, eq, v = item.partition("=")
        if not eq:
            if key == "dead":
                s.alive = False
            elif key in SURVIVOR_FLAGS.values():
                setattr(s, next(k for k, w in SURVIVOR_FLAGS.items() if w == key), True)
            else:
                raise _err(f, f"unknown word {key[:40]!r}")
        elif key == "w":
            s.wounds = _int(f"{f} w", v, 0, 3)
        elif key == "xp":
            s.xp = _int(f"{f} xp", v, 0, MAX_XP)
        elif key == "total":
            s.xp_total = _int(f"{f} total", v, 0, MAX_XP * MAX_LAPS)
        elif key == "laps":
            s.red_laps = _int(f"{f} laps", v, 0, MAX_LAPS)
        elif key == "lap":
            lap = _int(f"{f} lap", v, 0, 3)
        elif key == "skills":
            s.slots = [_slot(f, content, sid, x) for x in (v.split("/") if v else [])]
        elif key in ("extra", "used"):
            ks = v.split("/") if v else []
            if key == "extra" and any(k not in content.skills for k in ks):
                raise _err(f, f"extra: unknown Skill in {ks}")
            setattr(s, "extra_skills" if key == "extra" else "used", ks)
        elif key == "hands":
            hs = v.split("/")
            if len(hs) != 2:
                raise _err(f, "hands: two cards or '-', like crowbar/-")
            s.hands = [card(c) for c in hs]
        elif key == "pack":
            s.backpack = [card(c) for c in v.split("/")]
            if len(s.backpack) > 3 or None in s.backpack:
                raise _err(f, "pack: up to 3 cards (P. 16)")
        elif key in ("barricades", "spent"):
            setattr(s, key, _int(f"{f} {key}", v, 0, MAX_SMALL))
        elif key in ("free", "granted"):
            d = {}
            for pair in v.split("/"):
                k, _, n = pair.partition(":")
                d[k] = _int(f"{f} {key}", n, 0, MAX_SMALL)
            setattr(s, "free_spent" if key == "free" else key, d)
        elif key == "kills":
            s.kills = _kills(f"{f} kills", v)
        else:
            raise _err(f, f"unknown key {key[:40]!r}")
    if "total=" not in value:
        s.xp_total = s.xp
    s.lap_level = lap if lap is not None else int(content.danger_level(s.xp))
    return s


def _card(field: str, names: CardNames, c: str) -> int:
    try:
        return names.uid(c)
    except ValueError as exc:
        raise _err(field, str(exc)) from None


def _slot(field: str, content, sid: str, text: str) -> list[int]:
    levels = content.survivors[sid].zombicide.levels
    if len(text) < 2 or text[0] not in LEVEL_LETTER or not text[1:].isdigit() or not text[1:].isascii():
        raise _err(field, f"skills: {text[:20]!r} is a Danger Level letter (B Y O R) and a slot number, like O1")
    lv, i = LEVEL_LETTER.index(text[0]), int(text[1:])
    if i >= len(levels[lv]):
        raise _err(field, f"skills: {text} — the {text[0]} level of {sid} has {len(levels[lv])} slot(s)")
    return [lv, i]


def _choice(d) -> Choice:
    keys = set(Choice.__dataclass_fields__)
    if not isinstance(d, dict) or set(d) - keys or not {"kind", "survivor", "prompt", "page", "options", "labels"} <= set(d):
        raise _err("pending", f"a JSON object with the fields {sorted(keys)}")
    kind = d["kind"]
    if not isinstance(kind, str) or not (kind in RESOLVERS or kind.startswith("scene:")):
        raise _err("pending", f"unknown decision kind {kind!r}")
    if not isinstance(d["options"], list) or not d["options"] or not isinstance(d["labels"], list) \
            or not isinstance(d.get("data", {}), dict):
        raise _err("pending", "options and labels are lists (options not empty), data an object")
    if not isinstance(d.get("default", 0), int) or not 0 <= d.get("default", 0) < len(d["options"]):
        raise _err("pending", "default is the index of an option")
    return Choice.from_dict(d)
