"""The rules index (docs/rules-index.md): generated from the code, kept current, complete for every
event a game logs, and one step from a page to its rule text, code and tests."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nollab.rules.engine.policies import RandomPolicy
from nollab.rules.game import Game
from nollab.rules.index import OUT, build_index, entry_markdown, main, markdown, pages_in

ROOT = Path(__file__).resolve().parents[1]


def test_the_index_file_is_current():
    """Regenerate with ``python -m nollab.rules.index`` when this fails."""
    assert OUT == ROOT / "docs" / "rules-index.md"
    assert OUT.read_text() == markdown(), "docs/rules-index.md is stale: run python -m nollab.rules.index"


@pytest.mark.parametrize("text, pages", [
    ("(P. 22)", [22]), ("P. 22-23", [22, 23]), ("P. 18-21, 46", [18, 19, 20, 21, 46]), ("P. 46, 18", [46, 18]),
    ("S2 P. 34, S4 P. 36", [34, 36]), ("P. 32-44 (the Scenes)", []), ("p. 22", []), ("P. 99", []),
    ("P. 3: Barricade x11", [3]), ("nothing", []),
])
def test_page_citations_are_read_like_the_code_writes_them(text, pages):
    assert pages_in(text) == pages


def test_p22_is_one_step_from_its_rule_its_code_and_its_tests():
    """Issue 19: looking for "Breakers open doors" (P. 22) lands on the step the engine runs."""
    e = build_index()[22]
    quote, ref = next((q, r) for q, r in e.quotes.items() if q.startswith("Breakers who didn't Attack"))
    assert ref.path == "nollab/rules/ghouls/breakers.py"
    names = {r.name for r in e.code if r.path == "nollab/rules/ghouls/breakers.py"}
    assert {"task_breakers", "breaker_openings"} <= names
    assert {r.name for r in e.events["break"]} == {"task_breakers"}
    assert {r.name for r in e.events["ghoul_attack"]} == {"task_ghoul_attack"}
    assert "wounds" in e.choices
    assert any("breaker" in r.name for r in e.tests)
    text = OUT.read_text()
    assert '<a id="p-22"></a>' in text and "| [P. 22](#p-22) |" in text


def test_every_page_the_code_cites_has_an_entry_and_a_section():
    index = build_index()
    assert set(range(6, 37)) | {39, 40, 41, 42, 44, 46} <= set(index)
    assert all(e.section for e in index.values())
    for p, e in index.items():
        assert e.code or e.tests, f"P. {p}: an entry with neither code nor tests"


def test_tests_named_or_marked_by_page_are_listed():
    index = build_index()
    assert "test_p23_distance_does_not_matter" in {r.name for r in index[23].tests}
    assert "test_an_entry_is_found_by_a_marked_test" in {r.name for r in index[8].tests}
    assert not any(r.path.startswith("tests/test_packs") for e in index.values() for r in e.tests)


@pytest.mark.page(8)
def test_an_entry_is_found_by_a_marked_test():
    """A test marked ``@pytest.mark.page(8)`` is listed under P. 8 (the round overview)."""
    assert build_index()[8].section.startswith("04 Game overview")


GAMES = [("S1", 2026, 4), ("S2", 1, 3), ("S4", 2, 3), ("S6", 3, 4), ("S7", 4, 3), ("S8", 5, 4), ("S9", 6, 3),
         ("S10", 7, 3)]


@pytest.mark.parametrize("scene, seed, rounds", GAMES)
def test_every_event_a_game_logs_has_its_page_in_the_index(scene, seed, rounds):
    """Every event of real games (random players) carries a page whose entry lists that event kind,
    or, for a decision, that the page asks decisions."""
    index = build_index()
    g = Game.new(scene, seed=seed, history=False)
    g.run_until("end", RandomPolicy(seed), max_rounds=rounds)
    assert len(g.events) > 20
    for ev in g.events:
        pages = pages_in(ev.page)
        assert pages, f"{ev}: no page reference"
        e = index.get(pages[0])
        assert e is not None, f"{ev}: P. {pages[0]} has no entry"
        if ev.kind == "choice":
            assert e.choices, f"{ev}: P. {pages[0]} lists no decision"
        else:
            assert ev.kind in e.events, f"{ev}: P. {pages[0]} does not list the event kind {ev.kind!r}"


def test_the_command_line_prints_one_entry_and_checks_the_file(capsys):
    assert main(["22"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('<a id="p-22"></a>') and "task_breakers" in out
    assert main(["P.23"]) == 0 and "plan_moves" in capsys.readouterr().out
    assert main(["99"]) == 2 and "no entry for page" in capsys.readouterr().err
    r = subprocess.run([sys.executable, "-m", "nollab.rules.index", "--check"], capture_output=True, text=True,
                       timeout=300, cwd=ROOT)
    assert r.returncode == 0 and "up to date" in r.stdout


def test_an_entry_renders_its_parts_in_order():
    md = entry_markdown(build_index()[29])
    order = [md.index(h) for h in ("## P. 29", "**Rule**", "**Code**", "**Events logged", "**Tests**")]
    assert order == sorted(order)
    assert "molotov.py · molotov" in md


def test_the_game_players_event_log_links_each_page_to_its_entry():
    from nollab.widgets.game_player import GamePlayer
    from nollab.widgets.rule_notes import page_details

    player = GamePlayer(scene="S1", seed=3)
    player.driver.advance("round", "random")
    player.refresh()
    log = player.event_log.value
    events = player.driver.events()
    assert log.count('<details class="nollab-page"') >= min(len(events), 200) - 5
    assert "docs/rules-index.md#p-22" in log and "logged by <code>activation.py · task_ghouls_phase</code>" in log
    moved = page_details("P. 23", "ghoul_move")
    assert "move.py · task_ghoul_move_zone" in moved and "<summary" in moved
    assert page_details("house rule", "scene").startswith('<span class="nollab-page"')


def test_nollab_rules_finds_a_page_in_one_step(capsys):
    from nollab.cli import main as cli

    assert cli(["rules", "P. 22"]) == 0
    out = capsys.readouterr().out
    assert "## P. 22 — 09 Ghouls' Phase" in out and "breakers.py · task_breakers" in out
    assert cli(["rules"]) == 0 and "P. 46  16 Skills" in capsys.readouterr().out
    assert cli(["rules", "99"]) == 2 and "page 99: no rule of the index cites it" in capsys.readouterr().err
    assert cli(["rules", "twenty"]) == 2 and "page must be a rulebook page number" in capsys.readouterr().err
    assert cli(["rules", "--check"]) == 0
