"""The schema of the game content files and the checks of one entry against it.

Split out of :mod:`nollab.content` (which reads, merges and assembles the files): this module says
what a valid entry of ``nollab/data/*.toml`` looks like -- which sections each file has
(:data:`FILES`), which fields each section takes and how each is checked (:data:`SCHEMAS`), the
component counts of P. 3 and P. 14 -- and resolves the provenance of each value of an entry
(``"rulebook: P. 26"`` or ``"reconstructed: <reason>"``; the most specific key wins).

Every problem is a :class:`ContentError` whose message names the file, the entry and the field.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from nollab.content_model import Provenance

__all__ = ["ALWAYS", "ContentError", "DECK_SIZES", "Entry", "FILES", "GHOUL_DECK_SIZE", "LEVELS", "ROMERO_SIZES",
           "SCHEMAS", "SKILL_KINDS", "ZOMBICIDE_SIZES", "check_entry", "leaves", "most_specific", "prov_table"]

LEVELS = ("blue", "yellow", "orange", "red")
DECK_SIZES = {"starting": 7, "ranged": 11, "melee": 11, "house": 24, "special": 11}  # P. 3
GHOUL_DECK_SIZE = 46  # P. 3, P. 32
SKILL_KINDS = ("plus_action", "plus_die", "plus_free_action", "plus_roll", "ambidextrous", "barbarian",
               "bloodlust_melee", "hawk_eye", "hit_and_run", "shove", "slippery", "sniper", "taunt")
ROMERO_SIZES = (0, 1, 1, 1)  # P. 14: no Skill at Blue, one at each later level
ZOMBICIDE_SIZES = (1, 1, 2, 3)  # P. 14: 1 at Blue, +1 Action at Yellow, 1 of 2, 1 of 3


class ContentError(ValueError):
    """A content file is malformed. The message names the file, the entry and the field."""


class _Bad(Exception):
    """A field value failed its check (message without the file/entry/field prefix)."""


# ----------------------------------------------------------------------------- field checks
def _short(v: Any) -> str:
    """``repr(v)`` cut to 80 characters (an error line never quotes a huge value whole)."""
    r = repr(v) if not isinstance(v, (list, dict)) or len(v) < 100 else f"<{type(v).__name__} of {len(v)}>"
    return r if len(r) <= 80 else r[:77] + "..."


def _int(lo: int = 0, hi: int | None = None) -> Callable[[Any], int]:
    if hi is not None and lo > 0:
        what = f"an integer in {lo}..{hi}"
    else:
        what = "a non-negative integer" if lo == 0 else f"an integer >= {lo}"

    def check(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or v < lo:
            raise _Bad(f"expected {what}, got {_short(v)}")
        if hi is not None and v > hi:
            raise _Bad(f"expected {what if lo > 0 else f'at most {hi}'} (README: Limits), got {_short(v)}")
        return v
    return check


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise _Bad(f"expected a string, got {_short(v)}")
    if len(v) > 10_000:
        raise _Bad(f"a string of at most 10000 characters, got {len(v)}")
    return v


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _Bad(f"expected true or false, got {v!r}")
    return v


def _enum(*choices: str) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        if v not in choices:
            raise _Bad(f"expected one of {', '.join(choices)}, got {v!r}")
        return v
    return check


def _strs(v: Any) -> tuple[str, ...]:
    if not isinstance(v, list) or len(v) > 1_000 or not all(isinstance(x, str) for x in v):
        raise _Bad(f"expected a list of at most 1000 strings, got {_short(v)}")
    return tuple(v)


def _counts(v: Any) -> tuple[int, int, int, int]:
    if (not isinstance(v, list) or len(v) != 4
            or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_POOL for x in v)):
        raise _Bad(f"expected 4 non-negative integers [Blue, Yellow, Orange, Red] (at most {MAX_POOL}), "
                   f"got {_short(v)}")
    return tuple(v)  # type: ignore[return-value]


# A schema maps field -> check or nested schema; a "!" suffix marks a required field.
# Bounds far above any printed card (README "Limits"): a user's dice count, Range or pool size
# never makes the odds or a game take minutes.
MAX_DICE, MAX_RANGE, MAX_DAMAGE, MAX_COPIES, MAX_POOL, MAX_XP = 30, 20, 20, 100, 500, 10_000
ATTACK = {"range_min!": _int(0, MAX_RANGE), "range_max!": _int(0, MAX_RANGE), "dice!": _int(0, MAX_DICE),
          "accuracy!": _int(2, 6), "damage!": _int(0, MAX_DAMAGE), "reload": _bool}
SCHEMAS: dict[str, dict[str, Any]] = {
    "card": {"name!": _str, "name_fr!": _str, "decks!": {d: _int(0, MAX_COPIES) for d in DECK_SIZES}, "melee": ATTACK,
             "ranged": ATTACK, "dual": _bool, "sniper": _bool, "opens_barricades": _bool,
             "ammo": _enum("bullets", "shells"), "backpack": _bool, "zombicide_only": _bool,
             "effect": _str, "text": _str},
    "combination": {"inputs!": _strs, "output!": _str, "keeps": _strs},
    "car": {"attack!": ATTACK, "passengers": _int(0, 20), "drive_min": _int(0, 20),
            "drive_max": _int(0, 20)},
    "ghoul": {"name!": _str, "name_fr!": _str, "pool!": _int(0, MAX_POOL), "wounds!": _int(1, 100),
              "min_damage!": _int(1, MAX_DAMAGE), "priority!": _int(1, 100), "xp!": _int(0, MAX_XP),
              "actions": _int(1, 10)},
    "cards": {"number!": _int(1, 1_000), "kind!": _enum("spawn", "opening"), "ghoul!": _str, "counts": _counts},
    "survivor": {"name!": _str, "color!": _str, "romero!": {lv + "!": _strs for lv in LEVELS},
                 "zombicide!": {lv + "!": _strs for lv in LEVELS}},
    "skill": {"name!": _str, "name_fr!": _str, "kind!": _enum(*SKILL_KINDS),
              "action": _enum("combat", "melee", "ranged", "move", "search"), "text": _str},
    "level": {"xp!": _int(0, MAX_XP)},
}
#: Fields that always carry a value (their default) and so always count in the provenance.
ALWAYS = {"card": ("dual", "sniper", "opens_barricades", "backpack", "zombicide_only")}
#: file -> {section: key field for array sections, or None for tables keyed by id}
FILES: dict[str, dict[str, str | None]] = {
    "equipment.toml": {"card": None, "combination": "output", "car": "-"},
    "ghouls.toml": {"ghoul": None},
    "ghoul_deck.toml": {"cards": "number"},
    "survivors.toml": {"survivor": None},
    "skills.toml": {"skill": None},
    "danger.toml": {"level": None},
}


def _fields(schema: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Flatten a schema to ``{"melee.dice": check}``; nested schemas also appear by their own path."""
    out: dict[str, Any] = {}
    for key, sub in schema.items():
        path = prefix + key.rstrip("!")
        out[path] = sub
        if isinstance(sub, dict):
            out.update(_fields(sub, path + "."))
    return out


