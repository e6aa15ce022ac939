"""Pass 1 of the save schema (:mod:`nollab.rules.saves`): the shape and types of a whole save, against
the content (card ids, survivors, Ghoul card numbers, task and decision names). Pure: builds nothing."""
from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

from nollab.board.model import SPAWN_COLOURS, OpeningKind
from nollab.content_model import GHOUL_TYPES
from nollab.rules.engine.choices import RESOLVERS
from nollab.rules.engine.state import Choice, GameState, SurvivorState
from nollab.rules.engine.tasks import TASKS
from nollab.rules.saves.fields import (MAX, SaveError, as_bool, as_dict, as_int, as_list, as_str, fail,
                                       json_value, known_fields, short)
from nollab.rules.saves.places import check_sandbox

__all__ = ["check_document"]

PHASES = ("setup", "players", "ghouls", "end", "over")
RESULTS = (None, "won", "lost")
MODES = ("romero", "zombicide")
LOG_KINDS = {"action": {"action"}, "choice": {"option"}, "discard": {"survivor", "uid"}, "step": set(),
             "chance": {"outcome"}, "explicit_chance": {"on"}, "rig": {"faces"}}
TOP = {"format", "scene", "options", "survivors", "state", "log", "events", "explicit_chance", "sandbox"}
TOP_REQUIRED = {"format", "scene", "options", "survivors", "state", "log", "events"}
#: ``Game.new`` options a save may carry (:data:`nollab.rules.game.KNOWN_OPTIONS`)
OPTIONS = frozenset({"players", "ultrared", "ghoul_cards", "start_xp"})


def check_document(d: Any, content) -> None:
    """Pass 1: shape and types of the whole save (see the module docstring). SaveError names the path."""
    if not isinstance(d, dict):
        raise SaveError(f"a saved game is a JSON object, got {type(d).__name__ if d is not None else 'null'}")
    if d.get("format") != "nollab-game/1":
        raise SaveError("format: not a nollab game (expected \"nollab-game/1\")")
    known_fields("save", d, TOP, TOP_REQUIRED)
    _options("options", d["options"], content)
    survivors = d["survivors"]
    if survivors is not None:
        as_list("survivors", survivors, 6)
        for i, x in enumerate(survivors):
            as_str(f"survivors[{i}]", x, content.survivors)
        if len(set(survivors)) != len(survivors):
            raise fail("survivors", "a survivor is named twice")
    if "explicit_chance" in d:
        as_bool("explicit_chance", d["explicit_chance"])
    check_state("state", d["state"], content)
    _log("log", d["log"])
    check_events("events", d["events"])
    if "sandbox" in d:
        check_sandbox("sandbox", d["sandbox"], content, check_state, check_events)


def _options(path: str, o: Any, content) -> None:

    as_dict(path, o)
    known_fields(path, o, OPTIONS)
    if "players" in o:
        for i, g in enumerate(as_list(f"{path}.players", o["players"], 6)):
            for j, x in enumerate(as_list(f"{path}.players[{i}]", g, 6)):
                as_str(f"{path}.players[{i}][{j}]", x, content.survivors)
    if "ultrared" in o:
        as_bool(f"{path}.ultrared", o["ultrared"])
    if "start_xp" in o:
        as_int(f"{path}.start_xp", o["start_xp"], 0, MAX["xp"])
    if "ghoul_cards" in o:
        numbers = {c.number for c in content.ghoul_deck}
        for i, n in enumerate(as_list(f"{path}.ghoul_cards", o["ghoul_cards"], 1_000)):
            if isinstance(n, bool) or n not in numbers:
                raise fail(f"{path}.ghoul_cards[{i}]", f"not a Ghoul card number, got {short(n)}")


