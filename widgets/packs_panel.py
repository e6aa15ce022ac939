"""Odds panels for the other three games: Dead Panic, Zombie Slayer, Zpocalypse.

One ``ipywidgets.VBox`` per game: inputs on the left, exact numbers (fractions, with a
percentage for the eye) and small SVG bar charts (:mod:`nollab.widgets.charts`, the exact
fraction on hover) on the right. The dashboard adds them as tabs::

    from nollab.widgets.packs_panel import pack_panels, packs_tab
    tabs = packs_tab()                    # a W.Tab with the three panels
    panels = pack_panels()                # {"Dead Panic": DeadPanicPanel(), ...}

Every panel recomputes on any input change and keeps the last answer in ``panel.result``
(a dict of Fractions/Dists) so tests and other widgets can read the exact values. CSS
classes ``nollab-packs-<game>-<name>`` mark inputs and outputs for browser tests.
"""
from __future__ import annotations

import time
from html import escape
from typing import Any

import ipywidgets as W

from nollab.widgets.charts import dist_chart, frac_text, value_row

__all__ = ["DeadPanicPanel", "ZombieSlayerPanel", "ZpocalypsePanel", "pack_panels", "packs_tab"]

_SM = {"description_width": "initial"}


def _table(rows: list[str]) -> str:
    return "<table>" + "".join(rows) + "</table>"


class _PackPanel(W.VBox):
    """Shared plumbing: named inputs, an error line, a results area, recompute on change."""

    game = ""

    def __init__(self, inputs: list[tuple[str, W.Widget]], layout_rows: list[W.Widget]) -> None:
        self.inputs = dict(inputs)
        self.result: dict[str, Any] = {}
        self.last_update_ms = 0.0
        for name, w in inputs:
            w.add_class(f"nollab-packs-{self.game}-{name}")
        self.out_error = W.HTML("")
        self.out_error.add_class(f"nollab-packs-{self.game}-error")
        self.out_numbers = W.HTML("")
        self.out_numbers.add_class(f"nollab-packs-{self.game}-numbers")
        self.out_charts = W.HTML("")
        self.out_charts.add_class(f"nollab-packs-{self.game}-charts")
        left = W.VBox(layout_rows, layout=W.Layout(width="380px"))
        right = W.VBox([self.out_error, self.out_numbers, self.out_charts])
        super().__init__([W.HBox([left, right])])
        self.add_class(f"nollab-packs-{self.game}")
        for _, w in inputs:
            w.observe(lambda change: self.update(), "value")
        self.update()

    def value(self, name: str) -> Any:
        return self.inputs[name].value

    def update(self) -> None:
        """Recompute from the inputs; a bad combination shows an error and keeps the old numbers."""
        t0 = time.perf_counter()
        try:
            numbers, charts = self.compute()
        except (ValueError, KeyError) as exc:
            self.out_error.value = f"<span style='color:#b00'>{escape(str(exc))}</span>"
            return
        self.out_error.value = ""
        self.out_numbers.value = numbers
        self.out_charts.value = charts
        self.last_update_ms = (time.perf_counter() - t0) * 1000

    def compute(self) -> tuple[str, str]:  # overridden by each game
        raise RuntimeError("a pack panel must define compute()")


