"""The heuristic bot's plan for S5 "survive the night" (P. 37), and the Relative-kill score S7 shares
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`)."""
from __future__ import annotations

from typing import Any

from nollab.rules.engine.state import GI
from nollab.rules.survivors.skills import effective_mode
from nollab.sim.plans_base import NORMAL, Plan, can_fight

__all__ = ["HuntRelatives", "relative_bonus", "stash_goals", "open_house", "OPEN_HOUSE", "buffer_bonus", "exposed",
           "fatty_first", "run_out_risk", "owes_relative", "relative_target", "raises_the_line",
           "walks_in_to_a_friend"]

#: the bonus for opening one of :func:`open_house`'s Openings (and minus the price of closing one):
#: above the bot's "shut the house" (``seal_house``, 70) and "no Door towards Ghouls" (-55) habits
OPEN_HOUSE = 150.0


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


def wants_arms(v) -> bool:
    """A Hand without a weapon, or no weapon better than the Starting Equipment's one die at 4+."""
    eq = v.game.content.equipment
    free = any(u is None or (eq[v.st.cards[u]].melee is None and eq[v.st.cards[u]].ranged is None)
               for u in v.me.hands)
    return free or v.weak_hands()


def stash_goals(v) -> list[str]:
    """The stash Zones this Survivor may Search now: "The Melee and Ranged Equipment decks can only
    be Searched in the designated Zones (only while in Zombicide Mode)" (S5, P. 37; one Search per
    Turn, P. 18) -- a Relative on the board turns the Survivor back to Romero (P. 17), and a
    Survivor with two real weapons in Hand has nothing to look for."""
    if v.me.searched or effective_mode(v.st, v.me) != "zombicide" or not wants_arms(v):
        return []
    return sorted(z for z in v.game.scene.tokens.stashes if z in v.board.zones)


def owes_relative(s) -> bool:
    """Survivor ``s`` has not killed a Relative yet: "Each Survivor has killed 1 Relative (or more)" (P. 37)."""
    return s.kills.get("relative", 0) < 1


def relative_target(v, choice) -> Any:
    """Who takes a hit the attacker assigns (Melee: free, P. 26; Ranged: "If several targets share the
    same Targeting Priority Order, players choose the targets hit among them", P. 27): a Relative
    when the attacker still owes one, else any other Ghoul -- S5 needs six Relatives killed by six
    different Survivors (P. 37) and only 2 Relative miniatures exist, so a Relative killed by a
    Survivor who already has one is a Relative the deck must place again (3 cards in 46, P. 24).
    None: no Relative among the options (the bot's default)."""
    if choice.kind != "target" or "relative" not in choice.options:
        return None
    s = v.st.survivors.get(choice.survivor)
    if s is None:
        return None
    if owes_relative(s):
        return "relative"
    return next((o for o in choice.options if o != "relative"), None)


#: the price of an attack that only a Survivor who still owes a Relative should make (:func:`left_to_a_friend`),
#: or that would put the spawn line up while friends can make the kills (:func:`raises_the_line`):
#: above any attack's score (about 100-250), so the bot does something else this Action
LEAVE_IT = 300.0


def _friends_to_act(v, zone: str, ok) -> list:
    """Friends still to take their Turn this round (P. 8), alive, armed, standing in ``zone``, with ``ok(s)``."""
    return [s for s in v.st.survivors.values()
            if s.alive and s.id != v.me.id and not s.activated and s.zone == zone and ok(s) and can_fight(v, s)]


def _attack_zone(v, a) -> str | None:
    if a.kind == "melee":
        return v.me.zone
    if a.kind in ("ranged", "molotov"):
        return a.params[1]
    return None


def left_to_a_friend(v, a) -> bool:
    """A Survivor who already killed a Relative leaves a Zone holding nothing but Relatives to an armed
    friend who still owes one and will take their Turn this round (P. 8) in that Zone -- or, inside the
    house, within ``HuntRelatives.leave_reach`` Moves of it (a Move is 1 of their 3 Actions, P. 18):
    their kill counts for the objective (P. 37), a second kill by me does not, and only 2 Relative
    miniatures exist."""
    z = _attack_zone(v, a)
    if z is None or owes_relative(v.me):
        return False
    w, b, f, r = v.st.ghouls_in(z)
    if not r or w or b or f:
        return False
    if HuntRelatives.leave_reach and z in v.house():
        d = v.distances(z)
        return any(s.alive and s.id != v.me.id and not s.activated and owes_relative(s) and can_fight(v, s)
                   and d.get(s.zone, 99) <= HuntRelatives.leave_reach for s in v.st.survivors.values())
    return bool(_friends_to_act(v, z, owes_relative))


