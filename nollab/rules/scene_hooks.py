"""Special rules and objectives of Scenes 2-10 (P. 34-44) as named hooks.

Every hook is registered with :func:`nollab.rules.scene.scene_hook` and listed by name in a scene
file's ``[scene] hooks``; parameters live in ``[scene.rules]`` (see README "scenes"). The S1 hooks
(Trusting each other, Equipment stashes, ...) are in :mod:`nollab.rules.s1_hooks` and are reused
by S2-S5 and S7. Travelling boards (S6, S8: ``travelling_posse``, ``way_to_the_cemetery``,
``fighting_through_the_herd``, ``reach_willard``, ``johnnys_car``) are in :mod:`nollab.rules.travel_hooks`,
imported (and so registered) at the end of this module.

Rules (hook name: rulebook text):

- ``house_under_siege`` (S2, S4, S5): "The game is lost whenever there is at least 1 Ghoul in
  the house at the end of a Players' Phase."
- ``house_deck_exhausted`` (S2): "The game is won as soon as the House Equipment deck is exhausted."
- ``break_the_siege`` (S3): no Ghouls on the board and all Spawn tokens in a single Spawn Zone.
- ``watch_out_for_the_pump`` (S4): "Zones on tile 5R cannot be targeted by Ranged Actions."
- ``refuel_the_pickup`` (S4): the Car on the pump Zone and no Ghouls on tile 5R.
- ``survive_the_night`` (S5): all Survivors Orange or higher, each has killed a Relative.
- ``armory`` (S6, S8-S10): any Search may draw from House, Melee or Ranged.
- ``leave_the_house`` (S6): "The house can no longer be Searched as soon as a Barricade or a Door
  is opened."
- ``johnny_was_here`` (S7) / ``infected_cemetery`` (S10): the white Spawn token cannot be removed.
- ``rip_johnny`` (S7): a Relative eliminated on the white Spawn Zone wins.
- ``spawning_in_houses`` (S9): opening a closed house reveals one Ghoul card per room.
- ``search_every_room`` (S9): every interior Zone Searched at least once wins.
- ``start_in_the_car`` (S9, S10): Survivors start in the Car; the driver is chosen after the deal.
- ``purge_the_district`` (S10): all Spawn tokens on the white Spawn Zone, then a Molotov there.
- ``difficulty_tuning`` (P. 32): ``[scene.options]`` ghoul card ranges, opening cards, Ultrared.
"""
from __future__ import annotations

from nollab.rules.experience import level_of
from nollab.rules.scene import Hook, scene_hook
from nollab.rules.spawning import house_spawn_zones
from nollab.rules.state import Choice

ORANGE = 2  # Danger Level index (Blue 0, Yellow 1, Orange 2, Red 3), P. 14


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
    """Events logged since this hook last looked (index kept in the state, so undo/replay agree)."""
    seen = ctx.st.flags.get(key, 0)
    evs = ctx.events[seen:]
    ctx.st.flags[key] = len(ctx.events)
    return evs


def tile_zones(ctx, tile: str) -> list[str]:
    return [z for z in ctx.board.zones if ctx.board.zones[z].tile == tile]


def white_zone(ctx) -> str | None:
    return next((z for z, c in ctx.st.spawns if c == "white"), None)


# ------------------------------------------------------------------------------ S2, S4, S5
@scene_hook("house_under_siege")
class HouseUnderSiege(Hook):
    """"The game is lost whenever there is at least 1 Ghoul in the house at the end of a Players'
    Phase." (S2 P. 34, S4 P. 36, S5 P. 37)"""

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"house"``: the rooms to keep free of Ghouls."""
        return {"house": sorted(house_zones(ctx, self.scene))}

    def end_of_players_phase(self, ctx) -> None:
        if ctx.st.result is not None:
            return
        inside = sorted(z for z in house_zones(ctx, self.scene) if ctx.st.ghoul_count(z))
        if inside:
            ctx.lose(f"Ghouls are in the house at the end of the Players' Phase ({', '.join(inside)})",
                     self.scene.data.get("page", "P. 34"))


@scene_hook("house_deck_exhausted")
class HouseDeckExhausted(Hook):
    """"The game is won as soon as the House Equipment deck is exhausted. The Survivors have found
    the pump's keys at last!" (S2, P. 34) — exhausted = its draw pile is empty."""

    def check(self, ctx) -> None:
        if not ctx.st.decks.get("house"):
            ctx.win("the House Equipment deck is exhausted: the pump's keys are found", "P. 34")