class DeadPanicPanel(_PackPanel):
    """Dead Panic: one melee fight (win/tie/lose), an Event draw, and the Wall of my arc."""

    game = "dead-panic"

    def __init__(self, content: Any = None) -> None:
        from nollab.packs.dead_panic import load

        self.content = content or load()
        zs = [(z.name + (" *" if z.provenance.reconstructed else ""), z.id) for z in self.content.zombies.values()]
        w = {
            "zombie": W.Dropdown(options=zs, value="brawler", description="Zombie", style=_SM),
            "grip-tape": W.Checkbox(value=False, description="Grip Tape (+1)", indent=False),
            "pipe-wrench": W.Checkbox(value=False, description="Pipe Wrench (wins ties)", indent=False),
            "unarmed": W.Checkbox(value=False, description="Unarmed (a win pushes)", indent=False),
            "draw": W.IntSlider(value=4, min=1, max=8, description="Event draws", style=_SM),
            "rounds": W.IntSlider(value=3, min=1, max=6, description="Move phases", style=_SM),
        }
        rows = [W.HTML("<b>Melee</b> (2d6 must beat the fight value; * = reconstructed value)"),
                w["zombie"], w["grip-tape"], w["pipe-wrench"], w["unarmed"],
                W.HTML("<b>Event</b> (tokens drawn from the bag right after setup; my arc by d6)"),
                w["draw"], w["rounds"]]
        super().__init__(list(w.items()), rows)

    def compute(self) -> tuple[str, str]:
        from nollab.packs.dead_panic import bag, melee, walls

        c = self.content
        unarmed = self.value("unarmed")
        if unarmed and (self.value("grip-tape") or self.value("pipe-wrench")):
            raise ValueError("an unarmed Character has no Grip Tape or Pipe Wrench")
        z = c.zombies[self.value("zombie")]
        fight = melee.fight(z, grip_tape=self.value("grip-tape"), pipe_wrench=self.value("pipe-wrench"),
                            unarmed=unarmed, content=c)
        n, rounds = self.value("draw"), self.value("rounds")
        p_surv = bag.p_survivor(n, None, c)
        mine = bag.arrivals(n, 1, None, c).map(lambda o: sum(m for k, m in o if k != bag.SURVIVOR))
        wall = walls.wave(n, rounds, "standing", None, c).map(lambda o: o[0])
        self.result = {"fight": fight, "p_survivor": p_surv, "zombies_in_my_arc": mine, "wall": wall}
        rows = [value_row(f"win vs {z.name} (fight {z.fight})", "nollab-packs-dead-panic-win", fight.prob("win")),
                value_row("tie (nothing happens)", "nollab-packs-dead-panic-tie", fight.prob("tie")),
                value_row("lose (Injury or drop)", "nollab-packs-dead-panic-lose", fight.prob("lose")),
                value_row(f"≥1 Survivor among {n} drawn", "nollab-packs-dead-panic-survivor", p_surv),
                value_row("≥1 Zombie lands in my arc", "nollab-packs-dead-panic-arc", mine.p(lambda m: m > 0)),
                value_row(f"my Wall destroyed within {rounds} phases", "nollab-packs-dead-panic-wall",
                          wall.prob("destroyed"))]
        charts = (dist_chart(fight, title="one fight", order=["win", "tie", "lose"], width=240, height=130)
                  + dist_chart(mine, title="Zombies landing in my arc", width=240, height=130))
        return _table(rows), charts


class ZombieSlayerPanel(_PackPanel):
    """Zombie Slayer: the Slayer's attack (damage, P(destroy)) with optimal Luck, and a Zombie's attack."""

    game = "zombie-slayer"

    def __init__(self, content: Any = None) -> None:
        from nollab.packs.zombie_slayer import load

        self.content = content or load()
        c = self.content
        zombies = [(b.name, k) for k, b in c.zombies.items()] + [("Necromancer", "necromancer")]
        w = {
            "slayer": W.Dropdown(options=[(b.name, k) for k, b in c.slayers.items()], description="Slayer",
                                 style=_SM),
            "zombie": W.Dropdown(options=zombies, value=next(iter(c.zombies)), description="Zombie", style=_SM),
            "hand": W.IntSlider(value=c.max_life, min=1, max=c.max_life, description="Hand (Life)", style=_SM),
            "luck": W.IntSlider(value=0, min=0, max=3, description="Luck to spend", style=_SM),
            "skill": W.Dropdown(options=[("no skill", ""), ("Assault", "assault")], description="Skill",
                                style=_SM),
            "potion": W.Checkbox(value=False, description="Defense potion (+2) when defending", indent=False),
        }
        rows = [W.HTML("<b>Attack</b> (pick one die; Already Dead on a Zombie's 1; "
                       "Dieagrams are reconstructed defaults)"),
                w["slayer"], w["zombie"], w["hand"], w["luck"], w["skill"],
                W.HTML("<b>Defend</b>"), w["potion"]]
        super().__init__(list(w.items()), rows)

    def compute(self) -> tuple[str, str]:
        from nollab.packs.zombie_slayer import combat

        c = self.content
        s = c.slayers[self.value("slayer")]
        z = c.being(self.value("zombie"))
        luck, hand = self.value("luck"), self.value("hand")
        att = combat.attack(s, z, hand=hand, skill=self.value("skill") or None, luck=luck, content=c)
        dmg = att.map(lambda o: o[0]) if luck else att
        rows = [value_row(f"destroy the {z.name}" if z.life == 1 else f"deal ≥{z.life} damage",
                          "nollab-packs-zombie-slayer-destroy", dmg.p(lambda d: d >= z.life))]
        if luck:
            rows.append(value_row("expected Luck spent", "nollab-packs-zombie-slayer-luck", att.expect(lambda o: o[1])))
        charts = dist_chart(dmg, title="damage dealt", width=240, height=130)
        self.result = {"attack": dmg}
        if self.value("zombie") != "necromancer" or luck == 0:
            dfn = combat.defend(s, z, hand=hand, defense_bonus=2 if self.value("potion") else 0, luck=luck,
                                content=c)
            lost = dfn.map(lambda o: o[0]) if luck else dfn
            rows.append(value_row("take no damage from its attack", "nollab-packs-zombie-slayer-unhurt", lost.prob(0)))
            charts += dist_chart(lost, title="Life lost to its attack", width=240, height=130)
            self.result["defend"] = lost
        return _table(rows), charts


