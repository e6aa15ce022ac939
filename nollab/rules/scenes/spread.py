"""Setup choice "Spread Survivors in any way you see fit among the Survivor Starting Zones, with at
least 1 Survivor per Zone." (S3, P. 35): where each Survivor starts is a player decision.

The hook ``spread_survivors`` (named in a Scene file's ``[scene] hooks``; any Scene whose setup
says the same may use it) asks, at setup, one ``scene:start_zone`` Choice per Survivor, in the
seating order: which of the Scene's Survivor Starting Zones (``[map] starting_areas``) they start
in. A Zone the rule would leave empty is never offered: once as many Survivors are left to place
as Starting Zones are still empty, only the empty Zones are offered (the Choice's text says so),
and a Survivor with a single Zone left is placed there without a question (no decision).

The default of every Choice (bots, ``run_until``) is where the Scene file's ``[scene] start``
puts that Survivor (:func:`nollab.rules.rounds.setup.build_state`), so a game answered by
defaults stands exactly as before this rule was a decision.
"""
from __future__ import annotations

from nollab.rules.engine.state import Choice
from nollab.rules.scenes.hooks import Hook, scene_hook

KIND = "scene:start_zone"


def starting_zones(scene) -> list[str]:
    """The Scene's Survivor Starting Zones, by Starting Area number ("1", "2", ...)."""
    areas = scene.tokens.starting_areas
    return list(dict.fromkeys(areas[a] for a in sorted(areas)))


def allowed_zones(zones: list[str], placed: list[str], left: int) -> list[str]:
    """The Starting Zones the next Survivor may start in so that every Zone can still end with at
    least 1 Survivor (P. 35): ``placed`` = the Zones of the Survivors placed so far, ``left`` =
    the Survivors still to place, this one included. A Zone that already has a Survivor is offered
    only if the other ``left - 1`` Survivors can still fill every empty Zone. With fewer Survivors
    than Starting Zones (a smaller team) the rule cannot hold; each then takes an empty Zone, so
    as many Zones as possible are held."""
    empty = [z for z in zones if z not in placed]
    if left - 1 >= len(empty):
        return list(zones)
    return empty


@scene_hook("spread_survivors")
class SpreadSurvivors(Hook):
    """"Spread Survivors in any way you see fit among the Survivor Starting Zones, with at least 1
    Survivor per Zone." (S3, P. 35) -- one Choice per Survivor; defaults = the Scene file's split.

    A position placed by hand (sandbox) with a Survivor outside the Starting Zones already says
    where everyone stands: nothing is asked then."""

    def on_setup(self, ctx) -> None:
        zones = starting_zones(self.scene)
        order = [s.id for s in ctx.st.survivors.values() if s.alive]
        if len(zones) < 2 or not order:
            return  # one Starting Zone (or none): nothing to decide
        if any(ctx.surv(x).zone not in zones for x in order):
            return
        self._next(ctx, order, zones, 0)

    def _next(self, ctx, order: list[str], zones: list[str], k: int) -> None:
        """Place ``order[k:]``: ask the first that has a choice, place the forced ones."""
        while k < len(order):
            sid = order[k]
            placed = [ctx.surv(x).zone for x in order[:k]]
            allowed = allowed_zones(zones, placed, len(order) - k)
            if len(allowed) > 1:
                ctx.ask(self._choice(ctx, order, zones, k, placed, allowed))
                return
            self._place(ctx, sid, allowed[0], "the only Starting Zone left that keeps 1 Survivor per Zone")
            k += 1

    def _choice(self, ctx, order, zones, k, placed, allowed) -> Choice:
        sid = order[k]
        here = ctx.surv(sid).zone  # where the Scene file puts them (build_state): the default
        left = len(order) - k
        prompt = (f"Spread Survivors among the {len(zones)} Survivor Starting Zones, at least 1 per Zone: "
                  f"where does {ctx.sname(sid)} start? ({k + 1} of {len(order)})")
        if len(allowed) < len(zones):
            prompt += (f" Only the empty Zone(s) are offered: {left} Survivor(s) left for "
                       f"{sum(1 for z in zones if z not in placed)} empty Zone(s).")
        labels = [f"{ctx.zname(z)}: {placed.count(z)} there so far" for z in allowed]
        return Choice("scene:start_zone", sid, prompt, "P. 35", options=list(allowed), labels=labels,
                      default=allowed.index(here) if here in allowed else 0, default_name="scene file",
                      data={"order": list(order), "zones": list(zones), "k": k})

    def _place(self, ctx, sid: str, zone: str, why: str) -> None:
        ctx.surv(sid).zone = zone
        ctx.emit("setup", "P. 35", f"{ctx.sname(sid)} starts in {ctx.zname(zone)} ({why})", survivor=sid, zone=zone)

    def resolve_choice(self, ctx, choice, option) -> bool:
        if choice.kind != KIND:
            return False
        d = choice.data
        self._place(ctx, choice.survivor, option, "Survivors spread among the Starting Zones")
        self._next(ctx, list(d["order"]), list(d["zones"]), int(d["k"]) + 1)
        return True
