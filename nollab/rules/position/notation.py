"""Writing a position as text: ``game.position()`` (the format: ``docs/position.md``).

A position is one line, like a chess FEN: ``NOTLD1``, the Scene id, then ``key=value`` fields
separated by spaces, in a fixed order, fields equal to their default left out. Everything the
state holds is written, so :func:`nollab.rules.position.parse.read_position` gives a state with
the same ``state_hash()``. Cards are written by copy name (:mod:`.cards`); piles (draw piles,
discards, the Ghoul deck) bottom to top: **the last card is the top, drawn first**.

Separators: `` `` between fields, ``=`` after the key, ``,`` between list items, ``/`` inside an
item, ``@`` between a Survivor and their Zone. Free text and JSON values are percent-escaped (a
space is ``%20``) so the line never breaks.
"""
from __future__ import annotations

import json

from nollab.content_model import GHOUL_TYPES
from nollab.rules.position.cards import CardNames, box_layout
from nollab.rules.scenes.scene import load_scene

MAGIC = "NOTLD1"
#: Ghoul type letters in the ``ghouls=`` and ``kills=`` fields (P. 17)
GHOUL_LETTER = {"walker": "W", "breaker": "B", "fatty": "F", "relative": "R"}
LETTER_GHOUL = {v: k for k, v in GHOUL_LETTER.items()}
#: Danger Level letters of the Skill tracker slots (P. 14)
LEVEL_LETTER = "BYOR"
#: Survivor on/off facts written as bare words (SurvivorState field -> word)
SURVIVOR_FLAGS = {"searched": "searched", "hit_and_run": "hitrun", "activated": "activated", "done": "done",
                  "in_car": "incar", "driver": "driver"}
DEFAULT_DECKS = ("ranged", "melee", "house")
DEFAULT_DISCARDS = ("ranged", "melee", "house", "starting")
#: characters an id written as is may hold (every shipped Zone, Opening, card, hook id)
SAFE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:_-.~#!'()[]{}<>?;*&$^|")


def esc(text: str) -> str:
    """Percent-escape what could break the line (whitespace, ``%``, controls, non-ASCII): free text
    and JSON are whole field values, never split at ``,`` or ``/``."""
    out = []
    for ch in text:
        if " " < ch < "\x7f" and ch != "%":
            out.append(ch)
        else:
            out.extend(f"%{b:02X}" for b in ch.encode("utf-8"))
    return "".join(out)


def _ident(kind: str, v: str) -> str:
    """An id written as is: it must not hold a separator (true of every shipped Zone/Opening/card)."""
    if not isinstance(v, str) or not v or any(ch not in SAFE for ch in v):
        raise ValueError(f"position: {kind} id {v!r} cannot be written (it holds a separator)")
    return v


def ghoul_counts(counts) -> str:
    """``(2, 1, 0, 0)`` -> ``"W2B"`` (a letter per Ghoul present, its count when more than 1)."""
    return "".join(GHOUL_LETTER[g] + (str(n) if n != 1 else "") for g, n in zip(GHOUL_TYPES, counts) if n)


def _kills(d: dict) -> str:
    return "".join(GHOUL_LETTER[g] + str(d[g]) for g in GHOUL_TYPES if g in d)


def _json(v) -> str:
    return esc(json.dumps(v, sort_keys=True, separators=(",", ":")))


def _survivor(s, names: CardNames, content) -> str:
    card = lambda u: "-" if u is None else names.name(u)  # noqa: E731
    parts = [f"{_ident('survivor', s.id)}@{_ident('zone', s.zone)}", _ident("mode", s.mode)]
    if s.wounds:
        parts.append(f"w={s.wounds}")
    if s.xp:
        parts.append(f"xp={s.xp}")
    if s.xp_total != s.xp:
        parts.append(f"total={s.xp_total}")
    if s.red_laps:
        parts.append(f"laps={s.red_laps}")
    if s.lap_level != int(content.danger_level(s.xp)):
        parts.append(f"lap={s.lap_level}")
    if s.slots != [[0, 0]]:
        parts.append("skills=" + "/".join(f"{LEVEL_LETTER[lv]}{i}" for lv, i in s.slots))
    if s.extra_skills:
        parts.append("extra=" + "/".join(_ident("skill", k) for k in s.extra_skills))
    if s.hands != [None, None]:
        parts.append("hands=" + "/".join(card(u) for u in s.hands))
    if s.backpack:
        parts.append("pack=" + "/".join(card(u) for u in s.backpack))
    for key, field in (("barricades", s.barricades), ("spent", s.spent)):
        if field:
            parts.append(f"{key}={field}")
    for key, d in (("free", s.free_spent), ("granted", s.granted)):
        if d:
            parts.append(f"{key}=" + "/".join(f"{_ident(key, k)}:{d[k]}" for k in sorted(d)))
    if s.used:
        parts.append("used=" + "/".join(_ident("skill", k) for k in s.used))
    if s.kills:
        parts.append(f"kills={_kills(s.kills)}")
    parts += [word for field, word in SURVIVOR_FLAGS.items() if getattr(s, field)]
    if not s.alive:
        parts.append("dead")
    return "s=" + ",".join(parts)