def walks_in_to_a_friend(v, a) -> bool:
    """A Survivor who already killed a Relative does not shoot a Zone of nothing but Relatives outside
    the house while a friend still owes one: Ghouls walk to the Survivors (P. 23), so it comes into the
    house, where the friend can kill it (P. 37); my kill would count for nothing."""
    z = _attack_zone(v, a) if a.kind in ("ranged", "molotov") else None
    if z is None or z == v.me.zone or z in v.house() or owes_relative(v.me):
        return False
    w, b, f, r = v.st.ghouls_in(z)
    if not r or w or b or f:
        return False
    return any(s.alive and owes_relative(s) for s in v.st.survivors.values())


def raises_the_line(v, a) -> bool:
    """My kill would put the spawn line up while friends can make the same kills.

    "When you draw a Ghoul card to spawn Ghouls, read the line that corresponds to the Survivor with
    the highest Danger Level" (P. 14, P. 24): Yellow from 7 XP, Orange from 19, Red from 43 -- the
    Blue line spawns ~6 Ghouls a round on S5, Yellow ~9, Orange ~13. S5 is won only with all six
    Survivors at Orange (P. 37), so the team's XP must rise evenly: the most experienced Survivor
    one XP below a line nobody has reached yet lets a friend with less XP, still to take their
    Turn this round (P. 8) in the Zone of the Ghouls, make the kill instead -- when those friends'
    Actions (3 each, P. 18) are at least twice the Ghouls there (a Fatty, 2 Wounds and Damage 2,
    P. 27, counts 3). Ghouls outside the house, in another Zone, may wait (only a Ghoul in the house
    loses, P. 37).
    A Relative I still owe is always mine (P. 37)."""
    z = _attack_zone(v, a) if a.kind in ("melee", "ranged") else None
    if z is None:
        return False
    me = v.me
    team = max(s.xp for s in v.st.survivors.values() if s.alive)
    if me.xp < team:
        return False
    line = next((t for t in v.game.content.danger_thresholds[1:] if t > team), None)
    if line is None or me.xp + 1 < line:
        return False
    w, b, f, r = v.st.ghouls_in(z)
    if r and owes_relative(me):
        return False
    if z not in v.house() and z != me.zone:
        return True
    friends = _friends_to_act(v, z, lambda s: s.xp + 1 < line)
    return 3 * len(friends) >= 2 * (w + b + r) + 3 * f


class HuntRelatives(Plan):
    """"All Survivors are at Orange Danger Level (or higher). Each Survivor has killed 1 Relative
    (or more)." (S5, P. 37): a Survivor in Zombicide Mode arms at the stashes first (both lie
    inside the house on S5's map: the kitchen and upstairs); a Survivor still owing a Relative
    shoots Relatives first (wherever they stand) and walks towards those inside the house. No
    Relative is wasted: a hit the attacker assigns goes to a Relative only if they still owe one
    (:func:`relative_target`), a Zone of nothing but Relatives is left to a friend who owes one and
    acts later this round (:func:`left_to_a_friend`) or, outside the house, to walk in to a friend
    who owes one (:func:`walks_in_to_a_friend`)."""

    name = "hunt-relatives"
    #: knob: leave a Relative-only Zone to a friend who owes one (:func:`left_to_a_friend`)
    leave_relatives = True
    #: Moves within which a friend who owes a Relative counts for :func:`left_to_a_friend` inside the house
    leave_reach = 1
    #: knob: the most experienced Survivor leaves kills that would raise the spawn line to friends (:func:`raises_the_line`)
    level_xp = True

    def _owes(self, v) -> bool:
        return v.me.kills.get("relative", 0) < 1

    def goals(self, v):
        stash = stash_goals(v)
        if stash:
            return NORMAL, stash
        if not self._owes(v) or not can_fight(v, v.me):
            return None
        zones = [z for z, c in v.st.ghouls.items() if c[GI["relative"]]]
        house = v.house()
        if house:
            # only inside: with the rooms around the team open (:func:`open_house`) a Relative on a
            # lawn is one Move away through a window, and the hunters ended the Phase outside while
            # the Ghouls came into the room they had left; a Relative walks in to the team (P. 23)
            zones = [z for z in zones if z in house]
        if zones:
            return NORMAL + 1, zones
        home = self.home(v)
        return (NORMAL + 2, [home]) if home else None

    def trusted(self, v, a) -> bool:
        """The steps the planner plays without its one-round search (:meth:`PlannerPolicy.trusted`):

        * opening one of :func:`open_house`'s Openings -- its pay-off comes rounds later (the
          Ghouls' routes change, P. 23); one round shows only the Ghouls walking in;
        * an attack on Ghouls inside the house -- every Ghoul there must be dead at the end of
          the Players' Phase or the game is lost (P. 37); with 3 sampled futures a candidate the
          search preferred by chance (a Reorganize, a Move, ending the Turn) overruled such
          attacks, and the planner survived fewer rounds than the heuristic it searches around."""
        if a.kind in ("melee", "ranged"):
            return (v.me.zone if a.kind == "melee" else a.params[1]) in v.house()
        return a.kind in ("door", "barricade") and a.params[1] == "open" and a.params[0] in open_house(v)

    def option(self, v, choice) -> Any:
        got = relative_target(v, choice)
        return got if got == "relative" else (fatty_first(v, choice) or got)

    @staticmethod
    def home(v) -> str | None:
        """The room the team holds together: the house Zone of the Survivors' Starting Area (S5's
        living room). Ghouls walk to the Zone with the most Survivors (P. 23), so a team in one
        room draws every Ghoul there, where all six can strike, instead of Ghouls breaking into
        an empty room that must be cleared before the Phase ends (P. 37)."""
        house = v.house()
        areas = getattr(v.game.scene.tokens, "starting_areas", None) or {}
        for z in sorted(areas.values()) if isinstance(areas, dict) else ():
            if z in house:
                return z
        return None

    def bonus(self, v, a) -> float:
        if a.kind in ("door", "barricade") and a.params[0] in open_house(v):
            return OPEN_HOUSE if a.params[1] == "open" else -2 * OPEN_HOUSE
        if a.kind == "search" and a.params[0] in ("melee", "ranged") and wants_arms(v):
            return 80.0  # a real weapon: the team's kill rate is what S5 is about
        if self.leave_relatives and left_to_a_friend(v, a):
            return -LEAVE_IT
        if self.leave_relatives and walks_in_to_a_friend(v, a):
            return -LEAVE_IT
        if self.level_xp and raises_the_line(v, a):
            return -LEAVE_IT
        buf = buffer_bonus(v, a)
        if not self._owes(v):
            return buf
        return buf + relative_bonus(v, a, lambda z: True)


