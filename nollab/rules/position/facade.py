"""``game.position()`` and ``Game.from_position(text)``: the Game's half about positions (a mixin,
so the facade stays small; the format: docs/position.md)."""
from __future__ import annotations

import json

from nollab.rules.position.notation import write_position
from nollab.rules.position.parse import earlier_events, read_position
from nollab.rules.scenes.handmade import SANDBOX_FORMAT


class PositionMixin:
    """Writing and reading a :class:`~nollab.rules.game.Game` as one line of text."""

    def position(self) -> str:
        """This moment as one line of text (like a chess FEN; the format: docs/position.md):
        :meth:`from_position` gives back a game with the same ``state_hash()`` and future."""
        return write_position(self.state, self.scene, self.content, self.options, len(self.events))

    @classmethod
    def from_position(cls, text: str, content=None, history: bool = True):
        """A game at the position ``text`` (:meth:`position`); a bad text raises one line naming
        the field (:class:`nollab.rules.position.parse.PositionError`, a ValueError) and builds
        nothing. A hand-written text without ``active``/``queue``/``pending`` starts the round
        (P. 8). Its replay and JSON save start from this position."""
        content = content or cls._default_content()
        st, sc, options, events = read_position(text, content)
        g = cls(st, content, sc, options, list(st.survivors), earlier_events(st, events), history=history)
        g._drain()  # a hand-written start of round: the First Player's Turn begins (P. 8)
        start = {"state": g.state.to_dict(), "events": [e.to_dict() for e in g.events]}
        g.sandbox_spec = {"format": SANDBOX_FORMAT, "scene": sc.id, "data": sc.data, "spawns": [], "car": None,
                          "clockwise": list(sc.clockwise),
                          "start": json.loads(json.dumps(start))}  # a copy, not the live lists
        return g
