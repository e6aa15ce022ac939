"""How S5's team holds the house (P. 37: "The game is lost whenever there is at least 1 Ghoul in the
house at the end of a Players' Phase"): which room it holds (:func:`held_room`), which Openings it
keeps open so the Ghouls come to it (:func:`open_house`, P. 23), the buffer against the extra
Activations of a Ghoul type out of miniatures (:func:`buffer_bonus`, P. 25), and Tom's Shove as the
last resort of a room the team cannot clear (:func:`shove_bonus`, P. 46).
:class:`~.relatives.HuntRelatives` scores the bot's Actions with them."""
from __future__ import annotations

from nollab.ghoul_types import GHOUL_TYPES
from nollab.rules.engine.state import GI
from nollab.rules.players import action_budget
from nollab.sim.plans_base import can_fight
from nollab.sim.plans_view import doomed, hand_damage

__all__ = ["OPEN_HOUSE", "held_room", "open_house", "BUFFER", "RUN_OUT_CARDS", "run_out_risk", "exposed",
           "buffer_bonus", "CLEAR_ACTIONS", "SHOVE", "actions_left", "damage_2", "room_short", "shove_bonus"]

#: the bonus for opening one of :func:`open_house`'s Openings (and minus the price of closing one):
#: above the bot's "shut the house" (``seal_house``, 70) and "no Door towards Ghouls" (-55) habits
OPEN_HOUSE = 150.0


def held_room(v) -> str | None:
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


def open_house(v) -> frozenset:
    """The Openings S5's team keeps open: every Door and Barricade between the outside and the
    held room (:func:`held_room`) or a room of the house joined to it by a doorway (on
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
        home = held_room(v)
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
    """Ghoul type -> the most Ghouls one of its Spawn cards places at each Danger Level (cached per
    content; the entry keeps its content alive, so its id is never reused by another one)."""
    got = _CARD_MAX.get(id(content))
    if got is not None and got[0] is content:
        return got[1]
    most: dict = {}
    for c in content.ghoul_deck:
        if c.kind == "spawn":
            cur = most.setdefault(c.ghoul, [0] * len(c.counts))
            for i, n in enumerate(c.counts):
                cur[i] = max(cur[i], n)
    if len(_CARD_MAX) > 16:
        _CARD_MAX.clear()
    _CARD_MAX[id(content)] = (content, most)
    return most


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


# ---------------------------------------------------------------- Shove: the last resort of a room
#: Actions the Survivors still to act need per Ghoul to clear a room this Players' Phase (P. 37): a hit
#: at 4+ on one die (the Starting Equipment, P. 13) is a coin flip, so two for a Walker, a Breaker or a
#: Relative; three for a Fatty (2 Wounds, Damage 2, P. 27) -- order of ``GameState.ghouls_in``
CLEAR_ACTIONS = (2, 2, 3, 2)
#: the bonus for a Shove that puts out of the house the Ghouls the Survivors still to act cannot kill
#: this Players' Phase: above any attack (about 100-250), the alternative being the lost game (P. 37)
SHOVE = 400.0


def actions_left(v, s) -> int:
    """General Actions ``s`` can still spend this round: the rest of their Turn, a whole Turn if it
    is still to come (3, +1 a "+1 Action" Skill, P. 18, P. 46), none after it."""
    ctx = v.game._ctx()
    if v.st.active != s.id and s.activated:
        return 0
    n = action_budget.general_left(ctx, s)
    if v.st.active != s.id:
        n += s.spent  # last round's bookkeeping, reset when they activate
    return max(0, n)


def damage_2(v, s) -> bool:
    """A weapon in a Hand with Damage 2, the only kind that kills a Fatty (P. 27)."""
    return hand_damage(v.game, s) >= 2


def room_short(v, zone: str) -> bool:
    """Can the armed Survivors still able to act this round -- in ``zone`` or one Move from it (the
    Move costs one of their Actions, P. 18) -- *not* be expected to kill every Ghoul now in ``zone``
    before the Players' Phase ends? :data:`CLEAR_ACTIONS` a Ghoul; a Fatty needs one of them with a
    Damage 2 weapon (P. 27)."""
    counts = v.st.ghouls_in(zone)
    if not any(counts):
        return False
    near = v.distances(zone)
    have, heavy = 0, False
    for s in v.st.survivors.values():
        d = near.get(s.zone, 99)
        if not s.alive or d > 1 or not can_fight(v, s):
            continue
        n = actions_left(v, s) - d
        if n > 0:
            have += n
            heavy = heavy or damage_2(v, s)
    need = sum(k * n for k, n in zip(CLEAR_ACTIONS, counts))
    return have < need or bool(counts[GI["fatty"]] and not heavy)


def shove_bonus(v, a) -> float:
    """Shove (Tom's Skill, P. 46: "Select a Zone at Range 1 from your Survivor. Both Zones need to
    share a clear path. All Ghouls standing in your Survivor's Zone are pushed to the selected Zone.
    This is not a Movement.") out of the house, as the last resort of a room that cannot be cleared:
    with the last Action of my Turn left (the kills first) and the Survivors still to act not
    expected to kill the Ghouls of my room of the house this Players' Phase (:func:`room_short`) --
    a Ghoul left there loses the game (P. 37); pushed onto the lawn through an open window or Door it
    walks back in at the Ghouls' Phase (P. 23) and is killed next round. ``+SHOVE`` then, ``-SHOVE``
    for any other Shove: pushing out Ghouls the room can kill throws their XP away (P. 14), measured
    worse (the s5k note: 93 Shoves in 100 games, 10.36 -> 10.10 rounds)."""
    if a.kind != "shove":
        return 0.0
    z, here = a.params[0], v.me.zone
    house = v.house()
    if here in house and z not in house and actions_left(v, v.me) <= 1 and room_short(v, here):
        return SHOVE
    return -SHOVE