def _uid(path: str, v: Any, ncards: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < ncards:
        raise fail(path, f"expected a card uid 0..{ncards - 1}, got {short(v)}")
    return v


def _uids(path: str, v: Any, ncards: int) -> list:
    for i, u in enumerate(as_list(path, v, ncards)):
        _uid(f"{path}[{i}]", u, ncards)
    return v


def check_state(path: str, st: Any, content) -> None:


    as_dict(path, st)
    names = {f.name for f in fields(GameState)}
    known_fields(path, st, names, names - {"rigged"})
    as_str(f"{path}.scene", st["scene"])
    as_int(f"{path}.seed", st["seed"], -(2**63), 2**64)
    as_int(f"{path}.rng", st["rng"], 0, 2**64 - 1)
    cards = as_list(f"{path}.cards", st["cards"], MAX["cards"])
    for i, c in enumerate(cards):
        as_str(f"{path}.cards[{i}]", c, content.equipment)
    origin = as_list(f"{path}.origin", st["origin"], MAX["cards"])
    if len(origin) != len(cards):
        raise fail(f"{path}.origin", f"one deck per card: {len(cards)} cards, {len(origin)} decks")
    decks = ("starting", "ranged", "melee", "house", "special")
    for i, o in enumerate(origin):
        as_str(f"{path}.origin[{i}]", o, decks)
    n = len(cards)
    as_int(f"{path}.round", st["round"], 0, MAX["round"])
    as_str(f"{path}.phase", st["phase"], PHASES)
    if st["result"] not in RESULTS:
        raise fail(f"{path}.result", f"expected null, \"won\" or \"lost\", got {short(st['result'])}")
    as_str(f"{path}.reason", st["reason"])
    sids = []
    for i, s in enumerate(as_list(f"{path}.survivors", st["survivors"], 6)):
        sids.append(_survivor(f"{path}.survivors[{i}]", s, content, n))
    if len(set(sids)) != len(sids):
        raise fail(f"{path}.survivors", "a survivor is listed twice")
    seated = []
    for i, g in enumerate(as_list(f"{path}.players", st["players"], 6)):
        for j, x in enumerate(as_list(f"{path}.players[{i}]", g, 6)):
            seated.append(as_str(f"{path}.players[{i}][{j}]", x, sids))
    if sorted(seated) != sorted(sids):
        raise fail(f"{path}.players", "must seat exactly the survivors of the game, once each")
    as_int(f"{path}.first_player", st["first_player"], 0, max(len(st["players"]) - 1, 0))
    as_int(f"{path}.turn", st["turn"], 0, 6)
    if st["active"] is not None:
        as_str(f"{path}.active", st["active"], sids)
    for z, c in as_dict(f"{path}.ghouls", st["ghouls"]).items():
        counts = as_list(f"{path}.ghouls.{z}", c, len(GHOUL_TYPES))
        if len(counts) != len(GHOUL_TYPES):
            raise fail(f"{path}.ghouls.{z}", f"expected {len(GHOUL_TYPES)} counts ({', '.join(GHOUL_TYPES)})")
        for k, x in enumerate(counts):
            as_int(f"{path}.ghouls.{z}[{k}]", x, 0, MAX["count"])
    for oid, v in as_dict(f"{path}.opening_open", st["opening_open"]).items():
        as_bool(f"{path}.opening_open.{oid}", v)
    for oid, v in as_dict(f"{path}.opening_kind", st["opening_kind"]).items():
        as_str(f"{path}.opening_kind.{oid}", v, [k.value for k in OpeningKind])
    for key in ("decks", "discards"):
        for deck, pile in as_dict(f"{path}.{key}", st[key]).items():
            as_str(f"{path}.{key} key", deck, decks)
            _uids(f"{path}.{key}.{deck}", pile, n)
    for cid, pile in as_dict(f"{path}.supply", st["supply"]).items():
        as_str(f"{path}.supply key", cid, content.equipment)
        _uids(f"{path}.supply.{cid}", pile, n)
    for where, pile in as_dict(f"{path}.aside", st["aside"]).items():
        _uids(f"{path}.aside.{where}", pile, n)
    _uids(f"{path}.fired", st["fired"], n)
    for i, pair in enumerate(as_list(f"{path}.dual_fired", st["dual_fired"], n)):
        if len(_uids(f"{path}.dual_fired[{i}]", pair, n)) != 2:
            raise fail(f"{path}.dual_fired[{i}]", "expected a pair of card uids")
    numbers = {c.number for c in content.ghoul_deck}
    for key in ("ghoul_deck", "ghoul_discard"):
        for i, x in enumerate(as_list(f"{path}.{key}", st[key], 1_000)):
            if isinstance(x, bool) or x not in numbers:
                raise fail(f"{path}.{key}[{i}]", f"not a Ghoul card number, got {short(x)}")
    if len(set(st["ghoul_deck"]) | set(st["ghoul_discard"])) != len(st["ghoul_deck"]) + len(st["ghoul_discard"]):
        raise fail(f"{path}.ghoul_deck", "a Ghoul card is in the deck or discard pile twice")
    for i, t in enumerate(as_list(f"{path}.spawns", st["spawns"], 64)):
        tok = as_list(f"{path}.spawns[{i}]", t, 2)
        if len(tok) != 2:
            raise fail(f"{path}.spawns[{i}]", "expected [zone, colour]")
        as_str(f"{path}.spawns[{i}][0]", tok[0])
        as_str(f"{path}.spawns[{i}][1]", tok[1], SPAWN_COLOURS)
    if st["car"] is not None:
        car = as_dict(f"{path}.car", st["car"])
        known_fields(f"{path}.car", car, {"zone"}, {"zone"})
        as_str(f"{path}.car.zone", car["zone"])
    as_dict(f"{path}.flags", st["flags"])
    json_value(f"{path}.flags", st["flags"], [MAX["flags"]])
    for g, k in as_dict(f"{path}.kills", st["kills"]).items():
        as_str(f"{path}.kills key", g, GHOUL_TYPES)
        as_int(f"{path}.kills.{g}", k, 0, MAX["flags"])
    _queue(f"{path}.queue", st["queue"])
    for i, f in enumerate(as_list(f"{path}.rigged", st.get("rigged", []), 1_000)):
        as_int(f"{path}.rigged[{i}]", f, 1, 6)
    if st["pending"] is not None:
        _choice(f"{path}.pending", st["pending"])
    as_int(f"{path}.steps", st["steps"], 0, MAX["steps"])


def _survivor(path: str, s: Any, content, ncards: int) -> str:


    as_dict(path, s)
    names = {f.name for f in fields(SurvivorState)}
    known_fields(path, s, names, {f.name for f in fields(SurvivorState)
                             if f.default is MISSING and f.default_factory is MISSING})  # type: ignore[misc]
    sid = as_str(f"{path}.id", s["id"], content.survivors)
    as_str(f"{path}.zone", s["zone"])
    for f in fields(SurvivorState):
        if f.name not in s or f.name in ("id", "zone"):
            continue
        v, p = s[f.name], f"{path}.{f.name}"
        if isinstance(f.default, bool):
            as_bool(p, v)
        elif isinstance(f.default, int):
            as_int(p, v, 0, MAX["xp"] if "xp" in f.name else MAX["wounds"])
    if "mode" in s:
        as_str(f"{path}.mode", s["mode"], MODES)
    hands = as_list(f"{path}.hands", s.get("hands", [None, None]), 2)
    if len(hands) != 2:
        raise fail(f"{path}.hands", "expected two Hands (a card uid or null each)")
    for i, u in enumerate(hands):
        if u is not None:
            _uid(f"{path}.hands[{i}]", u, ncards)
    _uids(f"{path}.backpack", s.get("backpack", []), ncards)
    for i, sl in enumerate(as_list(f"{path}.slots", s.get("slots", []), 16)):
        pair = as_list(f"{path}.slots[{i}]", sl, 2)
        if len(pair) != 2:
            raise fail(f"{path}.slots[{i}]", "expected [level, index]")
        as_int(f"{path}.slots[{i}][0]", pair[0], 0, 3)
        as_int(f"{path}.slots[{i}][1]", pair[1], 0, 3)
    for i, k in enumerate(as_list(f"{path}.extra_skills", s.get("extra_skills", []), 64)):
        as_str(f"{path}.extra_skills[{i}]", k, content.skills)
    for key in ("free_spent", "granted"):
        for k, v in as_dict(f"{path}.{key}", s.get(key, {})).items():
            as_int(f"{path}.{key}.{k}", v, 0, MAX["wounds"])
    for i, u in enumerate(as_list(f"{path}.used", s.get("used", []), 64)):
        as_str(f"{path}.used[{i}]", u)
    for g, k in as_dict(f"{path}.kills", s.get("kills", {})).items():
        as_str(f"{path}.kills key", g, GHOUL_TYPES)
        as_int(f"{path}.kills.{g}", k, 0, MAX["flags"])
    return sid


def _queue(path: str, q: Any) -> None:

    for i, t in enumerate(as_list(path, q, 10_000)):
        task = as_list(f"{path}[{i}]", t, 64)
        if not task:
            raise fail(f"{path}[{i}]", "an empty task")
        as_str(f"{path}[{i}][0]", task[0], TASKS)
        json_value(f"{path}[{i}]", task, [10_000])


def _choice(path: str, c: Any) -> None:


    as_dict(path, c)
    names = {f.name for f in fields(Choice)}
    known_fields(path, c, names, {"kind", "survivor", "prompt", "page", "options", "labels"})
    kind = as_str(f"{path}.kind", c["kind"])
    if kind not in RESOLVERS and not kind.startswith("scene:"):
        raise fail(f"{path}.kind", f"unknown decision {short(kind)}")
    if c["survivor"] is not None:
        as_str(f"{path}.survivor", c["survivor"])
    as_str(f"{path}.prompt", c["prompt"])
    as_str(f"{path}.page", c["page"])
    opts = as_list(f"{path}.options", c["options"], 10_000)
    labels = as_list(f"{path}.labels", c["labels"], 10_000)
    if not opts or len(labels) != len(opts):
        raise fail(f"{path}.options", "a decision needs options, one label each")
    json_value(f"{path}.options", opts, [100_000])
    for i, lab in enumerate(labels):
        as_str(f"{path}.labels[{i}]", lab)
    if "default" in c:
        as_int(f"{path}.default", c["default"], 0, len(opts) - 1)
    if "default_name" in c:
        as_str(f"{path}.default_name", c["default_name"])
    if "data" in c:
        as_dict(f"{path}.data", c["data"])
        json_value(f"{path}.data", c["data"], [100_000])


def _log(path: str, log: Any) -> None:
    for i, e in enumerate(as_list(path, log, MAX["log"])):
        p = f"{path}[{i}]"
        as_dict(p, e)
        t = as_str(f"{p}.t", e.get("t"), LOG_KINDS)
        known_fields(p, e, LOG_KINDS[t] | {"t"}, LOG_KINDS[t])
        if t == "action":
            a = as_dict(f"{p}.action", e["action"])
            known_fields(f"{p}.action", a, {"kind", "survivor", "params"}, {"kind", "survivor"})
            as_str(f"{p}.action.kind", a["kind"])
            as_str(f"{p}.action.survivor", a["survivor"])
            json_value(f"{p}.action.params", as_list(f"{p}.action.params", a.get("params", []), 64), [1_000])
        elif t in ("choice", "chance"):
            json_value(f"{p}.{'option' if t == 'choice' else 'outcome'}", e.get("option", e.get("outcome")), [1_000])
        elif t == "discard":
            as_str(f"{p}.survivor", e["survivor"])
            as_int(f"{p}.uid", e["uid"], 0, MAX["cards"])
        elif t == "explicit_chance":
            as_bool(f"{p}.on", e["on"])
        elif t == "rig":
            for k, f in enumerate(as_list(f"{p}.faces", e["faces"], 1_000)):
                as_int(f"{p}.faces[{k}]", f, 1, 6)


def check_events(path: str, events: Any) -> None:
    budget = [10 * MAX["events"]]
    for i, e in enumerate(as_list(path, events, MAX["events"])):
        p = f"{path}[{i}]"
        as_dict(p, e)
        known_fields(p, e, {"kind", "page", "text", "round", "phase", "data"}, {"kind", "page", "text"})
        for k in ("kind", "page", "text", "phase"):
            if k in e:
                as_str(f"{p}.{k}", e[k])
        if "round" in e:
            as_int(f"{p}.round", e["round"], 0, MAX["round"])
        if "data" in e:
            as_dict(f"{p}.data", e["data"])
            json_value(f"{p}.data", e["data"], budget)
