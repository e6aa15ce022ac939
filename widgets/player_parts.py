"""Parts both steppers are made of: the GamePlayer (NOTLD) and the MatchPlayer (any registered game).

One implementation each, so the two pages behave alike:

button(label, tooltip, style=, width=)   a control button (tooltip defaults to its label)
replace_children(box, children)         swap a box's widgets and close the old ones (no comm leak)
EventLog(page)                          the event log as HTML rows, newest first, built incrementally
"""
from __future__ import annotations

import html
from typing import Any, Callable, Sequence

import ipywidgets as W

#: Rows the log keeps on the page (the whole history stays in the game).
LOG_ROWS = 200


def button(label: str, tooltip: str = "", *, style: str = "", width: str = "auto") -> W.Button:
    """A control button; the tooltip says what it does (its label when not given)."""
    return W.Button(description=label, tooltip=tooltip or label, button_style=style,
                    layout=W.Layout(width=width, margin="1px 2px"))


def replace_children(box: W.Box, children: tuple) -> None:
    """Swap ``box``'s children and close the old widgets (their comms would leak otherwise)."""
    old = box.children
    box.children = children
    for w in old:
        for inner in getattr(w, "children", ()):
            inner.close()
        w.close()


class EventLog:
    """The log of a game's events as HTML, newest first so the latest is visible without scrolling.

    Rows are rendered once and kept: a refresh renders only the new events, an undo (fewer events
    than rows) cuts the rows back, :meth:`reset` (a new game or a loaded position) starts over.
    ``page(page, kind)`` renders an event's rulebook reference.
    """

    def __init__(self, page: Callable[[str, str], str], rows: int = LOG_ROWS) -> None:
        self.page = page
        self.rows = rows
        self._rows: list[str] = []

    def reset(self) -> None:
        """Forget the rendered rows (the game they belong to is gone)."""
        self._rows = []

    def cut(self, n: int) -> None:
        """Keep the first ``n`` rows (an undo took the later events back)."""
        del self._rows[n:]

    def html(self, events: Sequence[Any]) -> str:
        """The log of ``events`` (a game's whole history; objects with text, round, page, kind)."""
        self.cut(len(events))
        for ev in events[len(self._rows):]:
            text = html.escape(getattr(ev, "text", str(ev)))
            rnd = getattr(ev, "round", "")
            ref = self.page(getattr(ev, "page", "") or "", getattr(ev, "kind", "") or "")
            self._rows.append(f'<div class="nollab-event"><span style="color:#888">R{rnd}</span> {text} {ref}</div>')
        shown = self._rows[-self.rows:]
        return (f'<div style="font-size:12px;line-height:1.35;height:300px;overflow-y:auto">'
                f'{"".join(reversed(shown))}</div>')