def open_house(v) -> frozenset:
    """The Openings S5's team keeps open: every Door and Barricade between the outside and the
    held room (:meth:`HuntRelatives.home`) or a room of the house joined to it by a doorway (on
    S5's map: the living room, the kitchen and the study -- 5 + 4 + 2 windows and Doors).

    Why: Ghouls walk to the Zone with the most Survivors by the shortest *open* path, and only
    with none do they walk "as if all Barricades and Doors were open", stopped by the closed ones
    (P. 23). With the house sealed they queue behind the windows on that imaginary path (7 Ghouls
    there at the start of a Players' Phase on average) and come in only where Breakers open a way (P. 22),
    often 2 Moves from the team (the sitting room): the team killed 2.0 Ghouls a round at Blue
    while 6 spawned, the board filled to the box's miniatures and the extra Activations (P. 25)
    eliminated Survivors. With these Openings open the shortest open path of every Spawn Zone
    ends in one of these rooms, at most 1 Move from the team, and they are never closed again.
    A Door opens with 1 Action (P. 18); a Barricade with an equipped weapon with the Barricade
    Opening symbol (Claw Hammer, Tire Iron: Barbra's and Harry's Starting Equipment, P. 13, 19),
    both only with no Ghoul in the Zone -- the engine's legal actions check that. The sitting
    room (2 Moves from the living room) stays shut: a Ghoul left there loses the game (P. 37).
    (The front door alone, tried before, sent the Ghouls around the 18 lawns to the porch.)"""
    got = v.__dict__.get("_open_house")
    if got is None:
        home = HuntRelatives.home(v)
        house = v.house()
        rooms = {home} if home else set()
        for o in v.board.openings.values():
            if home in o.zones and str(o.kind) == "passage":
                rooms.update(z for z in o.zones if z in house)
        got = frozenset(oid for oid, o in v.board.openings.items()
                        if str(o.kind) != "passage" and any(z in rooms for z in o.zones)
                        and any(z not in house for z in o.zones))
        v._open_house = got
    return got



# ---------------------------------------------------------------- the buffer against extra Activations
#: the bonus for a Move that joins friends the Ghouls next door would eliminate in an extra
#: Activation (and minus it for a Move that leaves them so): above a step away from the held room
#: (the bot's ``goal_step``, 150), so an idle Survivor of the living room walks over
BUFFER = 200.0
#: a Ghoul type "may run out" at this round's Spawn step when the miniatures left in the box are at
#: most this many of its largest card at the current Danger Level (S5 draws 4 cards a round, P. 24)
RUN_OUT_CARDS = 2

_CARD_MAX: dict = {}


