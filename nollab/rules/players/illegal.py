"""Why an action is refused: the message of :class:`nollab.rules.engine.events.IllegalAction`.

:func:`nollab.rules.players.legal.legal_actions` decides what is legal; :func:`explain_illegal` only
words the refusal, naming the rule and the rulebook page that forbids the action (P. 8, P. 18-21,
P. 26-29, P. 46). It runs only when an action is refused, never on the simulation hot path.
"""
from __future__ import annotations

from nollab.rules.engine.actions import Action
from nollab.rules.engine.board_state import zone_kind
from nollab.rules.engine.context import Ctx
from nollab.rules.players.legal import legal_actions


def explain_illegal(ctx: Ctx, action: Action) -> str:
    """Why an action is refused: the rule and page that forbid it."""
    st = ctx.st
    if st.result is not None:
        return f"the game is over ({st.result}: {st.reason}) (P. 8)"
    if st.pending is not None:
        return f"a decision is pending: {st.pending.prompt} — answer it with choose() ({st.pending.page})"
    if st.phase != "players" or st.queue:
        return f"no Survivor Action during the {st.phase} phase; use step() (P. 8)"
    if action.survivor not in st.survivors:
        return f"unknown survivor {action.survivor!r}"
    if st.active is None:
        return "a Survivor must be activated first (P. 8: activate your Survivors one at a time)"
    if action.survivor != st.active:
        return f"it is {ctx.sname(st.active)}'s Turn, not {ctx.sname(action.survivor)}'s (P. 8, P. 18)"
    s = st.survivors[st.active]
    k = action.kind
    ghouls_here = st.ghoul_count(s.zone)
    if k == "move":
        if s.in_car:
            return "a Survivor in a Car gets out first (Get in or out of a Car, P. 20)"
        return ("Move: the destination must share an open edge or Opening with the Zone, and you must "
                "pay 1 Action + 1 per Ghoul in the Zone you leave (P. 11, P. 18)")
    if k == "search":
        if ghouls_here:
            return "Search: only in a Zone with no Ghouls (P. 18)"
        if zone_kind(ctx, s.zone) != "interior":
            return "Search: only in interior Zones (P. 18)"
        if s.searched:
            return "Search: only one Search Action per Turn, even if free (P. 18)"
        return ("Search: Romero Mode draws from the House deck only, Zombicide Mode from Ranged/Melee/House "
                "(P. 18), within the Scene's rules (equipment stashes)")
    if k in ("door", "barricade"):
        if ghouls_here:
            return f"{k.title()} Action: only if there are no Ghouls in the Zone (P. {18 if k == 'door' else 19})"
        if k == "barricade":
            return ("Barricade Action: open a closed Barricade in your Zone with an equipped weapon with the "
                    "Barricade Opening symbol, or close an open one (P. 19)")
        return "Door Action: open or close a door (or the Stairs) in your Zone (P. 18)"
    if k in ("melee", "ranged", "molotov"):
        if k == "melee" and not ghouls_here:
            return "Melee Action: attacks Ghouls in the Survivor's own Zone (P. 20, P. 26)"
        hands = action.params[0] if action.params and isinstance(action.params[0], tuple) else ()
        if hands == (1,) and s.hands[0] is not None and s.hands[1] is not None \
                and st.cards[s.hands[0]] == st.cards[s.hands[1]] \
                and Action(k, action.survivor, ((0,), *action.params[1:])) in legal_actions(ctx):
            return (f"{k.title()} Action: both Hands hold the same weapon, so the action is listed once, with Hand "
                    "(0,) (identical cards are interchangeable, P. 16)")
        return (f"{k.title()} Action: needs a usable weapon in Hand (P. 16; Ma's Shotgun not in Romero Mode P. 29; "
                "Reload P. 28) and a target Zone with Ghouls within Range and Line of Sight (P. 26-27; Molotov: "
                "exterior Zones only, P. 29)")
    if k == "reload":
        return ("Reload: only a fired Reload weapon in Hand, one Action each; a single Action reloads 2 weapons "
                "only if they were fired in a Dual manner (P. 28)")
    if k in ("reorganize", "trade"):
        return "Reorganize/Trade: costs 1 Action; trade with 1 Survivor in the same Zone (P. 19)"
    if k in ("car_in", "car_out", "car_seat", "drive"):
        return ("Car Actions: get in only with no Ghouls in the Zone, 1 Driver + 5 Passengers; only the Driver "
                "drives 1-2 exterior Zones, if the Scene allows (P. 20-21)")
    if k in ("bloodlust", "shove", "taunt", "hit_and_run"):
        return f"{k}: needs the Skill, once per Turn, and a valid Zone (P. 46)"
    if k in ("combine", "discard"):
        return "combine/discard: only cards in your inventory (P. 16, P. 29)"
    if k == "activate":
        return "activate: not now (P. 8)"
    return f"{k}: not a legal action now (P. 18-21)"
