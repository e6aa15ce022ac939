"""The per-objective plans of the heuristic bot (Scenes 2-10, P. 34-44); the table that picks
them from a Scene's hooks is :data:`nollab.sim.plans.PLAN_FOR_HOOK`."""
from __future__ import annotations

from typing import Any

from nollab.rules.engine.state import GI
from nollab.sim.plans_base import (MOLOTOV_PARTS, NORMAL, URGENT, Plan, alive, can_fight, car_distances, card_id,
                                  holds, objective, tile_zones, white_zone)

__all__ = ["HouseSiege", "DriveToPump", "GatherSpawns", "HuntRelatives", "RelativeOnWhite", "Travel", "SearchRooms",
           "Trust", "relative_bonus"]


# ------------------------------------------------------------------------------ S2, S4, S5
class HouseSiege(Plan):
    """"The game is lost whenever there is at least 1 Ghoul in the house at the end of a Players'
    Phase" (P. 34, 36, 37): a Ghoul inside is the most urgent goal of every armed Survivor, and
    the door to it is worth opening (the loss is certain otherwise); the last Survivor out of
    an empty house closes the door behind them."""

    name = "house-siege"

    def goals(self, v):
        inside = [z for z in v.house() if v.st.ghoul_count(z)]
        if inside and can_fight(v, v.me):
            return URGENT, inside
        return None

    def bonus(self, v, a) -> float:
        if a.kind == "move" and can_fight(v, v.me):
            dest = a.params[0]
            n = v.st.ghoul_count(dest)
            if n and dest in v.house():
                # walking in is dangerous, but a Ghoul left in the house loses the game outright
                return 100.0 + 70.0 * n + (180.0 if v.lethal(dest) else 0.0)
        if a.kind in ("door", "barricade") and a.params[1] == "open":
            far = v.board.openings[a.params[0]].other(v.me.zone)
            if far in v.house() and v.st.ghoul_count(far) and can_fight(v, v.me):
                return 140.0  # cancels the "Ghouls behind it" penalty: they must die this Phase
        if a.kind in ("door", "barricade") and a.params[1] == "close":
            house = v.house()
            if v.me.zone not in house and v.board.openings[a.params[0]].other(v.me.zone) in house \
                    and not any(s.zone in house for s in alive(v)):
                return 120.0  # the last one out shuts the house behind them: Ghouls stay outside
        return 0.0


# ------------------------------------------------------------------------------ S4
class DriveToPump(Plan):
    """"The Car is on the indicated pump Zone. There are no Ghouls on tile 5R." (S4, P. 36):
    everyone gets in (the house stays empty while the Ghouls follow the Car), the Driver drives
    along the shortest road to the pump and runs over the Ghouls of its tile (Car Attack, P. 21)."""

    name = "drive-to-pump"

    def _pump(self, v) -> str | None:
        pump = objective(v, "pump")
        return pump[0] if pump else None

    def goals(self, v):
        car = v.st.car
        if car is None or v.me.in_car:
            return None
        return NORMAL - 1, [car["zone"]]

    def bonus(self, v, a) -> float:
        car, pump = v.st.car, self._pump(v)
        if car is None or pump is None:
            return 0.0
        k = a.kind
        if k == "car_in":
            return 260.0 if (a.params == ()) else 250.0
        if k == "car_out":
            return -200.0
        if k == "car_seat":
            return -100.0
        if k == "drive":
            return self._drive(v, a.params[0], car["zone"], pump)
        if v.me.in_car and k in ("move", "search", "door", "barricade"):
            return -50.0
        return 0.0

    def _drive(self, v, path, here: str, pump: str) -> float:
        riders = [s for s in alive(v) if s.in_car]
        waiting = len(alive(v)) - len(riders)
        d = car_distances(v, pump)
        end = path[-1]
        tile = v.board.zones[pump].tile
        ghouls_tile = [z for z in tile_zones(v, tile) if v.st.ghoul_count(z)]
        if waiting and not v.st.ghoul_count(here) and v.st.round < 12:
            return -150.0  # wait for the others (they walk to the Car)
        score = 60.0 * (d.get(here, 20) - d.get(end, 20))
        if here == pump or d.get(here, 20) <= 2:
            # near the pump: run over the Ghouls of its tile, finishing on the pump if possible
            score += 40.0 * sum(1 for z in path if z in ghouls_tile)
            if end == pump:
                score += 80.0 if len(ghouls_tile) <= sum(1 for z in path if z in ghouls_tile) else 20.0
        return score + 30.0


