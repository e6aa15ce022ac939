"""Bots for Zpocalypse: ``first``, ``random`` and ``bot`` (a simple one-action heuristic).

The ``bot`` reloads when a firearm is out of ammo, heals below half HP, curb stomps knocked-down
zombies, throws an explosive at 3+ zombies, attacks the square with the most zombies, picks up gear;
otherwise it holds the bunker, where "everyone in the bunker may attack" the zombies that come in
(measured: holding the bunker wins more often than walking out to the zombies or foraging); in the day it places tiles close to the bunker entrance (+1 VP), takes survivors from the
bunker when it can feed them, gives spare food to a squad that cannot feed everyone, builds traps and
sandbags round the entrance, and spends skill points on the weapon kind it holds most dice of. It reads the game only through the engine's own rules.
"""
from __future__ import annotations

from nollab.packs.zpocalypse import squad as sq_
from nollab.packs.zpocalypse.board import BUNKER, chebyshev
from nollab.packs.zpocalypse.night import square
from nollab.rules import FirstPolicy, RandomPolicy

__all__ = ["POLICIES", "ZpocalypseBot"]


class ZpocalypseBot:
    """A one-ply heuristic (see the module docstring)."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_action(self, game, actions):
        st, box = game.state, game.box
        s = st.squad(actions[0].player)
        by: dict = {}
        for a in actions:
            by.setdefault(a.kind, []).append(a)
        if "reload" in by:
            return by["reload"][0]
        if "heal" in by and sq_.hp(box, s) * 2 < sq_.hp_max(box, s):
            return by["heal"][0]
        if "stomp" in by:
            return by["stomp"][0]
        pos = tuple(s.pos)
        if st.hunt:
            return self._day_zero(game, s, by)
        if "throw" in by and pos != BUNKER:
            for a in by["throw"]:
                t = square(a.params[1])
                units = sum(2 if z.double else 1 for z in st.zombies.values()
                            if z.pos != BUNKER and chebyshev(tuple(z.pos), t) <= 1)
                if units >= 3 and chebyshev(pos, t) >= 2:
                    return a
        if "throw" in by and pos == BUNKER:
            inside = sum(2 if z.double else 1 for z in st.zombies.values() if tuple(z.pos) == BUNKER)
            if inside >= 4:
                return next(a for a in by["throw"] if a.params[1] == "bunker")
        if "attack" in by:
            return max(by["attack"], key=lambda a: (self._units(game, a), a.params[0] == "both", a.params[0] == "firearm"))
        for kind in ("pickup", "take_pile"):
            if kind in by:
                return by[kind][0]
        if "move" in by and pos != BUNKER:
            home = [a for a in by["move"] if a.params[0] == "bunker"]
            if home:
                return home[0]
            city = game.ctx.city
            return min(by["move"], key=lambda a: chebyshev(square(a.params[0]), city.entrance))
        if "jump" in by:
            return by["jump"][0]
        return by["end"][0]

    def _day_zero(self, game, s, by):
        """Day Zero: into the bunker when it can; fight what is next to it; walk to the entrance once it is
        on the map, else walk off the map (explore) from the nearest edge."""
        city = game.ctx.city
        if "move" in by:
            home = [a for a in by["move"] if a.params[0] == "bunker"]
            if home:
                return home[0]
        if "attack" in by:
            return max(by["attack"], key=lambda a: (self._units(game, a), a.params[0] == "both", a.params[0] == "firearm"))
        if city.entrance is not None and "move" in by:
            return min(by["move"], key=lambda a: chebyshev(square(a.params[0]), city.entrance))
        zs = [tuple(z.pos) for z in game.state.zombies.values()]
        safe = lambda p: min([chebyshev(p, z) for z in zs] + [4])  # noqa: E731
        if "explore" in by and safe(tuple(s.pos)) >= 2:
            return by["explore"][0]
        if "move" in by:
            edge = [p for p in city.kind if city.open(p) and any(
                (p[0] + dx, p[1] + dy) not in city.kind for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)))]

            def score(a):
                p = square(a.params[0])
                return (min(safe(p), 2), -min(chebyshev(p, e) for e in edge), safe(p))
            best = max(by["move"], key=score)
            if score(best) > (min(safe(tuple(s.pos)), 2), -min(chebyshev(tuple(s.pos), e) for e in edge),
                              safe(tuple(s.pos))):
                return best
        if "explore" in by:
            return by["explore"][0]
        return by["end"][0]

    @staticmethod
    def _units(game, a) -> int:
        t = square(a.params[1])
        return sum(2 if z.double else 1 for z in game.state.zombies.values() if tuple(z.pos) == t)

    def choose_option(self, game, choice):
        st, box = game.state, game.box
        opts = list(choice.options)
        if choice.kind == "recruit":
            return opts[1] if len(opts) > 1 else opts[0]
        if choice.kind == "skill_point":
            s = st.squad(choice.who)
            f = sum(h[1] for h in sq_.weapons(box, s, "firearm"))
            m = sum(h[1] for h in sq_.weapons(box, s, "melee"))
            return "firearm" if f > m else "melee"
        if choice.kind == "fortify":
            city = game.ctx.city
            e = city.entrance
            for want in ("trap", "sandbags"):
                for o in opts[1:]:
                    kind, _, where = o.partition("@")
                    if kind != want:
                        continue
                    pts = [tuple(int(v) for v in w.split(",")) for w in where.split("|")]
                    if all(chebyshev(p, e) <= 1 for p in pts):
                        return o
            return "done"
        if choice.kind == "give_food":
            return self._give_food(st, choice.who, opts)
        return opts[choice.default]

    @staticmethod
    def _give_food(st, who, opts):
        """Give a spare Food card to a squad that cannot feed everyone (a survivor kept is a survivor more
        against the zombies); keep it otherwise."""
        def short(s):
            return len(s.members) - sum(2 if x.card == "double" else 1 for x in sq_.food_cards(s))
        if short(st.squad(who)) >= 0:
            return "done"
        for kind in ("food", "radioactive", "double"):
            for o in opts:
                k, _, to = o.partition(">")
                if k == kind and short(st.squad(to)) > 0 and short(st.squad(who)) + (2 if k == "double" else 1) <= 0:
                    return o
        return "done"


POLICIES = {
    "first": lambda seed=0: FirstPolicy(),
    "random": lambda seed=0: RandomPolicy(seed),
    "bot": lambda seed=0: ZpocalypseBot(seed),
}
