"""Position editor: build a NOTLD position by hand, see it as text, copy it, load one.

Add or remove Ghouls by type in a Zone (P. 17), move a Survivor, set their Wounds (P. 17), XP and
Skills (P. 14), Mode and cards (P. 16); open or close doors, place Barricades (P. 18-19) and Spawn
tokens (P. 24). Every change goes through :mod:`nollab.rules.position.edit` (checked by reading the
position back), so a bad one is refused with one line and changes nothing. The text is the
position notation (docs/position.md): ``game.position()`` / ``Game.from_position``.

In the GamePlayer it sits behind the *Edit position* button (:func:`position_tab`): each change
loads the edited game into the player, and the player plays on from it.
"""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W

from nollab.content_model import GHOUL_TYPES
from nollab.rules import Game
from nollab.rules.position import edit as E
from nollab.rules.position.cards import CardNames


def _button(label: str, tooltip: str, css: str) -> W.Button:
    b = W.Button(description=label, tooltip=tooltip, layout=W.Layout(width="auto", margin="1px 2px"))
    b.add_class(css)
    return b


def _labelled(widget: W.Widget, css: str) -> W.Widget:
    widget.add_class(css)
    return widget


class PositionEditor(W.VBox):
    """``PositionEditor(game)``; ``editor.game`` is the edited game (a new Game after each change);
    ``on_change(fn)`` calls ``fn(game)`` after each change or load. ``source``: a callable giving
    the game to edit from (the GamePlayer's live game), read again by *From game*."""

    def __init__(self, game: Game | None = None, *, source: Callable[[], Game] | None = None) -> None:
        self.source = source
        self.game = game if game is not None else (source() if source else Game.new("S1", seed=1))
        self._callbacks: list[Callable[[Game], Any]] = []
        lay = lambda w: W.Layout(width=w)  # noqa: E731
        self.zone = _labelled(W.Dropdown(description="Zone", layout=lay("230px")), "nollab-ed-zone")
        self.ghoul_type = _labelled(W.Dropdown(options=list(GHOUL_TYPES), description="Ghoul", layout=lay("190px")),
                                    "nollab-ed-ghoul-type")
        self.add_ghoul = _button("+1 Ghoul", "Add one Ghoul of this type to the Zone (P. 17)", "nollab-ed-add-ghoul")
        self.remove_ghoul = _button("−1 Ghoul", "Remove one Ghoul of this type from the Zone", "nollab-ed-remove-ghoul")
        self.survivor = _labelled(W.Dropdown(description="Survivor", layout=lay("200px")), "nollab-ed-survivor")
        self.move = _button("Move to Zone", "Put the Survivor in the Zone chosen above", "nollab-ed-move")
        self.wounds = _labelled(W.BoundedIntText(min=0, max=2, description="Wounds", layout=lay("140px")),
                                "nollab-ed-wounds")
        self.xp = _labelled(W.BoundedIntText(min=0, max=10_000, description="XP", layout=lay("140px")), "nollab-ed-xp")
        self.mode = _labelled(W.Dropdown(options=["romero", "zombicide"], description="Mode", layout=lay("190px")),
                              "nollab-ed-mode")
        self.skills = _labelled(W.SelectMultiple(description="Skills", rows=4, layout=lay("330px")), "nollab-ed-skills")
        self.cards = _labelled(W.Text(description="Cards", placeholder="winchester_94~ranged, katana",
                                      layout=lay("420px")), "nollab-ed-cards")
        self.set_survivor = _button("Set Survivor", "Set Wounds, XP, Mode, Skills and cards as shown", "nollab-ed-set")
        self.opening = _labelled(W.Dropdown(description="Opening", layout=lay("230px")), "nollab-ed-opening")
        self.open_b = _button("Open", "Open this door / window / Barricade (P. 18)", "nollab-ed-open")
        self.close_b = _button("Close", "Close it", "nollab-ed-close")
        self.barricade_b = _button("Barricade", "Place a closed Barricade token here (P. 19)", "nollab-ed-barricade")
        self.unbarricade_b = _button("No barricade", "Take the Barricade token away", "nollab-ed-unbarricade")
        self.colour = _labelled(W.Dropdown(options=["red", "white", "yellow", "violet"], description="Spawn", layout=lay("170px")),
                                "nollab-ed-colour")
        self.add_spawn = _button("Add Spawn token", "A Spawn token of this colour in the Zone (P. 24)", "nollab-ed-add-spawn")
        self.remove_spawn = _button("Remove Spawn tokens", "Take the Zone's Spawn tokens away", "nollab-ed-remove-spawn")
        self.text = _labelled(W.Textarea(layout=W.Layout(width="98%", height="90px")), "nollab-position-text")
        self.load = _button("Load text", "Set the game to the position typed or pasted above", "nollab-ed-load")
        self.refresh_b = _button("From game", "Show the game's current position", "nollab-ed-from-game")
        self.copy = W.HTML()
        self.status = _labelled(W.HTML(), "nollab-ed-status")

        self.add_ghoul.on_click(lambda _b: self._ghouls(1))
        self.remove_ghoul.on_click(lambda _b: self._ghouls(-1))
        self.move.on_click(lambda _b: self._do(f"{self.survivor.value} moved",
                                               lambda g: E.move_survivor(g, self.survivor.value, self.zone.value)))
        self.set_survivor.on_click(lambda _b: self._set_survivor())
        self.open_b.on_click(lambda _b: self._do("opened", lambda g: E.set_door(g, self.opening.value, True)))
        self.close_b.on_click(lambda _b: self._do("closed", lambda g: E.set_door(g, self.opening.value, False)))
        self.barricade_b.on_click(lambda _b: self._do("barricaded", lambda g: E.set_barricade(g, self.opening.value)))
        self.unbarricade_b.on_click(lambda _b: self._do("barricade taken away",
                                                        lambda g: E.set_barricade(g, self.opening.value, False)))
        self.add_spawn.on_click(lambda _b: self._do("Spawn token placed",
                                                    lambda g: E.add_spawn(g, self.zone.value, self.colour.value)))
        self.remove_spawn.on_click(lambda _b: self._do("Spawn tokens removed",
                                                       lambda g: E.remove_spawn(g, self.zone.value)))
        self.load.on_click(lambda _b: self._load_text())
        self.refresh_b.on_click(lambda _b: self.sync(self.source() if self.source else None))
        self.survivor.observe(lambda _c: self._show_survivor(), names="value")

        row = lambda *ws: W.HBox(list(ws), layout=W.Layout(flex_flow="row wrap", align_items="center"))  # noqa: E731
        super().__init__([
            W.HTML("<b>Position editor</b> <small>(each change is checked like a typed position; the text is "
                   "the position notation, docs/position.md)</small>"),
            row(self.zone, self.ghoul_type, self.add_ghoul, self.remove_ghoul, self.colour, self.add_spawn,
                self.remove_spawn),
            row(self.survivor, self.move, self.wounds, self.xp, self.mode),
            row(self.skills, self.cards, self.set_survivor),
            row(self.opening, self.open_b, self.close_b, self.barricade_b, self.unbarricade_b),
            self.text, row(self.load, self.refresh_b, self.copy), self.status,
        ], layout=W.Layout(border="1px solid #bbb", padding="4px", margin="4px 0"))
        self.add_class("nollab-position-editor")
        self.sync()

    # ------------------------------------------------------------------ wiring
    def on_change(self, fn: Callable[[Game], Any]) -> None:
        self._callbacks.append(fn)

    def sync(self, game: Game | None = None) -> None:
        """Show ``game`` (default: the one being edited): its Zones, Survivors, Openings, text."""
        if game is not None:
            self.game = game
        g = self.game
        b = g.board
        zones = [(f"{(z.label or zid)} ({zid})" if z.label and z.label != zid else zid, zid) for zid, z in b.zones.items()]
        if [v for _l, v in zones] != [v for _l, v in self.zone.options]:
            self.zone.options = zones
        ops = sorted(b.openings)
        if list(self.opening.options) != ops:
            self.opening.options = ops
        sids = list(g.state.survivors)
        if list(self.survivor.options) != sids:
            self.survivor.options = sids
        self._show_survivor()
        try:
            text = g.position()
        except ValueError as exc:
            text = ""
            self._say(str(exc), error=True)
        self.text.value = text
        self.copy.value = ('<button class="nollab-ed-copy" title="Copy the position text" onclick="'
                           "const t=this.closest('.nollab-position-editor').querySelector('textarea');"
                           "t.select();navigator.clipboard&&navigator.clipboard.writeText(t.value);"
                           '">Copy text</button>')

    def _show_survivor(self) -> None:
        sid = self.survivor.value
        if sid is None:
            return
        g = self.game
        s = g.state.survivors[sid]
        card = g.content.survivors[sid]
        options = []
        for lv, opts in enumerate(card.zombicide.levels):
            for k in opts:
                if lv and k not in options:
                    options.append(k)
        self.skills.options = [(g.content.skills[k].name, k) for k in options]
        self.skills.value = tuple(k for k in E.skills_of(g, sid) if k in options)
        self.wounds.value = min(s.wounds, 2)
        self.xp.value = s.xp
        self.mode.value = s.mode
        names = CardNames.of(g)
        self.cards.value = ", ".join(names.name(u) for u in s.inventory())

    # ------------------------------------------------------------------ changes
    def _say(self, text: str, error: bool = False) -> None:
        colour = "#c0392b" if error else "#2e7d32"
        self.status.value = f'<span style="color:{colour}">{html.escape(text)}</span>'

    def _do(self, what: str, change: Callable[[Game], Game]) -> bool:
        """Apply one change; on a ValueError say why (one line) and keep the position."""
        try:
            g = change(self.game)
        except ValueError as exc:
            self._say(str(exc), error=True)
            return False
        self.sync(g)
        self._say(f"{what}: done")
        for fn in self._callbacks:
            fn(g)
        return True

    def _ghouls(self, n: int) -> None:
        z, t = self.zone.value, self.ghoul_type.value
        self._do(f"{'+' if n > 0 else ''}{n} {t} in {z}", lambda g: E.add_ghouls(g, z, t, n))

    def _set_survivor(self) -> None:
        sid = self.survivor.value
        cards = [c.strip() for c in self.cards.value.split(",") if c.strip()]
        wounds, xp, mode, skills = self.wounds.value, self.xp.value, self.mode.value, list(self.skills.value)

        def change(g):
            g = E.set_wounds(g, sid, wounds)
            g = E.set_xp(g, sid, xp)
            g = E.set_mode(g, sid, mode)
            g = E.set_skills(g, sid, skills)
            return E.set_equipment(g, sid, cards)
        self._do(f"{sid} set", change)

    def _load_text(self) -> None:
        text = self.text.value
        self._do("position loaded", lambda g: Game.from_position(text, content=g.content))


def position_tab(player) -> W.Widget:
    """The GamePlayer's *Edit position* button and the editor it shows: each change (or a loaded
    text) becomes the player's game (``player.load_game``)."""
    toggle = W.ToggleButton(description="Edit position", tooltip="Build a position by hand, save it as text, load one",
                            layout=W.Layout(width="auto", margin="1px 2px"))
    toggle.add_class("nollab-edit-position")
    box = W.VBox()
    holder: dict[str, PositionEditor] = {}

    def shown(change) -> None:
        if not change["new"]:
            box.children = ()
            return
        ed = holder.get("editor")
        if ed is None:
            ed = holder["editor"] = PositionEditor(source=lambda: player.driver.game)
            ed.on_change(player.load_game)
        else:
            ed.sync(player.driver.game)
        box.children = (ed,)

    toggle.observe(shown, names="value")
    return W.VBox([toggle, box])