class Entry:
    """One raw entry (a card, a ghoul type, ...) with where it came from, for error messages."""

    def __init__(self, section: str, key: Any, label: str, data: dict[str, Any], origin: str):
        self.section, self.key, self.label, self.data, self.origin = section, key, label, data, origin

    def error(self, field: str, msg: str) -> ContentError:
        return ContentError(f"{self.origin}: [{self.label}] field '{field}': {msg}")

def leaves(data: Mapping[str, Any], prefix: str = "") -> list[str]:
    """The dotted paths of the values of ``data`` (``"melee.dice"``), without its ``provenance``."""
    out: list[str] = []
    for k, v in data.items():
        if k == "provenance" and not prefix:
            continue
        out.extend(leaves(v, f"{prefix}{k}.") if isinstance(v, dict) else [prefix + k])
    return out


def prov_table(entry: Entry) -> dict[str, Any]:
    """The entry's ``provenance`` as a table (a plain string is the ``default``)."""
    prov = entry.data.get("provenance", {})
    if isinstance(prov, str):
        return {"default": prov}
    if not isinstance(prov, dict):
        raise entry.error("provenance", f"expected a string or a table, got {prov!r}")
    return dict(prov)


def most_specific(table: Mapping[str, Any], path: str) -> Any:
    """The provenance of ``"melee.dice"``: key ``"melee.dice"``, else ``"melee"``, else ``"default"``."""
    parts = path.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in table:
            return table[".".join(parts[:n])]
    return table.get("default")


# ----------------------------------------------------------------------------- validation
def _parse_prov(entry: Entry, field: str, text: Any) -> Provenance:
    if not isinstance(text, str) or ":" not in text:
        raise entry.error(field, f"expected 'rulebook: <citation>' or 'reconstructed: <reason>', got {text!r}")
    source, note = (s.strip() for s in text.split(":", 1))
    if source not in ("rulebook", "reconstructed"):
        raise entry.error(field, f"provenance source must be 'rulebook' or 'reconstructed', got {source!r}")
    if not note:
        raise entry.error(field, f"provenance '{source}' needs a citation or a reason")
    return Provenance(source, note)  # type: ignore[arg-type]


def check_entry(entry: Entry) -> tuple[dict[str, Any], dict[str, Provenance]]:
    """Type-check one entry against its schema; resolve the provenance of each of its values."""
    schema = SCHEMAS[entry.section]
    flat = _fields(schema)

    def walk(sch: Mapping[str, Any], data: Any, prefix: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise entry.error(prefix.rstrip("."), f"expected a table, got {data!r}")
        out: dict[str, Any] = {}
        names = {k.rstrip("!"): k for k in sch}
        for k, v in data.items():
            if prefix == "" and k == "provenance":
                continue
            if k not in names:
                raise entry.error(prefix + k, f"unknown field (expected one of {', '.join(names)})")
            sub = sch[names[k]]
            try:
                out[k] = walk(sub, v, f"{prefix}{k}.") if isinstance(sub, dict) else sub(v)
            except _Bad as exc:
                raise entry.error(prefix + k, str(exc)) from None
        for k in sch:
            if k.endswith("!") and k[:-1] not in data:
                raise entry.error(prefix + k[:-1], "missing required field")
        return out
    values = walk(schema, entry.data, "")
    table = prov_table(entry)
    provs: dict[str, Provenance] = {}
    for key, text in table.items():
        if key != "default" and key not in flat:
            raise entry.error(f"provenance.{key}", "provenance for an unknown field")
        provs[key] = _parse_prov(entry, f"provenance.{key}", text)
    resolved: dict[str, Provenance] = {}
    paths = set(leaves(values)) | set(ALWAYS.get(entry.section, ()))
    paths |= {k for k in table if k != "default" and not isinstance(flat[k], dict)}
    for path in sorted(paths):
        found = most_specific(provs, path)
        if found is None:
            raise entry.error(path, f"no provenance (add provenance.default or provenance.{path})")
        resolved[path] = found
    return values, resolved

