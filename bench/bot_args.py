"""Input checks and the account file shared by the bot benches (``scene_losses``, ``relative_clock``,
``gather_stages``).

One place for "is this a Scene, is this a policy": a bad value gives one line naming it (printed by the
caller, exit 2) before any game is played. The policy names come from the one registry,
:data:`nollab.sim.policy.POLICIES`, so a bench never drifts from what ``nollab simulate`` accepts.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def scene_problem(scene: str):
    """``(Scene, None)`` for a loadable Scene id or file, else ``(None, one-line reason)``."""
    sys.path.insert(0, str(ROOT))
    from nollab.rules.scenes.scene import load_scene

    try:
        return load_scene(scene), None
    except (ValueError, OSError, KeyError) as exc:
        return None, str(exc)


def policy_problem(policy: str) -> str | None:
    """``None`` for a registered policy name, else one line listing the known names."""
    from nollab.sim.policy import POLICIES

    if policy in POLICIES:
        return None
    return f"--policy {policy!r}: one of {', '.join(sorted(POLICIES))}"


def json_problem(path: str) -> str | None:
    """``None`` when ``--json PATH`` can be written (its folder exists), else one line naming it."""
    folder = Path(path).parent
    return None if folder.is_dir() else f"--json: no such folder: {folder}"


def write_account(path: str, data: dict) -> None:
    """Write a bench's account for notebook 05: one key a line, each series on its line, so a
    changed account reads as a short diff."""
    Path(path).write_text("{\n" + ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in data.items()) + "\n}\n")
