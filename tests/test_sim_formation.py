"""The heuristic bot's team shape and the S1 windows (P. 19, 22, 33). Positions are a real S1 game
whose state is edited by hand; the expected answer is what the quoted rule asks for, never a
number computed by the bot.
"""
from __future__ import annotations

from nollab.rules.game import Game
from nollab.sim.heuristic import HeuristicPolicy
from support import first_turn

#: S1's indicated windows (nollab/data/scenes/S1.toml) and the doorways holding open Barricade tokens
S1_DOORWAY_TOKENS = ("4R:dn1", "4R:dn4", "4R:dh", "3R:dh", "3R:dn3", "1R:dw3", "1R:dw6", "2R:dps")


def _s1_all_blocked_but(g, broken: str):
    """Every indicated window blocked by a closed Barricade except ``broken``, whose Barricade a
    Breaker opened (P. 22: "Open all Doors and Barricades in their Zone"); every doorway token
    already taken (P. 33), nobody carrying one, no Ghoul on the board."""
    st = g.state
    for o in g.scene.tokens.windows_to_barricade:
        st.opening_kind[o] = "barricade"
        st.set_open(o, o == broken)
    for o in S1_DOORWAY_TOKENS:
        st.opening_kind[o] = "passage"
        st.set_open(o, True)
    for s in st.survivors.values():
        s.barricades = 0
    st.ghouls.clear()
    g.touch()


def _s1_turn(zone: str):
    g = Game.new("S1", seed=5)
    acts = first_turn(g)
    sid = g.state.active
    g.state.survivors[sid].zone = zone
    return g, sid, acts


def test_a_survivor_without_a_token_walks_to_a_window_broken_open():
    """S1 (P. 33) is won when every indicated window is blocked by a closed Barricade; one a Breaker
    broke open is closed again by "Closing a Barricade ... No specific Equipment is required"
    (P. 19) -- so a Survivor carrying no token walks towards its room (3R:ws4 is a window of the
    sitting room 3R:S, which the hall 3R:H opens on). Before, only a token carrier went there and
    the others waited in the living room."""
    g, sid, _ = _s1_turn("3R:H")
    _s1_all_blocked_but(g, "3R:ws4")
    bot = HeuristicPolicy()
    assert bot._view(g, sid).goals() == ["3R:S"]
    a = bot.choose_action(g, g.legal_actions())
    assert a.kind == "move" and a.params[0] == "3R:S"


def test_the_window_broken_open_is_closed_again_without_a_token():
    """In the room of the broken window, with no Ghoul there (P. 19), the Survivor closes it: the
    last window blocked and no Ghoul in the house wins S1 (P. 33)."""
    g, sid, _ = _s1_turn("3R:S")
    _s1_all_blocked_but(g, "3R:ws4")
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind == "barricade" and a.params == ("3R:ws4", "close")
    g.apply(a)
    assert g.state.result == "won"
