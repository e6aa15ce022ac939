"""A game's named policies, imported only when one is asked for.

A pack's ``game_spec`` is loaded through an entry point whenever the lab lists its games, so it must
not import the pack's engine; :class:`LazyPolicies` names the policies up front ("first",
"random", "bot") and imports the module holding the ``POLICIES`` table on the first lookup.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Iterator, Mapping

__all__ = ["LazyPolicies"]


class LazyPolicies(Mapping):
    """``name -> policy factory (seed -> policy)``, read from ``module.POLICIES`` when first used."""

    def __init__(self, module: str, names: tuple[str, ...] = ("first", "random", "bot")) -> None:
        self._module = module
        self._names = names

    def _table(self) -> dict[str, Callable[[int], Any]]:
        return importlib.import_module(self._module).POLICIES

    def __getitem__(self, key: str) -> Callable[[int], Any]:
        return self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)