# ------------------------------------------------------------------------------ S3, S10
class GatherSpawns(Plan):
    """Gather every Ghoul Spawn token in one Zone with Molotovs: "Any Ghoul Spawn token in the
    targeted Zone may be moved to another Spawn Zone" (P. 29). S3 "break the siege" (P. 35) then
    needs an empty board; S10 "purge the district" (P. 44) gathers on the white Zone (its token
    "cannot be removed") and wins with a Molotov thrown there."""

    name = "gather-spawns"

    def target(self, v) -> str | None:
        if self.hook == "purge_the_district":
            return white_zone(v)
        counts: dict[str, int] = {}
        for z, _c in v.st.spawns:
            counts[z] = counts.get(z, 0) + 1
        if not counts:
            return None
        return max(sorted(counts), key=lambda z: counts[z])

    def to_burn(self, v) -> list[str]:
        """Spawn Zones still to burn (their tokens go to the target)."""
        t = self.target(v)
        out = sorted({z for z, _c in v.st.spawns if z != t})
        if self.hook == "purge_the_district" and not out and t is not None:
            out = [t]  # the final Molotov
        return out

    def molotovs(self, v) -> int:
        n = 0
        for s in alive(v):
            cards = [card_id(v, u) for u in s.inventory()]
            n += cards.count("molotov") + min(cards.count("mason_jar"), cards.count("flammable_fluid"))
        return n

    def _parts(self, v, s) -> set:
        return {card_id(v, u) for u in s.inventory()} & set(MOLOTOV_PARTS)

    def _pair_with(self, v, other) -> bool:
        """``other`` holds the Molotov part I miss (or I hold the one they miss): bring them together."""
        mine, theirs = self._parts(v, v.me), self._parts(v, other)
        if not mine or not theirs or other.id == v.me.id:
            return False
        return (len(mine) == 1 and bool(theirs - mine)) or (len(theirs) == 1 and bool(mine - theirs))

    def goals(self, v):
        burn = self.to_burn(v)
        if burn and self._parts(v, v.me) and len(self._parts(v, v.me)) == 1:
            mates = sorted({s.zone for s in alive(v) if self._pair_with(v, s)})
            if mates:
                return NORMAL - 1, mates
        if holds(v, v.me, "molotov") and burn:
            near = set()
            for z in burn:
                near.update(n for n in v.board.neighbors(z, v.closed) if not v.board.zones[n].interior)
                near.update(n for n in v.board.neighbors(z, frozenset()))
            return NORMAL - 2, sorted(near - set(burn)) or burn
        if not burn and self.hook == "break_the_siege":
            hunt = sorted(v.st.ghouls)
            if hunt and can_fight(v, v.me):
                return NORMAL, hunt
        return None

    def bonus(self, v, a) -> float:
        burn = self.to_burn(v)
        if a.kind == "molotov":
            z = a.params[1]
            friends = len(v.st.survivors_in(z))
            if friends:
                return -1000.0
            if z in burn:
                return 400.0
            return -300.0 if burn and self.molotovs(v) <= len(burn) else 0.0
        if a.kind == "combine":
            return 100.0 if a.params[0] == "molotov" else -60.0  # a Torch would burn a Flammable Fluid
        if a.kind == "trade" and self._pair_with(v, v.st.survivors[a.params[0]]):
            return 150.0
        if a.kind == "search" and str(a.params[0]) == "house" and self.molotovs(v) < len(burn):
            return 25.0  # Mason Jars and Flammable Fluids are House cards (P. 3)
        if a.kind == "discard" and card_id(v, a.params[0]) in ("molotov",) + MOLOTOV_PARTS:
            return -200.0
        return 0.0

    def option(self, v, choice) -> Any:
        if choice.kind == "molotov_spawn":
            t = self.target(v)
            return t if t in choice.options else None
        if choice.kind == "trade" and choice.survivor == v.me.id:
            partner = v.st.survivors[choice.data["partner"]]
            if not self._pair_with(v, partner):
                return None
            mine, theirs = self._parts(v, v.me), self._parts(v, partner)
            giver_is_me = len(mine) <= len(theirs)
            for o in choice.options:
                if o[0] == ("give" if giver_is_me else "take") and card_id(v, o[1]) in MOLOTOV_PARTS \
                        and card_id(v, o[1]) not in (theirs if giver_is_me else mine):
                    return o
            return ["done"] if ["done"] in choice.options else None
        return None


