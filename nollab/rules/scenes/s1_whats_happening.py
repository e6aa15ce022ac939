"""Scene 1 "What's Happening?" special rules (P. 33) as named hooks.

- ``winchester_aside``: the Winchester 94 lies in a marked Zone; a Search there may take it.
- ``trusting_each_other``: giving the starting Winchester 94 by Trade lets the giver switch to
  Zombicide Mode (a choice).
- ``equipment_stashes``: Melee/Ranged decks only in their stash Zones (Zombicide Mode only).
- ``corpse_lady``: first arrival in the 3R stairs Zone flips Zombicide Survivors to Romero; 2
  Actions remove her; until then the Zone beyond her cannot be Searched.
- ``makeshift_barricades``: take an open Barricade token (1 Action), Boards -> token (free),
  block a window with a carried token (1 Action, +5 XP).
- ``barricade_the_house``: win when every indicated window is blocked by a closed Barricade and
  no Ghoul is in the house.
"""
from __future__ import annotations

from nollab.rules.engine.actions import Action
from nollab.rules.engine.state import Choice
from nollab.rules.scenes.flags import Flag
from nollab.rules.scenes.hooks import Hook, scene_hook
from nollab.rules.survivors.experience import gain_xp


BARRICADE_TOKENS = 11  # P. 3: Barricade (open/closed) x11


@scene_hook("winchester_aside")
class WinchesterAside(Hook):
    """"Set this Winchester 94 in the designated Zone. Any Survivor Searching in this Zone may
    take the Winchester 94 instead, and reorganize their inventory for free." (P. 33)"""

    def search_sources(self, ctx, s, decks):
        if s.zone == self.scene.marker_zone("winchester-94") and ctx.st.aside.get("w94"):
            return decks + ["aside:w94"]
        return decks


@scene_hook("trusting_each_other")
class TrustingEachOther(Hook):
    """"Any Survivor giving the Winchester 94 Starting Equipment to another Survivor with a
    Reorganize/Trade Action may switch to Zombicide Mode." (P. 33)"""

    def traded(self, ctx, sid, partner, gave, took):
        giver = None
        if any(self._starting_w94(ctx, u) for u in gave):
            giver = sid
        elif any(self._starting_w94(ctx, u) for u in took):
            giver = partner
        if giver is not None and ctx.surv(giver).mode == "romero":
            ctx.ask(Choice("scene:trust", giver, f"Trusting each other: {ctx.sname(giver)} gave the Winchester 94; "
                           "switch to Zombicide Mode?", "P. 33", options=["switch", "stay"],
                           labels=["switch to Zombicide Mode", "stay in Romero Mode"], default_name="switch"))

    @staticmethod
    def _starting_w94(ctx, uid) -> bool:
        return ctx.st.cards[uid] == "winchester_94" and ctx.st.origin[uid] == "starting"

    def resolve_choice(self, ctx, choice, option) -> bool:
        if choice.kind != "scene:trust":
            return False
        if option == "switch":
            ctx.surv(choice.survivor).mode = "zombicide"
            ctx.emit("mode", "P. 33", f"{ctx.sname(choice.survivor)} switches to Zombicide Mode (Trusting each other)",
                     survivor=choice.survivor)
        return True


@scene_hook("equipment_stashes")
class EquipmentStashes(Hook):
    """"The Melee and Ranged Equipment decks can only be Searched in the designated Zones (only
    while in Zombicide Mode)." (P. 33)"""

    def search_sources(self, ctx, s, decks):
        stash = self.scene.tokens.stashes.get(s.zone)
        return [d for d in decks if d not in ("melee", "ranged") or d == stash]


@scene_hook("corpse_lady")
class CorpseLady(Hook):
    flags = {"corpse_seen": Flag(bool, False, "a Survivor has found the corpse lady (S1, P. 33)"),
             "corpse_work": Flag(int, 0, "Actions spent removing the corpse: 2 remove it (S1, P. 33)")}
    """"The first time a Survivor reaches the stairs' Zone on tile 3R, all Survivors in Zombicide
    Mode shift to Romero Mode. A Survivor standing in the Zone has to spend 2 Actions to remove
    the corpse. Until then, the Zone beyond it cannot be Searched!" (P. 33)"""

    actions = ("remove_corpse",)

    def zone(self):
        return self.scene.marker_zone("corpse-lady")

    def beyond(self, ctx) -> frozenset[str]:
        """Zones across the Stairs of her Zone (cached per Board: printed Openings never change)."""
        got = self.__dict__.get("_beyond")
        if got is not None and got[0] is ctx.board:
            return got[1]
        z = self.zone()
        out = set()
        for oid in ctx.board.openings_of(z):
            if str(ctx.board.openings[oid].kind) == "stairs":
                out.add(ctx.board.openings[oid].other(z))
        self._beyond = (ctx.board, frozenset(out))
        return self._beyond[1]

    def zone_entered(self, ctx, sid, zone):
        if zone != self.zone():
            return
        kept = self.kept(ctx)
        if kept.corpse_seen:
            return
        kept.corpse_seen = True
        flipped = [s.id for s in ctx.st.survivors.values() if s.alive and s.mode == "zombicide"]
        for x in flipped:
            ctx.surv(x).mode = "romero"
        names = ", ".join(ctx.sname(x) for x in flipped) or "nobody is in Zombicide Mode"
        ctx.emit("corpse_lady", "P. 33", f"{ctx.sname(sid)} finds the corpse lady: Survivors in Zombicide Mode shift "
                 f"to Romero Mode ({names})", survivor=sid)

    def legal_actions(self, ctx, s):
        if s.zone == self.zone() and ctx.st.flags.get("corpse_work", 0) < 2:
            return [Action("scene", s.id, ("remove_corpse", 0))]
        return []

    def perform(self, ctx, sid, name, arg, paid) -> bool:
        kept = self.kept(ctx)
        kept.corpse_work += 1
        work = kept.corpse_work
        done = " The corpse is removed." if work >= 2 else " (1 more Action needed)"
        ctx.emit("corpse_lady", "P. 33", f"{ctx.sname(sid)} works at removing the corpse ({paid}).{done}", survivor=sid)
        return True

    def search_sources(self, ctx, s, decks):
        if ctx.st.flags.get("corpse_work", 0) < 2 and s.zone in self.beyond(ctx):
            return []
        return decks


