"""The engine's machinery: requests a rule makes (chance, a decision, an action, a visible step) and
the helpers every phase uses (events, deck draws with reshuffle, dice pools, VPs and skill points).

The game is written as generators (:mod:`.day`, :mod:`.night`) that ``yield`` a request and receive
its answer: a :class:`~nollab.games.Chance` node gets its outcome (exact integer weights; a dice pool's
weights come from the odds modules :mod:`.dice` and :mod:`.zombies`, so the lab's odds and the game
share one implementation), an :class:`Ask` gets one of its options, an :class:`Act` a legal
:class:`~.state.Action`. :mod:`.game` drives them and logs every answer, so seed + log replays a game.

Pages cite the summary's sections ("Phase 1 Scavenge", "Zombies Attacking", ...): the seed is a
two-page rules summary whose sections are its only page marks.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generator

from nollab.games.protocol import Chance
from nollab.packs.zpocalypse import squad as sq_
from nollab.packs.zpocalypse.board import City
from nollab.packs.zpocalypse.box import Box
from nollab.packs.zpocalypse.state import Card, Squad, State, sq
from nollab.prob.dist import Dist
from nollab.rules.engine.events import Event

__all__ = ["Ask", "Act", "Pause", "Ctx", "Flow", "dist_chance"]

Flow = Generator[Any, Any, Any]


@dataclass(frozen=True)
class Ask:
    kind: str
    who: str
    prompt: str
    options: tuple
    labels: tuple
    page: str
    default: int = 0


@dataclass(frozen=True)
class Act:
    player: str


@dataclass(frozen=True)
class Pause:
    label: str


def _json(o: Any) -> Any:
    if isinstance(o, tuple):
        return [_json(x) for x in o]
    return o


def dist_chance(kind: str, dist: Dist, page: str, prompt: str, label=str) -> Chance:
    """A chance node with the exact integer weights of ``dist`` (outcomes in sorted order)."""
    outs = dist.support_sorted()
    return Chance(kind, tuple(_json(o) for o in outs), tuple(int(dist.weight(o)) for o in outs), page,
                  tuple(label(o) for o in outs), prompt)


class Ctx:
    """What a rule works with: the state, the box, the event log and the city (rebuilt on change)."""

    def __init__(self, st: State, box: Box, events: list[Event]) -> None:
        self.st = st
        self.box = box
        self.events = events
        self._city_key: Any = None
        self._city: City | None = None

    # ---- board -----------------------------------------------------------------------------------------
    @property
    def city(self) -> City:
        st = self.st
        key = (tuple(sorted(st.slots.items())), tuple(sorted((k, v["kind"]) for k, v in st.edges.items())), st.side)
        if key != self._city_key:
            slots = {sq(k.split(",")): tuple(v) for k, v in st.slots.items()}
            self._city = City(self.box, slots, {k: v["kind"] for k, v in st.edges.items()}, st.setup["base"])
            self._city_key = key
        return self._city

    def emit(self, kind: str, page: str, text: str, /, **data: Any) -> None:
        self.events.append(Event(kind, page, text, self.st.round, self.st.phase, data))

    def name(self, pid: str) -> str:
        return {"p1": "Red", "p2": "Blue", "p3": "Green", "p4": "Yellow"}.get(pid, pid)

    def card(self, c: str) -> Card:
        return Card(self.st.uid(), c)

    # ---- chance ------------------------------------------------------------------------------------------
    def draw(self, deck: str, page: str, why: str = "", only: set | None = None) -> Flow:
        """Draw one card of ``deck`` (a chance node weighted by the cards left); an exhausted deck is
        reshuffled from its discard pile ("When a deck is exhausted, shuffle the discard pile").
        ``only``: draw among these card ids (the starting Armory cards "must be Melee or Firearm").
        Returns the card id, or None when deck and discard are both empty."""
        st = self.st
        left = {c: n for c, n in st.decks[deck].items() if n > 0 and (only is None or c in only)}
        if not left and any(n for n in st.discards.get(deck, {}).values()):
            for c, n in st.discards[deck].items():
                st.decks[deck][c] = st.decks[deck].get(c, 0) + n
            st.discards[deck] = {}
            self.emit("reshuffle", "Setup", f"the {deck} deck is exhausted: its discard pile is shuffled into a new deck")
            left = {c: n for c, n in st.decks[deck].items() if n > 0 and (only is None or c in only)}
        if not left:
            self.emit("empty_deck", "Setup", f"no {deck} card left to draw")
            return None
        ids = sorted(left)
        c = yield Chance(f"draw:{deck}", tuple(ids), tuple(left[i] for i in ids), page,
                         tuple(self.card_name(deck, i) for i in ids), f"draw a {deck} card" + (f" ({why})" if why else ""))
        st.decks[deck][c] -= 1
        return c

    def discard(self, deck: str, card: str) -> None:
        d = self.st.discards.setdefault(deck, {})
        d[card] = d.get(card, 0) + 1

    def card_name(self, deck: str, cid: str) -> str:
        b = self.box
        table = {"survivors": b.survivors, "armory": b.armory, "scavenge": b.scavenge, "happened": b.happened,
                 "goals": b.goals}.get(deck)
        return table[cid].name if table and cid in table else cid.replace("_", " ")

    def deck_of(self, card: str) -> str:
        if card in self.box.armory:
            return "armory"
        if card in ("food", "radioactive", "double"):
            return "food"
        if card == "scrap":
            return "scrap"
        return "items"

    def roll(self, kind: str, dist: Dist, page: str, prompt: str, label=str) -> Flow:
        return (yield dist_chance(kind, dist, page, prompt, label))

    # ---- VPs and skill points ----------------------------------------------------------------------------
    def gain_vp(self, s: Squad, n: int, page: str, why: str) -> Flow:
        """Move the pawn up the VP track; red and green spots reached give skill points ("You must spend
        the points immediately ... to increase firearm or melee stats on a 1 for 1 basis")."""
        if n <= 0 or s.out:
            return
        s.vp += n
        self.emit("vp", page, f"{self.name(s.id)} gains {n} VP ({why}): {s.vp} VP", player=s.id, vp=n)
        sc = self.box.scenarios[self.st.setup["scenario"]]
        spots = sorted([(v, sc.green_points, "green") for v in sc.green_spots] +
                       [(v, sc.red_points, "red") for v in sc.red_spots])
        while s.spots < len(spots) and spots[s.spots][0] <= s.vp:
            v, pts, colour = spots[s.spots]
            s.spots += 1
            for i in range(pts):
                o = yield Ask("skill_point", s.id, f"{self.name(s.id)} reached the {colour} spot at {v} VP: "
                              f"spend skill point {i + 1} of {pts}", ("firearm", "melee"),
                              ("+1 Firearm", "+1 Melee"), "Skill Points")
                if o == "firearm":
                    s.firearm_pts += 1
                else:
                    s.melee_pts += 1
                sq_.refresh_floors(self.box, s)
                self.emit("skill", "Skill Points", f"{self.name(s.id)} spends a skill point on {o}", player=s.id, stat=o)
