"""Simulation widgets: a progress bar for :func:`nollab.sim.run` and a results panel.

The core (``nollab.sim``) knows nothing about Jupyter: it calls ``progress(done, total)`` after
each batch of games. :class:`SimProgress` is such a callable backed by an ``ipywidgets``
``IntProgress``; :class:`SimPanel` shows a :class:`nollab.sim.SimResults`: the win rate with its
95 % Wilson interval, the rounds histogram, kills by Ghoul type and losses by cause (SVG bar
charts from :mod:`nollab.widgets.charts`, each bar's exact share ``wins/N`` on hover).

API::

    bar = SimProgress(description="S1")         # display(bar.widget); pass progress=bar
    panel = SimPanel(results=None)              # display(panel.widget)
    panel.show(results)                         # (re)draw
    panel = SimPanel.run("S1", "heuristic", games=200, seed=1, workers=2)   # bar, then results

Test hooks (CSS classes): ``nollab-sim-summary`` (spans ``data-value``: ``nollab-sim-win-rate``
as ``wins/games``, ``nollab-sim-ci-low``, ``nollab-sim-ci-high``), ``nollab-sim-rounds``,
``nollab-sim-kills``, ``nollab-sim-causes``.
"""
from __future__ import annotations

from fractions import Fraction
from html import escape

import ipywidgets as W

from nollab.content_model import ghoul_plural

from .charts import bar_chart

__all__ = ["SimProgress", "SimPanel", "summary_html"]



class SimProgress:
    """A ``progress(done, total)`` callable that drives an ``IntProgress`` bar."""

    def __init__(self, description: str = "games"):
        self.widget = W.IntProgress(value=0, min=0, max=1, description=description,
                                    layout=W.Layout(width="420px"))
        self.label = W.Label("")
        self.box = W.HBox([self.widget, self.label])

    def __call__(self, done: int, total: int) -> None:
        self.widget.max = max(total, 1)
        self.widget.value = done
        self.label.value = f"{done}/{total} games"
        self.widget.bar_style = "success" if done >= total else ""


def summary_html(results) -> str:
    """The headline: games, win rate (exact wins/games) and the 95 % interval, rounds, kills."""
    s = results.summary()
    n, wins = s["games"], s["wins"]
    lo, hi = s["win_ci"]
    m = results.meta
    return (f'<div class="nollab-sim-summary"><b>{escape(str(m.get("scene", "?")))}</b> with '
            f'<b>{escape(str(m.get("policy", "?")))}</b>, team {escape(str(m.get("team", "?")))}: {n} games. '
            f'Win rate <span class="nollab-sim-win-rate" data-value="{wins}/{n}">{s["win_rate"]:.1%}</span> '
            f'(95% CI <span class="nollab-sim-ci-low" data-value="{lo:.6f}">{lo:.1%}</span> – '
            f'<span class="nollab-sim-ci-high" data-value="{hi:.6f}">{hi:.1%}</span>); '
            f'lost {s["losses"]}, timeout {s["timeouts"]}; mean rounds {s["mean_rounds"]:.2f}, '
            f'mean kills {s["mean_kills"]:.2f}, mean deaths {s["mean_deaths"]:.2f}.</div>')


def _share(k: int, n: int) -> Fraction:
    return Fraction(k, n) if n else Fraction(0)


class SimPanel:
    """Results of a Monte Carlo run as widgets (see the module docstring)."""

    def __init__(self, results=None):
        self.summary = W.HTML()
        self.rounds = W.HTML()
        self.kills = W.HTML()
        self.causes = W.HTML()
        self.progress = SimProgress()
        self.widget = W.VBox([self.progress.box, self.summary, W.HBox([self.rounds, self.kills]), self.causes])
        self.results = None
        if results is not None:
            self.show(results)

    def show(self, results) -> None:
        self.results = results
        s = results.summary()
        n = s["games"]
        self.summary.value = summary_html(results)
        hist = s["rounds_histogram"]
        bars = [(str(r), _share(c, n)) for r, c in hist.items()]
        self.rounds.value = bar_chart(bars, title="Rounds played (share of games)", width=420,
                                      css_class="nollab-sim-rounds")
        total = sum(s["kills_by_type"].values())
        kbars = [(ghoul_plural(g), _share(c, total)) for g, c in s["kills_by_type"].items()]
        self.kills.value = bar_chart(kbars, title=f"Kills by type ({total} in all)", width=300,
                                     color="#a83b3b", css_class="nollab-sim-kills")
        rows = "".join(f"<tr><td>{c}</td><td>{escape(why)}</td></tr>" for why, c in s["causes"].items())
        self.causes.value = (f'<table class="nollab-sim-causes"><tr><th>losses</th><th>cause</th></tr>{rows}</table>'
                             if rows else '<div class="nollab-sim-causes">no losses</div>')

    @classmethod
    def run(cls, scene: str, policy="heuristic", display: bool = True, **kw) -> "SimPanel":
        """Display a new panel (``display=True``), run :func:`nollab.sim.run` with its progress
        bar, then draw the results into it. Keyword arguments go to ``run``. Assign the result
        (``panel = SimPanel.run(...)``) so the notebook does not display it a second time."""
        from nollab.sim import run
        panel = cls()
        panel.progress.widget.description = str(scene)
        if display:
            from IPython.display import display as show
            show(panel.widget)
        res = run(scene, policy, progress=panel.progress, **kw)
        panel.show(res)
        return panel

    def _repr_mimebundle_(self, **kw):
        return self.widget._repr_mimebundle_(**kw)
