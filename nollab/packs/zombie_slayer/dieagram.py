"""The Dieagram: a die read as the coloured pips on the rolled face (Zombie Slayer, "Dieagram").

"You don't read that face as the original number, but you count the coloured pips (if
there are any) instead." A face n has n pip positions; "depending on the context, you
either take ALL coloured pips into consideration or just certain ones": spawning reads
the encounter pips, combat reads Melee/Ranged against Defense, skills read skill pips.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterable, Mapping, Sequence

from nollab.prob.dist import Dist

__all__ = ["Dieagram", "BEING_PIPS", "TILE_PIPS", "ENCOUNTER", "TREASURES", "FACES"]

FACES = (1, 2, 3, 4, 5, 6)
#: "summon" is the Necromancer's Ritual of Summoning icon (lost in the transcription, docs/rulings.md)
BEING_PIPS = frozenset({"melee", "ranged", "defense", "holy", "skill", "summon"})
ENCOUNTER = ("violet", "green", "blue", "bluegrey")
TILE_PIPS = frozenset(ENCOUNTER)
TREASURES = frozenset({"", "blue", "brown", "red"})


@dataclass(frozen=True)
class Dieagram:
    """Six faces; ``faces[n-1]`` maps a pip kind to how many pips of it face n shows."""

    faces: tuple[Mapping[str, int], ...]

    @classmethod
    def from_faces(cls, faces: Sequence[Mapping[str, int]], kinds: Iterable[str] | None = None,
                   extra: Sequence[int] | None = None) -> "Dieagram":
        """Validate: 6 faces, known kinds, non-negative counts, at most n pips on face n
        (``extra[n-1]`` pips, e.g. a treasure pip, are reserved on face n)."""
        if len(faces) != 6:
            raise ValueError(f"a Dieagram has 6 faces, got {len(faces)}")
        kinds = frozenset(kinds) if kinds is not None else None
        out = []
        for n, face in enumerate(faces, start=1):
            if not isinstance(face, Mapping):
                raise ValueError(f"face {n} must be a table of pip counts")
            for k, v in face.items():
                if kinds is not None and k not in kinds:
                    raise ValueError(f"face {n}: unknown pip colour {k!r} (one of {sorted(kinds)})")
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    raise ValueError(f"face {n}: pips of {k!r} must be a non-negative integer, got {v!r}")
            used = sum(face.values()) + (extra[n - 1] if extra else 0)
            if used > n:
                raise ValueError(f"face {n} has only {n} pips, {used} are coloured")
            out.append(MappingProxyType({k: v for k, v in face.items() if v}))
        return cls(tuple(out))

    def read(self, face: int, kinds: str | Iterable[str]) -> int:
        """Coloured pips of ``kinds`` on ``face`` (1..6)."""
        if face not in FACES:
            raise ValueError(f"a die face is 1..6, got {face!r}")
        ks = (kinds,) if isinstance(kinds, str) else tuple(kinds)
        return sum(self.faces[face - 1].get(k, 0) for k in ks)

    def values(self, kinds: str | Iterable[str]) -> tuple[int, ...]:
        """The reading of each face 1..6, e.g. ``values("melee")``."""
        return tuple(self.read(f, kinds) for f in FACES)

    def roll(self, kinds: str | Iterable[str]) -> Dist:
        """One die read on this Dieagram: Dist over the pip count."""
        return Dist.uniform(self.values(kinds))

    def counts(self, face: int, kinds: Sequence[str]) -> tuple[int, ...]:
        """Per-kind pip counts on a face, in the order of ``kinds`` (for spawns)."""
        return tuple(self.read(face, k) for k in kinds)

    def to_dict(self) -> list[dict[str, int]]:
        return [dict(f) for f in self.faces]
