"""A sensible, fast, one-ply bot: every legal action gets a score, the best one is played.

What it values, in order (the scores are in :data:`SCORES`, so a notebook can tune them):

1. **Objectives** -- Scene special actions that advance a win: block a window with a carried
   Barricade token, take an open Barricade token, turn Boards into a token (S1 "Makeshift
   barricades", P. 33); remove the corpse lady (S1); walk towards the zones the objective needs
   (windows still open, takeable tokens; Ghouls inside a house that must stay empty, S2/S4/S5;
   rooms not yet Searched, S9; objective markers such as the pump or Johnny), opening a door
   only when it shortens that way; shut the house's doors when it must stay empty; leave the Car.
2. **Shooting when the odds are good** -- every Melee/Ranged Action is judged with the exact
   distributions of :func:`nollab.prob.attack` (P. 26-28): expected kills, minus a heavy price
   per expected Friendly Fire Wound on Survivors in the target Zone (P. 28); a shot is taken only
   if the expected kills pass a threshold and the expected Friendly Fire stays under a cap.
3. **Shutting ghouls out** -- close a door/barricade (P. 18-19) when a Ghoul can reach the far
   side within two Moves; never open one towards Ghouls.
4. **Searching early** (P. 18) -- worth more in the first rounds and while a hand is empty.
5. **Staying alive** -- a Move is also scored by the drop in *threat* (Ghouls in the Zone, by
   their Wounds, plus a third of those one Move away), more when wounded; walking into a Zone with
   Ghouls is penalised; an attack that cannot kill (Damage 1 on Fatties, P. 27) is never made.

The weights were tuned on Scene 1 (seed 123, 150 games per setting): the objective step dominates
(S1 is a race to block the windows). With them the bot wins S1 about 85 % of the time with the
full team (held-out seed 77, 200 games, Wilson 95 % CI 79-89 %), the ``random`` policy never.

Choices (wound split, ghoul split, keep a card, ...) take the engine's named default (the option
the rulebook or the engine's ruling marks as the default), except a searched weapon, which is
kept in a hand when possible. The bot has a seed only to break exact ties reproducibly.

Known limits (it is a baseline, not an expert): no lookahead, no Trade planning, Skills are
ignored when judging odds (the base weapon line is used), no Car driving plans, no Molotov or
Spawn-token plans -- so it wins S1 and S2 and almost never S3-S10 (see notebook 05).
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from nollab.prob.attack import AttackSpec, attack
from nollab.rules import rng

__all__ = ["HeuristicPolicy", "SCORES", "attack_value"]

#: the bot's weights; a notebook may copy and change them: ``HeuristicPolicy(scores={...})``
SCORES: dict[str, float] = {
    "block_window": 100.0, "boards": 95.0, "take_barricade": 90.0, "remove_corpse": 22.0,
    "shot_base": 40.0, "per_kill": 25.0, "per_ff_wound": 120.0, "min_kills": 0.45, "max_ff": 0.15,
    "close_threat": 60.0, "close_far": 4.0, "search_early": 45.0, "search_late": 18.0,
    "search_aside": 70.0, "goal_step": 150.0, "safety": 2.0, "spare_token": 60.0, "car_out": 25.0,
    "goal_search": 60.0, "defend_house": 30.0, "seal_house": 70.0, "into_ghouls": 40.0,
    "reload": 30.0, "combine": 50.0, "equip": 26.0, "open_door": -5.0, "do_nothing": 0.0,
}
EARLY_ROUNDS = 3
GOAL_MARKERS = ("pump", "johnny", "car", "objective-house")


def _is_weapon(card) -> bool:
    return card.melee is not None or (card.ranged is not None and card.effect != "molotov")


def _weapon_value(card) -> float:
    """Expected hits of one Action with the card's best line, Damage 2 worth 1.5x (for the Hands)."""
    best = 0.0
    for prof in (card.melee, card.ranged):
        if prof is not None and card.effect != "molotov":
            v = prof.dice * (7 - prof.accuracy) / 6 * (1.5 if prof.damage >= 2 else 1.0)
            best = max(best, v + (0.3 if prof is card.ranged else 0.0))
    return best


