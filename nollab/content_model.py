"""Typed, frozen game content: the contract every layer reads.

:mod:`nollab.content` loads ``nollab/data/*.toml`` (plus a player's override
folder) into these objects and validates them. Nothing here knows about TOML.

Provenance: every value that came from a card face or the rulebook is marked
``source="rulebook"`` with a citation ("P. 26", "FR l.889"); every value we had
to reconstruct is ``source="reconstructed"`` with a one-line reason, and can be
replaced by the printed value of a player's own box (see README, "Your own box").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from types import MappingProxyType
from typing import Literal, Mapping

Source = Literal["rulebook", "reconstructed"]
ActionType = Literal["melee", "ranged", "car"]
Ammo = Literal["bullets", "shells"]
DeckName = Literal["starting", "ranged", "melee", "house", "special"]
Mode = Literal["romero", "zombicide"]

EMPTY: Mapping = MappingProxyType({})


def _empty() -> Mapping:
    """Default factory for provenance maps (a mappingproxy is not a valid plain dataclass default)."""
    return EMPTY


class DangerLevel(IntEnum):
    """The four Danger Levels of the Danger Bar (P. 14). Ordered: BLUE < ... < RED."""

    BLUE = 0
    YELLOW = 1
    ORANGE = 2
    RED = 3

    @property
    def key(self) -> str:
        """Lower-case name as used in data files and the CLI (``"yellow"``)."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> "DangerLevel":
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown danger level {text!r} (blue, yellow, orange, red)") from None


@dataclass(frozen=True)
class Provenance:
    """Where a value came from: the rulebook (with a citation) or a reconstruction (with a reason)."""

    source: Source
    note: str = ""

    @property
    def reconstructed(self) -> bool:
        return self.source == "reconstructed"


@dataclass(frozen=True)
class AttackProfile:
    """One line of combat characteristics on a weapon card (P. 13), or the Car card (P. 21)."""

    action: ActionType
    range_min: int
    range_max: int
    dice: int
    accuracy: int  # a die scores a hit on accuracy or more (2..6)
    damage: int
    reload: bool = False  # Reload trait applies to this line (P. 28)


@dataclass(frozen=True)
class EquipmentCard:
    """An Equipment card type (P. 3, 12-13, 16, 29-30). ``decks`` maps deck -> copies."""

    id: str  # snake_case, e.g. "sawed_off"
    name: str  # English card name, e.g. "Sawed-Off"
    name_fr: str
    decks: Mapping[str, int]  # e.g. {"starting": 1, "ranged": 1} for the Winchester 94
    melee: AttackProfile | None = None
    ranged: AttackProfile | None = None
    dual: bool = False
    sniper: bool = False
    opens_barricades: bool = False
    ammo: Ammo | None = None
    backpack: bool = False  # "May be used in the Backpack" (P. 16)
    zombicide_only: bool = False  # Ma's Shotgun: no Combat Action in Romero Mode (P. 29)
    effect: str | None = None  # rules hook id: "molotov", "reroll", "boards", "flashlight", ...
    text: str = ""  # card text (English), as printed or reconstructed
    provenance: Mapping[str, Provenance] = field(default_factory=_empty)  # field name -> provenance

    @property
    def count(self) -> int:
        return sum(self.decks.values())

    @property
    def is_weapon(self) -> bool:
        return self.melee is not None or self.ranged is not None


@dataclass(frozen=True)
class Combination:
    """Combining Equipment (P. 29-30): discard ``inputs`` (minus ``keeps``), take ``output``."""

    inputs: tuple[str, ...]
    output: str
    keeps: tuple[str, ...] = ()  # Torch: the Flammable Fluid is kept (P. 30)
    provenance: Provenance = Provenance("rulebook")


@dataclass(frozen=True)
class CarCard:
    """The Car Reference card (P. 20-21, 28)."""

    attack: AttackProfile  # action == "car"
    passengers: int = 5
    drive_min: int = 1
    drive_max: int = 2
    provenance: Mapping[str, Provenance] = field(default_factory=_empty)