@scene_hook("break_the_siege")
class BreakTheSiege(Hook):
    """"There are no Ghouls on the board. All Ghoul Spawn tokens are gathered into a single Spawn
    Zone." (S3, P. 35)"""

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"spawns"``: the Spawn Zones whose tokens are to be gathered (clockwise order)."""
        return {"spawns": list(dict.fromkeys(z for z, _c in ctx.st.spawns))}

    def check(self, ctx) -> None:
        if ctx.st.ghouls or len({z for z, _c in ctx.st.spawns}) > 1:
            return
        ctx.win("no Ghoul on the board and every Spawn token in a single Spawn Zone", "P. 35")


# ------------------------------------------------------------------------------ S4
@scene_hook("watch_out_for_the_pump")
class WatchOutForThePump(Hook):
    """"Watch out for the pump! Zones on tile 5R cannot be targeted by Ranged Actions." (S4, P. 36)
    The tile is ``[scene.rules] no_ranged_tile`` (default "5R")."""

    def can_target(self, ctx, s, zone) -> bool:
        return ctx.board.zones[zone].tile != rules(self).get("no_ranged_tile", "5R")


@scene_hook("refuel_the_pickup")
class RefuelThePickup(Hook):
    """"The Car is on the indicated pump Zone. There are no Ghouls on tile 5R." (S4, P. 36)"""

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"pump"``: the pump Zone (map marker ``pump``) the Car must reach."""
        pump = self.scene.marker_zone("pump")
        return {"pump": [pump] if pump is not None else []}

    def check(self, ctx) -> None:
        pump = self.scene.marker_zone("pump")
        car = ctx.st.car
        if pump is None or car is None or car.get("zone") != pump:
            return
        if any(ctx.st.ghoul_count(z) for z in tile_zones(ctx, ctx.board.zones[pump].tile)):
            return
        ctx.win("Ben's pick-up is on the pump Zone and no Ghoul is on tile 5R", "P. 36")


# ------------------------------------------------------------------------------ S5
@scene_hook("survive_the_night")
class SurviveTheNight(Hook):
    """"All Survivors are at Orange Danger Level (or higher). Each Survivor has killed 1 Relative
    (or more)." (S5, P. 37)"""

    def check(self, ctx) -> None:
        alive = [s for s in ctx.st.survivors.values() if s.alive]
        if alive and all(level_of(ctx.content, s) >= ORANGE and s.kills.get("relative", 0) >= 1 for s in alive):
            ctx.win("every Survivor is at Orange or higher and has killed a Relative", "P. 37")


# ------------------------------------------------------------------------------ S6, S8-S10
@scene_hook("armory")
class Armory(Hook):
    """"Armory. Any Survivor performing a Search Action may draw from the House, Melee, or Ranged
    Equipment deck of their choice." (S6 P. 39, S8 P. 41, S9 P. 42, S10 P. 44) — "any Survivor",
    so also one in Romero Mode (the Scene rule wins over P. 18, see docs/rulings.md)."""

    def search_sources(self, ctx, s, decks):
        if not decks:  # another rule forbids Searching here (e.g. a house left behind)
            return decks
        return list(dict.fromkeys(["house", "melee", "ranged"] + list(decks)))


@scene_hook("leave_the_house")
class LeaveTheHouse(Hook):
    """"Oh, I'd like to leave, yes. The house can no longer be Searched as soon as a Barricade or a
    Door is opened." (S6, P. 39) — a Door or Barricade (or Stairs, played as a Door, P. 18) of the
    house that was closed at setup and is now open, whoever opened it."""

    def _watched(self, ctx) -> list[str]:
        got = self.__dict__.get("_cands")
        if got is None or got[0] is not ctx.board:  # house Openings closed at setup, per Board
            house = house_zones(ctx, self.scene)
            got = self._cands = (ctx.board, [(oid, str(o.kind)) for oid, o in ctx.board.openings.items()
                                             if not o.initially_open and set(o.zones) & house])
        kinds = ctx.st.opening_kind
        return [oid for oid, k in got[1] if kinds.get(oid, k) in ("door", "barricade", "stairs")]

    def check(self, ctx) -> None:
        if ctx.st.flags.get("house_left"):
            return
        opened = [o for o in self._watched(ctx) if ctx.st.opening_open.get(o, False)]
        if opened:
            ctx.st.flags["house_left"] = True
            ctx.emit("scene", "P. 39", f"Oh, I'd like to leave, yes: {', '.join(opened)} opened, the house can "
                     "no longer be Searched")

    def search_sources(self, ctx, s, decks):
        if ctx.st.flags.get("house_left") and s.zone in house_zones(ctx, self.scene):
            return []
        return decks


