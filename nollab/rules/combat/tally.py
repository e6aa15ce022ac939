"""An attack under way (P. 26-28): the typed record the combat steps hand on from the roll to the
last Friendly Fire miss, and that a decision taken in the middle (re-roll, target, who takes a
miss) carries.

:class:`Attack` is immutable: a step that counts a kill or a miss makes a new record
(``attack.but(hits=...)``) and queues it, so a queued step or a pending decision never changes
under a fork, an undo or a forecast, and the queue clones without copying. Saves and positions
write it as the JSON object of the earlier saves (:meth:`Attack.to_json`: the same keys, only
those set), so old saves load and state hashes are unchanged.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from nollab.rules.engine.records import data_loader

#: a field not set yet (``faces`` before the roll, ``hits`` before counting): left out of the JSON.
#: Ellipsis, a singleton that pickles and copies as itself.
UNSET: Any = ...


class Attack(NamedTuple):
    """One attack (Melee, Ranged, Car Attack, Molotov) from its roll to its end (P. 26-29).

    Set when the attack starts: ``by`` (the attacker; the Driver for a Car), ``kind`` (melee,
    ranged, car), ``zone``, ``weapon`` (card id or "car"), ``dice``, ``accuracy``, ``plus`` (+1 to
    each die, P. 46), ``damage``, ``free`` (the attacker allocates: Melee P. 26, Sniper P. 28),
    ``ff`` (misses hit Survivors, P. 28), ``sniper``, ``reroll`` (the ammo of a usable Plenty of
    Bullets/Shells, P. 12). Set by the roll: ``faces`` (None for a chosen number of hits) and
    ``rolled``; by the count: ``hits`` and ``misses`` left to allocate; ``kills`` so far (Hit & Run,
    P. 46)."""

    by: str
    kind: str
    zone: str
    weapon: Any = UNSET
    dice: Any = UNSET
    accuracy: Any = UNSET
    plus: Any = UNSET
    damage: Any = UNSET
    free: Any = UNSET
    ff: Any = UNSET
    kills: int = 0
    sniper: Any = UNSET
    reroll: Any = UNSET
    faces: Any = UNSET
    rolled: Any = UNSET
    hits: Any = UNSET
    misses: Any = UNSET

    def but(self, **changes: Any) -> "Attack":
        """A copy with ``changes`` (the record never changes in place)."""
        return self._replace(**changes)

    def to_json(self) -> dict:
        """The JSON object of a save: the fields set (``faces`` as a list)."""
        d = {k: v for k, v in zip(self._fields, self) if v is not UNSET}
        if isinstance(d.get("faces"), tuple):
            d["faces"] = list(d["faces"])
        return d

    @classmethod
    def from_json(cls, d: Any) -> "Attack":
        """The record of a saved attack (the object :meth:`to_json` writes); an Attack is returned as is."""
        if isinstance(d, cls):
            return d
        d = dict(d)
        if isinstance(d.get("faces"), list):
            d["faces"] = tuple(d["faces"])
        return cls(**d)


data_loader("spec", Attack.from_json)  # the attack a re-roll, target or Friendly Fire decision carries
#: how a combat step reads its attack back from a save (``@task(..., load=ATTACK)``)
ATTACK = (Attack.from_json,)
