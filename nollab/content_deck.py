"""The Ghoul deck and the miniature pools alone, for a cold spawn-odds query (P. 24-25).

A spawn-odds answer needs 46 small cards and four numbers, not the whole validated content (Equipment,
Survivors, Skills, Scenes): :func:`load_ghoul_deck` reads only ``ghoul_deck.toml`` and ``ghouls.toml``
from the shipped data, as plain card records (``number``, ``kind``, ``ghoul``, ``counts``), which is what
:func:`nollab.prob.spawn.spawn_step` reads. The shipped files are validated by
:func:`nollab.content.load_content` (tests check that both readings agree card by card). When a
player's own box is in use (``$NOLLAB_CONTENT`` or ``user_dir``), the full loader is used, so the cards
are the validated, merged ones.
"""
from __future__ import annotations

import os

__all__ = ["DeckCard", "load_ghoul_deck"]

_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
_CACHE: dict = {}


class DeckCard:
    """A Ghoul card as the odds read it."""

    __slots__ = ("number", "kind", "ghoul", "counts")

    def __init__(self, number: int, kind: str, ghoul: str, counts: tuple) -> None:
        self.number, self.kind, self.ghoul, self.counts = number, kind, ghoul, counts

    def at(self, level) -> int:
        return self.counts[int(level)]

    def __repr__(self) -> str:
        return f"DeckCard({self.number}, {self.kind!r}, {self.ghoul!r}, {self.counts})"


def load_ghoul_deck(user_dir: str | None = None) -> tuple[tuple, dict]:
    """``(cards, pools)``: the Ghoul deck and the miniatures in the box by type (P. 3)."""
    user = user_dir or os.environ.get("NOLLAB_CONTENT") or None
    if user:
        from nollab.content import load_content

        c = load_content(user)
        return tuple(c.ghoul_deck), {t: g.pool for t, g in c.ghoul_types.items()}
    got = _CACHE.get("shipped")
    if got is None:
        with open(os.path.join(_DATA, "ghoul_deck.toml"), encoding="utf-8") as fh:
            deck_text = fh.read()
        with open(os.path.join(_DATA, "ghouls.toml"), encoding="utf-8") as fh:
            ghouls_text = fh.read()
        got = _read_lines(deck_text, ghouls_text) or _read_toml(deck_text, ghouls_text)
        _CACHE["shipped"] = got
    return got[0], dict(got[1])


def _read_toml(deck_text: str, ghouls_text: str) -> tuple[tuple, dict]:
    """The two files read by :mod:`tomllib` (any TOML layout)."""
    import tomllib

    raw = tomllib.loads(deck_text)["cards"]
    pools = {t: v["pool"] for t, v in tomllib.loads(ghouls_text)["ghoul"].items()}
    cards = tuple(DeckCard(c["number"], c.get("kind", "spawn"), c["ghoul"], tuple(c.get("counts", (0, 0, 0, 0))))
                  for c in raw)
    return cards, pools


def _read_lines(deck_text: str, ghouls_text: str) -> tuple[tuple, dict] | None:
    """The same fields read line by line from the shipped layout (one inline table per card, one
    ``pool = N`` per ``[ghoul.<id>]``), or ``None`` as soon as a line is outside that layout (then
    :func:`_read_toml` reads the files). Importing :mod:`tomllib` costs ~8 ms (it imports ``typing`` and
    ``datetime``): more than the whole spawn-odds answer (issue 13, cold start). Tests check that both
    readings and the validated content agree card by card."""
    if '"""' in deck_text or "'''" in deck_text or '"""' in ghouls_text or "'''" in ghouls_text:
        return None
    cards, inside = [], False
    for line in deck_text.splitlines():
        t = line.strip()
        if not t or t[0] == "#":
            continue
        if not inside:
            if t == "cards = [":
                inside = True
            elif t.startswith("cards"):
                return None
            continue
        if t == "]":
            inside = None
            break
        card = _card(t)
        if card is None:
            return None
        cards.append(card)
    if inside is not None or not cards:
        return None
    pools, table = {}, None
    for line in ghouls_text.splitlines():
        t = line.strip()
        if not t or t[0] == "#":
            continue
        if t[0] == "[":
            name = t[7:-1] if t.startswith("[ghoul.") and t.endswith("]") else ""
            table = name if name.replace("_", "").isalpha() else None
            if table is not None and table in pools:
                return None
            continue
        if table is not None and t.startswith("pool"):
            key, eq, value = t.partition("=")
            value = value.split("#", 1)[0].strip()
            if key.strip() != "pool" or not eq or not value.isdigit():
                return None
            pools[table] = int(value)
    if not pools:
        return None
    return tuple(cards), pools


def _card(t: str) -> DeckCard | None:
    """``{ number = N, kind = "K", ghoul = "G", [counts = [a, b, c, d], ]provenance = ... }`` or None."""
    if not t.startswith("{ number = ") or not t.endswith(("}", "},")) or t.count("{ number =") != 1:
        return None
    number, _, rest = t[11:].partition(", ")
    kind, rest = _quoted(rest, "kind")
    ghoul, rest = _quoted(rest, "ghoul")
    counts = (0, 0, 0, 0)
    if rest.startswith("counts = ["):
        inner, _, rest = rest[10:].partition("], ")
        parts = inner.split(", ")
        if len(parts) != 4 or not all(p.isdigit() for p in parts):
            return None
        counts = tuple(int(p) for p in parts)
    if not number.isdigit() or kind not in ("spawn", "opening") or not ghoul or not ghoul.replace("_", "").isalpha() \
            or not rest.startswith("provenance = "):
        return None
    return DeckCard(int(number), kind, ghoul, counts)


def _quoted(rest: str, key: str) -> tuple[str | None, str]:
    head = f'{key} = "'
    if not rest.startswith(head):
        return None, rest
    value, _, after = rest[len(head):].partition('", ')
    return (value, after) if after else (None, rest)
