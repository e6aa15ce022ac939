"""The view model of a NOTLD game: frozen, typed, plain data -- the one thing the board picture,
the GamePlayer's panels and buttons, the seam and the command line read (never the engine state).

``game.view()`` -> :class:`GameView`. Every fact a picture or a panel shows is worked out here,
once, by the rules that own it, so two layers can never disagree:

* a Survivor's ``mode`` is the side faceup *now* (a Relative on the board forces Romero Mode,
  P. 17: :func:`nollab.rules.survivors.skills.effective_mode`); ``card_mode`` is the side the
  player last chose (P. 14);
* a Spawn token is ``active`` when the Spawn Step draws for it
  (:func:`nollab.rules.spawn.step.active_spawn_tokens`, P. 24: white and red always, yellow and
  violet once a Scene turns them on);
* a map mark (S1's corpse, the set-aside Winchester 94) is listed while it is on the board;
* every legal action carries the label a player reads (:mod:`nollab.rules.labels`).

``game.snapshot()`` is :meth:`GameView.to_dict` of this view plus the latest events (plain data
for JSON and the game seam).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nollab.content_model import ghoul_label
from nollab.rules.engine.actions import Action
from nollab.rules.engine.board_state import opening_kind
from nollab.rules.engine.state import GHOUL_TYPES
from nollab.rules.labels import action_label, zone_label
from nollab.rules.players import action_budget
from nollab.rules.spawn.step import active_spawn_tokens
from nollab.rules.survivors import experience
from nollab.rules.survivors.skills import active_skills, effective_mode

__all__ = ["ActionView", "GameView", "MarkView", "OpeningView", "PendingView", "SpawnView", "SurvivorView",
           "PHASE_NAMES", "game_view"]

#: How a phase is named in the rulebook (P. 8).
PHASE_NAMES = {"players": "Players' Phase", "ghouls": "Ghouls' Phase", "end": "End Phase",
               "setup": "Setup", "over": "Game over"}


@dataclass(frozen=True)
class SurvivorView:
    """One Survivor as players see the ID card and the miniature (P. 7, 14-16, 22)."""

    id: str
    name: str
    colour: str
    zone: str | None
    zone_label: str
    mode: str            # the side faceup now (a Relative on the board forces Romero, P. 17)
    card_mode: str       # the side the player chose (P. 14)
    wounds: int
    xp: int
    xp_total: int
    level: str           # Blue, Yellow, Orange or Red (P. 14)
    in_car: bool
    driver: bool
    alive: bool
    hands: tuple[str | None, ...]
    backpack: tuple[str, ...]
    barricade_tokens: int
    skills: tuple[str, ...]
    actions_left: int | None   # ordinary Actions left, for the Survivor taking their Turn
    activated: bool
    active: bool


@dataclass(frozen=True)
class OpeningView:
    """A door, window, barricade, stairs or passage (P. 9, 18-19) and whether it is open now."""

    id: str
    kind: str
    open: bool
    objective: bool = False   # a Scene asks to block it (S1: "All indicated windows ...")


@dataclass(frozen=True)
class SpawnView:
    """A Ghoul Spawn token (P. 24); ``active``: the Spawn Step draws a card for it."""

    zone: str
    colour: str
    active: bool


@dataclass(frozen=True)
class MarkView:
    """A mark on the map: a starting area ("start"), a Search stash ("stash", label = deck), an
    objective, or an item lying in a Zone ("item", kind in ``what``: "corpse-lady", ...)."""

    zone: str
    kind: str
    label: str = ""
    what: str = ""


@dataclass(frozen=True)
class ActionView:
    """A legal action and the label a player reads ("Barbra: Melee with Crowbar")."""

    action: Action
    label: str

    @property
    def kind(self) -> str:
        return self.action.kind

    @property
    def survivor(self) -> str:
        return self.action.survivor


@dataclass(frozen=True)
class PendingView:
    """A decision the game waits for (wound split P. 22, keep a searched card P. 18, ...)."""

    kind: str
    survivor: str | None
    prompt: str
    page: str
    options: tuple
    labels: tuple[str, ...]
    default: int


@dataclass(frozen=True)
class GameView:
    """A game at one moment (see module docstring)."""

    scene: str
    round: int
    phase: str
    result: str | None
    reason: str
    active: str | None
    first_player: tuple[str, ...]
    danger_level: str                              # the most experienced Survivor's (P. 24)
    survivors: tuple[SurvivorView, ...]
    ghouls: tuple[tuple[str, str, int], ...]       # (zone, Ghoul type, count), count > 0 (P. 17)
    openings: tuple[OpeningView, ...]
    spawns: tuple[SpawnView, ...]
    car: str | None
    marks: tuple[MarkView, ...]
    pending: PendingView | None
    actions: tuple[ActionView, ...]
    needs: str                                     # "choice", "action", "chance", "step" or "over"
    stashes: tuple[tuple[str, str], ...] = ()
    windows_to_barricade: tuple[str, ...] = ()
    aside: tuple[tuple[str, tuple[str, ...]], ...] = ()
    flags: tuple[tuple[str, Any], ...] = field(default=(), compare=False)

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES.get(self.phase, self.phase)

    def survivor(self, sid: str) -> SurvivorView:
        for s in self.survivors:
            if s.id == sid:
                return s
        raise KeyError(f"no Survivor {sid!r} in this game")

    def status(self) -> str:
        """One line: round, phase, who acts, what the game waits for (or the result)."""
        text = f"Round {self.round} · {self.phase_name}"
        if self.result is not None:
            return text + f" · {self.result.upper()}" + (f": {self.reason}" if self.reason else "")
        if self.active:
            text += f" · {self.survivor(self.active).name} acting"
        if self.pending is not None:
            text += " · waiting for a decision"
        elif self.actions:
            text += " · waiting for a player action"
        return text

    def lines(self, zone_name: Any = None) -> list[str]:
        """The position as text, as players see it (``nollab play --show``): the status, the Danger
        Level, each Survivor (Zone, faceup Mode, Wounds, XP, Hands, Backpack), the Ghouls by Zone,
        the Spawn tokens, the pending decision or the legal actions. ``zone_name(zone)`` names a
        Zone (default: its id)."""
        name = zone_name or (lambda z: z)
        out = [self.status(), f"Danger Level: {self.danger_level} (Ghoul cards are read at this level, P. 24)",
               "Survivors:"]
        for s in self.survivors:
            where = "eliminated" if not s.alive else (f"{s.zone} {s.zone_label}" + (" (in the car)" if s.in_car else ""))
            mode = s.mode.title() + (f" (card: {s.card_mode.title()})" if s.card_mode != s.mode else "")
            hands = ", ".join(h or "—" for h in s.hands)
            pack = ", ".join(s.backpack) or "—"
            turn = f"  <- acting, {s.actions_left} action{'s' if s.actions_left != 1 else ''} left" \
                if s.active and s.actions_left is not None else ""
            out.append(f"  {s.name:<7} {where:<34} {mode:<9} wounds {s.wounds}/3  XP {s.xp} ({s.level})  "
                       f"hands {hands}  pack {pack}{turn}")
        by_zone: dict[str, list[str]] = {}
        for z, g, n in self.ghouls:
            by_zone.setdefault(z, []).append(ghoul_label(g, n))
        out.append("Ghouls:" + ("" if by_zone else " none on the board"))
        out += [f"  {z} {name(z)}: {', '.join(v)}" for z, v in by_zone.items()]
        out.append("Spawn tokens: " + (", ".join(f"{x.zone} {x.colour}" + ("" if x.active else " (inactive)")
                                                   for x in self.spawns) or "none"))
        if self.pending is not None:
            out.append(f"Decision ({self.pending.page}): {self.pending.prompt}: " + " | ".join(self.pending.labels))
        elif self.actions:
            out.append("Legal actions:")
            out += [f"  {a.label}" for a in self.actions]
        return out

    def to_dict(self) -> dict:
        """Plain data (the fields of ``game.snapshot()``, :mod:`nollab.rules.snapshot`)."""
        ghouls: dict[str, dict[str, int]] = {}
        for z, g, n in self.ghouls:
            ghouls.setdefault(z, {})[g] = n
        p = self.pending
        return {
            "scene": self.scene, "round": self.round, "phase": self.phase, "result": self.result,
            "reason": self.reason, "active": self.active, "first_player": list(self.first_player),
            "danger_level": self.danger_level,
            "survivors": [{
                "id": s.id, "name": s.name, "colour": s.colour, "zone": s.zone, "mode": s.mode,
                "card_mode": s.card_mode, "wounds": s.wounds, "xp": s.xp, "xp_total": s.xp_total,
                "level": s.level, "in_car": s.in_car, "driver": s.driver, "alive": s.alive,
                "hands": list(s.hands), "backpack": list(s.backpack), "barricade_tokens": s.barricade_tokens,
                "skills": list(s.skills), "actions_left": s.actions_left, "activated": s.activated,
            } for s in self.survivors],
            "ghouls": ghouls,
            "openings": {o.id: {"open": o.open, "kind": o.kind} for o in self.openings},
            "spawns": [{"zone": s.zone, "colour": s.colour, "active": s.active} for s in self.spawns],
            "car": self.car,
            "marks": [{"zone": m.zone, "kind": m.kind, "label": m.label, "what": m.what} for m in self.marks],
            "stashes": dict(self.stashes),
            "windows_to_barricade": list(self.windows_to_barricade),
            "aside": {k: list(v) for k, v in self.aside},
            "flags": dict(self.flags),
            "pending": None if p is None else {"kind": p.kind, "survivor": p.survivor, "prompt": p.prompt,
                                               "page": p.page, "options": list(p.options),
                                               "labels": list(p.labels), "default": p.default},
            "legal_actions": [str(a.action) for a in self.actions],
            "action_labels": [a.label for a in self.actions],
        }


def _marks(game: Any, ctx: Any) -> tuple[MarkView, ...]:
    """Starting areas, stashes, objectives and the items lying on the map now."""
    st = game.state
    tokens = game.scene.tokens
    on_board = game.board.zones
    out = [MarkView(z, "start", f"#{n}") for n, z in sorted(tokens.starting_areas.items())]
    out += [MarkView(z, "stash", deck) for z, deck in sorted(tokens.stashes.items())]
    set_aside = {str(st.cards[u]).replace("_", "-") for uids in st.aside.values() for u in uids}
    for m in tokens.markers:
        if m.zone is None or m.kind == "car":
            continue
        if m.kind.startswith("objective"):
            out.append(MarkView(m.zone, "objective", m.label or m.kind, m.kind))
        elif m.kind == "corpse-lady":  # S1: lies there until 2 Actions remove her (P. 33)
            if st.flags.get("corpse_work", 0) < 2:
                out.append(MarkView(m.zone, "item", m.label, m.kind))
        elif m.kind in set_aside:  # S1: the Winchester 94 waits in its Zone until Searched
            out.append(MarkView(m.zone, "item", m.label, m.kind))
    # travelling Scenes (S6, S8) take tiles away: their marks leave with them
    return tuple(m for m in out if m.zone in on_board)


def game_view(game: Any) -> GameView:
    """The :class:`GameView` of a live :class:`nollab.rules.Game` (see module docstring)."""
    st = game.state
    ctx = game._ctx()
    content = game.content
    survivors = []
    for s in st.survivors.values():
        card = content.survivors[s.id]
        mode = effective_mode(st, s)
        survivors.append(SurvivorView(
            id=s.id, name=card.name, colour=card.color, zone=s.zone,
            zone_label=zone_label(game.board, s.zone) if s.zone is not None else "",
            mode=mode, card_mode=s.mode, wounds=s.wounds, xp=s.xp, xp_total=s.xp_total,
            level=experience.LEVEL_NAMES[experience.level_of(content, s)],
            in_car=s.in_car, driver=s.driver, alive=s.alive,
            hands=tuple(ctx.cname(u) if u is not None else None for u in s.hands),
            backpack=tuple(ctx.cname(u) for u in s.backpack), barricade_tokens=s.barricades,
            skills=tuple(content.skills[k].name for k in active_skills(content, st, s, mode)),
            actions_left=action_budget.general_left(ctx, s) if st.active == s.id else None,
            activated=s.activated, active=st.active == s.id,
        ))
    ghouls = tuple((z, g, int(c[i])) for z, c in sorted(st.ghouls.items())
                   for i, g in enumerate(GHOUL_TYPES) if c[i])
    objectives = set(game.scene.tokens.windows_to_barricade)
    openings = tuple(OpeningView(o, opening_kind(ctx, o), bool(st.opening_open.get(o, True)), o in objectives)
                     for o in sorted(game.board.openings))
    active = {tuple(t) for t in active_spawn_tokens(ctx)}
    spawns = tuple(SpawnView(z, c, (z, c) in active) for z, c in st.spawns)
    p = st.pending
    pending = None if p is None else PendingView(p.kind, p.survivor, p.prompt, p.page, tuple(p.options),
                                                 tuple(str(x) for x in p.labels), p.default)
    actions = tuple(ActionView(a, action_label(ctx, a)) for a in game.legal_actions())
    return GameView(
        scene=st.scene, round=st.round, phase=st.phase, result=st.result, reason=st.reason or "",
        active=st.active, first_player=tuple(st.players[st.first_player]) if st.players else (),
        danger_level=experience.LEVEL_NAMES[experience.highest_level(content, st)],
        survivors=tuple(survivors), ghouls=ghouls, openings=openings, spawns=spawns,
        car=st.car["zone"] if st.car else None, marks=_marks(game, ctx), pending=pending, actions=actions,
        needs=game.needs(), stashes=tuple(sorted(game.scene.tokens.stashes.items())),
        windows_to_barricade=tuple(game.scene.tokens.windows_to_barricade),
        aside=tuple((k, tuple(ctx.cname(u) for u in v)) for k, v in st.aside.items()),
        flags=tuple((k, v) for k, v in st.flags.items() if k != "rigged_dice"),
    )