#: The Ghoul types of NOTLD (P. 17), in the one order every per-type tuple uses (a game state's
#: counts per Zone, kill tables, panels): Walker, Breaker, Fatty, Relative.
from nollab.ghoul_types import GHOUL_TYPES  # noqa: E402  (one definition, importable without this module)
#: Rulebook names of each type, singular and plural (P. 17).
GHOUL_NAMES: Mapping[str, tuple[str, str]] = MappingProxyType({
    "walker": ("Walker", "Walkers"), "breaker": ("Breaker", "Breakers"),
    "fatty": ("Fatty", "Fatties"), "relative": ("Relative", "Relatives")})


def ghoul_label(ghoul_type: str, count: int = 1) -> str:
    """'1 Walker', '2 Fatties': a count of Ghouls with the rulebook's names and plurals."""
    one, many = GHOUL_NAMES.get(ghoul_type, (ghoul_type.replace("_", " ").title(),
                                             ghoul_type.replace("_", " ").title() + "s"))
    return f"{count} {one if count == 1 else many}"


def ghoul_plural(ghoul_type: str) -> str:
    """'Fatties': the plural name of a Ghoul type (P. 17)."""
    return ghoul_label(ghoul_type, 2).split(" ", 1)[1]


def ghoul_type_key(ghoul_type: str) -> tuple[int, str]:
    """Sort key for Ghoul types: Walker, Breaker, Fatty, Relative, then any other by name."""
    return (GHOUL_TYPES.index(ghoul_type) if ghoul_type in GHOUL_TYPES else len(GHOUL_TYPES), ghoul_type)


@dataclass(frozen=True)
class GhoulType:
    """A Ghoul type (P. 17, 27): Walker, Breaker, Fatty, Relative."""

    id: str  # "walker", "breaker", "fatty", "relative"
    name: str
    name_fr: str
    pool: int  # miniatures in the box (28/12/12/2)
    wounds: int  # wounds dealt by one attack
    min_damage: int  # damage needed to eliminate it
    priority: int  # Targeting Priority Order, 1 first
    xp: int
    actions: int = 1
    provenance: Mapping[str, Provenance] = field(default_factory=_empty)


@dataclass(frozen=True)
class GhoulCard:
    """One card of the 46-card Ghoul deck (P. 24-25, 32).

    ``kind="spawn"``: place ``counts[level]`` Ghouls of type ``ghoul`` (0 = "Nothing!").
    ``kind="opening"``: Barricade & Door Opening card for Ghouls of type ``ghoul``;
    ``counts`` is unused and the card does nothing at Blue (P. 25).
    """

    number: int  # 1..46
    kind: Literal["spawn", "opening"]
    ghoul: str  # ghoul type id
    counts: tuple[int, int, int, int]  # Blue, Yellow, Orange, Red
    provenance: Provenance = Provenance("reconstructed")
    #: per-field provenance ("kind", "ghoul", "counts"); ``provenance`` is the card's weakest one
    field_provenance: Mapping[str, Provenance] = field(default_factory=_empty)

    def at(self, level: DangerLevel) -> int:
        return self.counts[int(level)]


@dataclass(frozen=True)
class Skill:
    """A Skill of P. 46. ``kind`` is the rules hook; ``action`` its Action type, if any."""

    id: str  # e.g. "plus_1_die_ranged"
    name: str  # rulebook name, e.g. "+1 die: Ranged"
    name_fr: str
    kind: str  # "plus_action", "plus_die", "plus_free_action", "plus_roll", "ambidextrous",
    #            "barbarian", "bloodlust_melee", "hawk_eye", "hit_and_run", "shove",
    #            "slippery", "sniper", "taunt"
    action: str | None = None  # "combat", "melee", "ranged", "move", "search" or None
    text: str = ""
    provenance: Mapping[str, Provenance] = field(default_factory=_empty)  # field name -> provenance


