"""Load and validate the game content in ``nollab/data/*.toml`` (plus a player's overrides).

``load_content()`` reads the shipped TOML files, lays a player's content folder over them
(``NOLLAB_CONTENT=path`` or the ``user_dir`` argument) and returns the frozen objects of
:mod:`nollab.content_model`. Everything is validated first and nothing is loaded partially:
any problem raises one :class:`ContentError` whose message names the file, the entry and the
field (``equipment.toml: [sawed_off] field 'ranged.dice': expected a non-negative integer,
got 'two'``).

Overrides go **card by card, field by field**: an entry of a user file with the id (or the
ghoul-card number, or the combination output) of a shipped entry is merged into it, so a user
file may hold just the numbers printed on one card. Fields a player sets count as
``rulebook`` ("own box: <file>") unless the player gives a provenance of their own.

Provenance: each entry has a ``provenance`` table mapping a field path (``"melee"``,
``"melee.dice"``) to ``"rulebook: P. 26"`` or ``"reconstructed: <reason>"``; ``default``
covers every field not named; a plain string is the default. The most specific key wins.
"""
from __future__ import annotations

import copy
import functools
import os
import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping

from nollab.content_model import (
    AttackProfile, CarCard, Combination, Content, EquipmentCard, GhoulCard,
    GhoulType, Provenance, Skill, SkillTree, SurvivorCard,
)

__all__ = ["ContentError", "DATA_DIR", "FILES", "load_content", "provenance_summary"]

DATA_DIR = Path(__file__).resolve().parent / "data"
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
def _int(lo: int = 0, hi: int | None = None) -> Callable[[Any], int]:
    if hi is not None:
        what = f"an integer in {lo}..{hi}"
    else:
        what = "a non-negative integer" if lo == 0 else f"an integer >= {lo}"

    def check(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or v < lo or (hi is not None and v > hi):
            raise _Bad(f"expected {what}, got {v!r}")
        return v
    return check


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise _Bad(f"expected a string, got {v!r}")
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
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise _Bad(f"expected a list of strings, got {v!r}")
    return tuple(v)


def _counts(v: Any) -> tuple[int, int, int, int]:
    if (not isinstance(v, list) or len(v) != 4
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v)):
        raise _Bad(f"expected 4 non-negative integers [Blue, Yellow, Orange, Red], got {v!r}")
    return tuple(v)  # type: ignore[return-value]


# A schema maps field -> check or nested schema; a "!" suffix marks a required field.
ATTACK = {"range_min!": _int(), "range_max!": _int(), "dice!": _int(), "accuracy!": _int(2, 6),
          "damage!": _int(), "reload": _bool}
