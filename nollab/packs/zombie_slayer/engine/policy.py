"""Bots for Zombie Slayer: ``first``, ``random`` and ``bot`` (a simple plan-following heuristic).

The ``bot`` plays the mission ("defeat the evil necromancer") one action at a time, by priority: throw the
torch when it pays (at a heap of Dragon Dung whose blast catches two or more Zombies or the Necromancer and
not the Slayer, else at a blue Zombie, the one a melee blow rarely kills); work the Dung-and-Torch trick
(step out of the blast of a heap lying among Zombies, or drop the heap where it would catch two or more
when a move out of its blast with sight back to it remains -- the torch follows for free after that move);
quaff a Life potion when hurt; paint Creation Points as Defense, raising the face closest to 3 Defense
first (the Slayer keeps his best die, and 3 Defense stops the strongest reconstructed Zombie blow), else
Melee; fight the Necromancer when he is in reach; fight a Zombie in reach (Assault only on a blue Zombie or
the Necromancer: on the others its extra pip changes nothing and its -1 Defense costs blood; Knock Back);
shoot one in sight; search an empty card it just entered; walk toward the Temple once it stands, else
toward the nearest card not yet entered; else end the turn. Decisions: Luck turns a die when that alone
makes the attack kill or the defence hold, keeping its last 3 points for the Boss Fight and for blows that
would kill; a fanatic townsman is left behind (he costs an action every turn); attacked in melee it
Blocks or Ripostes when it may (each defends as well as a plain defence); a skill found is Riposte,
Block or Knock Back; an attribute pip found goes where painting would put it (Defense toward 3 on one face, Melee on a 4-Melee face); a card is
turned with its green border outwards (the default); everything else takes the named default. It reads
the game only through the engine's rules.

Measured in ``bench/bench_zombie_slayer.py`` (win rates with 95 % Wilson intervals in the module's README
section and the note of issue 18).
"""
from __future__ import annotations

import random

from nollab.packs.zombie_slayer.engine import flow
from nollab.packs.zombie_slayer.engine.fight import damage_of
from nollab.packs.zombie_slayer.engine.town import parse, sq

__all__ = ["POLICIES", "SlayerBot", "FirstPolicy", "RandomPolicy"]


class FirstPolicy:
    """The first legal action, the default option."""

    name = "first"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_action(self, game, actions):
        return actions[0]

    def choose_option(self, game, choice):
        return choice.options[choice.default]