@lru_cache(maxsize=8192)
def attack_value(action: str, dice: int, accuracy: int, damage: int, weapons: int, counts: tuple,
                 friends: int, sniper: bool) -> tuple[float, float, float]:
    """(expected kills, expected Friendly Fire Wounds, P(clear)) of one attack, exactly
    (:func:`nollab.prob.attack`, P. 26-28), as floats for scoring. ``counts`` are
    ``(walker, breaker, fatty, relative)``."""
    target = {t: c for t, c in zip(("walker", "breaker", "fatty", "relative"), counts) if c}
    spec = AttackSpec(action=action, dice=dice, accuracy=accuracy, damage=damage, dual=weapons == 2,
                      sniper=sniper, target=target, friends=friends)
    r = attack(spec)
    ff = r.friendly_wounds.mean() if friends else Fraction(0)
    return float(r.expected_kills), float(ff), float(r.p_clear)


class HeuristicPolicy:
    """Scores every legal action (see the module docstring) and plays the best; ties are broken
    by a private seeded stream (never Python's global ``random``)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, scores: dict | None = None):
        self.rng = rng.seed_state(int(seed) ^ 0x4E1C)
        self.w = dict(SCORES)
        self.w.update(scores or {})
        self._dist_cache: dict = {}

    # ------------------------------------------------------------------ choices
    def choose_option(self, game, choice):
        if choice.kind == "keep" and "card" in choice.data:
            st, eq = game.state, game.content.equipment
            if _is_weapon(eq[st.cards[choice.data["card"]]]):
                me = st.survivors[choice.survivor]
                for opt in choice.options:  # a found weapon replaces a non-weapon in a Hand
                    if isinstance(opt, list) and opt and opt[0] == "hand":
                        held = me.hands[opt[1]]
                        if held is None or not _is_weapon(eq[st.cards[held]]):
                            return opt
        return choice.options[choice.default]

    # ------------------------------------------------------------------ actions
    def choose_action(self, game, actions):
        if actions[0].kind == "activate":
            return self._pick_activation(game, actions)
        view = _View(game, actions[0].survivor, self._dist_cache)
        best, best_score = [], None
        for a in actions:
            s = self._score(view, a)
            if best_score is None or s > best_score + 1e-9:
                best, best_score = [a], s
            elif abs(s - best_score) <= 1e-9:
                best.append(a)
        if len(best) == 1:
            return best[0]
        self.rng, i = rng.below(self.rng, len(best))
        return best[i]

    def _pick_activation(self, game, actions):
        """Survivors standing with Ghouls act first (they are the ones in danger)."""
        st = game.state
        return max(actions, key=lambda a: (st.ghoul_count(st.survivors[a.survivor].zone), -actions.index(a)))

    def _score(self, v: "_View", a) -> float:
        w, k = self.w, a.kind
        if k == "do_nothing":
            return w["do_nothing"]
        if k == "scene":
            return self._score_scene(v, a)
        if k in ("melee", "ranged"):
            return self._score_attack(v, a)
        if k in ("move", "hit_and_run"):
            return self._score_move(v, a.params[0])
        if k == "search":
            if str(a.params[0]).startswith("aside:"):
                return w["search_aside"]
            early = v.st.round <= EARLY_ROUNDS or None in v.me.hands
            bonus = w["goal_search"] if v.me.zone in v.unsearched_rooms() else 0.0
            return (w["search_early"] if early else w["search_late"]) + bonus
        if k in ("door", "barricade"):
            oid, what = a.params
            if what == "close":
                return self._score_close(v, oid)
            return self._score_open(v, oid)
        if k == "reload":
            return w["reload"] if v.ghouls_in_sight() else 5.0
        if k == "combine":
            return w["combine"]
        if k == "reorganize":
            return self._score_reorganize(v, a)
        if k == "molotov":
            n = v.st.ghoul_count(a.params[1])
            friends = len(v.st.survivors_in(a.params[1]))
            return w["shot_base"] + w["per_kill"] * n - 200.0 * friends if n >= 3 else -1.0
        if k == "car_out":
            return w["car_out"]  # S9/S10 start in the Car; this bot plays on foot
        return -10.0  # discard, trade, shove, taunt, driving, bloodlust: not part of this bot's plan

    def _score_scene(self, v: "_View", a) -> float:
        name, arg = a.params
        w = self.w
        if name == "block_window":
            return w["block_window"]
        if name == "boards":  # free: a spare token lets another Survivor block a window too
            return w[name] if v.tokens_needed() > 0 else (w["spare_token"] if v.windows_left() else -5.0)
        if name == "take_barricade":
            return w[name] if v.tokens_needed() > 0 else -5.0
        if name == "remove_corpse":
            return w["remove_corpse"]
        return 1.0  # an unknown Scene action: mildly curious

    def _score_attack(self, v: "_View", a) -> float:
        w = self.w
        if a.kind == "melee":
            hands, _barb = a.params
            zone = v.me.zone
        else:
            hands, zone = a.params
        uid = v.me.hands[hands[0]]
        card = v.game.content.equipment[v.st.cards[uid]]
        prof = card.melee if a.kind == "melee" else card.ranged
        counts = tuple(v.st.ghouls_in(zone))
        friends = 0 if a.kind == "melee" else len([x for x in v.st.survivors_in(zone) if x != v.me.id])
        kills, ff, p_clear = attack_value(a.kind, prof.dice, prof.accuracy, prof.damage, len(hands), counts,
                                          friends, bool(card.sniper))
        if kills < 0.05:
            return -20.0  # e.g. Damage 1 on a Zone of Fatties: every hit is lost (P. 27)
        if ff > w["max_ff"] or (kills < w["min_kills"] and zone != v.me.zone):
            return -1.0 - w["per_ff_wound"] * ff
        urgency = 15.0 if zone == v.me.zone else (8.0 if v.ghoul_near(v.me.zone, 1) else 0.0)
        if zone in v.house():
            urgency += w["defend_house"]  # S2/S4/S5: a Ghoul in the house at the end of the Phase loses
        return w["shot_base"] + w["per_kill"] * kills + 10.0 * p_clear + urgency - w["per_ff_wound"] * ff

    def _score_open(self, v: "_View", oid: str) -> float:
        """Open a door/barricade only when it shortens the way to the objective (counting an
        unreachable objective as 4 Moves away) and no Ghoul waits right behind it."""
        w = self.w
        far = v.board.openings[oid].other(v.me.zone)
        if v.st.ghoul_count(far) or v.ghoul_near(far, 1):
            return w["open_door"] - 50.0
        goals = v.goals()
        if not goals:
            return w["open_door"]
        before = v.goal_distance(v.me.zone, goals)
        after = v.goal_distance(v.me.zone, goals, closed=v.closed - {oid})
        if after is None:
            return w["open_door"]
        gain = (before if before is not None else after + 4) - after
        return w["open_door"] + 0.8 * w["goal_step"] * gain if gain > 0 else w["open_door"]

    def _score_close(self, v: "_View", oid: str) -> float:
        far = v.board.openings[oid].other(v.me.zone)
        house = v.house()
        if house and (v.me.zone in house) != (far in house):
            return self.w["seal_house"]  # shut the house (S2, S4, S5 "house under siege")
        if v.st.ghoul_count(far) or v.ghoul_near(far, 2):
            return self.w["close_threat"]
        return self.w["close_far"]

    def _score_reorganize(self, v: "_View", a) -> float:
        """Put the best weapons in Hand (expected hits per Action, Damage 2 counted 1.5x)."""
        def value(uids):
            return sum(_weapon_value(v.card(u)) for u in uids if u is not None and u != -1)
        now = v.__dict__.get("_hands_value")
        if now is None:
            now = v.__dict__["_hands_value"] = value(v.me.hands)
        gain = value(a.params) - now
        return self.w["equip"] + 10.0 * gain if gain > 0.2 else -10.0

    def _score_move(self, v: "_View", dest: str) -> float:
        """Towards the objective, away from danger: ``safety`` x (threat here - threat there),
        more so when wounded; walking into a Zone with Ghouls is heavily penalised."""
        w = self.w
        st = v.st
        score = -w["into_ghouls"] * st.ghoul_count(dest)
        care = 1.0 + v.me.wounds
        score += w["safety"] * care * (v.threat(v.me.zone) - v.threat(dest))
        goals = v.goals()
        if goals:
            d0 = v.goal_distance(v.me.zone, goals)
            d1 = v.goal_distance(dest, goals)
            if d0 is None:  # behind closed doors: head for them as if they were open (P. 23 habit)
                d0 = v.goal_distance(v.me.zone, goals, closed=frozenset())
                d1 = v.goal_distance(dest, goals, closed=frozenset())
            if d0 is not None and d1 is not None:
                score += w["goal_step"] * (d0 - d1)
        else:
            score -= 5.0
        return score


class _View:
    """What the bot reads off the game for one decision (cached for the decision only)."""

    def __init__(self, game, sid: str, dist_cache: dict):
        self.game = game
        self.st = game.state
        self.board = game.board
        self.me = self.st.survivors[sid]
        self.closed = self.st.closed()
        self._dist = dist_cache
        if len(dist_cache) > 4096:
            dist_cache.clear()
        self._goals = None

    def card(self, uid):
        return self.game.content.equipment[self.st.cards[uid]]

    def distances(self, dst: str, closed: frozenset | None = None) -> dict:
        closed = self.closed if closed is None else closed
        key = (id(self.board), dst, closed)
        d = self._dist.get(key)
        if d is None:
            d = self._dist[key] = self.board.distances_to(dst, closed)
        return d

    def ghoul_near(self, zone: str, steps: int) -> bool:
        """A Ghoul within ``steps`` Moves of ``zone`` along open paths."""
        d = self.distances(zone)
        return any(d.get(z, 99) <= steps for z in self.st.ghouls)

    def threat(self, zone: str) -> float:
        """Ghouls that can attack in ``zone`` at the next Ghouls' Phase (those in it, weighted
        by their Wounds, P. 22) plus, at a third of the weight, those one Move away."""
        cache = self.__dict__.setdefault("_threat", {})
        t = cache.get(zone)
        if t is None:
            b = self.board
            t = 3.0 * self._weighted(zone)
            for n in b.neighbors(zone, self.closed):
                t += self._weighted(n)
            cache[zone] = t
        return t

    def _weighted(self, zone: str) -> float:
        w, br, f, r = self.st.ghouls_in(zone)
        return w + br + 2 * f + r

    def ghouls_in_sight(self) -> bool:
        los = self.board.line_of_sight(self.me.zone, self.closed)
        return any(self.st.ghoul_count(z) for z in los)

    # ---- objectives ------------------------------------------------------------------------
    def windows_left(self) -> list[str]:
        tokens = self.game.scene.tokens
        wins = getattr(tokens, "windows_to_barricade", ()) or ()
        st = self.st
        return [o for o in wins if not (st.opening_kind.get(o) == "barricade" and not st.opening_open.get(o, True))]

    def tokens_needed(self) -> int:
        carried = sum(s.barricades for s in self.st.survivors.values() if s.alive)
        return len(self.windows_left()) - carried

    def goals(self) -> list[str]:
        """Zones this Survivor should walk towards, most urgent objective first."""
        if self._goals is not None:
            return self._goals
        b, st = self.board, self.st
        goals: list[str] = []
        wins = self.windows_left()
        if wins and self.me.barricades > 0:
            goals = [z for o in wins for z in b.openings[o].zones if str(b.zones[z].kind) == "interior"]
        elif wins and self.tokens_needed() > 0:
            for oid, o in b.openings.items():
                kind = st.opening_kind.get(oid) or str(o.kind)
                if kind == "barricade" and st.opening_open.get(oid, True) and not o.window:
                    goals.extend(o.zones)
        if not goals and self.house():
            # house under siege: go where Ghouls are inside the house (to clear it), else stay in it
            goals = [z for z in self.house() if st.ghoul_count(z)] or sorted(self.house())
        if not goals:
            goals = sorted(self.unsearched_rooms())
        if not goals:
            for m in getattr(self.game.scene.tokens, "markers", ()) or ():
                if any(str(m.kind).startswith(g) for g in GOAL_MARKERS):
                    goals.append(m.zone)
        self._goals = sorted(set(goals))
        return self._goals

    def hooks(self) -> set:
        return {h.hook_name for h in self.game.scene.hooks}

    def house(self) -> frozenset:
        """The house to keep free of Ghouls, when a Scene loses with a Ghoul in it (S2, S4, S5)."""
        if "house_under_siege" not in self.hooks():
            return frozenset()
        key = ("house", id(self.game.scene))
        got = self._dist.get(key)
        if got is None:
            from types import SimpleNamespace

            from nollab.rules.scene_hooks import house_zones
            got = self._dist[key] = house_zones(SimpleNamespace(board=self.board), self.game.scene)
        return got

    def unsearched_rooms(self) -> set:
        """Interior Zones not yet Searched, when searching them all wins (S9 "search every room")."""
        if "search_every_room" not in self.hooks():
            return set()
        done = set(self.st.flags.get("searched_zones", []))
        return {z for z, zone in self.board.zones.items() if zone.interior and z not in done}

    def goal_distance(self, zone: str, goals: list[str], closed: frozenset | None = None) -> int | None:
        """Moves from ``zone`` to the nearest goal with the given closed Openings (default: now)."""
        best = None
        for g in goals:
            d = self.distances(g, closed).get(zone)
            if d is not None and (best is None or d < best):
                best = d
        return best