def _card_max(content) -> dict:
    """Ghoul type -> the most Ghouls one of its Spawn cards places at each Danger Level."""
    got = _CARD_MAX.get(id(content))
    if got is None:
        got = {}
        for c in content.ghoul_deck:
            if c.kind == "spawn":
                cur = got.setdefault(c.ghoul, [0] * len(c.counts))
                for i, n in enumerate(c.counts):
                    cur[i] = max(cur[i], n)
        _CARD_MAX[id(content)] = got
    return got


def run_out_risk(v) -> frozenset:
    """The Ghoul types that may run out of miniatures at this round's Spawn step: "the remaining
    Ghoul miniatures are placed (if there are any). Then, all the Ghouls of the indicated type
    immediately resolve an extra Activation" (P. 25) -- read off the box (``pool`` in
    ``nollab/data/ghouls.toml``) minus the board, against :data:`RUN_OUT_CARDS` of the type's
    largest card at the line of the most experienced Survivor (P. 24)."""
    got = v.__dict__.get("_run_out_risk")
    if got is None:
        content, st = v.game.content, v.st
        line = int(content.danger_level(max(s.xp for s in st.survivors.values())))
        most = _card_max(content)
        got = frozenset(t for t, g in content.ghoul_types.items()
                        if t in most and g.pool - st.on_board(t) <= RUN_OUT_CARDS * most[t][line])
        v._run_out_risk = got
    return got


def exposed(v, zone: str, group: list) -> bool:
    """Would ``group`` (Survivors standing in ``zone``) lose one of its own if the Ghouls one open
    step away walk in at the Ghouls' Phase (P. 23) and their type then runs out of miniatures?
    Those Ghouls strike at once in the extra Activation (P. 25, P. 22), with no Players' Phase
    between to kill them; the players split the Attacks (P. 22, :func:`~nollab.sim.plans_view.doomed`),
    so a pair takes what kills a lone Survivor. Counted: every Ghoul of a type at risk
    (:func:`run_out_risk`) in a Zone next to ``zone`` through an open Opening -- an upper bound
    (some of them may walk elsewhere)."""
    from nollab.ghoul_types import GHOUL_TYPES
    from nollab.sim.plans_view import doomed
    risk = run_out_risk(v) if group else ()
    if not risk:
        return False
    idx = [i for i, t in enumerate(GHOUL_TYPES) if t in risk]
    counts = [0] * len(GHOUL_TYPES)
    for n in v.board.neighbors(zone, v.closed):
        c = v.st.ghouls_in(n)
        for i in idx:
            counts[i] += c[i]
    return any(counts) and doomed(v.game, zone, group, tuple(counts)) > 0


def fatty_first(v, choice) -> Any:
    """A hit the attacker assigns (Melee: "The player divides their hits as they wish", P. 26) goes
    to a Fatty when the Damage can kill one (the engine offers only the Ghouls the Damage kills): a
    Fatty needs Damage 2 and deals 2 Wounds (P. 27, P. 22), a Walker or a Breaker dies to any
    weapon of the team -- the engine's default gave the hit to the Walker, and Fatties were 117 of
    the ~300 Ghouls left in the house when S5 was lost (200 games) though only 1 Ghoul in 6 on the
    board is a Fatty. (A Relative owed by the attacker comes first: :func:`relative_target`.)"""
    if choice.kind != "target" or "fatty" not in choice.options:
        return None
    return "fatty"


def buffer_bonus(v, a) -> float:
    """A Move inside the house between two Zones without Ghouls: +:data:`BUFFER` when it joins
    friends who stand :func:`exposed` alone and would not be with me, -:data:`BUFFER` when it
    leaves friends exposed who were not with me. Measured: 46 of 100 S5 games were lost by a
    Survivor eliminated, every one in a round with an extra Activation, mostly a lone Survivor
    in the kitchen (the Melee stash, P. 37) or the study with Walkers at the open window, while
    the Survivors of the living room ended their Turns with Actions unused."""
    if a.kind != "move":
        return 0.0
    dest, here = a.params[0], v.me.zone
    if dest not in v.house() or v.st.ghoul_count(dest) or v.st.ghoul_count(here):
        return 0.0  # walking into Ghouls is the siege plan's (HouseSiege), not a buffer
    team = [s for s in v.st.survivors.values() if s.alive]
    there = [s for s in team if s.zone == dest]
    others = [s for s in team if s.zone == here and s.id != v.me.id]
    score = 0.0
    if there and exposed(v, dest, there) and not exposed(v, dest, there + [v.me]):
        score += BUFFER
    if others and exposed(v, here, others) and not exposed(v, here, others + [v.me]):
        score -= BUFFER
    return score
