"""The schema of a saved game (``nollab-game/1``, :meth:`nollab.rules.game.Game.from_json`).

A save is checked in three passes before a :class:`~nollab.rules.game.Game` is handed out, so a
wrong-typed field is one ``ValueError`` naming its path (``state.survivors[0].wounds: expected an
integer 0..1000, got 'two'``) and never a crash later, half way through a turn:

1. :func:`check_document` -- the shape and types of every field, against the content (card ids,
   survivor ids, Ghoul card numbers, task and decision names), with bounds far above any real game,
   unknown fields refused. Pure: reads nothing, builds nothing.
2. :func:`check_scene_ref` -- where the Scene comes from. A save may name a **shipped** Scene (``"S1"``),
   one in the **user's content folder** (``$NOLLAB_CONTENT/scenes/<id>.toml``, by id), or **embed** its
   Scene (``{"embedded": {"id": ..., "toml": ...}}``, parsed with tiles from the shipped and content
   folders only, no ``hook_modules``, no ``tiles_dir``) -- never a path: a save cannot make nollab open
   a file of its choosing.
3. :func:`check_against_board` -- after the Game is built (a travelling Scene's Board depends on the
   state): every Zone, Opening and Spawn token names a place on the Board, every card is in at most
   one place; then the game is probed on a fork (legal actions, chance outcomes, a snapshot, one engine
   step if one is queued) so a state that cannot run is refused now.

==============  ==========================================================================
module          job
==============  ==========================================================================
fields          bounded readers of one field (integer, string, list, mapping) and SaveError
document        pass 1: the shape and types of every field of a save, against the content
places          passes 2-3: where the Scene comes from; places on the Board; the probe on a fork
load            ``Game.from_json``: the three passes in order, then the Game
==============  ==========================================================================
"""
from __future__ import annotations

from nollab.rules.saves.document import check_document
from nollab.rules.saves.fields import MAX, SaveError
from nollab.rules.saves.places import check_against_board, check_scene_ref, probe
from nollab.rules.saves.load import game_from_json, saved_scene_ref

__all__ = ["MAX", "SaveError", "check_against_board", "check_document", "check_scene_ref", "game_from_json",
           "probe", "saved_scene_ref"]
