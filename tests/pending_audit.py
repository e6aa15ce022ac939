"""Failing rulebook tests from the Ghouls'/Scenes audit (not collected: the file name does not match
``test_*.py``). Run them with ``python -m pytest tests/pending_audit.py -q``.

Each test names the rule and page, the module/function at fault and the proposed fix. When a fix
lands, move the test into ``tests/test_rulebook_scenes*.py`` / ``tests/test_rulebook_ghouls*.py``.
"""
from __future__ import annotations

from nollab.board import board_from_grid
from nollab.rules.actions import Action
from nollab.rules.game import Game
from nollab.rules.sandbox import sandbox


def _new(scene, seed=1):
    g = Game.new(scene, seed=seed)
    while g.pending is not None and g.pending.kind.startswith("scene:"):
        g.choose(g.pending.options[g.pending.default])
    return g


# --------------------------------------------------------------------------------------------------
# DISCREPANCY 1 — P. 22 Breakers: two Breaker groups on either side of the same closed Door.
#   "Attacks on survivors (or closed barricades and closed doors) are resolved first, then all the
#   Moves." "Breakers who didn't Attack Survivors spend their Action Attacking any closed Barricades
#   and closed Doors in their Zone. Open all Doors and Barricades in their Zone."
# Both groups stand next to the closed Door when the Activation starts, so both spend their Action
# on it and neither moves. The engine resolves the Zones in zone-id order and re-reads the Door
# after each group: the first group opens it, the second then finds nothing to break and *moves*.
# The outcome therefore depends on how the Zones are named (below: "aKL" vs "AKL").
# At fault: nollab/rules/phases.py, task_breakers — ``ops = closed_openings_of(ctx, zone)`` is read
#   after earlier Zones already opened shared Doors.
# Proposed fix: snapshot ``closed = closed_set(ctx)`` once at the start of task_breakers, compute
#   ``ops`` for every Zone from that snapshot (ghoul_ai.geometry_cache(ctx.board).closed_openings(zone,
#   closed)), append every Zone with non-empty ``ops`` to ``breaking``, then open the union.


def _two_breakers(outer: str):
    board = board_from_grid(f"{outer}KL", {outer: "exterior", "K": "interior", "L": "interior"},
                            openings=[("dA", "r1c1-r1c2", "door", False), ("dB", "r1c2-r1c3", "door", True)])
    g = sandbox(board, {"tom": "T:L"}, ghouls={f"T:{outer}": {"breaker": 1}, "T:K": {"breaker": 1}})
    while g.needs() == "action":
        g.apply(Action("do_nothing", g.state.active))
    r = g.state.round
    while g.state.round == r and not g.over:
        if g.pending is not None:
            g.choose(g.pending.options[g.pending.default])
        else:
            g.step()
    return g


def test_pending_p22_breakers_on_both_sides_of_a_door_both_spend_their_action():
    for outer in ("a", "A"):
        g = _two_breakers(outer)
        assert g.state.opening_open["dA"] is True
        assert g.state.ghouls == {f"T:{outer}": (0, 1, 0, 0), "T:K": (0, 1, 0, 0)}, (outer, g.state.ghouls)


# --------------------------------------------------------------------------------------------------
# DISCREPANCY 2 — Ghouls revealed during the Activation step act in that same Activation.
#   P. 8: "All Ghouls on the board activate ..."; P. 22: "Each Ghoul activates and spends its Action
#   on either an Attack or a Move ... Attacks ... are resolved first, then all the Moves." S9 (P. 42):
#   "Opening a closed house for the first time reveals all the Ghouls inside all rooms of the house
#   ... draw a Ghoul card for each Zone. Place the corresponding number and type of Ghouls".
# A Breaker opens a closed S9 house during the Activation; the Ghouls placed in its rooms were not on
# the board when the Activation began, yet the engine moves them at once (they are in the snapshot
# that task_ghoul_moves takes after the Breakers). Every other way Ghouls appear (Spawn step, house
# opened by a Survivor, Barricade & Door Opening card) lets them act only in the next Activation,
# except the explicit P. 25 extra Activation.
# At fault: nollab/rules/phases.py, task_activation / task_ghoul_moves (and the scene check that
#   pushes the S9 spawn cards in between).
# Proposed fix: record the Ghouls present when task_activation runs (e.g. a per-zone count tuple in
#   the "breakers"/"ghoul_moves" task arguments) and let task_ghoul_moves move at most that many of
#   each type per Zone; Ghouls placed during the Activation wait for the next one.
def test_pending_p22_s9_ghouls_revealed_by_a_breaker_do_not_move_in_the_same_activation():
    g = _new("S9")
    st = g.state
    st.ghouls.clear()
    st.add_ghouls("4R:d", "breaker", 1)  # outside the closed front door of the 4R house
    st.ghoul_deck = [1] * 10  # Walker cards: 1 Walker per room at Blue
    g.touch()
    while g.needs() == "action":
        g.apply(Action("do_nothing", st.active))
    r = st.round
    while st.round == r and not g.over:
        if g.pending is not None:
            g.choose(g.pending.options[g.pending.default])
        else:
            g.step()
    assert st.opening_open["4R:fd"] is True
    rooms = {z: st.ghouls_in(z)[0] for z in ("4R:F", "4R:H", "4R:L", "4R:P")}
    assert rooms == {"4R:F": 1, "4R:H": 1, "4R:L": 1, "4R:P": 1}, rooms
