"""Ghoul cards (P. 24-25) as pure functions over plain data: the deck, reading a card at a Danger
Level, Barricade and Door Opening cards, running out of miniatures.

The engine keeps the state; these functions take the Ghoul deck, the Danger Level, the miniatures
left in the box and the board, and return frozen outcomes. Chance only comes from the ``rng``
argument (anything with ``shuffle`` and ``randrange``), never from the global ``random`` module.

Running out of miniatures (P. 25) triggers an *immediate* extra Activation of every Ghoul of that
type, which changes the board before the next card is drawn. :func:`resolve_draws` therefore
stops right after such a card (``stop_on_extra=True``) and returns the Zones still to draw for.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Protocol, Sequence

from nollab.content_model import DangerLevel, GhoulCard, ghoul_label, ghoul_plural
from nollab.rules.ghouls.geometry import Geometry, Zone, geometry_cache


#: Danger Level thresholds in XP (P. 14): Blue 0-6, Yellow 7-18, Orange 19-42, Red 43+.
DANGER_THRESHOLDS = (0, 7, 19, 43)


class RandomLike(Protocol):
    """The part of ``random.Random`` the spawn step uses."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """A random integer in ``range(start, stop, step)``."""

    def shuffle(self, x: list) -> None:
        """Shuffle the list in place."""


def highest_danger_level(xps: Iterable[int], thresholds: Sequence[int] = DANGER_THRESHOLDS) -> DangerLevel:
    """The Danger Level Ghoul cards are read at (P. 24): "Read the Ghoul type and the line that
    corresponds to the Danger Level of the most experienced Survivor".

    ``xps`` are the Survivors' Experience Points (e.g. Tom 5, Judy 12 -> YELLOW, P. 24).
    """
    xps = list(xps)
    if not xps:
        raise ValueError("xps: need the Experience of at least one Survivor")
    if any(x < 0 for x in xps):
        raise ValueError(f"xps: Experience cannot be negative: {xps!r}")
    top = max(xps)
    level = DangerLevel.BLUE
    for lv, t in zip(DangerLevel, thresholds):
        if top >= t:
            level = lv
    return level


@dataclass(frozen=True)
class GhoulDeck:
    """The Ghoul deck: ``draw_pile`` (top = index 0) and ``discard`` (oldest first)."""

    draw_pile: tuple[GhoulCard, ...]
    discard: tuple[GhoulCard, ...] = ()

    @classmethod
    def new(cls, cards: Iterable[GhoulCard], rng: RandomLike) -> "GhoulDeck":
        """A freshly shuffled deck (P. 6 setup)."""
        pile = list(cards)
        rng.shuffle(pile)
        return cls(tuple(pile))

    def draw(self, rng: RandomLike) -> tuple[GhoulCard, "GhoulDeck", bool]:
        """Draw the top card; it goes to the discard pile. Returns (card, new deck, reshuffled).

        "When the Ghoul deck runs out, reshuffle all the discarded Ghoul cards to make a new
        deck" (P. 24): the reshuffle happens when a card is needed and the pile is empty.
        """
        pile, discard, reshuffled = self.draw_pile, self.discard, False
        if not pile:
            if not discard:
                raise ValueError("deck: the Ghoul deck and its discard pile are both empty")
            cards = list(discard)
            rng.shuffle(cards)
            pile, discard, reshuffled = tuple(cards), (), True
        card = pile[0]
        return card, GhoulDeck(pile[1:], discard + (card,)), reshuffled


def card_effect_key(card: GhoulCard, level: DangerLevel) -> str:
    """What a Ghoul card does at ``level``, as a short key: ``"walker:2"`` (place 2 Walkers),
    ``"open:breaker"`` (a Barricade & Door Opening card, P. 25) or ``"nothing"`` ("Nothing!", and
    an opening card at Blue, which "has no effect", P. 25). Cards with the same key do the same
    thing now: the chance step of a draw groups them (:mod:`nollab.rules.spawn.step`)."""
    if card.kind == "opening":
        return "nothing" if DangerLevel(level) == DangerLevel.BLUE else f"open:{card.ghoul}"
    n = card.at(level)
    return f"{card.ghoul}:{n}" if n else "nothing"


def card_effect_label(key: str) -> str:
    """``"walker:2"`` -> "2 Walkers", ``"open:fatty"`` -> "Barricade & Door Opening (Fatties)"."""
    if key == "nothing":
        return "Nothing!"
    a, b = key.split(":")
    if a == "open":
        return f"Barricade & Door Opening ({ghoul_plural(b)})"
    return ghoul_label(a, int(b))


@dataclass(frozen=True)
class SpawnOutcome:
    """What one Ghoul card did in one Zone (P. 24-25).

    ``requested`` Ghouls asked by the card line, ``placed`` actually put in ``zone`` (fewer
    when the box runs out), ``extra_activation`` when the box ran out ("all the Ghouls of the
    indicated type immediately resolve an extra Activation", P. 25); ``opened``: openings
    opened by a Barricade & Door Opening card.
    """

    zone: Zone
    card: GhoulCard
    level: DangerLevel
    ghoul_type: str
    requested: int
    placed: int
    extra_activation: bool
    opened: frozenset = field(default=frozenset())
    explanation: str = ""


def opening_card_openings(board: Geometry, closed: frozenset, ghouls_by_zone: Mapping[Zone, Mapping[str, int]],
                          ghoul_type: str) -> frozenset:
    """Openings a Barricade & Door Opening card opens (P. 25): "open all Barricades and Doors
    in the Zones where Ghouls of the indicated type are" (Stairs and barricaded windows
    included, as for Breakers; docs/rulings.md)."""
    cache = geometry_cache(board)
    return frozenset(o for z, c in ghouls_by_zone.items() if c.get(ghoul_type, 0) > 0
                     for o in cache.closed_openings(z, frozenset(closed)))


def resolve_spawn_card(card: GhoulCard, level: DangerLevel, remaining_pool: Mapping[str, int],
                       zone: Zone = None, *, board: Geometry | None = None, closed: frozenset = frozenset(),
                       ghouls_by_zone: Mapping[Zone, Mapping[str, int]] | None = None) -> SpawnOutcome:
    """Resolve one Ghoul card drawn for ``zone`` at ``level`` (P. 24-25).

    * Spawn card: "Place the indicated amount of the corresponding Ghoul type" (0 = "Nothing!").
      If ``remaining_pool[type]`` (miniatures still in the box) is too small, "the remaining
      Ghoul miniatures are placed (if there are any). Then, all the Ghouls of the indicated type
      immediately resolve an extra Activation" (P. 25).
    * Barricade & Door Opening card: "No Ghouls appear ... Instead, open all Barricades and
      Doors in the Zones where Ghouls of the indicated type are" - using ``board``, ``closed``
      and ``ghouls_by_zone`` - and "these cards have no effect at the Blue Danger Level" (P. 25).
    """
    level = DangerLevel(level)
    t = card.ghoul
    if card.kind == "opening":
        if level == DangerLevel.BLUE:
            return SpawnOutcome(zone, card, level, t, 0, 0, False, frozenset(),
                                f"card #{card.number}: Barricade & Door Opening "
                                f"({ghoul_plural(t)}), no effect at Blue (P. 25)")
        if board is None or ghouls_by_zone is None:
            raise ValueError("board, ghouls_by_zone: a Barricade & Door Opening card needs the board and the Ghouls")
        opened = opening_card_openings(board, closed, ghouls_by_zone, t)
        return SpawnOutcome(zone, card, level, t, 0, 0, False, opened,
                            f"card #{card.number}: open all Barricades and Doors in every Zone with "
                            f"{ghoul_plural(t)} ({len(opened)} opened) (P. 25)")
    if card.kind != "spawn":
        raise ValueError(f"card #{card.number}: unknown kind {card.kind!r} (spawn, opening)")
    if t not in remaining_pool:
        raise ValueError(f"remaining_pool: no entry for ghoul type {t!r} (card #{card.number})")
    left = remaining_pool[t]
    if left < 0:
        raise ValueError(f"remaining_pool[{t!r}]: negative count {left}")
    want = card.at(level)
    placed = min(want, left)
    short = want > left
    if want == 0:
        text = f"card #{card.number}: Nothing! at {level.name.title()} (P. 24)"
    else:
        text = f"card #{card.number}: {ghoul_label(t, placed)} placed in {zone} (P. 24)"
        if short:
            text += (f"; only {left} left in the box, all {ghoul_plural(t)} get an "
                     f"extra Activation (P. 25)")
    return SpawnOutcome(zone, card, level, t, want, placed, short, frozenset(), text)


@dataclass(frozen=True)
class SpawnRun:
    """Result of :func:`resolve_draws`: the outcomes so far and the updated state.

    ``pending`` are the Zones still to draw for (non-empty only when stopped on an extra
    Activation); ``closed`` has the openings opened by opening cards removed.
    """

    outcomes: tuple[SpawnOutcome, ...]
    deck: GhoulDeck
    remaining_pool: Mapping[str, int]
    ghouls_by_zone: Mapping[Zone, Mapping[str, int]]
    closed: frozenset
    pending: tuple[Zone, ...] = ()

    @property
    def extra_activation(self) -> str | None:
        """The Ghoul type owed an extra Activation right now (P. 25), or None."""
        last = self.outcomes[-1] if self.outcomes else None
        return last.ghoul_type if last is not None and last.extra_activation else None


def resolve_draws(zones: Sequence[Zone], deck: GhoulDeck, rng: RandomLike, level: DangerLevel,
                  remaining_pool: Mapping[str, int], ghouls_by_zone: Mapping[Zone, Mapping[str, int]], *,
                  board: Geometry | None = None, closed: frozenset = frozenset(),
                  stop_on_extra: bool = True) -> SpawnRun:
    """Draw and resolve one Ghoul card per entry of ``zones``, in order (P. 24-25).

    Use it with :func:`spawn_order` for the Spawn step, with :func:`house_spawn_zones` for S9
    "Spawning in houses", with :func:`herd_spawn_zones` for S6/S8. Placed Ghouls are added to
    ``ghouls_by_zone`` (so a later opening card sees them) and removed from the pool. Inputs are
    not mutated.
    """
    pool = dict(remaining_pool)
    board_ghouls = {z: dict(c) for z, c in ghouls_by_zone.items()}
    closed = frozenset(closed)
    outcomes = []
    zones = tuple(zones)
    for i, z in enumerate(zones):
        card, deck, _ = deck.draw(rng)
        out = resolve_spawn_card(card, level, pool, z, board=board, closed=closed, ghouls_by_zone=board_ghouls)
        outcomes.append(out)
        if out.placed:
            pool[out.ghoul_type] -= out.placed
            zc = board_ghouls.setdefault(z, {})
            zc[out.ghoul_type] = zc.get(out.ghoul_type, 0) + out.placed
        closed -= out.opened
        if out.extra_activation and stop_on_extra:
            return SpawnRun(tuple(outcomes), deck, pool, board_ghouls, closed, zones[i + 1:])
    return SpawnRun(tuple(outcomes), deck, pool, board_ghouls, closed, ())
