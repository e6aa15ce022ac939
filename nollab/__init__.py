"""nollab — a rules lab for *Night of the Living Dead: A Zombicide Game*.

Layers, lowest first (nothing lower imports anything higher)::

    data -> content -> board -> rules -> prob / sim -> render -> widgets -> notebooks

The core (everything under ``nollab/`` except ``nollab.widgets``) never imports
Jupyter packages, so it runs in plain Python, in a CLI and on a Dask worker.
"""

__version__ = "0.1.0"
