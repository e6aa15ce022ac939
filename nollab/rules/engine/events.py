"""Events: every state change is logged with a rulebook page and a short human explanation.

The log lives in :class:`~nollab.rules.game.Game` (not in the state, so cloning stays cheap).
A widget shows ``event.text``; a test or a notebook filters by ``event.kind``.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    """One thing that happened: ``kind`` (machine name), ``page`` ("P. 23"), ``text`` (human)."""

    kind: str
    page: str
    text: str
    round: int = 0
    phase: str = ""
    data: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "page": self.page, "text": self.text, "round": self.round,
                "phase": self.phase, "data": self.data}

    @classmethod
    def from_dict(cls, d: dict) -> "Event":
        return cls(**d)

    def __str__(self) -> str:
        return f"[R{self.round} {self.phase}] {self.text} ({self.page})"


class IllegalAction(ValueError):
    """An action or choice the rules forbid. The message names the rule and its page.

    Raising it never changes the game state (``apply`` validates before touching anything).
    """
