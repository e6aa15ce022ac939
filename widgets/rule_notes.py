"""A rulebook page reference that opens its entry of the rules index, in place.

The GamePlayer's event log shows each event's page as ``(P. 22)``; :func:`page_details` makes it a
``<details>`` element: a click opens the page's entry of ``docs/rules-index.md`` (built from the
code by :mod:`nollab.rules.index`): the rulebook section, the rule as the code quotes it, the
function that logged this event, and the code implementing the page. Plain HTML, no script, so it
works the same in JupyterLab and in Voilà.
"""
from __future__ import annotations

from functools import lru_cache
from html import escape

from nollab.rules.index import anchor, build_index, pages_in

MAX_CODE = 4
MAX_QUOTE = 320


def _short(path: str, name: str) -> str:
    return f"<code>{escape(path.rsplit('/', 1)[-1])} · {escape(name)}</code>"


@lru_cache(maxsize=1024)
def page_details(page: str, kind: str = "") -> str:
    """``(P. 22)`` as a ``<details>`` element whose body is the page's index entry (``kind``: the
    event kind, to name the function that logged it first). A page the index does not know stays
    plain text."""
    label = escape(page or "")
    pages = pages_in(page or "")
    e = build_index(with_tests=False).get(pages[0]) if pages else None
    if e is None:
        return f'<span class="nollab-page" style="color:#0a6;font-size:11px">({label})</span>'
    parts = [f"<b>P. {e.page}</b> — {escape(e.section)}"]
    if e.quotes:
        q = next(iter(e.quotes))
        q = q if len(q) <= MAX_QUOTE else q[:MAX_QUOTE].rsplit(" ", 1)[0] + " …"
        parts.append(f"<i>“{escape(q)}”</i>")
    logged = sorted(e.events.get(kind, ()))
    if logged:
        parts.append("logged by " + ", ".join(_short(r.path, r.name) for r in logged))
    near = {r.path for r in logged}  # the code beside the function that logged the event comes first
    code = sorted((r for r in e.code if r.name != "(module)"), key=lambda r: (r.path not in near, r))[:MAX_CODE]
    if code:
        parts.append("code: " + ", ".join(_short(r.path, r.name) for r in code))
    parts.append(f"index: <code>docs/rules-index.md#{anchor(e.page)}</code>")
    body = "<br>".join(parts)
    return (f'<details class="nollab-page" style="display:inline"><summary style="display:inline;cursor:pointer;'
            f'color:#0a6;font-size:11px" title="open the rules index entry of P. {e.page}">({label})</summary>'
            f'<div class="nollab-rule-entry" style="font-size:11px;border-left:3px solid #0a6;margin:2px 0 4px 6px;'
            f'padding:2px 6px;background:#f6fbf8">{body}</div></details>')
