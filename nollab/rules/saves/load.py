"""Loading and naming a saved game's Scene (:mod:`nollab.rules.saves`): :func:`game_from_json` is
:meth:`nollab.rules.game.Game.from_json` (every pass of the schema, then the Game), and
:func:`saved_scene_ref` is how :meth:`~nollab.rules.game.Game.to_json` names the Scene."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from nollab.board.scene_map import user_scenes_dir
from nollab.rules.engine.events import Event
from nollab.rules.engine.state import GameState
from nollab.rules.saves.document import check_document
from nollab.rules.saves.fields import SaveError
from nollab.rules.saves.places import check_against_board, check_scene_ref
from nollab.rules.scenes.handmade import sandbox_scene
from nollab.rules.scenes.scene import SCENES_DIR, embedded_scene, load_scene
from nollab.safe_io import InputFileError, parse_json, read_text_file

__all__ = ["game_from_json", "saved_scene_ref"]


def game_from_json(cls, text: Any, content):
    """A ``cls`` (Game) from :meth:`to_json` text, every field checked first (SaveError naming it;
    ``json.JSONDecodeError`` for text that is not JSON)."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8")
    if not isinstance(text, str):
        raise SaveError(f"from_json: expected the JSON text of a saved game, got {type(text).__name__}")
    try:
        d = parse_json(text, "from_json")
    except InputFileError as exc:
        raise SaveError(str(exc)) from None
    check_document(d, content)
    embedded = None
    try:
        if "sandbox" in d:
            sc = sandbox_scene(d["sandbox"])
        else:
            check_scene_ref("scene", d["scene"])
            if isinstance(d["scene"], dict):
                embedded = d["scene"]
                sc = embedded_scene(embedded["embedded"])
            else:
                sc = load_scene(d["scene"])
        sc.bind(content)
        if d["state"]["scene"] != sc.id:
            raise SaveError(f"state.scene: {d['state']['scene']!r} is not the saved Scene {sc.id!r}")
        st = GameState.from_dict(d["state"])
        g = cls(st, content, sc, d["options"], d["survivors"], [Event.from_dict(e) for e in d["events"]], d["log"])
    except SaveError:
        raise
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise SaveError(f"the saved game does not load ({type(exc).__name__}: {exc})"[:300]) from None
    g.sandbox_spec = d.get("sandbox")
    g.scene_embedded = embedded
    g.explicit_chance = bool(d.get("explicit_chance", False))
    check_against_board(g)
    return g


def saved_scene_ref(game) -> Any:
    """The Scene as a save names it: a shipped Scene's or a ``$NOLLAB_CONTENT/scenes`` Scene's id, else
    the Scene embedded (``{"embedded": {"id", "toml"}}``): a save never holds a path. A Scene from
    elsewhere that names code or a folder cannot be embedded: ValueError saying where to put it."""
    if game.scene_embedded is not None:
        return game.scene_embedded
    f = Path(game.scene.file) if game.scene.file else None
    if f is None or f.parent.resolve() == SCENES_DIR.resolve():
        return game.scene.id
    user = user_scenes_dir()
    if user is not None and f.parent.resolve() == user.resolve():
        return f.stem
    data = game.scene.data
    if data.get("hook_modules") or data.get("rules", {}).get("tiles_dir"):
        raise ValueError(f"to_json: the Scene {f} names code (hook_modules) or a folder (tiles_dir), which a save "
                         "may not carry: put it in $NOLLAB_CONTENT/scenes (its tiles in $NOLLAB_CONTENT/tiles) so "
                         "the save names it by id")
    return {"embedded": {"id": game.scene.id, "toml": read_text_file(f, what="scene file")}}
