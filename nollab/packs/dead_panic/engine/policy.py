"""Bots for Dead Panic: ``first``, ``random`` and ``bot`` (a simple plan-following heuristic).

The ``bot`` plays the objective (p. 1: "collect and assemble 3 radio pieces, call the rescuers, and
make it into the van") one action at a time, by priority: get in the van; from the van, shoot at
Zombies near the others and drive toward them; call the Rescuers; assemble; collect a Radio piece
here; walk to the van; shoot Zombies that threaten someone; repair or rebuild the Wall of its arc;
walk toward the nearest Radio piece it is the closest player to; hand Radio pieces to the player
who holds most; search the Cabin; tape a weapon; else end the turn. In fights it picks the option
with the best exact chance of winning (:func:`nollab.packs.dead_panic.melee.fight`); other
decisions take the named default. It reads the game only through the engine's own rules.
"""
from __future__ import annotations

from fractions import Fraction

from nollab.packs.dead_panic.engine.state import RADIO, RADIO_PIECE
from nollab.packs.dead_panic.melee import melee
from nollab.rules import FirstPolicy, RandomPolicy

__all__ = ["POLICIES", "DeadPanicBot"]


def _pieces(p) -> int:
    return sum(c.pieces for c in p.hand if c.card in (RADIO, RADIO_PIECE))


def _is_radio(p, uid: int) -> bool:
    return any(c.uid == uid and c.card in (RADIO, RADIO_PIECE) for c in p.hand)


def _target_space(game, t: str) -> str | None:
    st = game.state
    if t.startswith("z"):
        z = st.zombies.get(int(t[1:]))
        return z.space if z else None
    return st.player(t[2:]).space