# ------------------------------------------------------------------------------ S7, S10
@scene_hook("johnny_was_here")
class JohnnyWasHere(Hook):
    """"Johnny was here. The white Ghoul Spawn token cannot be removed." (S7, P. 40)

    A Molotov lets "any Ghoul Spawn token in the targeted Zone" move to another Spawn Zone
    (P. 29); the white one never moves (the ``can_move_spawn`` hook point), the others of its
    Zone still may."""

    page = "P. 40"

    def can_move_spawn(self, ctx, zone, colour) -> bool:
        return colour != "white"


@scene_hook("infected_cemetery")
class InfectedCemetery(JohnnyWasHere):
    """"Infected cemetery. The White Ghoul Spawn token cannot be removed." (S10, P. 44)"""

    page = "P. 44"


@scene_hook("rip_johnny")
class RipJohnny(Hook):
    """"R.I.P. Johnny. The game is won as soon as a Relative is eliminated on the white Spawn Zone."
    (S7, P. 40) — by any attack, Molotov included."""

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"white"``: the white Spawn Zone."""
        w = white_zone(ctx)
        return {"white": [w] if w is not None else []}

    def check(self, ctx) -> None:
        w = white_zone(ctx)
        for e in new_events(ctx, "ev_rip_johnny"):
            if e.kind == "kill" and e.data.get("ghoul") == "relative" and e.data.get("zone") == w:
                ctx.win("a Relative is eliminated on the white Spawn Zone: Johnny rests in peace", "P. 40")
                return


@scene_hook("purge_the_district")
class PurgeTheDistrict(Hook):
    """"The game is won as soon as all Ghoul Spawn tokens are gathered on the White Spawn Zone,
    then a Molotov is thrown at that Zone." (S10, P. 44)"""

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"white"``: the white Spawn Zone (every token gathers there); ``"spawns"``: the Spawn
        Zones still holding a token elsewhere."""
        w = white_zone(ctx)
        return {"white": [w] if w is not None else [],
                "spawns": list(dict.fromkeys(z for z, _c in ctx.st.spawns if z != w))}

    def check(self, ctx) -> None:
        w = white_zone(ctx)
        for e in new_events(ctx, "ev_purge"):
            if e.kind == "molotov" and e.data.get("zone") == w and all(z == w for z, _c in ctx.st.spawns):
                ctx.win("every Spawn token is on the White Spawn Zone and a Molotov burns it", "P. 44")
                return


# ------------------------------------------------------------------------------ S9
@scene_hook("spawning_in_houses")
class SpawningInHouses(Hook):
    """"Opening a closed house for the first time reveals all the Ghouls inside all rooms of the
    house (a single house extends to all rooms connected by openings). Indicate each Zone of the
    house, one after the other in any order you choose, and draw a Ghoul card for each Zone. ...
    If you draw a Barricade and Door Opening card, immediately resolve it." (S9, P. 42)

    A closed house = a building whose every Opening to the outside is closed at setup (an open
    passage, like the barn's entrance, makes it open). It is "opened" when any of those Openings
    becomes open, by anyone. The rooms are taken in zone-id order (the players' choice, fixed)."""

    def _exits(self, ctx, house: frozenset) -> list[str]:
        return [oid for oid, o in ctx.board.openings.items()
                if len(set(o.zones) & house) == 1]

    def on_setup(self, ctx) -> None:
        closed = []
        for hid, rooms in sorted(ctx.board.houses().items()):
            ex = self._exits(ctx, rooms)
            if ex and not any(ctx.st.opening_open.get(o, True) for o in ex):
                closed.append(hid)
        ctx.st.flags["closed_houses"] = closed

    def check(self, ctx) -> None:
        left = ctx.st.flags.get("closed_houses", [])
        if not left:
            return
        houses = ctx.board.houses()
        for hid in list(left):
            rooms = houses.get(hid, frozenset())
            if any(ctx.st.opening_open.get(o, False) for o in self._exits(ctx, rooms)):
                left.remove(hid)
                order = list(house_spawn_zones(ctx.board, next(iter(rooms))))
                ctx.emit("scene", "P. 42", f"Spawning in houses: the house {hid.split(':', 1)[1]} is opened; one Ghoul "
                         f"card for each of its {len(order)} room(s)", house=hid, rooms=order)
                ctx.push(*[["spawn_card", z] for z in order])


@scene_hook("search_every_room")
class SearchEveryRoom(Hook):
    """"The game is won as soon as every interior Zone has been Searched at least once." (S9, P. 42)"""

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"unsearched"``: the interior Zones not Searched yet."""
        done = set(ctx.st.flags.get("searched_zones", []))
        return {"unsearched": sorted(z for z, zone in ctx.board.zones.items() if zone.interior and z not in done)}

    def searched(self, ctx, sid, source, uid) -> None:
        done = ctx.st.flags.setdefault("searched_zones", [])
        z = ctx.surv(sid).zone
        if z not in done:
            done.append(z)

    def check(self, ctx) -> None:
        done = set(ctx.st.flags.get("searched_zones", []))
        rooms = {z for z, zone in ctx.board.zones.items() if zone.interior}
        if rooms and rooms <= done:
            ctx.win(f"all {len(rooms)} interior Zones have been Searched", "P. 42")


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


# ------------------------------------------------------------------------------ P. 32
def parse_card_ranges(spec, known: list[int]) -> list[int]:
    """``"1-21, 43-46"`` or ``[1, 2, 3]`` -> card numbers (only those in the deck)."""
    if isinstance(spec, list):
        nums = {int(x) for x in spec}
    else:
        nums = set()
        for part in str(spec).split(","):
            part = part.strip()
            if not part:
                continue
            a, _, b = part.partition("-")
            try:
                lo, hi = int(a), int(b or a)
            except ValueError:
                raise ValueError(f"[scene.options] ghoul_cards: bad range {part!r} (use \"1-21, 43-46\")") from None
            nums |= set(range(lo, hi + 1))
    bad = sorted(nums - set(known))
    if bad:
        raise ValueError(f"[scene.options] ghoul_cards: no Ghoul card number(s) {bad} (cards are "
                         f"{min(known)}-{max(known)})")
    return sorted(nums)


@scene_hook("difficulty_tuning")
class DifficultyTuning(Hook):
    """"Tuning the difficulty" (P. 32) as Scene options in ``[scene.options]``:
    ``ghoul_cards = "1-21"`` (cards used), ``opening_cards = false`` (drop #43-#46, the Barricades
    and Doors Opening cards), ``ultrared = true``. Options given to ``Game.new`` win."""

    def on_setup(self, ctx) -> None:
        d = self.scene.data.get("options", {})
        if "ghoul_cards" not in ctx.options:
            known = sorted(set(ctx.st.ghoul_deck))
            keep = set(parse_card_ranges(d.get("ghoul_cards", f"{known[0]}-{known[-1]}"), known))
            if not d.get("opening_cards", True):
                keep -= {n for n in known if self.scene.ghoul_card(n).kind != "spawn"}
            if not keep:
                raise ValueError(f"{self.scene.file}: [scene.options] leaves no Ghoul card")
            if keep != set(known):
                ctx.st.ghoul_deck = [n for n in ctx.st.ghoul_deck if n in keep]
                ctx.emit("setup", "P. 32", f"Tuning the difficulty: {len(ctx.st.ghoul_deck)} Ghoul cards used")
        if "ultrared" not in ctx.options and d.get("ultrared"):
            ctx.options["ultrared"] = True
            ctx.emit("setup", "P. 32", "Ultrared Mode is on")


from nollab.rules import travel_hooks as _travel_hooks  # noqa: E402,F401  (registers the travelling hooks)
