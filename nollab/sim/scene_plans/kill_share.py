"""Who makes a kill in S5 "Night of the Living Dead" (P. 37): the Scene is won only when each of the six
Survivors has killed a Relative and all six are at Orange, so the same kill is worth more to one
Survivor than to another. These rules say which hit goes to which Ghoul (P. 26-27) and which kill a
Survivor leaves to a friend who acts later this round (P. 8); :class:`~.relatives.HuntRelatives`
scores the bot's Actions with them."""
from __future__ import annotations

from typing import Any

from nollab.rules.scenes.s5_night_of_the_living_dead import killed_a_relative
from nollab.sim.plans_base import can_fight

__all__ = ["owes_relative", "only_relatives", "relative_target", "fatty_first", "LEAVE_IT", "left_to_a_friend",
           "walks_in_to_a_friend", "raises_the_line"]


def owes_relative(s) -> bool:
    """Survivor ``s`` has not killed a Relative yet: "Each Survivor has killed 1 Relative (or more)" (P. 37,
    the rule's own :func:`~nollab.rules.scenes.s5_night_of_the_living_dead.killed_a_relative`)."""
    return not killed_a_relative(s)


def only_relatives(v, zone: str) -> bool:
    """``zone`` holds Relatives and no other Ghoul: a shot there can only kill a Relative (P. 27)."""
    w, b, f, r = v.st.ghouls_in(zone)
    return bool(r) and not (w or b or f)


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


def _friends_to_act(v, zone: str, ok, reach: int = 0) -> list:
    """Friends still to take their Turn this round (P. 8), alive, armed, with ``ok(s)``, standing in
    ``zone`` or, with ``reach``, at most that many Moves from it."""
    near = v.distances(zone) if reach else {zone: 0}
    return [s for s in v.st.survivors.values()
            if s.alive and s.id != v.me.id and not s.activated and near.get(s.zone, 99) <= reach and ok(s)
            and can_fight(v, s)]


def _attack_zone(v, a) -> str | None:
    if a.kind == "melee":
        return v.me.zone
    if a.kind in ("ranged", "molotov"):
        return a.params[1]
    return None


def left_to_a_friend(v, a, reach: int = 1) -> bool:
    """A Survivor who already killed a Relative leaves a Zone holding nothing but Relatives to an armed
    friend who still owes one and will take their Turn this round (P. 8) in that Zone -- or, inside the
    house, within ``reach`` Moves of it (a Move is 1 of their 3 Actions, P. 18):
    their kill counts for the objective (P. 37), a second kill by me does not, and only 2 Relative
    miniatures exist."""
    z = _attack_zone(v, a)
    if z is None or owes_relative(v.me):
        return False
    if not only_relatives(v, z):
        return False
    return bool(_friends_to_act(v, z, owes_relative, reach if z in v.house() else 0))


def walks_in_to_a_friend(v, a) -> bool:
    """A Survivor who already killed a Relative does not shoot a Zone of nothing but Relatives outside
    the house while a friend still owes one: Ghouls walk to the Survivors (P. 23), so it comes into the
    house, where the friend can kill it (P. 37); my kill would count for nothing."""
    z = _attack_zone(v, a) if a.kind in ("ranged", "molotov") else None
    if z is None or z == v.me.zone or z in v.house() or owes_relative(v.me) or not only_relatives(v, z):
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
