"""Golden playthrough: a seeded S1 game (random policy, seed 2026, 4 rounds) whose whole event
log is checked in at tests/golden/S1_seed2026_random.txt. Any change in rules resolution, RNG use
or event wording shows up as a diff. Regenerate deliberately with NOLLAB_REGOLD=1."""
from __future__ import annotations

import os
from pathlib import Path

from nollab.rules.game import Game
from nollab.rules.engine.policies import RandomPolicy

GOLDEN = Path(__file__).parent / "golden" / "S1_seed2026_random.txt"


def transcript() -> str:
    g = Game.new("S1", seed=2026, history=False)
    g.run_until("end", RandomPolicy(2026), max_rounds=4)
    lines = [str(e) for e in g.events]
    lines.append(f"state hash {g.state_hash()}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough_matches_the_checked_in_transcript():
    text = transcript()
    if os.environ.get("NOLLAB_REGOLD") == "1":
        GOLDEN.write_text(text)
    assert GOLDEN.exists(), "run with NOLLAB_REGOLD=1 once to create the golden file"
    assert text == GOLDEN.read_text()
