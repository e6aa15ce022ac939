"""Zpocalypse (Greenbrier Games) rule pack: exact odds on the shared Dist kernel.

- :mod:`.dice` -- red-dice pools with 5/Z successes, survivor attacks (doubles take two
  successes, Knockdown), Smarts checks, blue-die ammo CLICKs, explosive throws.
- :mod:`.zombies` -- zombies attacking a squad: defence roll, attack dice minus Armor,
  nights 1-4, double Zs, On Death's Door.
- :mod:`.content` -- dice faces and rule numbers from ``nollab/data/packs/zpocalypse.toml``
  (overridable; the dice are reconstructed because the summary never shows them).

Source: Universal Head's rules summary, ``shared/seeds/003_…``.
"""
from nollab.packs.zpocalypse.content import ZpocalypseContent, load

__all__ = ["ZpocalypseContent", "load"]
