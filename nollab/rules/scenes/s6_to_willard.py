"""Scene 6 "To Willard" (P. 39): the Armory (also S8-S10), "Oh, I'd like to leave, yes" (no Search
in the house once a Door or Barricade is opened), the travelling posse, and the objective: every
Survivor on tile 2V at the end of a Players' Phase. The travelling board and the herd are shared
with S8 (:mod:`.travelling`).
"""
from __future__ import annotations

from nollab.rules.scenes.common import house_zones
from nollab.rules.scenes.flags import Flag
from nollab.rules.scenes.hooks import Hook, scene_hook
from nollab.rules.scenes.travelling import Travel


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
    flags = {"house_left": Flag(bool, False, "a house Door or Barricade was opened: no more Search there (S6, P. 39)")}

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
            self.kept(ctx).house_left = True
            ctx.emit("scene", "P. 39", f"Oh, I'd like to leave, yes: {', '.join(opened)} opened, the house can "
                     "no longer be Searched")

    def search_sources(self, ctx, s, decks):
        if ctx.st.flags.get("house_left") and s.zone in house_zones(ctx, self.scene):
            return []
        return decks


@scene_hook("travelling_posse")
class TravellingPosse(Travel):
    """"As soon as a Survivor moves initially onto tile 2V, set tile 6R right next to it, in any way
    you want, as to extend the road. The board doesn't have to be linear. From then on, any tile is
    removed from the board as soon as there is no Survivor on it during an End Phase. Any remaining
    Ghouls on these tiles are removed as well (no XP is gained). This rule doesn't apply if it
    would separate the Survivors by disrupting the board. Repeat the process by expanding the board
    in the following order: 5V, 3V, 1V, 4V, and finally, 2V." (S6, P. 39)"""

    page = "P. 39"


@scene_hook("reach_willard")
class ReachWillard(Hook):
    """"The game is won as soon as all the Survivors are standing on tile 2V at the end of a
    Players' Phase, after crossing the countryside" (S6, P. 39): the final 2V must be placed."""

    def end_of_players_phase(self, ctx) -> None:
        tr = ctx.st.flags.get("travel", {})
        target = self.scene.data.get("travel", {}).get("pile", ["2V"])[-1]
        if ctx.st.result is not None or not tr.get("final"):
            return
        b = ctx.board
        alive = [s for s in ctx.st.survivors.values() if s.alive]
        if alive and all(s.zone in b.zones and b.zones[s.zone].tile == target for s in alive):
            ctx.win(f"every Survivor stands on tile {target}: Willard is reached", "P. 39")