class ZpocalypsePanel(_PackPanel):
    """Zpocalypse: a survivor attack (kills, ammo) and zombies attacking the squad."""

    game = "zpocalypse"

    def __init__(self, content: Any = None) -> None:
        from nollab.packs.zpocalypse import load

        self.content = content or load()
        c = self.content
        w = {
            "red": W.IntSlider(value=3, min=1, max=c.max_dice, description="Red dice", style=_SM),
            "success": W.Dropdown(options=[(f"{c.label(r)} or better", r) for r in range(2, c.sides + 1)],
                                  value=c.success, description="Success", style=_SM),
            "singles": W.BoundedIntText(value=2, min=0, max=20, description="Singles", style=_SM,
                                        layout=W.Layout(width="140px")),
            "doubles": W.BoundedIntText(value=1, min=0, max=10, description="Doubles", style=_SM,
                                        layout=W.Layout(width="140px")),
            "knockdown": W.Checkbox(value=False, description="Knockdown", indent=False),
            "firearms": W.IntSlider(value=1, min=0, max=4, description="Ammo Check dice", style=_SM),
            "survivors": W.IntSlider(value=2, min=1, max=4, description="Squad survivors", style=_SM),
            "armor": W.IntSlider(value=2, min=0, max=12, description="Armor", style=_SM),
            "night": W.IntSlider(value=1, min=1, max=4, description="Night", style=_SM),
        }
        rows = [W.HTML("<b>Squad attack</b> (targets: the zombies below)"), w["red"], w["success"],
                W.HBox([w["singles"], w["doubles"]]), w["knockdown"], w["firearms"],
                W.HTML("<b>Zombies attack</b> (the same zombies)"), w["survivors"], w["armor"], w["night"]]
        super().__init__(list(w.items()), rows)

    def compute(self) -> tuple[str, str]:
        from nollab.packs.zpocalypse import dice, zombies

        c = self.content
        s, d = self.value("singles"), self.value("doubles")
        att = dice.attack(self.value("red"), self.value("success"), singles=s, doubles=d,
                          knockdown=self.value("knockdown"), content=c)
        kills = att.map(lambda o: o[0])
        clicks = dice.ammo(self.value("firearms"), c)
        rows = [value_row("kill them all", "nollab-packs-zpocalypse-clear", kills.p(lambda k: k >= s + 2 * d)),
                value_row("a weapon runs out of ammo", "nollab-packs-zpocalypse-click", clicks.p(lambda k: k > 0))]
        charts = dist_chart(kills, title="kills (VPs)", width=240, height=130)
        self.result = {"kills": kills, "clicks": clicks}
        if s + d:
            za = zombies.zombie_attack(s, d, self.value("survivors"), self.value("armor"), self.value("night"), c)
            dmg = za.map(lambda r: r.damage)
            rows += [value_row("zombies roll double Zs (lose a survivor)", "nollab-packs-zpocalypse-doublez",
                               za.p(lambda r: r.lost > 0)),
                     value_row("take no damage", "nollab-packs-zpocalypse-unhurt", dmg.prob(0))]
            rows.append(f"<tr><th style='text-align:left'>expected damage</th><td>{frac_text(dmg.mean())} "
                        f"<small>(≈ {float(dmg.mean()):.2f})</small></td></tr>")
            self.result["damage"] = dmg
        return _table(rows), charts


#: each game's panel class by title, in a stable order (the odds dashboard builds a tab when it is opened)
PANELS: dict[str, type] = {"Dead Panic": DeadPanicPanel, "Zombie Slayer": ZombieSlayerPanel,
                           "Zpocalypse": ZpocalypsePanel}


def pack_panels() -> dict[str, W.VBox]:
    """The three panels by game title, in a stable order."""
    return {title: cls() for title, cls in PANELS.items()}


def packs_tab() -> W.Tab:
    """A Tab holding the three panels (the dashboard may instead add each as its own tab)."""
    panels = pack_panels()
    tab = W.Tab(children=list(panels.values()))
    for i, title in enumerate(panels):
        tab.set_title(i, title)
    return tab
