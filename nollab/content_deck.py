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
        import tomllib

        with open(os.path.join(_DATA, "ghoul_deck.toml"), "rb") as fh:
            raw = tomllib.load(fh)["cards"]
        with open(os.path.join(_DATA, "ghouls.toml"), "rb") as fh:
            pools = {t: v["pool"] for t, v in tomllib.load(fh)["ghoul"].items()}
        cards = tuple(DeckCard(c["number"], c.get("kind", "spawn"), c["ghoul"], tuple(c.get("counts", (0, 0, 0, 0))))
                      for c in raw)
        got = _CACHE["shipped"] = (cards, pools)
    return got[0], dict(got[1])
