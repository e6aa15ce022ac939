"""A plain-data picture of a game for JSON, the game seam and notebooks (no engine objects inside).

It is the typed view model (:func:`nollab.rules.view.game_view`, what render, the widgets and
the CLI read) written out as dicts and lists, plus the latest events -- one computation, so the
plain and the typed pictures cannot drift apart. ``game.snapshot()`` returns::

    {"scene", "round", "phase", "result", "reason", "active", "first_player", "danger_level",
     "survivors": [{"id", "name", "colour", "zone", "mode" (faceup side now: a Relative forces
                    Romero, P. 17), "card_mode" (the chosen side), "wounds", "xp", "xp_total",
                    "level", "in_car", "driver", "alive", "hands": [card name|None, ...],
                    "backpack": [...], "barricade_tokens", "skills": [skill names],
                    "actions_left", "activated"}],
     "ghouls": {zone: {"walker": n, ...}},            only non-empty zones
     "openings": {opening id: {"open": bool, "kind": str}},
     "spawns": [{"zone", "colour", "active"}],        white first as stored; active: drawn for (P. 24)
     "car": zone | None, "marks": [{"zone", "kind", "label", "what"}], "stashes": {zone: deck},
     "windows_to_barricade": [...], "aside": {spot: [card names]}, "flags": {...},
     "pending": None | {"kind", "survivor", "prompt", "page", "options", "labels", "default"},
     "legal_actions": [str(action), ...], "action_labels": [label, ...], "events": [event dicts]}
"""
from __future__ import annotations

from nollab.content_model import GHOUL_TYPES
from nollab.rules.survivors import experience
from nollab.rules.view import GameView, game_view


def snapshot(game, events: int | None = 50) -> dict:
    """``game``'s view model as plain data, with its latest ``events`` (None: all of them)."""
    out = game_view(game).to_dict()
    out["events"] = [e.to_dict() for e in (game.events if events is None else game.events[-events:])]
    return out


class ViewMixin:
    """What :class:`nollab.rules.Game` shows of itself: the summary of a played game, the typed view
    model and its plain-data snapshot (one view model of a state: everything else asks these)."""

    def summary(self) -> dict:
        """Scene, seed, rounds, result and reason, kills by Ghoul type, Survivors' XP/wounds/level."""
        st = self.state
        return {
            "scene": st.scene, "seed": st.seed, "rounds": st.round, "result": st.result or "unfinished",
            "reason": st.reason, "kills": {g: st.kills.get(g, 0) for g in GHOUL_TYPES},
            "survivors": {s.id: {"xp": s.xp_total, "wounds": s.wounds, "alive": s.alive,
                                 "level": experience.LEVEL_NAMES[experience.level_of(self.content, s)]}
                          for s in st.survivors.values()},
            "steps": st.steps, "state_hash": self.state_hash(),
        }

    def view(self) -> GameView:
        """The typed view model now (:class:`nollab.rules.view.GameView`), read by render, widgets, CLI."""
        return game_view(self)

    def snapshot(self, events: int | None = 50) -> dict:
        """Everything a renderer needs, as plain data (fields: this module's docstring);
        ``events``: how many of the latest events to include (None: all)."""
        return snapshot(self, events)