# ------------------------------------------------------------------------------ S5, S7
def relative_bonus(v, a, zone_ok) -> float:
    """Score an attack by the Relatives it may kill in an accepted Zone."""
    if a.kind == "molotov":
        z = a.params[1]
        if zone_ok(z) and v.st.ghouls_in(z)[GI["relative"]] and not v.st.survivors_in(z):
            return 500.0
        return 0.0
    if a.kind not in ("melee", "ranged"):
        return 0.0
    z = v.me.zone if a.kind == "melee" else a.params[1]
    w, b, f, r = v.st.ghouls_in(z)
    if not r or not zone_ok(z):
        return 0.0
    return 60.0 + 60.0 / (1 + w + b + f)  # the fewer Ghouls in front of it, the likelier the kill


class HuntRelatives(Plan):
    """"All Survivors are at Orange Danger Level (or higher). Each Survivor has killed 1 Relative
    (or more)." (S5, P. 37): a Survivor still owing a Relative shoots Relatives first, and walks
    towards them when the house is clear."""

    name = "hunt-relatives"

    def _owes(self, v) -> bool:
        return v.me.kills.get("relative", 0) < 1

    def goals(self, v):
        if not self._owes(v) or not can_fight(v, v.me):
            return None
        zones = [z for z, c in v.st.ghouls.items() if c[GI["relative"]]]
        house = v.house()
        if house:  # stay near the house: Relatives in it or next to it
            near = set(house)
            for z in house:
                near.update(v.board.neighbors(z, frozenset()))
            zones = [z for z in zones if z in near]
        return (NORMAL + 1, zones) if zones else None

    def bonus(self, v, a) -> float:
        if not self._owes(v):
            return 0.0
        return relative_bonus(v, a, lambda z: True)


class RelativeOnWhite(Plan):
    """"The game is won as soon as a Relative is eliminated on the white Spawn Zone." (S7, P. 40):
    stand next to the white Spawn Zone and attack it when a Relative is there (a Molotov wins
    outright, P. 29)."""

    name = "relative-on-white"

    def goals(self, v):
        w = white_zone(v)
        if w is None:
            return None
        near = [n for n in v.board.neighbors(w, frozenset())]
        return NORMAL, sorted(set(near)) or [w]

    def bonus(self, v, a) -> float:
        w = white_zone(v)
        b = relative_bonus(v, a, lambda z: z == w)
        if a.kind == "molotov" and a.params[1] != w:
            return b - 100.0  # keep the Molotov for the white Zone
        return 3 * b


