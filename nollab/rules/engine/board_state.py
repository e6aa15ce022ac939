"""The board as the game has changed it: closed Openings, an Opening's or a Zone's kind now.

The :class:`~nollab.board.Board` is immutable geometry; what changes (an Opening opened or closed,
a window blocked by a Barricade, a Barricade token taken, P. 18-19, P. 33) lives in the state.
"""
from __future__ import annotations

from nollab.rules.engine.context import Ctx


def closed_set(ctx: Ctx) -> frozenset:
    return ctx.st.closed()


def opening_kind(ctx: Ctx, oid: str) -> str:
    """The Opening's kind now: the game's override (a window blocked by a Barricade, a taken
    Barricade token), else the printed kind."""
    k = ctx.st.opening_kind.get(oid)
    return k if k is not None else printed_kind(ctx.board, oid)


def printed_kind(board, oid: str) -> str:
    """``str(board.openings[oid].kind)``, cached per Board (Boards are immutable)."""
    kinds = board.__dict__.get("_legal_kind_names")
    if kinds is None:
        kinds = board._legal_kind_names = {}
    k = kinds.get(oid)
    if k is None:
        k = kinds[oid] = str(board.openings[oid].kind)
    return k


def zone_kind(ctx: Ctx, zone: str) -> str:
    return str(ctx.board.zones[zone].kind)
