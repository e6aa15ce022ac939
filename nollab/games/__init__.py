"""The game seam: what a playable game gives the lab, and the registry of games.

::

    from nollab.games import get_game, games
    spec = get_game("dead-panic")                 # or "notld"; games() lists them all
    match = spec.new(seed=3, setup="4")           # a live game (the Match protocol)
    match.needs(), match.legal_actions(), match.pending, match.chance()
    match.run_until("end", spec.make_policy("bot", 3))
    match.summary()["result"]                     # "won" / "lost"
    to_svg(match.display_list())                  # the board, from nollab.render

Modules: :mod:`.protocol` (``Match``, ``Chance``, ``GameSpec``), :mod:`.registry` (entry points of
the group ``nollab.games``), :mod:`.session` (play a match to its end), :mod:`.notld` (NOTLD's
adapter over :class:`nollab.rules.Game`), :mod:`.engine_kit` (the run loop, replay, records and save
checks the pack engines share, and the task machine of Dead Panic and Zombie Slayer), :mod:`.lazy_policies` (a pack's policies, imported on first use).
Dead Panic lives in :mod:`nollab.packs.dead_panic.engine`.
"""
from nollab.games.protocol import NEEDS, RUN_TARGETS, Chance, GameSpec, Match
from nollab.games.registry import (GROUP, UnknownGame, game_names, games, get_game, load_errors, register,
                                   unregister)
from nollab.games.session import play_match, run_to_end

__all__ = ["NEEDS", "RUN_TARGETS", "Chance", "GameSpec", "Match", "GROUP", "UnknownGame", "game_names", "games",
           "get_game", "load_errors", "register", "unregister", "play_match", "run_to_end"]