# ------------------------------------------------------------------------------ S6, S8
class Travel(Plan):
    """Travelling boards (S6 P. 39, S8 P. 41): a new tile comes when a Survivor moves onto the
    newest one. Walk towards it, the front-runners waiting for the stragglers (a lone Survivor
    dies); S6 ends with everyone on 2V, S8 with everyone on 6V, no Ghoul there, a driver in
    Johnny's car."""

    name = "travel"
    arm_rounds = 2

    def _tr(self, v) -> dict:
        return v.st.flags.get("travel") or {}

    def target_tile(self, v) -> str | None:
        tr = self._tr(v)
        if tr.get("final"):
            return tr["tiles"][-1][0] if tr.get("tiles") else None
        return tr.get("frontier")

    def goals(self, v):
        tile = self.target_tile(v)
        if tile is None:
            return None
        if v.st.round <= self.arm_rounds and not v.st.flags.get("house_left") and v.board.zones[v.me.zone].interior:
            return None  # arm first: the house can be Searched until a door opens (S6, P. 39)
        tr = self._tr(v)
        zones = objective(v, "tile")  # the Zones of ``tile`` (Scene.objective_zones)
        if tr.get("final") and v.st.car is not None and v.st.car.get("zone") in zones:
            driver = any(s.driver for s in alive(v))
            if not driver:
                zones = [v.st.car["zone"]]
        if not zones:
            return None
        # keep the group together: a front-runner 3+ Moves ahead of the last one waits
        mine = v.goal_distance(v.me.zone, zones, closed=frozenset())
        if not mine:
            if tr.get("final") and can_fight(v, v.me):
                # on the last tile: "no Ghouls on tile 6V" (S8, P. 41) -- go after those left on it
                left = [z for z in tile_zones(v, tile) if v.st.ghoul_count(z)]
                return (NORMAL, left) if left else None
            return None
        worst = max((v.goal_distance(s.zone, zones, closed=frozenset()) or 0) for s in alive(v))
        if worst - mine >= 3:
            return NORMAL, [v.me.zone]
        return NORMAL, zones

    def bonus(self, v, a) -> float:
        tr = self._tr(v)
        if a.kind == "car_in" and tr.get("final") and a.params == ():
            return 300.0  # Johnny's car needs a driver (S8, P. 41)
        if a.kind in ("car_out", "drive", "car_seat") and tr.get("final"):
            return -300.0
        return 0.0


# ------------------------------------------------------------------------------ S9
class SearchRooms(Plan):
    """"The game is won as soon as every interior Zone has been Searched at least once." (S9,
    P. 42): the nearest unsearched room is the goal (the bot leaves the Car and walks)."""

    name = "search-rooms"

    def goals(self, v):
        rooms = v.unsearched_rooms()
        return (NORMAL, sorted(rooms)) if rooms else None

    def bonus(self, v, a) -> float:
        if a.kind == "search" and v.me.zone in v.unsearched_rooms():
            return 80.0
        return 0.0


# ------------------------------------------------------------------------------ S1-S5
class Trust(Plan):
    """"Any Survivor giving the Winchester 94 Starting Equipment to another Survivor with a
    Reorganize/Trade Action may switch to Zombicide Mode." (P. 33): the holder of the starting
    Winchester hands it to a Romero-Mode partner in its Zone when no Ghoul is close, and says
    "switch"; the receiver passes it on in turn."""

    name = "trust"

    def _w94(self, v, s) -> int | None:
        for u in s.inventory():
            if card_id(v, u) == "winchester_94" and v.st.origin[u] == "starting":
                return u
        return None

    def bonus(self, v, a) -> float:
        if a.kind != "trade" or v.me.mode != "romero" or self._w94(v, v.me) is None:
            return 0.0
        if v.st.ghoul_count(v.me.zone) or v.ghoul_near(v.me.zone, 1):
            return 0.0
        partner = v.st.survivors[a.params[0]]
        return 90.0 if len(partner.inventory()) < 5 else 0.0

    def option(self, v, choice) -> Any:
        if choice.kind == "scene:trust":
            return "switch" if "switch" in choice.options else None
        if choice.kind == "trade" and choice.survivor == v.me.id:
            u = self._w94(v, v.me)
            if v.me.mode == "romero" and u is not None and ["give", u] in choice.options:
                return ["give", u]
            gave = choice.data.get("gave", [])
            if any(card_id(v, x) == "winchester_94" for x in gave) and ["done"] in choice.options:
                return ["done"]
        return None
