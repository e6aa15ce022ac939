"""Jupyter widgets for nollab (installed as ``nollab.widgets``).

The only part of nollab that imports ipywidgets/ipycanvas. Everything drawn
here comes from the display lists of :mod:`nollab.render`.
"""
