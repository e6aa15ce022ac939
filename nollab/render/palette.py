"""Colours and sizes of the picture, in one place.

The printed tiles are photographs we cannot reproduce; these colours only keep the kinds of zone
apart at a glance (interior floor, street, corn field, woods) and give every token its own hue.
Spawn token colours are the game's (P. 24: red by default, white for the starting Spawn Zone,
yellow and violet for custom scenes). Survivor base colours are **reconstructed**: the box ships
12 coloured bases (P. 3) without saying which survivor gets which, so we chose distinct hues.
"""
from __future__ import annotations

#: Zone fills by kind (DESIGN: interior, exterior = street, corn field, woods).
ZONE_FILL = {
    "interior": "#cfb48a",
    "exterior": "#8c8f94",
    "corn": "#d8c34f",
    "woods": "#3d6b3a",
}
ZONE_LABEL = {"interior": "#4a3720", "exterior": "#2a2c30", "corn": "#5a4a05", "woods": "#dfe8d8"}
KIND_NAME = {"interior": "interior", "exterior": "street", "corn": "corn field", "woods": "woods"}

BACKGROUND = "#2b2b2b"
WALL = "#1b1712"
GROUND_MARK = "#6c6f74"  # the linear markings between exterior zones (P. 9)
TILE_EDGE = "#55585d"

#: Openings (P. 9, 18-19): open ones are drawn as a gap with a light frame, closed ones solid.
OPENING = {
    "door": {"closed": "#7a4a1e", "open": "#e9d3b0"},
    "barricade": {"closed": "#a0522d", "open": "#e7c58f"},
    "window": {"closed": "#a0522d", "open": "#9fd3ee"},
    "stairs": {"closed": "#5c3b8a", "open": "#c8b5e6"},
    "passage": {"closed": "#7a4a1e", "open": "#cfb48a"},  # a doorway without a door: never closed
}

#: Ghoul Spawn tokens (P. 24). The white one is the starting Spawn Zone.
SPAWN = {"white": "#ffffff", "red": "#d7262e", "yellow": "#f2c600", "violet": "#8a3fc7", "blue": "#2f6fd0"}

#: Survivor base colours (reconstructed: the rulebook does not assign them).
SURVIVOR = {
    "barbra": "#e377c2",
    "ben": "#1f77b4",
    "harry": "#ff7f0e",
    "helen": "#17becf",
    "judy": "#bcbd22",
    "tom": "#2ca02c",
}
SURVIVOR_FALLBACK = ("#9467bd", "#8c564b", "#7f7f7f", "#e7ba52", "#6b6ecf", "#ad494a")

#: Ghoul types (P. 17): one colour each, the same on the board, in the legend and in every chart
#: (``nollab.widgets.spawn_panel`` reads :data:`GHOUL_COLOUR`), and the letter of their counter.
GHOUL = {
    "walker": ("#4f7a3a", "W"),
    "breaker": ("#b0531c", "B"),
    "fatty": ("#7b4fa6", "F"),
    "relative": ("#2f6fb0", "R"),
}
GHOUL_COLOUR = {k: v[0] for k, v in GHOUL.items()}
#: The red outline every Ghoul standee and counter wears (the box's Ghoul tokens are outlined red).
GHOUL_OUTLINE = "#d7262e"

#: Opening token frames, as on the box's tokens: red = closed, green = open (P. 18-19).
FRAME_CLOSED = "#d7262e"
FRAME_OPEN = "#2e9e44"

#: Danger Levels (P. 14), Blue to Red, as on the Danger Bar.
DANGER = {"Blue": "#2f6fd0", "Yellow": "#e0b400", "Orange": "#e8771a", "Red": "#d7262e"}

#: The banner at the end of a game.
BANNER = {"won": "#1e7d32", "lost": "#8c1c13"}

MODE_RING = {"romero": "#f4f4f4", "zombicide": "#e0301e"}  # Romero = black and white side (P. 14)
CAR = "#2d3e63"
STASH = {"melee": "#c0392b", "ranged": "#27864a", "house": "#8e6b3e", "weapon": "#1f4e8c"}
OBJECTIVE = "#f39c12"
START = "#2f5fa8"  # the Starting Zone token is blue with white figures

#: Overlays.
LOS = "#ffe14d"
ROUTE = "#ff3b30"
LEGAL = "#34c759"
SELECT = "#0a84ff"


def survivor_colour(name: str, index: int = 0) -> str:
    """Base colour of survivor ``name`` (a fallback hue by ``index`` for unknown names)."""
    return SURVIVOR.get(name.lower(), SURVIVOR_FALLBACK[index % len(SURVIVOR_FALLBACK)])
