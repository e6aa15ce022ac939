"""Rule packs for the other zombie games in the seeds, on the shared exact kernel.

Each pack is a package with its own content (``nollab/data/packs/<game>.toml``, loaded and
validated by its ``content`` module; reconstructed values are marked and replaceable from a
content folder, see :mod:`nollab.packs.content`), its odds queries returning
:class:`nollab.prob.dist.Dist` objects, and a ``cli`` module answering ``nollab odds --game``.

- :mod:`nollab.packs.dead_panic` -- Dead Panic (Fireside Games)
- :mod:`nollab.packs.zombie_slayer` -- Zombie Slayer (CatZeyeS Entertainment)
- :mod:`nollab.packs.zpocalypse` -- Zpocalypse (Greenbrier Games)
- :mod:`nollab.packs.cli` -- the options and dispatch used by ``nollab odds``
"""
