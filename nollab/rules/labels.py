"""What a player reads on a button: one label per legal action, in the rulebook's words.

:func:`action_label` knows each action's parameters (the engine's, in
:mod:`nollab.rules.players.legal`): a Melee or Ranged Action names the Hand slots it fires
(``(0,)``, ``(0, 1)`` -- slot indices, not cards), so the label names the *weapon card in that
Hand* ("Barbra: Melee with Crowbar"), never the slot number read as a card, nor a raw boolean
(Barbarian, P. 46, is written out). The GamePlayer's buttons, ``GameView.actions`` and the game
seam's ``describe()`` all use it.
"""
from __future__ import annotations

from typing import Any

__all__ = ["action_label", "zone_label", "plural"]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 action"``, ``"2 actions"`` (the grammar the panels print)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def zone_label(board: Any, zone: str) -> str:
    """A Zone's printed name ("living room"), or its id when it has none."""
    try:
        label = board.zones[zone].label
    except (AttributeError, KeyError, TypeError):
        return str(zone)
    return label or str(zone)


def _opening(board: Any, oid: str) -> str:
    o = board.openings.get(oid) if hasattr(board, "openings") else None
    return (getattr(o, "label", "") or oid) if o is not None else str(oid)


def _weapons(ctx: Any, s: Any, hands: tuple) -> str:
    """The weapon cards held in Hand slots ``hands`` ("Crowbar", "2 × Pistol", "Pistol + Rifle")."""
    names = [ctx.cname(s.hands[i]) for i in hands if 0 <= i < len(s.hands) and s.hands[i] is not None]
    if not names:
        return "bare hands"
    if len(names) == 2 and names[0] == names[1]:
        return f"2 × {names[0]}"
    return " + ".join(names)


def _card(ctx: Any, uid: Any) -> str:
    if uid is None or uid == -1:
        return "empty"
    try:
        return ctx.cname(uid)
    except (IndexError, KeyError, TypeError):
        return str(uid)


def _equipment(ctx: Any, cid: str) -> str:
    card = ctx.content.equipment.get(cid)
    return card.name if card is not None else str(cid).replace("_", " ")


def action_label(ctx: Any, action: Any) -> str:
    """``"Who: what"`` for a legal ``action`` of the game behind ``ctx`` (see module docstring)."""
    st, board = ctx.st, ctx.board
    who = ctx.sname(action.survivor) if action.survivor in ctx.content.survivors else str(action.survivor).title()
    s = st.survivors.get(action.survivor)
    k, ps = action.kind, tuple(action.params)
    Z = lambda z: zone_label(board, z)  # noqa: E731
    if k == "activate":
        text = "take the Turn"
    elif k == "move" and ps:
        text = f"Move → {Z(ps[0])}"
    elif k == "hit_and_run" and ps:
        text = f"Hit & Run → {Z(ps[0])}"
    elif k == "shove" and ps:
        text = f"Shove the Ghouls → {Z(ps[0])}"
    elif k == "taunt" and ps:
        text = f"Taunt the Ghouls in {Z(ps[0])}"
    elif k == "search" and ps and str(ps[0]).startswith("aside:"):
        spot = str(ps[0]).split(":", 1)[1]
        cards = [_card(ctx, u) for u in st.aside.get(spot, ())]
        text = f"Search here: take the {', '.join(cards) or spot}"
    elif k == "search" and ps:
        text = f"Search ({str(ps[0]).replace('_', ' ')} deck)"
    elif k in ("door", "barricade") and len(ps) == 2:
        text = f"{str(ps[1]).capitalize()} {_opening(board, ps[0])}"
    elif k == "reorganize" and len(ps) == 2:
        text = _reorganize_label(ctx, s, ps)
    elif k == "trade" and ps:
        text = f"Trade with {ctx.sname(ps[0]) if ps[0] in ctx.content.survivors else ps[0]}"
    elif k == "melee" and len(ps) == 2 and s is not None:
        text = f"Melee with {_weapons(ctx, s, tuple(ps[0]))}" + (" (Barbarian: 1 die per Ghoul)" if ps[1] else "")
    elif k == "ranged" and len(ps) == 2 and s is not None:
        text = f"Ranged with {_weapons(ctx, s, tuple(ps[0]))} → {Z(ps[1])}"
    elif k == "molotov" and len(ps) == 2 and s is not None:
        text = f"Throw {_weapons(ctx, s, (ps[0],))} → {Z(ps[1])}"
    elif k == "reload" and ps:
        text = f"Reload {' + '.join(_card(ctx, u) for u in ps[0])}"
    elif k == "discard" and ps:
        text = f"Discard {_card(ctx, ps[0])}"
    elif k == "combine" and ps:
        text = f"Combine into {_equipment(ctx, ps[0])}"
    elif k == "bloodlust" and ps:
        text = f"Bloodlust: Move {' → '.join(Z(z) for z in ps[0])} and Melee"
    elif k == "drive" and ps:
        text = f"Drive {' → '.join(Z(z) for z in ps[0])}"
    elif k == "car_in":
        text = "Get in the car" + (" as a Passenger" if ps and ps[0] == "passenger" else "")
    elif k == "car_out":
        text = "Get out of the car"
    elif k == "car_seat":
        text = "Change seats in the car"
    elif k == "do_nothing":
        text = "Do nothing (end the Turn)"
    elif k == "scene" and ps:
        text = _scene_label(ctx, ps)
    else:
        text = f"{k.replace('_', ' ').capitalize()} {' '.join(str(p) for p in ps)}".strip()
    return f"{who}: {text}"


def _reorganize_label(ctx: Any, s: Any, ps: tuple) -> str:
    """Reorganize (P. 19): the two cards to hold; every other card goes to the Backpack."""
    text = f"Reorganize: Hands {_card(ctx, ps[0])} + {_card(ctx, ps[1])}"
    if s is not None:
        rest = list(s.inventory())
        for u in ps:
            if u in rest:
                rest.remove(u)
        if rest:
            text += f", Backpack {', '.join(_card(ctx, u) for u in rest)}"
    return text


def _scene_label(ctx: Any, ps: tuple) -> str:
    """Scene special actions ("take_barricade", "block_window", "boards", "remove_corpse", P. 33)."""
    name, arg = ps[0], ps[1] if len(ps) > 1 else None
    if name == "remove_corpse":
        return "Remove the corpse"
    if name == "take_barricade":
        return f"Take the Barricade token from {_opening(ctx.board, arg)}"
    if name == "block_window":
        return f"Block {_opening(ctx.board, arg)} with a Barricade token"
    if name == "boards":
        return f"Discard {_card(ctx, arg)} for a Barricade token"
    rest = "" if arg is None else " " + (_opening(ctx.board, arg) if isinstance(arg, str) else str(arg))
    return str(name).replace("_", " ").capitalize() + rest
