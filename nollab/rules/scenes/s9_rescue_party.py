"""Scene 9 "Rescue Party" (P. 42): Survivors start in the Car (also S10); opening a closed house
reveals one Ghoul card per room; win when every interior Zone has been Searched.
"""
from __future__ import annotations

from nollab.rules.engine.state import Choice
from nollab.rules.scenes.flags import Flag
from nollab.rules.scenes.hooks import Hook, scene_hook
from nollab.rules.spawn.spawn_zones import house_spawn_zones
from nollab.rules.engine.tasks import Task


@scene_hook("spawning_in_houses")
class SpawningInHouses(Hook):
    """"Opening a closed house for the first time reveals all the Ghouls inside all rooms of the
    house (a single house extends to all rooms connected by openings). Indicate each Zone of the
    house, one after the other in any order you choose, and draw a Ghoul card for each Zone. ...
    If you draw a Barricade and Door Opening card, immediately resolve it." (S9, P. 42)

    A closed house = a building whose every Opening to the outside is closed at setup (an open
    passage, like the barn's entrance, makes it open). It is "opened" when any of those Openings
    becomes open, by anyone. The rooms are taken in zone-id order (the players' choice, fixed)."""
    flags = {"closed_houses": Flag(list, [], "houses not opened yet: opening one spawns in its rooms (S9, P. 42)")}

    def _exits(self, ctx, house: frozenset) -> list[str]:
        """The Openings between the house and the outside, cached per Board and house (Boards are
        immutable; :meth:`check` asks after every engine step)."""
        board = ctx.board
        cache = board.__dict__.get("_s9_exits")
        if cache is None:
            cache = board._s9_exits = {}
        got = cache.get(house)
        if got is None:
            got = cache[house] = [oid for oid, o in board.openings.items() if len(set(o.zones) & house) == 1]
        return got

    def on_setup(self, ctx) -> None:
        closed = []
        for hid, rooms in sorted(ctx.board.houses().items()):
            ex = self._exits(ctx, rooms)
            if ex and not any(ctx.st.opening_open.get(o, True) for o in ex):
                closed.append(hid)
        self.kept(ctx).closed_houses = closed

    def check(self, ctx) -> None:
        left = ctx.st.flags.get("closed_houses", [])
        if not left:
            return
        houses = _houses(ctx.board)
        for hid in list(left):
            rooms = houses.get(hid, frozenset())
            if any(ctx.st.opening_open.get(o, False) for o in self._exits(ctx, rooms)):
                left.remove(hid)
                order = list(house_spawn_zones(ctx.board, next(iter(rooms))))
                ctx.emit("scene", "P. 42", f"Spawning in houses: the house {hid.split(':', 1)[1]} is opened; one Ghoul "
                         f"card for each of its {len(order)} room(s)", house=hid, rooms=order)
                ctx.push(*[Task("spawn_card", (z,)) for z in order])


@scene_hook("search_every_room")
class SearchEveryRoom(Hook):
    """"The game is won as soon as every interior Zone has been Searched at least once." (S9, P. 42)"""
    flags = {"searched_zones": Flag(list, [], "interior Zones Searched at least once (S9, P. 42)")}

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"unsearched"``: the interior Zones not Searched yet."""
        done = set(ctx.st.flags.get("searched_zones", []))
        return {"unsearched": sorted(z for z, zone in ctx.board.zones.items() if zone.interior and z not in done)}

    def searched(self, ctx, sid, source, uid) -> None:
        kept = self.kept(ctx)
        z = ctx.surv(sid).zone
        if z not in kept.searched_zones:
            kept.searched_zones = [*kept.searched_zones, z]

    def check(self, ctx) -> None:
        """Runs after every engine step: a win needs at least as many Searched Zones as interior
        Zones, so the set comparison is only made then (the interior Zones are cached per Board,
        which is immutable)."""
        done = ctx.st.flags.get("searched_zones", ())
        rooms = _interior_zones(ctx.board)
        if rooms and len(done) >= len(rooms) and rooms <= set(done):
            ctx.win(f"all {len(rooms)} interior Zones have been Searched", "P. 42")


def _houses(board) -> dict:
    """``board.houses()``, cached on the Board (immutable)."""
    got = board.__dict__.get("_s9_houses")
    if got is None:
        got = board._s9_houses = board.houses()
    return got


def _interior_zones(board) -> frozenset:
    """The interior Zones of a Board (P. 42 "every interior Zone"), cached on the Board."""
    got = board.__dict__.get("_s9_interior")
    if got is None:
        got = board._s9_interior = frozenset(z for z, zone in board.zones.items() if zone.interior)
    return got


@scene_hook("start_in_the_car")
class StartInTheCar(Hook):
    """"Survivors start in the Car. Choose the driver after the Starting Equipment distribution."
    (S9 P. 42, S10 P. 44) — every Survivor is put in the Car; the driver is a setup choice."""

    def on_setup(self, ctx) -> None:
        car = ctx.st.car
        if car is None:
            raise ValueError(f"{self.scene.file}: start_in_the_car needs [map] car = <zone>")
        ids = [s.id for s in ctx.st.survivors.values() if s.alive]
        for x in ids:
            s = ctx.surv(x)
            s.zone, s.in_car, s.driver = car["zone"], True, False
        ctx.ask(Choice("scene:driver", None, "Survivors start in the Car: who drives?", "P. 42",
                       options=ids, labels=[ctx.sname(x) for x in ids], default_name="first"))

    def resolve_choice(self, ctx, choice, option) -> bool:
        if choice.kind != "scene:driver":
            return False
        ctx.surv(option).driver = True
        ctx.emit("car", "P. 42", f"{ctx.sname(option)} drives the Car (chosen after the Starting Equipment)",
                 survivor=option)
        return True
