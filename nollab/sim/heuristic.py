"""A sensible, fast, one-ply bot: every legal action gets a score, the best one is played.

What it values, in order (the scores are in :data:`SCORES`, so a notebook can tune them):

1. **Objectives** -- Scene special actions that advance a win: block a window with a carried
   Barricade token, take an open Barricade token, turn Boards into a token (S1 "Makeshift
   barricades", P. 33), close again a window's Barricade a Breaker broke open (no token needed,
   P. 19: anyone walks to it); remove the corpse lady (S1). Every other objective is a **plan**
   (:mod:`nollab.sim.plans`) chosen from the Scene's declared hooks -- never from its number: a
   plan proposes goal Zones (the most urgent plan wins), adds a bonus to the actions that advance
   it and answers the choices it cares about (S2/S4/S5 house under siege, S4 drive to the pump,
   S3/S10 Molotovs at Spawn Zones, S5/S7 Relatives, S6/S8 travelling, S9 every room, S1-S5
   Trusting each other). The bot walks towards the goal Zones, opening a door only when it
   shortens that way.
2. **Shooting when the odds are good** -- every Melee/Ranged Action is judged with the exact
   distributions of :func:`nollab.prob.attack` (P. 26-28) on the rules' attack profile of that
   Action (:func:`nollab.rules.combat.profile.profile_of_action`: Dual, Skills, Barbarian, Sniper,
   who the misses can hit), so the bot re-derives nothing: expected kills, minus a heavy price
   per expected Friendly Fire Wound on Survivors in the target Zone (P. 28); a shot is taken only
   if the expected kills pass a threshold and the expected Friendly Fire stays under a cap.
3. **Shutting ghouls out** -- close a door/barricade (P. 18-19) when a Ghoul can reach the far
   side within two Moves; never open one towards Ghouls -- unless the door leads to the goal and
   the Survivor is armed better than the Starting Equipment (then it fights through) or stands
   with a group that can take the Attacks (split, P. 22) of the Ghouls shut in the room behind it
   while it kills them. A goal behind Doors with Ghouls is reached through the Doors without (S9:
   another door of the house).
4. **Searching early** (P. 18) -- worth more in the first rounds and while a hand is empty; a
   weak hand prefers the Melee/Ranged decks where it may (Zombicide Mode, Armory).
5. **Staying alive** -- a Move is also scored by the drop in *threat* (Ghouls in the Zone, by
   their Wounds, plus a third of those one Move away), more when wounded; walking into a Zone with
   Ghouls is penalised (not into a goal room whose Ghouls the group in my Zone, going in together,
   could take with nobody eliminated), leaving a Zone whose Ghouls would eliminate a Survivor at the next Ghouls'
   Phase (P. 22) is rewarded -- judged for the team in the Zone, who split the Attacks (so nobody
   walks off leaving a friend alone with them); an attack that cannot kill (Damage 1 on Fatties, P. 27) is
   never made; with nothing to chase, a Survivor in the street walks into a room.
6. **Torches** -- "TABLE LEG + FLAMMABLE FLUID = TORCH + FLAMMABLE FLUID" (P. 30): the Fluid is
   kept, so a Trade brings it to a Table Leg without one and the holder combines (a Torch is
   Damage 2: it kills Fatties, P. 27).

The weights were tuned on Scene 1 (seed 123, 150 games per setting): the objective step dominates
(S1 is a race to block the windows). With them the bot wins S1 about 80-85 % of the time with the
full team, the ``random`` policy never; see the README "sim" section for every Scene.

Choices take the engine's named default (the option the rulebook or the engine's ruling marks as
the default), except: a plan's own answer (where a Molotov sends a Spawn token, a Trade of the
Winchester or of Molotov parts, "switch to Zombicide Mode"); the Ghoul attack split (P. 22), which
eliminates the fewest Survivors, then spreads the Wounds; a searched weapon, kept in a Hand in place
of a non-weapon or a clearly weaker weapon; a Molotov or one of its parts, always kept. The bot has
a seed only to break exact ties reproducibly.

Known limits (it is a baseline, not an expert): no lookahead, the odds of a shot leave out a held
Plenty of Bullets/Shells (the engine's default takes its re-roll), no weapon Trades between
Survivors, no re-closing of broken Barricades other than S1's indicated windows -- so S3 and S5
(clear the board; Orange and a Relative for all) stay out of its reach, and S10 (four Spawn Zones
gathered by Molotovs) is won about one game in five (see notebook 05).
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from nollab.content_model import GHOUL_TYPES
from nollab.prob.attack import AttackSpec, attack
from nollab.rules.combat.profile import profile_of_action
from nollab.rules.engine import rng
from nollab.sim.plans import MOLOTOV_PARTS, plans_for
from nollab.sim.plans_view import View as _View
from nollab.sim.plans_view import is_weapon as _is_weapon
from nollab.sim.plans_view import weapon_value as _weapon_value

__all__ = ["HeuristicPolicy", "SCORES", "attack_value"]

#: the bot's weights; a notebook may copy and change them: ``HeuristicPolicy(scores={...})``
SCORES: dict[str, float] = {
    "block_window": 100.0, "boards": 95.0, "take_barricade": 90.0, "remove_corpse": 22.0,
    "shot_base": 40.0, "per_kill": 25.0, "per_ff_wound": 120.0, "min_kills": 0.45, "max_ff": 0.15,
    "close_threat": 60.0, "close_far": 4.0, "search_early": 45.0, "search_late": 18.0,
    "search_aside": 70.0, "goal_step": 150.0, "safety": 2.0, "spare_token": 60.0, "car_out": 25.0,
    "goal_search": 60.0, "defend_house": 30.0, "seal_house": 70.0, "into_ghouls": 40.0,
    "reload": 30.0, "lethal": 120.0, "arm": 12.0, "combine": 50.0, "equip": 26.0, "open_door": -5.0, "do_nothing": 0.0,
    "team_lethal": 1.0, "torch": 60.0,
}
EARLY_ROUNDS = 3


def attack_value(p) -> tuple[float, float, float]:
    """(expected kills, expected Friendly Fire Wounds, P(clear)) of one attack, exactly
    (:func:`nollab.prob.attack`, P. 26-28), as floats for scoring. ``p`` is the rules'
    :class:`~nollab.rules.combat.profile.AttackProfile` of the Action (dice with Dual, Skills and
    Barbarian, Accuracy with "+1 to dice roll", who allocates the hits, who the misses can hit)."""
    return _attack_value(p.action, p.dice, p.accuracy, p.plus_roll, p.damage, p.free, p.target,
                         len(p.friends) if p.friendly_fire else 0)


@lru_cache(maxsize=8192)
def _attack_value(action: str, dice: int, accuracy: int, plus_roll: int, damage: int, free: bool, counts: tuple,
                  friends: int) -> tuple[float, float, float]:
    target = {t: c for t, c in zip(GHOUL_TYPES, counts) if c}
    # the profile's dice are the whole roll; free allocation on a Ranged Action is Sniper (P. 28)
    spec = AttackSpec(action=action, dice=dice, accuracy=accuracy, plus_roll=plus_roll, damage=damage,
                      sniper=free and action == "ranged", target=target, friends=friends)
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
        self._plans: list | None = None
        self._plans_key = None

    def plans(self, game) -> list:
        """The plans of the game's Scene hooks (:mod:`nollab.sim.plans`), built once per Scene."""
        key = id(game.scene)
        if self._plans is None or self._plans_key != key:
            self._plans = plans_for([h.hook_name for h in game.scene.hooks])
            self._plans_key = key
        return self._plans

    def _view(self, game, sid) -> "_View":
        v = _View(game, sid, self._dist_cache)
        v.plans = self.plans(game)
        return v

    # ------------------------------------------------------------------ choices
    def choose_option(self, game, choice):
        st = game.state
        sid = choice.survivor if choice.survivor in st.survivors else (
            st.active or next((x for x, s in st.survivors.items() if s.alive), None))
        if sid is not None:
            v = self._view(game, sid)
            for p in v.plans:
                o = p.option(v, choice)
                if o is not None and o in choice.options:
                    return o
        if choice.kind == "wounds":
            return self._split_wounds(game, choice)
        if choice.kind == "trade" and ["done"] not in choice.options:
            return self._balance_trade(game, choice)
        if choice.kind == "trade" and sid is not None:
            opt = self._torch_option(game, choice)
            if opt is not None:
                return opt
        if choice.kind == "keep" and "card" in choice.data:
            kept = self._keep(game, choice)
            if kept is not None:
                return kept
            st, eq = game.state, game.content.equipment
            if _is_weapon(eq[st.cards[choice.data["card"]]]):
                me = st.survivors[choice.survivor]
                found = _weapon_value(eq[st.cards[choice.data["card"]]])
                best, best_gain = None, 0.2
                for opt in choice.options:  # a found weapon replaces a non-weapon or a weaker one in a Hand
                    if isinstance(opt, list) and opt and opt[0] == "hand":
                        held = me.hands[opt[1]]
                        if held is None or not _is_weapon(eq[st.cards[held]]):
                            return opt
                        gain = found - _weapon_value(eq[st.cards[held]])
                        if gain > best_gain:
                            best, best_gain = opt, gain
                if best is not None:
                    return best
        return choice.options[choice.default]

    @staticmethod
    def _split_wounds(game, choice):
        """Split Ghoul Attacks (P. 22) so that the fewest Survivors are eliminated (a starting
        Survivor's loss ends most Scenes), then as evenly as possible (the lowest worst Wound Bar)."""
        st = game.state

        def cost(opt):
            bars = [st.survivors[sid].wounds + n for sid, n in opt]
            return (sum(1 for b in bars if b >= 3), max(bars), sum(b * b for b in bars))
        return min(choice.options, key=cost)

    @staticmethod
    def _balance_trade(game, choice):
        """A Trade that cannot finish yet (one side would hold more than 5 cards, P. 16, 19): hand
        back the least useful card of the side over the limit -- never the default "give the first
        card", which snowballed into swapping whole inventories."""
        st, eq = game.state, game.content.equipment
        me, partner = st.survivors[choice.survivor], st.survivors[choice.data["partner"]]
        gave, took = choice.data.get("gave", []), choice.data.get("took", [])
        over_me = len(me.inventory()) - len(gave) + len(took) > 5
        verb = "give" if over_me else "take"

        def worth(opt):
            name = st.cards[opt[1]]
            if name in ("molotov",) + MOLOTOV_PARTS or name == "winchester_94":
                return 100.0
            c = eq[name]
            return 10.0 + _weapon_value(c) if _is_weapon(c) else 0.0
        opts = [o for o in choice.options if o[0] == verb and len(o) == 2]
        return min(opts, key=worth) if opts else choice.options[choice.default]

    @staticmethod
    def _torch_trade(v: "_View", partner) -> bool:
        """"TABLE LEG + FLAMMABLE FLUID = TORCH + FLAMMABLE FLUID" (P. 30): the Fluid is kept, so one
        Flammable Fluid passed along the team turns every Table Leg (1 die 4+, Damage 1) into a
        Torch (2 dice 3+, Damage 2 -- it kills Fatties, P. 27). A Trade is worth it when it brings
        the Fluid to a Table Leg without one (I hold the Fluid, or the partner does); whoever holds
        both combines first (else the Fluid went back and forth, a Trade every Action)."""
        def has(s, name):
            return any(v.st.cards[u] == name for u in s.inventory())
        if has(v.me, "table_leg") or has(partner, "table_leg") and has(partner, "flammable_fluid"):
            return has(v.me, "table_leg") and not has(v.me, "flammable_fluid") and has(partner, "flammable_fluid") \
                and not has(partner, "table_leg")  # a holder of both combines it themselves first
        return has(v.me, "flammable_fluid") and has(partner, "table_leg")

    @staticmethod
    def _torch_option(game, choice):
        """In a Trade made for a Torch (:meth:`_torch_trade`): the Flammable Fluid goes to the
        Table Leg's holder, then the Trade ends."""
        st = game.state
        moved = [st.cards[u] for u in choice.data.get("gave", []) + choice.data.get("took", [])]
        if "flammable_fluid" in moved:
            return ["done"] if ["done"] in choice.options else None
        for o in choice.options:
            if o[0] in ("give", "take") and len(o) == 2 and st.cards[o[1]] == "flammable_fluid":
                me, partner = st.survivors[choice.survivor], st.survivors[choice.data["partner"]]
                taker = partner if o[0] == "give" else me
                if any(st.cards[u] == "table_leg" for u in taker.inventory()):
                    return o
        return None

    def _keep(self, game, choice):
        """Keep a Molotov or one of its parts (P. 29), swapping out a card of no use in a fight."""
        st, eq = game.state, game.content.equipment
        name = st.cards[choice.data["card"]]
        if name not in ("molotov",) + MOLOTOV_PARTS:
            return None
        if ["keep"] in choice.options:
            return ["keep"]
        me = st.survivors[choice.survivor]
        for u in me.inventory():
            c = eq[st.cards[u]]
            if not _is_weapon(c) and st.cards[u] not in ("molotov",) + MOLOTOV_PARTS and ["swap", u] in choice.options:
                return ["swap", u]
        return None

    # ------------------------------------------------------------------ actions
    def scores(self, game, actions) -> list[float]:
        """The score of each legal action (what :meth:`choose_action` maximises): the planner
        (:mod:`nollab.sim.planner`) keeps the best few as its candidates. Activations are scored
        by the Ghouls in the Survivor's Zone (those in danger act first)."""
        if actions[0].kind == "activate":
            st = game.state
            return [float(st.ghoul_count(st.survivors[a.survivor].zone)) for a in actions]
        view = self._view(game, actions[0].survivor)
        return [self._score(view, a) + sum(p.bonus(view, a) for p in view.plans) for a in actions]

    def choose_action(self, game, actions):
        if actions[0].kind == "activate":
            return self._pick_activation(game, actions)
        view = self._view(game, actions[0].survivor)
        best, best_score = [], None
        for a in actions:
            s = self._score(view, a) + sum(p.bonus(view, a) for p in view.plans)
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
            if a.params[0] in ("melee", "ranged") and v.weak_hands():
                bonus += w["arm"]  # Zombicide Mode / Armory: a weak hand looks for a real weapon (P. 18)
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
        if k == "trade" and self._torch_trade(v, v.st.survivors[a.params[0]]):
            return w["torch"]
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
        p = profile_of_action(v.game._ctx(), a)  # the rules' numbers for this Action (P. 26-28, 46)
        zone = p.zone
        kills, ff, p_clear = attack_value(p)
        if kills < 0.05:
            return -20.0  # e.g. Damage 1 on a Zone of Fatties: every hit is lost (P. 27)
        lethal = w["lethal"] * p_clear if zone == v.me.zone and v.lethal(zone) else 0.0
        if ff > w["max_ff"] or (kills < w["min_kills"] and zone != v.me.zone):
            return -1.0 - w["per_ff_wound"] * ff
        urgency = 15.0 if zone == v.me.zone else (8.0 if v.ghoul_near(v.me.zone, 1) else 0.0)
        if zone in v.house():
            urgency += w["defend_house"]  # S2/S4/S5: a Ghoul in the house at the end of the Phase loses
        return w["shot_base"] + w["per_kill"] * kills + 10.0 * p_clear + urgency + lethal - w["per_ff_wound"] * ff

    def _score_open(self, v: "_View", oid: str) -> float:
        """Open a door/barricade only when it shortens the way to the objective (counting an
        unreachable objective as 4 Moves away) and no Ghoul waits right behind it -- unless this
        Survivor is armed better than the Starting Equipment (then the door is the way to fight
        through, the Ghouls acting only in their Phase, P. 8)."""
        w = self.w
        far = v.board.openings[oid].other(v.me.zone)
        if v.st.ghoul_count(far) or v.ghoul_near(far, 1):
            # a group that can hold the Ghouls shut in a room opens it (P. 22); a Door to the
            # street stays shut (the roaming herd would come in, not only the room's Ghouls)
            if not v.goals() or v.weak_hands() and not (v.board.zones[far].interior and v.can_hold(far)):
                return w["open_door"] - 50.0
        goals = v.goals()
        if not goals:
            return w["open_door"]
        before = v.goal_distance(v.me.zone, goals)
        after = v.goal_distance(v.me.zone, goals, closed=v.closed - {oid})
        if after is None:  # still shut in: open it if it leads towards the goal as if all were open
            here = v.goal_distance(v.me.zone, goals, closed=frozenset())
            there = v.goal_distance(far, goals, closed=frozenset())
            if here is not None and there is not None and there < here:
                return w["open_door"] + 0.8 * w["goal_step"]
            return w["open_door"]
        gain = (before if before is not None else after + 4) - after
        return w["open_door"] + 0.8 * w["goal_step"] * gain if gain > 0 else w["open_door"]

    def _score_close(self, v: "_View", oid: str) -> float:
        if oid in v.windows_left():
            return self.w["block_window"]  # S1: an indicated window broken open is closed again (P. 19, 33)
        far = v.board.openings[oid].other(v.me.zone)
        house = v.house()
        if house and (v.me.zone in house) != (far in house):
            return self.w["seal_house"]  # shut the house (S2, S4, S5 "house under siege")
        if not v.weak_hands() and v.goals():
            # an armed Survivor fights through the door that leads to the objective (see _score_open)
            here = v.goal_distance(v.me.zone, v.goals(), closed=frozenset())
            there = v.goal_distance(far, v.goals(), closed=frozenset())
            if here is not None and there is not None and there < here:
                return -5.0
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
        together = bool(score) and v.board.zones[dest].interior and dest in v.goals() and v.can_enter(dest)
        if together:
            score = 0.0  # the group walks into the room it must reach together (P. 22 split)
        if w["team_lethal"]:
            # the players split the Ghoul Attacks among the Survivors of a Zone (P. 22): judge the
            # team, not the lone Survivor -- a group that survives together must not scatter, leaving
            # the last one alone with every Ghoul (the commonest loss in S3/S10 before)
            here_with, dest_with = v.doomed_with(v.me.zone, True), v.doomed_with(dest, True)
            if here_with and not dest_with:
                score += w["lethal"]  # the next Ghouls' Phase would eliminate one of us here
            elif not here_with and v.doomed_with(v.me.zone, False):
                score -= w["lethal"] * 1.5  # leaving dooms the ones who stay
            elif dest_with and not here_with:
                score -= w["lethal"] * 1.5
        elif v.lethal(v.me.zone) and not v.lethal(dest):
            score += w["lethal"]  # the next Ghouls' Phase would eliminate me here (P. 22)
        elif v.lethal(dest) and not v.lethal(v.me.zone):
            score -= w["lethal"] * 1.5
        care = 1.0 + v.me.wounds
        score += w["safety"] * care * (v.threat(v.me.zone) - v.threat(dest))
        goals = v.goals()
        if goals:
            d0 = v.goal_distance(v.me.zone, goals)
            d1 = v.goal_distance(dest, goals)
            if d0 is None:  # behind closed doors: the way through the Doors it would open
                walls = v.shut()
                d0 = v.goal_distance(v.me.zone, goals, closed=walls)
                d1 = v.goal_distance(dest, goals, closed=walls)
            if d0 is None:  # none: head for them as if they were open (P. 23 habit)
                d0 = v.goal_distance(v.me.zone, goals, closed=frozenset())
                d1 = v.goal_distance(dest, goals, closed=frozenset())
            if d0 is not None and d1 is not None:
                score += w["goal_step"] * (d0 - d1)
        else:
            score -= 5.0
        return score