class DeadPanicBot:
    """A one-ply heuristic that plays the Radio plan (see the module docstring)."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    # ---- actions -----------------------------------------------------------------------------------
    def choose_action(self, game, actions):
        by = {}
        for a in actions:
            by.setdefault(a.kind, []).append(a)
        st, geo = game.state, game.geo
        p = st.player(actions[0].player)
        alive = [q for q in st.players if q.status == "alive"]
        for kind in ("enter_van", "call", "collect"):
            if kind in by:
                return by[kind][0]
        if p.status == "van":
            return self._from_van(game, by, alive)
        if "assemble" in by:
            return by["assemble"][0]
        if st.van is not None and "move" in by:
            return self._walk(game, by["move"], st.van)
        carrier = self._carrier(game, alive)
        if carrier is not None and carrier is not p and _pieces(p):
            give = [a for a in by.get("give", []) if a.params[1] == carrier.id and _is_radio(p, a.params[0])]
            if give:
                return give[0]
            if "move" in by and geo.distance(p.space, carrier.space) > 1:
                return self._walk(game, by["move"], carrier.space)
        shot = self._best_shot(game, by.get("shoot", []), alive + list(st.survivors.values()))
        if shot is not None:
            return shot
        if "ak47" in by and self._threats(game, alive) >= 2:
            return by["ak47"][0]
        if "repair" in by:
            return by["repair"][0]
        if "rebuild" in by:
            return by["rebuild"][0]
        step = self._toward_radio(game, p, by.get("move", []), alive)
        if step is not None:
            return step
        if "grip" in by:
            return by["grip"][0]
        if "deliver" in by and len(p.hand) < 4:
            return by["deliver"][0]
        if "draw" in by and len(p.hand) < game.box.characters[p.id].hand_limit - 1:
            return by["draw"][0]
        if not geo.in_cabin(p.space) and "move" in by:  # back inside, behind the Walls
            return self._walk(game, by["move"], f"{p.space.split(':')[0]}:{geo.cabin}")
        return by["pass"][0]

    def _walk(self, game, moves, goal: str):
        """The step that gets closest to ``goal``, through the fewest Zombies."""
        return min(moves, key=lambda a: (game.geo.distance(a.params[0], goal) + 2 * self._danger(game, a.params[0]),
                                         a.params[0]))

    def _carrier(self, game, alive):
        """Who collects the Radio: the living Character holding most pieces (Bait order breaks ties)."""
        holders = [q for q in game.state.in_bait_order(alive) if _pieces(q)]
        return max(holders, key=_pieces) if holders else None

    def _danger(self, game, space: str) -> int:
        return sum(1 for z in game.state.zombies.values() if z.space == space)

    def _threats(self, game, alive) -> int:
        near = set()
        for q in alive:
            near |= {q.space, *game.geo.neighbours(q.space, "character", game.state.walls)}
        return sum(1 for z in game.state.zombies.values() if z.space in near)

    def _best_shot(self, game, shots, alive):
        """A shot at a Zombie in a living Character's space or next to one (a threat this round)."""
        geo = game.geo
        best, key = None, None
        for a in shots:
            t = a.params[-1]
            space = _target_space(game, t)
            if space is None:
                continue
            d = min((geo.distance(space, q.space) for q in alive), default=9)
            if d > 1:
                continue
            k = (d, t.startswith("z") and game.state.zombies[int(t[1:])].health, t)
            if key is None or k < key:
                best, key = a, k
        return best

    def _from_van(self, game, by, alive):
        shot = self._best_shot(game, by.get("van_shoot", []), alive) or (by.get("van_shoot") or [None])[0]
        if shot is not None:
            return shot
        if "van" in by and alive:
            geo, van = game.geo, game.state.van
            return min(by["van"], key=lambda a: min(geo.distance(f"{geo.side(int(van.split(':')[0]), a.params[0])}:woods",
                                                                 q.space) for q in alive))
        return by["pass"][0]

    def _toward_radio(self, game, p, moves, alive):
        """Walk toward a Radio piece on the ground, or a Survivor carrying one, within 2 spaces, when
        this player is the closest to it (Survivors farther out walk in by themselves, p. 6)."""
        st, geo = game.state, game.geo
        spots = [s for s, n in st.radio.items() if n > 0] + [s.space for s in st.survivors.values() if s.radio]
        mine = [s for s in spots if geo.distance(p.space, s) <= 6
                and min(alive, key=lambda q: (geo.distance(q.space, s), q.seat)) is p]
        if not mine or not moves:
            return None
        goal = min(mine, key=lambda s: geo.distance(p.space, s))
        return None if goal == p.space else self._walk(game, moves, goal)

    # ---- decisions -----------------------------------------------------------------------------------
    def choose_option(self, game, choice):
        if choice.kind == "fight":
            return max(choice.options, key=lambda o: self._fight_score(game, choice.who, o))
        if choice.kind == "fight_order":
            return self._fight_order(game, choice)
        if choice.kind in ("ak47", "sandra_shot", "van_ram", "flare"):
            return self._pick_target(game, choice)
        return choice.options[choice.default]

    def _fight_score(self, game, who, option) -> Fraction:
        target, uid, mode = option
        if mode in ("shoot", "burn", "ak47"):
            return Fraction(2) - (Fraction(1, 10) if mode == "ak47" else 0)
        p = game.state.player(who)
        card = next((c for c in p.hand if c.uid == uid), None)
        z = game.state.zombies.get(int(target[1:])) if target.startswith("z") else None
        if z is None:
            fv, wins_ties = 7, False
        elif z.kind == "survivor_zombie":
            fv, wins_ties = game.box.rules.survivor_zombie_fight, False
        else:
            fv, wins_ties = game.box.zombies[z.kind].fight, game.box.zombies[z.kind].wins_ties
        wrench = card is not None and card.card in game.box.cabin and game.box.cabin[card.card].special == "pipe_wrench"
        dist = melee(fv, modifier=1 if card is not None and card.grip else 0, zombie_wins_ties=wins_ties,
                     character_wins_ties=wrench and mode == "melee")
        keep = Fraction(1, 20) if mode == "club" else 0  # a club breaks: a little worse than a kept weapon
        return dist.prob("win") - dist.prob("lose") / 2 - keep

    def _fight_order(self, game, choice):
        st = game.state
        space = choice.data["space"]
        foes = sum(z.health for z in st.zombies.values() if z.space == space and not z.fought)
        mine = max((s.health for s in st.survivors.values() if s.space == space), default=0)
        return "survivors" if foes < mine else "characters"

    def _pick_target(self, game, choice):
        alive = [q for q in game.state.players if q.status == "alive"]
        geo = game.geo

        def key(o):
            if o == "none" or o == "stop":
                return (99, 0)
            space = _target_space(game, o)
            return (min((geo.distance(space, q.space) for q in alive), default=9) if space else 9, o)
        return min(choice.options, key=key)


POLICIES = {
    "first": lambda seed=0: FirstPolicy(),
    "random": lambda seed=0: RandomPolicy(seed),
    "bot": lambda seed=0: DeadPanicBot(seed),
}