def write_position(st, scene, content, options: dict, events: int = 1) -> str:
    """The notation of ``st`` (a GameState) on ``scene`` (a shipped Scene, after ``sync``);
    ``events``: how many events the game has logged (hooks count them, see ``earlier_events``)."""
    if scene.id == "sandbox" or st.scene != scene.id:
        raise ValueError("position: a game on a hand-made board has no notation (it names a shipped "
                         "Scene's map); save it with to_json()")
    names = CardNames(st.cards, st.origin)
    if (list(st.cards), list(st.origin)) != box_layout(content):
        raise ValueError("position: this game's card box is not the content's (other content folder?)")
    cn = names.name
    f = [MAGIC, _ident("scene", scene.id), f"round={st.round}", f"phase={_ident('phase', st.phase)}"]
    if st.result is not None:
        f.append(f"result={_ident('result', st.result)}")
    if st.reason:
        f.append(f"reason={esc(st.reason)}")
    f.append(f"first={st.first_player}")
    f.append(f"turn={st.turn}")
    if st.active is not None:
        f.append(f"active={_ident('survivor', st.active)}")
    if st.players != [[x] for x in st.survivors]:
        f.append("players=" + ",".join("+".join(_ident("survivor", x) for x in grp) for grp in st.players))
    f += [_survivor(s, names, content) for s in st.survivors.values()]
    if st.ghouls:
        f.append("ghouls=" + ",".join(f"{_ident('zone', z)}/{ghoul_counts(st.ghouls[z])}" for z in sorted(st.ghouls)))
    default = {oid: bool(o.initially_open) for oid, o in scene.board.openings.items()}
    if set(st.opening_open) == set(default):
        opened = sorted(o for o, v in st.opening_open.items() if v and not default[o])
        closed = sorted(o for o, v in st.opening_open.items() if not v and default[o])
        if opened:
            f.append("opened=" + ",".join(_ident("opening", o) for o in opened))
        if closed:
            f.append("closed=" + ",".join(_ident("opening", o) for o in closed))
    else:  # the Openings in play are not the map's (never in the shipped Scenes): all of them
        f.append("openings=" + ",".join(f"{_ident('opening', o)}/{int(v)}" for o, v in sorted(st.opening_open.items())))
    if st.opening_kind:
        f.append("kinds=" + ",".join(f"{_ident('opening', o)}/{_ident('kind', k)}"
                                      for o, k in sorted(st.opening_kind.items())))
    for deck in sorted(st.decks, key=lambda d: (d not in DEFAULT_DECKS, d)):
        if st.decks[deck] or deck not in DEFAULT_DECKS:
            f.append(f"draw.{_ident('deck', deck)}=" + ",".join(cn(u) for u in st.decks[deck]))
    for deck in sorted(st.discards, key=lambda d: (d not in DEFAULT_DISCARDS, d)):
        if st.discards[deck] or deck not in DEFAULT_DISCARDS:
            f.append(f"discard.{_ident('deck', deck)}=" + ",".join(cn(u) for u in st.discards[deck]))
    if st.supply != default_supply(st.cards, st.origin):
        f.append("supply=" + ",".join("/".join([_ident("card", c)] + [cn(u) for u in us])
                                      for c, us in sorted(st.supply.items())))
    if st.aside:
        f.append("aside=" + ",".join("/".join([_ident("place", p)] + [cn(u) for u in us])
                                     for p, us in sorted(st.aside.items())))
    if st.fired:
        f.append("fired=" + ",".join(cn(u) for u in st.fired))
    if st.dual_fired:
        f.append("dual=" + ",".join("/".join(cn(u) for u in pair) for pair in st.dual_fired))
    f.append("gdeck=" + ",".join(str(n) for n in st.ghoul_deck))
    if st.ghoul_discard:
        f.append("gdiscard=" + ",".join(str(n) for n in st.ghoul_discard))
    if st.spawns != [[t.zone, t.colour] for t in scene.tokens.spawns]:
        f.append("spawns=" + ",".join(f"{_ident('zone', z)}/{_ident('colour', c)}" for z, c in st.spawns))
    if st.car is not None:
        if set(st.car) != {"zone"}:
            raise ValueError(f"position: Car state {st.car!r} cannot be written")
        f.append(f"car={_ident('zone', st.car['zone'])}")
    if st.kills:
        f.append(f"kills={_kills(st.kills)}")
    if options.get("ultrared"):
        f.append("options=ultrared")
    hooks = list(scene.data.get("hooks", []))
    if hooks != list(load_scene(scene.id).data.get("hooks", [])):
        f.append("hooks=" + ",".join(_ident("hook", h) for h in hooks))
    if st.flags:
        f.append(f"flags={_json(st.flags)}")
    if st.queue:
        f.append(f"queue={_json([t.to_json() for t in st.queue])}")
    if st.rigged:
        f.append("rigged=" + ",".join(str(x) for x in st.rigged))
    if st.pending is not None:
        f.append(f"pending={_json(st.pending.to_dict())}")
    f += [f"events={max(1, events)}", f"steps={st.steps}", f"seed={st.seed}", f"rng={st.rng:x}"]
    return " ".join(f)


def default_supply(cards, origin) -> dict:
    """The special cards not in play at setup: every ``special`` copy, by card, in box order (P. 29-30)."""
    out: dict[str, list[int]] = {}
    for u, (c, d) in enumerate(zip(cards, origin)):
        if d == "special":
            out.setdefault(c, []).append(u)
    return out
