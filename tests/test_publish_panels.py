"""The odds panels as a visitor reads them (issue 15): percentages first, long fractions folded,
charts that stay readable, the Molotov and the Car explained by the rules, a worthwhile opening."""
from __future__ import annotations

import itertools
import re
from fractions import Fraction
from math import comb

import pytest

from nollab.widgets.charts import bar_chart, exact_html, group_tails, pct_eye, value_row
from nollab.widgets.odds_panel import OddsPanel


@pytest.fixture(scope="module")
def panel():
    return OddsPanel()


def test_opening_example_is_p28_sawed_off_into_two_walkers_with_a_friend(panel):
    # brute force, P. 28: 2 dice at 3+; clear = both hit; a miss wounds the friend
    faces = list(itertools.product(range(1, 7), repeat=2))
    clear = Fraction(sum(all(f >= 3 for f in fs) for fs in faces), len(faces))
    ff = Fraction(sum(any(f < 3 for f in fs) for fs in faces), len(faces))
    assert panel.w_weapon.value == "sawed_off:ranged" and panel.w_friends.value == 1
    html = panel.out_summary.value
    assert f"data-value='{clear.numerator}/{clear.denominator}'" in html and clear not in (0, 1)
    assert re.search(r"nollab-odds-p-ff' data-value='5/9'", html) and ff == Fraction(5, 9)
    assert "44.4%" in html and "Friendly Fire Wounds" in panel.out_ff.value  # every chart has bars


def test_percentage_first_then_the_fraction():
    text = re.sub(r"<[^>]+>", " ", value_row("P(x)", "c", Fraction(1, 3)))  # what the eye reads
    assert text.index("33.3%") < text.index("1/3")


def test_long_fraction_is_folded_with_the_full_value_kept():
    f = Fraction(7 ** 60, 3 ** 120)
    html = exact_html(f)
    full = f"{f.numerator}/{f.denominator}"
    assert "<details" in html and f"title='{full}'" in html and f"<code" in html
    summary = re.search(r"<summary[^>]*>(.*?)</summary>", html).group(1)
    assert len(summary) < 40 and "58 digits" in summary
    assert exact_html(Fraction(4, 9)) == "<span class='nollab-frac'>4/9</span>"


def test_uncertain_values_never_print_as_certain():
    assert pct_eye(Fraction(3486784400, 3486784401)) == ">99.9%"
    assert pct_eye(Fraction(1, 10 ** 9)) == "<0.1%"
    assert pct_eye(Fraction(1)) == "100.0%" and pct_eye(Fraction(0)) == "0.0%"


def test_tails_grouped_exactly_and_bars_bounded():
    bars = [(str(k), Fraction(comb(40, k), 2 ** 40)) for k in range(41)]
    g = group_tails(bars)
    assert len(g) <= 13 and sum(p for _, p in g) == 1
    assert g[0][0].startswith("≤") and g[-1][0].startswith("≥")
    lo = int(g[0][0][1:])
    assert g[0][1] == sum(Fraction(comb(40, k), 2 ** 40) for k in range(lo + 1))
    svg = bar_chart(g, width=300)
    assert 'viewBox="0 0 300' in svg and "max-width:100%" in svg
    # 13 bars in 300 px: no percentage labels crowding the bars (the hover titles keep them)
    assert svg.count('font-size="9"') == 0 and svg.count("<title>") == 13


def test_molotov_rolls_nothing_and_burns_everyone(panel):
    panel.set_weapon("molotov:ranged")
    panel.set_target(walker=3, fatty=2, friends=2)
    html = panel.out_summary.value
    assert panel.line_rows.layout.display == "none"          # no dice, accuracy, skills or re-roll
    assert "every Actor in the target Zone is eliminated" in panel.w_line_note.value and "P. 29" in panel.w_line_note.value
    assert "cannot hurt a Fatty" not in html                   # the Damage-1 note is for dice, not fire
    assert "nollab-odds-friends-eliminated' data-value='2'" in html
    assert "nollab-odds-p-ff" not in html and panel.out_hits.value == ""
    panel.set_weapon("car:car")
    assert panel.line_rows.layout.display is None
    assert "Car Attack" in panel.w_line_note.value and "P. 21" in panel.w_line_note.value
    panel.set_weapon("sawed_off:ranged")
    panel.set_target(walker=2, friends=1)
    assert panel.w_line_note.value == ""
