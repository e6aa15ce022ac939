"""Names for physical Equipment card copies, and the map between those names and card uids.

Every physical card of the box has an integer uid (:mod:`nollab.rules.engine.state`): the box is
laid out card type by card type (the order of ``equipment.toml``), deck by deck (alphabetical),
one uid per copy. A *copy name* tells one physical card from another of the same type:

=============================  ==========================================================
``crowbar``                     the only copy of that card in the box
``winchester_94~starting``      the only copy in that deck, when the card is in several decks
                                (the Starting-deck Winchester 94, P. 7, vs ``winchester_94~ranged``)
``machete~3``                   the 3rd copy (1-based, box order) of a card whose copies are
                                all in one deck (4 Machetes in the Melee deck)
``table_leg~starting2``         both: the 2nd copy in that deck, when the card is in several
                                decks with several copies in one of them
=============================  ==========================================================

Why names and not uids: a uid is an implementation detail found by hand; a copy name reads like
the card and is stable for a given content folder. ``#12`` (a raw uid) is accepted too.
"""
from __future__ import annotations

from typing import Sequence


def box_layout(content) -> tuple[list[str], list[str]]:
    """``(cards, origin)``: the uid -> card id and uid -> deck lists of a new game's box (the
    layout :func:`nollab.rules.rounds.setup.build_state` uses; P. 6 "Equipment cards")."""
    cards: list[str] = []
    origin: list[str] = []
    for card in content.equipment.values():
        for deck, n in sorted(card.decks.items()):
            cards += [card.id] * n
            origin += [deck] * n
    return cards, origin


def copy_names(cards: Sequence[str], origin: Sequence[str]) -> list[str]:
    """The copy name of every uid (see the module docstring for the rules)."""
    decks_of: dict[str, dict[str, int]] = {}
    for cid, deck in zip(cards, origin):
        per = decks_of.setdefault(cid, {})
        per[deck] = per.get(deck, 0) + 1
    seen: dict[tuple[str, str], int] = {}
    out = []
    for cid, deck in zip(cards, origin):
        per = decks_of[cid]
        k = seen[(cid, deck)] = seen.get((cid, deck), 0) + 1
        if sum(per.values()) == 1:
            out.append(cid)
        elif len(per) == 1:
            out.append(f"{cid}~{k}")
        elif per[deck] == 1:
            out.append(f"{cid}~{deck}")
        else:
            out.append(f"{cid}~{deck}{k}")
    return out


class CardNames:
    """Both directions between copy names and uids for one box (``cards``/``origin`` of a state)."""

    def __init__(self, cards: Sequence[str], origin: Sequence[str]):
        self.cards = list(cards)
        self.origin = list(origin)
        self.names = copy_names(self.cards, self.origin)
        self._uid = {n: u for u, n in enumerate(self.names)}

    @classmethod
    def of(cls, game_or_state) -> "CardNames":
        """The names of a :class:`~nollab.rules.game.Game`'s (or a GameState's) box."""
        st = getattr(game_or_state, "state", game_or_state)
        return cls(st.cards, st.origin)

    def name(self, uid: int) -> str:
        """The copy name of ``uid``."""
        return self.names[uid]

    def uid(self, name: str) -> int:
        """The uid of a copy name (or ``#uid``); ValueError naming it when no such copy exists."""
        if not isinstance(name, str):
            raise ValueError(f"card {name!r}: a copy name is a string like 'machete~2'")
        got = self._uid.get(name)
        if got is not None:
            return got
        if name.startswith("#") and name[1:].isascii() and name[1:].isdigit():
            u = int(name[1:])
            if u < len(self.cards):
                return u
            raise ValueError(f"card {name!r}: the box has uids 0 to {len(self.cards) - 1}")
        cid = name.split("~", 1)[0]
        copies = [n for n in self.names if n.split("~", 1)[0] == cid]
        if copies:
            raise ValueError(f"card {name!r}: name one copy: {', '.join(copies)}")
        raise ValueError(f"card {name!r}: no such card in the box")

    def uids(self, card_id: str) -> list[int]:
        """Every uid of a card type (``"winchester_94"`` -> both copies), in box order."""
        return [u for u, c in enumerate(self.cards) if c == card_id]

    def resolve(self, name: str, free=None) -> int:
        """A copy name, or a bare card id naming *any* copy: the first copy in box order for which
        ``free(uid)`` is true (the sandbox's "give her a Machete"). ValueError when none is left."""
        if name in self._uid or name.startswith("#"):
            return self.uid(name)
        if "~" not in name:
            us = self.uids(name)
            if not us:
                raise ValueError(f"card {name!r}: no such card in the box")
            for u in us:
                if free is None or free(u):
                    return u
            raise ValueError(f"card {name!r}: every copy ({', '.join(self.names[u] for u in us)}) is already placed")
        return self.uid(name)


def card_uid(game, name: str) -> int:
    """The uid of the card copy ``name`` in ``game``'s box (``card_uid(g, "winchester_94~ranged")``)."""
    return CardNames.of(game).uid(name)


def card_name(game, uid: int) -> str:
    """The copy name of ``uid`` in ``game``'s box (``card_name(g, 7) == "winchester_94~starting"``)."""
    return CardNames.of(game).name(uid)
