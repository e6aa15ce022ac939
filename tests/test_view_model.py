"""The one view model (``game.view()``, nollab.rules.view): what the board, the panels, the
buttons and the seam read. Each fact is checked against the rule's own statement in a position
built for it, never against a value the view computed.
"""
from __future__ import annotations

from nollab.board.quick import board_from_grid
from nollab.render import display_list
from nollab.rules.engine.state import GHOUL_TYPES
from nollab.rules.sandbox import sandbox
from nollab.widgets.game_driver import Driver
from nollab.widgets.survivor_panel import survivor_html, survivor_views

EXT = "exterior"
ROW6 = board_from_grid("abcdef", {k: EXT for k in "abcdef"})


def test_p17_a_relative_forces_romero_on_the_board_the_panel_and_the_snapshot():
    """P. 17: "As long as 1 Relative (or more) is on the board, all Survivors in Zombicide Mode
    switch to Romero Mode." Board token, panel and snapshot all show Romero; the card's chosen
    side stays Zombicide (``card_mode``)."""
    g = sandbox(ROW6, {"barbra": "T:a"}, modes={"barbra": "zombicide"}, ghouls={"T:f": {"relative": 1}})
    assert g.state.survivors["barbra"].mode == "zombicide"  # the raw field the board used to read
    board = display_list(g)
    assert board.tagged("survivor:Barbra:romero") and not board.tagged("survivor:Barbra:zombicide")
    (panel,) = survivor_views(g)
    assert panel.mode == "romero" and ">Romero<" in survivor_html(panel)
    snap = g.snapshot()["survivors"][0]
    assert (snap["mode"], snap["card_mode"]) == ("romero", "zombicide")
    g.state.ghouls.clear()  # the board is clear of Relatives: back to Zombicide
    g.touch()
    assert display_list(g).tagged("survivor:Barbra:zombicide")


def test_p24_spawn_tokens_are_active_as_the_spawn_step_draws_them():
    """P. 24: a card is drawn for each white and red Spawn token; a token of another colour spawns
    only once the Scene turns its colour on (the engine's ``active_colours`` flag)."""
    g = sandbox(ROW6, {"tom": "T:a"}, spawns=[("T:f", "white"), ("T:e", "red"), ("T:d", "yellow")])
    active = {(s.zone, s.colour): s.active for s in g.view().spawns}
    assert active == {("T:f", "white"): True, ("T:e", "red"): True, ("T:d", "yellow"): False}
    assert display_list(g).tagged("spawn:yellow:inactive")
    g.state.flags["active_colours"] = ["yellow"]
    g.touch()
    assert all(s.active for s in g.view().spawns)
    assert not display_list(g).tagged("spawn:yellow:inactive")


def test_attack_labels_name_the_weapon_card_in_the_hand_used():
    """A Melee Action names the Hand slots it uses (P. 20, 26): the label names the card in that
    Hand ("Crowbar" in Hand 2), never the slot number read as a card, never a raw boolean."""
    g = sandbox(ROW6, {"barbra": "T:a"}, inventory={"barbra": ["sw_model_10", "crowbar"]},
                ghouls={"T:a": {"walker": 1}})
    labels = [a.label for a in g.view().actions if a.kind in ("melee", "ranged")]
    assert "Barbra: Melee with Crowbar" in labels
    assert all("False" not in x and "True" not in x for x in labels)
    ranged = [x for x in labels if x.startswith("Barbra: Ranged")]
    assert ranged and all(x.startswith("Barbra: Ranged with Smith & Wesson Model 10 → ") for x in ranged)
    d = Driver.__new__(Driver)
    d.game = g
    assert {d.describe(a.action) for a in g.view().actions} == {a.label for a in g.view().actions}


def test_panel_says_one_action_not_one_actions():
    g = sandbox(ROW6, {"tom": "T:a"})
    v = next(v for v in survivor_views(g) if v.id == "tom")
    text = survivor_html(v.__class__(**{**v.__dict__, "active": True, "actions_left": 1}))
    assert "1 action left" in text and "1 actions" not in text
    assert "2 actions left" in survivor_html(v.__class__(**{**v.__dict__, "active": True, "actions_left": 2}))


def test_snapshot_is_the_view_written_out():
    """Both pictures of one moment come from one computation: same Ghouls, same Survivors."""
    d = Driver("S1", 4)
    d.advance("round", "heuristic")
    g = d.game
    view, snap = g.view(), g.snapshot()
    assert snap["round"] == g.state.round and snap["phase"] == g.state.phase
    raw = {(z, t): c[i] for z, c in g.state.ghouls.items() for i, t in enumerate(GHOUL_TYPES) if c[i]}
    assert {(z, t): n for z, t, n in view.ghouls} == raw
    assert {(z, t): n for z, per in snap["ghouls"].items() for t, n in per.items()} == raw
    assert [s["zone"] for s in snap["survivors"]] == [s.zone for s in g.state.survivors.values()]
    assert snap["legal_actions"] == [str(a) for a in g.legal_actions()]


def test_cli_show_prints_the_view_of_the_final_position(capsys):
    """``nollab play --show``: the same game replayed here ends with each Survivor in the Zone the
    engine says, and one line per Zone holding Ghouls."""
    from nollab.cli import main
    from nollab.games import get_game
    from nollab.games.session import run_to_end

    assert main(["play", "--scene", "S1", "--seed", "3", "--rounds", "1", "--policy", "heuristic", "--show"]) == 0
    out = capsys.readouterr().out
    spec = get_game("notld")
    match = spec.new(seed=3, setup="S1", history=False)
    run_to_end(match, spec.make_policy("heuristic", 3), max_rounds=1)
    st = match.game.state
    lines = out.splitlines()
    for sid, s in st.survivors.items():
        name = match.game.content.survivors[sid].name
        (row,) = [x for x in lines if x.strip().startswith(name + " ")]
        assert f" {s.zone} " in row and f"wounds {s.wounds}/3" in row
    ghoul_rows = lines[lines.index("Ghouls:") + 1: next(i for i, x in enumerate(lines) if x.startswith("Spawn tokens"))]
    assert [x.split()[0] for x in ghoul_rows] == sorted(z for z, c in st.ghouls.items() if sum(c))
    assert main(["play", "--game", "dead-panic", "--show"]) == 2
    assert "--show: only NOTLD" in capsys.readouterr().err