@scene_hook("makeshift_barricades")
class MakeshiftBarricades(Hook):
    """"Open Barricade tokens ... may be taken by Survivors in any of these Zones, at the cost of a
    single Action. ... Boards Equipment cards may be discarded to provide the Survivor with a
    Barricade token (no XP is gained.) A Survivor carrying a Barricade token may spend 1 Action
    to block a window in their Zone ... The Survivor earns 5 XP." (P. 33)"""

    actions = ("take_barricade", "boards", "block_window")

    def action_cost(self, name: str) -> int:
        return 0 if name == "boards" else 1

    def supply(self, ctx) -> int:
        on_map = sum(1 for oid in ctx.board.openings if self.kind(ctx, oid) == "barricade")
        carried = sum(s.barricades for s in ctx.st.survivors.values())
        return BARRICADE_TOKENS - on_map - carried

    @staticmethod
    def kind(ctx, oid) -> str:
        k = ctx.st.opening_kind.get(oid)
        return k if k is not None else str(ctx.board.openings[oid].kind)

    def legal_actions(self, ctx, s):
        out = []
        sid = s.id
        st = ctx.st
        for oid in sorted(ctx.board.openings_of(s.zone)):
            o = ctx.board.openings[oid]
            k = self.kind(ctx, oid)
            if k == "barricade" and st.opening_open.get(oid, True) and not o.window:
                out.append(Action("scene", sid, ("take_barricade", oid)))
            # blocking a window builds a Barricade: a Barricade Action, so no Ghouls in the Zone (P. 19)
            if s.barricades > 0 and (o.window or k == "window") and k != "barricade" \
                    and not st.ghoul_count(s.zone):
                out.append(Action("scene", sid, ("block_window", oid)))
        boards = [u for u in s.inventory() if ctx.card(u).effect == "boards"]
        if boards and self.supply(ctx) > 0:
            out.append(Action("scene", sid, ("boards", boards[0])))
        return out

    def perform(self, ctx, sid, name, arg, paid) -> bool:
        s = ctx.surv(sid)
        if name == "take_barricade":
            ctx.st.opening_kind[arg] = "passage"
            ctx.st.set_open(arg, True)
            s.barricades += 1
            ctx.emit("barricade_token", "P. 33", f"{ctx.sname(sid)} takes the Barricade token {arg} ({paid}): "
                     f"now carries {s.barricades}", survivor=sid, opening=arg)
        elif name == "boards":
            ctx.take_from_inventory(sid, arg)
            ctx.to_discard(arg)
            s.barricades += 1
            ctx.emit("barricade_token", "P. 33", f"{ctx.sname(sid)} discards Boards for a Barricade token (no XP)",
                     survivor=sid)
        elif name == "block_window":
            s.barricades -= 1
            ctx.st.opening_kind[arg] = "barricade"
            ctx.st.set_open(arg, False)
            ctx.emit("block_window", "P. 33", f"{ctx.sname(sid)} blocks the window {arg} with a closed Barricade "
                     f"({paid})", survivor=sid, opening=arg)
            gain_xp(ctx, sid, 5, "window blocked", "P. 33")
        return True


@scene_hook("barricade_the_house")
class BarricadeTheHouse(Hook):
    """"The game is won as soon as both conditions are met simultaneously: All indicated windows
    are blocked with closed Barricades. There are no Ghouls in the house." (P. 33)"""

    def house(self, ctx) -> frozenset:
        got = self.__dict__.get("_house")
        if got is None:
            z = self.scene.marker_zone("objective-house")
            got = self._house = ctx.board.house(z) if z else frozenset()
        return got

    def windows_left(self, ctx) -> list[str]:
        st = ctx.st
        return [w for w in self.scene.tokens.windows_to_barricade
                if not (st.opening_kind.get(w) == "barricade" and not st.opening_open.get(w, True))]

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"windows"``: the interior Zones beside each indicated window not yet blocked by a
        closed Barricade (where a Survivor carrying a token blocks it, P. 33)."""
        b = ctx.board
        return {"windows": [z for w in self.windows_left(ctx) if w in b.openings
                            for z in b.openings[w].zones if z in b.zones and b.zones[z].interior]}

    def check(self, ctx) -> None:
        st = ctx.st
        kinds, is_open = st.opening_kind, st.opening_open
        for w in self.scene.tokens.windows_to_barricade:  # = windows_left(ctx), without the list
            if kinds.get(w) != "barricade" or is_open.get(w, True):
                return
        if any(ctx.st.ghoul_count(z) for z in self.house(ctx)):
            return
        ctx.win("every indicated window is blocked by a closed Barricade and no Ghoul is in the house", "P. 33")
