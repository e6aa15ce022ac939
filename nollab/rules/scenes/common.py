"""What several Scenes' rules ask of the board and the log: "the house", a tile's Zones, the white
Spawn Zone, the events since a hook last looked, a hook's ``[scene.rules]`` parameters.
"""
from __future__ import annotations

from nollab.rules.scenes.hooks import Hook


def rules(hook: Hook) -> dict:
    """``[scene.rules]`` of the hook's scene (parameters of the special rules)."""
    return hook.scene.data.get("rules", {})


def house_zones(ctx, scene) -> frozenset[str]:
    """"The house": every room of the building marked ``objective-house`` on the map, plus the
    rooms of the tiles listed in ``[scene.rules] house_tiles`` (S6: the farmhouse on 1R and 4R).
    Cached per Board (a travelling Scene's Board changes as tiles come and go)."""
    got = scene.__dict__.get("_house_zones")
    if got is not None and got[0] is ctx.board:
        return got[1]
    out: set[str] = set()
    z = scene.marker_zone("objective-house")
    if z and z in ctx.board.zones:
        out |= ctx.board.house(z)
    for t in scene.data.get("rules", {}).get("house_tiles", []):
        out |= {x for x in ctx.board.zones if ctx.board.zones[x].tile == t and ctx.board.zones[x].interior}
    res = frozenset(out)
    scene._house_zones = (ctx.board, res)
    return res


def new_events(ctx, key: str) -> list:
    """Events logged since this hook last looked. The count of events read is kept in the state (so
    undo and replay agree) and counts the whole game: a fork's log starts empty after the parent's
    ``ctx.event_base`` events, all of which the Scene's checks had read (they run after every step)."""
    base = ctx.event_base
    seen = ctx.st.flags.get(key, 0)
    evs = ctx.events[max(seen - base, 0):]
    ctx.st.flags[key] = base + len(ctx.events)
    return evs


def tile_zones(ctx, tile: str) -> list[str]:
    return [z for z in ctx.board.zones if ctx.board.zones[z].tile == tile]


def white_zone(ctx) -> str | None:
    return next((z for z, c in ctx.st.spawns if c == "white"), None)
