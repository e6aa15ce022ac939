"""The game's only source of chance: a splitmix64 generator whose whole state is one integer.

Why an integer: the state lives inside :class:`~nollab.rules.engine.state.GameState`, so cloning,
undo and JSON save/load copy it for free, and Python's global :mod:`random` is never touched
(determinism test: same seed + same log -> same state hash, whatever ``random`` does).

Functions are pure: each takes the current integer state and returns ``(new_state, value)``.
"""
from __future__ import annotations


MASK = (1 << 64) - 1


GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Initial generator state for a user seed (any int, negative allowed)."""
    return (int(seed) * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & MASK


def next_u64(state: int) -> tuple[int, int]:
    """splitmix64 step: returns (new_state, 64-bit output)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Uniform integer in ``range(n)`` (n >= 1), by rejection so there is no modulo bias."""
    if n <= 0:
        raise ValueError(f"below(n) needs n >= 1, got {n}")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


def d6(state: int, count: int) -> tuple[int, list[int]]:
    """Roll ``count`` six-sided dice (faces 1..6)."""
    faces = []
    for _ in range(count):
        state, v = below(state, 6)
        faces.append(v + 1)
    return state, faces


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
