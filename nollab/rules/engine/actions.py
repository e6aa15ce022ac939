"""Player actions as small immutable values (hashable, JSON round-trip).

``Action(kind, survivor, params)``; ``params`` is a tuple of str/int/bool/tuples. Kinds and
params (pages of the English rulebook):

==============  ===================================  =========================================
kind            params                               rule
==============  ===================================  =========================================
activate        ()                                   choose the next Survivor of a player (P. 8)
move            (zone,)                              Move (P. 18)
hit_and_run     (zone,)                              free Move after a kill (P. 46)
search          (source,)  house/melee/ranged/aside  Search (P. 18)
door            (opening, "open"|"close")            Door Action (P. 18)
barricade       (opening, "open"|"close")            Barricade Action (P. 19)
reorganize      (hand0 uid, hand1 uid)  -1 = empty   Reorganize (P. 19)
trade           (partner,)                           Trade (P. 19), then trade choices
melee           (hands, barbarian)                   Melee Action (P. 20, 26)
ranged          (hands, zone)                        Ranged Action (P. 20, 27)
molotov         (hand, zone)                         Molotov (P. 29)
reload          (uids,)                              Reload (P. 28)
combine         (output,)                            free (P. 29)
discard         (uid,)                               free (P. 16)
bloodlust       (path,)                              Bloodlust: Melee (P. 46)
shove           (zone,)                              Shove, free (P. 46)
taunt           (zone,)                              Taunt, free (P. 46)
car_in          () | ("passenger",)                   Get in a Car (P. 20): Driver if free, or Passenger
car_out         ()                                   Get out of a Car (P. 20)
car_seat        ()                                   Change seats (P. 21)
drive           (path,)                              Drive (P. 21)
scene           (name, arg)                          a Scene special rule (e.g. S1 barricades)
do_nothing      ()                                   Do Nothing (P. 20)
==============  ===================================  =========================================
"""
from __future__ import annotations

from dataclasses import dataclass


def _tup(x):
    if isinstance(x, list):
        return tuple(_tup(v) for v in x)
    return x


def _lst(x):
    if isinstance(x, tuple):
        return [_lst(v) for v in x]
    return x


@dataclass(frozen=True)
class Action:
    kind: str
    survivor: str
    params: tuple = ()

    def to_dict(self) -> dict:
        return {"kind": self.kind, "survivor": self.survivor, "params": _lst(self.params)}

    @classmethod
    def from_dict(cls, d: dict) -> "Action":
        return cls(d["kind"], d["survivor"], _tup(d.get("params", [])))

    def __str__(self) -> str:
        p = ", ".join(str(x) for x in self.params)
        return f"{self.survivor}: {self.kind}({p})"
