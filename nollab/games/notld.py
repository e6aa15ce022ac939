"""NOTLD on the game seam: an adapter over :class:`nollab.rules.Game`, unchanged in behaviour.

Every call is forwarded to the engine (same seed, same decisions, same ``state_hash()``); the
adapter only adds what the seam asks and the engine names differently: ``view()`` is
``Game.snapshot()``, ``display_list()`` is :func:`nollab.render.display_list` with the usual
overlay, ``chance()`` is ``Game.chance_outcomes()`` (the engine's own chance node, the same shape
as :class:`nollab.games.Chance`; a NOTLD game stops at a roll or a draw only at visible steps
unless ``match.game.set_explicit_chance(True)``), ``resolve_chance`` is ``Game.apply_chance``, and
``describe(action)`` is the action's label as a player reads it (:mod:`nollab.rules.labels`). ``match.game`` is the engine object, which NOTLD's own bots, odds and widgets
read; policies are called with it.

Only the public names of :mod:`nollab.rules` are used, imported when a match is made, so
loading the registry never imports the engine.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from nollab.content_model import GHOUL_TYPES
from nollab.games.protocol import Chance, GameSpec

__all__ = ["GAME", "NotldMatch", "scene_ids"]

SCENES_DIR = Path(__file__).resolve().parents[1] / "data" / "scenes"


def scene_ids() -> list[str]:
    """The shipped Scene ids, S1..S10 in number order."""
    ids = [p.stem for p in SCENES_DIR.glob("*.toml")]
    return sorted(ids, key=lambda s: (len(s), s))


class NotldMatch:
    """A NOTLD game behind the :class:`~nollab.games.protocol.Match` protocol."""

    name = "notld"

    def __init__(self, game: Any) -> None:
        self.game = game

    # ---- state ------------------------------------------------------------------------------
    @property
    def seed(self) -> int:
        return self.game.state.seed

    @property
    def round(self) -> int:
        return self.game.state.round

    @property
    def phase(self) -> str:
        return self.game.state.phase

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def result(self) -> str | None:
        return self.game.state.result

    @property
    def pending(self) -> Any:
        return self.game.pending

    @property
    def events(self) -> list:
        return self.game.events

    @property
    def log(self) -> list:
        return self.game.log

    def needs(self) -> str:
        return self.game.needs()

    def legal_actions(self) -> list:
        return self.game.legal_actions()

    def chance(self) -> Chance | None:
        """The roll or draw the game stands before, with exact integer weights (or None)."""
        return self.game.chance_outcomes()

    # ---- decisions --------------------------------------------------------------------------
    def apply(self, action: Any) -> None:
        self.game.apply(action)

    def choose(self, option: Any) -> None:
        self.game.choose(option)

    def resolve_chance(self, outcome: Any) -> None:
        self.game.apply_chance(outcome)

    def step(self, policy: Any = None) -> str:
        return self.game.step(policy)

    def run_until(self, what: str = "end", policy: Any = None, max_steps: int = 1_000_000,
                  max_rounds: int | None = None) -> int:
        return self.game.run_until(what, policy, max_steps=max_steps, max_rounds=max_rounds)

    # ---- history ----------------------------------------------------------------------------
    def undo(self) -> None:
        self.game.undo()

    def copy(self) -> "NotldMatch":
        return NotldMatch(self.game.copy(history=self.game.keep_history))

    def replay(self) -> "NotldMatch":
        return NotldMatch(self.game.replay())

    def to_json(self) -> str:
        return self.game.to_json()

    def state_hash(self) -> str:
        return self.game.state_hash()

    def summary(self) -> dict:
        return self.game.summary()

    # ---- pictures ---------------------------------------------------------------------------
    def view(self) -> dict:
        return self.game.snapshot()

    def display_list(self, overlay: Any = None, **kwargs: Any) -> Any:
        from nollab.render import display_list, game_overlay
        return display_list(self.game, overlay if overlay is not None else game_overlay(self.game), **kwargs)

    def describe(self, action: Any) -> str:
        """The label a player reads (:func:`nollab.rules.labels.action_label`)."""
        from nollab.rules.labels import action_label
        return action_label(self.game._ctx(), action)

    def _repr_svg_(self) -> str:
        return self.game._repr_svg_()

    def __repr__(self) -> str:
        st = self.game.state
        return f"<NOTLD {st.scene} seed {st.seed}: round {st.round}, {st.phase}, {st.result or 'playing'}>"


def new(seed: int = 0, setup: str | None = None, options: dict | None = None, history: bool = True,
        survivors: list[str] | None = None) -> NotldMatch:
    """A new NOTLD game: ``setup`` is a Scene id or a scene file (default S1)."""
    from nollab.rules import Game
    return NotldMatch(Game.new(setup or "S1", seed=seed, survivors=survivors, options=options, history=history))


def from_json(text: str) -> NotldMatch:
    from nollab.rules import Game
    return NotldMatch(Game.from_json(text))


class _Policies(Mapping):
    """The simulation bots (first, random, heuristic, idle), imported on first use."""

    def _table(self) -> dict[str, Callable[[int], Any]]:
        from nollab.sim.policy import POLICIES
        return POLICIES

    def __getitem__(self, key: str) -> Callable[[int], Any]:
        return self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


def sim_row(summary: dict) -> dict:
    """NOTLD's own columns of a simulation row (kills by Ghoul type, XP, deaths)."""
    from nollab.sim.results import row_from_summary
    row = row_from_summary(0, 0, summary, False)
    return {k: v for k, v in row.items() if k not in ("index", "seed", "policy_seed", "result", "rounds",
                                                       "cause", "steps", "state_hash")}


def summary_text(summary: dict) -> list[str]:
    """The text ``nollab play`` prints for a NOTLD game (unchanged from before the seam)."""
    lines = [f"{summary['scene']} seed {summary['seed']} policy {summary['policy']}: {summary['result']} after "
             f"{summary['rounds']} round(s){' - ' + summary['reason'] if summary['reason'] else ''}",
             "kills: " + ", ".join(f"{k} {v}" for k, v in summary["kills"].items())]
    for sid, s in summary["survivors"].items():
        lines.append(f"  {sid:7s} XP {s['xp']:3d} ({s['level']}), wounds {s['wounds']}/3"
                     f"{'' if s['alive'] else ', eliminated'}")
    lines.append(f"state hash {summary['state_hash']}")
    return lines


GAME = GameSpec(
    name="notld",
    title="Night of the Living Dead: A Zombicide Game",
    new=new,
    from_json=from_json,
    setups=scene_ids,
    default_setup="S1",
    policies=_Policies(),
    default_policy="first",
    sim_row=sim_row,
    kill_types=GHOUL_TYPES,
    setup_help="a Scene id (S1..S10) or a scene file",
    odds="notld",
    notebook="01-learn-to-play.ipynb",
    page_style="P. N (English rulebook)",
    extra={"summary_text": summary_text, "play_rounds": 50},
)