SCHEMAS: dict[str, dict[str, Any]] = {
    "card": {"name!": _str, "name_fr!": _str, "decks!": {d: _int() for d in DECK_SIZES}, "melee": ATTACK,
             "ranged": ATTACK, "dual": _bool, "sniper": _bool, "opens_barricades": _bool,
             "ammo": _enum("bullets", "shells"), "backpack": _bool, "zombicide_only": _bool,
             "effect": _str, "text": _str},
    "combination": {"inputs!": _strs, "output!": _str, "keeps": _strs},
    "car": {"attack!": ATTACK, "passengers": _int(), "drive_min": _int(), "drive_max": _int()},
    "ghoul": {"name!": _str, "name_fr!": _str, "pool!": _int(), "wounds!": _int(1), "min_damage!": _int(1),
              "priority!": _int(1), "xp!": _int(), "actions": _int(1)},
    "cards": {"number!": _int(1), "kind!": _enum("spawn", "opening"), "ghoul!": _str, "counts": _counts},
    "survivor": {"name!": _str, "color!": _str, "romero!": {lv + "!": _strs for lv in LEVELS},
                 "zombicide!": {lv + "!": _strs for lv in LEVELS}},
    "skill": {"name!": _str, "name_fr!": _str, "kind!": _enum(*SKILL_KINDS),
              "action": _enum("combat", "melee", "ranged", "move", "search"), "text": _str},
    "level": {"xp!": _int()},
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


class _Entry:
    """One raw entry (a card, a ghoul type, ...) with where it came from, for error messages."""

    def __init__(self, section: str, key: Any, label: str, data: dict[str, Any], origin: str):
        self.section, self.key, self.label, self.data, self.origin = section, key, label, data, origin

    def error(self, field: str, msg: str) -> ContentError:
        return ContentError(f"{self.origin}: [{self.label}] field '{field}': {msg}")


# ----------------------------------------------------------------------------- reading, merging
def _read(path: Path, origin: str) -> dict[str, Any]:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{origin}: TOML syntax error: {exc}") from None
    except OSError as exc:
        raise ContentError(f"{origin}: cannot read ({exc.strerror})") from None


def _label(section: str, key: Any) -> str:
    return {"cards": f"card {key}", "combination": f"combination {key}"}.get(section, str(key))


def _entries(doc: dict[str, Any], fname: str, origin: str) -> dict[tuple[str, Any], _Entry]:
    """Split one parsed file into entries keyed by (section, id)."""
    out: dict[tuple[str, Any], _Entry] = {}
    layout = FILES[fname]
    notes = doc.pop("notes", {})
    if not isinstance(notes, dict) or not all(isinstance(v, str) for v in notes.values()):
        raise ContentError(f"{origin}: [notes] field 'notes': expected a table of strings")
    for section, body in doc.items():
        if section not in layout:
            raise ContentError(f"{origin}: [{section}] field '{section}': unknown section "
                               f"(expected {', '.join(layout)})")
        keyfield = layout[section]
        if keyfield == "-":  # a single table, e.g. [car]
            items = [(section, body)]
        elif keyfield is None:
            if not isinstance(body, dict):
                raise ContentError(f"{origin}: [{section}] field '{section}': expected tables [{section}.<id>]")
            items = list(body.items())
        else:
            if not isinstance(body, list):
                raise ContentError(f"{origin}: [{section}] field '{section}': expected an array of tables")
            items = []
            for i, item in enumerate(body, 1):
                if not isinstance(item, dict) or keyfield not in item:
                    raise ContentError(f"{origin}: [{section} #{i}] field '{keyfield}': missing required field")
                items.append((item[keyfield], item))
        for key, data in items:
            label = _label(section, key)
            if not isinstance(data, dict):
                raise ContentError(f"{origin}: [{label}] field '{label}': expected a table, got {data!r}")
            if (section, key) in out:
                raise ContentError(f"{origin}: [{label}] field '{keyfield}': duplicate id {key!r}")
            entry = _Entry(section, key, label, data, origin)
            if "provenance" in data:
                data["provenance"] = {k: _note(entry, k, v, notes) for k, v in _prov_table(entry).items()}
            out[(section, key)] = entry
    return out


def _note(entry: _Entry, key: str, text: Any, notes: Mapping[str, str]) -> Any:
    """Expand ``"@name"`` to the file's ``[notes]`` entry, so a long reason is written once."""
    if isinstance(text, str) and text.startswith("@"):
        if text[1:] not in notes:
            raise entry.error(f"provenance.{key}", f"unknown note {text!r} (define it under [notes])")
        return notes[text[1:]]
    return text


def _leaves(data: Mapping[str, Any], prefix: str = "") -> list[str]:
    out: list[str] = []
    for k, v in data.items():
        if k == "provenance" and not prefix:
            continue
        out.extend(_leaves(v, f"{prefix}{k}.") if isinstance(v, dict) else [prefix + k])
    return out


def _prov_table(entry: _Entry) -> dict[str, Any]:
    prov = entry.data.get("provenance", {})
    if isinstance(prov, str):
        return {"default": prov}
    if not isinstance(prov, dict):
        raise entry.error("provenance", f"expected a string or a table, got {prov!r}")
    return dict(prov)


def _most_specific(table: Mapping[str, Any], path: str) -> Any:
    """The provenance of ``"melee.dice"``: key ``"melee.dice"``, else ``"melee"``, else ``"default"``."""
    parts = path.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in table:
            return table[".".join(parts[:n])]
    return table.get("default")


def _merge(base: _Entry, user: _Entry) -> _Entry:
    """Lay a user entry over a shipped one, field by field; user fields get the user's provenance."""
    data = copy.deepcopy(base.data)
    uprov = _prov_table(user)
    prov = _prov_table(base)

    def deep(dst: dict[str, Any], src: Mapping[str, Any]) -> None:
        for k, v in src.items():
            if isinstance(v, dict) and isinstance(dst.get(k), dict):
                deep(dst[k], v)
            else:
                dst[k] = copy.deepcopy(v)
    deep(data, {k: v for k, v in user.data.items() if k != "provenance"})
    mine = uprov.setdefault("default", f"rulebook: own box ({user.origin})")
    if not base.data:  # a new entry: the player's default covers its defaulted flags too
        prov["default"] = mine
    for path in _leaves(user.data):  # the player's most specific provenance for each value they set
        prov[path] = _most_specific(uprov, path)
    prov.update({k: v for k, v in uprov.items() if k != "default"})
    data["provenance"] = prov
    return _Entry(base.section, base.key, base.label, data, user.origin)


def _gather(user_dir: Path | None) -> dict[tuple[str, Any], _Entry]:
    entries: dict[tuple[str, Any], _Entry] = {}
    for fname in FILES:
        entries.update(_entries(_read(DATA_DIR / fname, fname), fname, fname))
    if user_dir is None:
        return entries
    if not user_dir.is_dir():
        raise ContentError(f"{user_dir}: user content folder not found (NOLLAB_CONTENT or --content)")
    for path in sorted(user_dir.glob("*.toml")):
        origin = str(path)
        if path.name not in FILES:
            raise ContentError(f"{origin}: [{path.stem}] field '{path.name}': unknown content file "
                               f"(expected one of {', '.join(FILES)})")
        for key, entry in _entries(_read(path, origin), path.name, origin).items():
            base = entries.get(key) or _Entry(entry.section, entry.key, entry.label, {}, origin)
            entries[key] = _merge(base, entry)
    return entries


# ----------------------------------------------------------------------------- validation
def _parse_prov(entry: _Entry, field: str, text: Any) -> Provenance:
    if not isinstance(text, str) or ":" not in text:
        raise entry.error(field, f"expected 'rulebook: <citation>' or 'reconstructed: <reason>', got {text!r}")
    source, note = (s.strip() for s in text.split(":", 1))
    if source not in ("rulebook", "reconstructed"):
        raise entry.error(field, f"provenance source must be 'rulebook' or 'reconstructed', got {source!r}")
    if not note:
        raise entry.error(field, f"provenance '{source}' needs a citation or a reason")
    return Provenance(source, note)  # type: ignore[arg-type]


def _check(entry: _Entry) -> tuple[dict[str, Any], dict[str, Provenance]]:
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
    table = _prov_table(entry)
    provs: dict[str, Provenance] = {}
    for key, text in table.items():
        if key != "default" and key not in flat:
            raise entry.error(f"provenance.{key}", "provenance for an unknown field")
        provs[key] = _parse_prov(entry, f"provenance.{key}", text)
    resolved: dict[str, Provenance] = {}
    paths = set(_leaves(values)) | set(ALWAYS.get(entry.section, ()))
    paths |= {k for k in table if k != "default" and not isinstance(flat[k], dict)}
    for path in sorted(paths):
        found = _most_specific(provs, path)
        if found is None:
            raise entry.error(path, f"no provenance (add provenance.default or provenance.{path})")
        resolved[path] = found
    return values, resolved


def _attack(action: str, v: Mapping[str, Any], entry: _Entry, field: str) -> AttackProfile:
    if v["range_min"] > v["range_max"]:
        raise entry.error(f"{field}.range_min", f"range_min {v['range_min']} > range_max {v['range_max']}")
    return AttackProfile(action, v["range_min"], v["range_max"], v["dice"], v["accuracy"], v["damage"],
                         v.get("reload", False))  # type: ignore[arg-type]


def _frozen(d: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(d))


def _build(entries: dict[tuple[str, Any], _Entry], sources: tuple[str, ...]) -> Content:
    checked = {key: (e, *_check(e)) for key, e in entries.items()}
    by = {s: [(e, v, p) for (sec, _), (e, v, p) in checked.items() if sec == s] for s in SCHEMAS}

    skills: dict[str, Skill] = {}
    for e, v, p in by["skill"]:
        skills[e.key] = Skill(e.key, v["name"], v["name_fr"], v["kind"], v.get("action"), v.get("text", ""),
                              provenance=_frozen(p))
    _unique_names(by["skill"], "skill")

    equipment: dict[str, EquipmentCard] = {}
    for e, v, p in by["card"]:
        if sum(v["decks"].values()) < 1:
            raise e.error("decks", "a card type needs at least 1 copy in some deck")
        equipment[e.key] = EquipmentCard(
            e.key, v["name"], v["name_fr"], _frozen(v["decks"]),
            melee=_attack("melee", v["melee"], e, "melee") if "melee" in v else None,
            ranged=_attack("ranged", v["ranged"], e, "ranged") if "ranged" in v else None,
            **{k: v.get(k, False) for k in ALWAYS["card"]}, ammo=v.get("ammo"), effect=v.get("effect"),
            text=v.get("text", ""), provenance=_frozen(p))
    _unique_names(by["card"], "card")
    origin = next((e.origin for e, _, _ in by["card"] if e.origin != "equipment.toml"), "equipment.toml")
    for deck, size in DECK_SIZES.items():
        n = sum(c.decks.get(deck, 0) for c in equipment.values())
        if n != size:
            raise ContentError(f"{origin}: [decks] field '{deck}': the {deck} deck has {n} cards, "
                               f"the component list (P. 3) has {size}")

    combinations = []
    for e, v, p in by["combination"]:
        for field in ("inputs", "output", "keeps"):
            for cid in (v[field],) if field == "output" else v.get(field, ()):
                if cid not in equipment:
                    raise e.error(field, f"unknown equipment card {cid!r}")
        if not set(v.get("keeps", ())) <= set(v["inputs"]):
            raise e.error("keeps", "a kept card must be one of the inputs")
        combinations.append(Combination(v["inputs"], v["output"], v.get("keeps", ()), p["output"]))

    (car_entry, cv, cp), = by["car"] or [(None, None, None)]
    if car_entry is None:
        raise ContentError("equipment.toml: [car] field 'car': missing required section")
    car = CarCard(_attack("car", cv["attack"], car_entry, "attack"), cv.get("passengers", 5),
                  cv.get("drive_min", 1), cv.get("drive_max", 2), _frozen(cp))

    ghoul_types = {e.key: GhoulType(e.key, v["name"], v["name_fr"], v["pool"], v["wounds"], v["min_damage"],
                                    v["priority"], v["xp"], v.get("actions", 1), _frozen(p))
                   for e, v, p in by["ghoul"]}
    deck = []
    for e, v, p in sorted(by["cards"], key=lambda t: t[1]["number"]):
        if v["ghoul"] not in ghoul_types:
            raise e.error("ghoul", f"unknown ghoul type {v['ghoul']!r} (expected {', '.join(ghoul_types)})")
        if v["kind"] == "spawn" and "counts" not in v:
            raise e.error("counts", "missing required field (a spawn card needs [Blue, Yellow, Orange, Red])")
        worst = next((p[k] for k in ("counts", "ghoul", "kind") if k in p and p[k].reconstructed), p["ghoul"])
        deck.append(GhoulCard(v["number"], v["kind"], v["ghoul"], v.get("counts", (0, 0, 0, 0)), worst,
                              field_provenance=_frozen(p)))
    numbers = [c.number for c in deck]
    if numbers != list(range(1, GHOUL_DECK_SIZE + 1)):
        e = by["cards"][-1][0] if by["cards"] else None
        missing = sorted(set(range(1, GHOUL_DECK_SIZE + 1)) - set(numbers))
        extra = sorted(set(numbers) - set(range(1, GHOUL_DECK_SIZE + 1)))
        raise ContentError(f"{e.origin if e else 'ghoul_deck.toml'}: [cards] field 'number': the Ghoul deck "
                           f"must be {GHOUL_DECK_SIZE} cards numbered 1..{GHOUL_DECK_SIZE} (P. 32); has "
                           f"{len(numbers)}, missing {missing}, unexpected {extra}")

    survivors = {}
    for e, v, p in by["survivor"]:
        trees = {}
        for mode, sizes in (("romero", ROMERO_SIZES), ("zombicide", ZOMBICIDE_SIZES)):
            for lv, size in zip(LEVELS, sizes):
                ids = v[mode][lv]
                if len(ids) != size:
                    raise e.error(f"{mode}.{lv}", f"{mode.capitalize()} Mode has {size} skill(s) at {lv.capitalize()} "
                                                  f"(P. 14), got {len(ids)}")
                for sid in ids:
                    if sid not in skills:
                        raise e.error(f"{mode}.{lv}", f"unknown skill {sid!r} (not in skills.toml)")
            if mode == "zombicide" and v[mode]["yellow"] != ("plus_1_action",):
                raise e.error("zombicide.yellow", "the Zombicide Yellow skill is always +1 Action (P. 14)")
            trees[mode] = SkillTree(tuple(v[mode][lv] for lv in LEVELS))  # type: ignore[arg-type]
        survivors[e.key] = SurvivorCard(e.key, v["name"], v["color"], trees["romero"], trees["zombicide"], _frozen(p))

    levels = {e.key: (e, v["xp"], p["xp"]) for e, v, p in by["level"]}
    if set(levels) != set(LEVELS):
        e0 = next(iter(levels.values()))[0] if levels else None
        raise ContentError(f"{e0.origin if e0 else 'danger.toml'}: [level] field 'level': expected exactly "
                           f"{', '.join(LEVELS)}, got {', '.join(levels) or 'none'}")
    xps = tuple(levels[lv][1] for lv in LEVELS)
    if xps[0] != 0 or any(a >= b for a, b in zip(xps, xps[1:])):
        bad = next(lv for i, lv in enumerate(LEVELS) if (i == 0 and xps[0] != 0) or (i and xps[i] <= xps[i - 1]))
        raise levels[bad][0].error("xp", f"thresholds must start at 0 and increase, got {xps}")

    return Content(
        equipment=_frozen(equipment), combinations=tuple(combinations), car=car,
        ghoul_types=_frozen(ghoul_types), ghoul_deck=tuple(deck), survivors=_frozen(survivors),
        skills=_frozen(skills), danger_thresholds=xps, sources=sources,  # type: ignore[arg-type]
        danger_provenance=_frozen({lv: levels[lv][2] for lv in LEVELS}))


def _unique_names(rows: list[tuple[_Entry, dict[str, Any], Any]], what: str) -> None:
    seen: dict[str, str] = {}
    for e, v, _ in rows:
        key = v["name"].lower()
        if key in seen:
            raise e.error("name", f"duplicate {what} name {v['name']!r} (also used by [{seen[key]}])")
        seen[key] = e.label


# ----------------------------------------------------------------------------- public API
def _user_path(user_dir: str | os.PathLike | None) -> Path | None:
    if user_dir is None:
        user_dir = os.environ.get("NOLLAB_CONTENT") or None
    return None if user_dir is None else Path(user_dir).expanduser().resolve()


def _stamp(user: Path | None) -> tuple:
    paths = [DATA_DIR / f for f in FILES] + (sorted(user.glob("*.toml")) if user and user.is_dir() else [])
    return tuple((str(p), p.stat().st_mtime_ns if p.exists() else 0) for p in paths)


@functools.lru_cache(maxsize=8)
def _load_cached(user: Path | None, stamp: tuple) -> Content:
    sources = tuple(s for s, _ in stamp)
    return _build(_gather(user), sources)


def load_content(user_dir: str | os.PathLike | None = None) -> Content:
    """Load the shipped content, overridden card by card by ``user_dir`` (default: ``$NOLLAB_CONTENT``).

    Raises :class:`ContentError` (naming file, entry and field) and loads nothing if any file is bad.
    The result is cached on the folder and the files' modification times.
    """
    user = _user_path(user_dir)
    return _load_cached(user, _stamp(user))


def _category_provenance(content: Content) -> dict[str, list[Provenance]]:
    eq = [p for c in content.equipment.values() for p in c.provenance.values()]
    return {
        "equipment": eq,
        "combinations": [c.provenance for c in content.combinations for _ in ("inputs", "output")]
        + [c.provenance for c in content.combinations if c.keeps],
        "car": list(content.car.provenance.values()),
        "ghoul_types": [p for g in content.ghoul_types.values() for p in g.provenance.values()],
        "ghoul_deck": [p for c in content.ghoul_deck for p in c.field_provenance.values()],
        "survivors": [p for s in content.survivors.values() for p in s.provenance.values()],
        "skills": [p for s in content.skills.values() for p in s.provenance.values()],
        "danger": list(content.danger_provenance.values()),
    }


def provenance_summary(content: Content) -> dict[str, dict[str, int]]:
    """Count values from the rulebook vs reconstructed, per category and overall (``"total"``).

    A value is one field of one entry (a card's ``melee.dice``, a ghoul card's ``counts``, a
    survivor's ``zombicide.red`` options, ...), including flags that take their default.
    """
    out: dict[str, dict[str, int]] = {}
    for cat, provs in _category_provenance(content).items():
        n = sum(p.reconstructed for p in provs)
        out[cat] = {"rulebook": len(provs) - n, "reconstructed": n}
    out["total"] = {k: sum(v[k] for v in out.values()) for k in ("rulebook", "reconstructed")}
    return out
