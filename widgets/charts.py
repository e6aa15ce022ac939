"""SVG bar charts of exact distributions, with the exact fraction on hover (no Jupyter imports).

Why SVG text in an ``ipywidgets.HTML`` rather than a plotting library: one string per redraw is
fast (well under a millisecond for a dozen bars), needs no extra package, loads nothing from the
network, and its ``<title>`` elements give the browser's own hover tooltip. Each bar is a
``<g class="nollab-bar" data-label=... data-p="p/q">`` so tests can read the exact values.

API::

    frac_text(f) -> "p/q"                                  # "1" and "0" for certainties
    pct_text(f, digits=1) -> "12.3%"
    bar_chart(bars, *, title="", width=360, height=150, color="#3b6ea8", css_class="") -> str
        # bars: [(label, Fraction)], in display order
    dist_bars(dist, label=str, order=None) -> [(label, Fraction)]     # from a nollab.prob Dist
    dist_chart(dist, *, title="", label=str, order=None, **kw) -> str

The small HTML pieces the odds panels share (also plain strings)::

    value_row(label, css, f, percent=True) -> "<tr>...</tr>"   # exact p/q in a span data-value="p/q"
    error_html(exc) -> str                                     # the red error line
    timing_html(ms) -> str                                     # "computed and drawn in 1.2 ms"
"""
from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any, Callable, Iterable, Sequence

__all__ = ["frac_text", "pct_text", "bar_chart", "dist_bars", "dist_chart", "value_row", "error_html", "timing_html"]


def frac_text(f: Fraction | int) -> str:
    """Exact ``"p/q"`` in lowest terms (``"0"``/``"1"`` for integers)."""
    f = Fraction(f)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def pct_text(f: Fraction | int, digits: int = 1) -> str:
    """A percentage for the eye; the exact value is always shown next to it or on hover."""
    return f"{float(f) * 100:.{digits}f}%"


def bar_chart(
    bars: Sequence[tuple[str, Fraction]],
    *,
    title: str = "",
    width: int = 360,
    height: int = 150,
    color: str = "#3b6ea8",
    css_class: str = "",
) -> str:
    """An inline SVG bar chart; hovering a bar shows ``label: p/q (≈ x%)``."""
    n = max(len(bars), 1)
    top, bottom, left, right = (30 if title else 14), 30, 6, 6
    plot_h = height - top - bottom
    slot = (width - left - right) / n
    bar_w = max(min(slot * 0.75, 48), 2)
    peak = max((float(p) for _, p in bars), default=0.0) or 1.0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="nollab-chart {escape(css_class)}" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'font-family="sans-serif" font-size="10">'
    ]
    if title:
        parts.append(f'<text x="{left}" y="12" font-size="11" font-weight="bold">{escape(title)}</text>')
    parts.append(f'<line x1="{left}" y1="{top + plot_h}" x2="{width - right}" y2="{top + plot_h}" '
                 f'stroke="#999" stroke-width="1"/>')
    for i, (label, p) in enumerate(bars):
        p = Fraction(p)
        h = plot_h * float(p) / peak
        x = left + i * slot + (slot - bar_w) / 2
        y = top + plot_h - h
        tip = f"{label}: {frac_text(p)} (≈ {pct_text(p, 2)})"
        lab = escape(str(label))
        parts.append(
            f'<g class="nollab-bar" data-label="{lab}" data-p="{frac_text(p)}">'
            f'<title>{escape(tip)}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{max(h, 0.5):.1f}" fill="{color}"/>'
            f'<rect x="{left + i * slot:.1f}" y="{top}" width="{slot:.1f}" height="{plot_h + bottom}" '
            f'fill="transparent"/>'
            f'<text x="{x + bar_w / 2:.1f}" y="{y - 2:.1f}" text-anchor="middle" font-size="9" '
            f'fill="#333">{pct_text(p, 0)}</text>'
            f'<text x="{x + bar_w / 2:.1f}" y="{top + plot_h + 12}" text-anchor="middle">{lab}</text>'
            f'</g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def dist_bars(dist: Any, label: Callable[[Any], str] = str, order: Iterable | None = None
              ) -> list[tuple[str, Fraction]]:
    """``[(label(outcome), probability)]`` of a :class:`nollab.prob.dist.Dist`, sorted outcomes."""
    outcomes = list(order) if order is not None else dist.support_sorted()
    return [(label(o), dist.prob(o)) for o in outcomes]


def dist_chart(dist: Any, *, title: str = "", label: Callable[[Any], str] = str,
               order: Iterable | None = None, **kw: Any) -> str:
    """:func:`bar_chart` of a ``Dist``."""
    return bar_chart(dist_bars(dist, label, order), title=title, **kw)


def value_row(label: str, css: str, f: Fraction, *, percent: bool = True) -> str:
    """A table row: ``label``, then the exact value in ``<span class=css data-value="p/q">`` with a
    percentage (or, ``percent=False``, a decimal) for the eye."""
    shown = f"{frac_text(f)}" + (f" <small>(≈ {pct_text(f)})</small>" if percent else
                                 f" <small>(≈ {float(f):.3f})</small>")
    return (f"<tr><th style='text-align:left;padding-right:1em'>{escape(label)}</th>"
            f"<td><span class='{css}' data-value='{frac_text(f)}'>{shown}</span></td></tr>")


def error_html(exc: Exception) -> str:
    """The error line of a panel whose inputs are bad (the message names the field)."""
    return f"<span style='color:#b00020'>{escape(str(exc), quote=False)}</span>"


def timing_html(ms: float) -> str:
    """How long the last recompute and redraw took."""
    return f"<small style='color:#888'>computed and drawn in {ms:.1f} ms</small>"
