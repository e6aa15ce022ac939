"""The Ghoul types of NOTLD (P. 17), in the one order every per-type tuple uses.

A module of its own, with no imports, so that a cold odds query (``nollab.prob.spawn``) does not pay for
the content model; :mod:`nollab.content_model` re-exports it.
"""
#: Walker, Breaker, Fatty, Relative (a game state's counts per Zone, kill tables, panels)
GHOUL_TYPES: tuple = ("walker", "breaker", "fatty", "relative")