@dataclass(frozen=True)
class SkillTree:
    """The Skills printed on one side of an ID card, per Danger Level (P. 14-15).

    ``levels[DangerLevel.X]`` is the tuple of Skill ids offered at that level:
    Romero: () at Blue, one each at Yellow/Orange/Red. Zombicide: one at Blue,
    ``("plus_1_action",)`` at Yellow, two to choose from at Orange, three at Red.
    """

    levels: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]

    def at(self, level: DangerLevel) -> tuple[str, ...]:
        return self.levels[int(level)]


@dataclass(frozen=True)
class SurvivorCard:
    """A Survivor's double-sided ID card (P. 14)."""

    id: str  # "barbra", "ben", "harry", "helen", "judy", "tom"
    name: str
    color: str  # CSS colour of the Survivor's base, for drawing
    romero: SkillTree
    zombicide: SkillTree
    provenance: Mapping[str, Provenance] = field(default_factory=_empty)

    def tree(self, mode: Mode) -> SkillTree:
        return self.romero if mode == "romero" else self.zombicide


@dataclass(frozen=True)
class Content:
    """Everything loaded from ``nollab/data`` (and a player's overrides)."""

    equipment: Mapping[str, EquipmentCard]
    combinations: tuple[Combination, ...]
    car: CarCard
    ghoul_types: Mapping[str, GhoulType]
    ghoul_deck: tuple[GhoulCard, ...]  # sorted by number, 46 cards
    survivors: Mapping[str, SurvivorCard]
    skills: Mapping[str, Skill]
    danger_thresholds: tuple[int, int, int, int] = (0, 7, 19, 43)  # P. 14, FR l.1330-1349
    sources: tuple[str, ...] = field(default=())  # files that were read, shipped then user
    danger_provenance: Mapping[str, Provenance] = field(default_factory=_empty)  # "blue".."red" -> provenance of its threshold

    def danger_level(self, xp: int) -> DangerLevel:
        """Danger Level for an XP total (Blue 0-6, Yellow 7-18, Orange 19-42, Red 43+)."""
        level = DangerLevel.BLUE
        for lv, threshold in zip(DangerLevel, self.danger_thresholds):
            if xp >= threshold:
                level = lv
        return level

    def deck(self, name: str) -> list[str]:
        """Card ids of one Equipment deck, each repeated by its count (unshuffled)."""
        out: list[str] = []
        for card in self.equipment.values():
            out.extend([card.id] * card.decks.get(name, 0))
        return out

    def weapon(self, name_or_id: str) -> EquipmentCard:
        """Look up an Equipment card by id or English name (case-insensitive).

        A player types what they see at the table, so a name that matches exactly one
        card by its first words also works ("Ithaca" -> Ithaca M37, "S&W" is not enough
        only if ambiguous). Ambiguous or unknown names raise ``KeyError`` naming the candidates.
        """
        if name_or_id in self.equipment:
            return self.equipment[name_or_id]
        key = " ".join(name_or_id.strip().lower().split())
        for card in self.equipment.values():
            if card.name.lower() == key or card.id == key.replace(" ", "_").replace("-", "_"):
                return card
        if key:
            hits = [c for c in self.equipment.values()
                    if c.name.lower().startswith(key) or c.id.startswith(key.replace(" ", "_"))]
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                names = ", ".join(sorted(c.name for c in hits))
                raise KeyError(f"ambiguous equipment {name_or_id!r} (could be: {names})")
        raise KeyError(f"unknown equipment {name_or_id!r}")

    def skill(self, name_or_id: str) -> Skill:
        """Look up a Skill by id or by its rulebook name (case-insensitive)."""
        if name_or_id in self.skills:
            return self.skills[name_or_id]
        key = name_or_id.strip().lower()
        for s in self.skills.values():
            if s.name.lower() == key:
                return s
        raise KeyError(f"unknown skill {name_or_id!r}")
