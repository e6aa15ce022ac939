"""The packs' odds panels: inputs -> exact numbers and bar charts (values checked by enumeration)."""
from __future__ import annotations

import itertools
import re
from fractions import Fraction

from nollab.widgets.packs_panel import DeadPanicPanel, ZombieSlayerPanel, ZpocalypsePanel, packs_tab


def shown(panel, css: str) -> str:
    m = re.search(rf"class='{css}' data-value='([^']+)'", panel.out_numbers.value)
    assert m, (css, panel.out_numbers.value)
    return m.group(1)


def test_dead_panic_panel_follows_its_inputs():
    """P. 9 (Dead Panic): grip tape vs Brawler: win 15/36 counted over the 36 rolls."""
    p = DeadPanicPanel()
    p.inputs["grip-tape"].value = True
    wins = sum(a + b + 1 > 8 for a, b in itertools.product(range(1, 7), repeat=2))
    assert shown(p, "nollab-packs-dead-panic-win") == str(Fraction(wins, 36)) == "5/12"
    assert "nollab-bar" in p.out_charts.value and 'data-p="5/12"' in p.out_charts.value
    p.inputs["unarmed"].value = True  # a bad combination: error shown, numbers kept
    assert "Grip Tape" in p.out_error.value and shown(p, "nollab-packs-dead-panic-win") == "5/12"
    p.inputs["grip-tape"].value = False
    assert p.out_error.value == ""
    p.inputs["draw"].value = 2
    assert shown(p, "nollab-packs-dead-panic-survivor") == "19/70"  # 1 - C(18,2)/C(21,2)


def test_zombie_slayer_panel_luck_and_hand():
    p = ZombieSlayerPanel()
    base = Fraction(shown(p, "nollab-packs-zombie-slayer-destroy"))
    p.inputs["luck"].value = 1
    assert Fraction(shown(p, "nollab-packs-zombie-slayer-destroy")) > base
    p.inputs["zombie"].value = "necromancer"  # 5 dice against 5 dice: Luck policy too large
    assert "too large" in p.out_error.value
    p.inputs["luck"].value = 0
    assert p.out_error.value == "" and "damage dealt" in p.out_charts.value
    assert set(p.result) == {"attack", "defend"}


def test_zpocalypse_panel_unarmed_like_single_die():
    p = ZpocalypsePanel()
    p.inputs["red"].value = 1
    p.inputs["success"].value = 6
    p.inputs["singles"].value = 1
    p.inputs["doubles"].value = 0
    assert shown(p, "nollab-packs-zpocalypse-clear") == "1/6"
    p.inputs["firearms"].value = 2
    assert shown(p, "nollab-packs-zpocalypse-click") == "11/36"  # 1 - (5/6)^2 with one CLICK face


def test_tab_holds_three_panels():
    t = packs_tab()
    assert [t.get_title(i) for i in range(3)] == ["Dead Panic", "Zombie Slayer", "Zpocalypse"]
