"""``OddsPanel``: the exact odds of one attack, redrawn as you change the inputs (P. 12-13, 26-29, 46).

Pick a weapon line from the content (or type Dice/Accuracy/Damage by hand), Skills, the Plenty of
Bullets/Shells re-roll and its policy, the Ghouls in the target Zone and the other Survivors standing
there — or take the Zone from a live game (:meth:`OddsPanel.set_from_zone`, or
:meth:`OddsPanel.follow` a ``BoardView`` so a click on a Zone loads it). Every number comes from
:mod:`nollab.prob` as an exact ``Fraction``; charts show the percentage and, on hover, the fraction.

API::

    panel = OddsPanel(content=None, *, weapon="sawed_off:ranged", target=None, friends=1)
        # opens on P. 28's example: Sawed-Off, 2 Walkers, a friend in the Zone
    panel.set_weapon("uzi:ranged"); panel.set_target(walker=2, fatty=1, friends=1)
    panel.set_from_zone(game, "z4", survivor=None)    # a Game (with .state) or a GameState
    panel.follow(board_view, game)                    # BoardView.on_zone_click -> set_from_zone
    panel.spec, panel.result, panel.p_clear           # AttackSpec, AttackResult, Fraction (within k Actions)
    panel.last_update_ms                              # input-to-chart time of the last redraw

Test hooks (CSS classes): ``nollab-odds-weapon``, ``-dice``, ``-accuracy``, ``-damage``, ``-target-<type>``,
``-friends``, ``-actions``, ``-plenty``, ``-reroll``, ``-summary`` (spans with ``data-value="p/q"``:
``nollab-odds-p-clear``, ``-expected-kills``, ``-expected-hits``, ``-p-ff``), ``-error``.
"""
from __future__ import annotations

import time
from fractions import Fraction
from html import escape
from typing import Any, Mapping

import ipywidgets as W

from nollab.content_model import GHOUL_TYPES, ghoul_plural
from nollab.prob import attack_odds, attack_spec
from nollab.prob.targeting import DISPLAY_ORDER, zone_key

from .charts import dist_chart, error_html, headline_html, timing_html, value_row

__all__ = ["OddsPanel", "ATTACK_SKILLS", "GHOUL_TYPES", "weapon_lines"]

#: P. 46 Skills that change one attack (the others are accepted by nollab.prob and change nothing)
ATTACK_SKILLS: tuple[str, ...] = (
    "+1 die: Combat", "+1 die: Melee", "+1 die: Ranged",
    "+1 to dice roll: Combat", "+1 to dice roll: Melee", "+1 to dice roll: Ranged",
    "Ambidextrous", "Barbarian", "Sniper",
)
REROLL_POLICIES = ("never", "always", "if-fewer-than-k", "optimal")
INITIAL = {"walker": "W", "breaker": "B", "fatty": "F", "relative": "R"}
CUSTOM = "custom"


def _line_label(name: str, p: Any, card: Any = None) -> str:
    rng = f"{p.range_min}-{p.range_max}" if p.range_max != p.range_min else f"{p.range_min}"
    traits = []
    if card is not None and card.dual:
        traits.append("Dual")
    if p.reload:
        traits.append("Reload")
    if card is not None and card.sniper:
        traits.append("Sniper")
    extra = f", {', '.join(traits)}" if traits else ""
    if card is not None and card.effect == "molotov":
        return f"{name} (Ranged {rng}: all Actors eliminated)"
    return f"{name} ({p.action.title()} {rng}, {p.dice}d {p.accuracy}+ D{p.damage}{extra})"


def weapon_lines(content: Any) -> dict[str, tuple[str, Any, Any]]:
    """``{"sawed_off:ranged": (label, AttackProfile, EquipmentCard | None)}`` for every weapon line + the Car."""
    out: dict[str, tuple[str, Any, Any]] = {}
    for card in content.equipment.values():
        for prof in (card.melee, card.ranged):
            if prof is not None:
                both = card.melee is not None and card.ranged is not None
                name = f"{card.name} — {prof.action}" if both else card.name
                out[f"{card.id}:{prof.action}"] = (_line_label(name, prof, card), prof, card)
    out["car:car"] = (_line_label("Car attack", content.car.attack), content.car.attack, None)
    return out