class RandomPolicy(FirstPolicy):
    """Uniform among legal actions and options (seeded; never the engine's generator)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)

    def choose_action(self, game, actions):
        return self.rng.choice(actions)

    def choose_option(self, game, choice):
        return self.rng.choice(list(choice.options))


class SlayerBot(FirstPolicy):
    """The heuristic described in the module docstring."""

    name = "bot"

    def choose_action(self, game, actions):
        st = game.state
        s = st.slayer
        by: dict[str, list] = {}
        for a in actions:
            if a.player == "slayer":
                by.setdefault(a.kind, []).append(a)
        if "throw_torch" in by:
            throw = self._torch(game, by["throw_torch"])
            if throw is not None:
                return throw
        bomb = self._bomb(game, by)
        if bomb is not None:
            return bomb
        if "quaff" in by:
            for a in by["quaff"]:
                if a.params[0] == "life_potion" and s["life"] <= 3:
                    return a
        if "paint" in by:
            face = self._defense_face(s["faces"], [a.params[1] for a in by["paint"] if a.params[0] == "defense"])
            if face is not None:
                return next(a for a in by["paint"] if a.params == ("defense", face))
            best = [a for a in by["paint"] if a.params[0] == "melee"] or by["paint"]
            return max(best, key=lambda a: a.params[1])
        necro_uid, necro = st.necromancer()
        kinds = {z["sq"]: z["kind"] for z in st.zombies.values()}
        attacks = by.get("skill", []) + by.get("attack", [])
        attacks = [a for a in attacks if a.params[1] not in ("dash", "endure_pain")
                   and not (a.params[1] == "assault" and kinds.get(a.params[0]) in ("violet", "green"))]
        if necro is not None:
            on_necro = [a for a in attacks if a.params[0] == necro["sq"]]
            if on_necro:
                return self._best_attack(on_necro)
            closer = self._closer(game, by.get("move", []), necro["sq"])
            if closer is not None:  # rush him: every turn of his Ritual brings more Zombies
                return closer
            if attacks:  # cut a way to him: the Zombie closest to the Necromancer first
                to_necro = flow.distance_map(game._ctx(), necro["sq"])
                near = min(to_necro.get(a.params[0], 99) for a in attacks)
                return self._best_attack([a for a in attacks if to_necro.get(a.params[0], 99) == near])
        if attacks:
            return self._best_attack(attacks)
        if "search" in by and s["actions"] > 0:
            return by["search"][0]
        for a in actions:  # followers fight what they reach, Prycille heals
            if a.player != "slayer" and a.kind in ("attack", "heal"):
                return a
        if "quaff" in by and any(a.params[0] == "defense_potion" for a in by["quaff"]) and self._threatened(game):
            return next(a for a in by["quaff"] if a.params[0] == "defense_potion")
        moves = by.get("move", []) + by.get("dash_move", [])
        if moves and necro is None:
            prey = self._prey(game)
            if prey is not None:
                step = self._walk(game, moves, prey)
                if step is not None:
                    return step
        if moves:
            goal = self._goal(game)
            if goal is not None:
                step = self._walk(game, moves, goal)
                if step is not None:
                    return step
        return by["end"][0] if "end" in by else actions[-1]

    # ---- Creation Points and attribute pips -------------------------------------------------------------------
    DEFENSE_GOAL = 3  # the strongest reconstructed Zombie blow (the green 6-face): 3 Defense stops it

    @classmethod
    def _defense_face(cls, faces, allowed) -> int | None:
        """The face a Defense pip goes to: the one closest to ``DEFENSE_GOAL`` among those below it (ties: the
        higher face); None when every allowed face is there already."""
        low = [f for f in allowed if faces[f - 1].get("defense", 0) < cls.DEFENSE_GOAL]
        return max(low, key=lambda f: (faces[f - 1].get("defense", 0), f)) if low else None

    # ---- the torch and the Dragon Dung ----------------------------------------------------------------------
    WEIGHT = {"necromancer": 3, "blue": 1.5, "green": 1, "violet": 1}

    @staticmethod
    def _blast(game, square: str) -> set[str]:
        """The square of a heap and the 8 around it not behind a wall (what its explosion hits)."""
        return {square} | {sq(*q) for q in game._ctx().town.around(parse(square))}

    def _blast_score(self, game, square: str) -> float:
        """What an explosion on ``square`` is worth: its Zombies (the Necromancer 3, blue 1.5), 0 if it would
        hit a follower."""
        st = game.state
        area = self._blast(game, square)
        if any(f["sq"] in area for f in st.followers.values()):
            return 0
        return sum(self.WEIGHT[z["kind"]] for z in st.zombies.values() if z["sq"] in area)

    def _torch(self, game, throws):
        """The best throw: a heap whose blast is worth 2 or more and spares the Slayer, else a blue Zombie."""
        st = game.state
        best = None
        for a in throws:
            t = a.params[0]
            if t in st.dung:
                if st.slayer["sq"] in self._blast(game, t):
                    continue
                score = self._blast_score(game, t)
                if score < 2:
                    continue
            else:
                kind = next(z["kind"] for z in st.zombies.values() if z["sq"] == t)
                if kind != "blue":
                    continue
                score = 1.2
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best else None

    def _exits(self, game, heap: str, moves):
        """Moves that leave the blast of ``heap`` with a line of sight back to it (for the free torch)."""
        ctx = game._ctx()
        area = self._blast(game, heap)
        return [a for a in moves if a.params[0] not in area and ctx.town.sight(parse(a.params[0]), parse(heap))]

    def _bomb(self, game, by):
        """Step out of a worthwhile blast, or drop the heap where it would catch two or more (needs the torch
        and an action left for the move out)."""
        st = game.state
        s = st.slayer
        if "torch" not in s["items"] or s["actions"] < 1:
            return None
        moves = by.get("move", [])
        for heap in st.dung:
            if s["sq"] in self._blast(game, heap) and self._blast_score(game, heap) >= 2:
                out = self._exits(game, heap, moves)
                if out:
                    return out[0]
        best = None
        for a in by.get("drop_dung", []):
            score = self._blast_score(game, a.params[0])
            if score >= 2 and self._exits(game, a.params[0], moves) and (best is None or score > best[0]):
                best = (score, a)
        return best[1] if best else None

    @staticmethod
    def _best_attack(attacks):
        order = {"assault": 0, "knock_back": 1, "aimed_shot": 2, "barrage": 3, "melee": 4, "ranged": 5}
        return min(attacks, key=lambda a: (order.get(a.params[1], 9), a.params[0]))

    @staticmethod
    def _threatened(game) -> bool:
        here = parse(game.state.slayer["sq"])
        return any(max(abs(parse(z["sq"])[0] - here[0]), abs(parse(z["sq"])[1] - here[1])) <= 2
                   for z in game.state.zombies.values())

    def _closer(self, game, moves, target: str):
        """A move that brings the Slayer closer to ``target`` (ties: the square read first)."""
        dist = flow.distance_map(game._ctx(), target)
        here = dist.get(game.state.slayer["sq"], 99)
        best = [(dist.get(a.params[0], 99), a.params[0], a) for a in moves if dist.get(a.params[0], 99) < here]
        return min(best)[2] if best else None

    def _prey(self, game) -> set[str] | None:
        """Squares next to the nearest Zombie within ``HUNT`` steps: clear the streets before exploring
        further (each new card spawns on every card around it)."""
        st = game.state
        ctx = game._ctx()
        dist = flow.distance_map(ctx, st.slayer["sq"])
        near = sorted((dist[z["sq"]], z["sq"]) for z in st.zombies.values() if dist.get(z["sq"], 99) <= self.HUNT)
        if not near:
            return None
        return {sq(*p) for p in ctx.town.around(parse(near[0][1]))}

    HUNT = 8
    #: Luck points kept for the Boss Fight and for blows that would kill the Slayer
    LUCK_RESERVE = 3

    def _goal(self, game) -> set[str] | None:
        """Squares to walk to: around the Necromancer, else the squares of the cards not yet entered."""
        st = game.state
        ctx = game._ctx()
        _, necro = st.necromancer()
        if necro is not None:
            return {sq(*p) for p in ctx.town.around(parse(necro["sq"]))} | {necro["sq"]}
        goal = set()
        for key, t in st.tiles.items():
            if not t["entered"]:
                tk = tuple(int(v) for v in key.split(","))
                goal |= {sq(*p) for p in ctx.town.card_squares(tk)}
        return goal or None

    def _walk(self, game, moves, goal: set[str]):
        """The move that gets nearest to a free square of ``goal`` (ties: the square read first)."""
        ctx = game._ctx()
        zs = {z["sq"] for z in game.state.zombies.values()}
        dist = ctx.town.distances_to(parse(g) for g in goal if g not in zs)
        best = [(dist[parse(a.params[0])], a.params[0], a) for a in moves if parse(a.params[0]) in dist]
        return min(best)[2] if best else None

    def choose_option(self, game, choice):
        if choice.kind == "luck":
            f = game.state.fight
            ctx = game._ctx()
            now = damage_of(ctx, f)
            best, best_opt = now, "keep"
            for opt in choice.options:
                if opt == "keep" or opt.endswith("r"):
                    continue
                side, i, op = opt[0], int(opt[1:-1]), opt[-1]
                trial = {**f, side: sorted(f[side][:i] + [f[side][i] + (1 if op == "+" else -1)] + f[side][i + 1:])}
                d = damage_of(ctx, trial)
                better = d > best if f["att"] == "slayer" else d < best
                if better:
                    best, best_opt = d, opt
            st = game.state
            if f["att"] == "slayer" and f["def"].startswith("z"):
                z = st.zombies[f["def"][1:]]
                if best < z["life"] or (z["kind"] != "necromancer" and st.slayer["luck"] <= self.LUCK_RESERVE):
                    return "keep"  # a point is worth a kill, and the last ones are kept for the Necromancer
            elif f["def"] == "slayer" and now < st.slayer["life"] and st.slayer["luck"] <= self.LUCK_RESERVE \
                    and not st.boss:
                return "keep"  # not lethal: keep the last points
            return best_opt
        if choice.kind == "follower" and choice.data.get("kind") == "townsman":
            return "leave"  # he costs an action every turn
        if choice.kind == "defend":  # each reaction defends as well as a plain defence, and may do more
            for reaction in ("block", "riposte"):
                if reaction in choice.options:
                    return reaction
        if choice.kind == "skill":  # a treasure "2": a skill the bot uses at no cost to its defence
            for skill in ("riposte", "block", "knock_back"):
                if skill in choice.options:
                    return skill
        if choice.kind == "attribute":
            faces, kind = game.state.slayer["faces"], choice.data.get("kind")
            if kind == "defense":
                face = self._defense_face(faces, choice.options)
                if face is not None:
                    return face
            if kind == "melee":
                strong = [f for f in choice.options if faces[f - 1].get("melee", 0) >= 4]
                if strong:
                    return max(strong)
        return choice.options[choice.default]


POLICIES = {"first": FirstPolicy, "random": RandomPolicy, "bot": SlayerBot}
