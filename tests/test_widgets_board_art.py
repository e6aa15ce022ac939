"""BoardView and GamePlayer on a tile pack, without a browser (pixels: tests/test_browser_art.py):
each face goes out as one ``ipywidgets.Image`` reused across frames, is drawn turned inside
save/restore, a game's frames do not redraw the faces, and a bad pack fails at once."""
from __future__ import annotations

import ipycanvas.canvas as ipc
import ipywidgets as W
import pytest

import nollab.render as R
from art_support import face, make_pack, write_scene
from nollab.board import load_map
from nollab.render import display_list, sight_overlay
from nollab.widgets.board_view import BoardView

DRAW_IMAGE, ROTATE, SAVE, RESTORE = (ipc.COMMANDS[k] for k in ("drawImage", "rotate", "save", "restore"))


@pytest.fixture
def sent(monkeypatch):
    out: list = []
    monkeypatch.setattr(ipc._CANVAS_MANAGER, "_send_custom", lambda cmd, buffers=[]: out.append((cmd, buffers)))
    return out


@pytest.fixture(autouse=True)
def no_default_art():
    R.use_art(None)
    yield
    R.use_art(None)


def commands(msg) -> list:
    return msg[0] if isinstance(msg[0], list) and msg[0] and isinstance(msg[0][0], list) else [msg[0]]


@pytest.fixture
def s1_pack(tmp_path):
    sm = load_map("S1")
    return sm, make_pack(tmp_path, [t.tile for t in sm.board.tiles], "zip")


def test_faces_are_drawn_from_image_widgets_kept_by_the_view(sent, s1_pack):
    sm, pack = s1_pack
    view = BoardView(display_list(sm), art=pack)
    cmds = [c for m in sent for c in commands(m)]
    draws = [c for c in cmds if c[0] == DRAW_IMAGE]
    assert len(draws) == len(sm.board.tiles)
    models = {c[1][0] for c in draws}
    assert len(models) == len(sm.board.tiles) and len(view._images) == len(sm.board.tiles)
    assert {f"IPY_MODEL_{w.model_id}" for w in view._images.values()} == models
    assert sorted(bytes(w.value) for w in view._images.values()) == sorted(face(i) for i in range(4))
    assert sum(c[0] == SAVE for c in cmds) == sum(c[0] == RESTORE for c in cmds) >= len(draws)
    # the faces lie under the board: the first commands on the tiles layer after its clear
    assert view.display_list.tiles[0].tag.startswith("art:")


def test_new_frames_of_the_same_board_do_not_redraw_the_faces(sent, s1_pack):
    sm, pack = s1_pack
    view = BoardView(display_list(sm), art=pack)
    sent.clear()
    assert view.show(display_list(sm, sight_overlay(sm.board, sm.tokens.spawns[0].zone))) == ("overlay",)
    assert not [c for m in sent for c in commands(m) if c[0] == DRAW_IMAGE]


def test_turned_faces_rotate_about_their_centre(sent, tmp_path):
    sm = load_map(write_scene(tmp_path / "scene", "7T 8T", {"8T": 90}))
    BoardView(display_list(sm, cell=10), art=make_pack(tmp_path / "p", ["7T", "8T"], "plain"))
    cmds = [c for m in sent for c in commands(m)]
    rotations = [c[1][0] for c in cmds if c[0] == ROTATE]
    assert rotations == [pytest.approx(3.141592653589793 / 2)]  # only 8T turns, a quarter clockwise
    translates = [c[1] for c in cmds if c[0] == ipc.COMMANDS["translate"]]
    assert translates == [[30, 30], [90, 30]]  # each face turns about its tile's centre (6 cells of 10 px)


def test_a_bad_pack_fails_when_the_view_is_made(tmp_path):
    sm = load_map("S1")
    with pytest.raises(R.ArtError, match="no such folder or zip file"):
        BoardView(display_list(sm), art=tmp_path / "nope")
    empty = make_pack(tmp_path / "other", ["9Z"], "plain")
    with pytest.raises(R.ArtError, match="no tile images for"):
        BoardView(display_list(sm), art=empty)


def test_game_player_plays_on_the_printed_tiles(sent, s1_pack):
    from nollab.widgets.game_player import GamePlayer

    sm, pack = s1_pack
    player = GamePlayer(scene="S1", seed=2, art=pack)
    arts = [s.tag for s in player.board.display_list.tiles if s.tag.startswith("art:")]
    assert sorted(arts) == sorted(f"art:{t.tile}" for t in sm.board.tiles)
    assert isinstance(next(iter(player.board._images.values())), W.Image)


def test_a_new_board_in_the_same_view_gets_its_own_faces(sent, tmp_path):
    """Travelling Scenes (S6, S8) and the GamePlayer's scene picker show a new board in the same
    view: the faces follow the tiles of the board shown now."""
    s1, s7 = load_map("S1"), load_map("S7")
    ids = sorted({t.tile for t in s1.board.tiles} | {t.tile for t in s7.board.tiles})
    view = BoardView(display_list(s1), art=make_pack(tmp_path, ids, "plain"))
    view.show(display_list(s7))
    arts = sorted(s.tag for s in view.display_list.tiles if s.tag.startswith("art:"))
    assert arts == sorted(f"art:{t.tile}" for t in s7.board.tiles)
    assert view.last_layers[0] == "tiles"
