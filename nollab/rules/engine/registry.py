"""Registering a rule by name (engine tasks, decision resolvers, Scene hooks): one rule for all.

A name is taken once: another object under a taken name is an error (two rules would answer it),
while the same definition again (its module re-run, a notebook cell run twice: same module and
qualified name) replaces its older self.
"""
from __future__ import annotations

from typing import Any


def register(table: dict[str, Any], name: str, obj: Any, what: str) -> None:
    """Put ``obj`` in ``table`` under ``name``; ``what`` names the registry in the error."""
    old = table.get(name)
    if old is not None and old is not obj and (old.__module__, old.__qualname__) != (obj.__module__, obj.__qualname__):
        raise ValueError(f"{what} {name!r} registered twice ({old.__module__}.{old.__qualname__} and "
                         f"{obj.__module__}.{obj.__qualname__})")
    table[name] = obj
