"""Small pieces the odds commands share: reading an integer option and printing exact probabilities.

Used by ``nollab odds`` (:mod:`nollab.cli.odds_cmd`), ``nollab spawn`` (:mod:`nollab.cli.spawn_cmd`)
and the packs' options (:mod:`nollab.packs.cli`), so that a bad number is refused with the same
one-line :class:`nollab.cli.UsageError` everywhere and a probability is shown the same way: an
exact ``p/q`` in lowest terms, a percentage and a bar.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable

from nollab.cli import UsageError

__all__ = ["bar", "frac", "prob_table", "to_int"]


def to_int(value: Any, option: str, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` as an integer in ``lo..hi`` (either bound may be open), else a UsageError naming ``option``."""
    try:
        n = int(str(value).strip())
    except ValueError:
        raise UsageError(f"{option} must be an integer, got {value!r}") from None
    if lo is not None and n < lo:
        raise UsageError(f"{option} must be >= {lo}, got {n}")
    if hi is not None and n > hi:
        raise UsageError(f"{option} must be <= {hi}, got {n}")
    return n


def frac(p: Fraction) -> str:
    """An exact probability as ``"p/q"`` in lowest terms (``"1/1"``, ``"0/1"`` at the ends)."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}"


def bar(p: Fraction, width: int = 30) -> str:
    """A text bar: ``round(p * width)`` ``#`` then ``.`` up to ``width``."""
    n = round(float(p) * width)
    return "#" * n + "." * (width - n)


def prob_table(title: str, rows: Iterable[tuple[str, Fraction]], label_width: int, prob_width: int,
               bar_width: int = 30) -> list[str]:
    """A readable table: a header, then per row its label, exact fraction, percent and a bar."""
    lines = [f"{title:<{label_width + 2}} {'probability':>{prob_width}} {'%':>7}"]
    for label, p in rows:
        lines.append(f"  {label:<{label_width}} {frac(p):>{prob_width}} {float(p) * 100:6.2f}% {bar(p, bar_width)}")
    return lines