def _kills_label(ks: Any) -> str:
    """``(("fatty", 1), ("walker", 2))`` -> ``"1F 2W"`` (``"none"`` when nothing dies)."""
    counts = dict(ks)
    rank = {t: i for i, t in enumerate(DISPLAY_ORDER)}
    parts = [f"{c}{INITIAL.get(t, t[:1].upper())}" for t, c in sorted(
        counts.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])) if c]
    return " ".join(parts) if parts else "none"


def _state_of(game: Any) -> Any:
    """A ``GameState`` from a ``Game`` (``.state``) or the state itself."""
    return getattr(game, "state", game)


class OddsPanel(W.VBox):
    """Inputs of one attack on the left, its exact odds (numbers and bar charts) on the right."""

    def __init__(self, content: Any = None, *, weapon: str = "sawed_off:ranged",
                 target: Mapping[str, int] | None = None, friends: int = 1) -> None:
        if content is None:
            from nollab.content import load_content

            content = load_content()
        self.content = content
        self.lines = weapon_lines(content)
        if weapon not in self.lines:
            raise ValueError(f"weapon: unknown weapon line {weapon!r} (e.g. {next(iter(self.lines))!r})")
        self.spec: Any = None
        self.result: Any = None
        self.p_clear: Fraction | None = None
        self.last_update_ms: float = 0.0
        self.source = "manual"
        self._syncing = False
        sm = {"description_width": "initial"}
        lay = W.Layout(width="150px")

        opts = [(lab, key) for key, (lab, _, _) in self.lines.items()] + [("Custom (ad hoc)", CUSTOM)]
        self.w_weapon = W.Dropdown(options=opts, value=weapon, description="Weapon", style=sm,
                                   layout=W.Layout(width="420px", max_width="100%"))  # narrow pages too
        self.w_action = W.Dropdown(options=["melee", "ranged", "car"], description="Action", style=sm,
                                   layout=lay)
        self.w_dice = W.BoundedIntText(min=0, max=20, description="Dice", style=sm, layout=lay)
        self.w_accuracy = W.BoundedIntText(min=2, max=6, description="Accuracy", style=sm, layout=lay)
        self.w_damage = W.BoundedIntText(min=1, max=3, description="Damage", style=sm, layout=lay)
        self.w_dual = W.Checkbox(description="Dual (two of them)", indent=False)
        self.w_skills = W.SelectMultiple(options=ATTACK_SKILLS, description="Skills", rows=5, style=sm,
                                         layout=W.Layout(width="300px"))
        self.w_plenty = W.Checkbox(description="Plenty of Bullets/Shells held", indent=False)
        self.w_reroll = W.Dropdown(options=REROLL_POLICIES, value="optimal", description="Re-roll",
                                   style=sm, layout=W.Layout(width="230px"))
        self.w_reroll_k = W.BoundedIntText(value=1, min=0, max=20, description="k", style=sm,
                                           layout=W.Layout(width="90px"))
        goals = [("clear the Zone", "clear"), ("expected kills", "expected")] + [
            (f"kill every {t}", f"kill:{t}") for t in GHOUL_TYPES]
        self.w_goal = W.Dropdown(options=goals, value="clear", description="Goal", style=sm,
                                 layout=W.Layout(width="230px"))
        self.w_target = {t: W.BoundedIntText(value=0, min=0, max=30, description=ghoul_plural(t), style=sm,
                                             layout=W.Layout(width="140px")) for t in GHOUL_TYPES}
        self.w_friends = W.BoundedIntText(value=friends, min=0, max=12, description="Friends in Zone",
                                          style=sm, layout=W.Layout(width="160px"))
        self.w_actions = W.BoundedIntText(value=1, min=1, max=6, description="Actions", style=sm,
                                          layout=W.Layout(width="120px"))
        self.w_source = W.HTML("")
        for name, w in [("weapon", self.w_weapon), ("action", self.w_action), ("dice", self.w_dice),
                        ("accuracy", self.w_accuracy), ("damage", self.w_damage), ("dual", self.w_dual),
                        ("skills", self.w_skills), ("plenty", self.w_plenty), ("reroll", self.w_reroll),
                        ("reroll-k", self.w_reroll_k), ("goal", self.w_goal), ("friends", self.w_friends),
                        ("actions", self.w_actions)] + [(f"target-{t}", w) for t, w in self.w_target.items()]:
            w.add_class(f"nollab-odds-{name}")

        self.out_error = W.HTML("")
        self.out_error.add_class("nollab-odds-error")
        self.out_summary = W.HTML("")
        self.out_summary.add_class("nollab-odds-summary")
        self.out_hits = W.HTML("")
        self.out_hits.add_class("nollab-odds-chart-hits")
        self.out_kills = W.HTML("")
        self.out_kills.add_class("nollab-odds-chart-kills")
        self.out_ff = W.HTML("")
        self.out_ff.add_class("nollab-odds-chart-ff")
        self.out_timing = W.HTML("")
        self.out_timing.add_class("nollab-odds-timing")

        self.w_line_note = W.HTML("")
        self.w_line_note.add_class("nollab-odds-line-note")
        # everything about a dice roll: hidden for a Molotov, which rolls none (P. 29)
        self.line_rows = W.VBox([W.HBox([self.w_action, self.w_dice]), W.HBox([self.w_accuracy, self.w_damage]),
                                 self.w_dual, self.w_skills, self.w_plenty,
                                 W.HBox([self.w_reroll, self.w_reroll_k]), self.w_goal])
        inputs = W.VBox([
            W.HTML("<b>Attack</b>"), self.w_weapon, self.w_line_note, self.line_rows,
            W.HTML("<b>Target Zone</b>"), self.w_source,
            W.HBox([self.w_target["walker"], self.w_target["breaker"]]),
            W.HBox([self.w_target["fatty"], self.w_target["relative"]]),
            W.HBox([self.w_friends, self.w_actions]),
        ], layout=W.Layout(width="450px"))
        outputs = W.VBox([self.out_error, self.out_summary, self.out_hits, self.out_kills, self.out_ff,
                          self.out_timing], layout=W.Layout(flex="1 1 340px", min_width="300px"))
        inputs.layout.flex = "0 1 450px"
        # side by side on a wide page, stacked on a narrow one
        super().__init__([W.HBox([inputs, outputs], layout=W.Layout(flex_flow="row wrap"))])
        self.add_class("nollab-odds-panel")

        self._fill_from_weapon(weapon)
        # the opening example (P. 28): a Sawed-Off into 2 Walkers with a friend stuck among them —
        # a real choice (4/9 to clear it, 5/9 to wound the friend), every chart has something to say
        self.set_target(**dict(target or {"walker": 2}))
        self.w_weapon.observe(self._on_weapon, "value")
        for w in (self.w_action, self.w_dice, self.w_accuracy, self.w_damage):
            w.observe(self._on_line_edit, "value")
        for w in [self.w_dual, self.w_skills, self.w_plenty, self.w_reroll, self.w_reroll_k, self.w_goal,
                  self.w_friends, self.w_actions, *self.w_target.values()]:
            w.observe(self._on_input, "value")
        self.update()

    # -- inputs -----------------------------------------------------------------------------------
    def _card(self) -> Any:
        key = self.w_weapon.value
        return None if key == CUSTOM else self.lines[key][2]

    def _fill_from_weapon(self, key: str) -> None:
        if key == CUSTOM:
            self.line_rows.layout.display = None
            self.w_line_note.value = ""
            return
        _, prof, card = self.lines[key]
        molotov = card is not None and card.effect == "molotov"
        self.line_rows.layout.display = "none" if molotov else None
        self.w_line_note.value = (
            "<small>No dice: the Molotov is discarded and <b>every Actor in the target Zone is "
            "eliminated</b>, Fatties and Survivors too (exterior Zones only, P. 29).</small>" if molotov else
            "<small>Car Attack: one attack in each Zone the Car enters with Ghouls; Targeting Priority "
            "Order and Friendly Fire apply; not a Combat Action (P. 21, P. 28).</small>"
            if key == "car:car" else "")
        self._syncing = True
        try:
            self.w_action.value = prof.action
            self.w_dice.value = prof.dice
            self.w_accuracy.value = max(prof.accuracy, 2)
            self.w_damage.value = max(prof.damage, 1)
            if not (card is not None and card.dual):
                self.w_dual.value = False
            ammo = card.ammo if card is not None else None
            self.w_plenty.description = {"bullets": "Plenty of Bullets held", "shells": "Plenty of Shells held"}.get(
                ammo, "Plenty of Bullets/Shells held")
            if ammo is None and self.w_plenty.value:
                self.w_plenty.value = False
        finally:
            self._syncing = False

    def _on_weapon(self, change: dict) -> None:
        if self._syncing:
            return
        self._fill_from_weapon(change["new"])
        self.update()

    def _on_line_edit(self, change: dict) -> None:
        if self._syncing:
            return
        key = self.w_weapon.value
        if key != CUSTOM:
            prof = self.lines[key][1]
            now = (self.w_action.value, self.w_dice.value, self.w_accuracy.value, self.w_damage.value)
            if now != (prof.action, prof.dice, max(prof.accuracy, 2), max(prof.damage, 1)):
                self._syncing = True
                try:
                    self.w_weapon.value = CUSTOM  # hand-edited numbers are an ad-hoc weapon
                finally:
                    self._syncing = False
        self.update()

    def _on_input(self, change: dict) -> None:
        if not self._syncing:
            self.update()

    def set_weapon(self, key: str) -> None:
        """Select a weapon line by key (``"uzi:ranged"``, ``"car:car"``) and redraw."""
        if key not in self.lines:
            raise ValueError(f"weapon: unknown weapon line {key!r}")
        self.w_weapon.value = key

    def set_target(self, *, friends: int | None = None, **counts: int) -> None:
        """Set the Ghouls in the target Zone (types not named become 0) and optionally the friends."""
        for t in counts:
            if t not in self.w_target:
                raise ValueError(f"target: unknown ghoul type {t!r} (known: {', '.join(GHOUL_TYPES)})")
            if counts[t] < 0:
                raise ValueError(f"target: count of {t} must be >= 0, got {counts[t]}")
        self._syncing = True
        try:
            for t, w in self.w_target.items():
                w.value = int(counts.get(t, 0))
            if friends is not None:
                self.w_friends.value = int(friends)
        finally:
            self._syncing = False
        self.update()

    # -- live game --------------------------------------------------------------------------------
    def set_from_zone(self, game: Any, zone_id: str, survivor: str | None = None) -> None:
        """Take the target Zone, the attacker's weapon, Skills and re-roll card from a live game.

        The reading is :mod:`nollab.prob.live` (the engine's own Skill logic, Line of Sight and Range):
        ``survivor`` (default: the active one) is the attacker, never counted as a friend ("A Survivor
        can't hit themselves with their own attacks", P. 28). With a ``Game``, the first attack legal
        right now at that Zone is loaded (hand order, Ranged line first) with the Skills active now
        (Romero side, Relatives forcing Romero, P. 14, 17), Dual and the Plenty of Bullets/Shells card;
        when no attack is legal there, the Zone's Ghouls are loaded and the reason is shown. A bare
        ``GameState`` (no board or content) gives the Ghouls, the friends and the first weapon in Hand.
        """
        from nollab.prob import live as L

        st = _state_of(game)
        attacker = survivor if survivor is not None else getattr(st, "active", None)
        counts, friends = L.zone_reading(st, zone_id, attacker)
        reading = None
        why = ""
        if attacker is not None and attacker in st.survivors and hasattr(game, "_ctx"):
            options = [o for o in L.attack_options(game, attacker) if o.zone == zone_id]
            order = {cid: i for i, cid in enumerate(st.cards[u] for u in st.survivors[attacker].hands if u is not None)}
            options.sort(key=lambda o: (order.get(o.weapon.split(":")[0], len(order)), not o.weapon.endswith(":ranged")))
            keys = [o.weapon for o in options if o.weapon in self.lines]
            if keys:
                reading = L.live_attack(game, attacker, keys[0], zone_id, goal=self.w_goal.value)
            else:
                first = self._first_weapon(st, attacker)
                try:
                    L.live_attack(game, attacker, first or "car", zone_id)
                except ValueError as exc:
                    why = str(exc)
        self._syncing = True
        try:
            if reading is not None:
                key = f"{reading.weapon}:{reading.action}"
                self.w_weapon.value = key
                self._fill_from_weapon(key)
                self.w_dual.value = bool(reading.spec.dual)
                self.w_skills.value = tuple(k for k in ATTACK_SKILLS if k in reading.skills)
                self.w_plenty.value = bool(reading.plenty)
                counts, friends = dict(reading.target), list(reading.friends)
            else:
                first = self._first_weapon(st, attacker)
                if first is not None:
                    self.w_weapon.value = first
                    self._fill_from_weapon(first)
        finally:
            self._syncing = False
        self.source = f"zone {zone_id}"
        who = f", attacker {attacker}" if attacker else ""
        extra = ""
        if reading is not None:
            extra = f" ({reading.mode.title()} side, Range {reading.range})"
            if reading.notes:
                extra += "<br>" + "<br>".join(escape(n) for n in reading.notes)
        elif why:
            extra = f"<br><span class='nollab-odds-not-legal'>not legal now: {escape(why)}</span>"
        self.w_source.value = f"<i>live: Zone {escape(str(zone_id))}{escape(who)}{extra}</i>"
        self.set_target(friends=len(friends), **counts)

    def _first_weapon(self, st: Any, attacker: str | None) -> str | None:
        """The first weapon line in the attacker's Hands (its Ranged line when it has both)."""
        if attacker is None or attacker not in st.survivors:
            return None
        for uid in st.survivors[attacker].hands:
            if uid is None:
                continue
            keys = [k for k in self.lines if k.split(":")[0] == st.cards[uid]]
            if keys:
                return ([k for k in keys if k.endswith(":ranged")] or keys)[0]
        return None

    def follow(self, board_view: Any, game: Any) -> None:
        """Load a Zone into the panel whenever it is clicked on ``board_view`` (``on_zone_click``)."""
        board_view.on_zone_click(lambda zone_id: self.set_from_zone(game, zone_id))

    # -- output -----------------------------------------------------------------------------------
    def build_spec(self) -> Any:
        """The :class:`nollab.prob.AttackSpec` of the current inputs (ValueError if inconsistent)."""
        card = self._card()
        action = self.w_action.value
        target = {t: w.value for t, w in self.w_target.items() if w.value}
        plenty = bool(self.w_plenty.value)
        return attack_spec(
            card=card, action=action, dice=self.w_dice.value, accuracy=self.w_accuracy.value,
            damage=self.w_damage.value, reload=bool(card and self.lines[self.w_weapon.value][1].reload),
            dual=bool(self.w_dual.value), skills=list(self.w_skills.value), plenty=plenty,
            reroll=self.w_reroll.value if plenty else None,
            reroll_k=self.w_reroll_k.value if self.w_reroll.value == "if-fewer-than-k" else None,
            target=target, friends=self.w_friends.value, goal=self.w_goal.value,
        )

    def update(self) -> None:
        """Recompute the odds and redraw the numbers and charts (bad input: an error line, nothing else)."""
        t0 = time.perf_counter()
        self.w_reroll.disabled = not self.w_plenty.value  # a policy needs the card (P. 29 card text)
        self.w_reroll_k.disabled = self.w_reroll.disabled or self.w_reroll.value != "if-fewer-than-k"
        try:
            spec = self.build_spec()
            result, p_clear = attack_odds(spec, self.w_actions.value)
        except ValueError as exc:
            self.out_error.value = error_html(exc)
            return
        self.out_error.value = ""
        self.spec, self.result, self.p_clear = spec, result, p_clear
        self._render(spec, result, p_clear)
        self.last_update_ms = (time.perf_counter() - t0) * 1000
        self.out_timing.value = timing_html(self.last_update_ms)

    def _render(self, spec: Any, r: Any, p_clear: Fraction) -> None:
        k = self.w_actions.value
        ff = r.friendly_wounds
        p_ff = ff.p(lambda w: w > 0)
        total = sum(dict(spec.target).values())
        head = headline_html("P(clear the Zone)" + (f" within {k} Actions" if k > 1 and not spec.molotov else ""),
                             "nollab-odds-p-clear", p_clear,
                             note=("certain: the fire eliminates every Actor in the Zone (P. 29)"
                                   if spec.molotov and total else ""))
        rows = [
            f"<tr><th style='text-align:left'>Dice rolled</th><td class='nollab-odds-dice-rolled' "
            f"data-value='{r.dice}'>{r.dice if not spec.molotov else 'none (Molotov)'}</td><td></td></tr>",
            value_row("Expected kills", "nollab-odds-expected-kills", r.expected_kills, percent=False),
        ]
        if not spec.molotov:  # no roll: no hits, no misses, no Friendly Fire Wounds (P. 29)
            rows += [
                value_row("Expected hits", "nollab-odds-expected-hits", r.expected_hits, percent=False),
                value_row("Friendly Fire risk (≥ 1 Wound)", "nollab-odds-p-ff", p_ff),
                value_row("Expected Friendly Fire Wounds", "nollab-odds-expected-ff", ff.mean(), percent=False),
            ]
        if r.friends_eliminated:
            rows.append(f"<tr><th style='text-align:left;color:#b00020'>Survivors eliminated</th>"
                        f"<td class='nollab-odds-friends-eliminated' data-value='{r.friends_eliminated}'>"
                        f"<b style='color:#b00020'>{r.friends_eliminated}</b></td>"
                        f"<td style='font-size:11px;color:#b00020'>they burn with the Ghouls (P. 29)</td></tr>")
        note = _rule_note(spec)
        self.out_summary.value = (head + f"<table class='nollab-odds-table'>{''.join(rows)}</table>"
                                  + (f"<p class='nollab-odds-note'><small>{note}</small></p>" if note else ""))
        if spec.molotov:
            self.out_hits.value = ""
            self.out_kills.value = ""
            self.out_ff.value = ""
            return
        self.out_hits.value = dist_chart(r.hits, title="Hits", css_class="hits")
        kills_total = r.kills.map(lambda ks: sum(c for _, c in ks))
        if len(r.kills) <= 12:
            self.out_kills.value = dist_chart(
                r.kills, title="Kills by type (F Fatty, W Walker, B Breaker, R Relative)", css_class="kills",
                color="#a83b3b", width=420, label=_kills_label,
                order=sorted(r.kills, key=lambda ks: (sum(c for _, c in ks), zone_key(dict(ks)))))
        else:
            self.out_kills.value = dist_chart(kills_total, title="Kills (all types)", css_class="kills",
                                              color="#a83b3b")
        if spec.friendly_fire and spec.friends > 0:
            self.out_ff.value = dist_chart(ff, title="Friendly Fire Wounds", css_class="ff", color="#c77d00")
        else:
            self.out_ff.value = ("<small class='nollab-odds-no-ff'>No Friendly Fire: "
                                 + ("no other Survivor in the Zone" if spec.friends == 0 else
                                    "Melee and Sniper attacks choose their targets (P. 28)") + "</small>")


def _rule_note(spec: Any) -> str:
    """One sentence of rules when the numbers would surprise a learner (P. 17, P. 27)."""
    target = dict(spec.target)
    if spec.molotov:
        return ""  # the fire needs no Damage: the line note says what it does (P. 29)
    if target.get("fatty", 0) and spec.damage < 2:
        others = sum(n for t, n in target.items() if t != "fatty")
        if spec.action in ("ranged", "car") and not spec.sniper and others:
            return ("Damage 1 cannot hurt a Fatty, and Fatties come first in the Targeting Priority "
                    "Order: they shield the other Ghouls from this attack (P. 17, P. 27).")
        return "Damage 1 cannot hurt a Fatty: it needs a Damage 2 hit (P. 17)."
    return ""
