"""SVG bar charts of exact distributions, with the exact fraction on hover (no Jupyter imports).

Why SVG text in an ``ipywidgets.HTML`` rather than a plotting library: one string per redraw is
fast (well under a millisecond for a dozen bars), needs no extra package, loads nothing from the
network, and its ``<title>`` elements give the browser's own hover tooltip. Each bar is a
``<g class="nollab-bar" data-label=... data-p="p/q">`` so tests can read the exact values.

API::

    frac_text(f) -> "p/q"                                  # "1" and "0" for certainties
    pct_text(f, digits=1) -> "12.3%"
    bar_chart(bars, *, title="", width=360, height=150, color="#3b6ea8", css_class="") -> str
        # bars: [(label, Fraction)], in display order; the SVG scales to its box (max width `width`)
    group_tails(bars, *, min_p=1/200, max_bars=13) -> bars   # rare outcomes at both ends merged: "≤2", "≥9"
    dist_bars(dist, label=str, order=None) -> [(label, Fraction)]     # from a nollab.prob Dist
    dist_chart(dist, *, title="", label=str, order=None, tails=True, **kw) -> str
        # tails=True groups the rare ends of an ordered (numeric) outcome set

The small HTML pieces the odds panels share (also plain strings)::

    value_row(label, css, f, percent=True) -> "<tr>...</tr>"   # percentage (or decimal) first and
        # large, the exact p/q beside it; a long fraction is folded (full on hover and under "exact")
    headline_html(label, css, f, note="") -> str               # the one big number of a panel
    exact_html(f) -> str                                       # the exact value, folded when long
    error_html(exc) -> str                                     # the red error line
    timing_html(ms) -> str                                     # "computed and drawn in 1.2 ms"
"""
from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any, Callable, Iterable, Sequence

