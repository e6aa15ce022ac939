"""Load and validate the game content in ``nollab/data/*.toml`` (plus a player's overrides).

``load_content()`` reads the shipped TOML files, lays a player's content folder over them
(``NOLLAB_CONTENT=path`` or the ``user_dir`` argument) and returns the frozen objects of
:mod:`nollab.content_model`. Everything is validated first and nothing is loaded partially:
any problem raises one :class:`ContentError` whose message names the file, the entry and the
field (``equipment.toml: [sawed_off] field 'ranged.dice': expected a non-negative integer,
got 'two'``). The schema and the checks of one entry are in :mod:`nollab.content_schema`; this
module reads, merges and assembles the entries, with the checks that span several of them.

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
from typing import Any, Mapping

from nollab.content_model import (
    AttackProfile, CarCard, Combination, Content, EquipmentCard, GhoulCard,
    GhoulType, Provenance, Skill, SkillTree, SurvivorCard,
)
from nollab.safe_io import InputFileError, parse_toml, read_text_file
from nollab.content_schema import (
    ALWAYS, DECK_SIZES, FILES, GHOUL_DECK_SIZE, LEVELS, ROMERO_SIZES, SCHEMAS, ZOMBICIDE_SIZES, ContentError,
    Entry, check_entry, leaves, most_specific, prov_table,
)

__all__ = ["ContentError", "DATA_DIR", "DECK_SIZES", "FILES", "LEVELS", "load_content", "provenance_summary"]

DATA_DIR = Path(__file__).resolve().parent / "data"


# ----------------------------------------------------------------------------- reading, merging
def _read(path: Path, origin: str) -> dict[str, Any]:
    """One content file, bounded and UTF-8 (:mod:`nollab.safe_io`); ContentError naming it."""
    try:
        return parse_toml(read_text_file(path, what="content file"), origin)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{origin}: TOML syntax error: {exc}") from None
    except InputFileError as exc:
        raise ContentError(str(exc).replace(str(path), origin, 1)) from None


def _label(section: str, key: Any) -> str:
    return {"cards": f"card {key}", "combination": f"combination {key}"}.get(section, str(key))


def _entries(doc: dict[str, Any], fname: str, origin: str) -> dict[tuple[str, Any], Entry]:
    """Split one parsed file into entries keyed by (section, id)."""
    out: dict[tuple[str, Any], Entry] = {}
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
            entry = Entry(section, key, label, data, origin)
            if "provenance" in data:
                data["provenance"] = {k: _note(entry, k, v, notes) for k, v in prov_table(entry).items()}
            out[(section, key)] = entry
    return out


def _note(entry: Entry, key: str, text: Any, notes: Mapping[str, str]) -> Any:
    """Expand ``"@name"`` to the file's ``[notes]`` entry, so a long reason is written once."""
    if isinstance(text, str) and text.startswith("@"):
        if text[1:] not in notes:
            raise entry.error(f"provenance.{key}", f"unknown note {text!r} (define it under [notes])")
        return notes[text[1:]]
    return text


def _merge(base: Entry, user: Entry) -> Entry:
    """Lay a user entry over a shipped one, field by field; user fields get the user's provenance."""
    data = copy.deepcopy(base.data)
    uprov = prov_table(user)
    prov = prov_table(base)

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
    for path in leaves(user.data):  # the player's most specific provenance for each value they set
        prov[path] = most_specific(uprov, path)
    prov.update({k: v for k, v in uprov.items() if k != "default"})
    data["provenance"] = prov
    return Entry(base.section, base.key, base.label, data, user.origin)


def _gather(user_dir: Path | None) -> dict[tuple[str, Any], Entry]:
    entries: dict[tuple[str, Any], Entry] = {}
    for fname in FILES:
        entries.update(_entries(_read(DATA_DIR / fname, fname), fname, fname))
    if user_dir is None:
        return entries
    if not user_dir.is_dir():
        raise ContentError(f"{user_dir}: user content folder not found (NOLLAB_CONTENT or --content)")
    if not os.access(user_dir, os.R_OK | os.X_OK):  # never fall back on the shipped content silently
        raise ContentError(f"{user_dir}: user content folder cannot be read (permission denied)")
    for path in sorted(user_dir.glob("*.toml")):
        origin = str(path)
        if path.name not in FILES:
            raise ContentError(f"{origin}: [{path.stem}] field '{path.name}': unknown content file "
                               f"(expected one of {', '.join(FILES)})")
        for key, entry in _entries(_read(path, origin), path.name, origin).items():
            base = entries.get(key) or Entry(entry.section, entry.key, entry.label, {}, origin)
            entries[key] = _merge(base, entry)
    return entries


# ----------------------------------------------------------------------------- assembly
def _attack(action: str, v: Mapping[str, Any], entry: Entry, field: str) -> AttackProfile:
    if v["range_min"] > v["range_max"]:
        raise entry.error(f"{field}.range_min", f"range_min {v['range_min']} > range_max {v['range_max']}")
    return AttackProfile(action, v["range_min"], v["range_max"], v["dice"], v["accuracy"], v["damage"],
                         v.get("reload", False))  # type: ignore[arg-type]


def _frozen(d: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(d))


def _build(entries: dict[tuple[str, Any], Entry], sources: tuple[str, ...]) -> Content:
    checked = {key: (e, *check_entry(e)) for key, e in entries.items()}
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


def _unique_names(rows: list[tuple[Entry, dict[str, Any], Any]], what: str) -> None:
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
