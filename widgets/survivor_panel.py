"""SurvivorPanel: one Survivor's dashboard as an HTML widget (P. 7, 14-16).

Shows the side faceup now (Romero: the black-and-white side; Zombicide, P. 14; a Relative on the
board forces Romero, P. 17) and the Skills usable now, both from the game's view model
(:mod:`nollab.rules.view`, the one the board reads), the Danger Bar with the XP
tracker (Blue 0-6, Yellow 7-18, Orange 19-42, Red 43+, P. 14), the Wound Bar (eliminated at 3,
P. 22), the 2 Hand and 3 Backpack slots (P. 16), the unlocked Skills, and carried Barricade tokens
(S1). :func:`survivor_html` is the pure part (testable without a browser); the widget only
swaps its HTML when it changes.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from nollab.rules.labels import plural

LEVELS = (("Blue", "#2f6fd0"), ("Yellow", "#e0b400"), ("Orange", "#e8771a"), ("Red", "#d7262e"))
DEFAULT_THRESHOLDS = (0, 7, 19, 43)  # P. 14
MAX_WOUNDS = 3  # P. 22: eliminated as soon as the Wound Bar reaches 3
HAND_SLOTS, BACKPACK_SLOTS = 2, 3  # P. 16


@dataclass(frozen=True)
class SurvivorView:
    """What the panel shows, as plain values (built from a game by :func:`survivor_views`)."""

    id: str
    name: str
    colour: str
    mode: str
    xp: int
    wounds: int
    hands: tuple[str | None, ...]
    backpack: tuple[str, ...]
    skills: tuple[str, ...]
    zone: str = ""
    active: bool = False
    alive: bool = True
    barricades: int = 0
    actions_left: int | None = None


def danger_level(xp: int, thresholds: tuple[int, ...] = DEFAULT_THRESHOLDS) -> int:
    """Index of the Danger Level reached with ``xp`` (P. 14)."""
    level = 0
    for i, t in enumerate(thresholds):
        if xp >= t:
            level = i
    return level


def survivor_html(v: SurvivorView, thresholds: tuple[int, ...] = DEFAULT_THRESHOLDS) -> str:
    """The dashboard of ``v`` as a self-contained HTML fragment (inline styles, no assets)."""
    e = html.escape
    lvl = danger_level(v.xp, thresholds)
    lvl_name, lvl_col = LEVELS[lvl]
    top = max(thresholds[-1] + 7, v.xp + 1)
    segs = []
    for i, (name, col) in enumerate(LEVELS):
        lo = thresholds[i]
        hi = thresholds[i + 1] if i + 1 < len(thresholds) else top
        segs.append(
            f'<div title="{name} {lo}+" style="flex:{hi - lo};background:{col};'
            f'opacity:{1 if i <= lvl else 0.35}"></div>'
        )
    marker = min(v.xp, top) / top * 100
    bar = (
        '<div class="nollab-danger" style="position:relative;display:flex;height:9px;'
        f'border-radius:3px;overflow:hidden;margin:3px 0">{"".join(segs)}'
        f'<div style="position:absolute;left:calc({marker:.1f}% - 1px);top:0;width:3px;height:9px;'
        'background:#111"></div></div>'
    )
    wounds = "".join(
        f'<span style="display:inline-block;width:11px;height:11px;margin-right:2px;border-radius:2px;'
        f'background:{"#c0392b" if i < v.wounds else "#ddd"}"></span>'
        for i in range(MAX_WOUNDS)
    )
    hands = list(v.hands) + [None] * (HAND_SLOTS - len(v.hands))
    pack = list(v.backpack) + [None] * (BACKPACK_SLOTS - len(v.backpack))

    def slot(card: str | None, kind: str) -> str:
        text = e(card) if card else "—"
        bg = "#fff7e6" if kind == "hand" else "#f1f1f1"
        return (f'<span class="nollab-slot-{kind}" style="display:inline-block;min-width:74px;padding:1px 4px;'
                f'margin:1px;border:1px solid #bbb;border-radius:3px;background:{bg};font-size:11px">{text}</span>')

    mode = "Zombicide" if v.mode == "zombicide" else "Romero"
    mode_style = ("background:#e0301e;color:#fff" if v.mode == "zombicide"
                  else "background:#f4f4f4;color:#111;border:1px solid #999")
    border = "#0a84ff" if v.active else "#ccc"
    dead = '<b style="color:#c0392b"> · eliminated</b>' if not v.alive else ""
    acts = f" · {plural(v.actions_left, 'action')} left" if (v.active and v.actions_left is not None) else ""
    bar_tokens = f" · {v.barricades} Barricade token{'s' if v.barricades != 1 else ''}" if v.barricades else ""
    skills = ", ".join(e(s) for s in v.skills) or "—"
    return (
        f'<div class="nollab-survivor" data-survivor="{e(v.id)}" style="font-family:sans-serif;font-size:12px;'
        f'border:2px solid {border};border-radius:6px;padding:5px 7px;width:250px;'
        f'{"opacity:.55;" if not v.alive else ""}">'
        f'<div><span style="display:inline-block;width:11px;height:11px;border-radius:50%;'
        f'background:{e(v.colour)};margin-right:4px"></span><b>{e(v.name)}</b> '
        f'<span style="font-size:10px;padding:0 4px;border-radius:3px;{mode_style}">{mode}</span>'
        f'{dead}<span style="color:#666;font-size:10px"> {e(v.zone)}{acts}</span></div>'
        f'{bar}<div style="font-size:11px">XP {v.xp} · <span style="color:{lvl_col}">{lvl_name}</span>'
        f' · wounds {wounds}{bar_tokens}</div>'
        f'<div>Hands {slot(hands[0], "hand")}{slot(hands[1], "hand")}</div>'
        f'<div>Pack {"".join(slot(c, "pack") for c in pack)}</div>'
        f'<div style="font-size:11px">Skills: {skills}</div></div>'
    )


def survivor_views(game: Any) -> tuple[SurvivorView, ...]:
    """One :class:`SurvivorView` per Survivor, read from the game's view model (``game.view()``,
    :mod:`nollab.rules.view`: the faceup Mode with Relatives forcing Romero, P. 17, and the Skills
    usable now, P. 14) -- the same facts the board draws."""
    view = game.view() if hasattr(game, "view") else game
    return tuple(SurvivorView(
        id=s.id, name=s.name, colour=s.colour, mode=s.mode, xp=s.xp, wounds=s.wounds, hands=s.hands,
        backpack=s.backpack, skills=s.skills,
        zone=f"{s.zone_label} ({s.zone})" if s.zone and s.zone_label != s.zone else (s.zone or ""),
        active=s.active, alive=s.alive, barricades=s.barricade_tokens, actions_left=s.actions_left,
    ) for s in view.survivors)


class SurvivorPanel(W.HTML):
    """One Survivor's dashboard; :meth:`update` re-renders only when something changed."""

    def __init__(self, view: SurvivorView | None = None,
                 thresholds: tuple[int, ...] = DEFAULT_THRESHOLDS) -> None:
        super().__init__()
        self.thresholds = thresholds
        self.view: SurvivorView | None = None
        if view is not None:
            self.update(view)

    def update(self, view: SurvivorView) -> bool:
        """Show ``view``; returns True if the HTML changed."""
        if view == self.view:
            return False
        self.view = view
        self.value = survivor_html(view, self.thresholds)
        return True