__all__ = ["frac_text", "pct_text", "bar_chart", "group_tails", "dist_bars", "dist_chart", "value_row",
           "headline_html", "exact_html", "error_html", "timing_html"]


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
    """An inline SVG bar chart; hovering a bar shows ``label: p/q (≈ x%)``.

    The SVG scales down with its box (``viewBox``, ``max-width: width``) and stays readable: with
    many bars the percentages above them and every other axis label are left out (the hover title
    keeps them all); use :func:`group_tails` first so rare outcomes do not crowd it.
    """
    n = max(len(bars), 1)
    top, bottom, left, right = (30 if title else 14), 30, 6, 6
    plot_h = height - top - bottom
    slot = (width - left - right) / n
    bar_w = max(min(slot * 0.75, 48), 2)
    peak = max((float(p) for _, p in bars), default=0.0) or 1.0
    longest = max((len(str(lab)) for lab, _ in bars), default=1)
    label_every = max(1, -(-int(longest * 6.2 + 4) // max(int(slot), 1)))  # ~6 px per character at 10 px
    show_pct = slot >= 26
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="nollab-chart {escape(css_class)}" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'preserveAspectRatio="xMinYMin meet" style="max-width:100%;height:auto" '
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
        pct = (f'<text x="{x + bar_w / 2:.1f}" y="{y - 2:.1f}" text-anchor="middle" font-size="9" '
               f'fill="#333">{pct_text(p, 0)}</text>') if show_pct else ""
        axis = (f'<text x="{x + bar_w / 2:.1f}" y="{top + plot_h + 12}" text-anchor="middle">{lab}</text>'
                if i % label_every == 0 or i == n - 1 else "")
        parts.append(
            f'<g class="nollab-bar" data-label="{lab}" data-p="{frac_text(p)}">'
            f'<title>{escape(tip)}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{max(h, 0.5):.1f}" fill="{color}"/>'
            f'<rect x="{left + i * slot:.1f}" y="{top}" width="{slot:.1f}" height="{plot_h + bottom}" '
            f'fill="transparent"/>{pct}{axis}</g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def group_tails(bars: Sequence[tuple[str, Fraction]], *, min_p: Fraction = Fraction(1, 200),
                max_bars: int = 13) -> list[tuple[str, Fraction]]:
    """Merge the rare outcomes at both ends of an ordered bar list into ``"≤a"`` / ``"≥b"`` bars.

    Bars below ``min_p`` at either end are merged into their neighbour; then, while there are more
    than ``max_bars``, the end with the smaller total is merged one more step. The probabilities
    still sum to the same total (each merged bar is the exact sum). Labels of merged ends come from
    the last merged outcome, so this is meant for ordered numeric outcomes (hits, wounds, kills).
    """
    out = [(str(lab), Fraction(p)) for lab, p in bars]
    if len(out) <= 2:
        return out
    def bare(label: str) -> str:
        return label.lstrip("≤≥")

    def merge_low() -> None:
        (_, pa), (b, pb) = out[0], out[1]
        out[0:2] = [(f"≤{bare(b)}", pa + pb)]

    def merge_high() -> None:
        (a, pa), (_, pb) = out[-2], out[-1]
        out[-2:] = [(f"≥{bare(a)}", pa + pb)]

    while len(out) > 3 and out[0][1] < min_p and out[0][1] + out[1][1] < 0.5:
        merge_low()
    while len(out) > 3 and out[-1][1] < min_p and out[-1][1] + out[-2][1] < 0.5:
        merge_high()
    while len(out) > max(max_bars, 3):
        if out[0][1] <= out[-1][1]:
            merge_low()
        else:
            merge_high()
    return out


def dist_bars(dist: Any, label: Callable[[Any], str] = str, order: Iterable | None = None
              ) -> list[tuple[str, Fraction]]:
    """``[(label(outcome), probability)]`` of a :class:`nollab.prob.dist.Dist`, sorted outcomes."""
    outcomes = list(order) if order is not None else dist.support_sorted()
    return [(label(o), dist.prob(o)) for o in outcomes]


def dist_chart(dist: Any, *, title: str = "", label: Callable[[Any], str] = str,
               order: Iterable | None = None, tails: bool = True, **kw: Any) -> str:
    """:func:`bar_chart` of a ``Dist``; with ``tails`` and numeric outcomes, rare ends are grouped."""
    bars = dist_bars(dist, label, order)
    if tails and order is None and all(isinstance(o, int) for o in dist.support_sorted()):
        bars = group_tails(bars)
    return bar_chart(bars, title=title, **kw)


#: fractions longer than this many characters are folded (``exact_html``)
FOLD_AT = 21


def pct_eye(f: Fraction, digits: int = 1) -> str:
    """A percentage that never rounds an uncertain value to a certainty: ``"<0.1%"``, ``">99.9%"``."""
    f = Fraction(f)
    step = Fraction(1, 10 ** (digits + 2))
    if 0 < f < step / 2:
        return f"<{float(step * 100):.{digits}f}%"
    if 1 - step / 2 < f < 1:
        return f">{float((1 - step) * 100):.{digits}f}%"
    return pct_text(f, digits)


def exact_html(f: Fraction) -> str:
    """The exact value, whole when short; when long, its first digits and the number of digits, with
    the full value on hover (``title``) and under a "exact" disclosure (selectable, wraps)."""
    text = frac_text(f)
    if len(text) <= FOLD_AT:
        return f"<span class='nollab-frac'>{text}</span>"
    f = Fraction(f)
    short = f"{str(f.numerator)[:6]}…/{str(f.denominator)[:6]}… ({len(str(f.denominator))} digits)"
    return (f"<details class='nollab-exact' style='display:inline-block;max-width:100%' title='{text}'>"
            f"<summary style='cursor:pointer'>{short}</summary>"
            f"<code style='word-break:break-all;white-space:normal;font-size:11px'>{text}</code></details>")


def value_row(label: str, css: str, f: Fraction, *, percent: bool = True) -> str:
    """A table row: ``label``, then the value for the eye first and large (a percentage, or with
    ``percent=False`` a decimal), and the exact fraction beside it (folded when long). The exact
    ``p/q`` is always in ``<span class=css data-value="p/q">``."""
    f = Fraction(f)
    eye = pct_eye(f) if percent else (f"{float(f):.3f}".rstrip("0").rstrip(".") if f.denominator != 1
                                        else str(f.numerator))
    return (f"<tr><th style='text-align:left;padding-right:1em;font-weight:600'>{escape(label)}</th>"
            f"<td><span class='{css}' data-value='{frac_text(f)}' title='{frac_text(f)}'>"
            f"<b class='nollab-eye' style='font-size:15px'>{eye}</b></span></td>"
            f"<td style='padding-left:0.8em;color:#666;font-size:11px;max-width:14em'>{exact_html(f)}</td></tr>")


def headline_html(label: str, css: str, f: Fraction, note: str = "") -> str:
    """The panel's one big number: ``label``, the percentage in large type, the exact value under it."""
    f = Fraction(f)
    return (f"<div class='nollab-headline' style='margin:2px 0 10px'>"
            f"<div style='font-size:13px;color:#555'>{escape(label)}</div>"
            f"<span class='{css}' data-value='{frac_text(f)}' title='{frac_text(f)}' "
            f"style='font-size:34px;font-weight:700;line-height:1.1;color:#8c1c13'>{pct_eye(f)}</span>"
            f"<div style='font-size:12px;color:#555'>exactly {exact_html(f)}"
            + (f" — {note}" if note else "") + "</div></div>")


def error_html(exc: Exception) -> str:
    """The error line of a panel whose inputs are bad (the message names the field)."""
    return f"<span style='color:#b00020'>{escape(str(exc), quote=False)}</span>"


def timing_html(ms: float) -> str:
    """How long the last recompute and redraw took."""
    return f"<small style='color:#888'>computed and drawn in {ms:.1f} ms</small>"
