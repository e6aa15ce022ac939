"""BoardView without a browser: frames batched in one message, only changed layers redrawn,
clicks and hover mapped to zones, the Voilà client-ready redraw (ipycanvas #322 workaround).

Messages are captured at the ipycanvas canvas manager (``_send_custom``), i.e. exactly what would
go to the browser. Pixels are checked in tests/test_browser_play.py.
"""
from __future__ import annotations

import ipycanvas
import ipycanvas.canvas as ipc
import pytest

from nollab.render import BoardSnapshot, Overlay, SpawnToken, SurvivorToken, display_list
from nollab.widgets.board_view import BoardView
from test_render import CELL, GEOM, snap

SWITCH = ipc.COMMANDS["switchCanvas"]
CLEAR = ipc.COMMANDS["clear"]


@pytest.fixture
def sent(monkeypatch):
    """Every message the canvas manager sends: a list of (commands, buffers)."""
    out: list = []
    monkeypatch.setattr(ipc._CANVAS_MANAGER, "_send_custom", lambda cmd, buffers=[]: out.append((cmd, buffers)))
    return out


def switched_to(msg, view: BoardView) -> list[int]:
    """Layer indices a batched message switches to, in order."""
    cmds, _ = msg
    refs = [c[1][0] for c in cmds if c[0] == SWITCH]
    ids = [f"IPY_MODEL_{c.model_id}" for c in view.canvas._canvases]
    return [ids.index(r) for r in refs]


def test_ipycanvas_is_the_pinned_version():
    """The #322 workaround touches a private attribute: pinned in pyproject (ipycanvas==0.14.3)."""
    assert ipycanvas.__version__ == "0.14.3"
    assert hasattr(ipc._CANVAS_MANAGER, "_current_canvas")


def test_first_frame_is_one_message_drawing_three_layers(sent):
    view = BoardView(display_list(GEOM, snapshot=snap(), cell=CELL))
    assert len(sent) == 1, "a whole frame goes out inside one hold_canvas()"
    assert switched_to(sent[0], view) == [0, 1, 2]
    assert sum(1 for c in sent[0][0] if c[0] == CLEAR) == 3
    assert view.canvas.width == 4 * CELL and view.canvas.layout.width == f"{4 * CELL}px"


def test_moving_a_survivor_redraws_only_the_tokens_layer(sent):
    view = BoardView(display_list(GEOM, snapshot=snap(), cell=CELL))
    sent.clear()
    moved = snap(survivors=(SurvivorToken("Ben", "s", active=True),))
    assert view.show(display_list(GEOM, snapshot=moved, cell=CELL)) == ("tokens",)
    assert len(sent) == 1 and switched_to(sent[0], view) == [1]
    sent.clear()
    assert view.show(display_list(GEOM, Overlay(selected="c"), snapshot=moved, cell=CELL)) == ("overlay",)
    assert switched_to(sent[0], view) == [2]
    sent.clear()
    assert view.show(display_list(GEOM, Overlay(selected="c"), snapshot=moved, cell=CELL)) == ()
    assert sent == [], "an unchanged picture sends nothing"


def test_client_ready_redraws_everything_and_resends_the_canvas_switch(sent):
    """Voilà: the drawing made before the browser connected is lost; ipycanvas #322."""
    view = BoardView(display_list(GEOM, snapshot=snap(), cell=CELL))
    sent.clear()
    # the manager believes the overlay canvas is still selected (the bug's precondition) ...
    ipc._CANVAS_MANAGER._current_canvas = view.canvas[0]
    view.canvas._canvases[-1]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert view.client_ready_count == 1
    assert len(sent) == 1
    # ... and still the frame starts by switching to the tiles canvas explicitly
    assert sent[0][0][0][0] == SWITCH
    assert switched_to(sent[0], view) == [0, 1, 2]


def test_click_maps_to_zone_and_calls_back():
    view = BoardView(display_list(GEOM, snapshot=snap(), cell=CELL))
    clicked: list[str] = []
    view.on_zone_click(clicked.append)
    last = view.canvas._canvases[-1]
    last._handle_frontend_event(None, {"event": "mouse_down", "x": 5, "y": 5}, [])  # a press alone: nothing
    assert clicked == []
    # the click is read at release (the press may scroll the page: ipycanvas focuses on mouse-down)
    last._handle_frontend_event(None, {"event": "mouse_up", "x": 5, "y": 2 * CELL + 5}, [])
    last._handle_frontend_event(None, {"event": "mouse_up", "x": 3 * CELL + 5, "y": 5}, [])
    last._handle_frontend_event(None, {"event": "mouse_up", "x": 9 * CELL, "y": 5}, [])  # off board
    assert clicked == ["s", "w"]
    view.on_zone_click(clicked.append, remove=True)
    view.click(5, 5)
    assert clicked == ["s", "w"]


def test_hover_shows_the_zone_tooltip_and_clears_on_mouse_out():
    view = BoardView(display_list(GEOM, snapshot=snap(), cell=CELL))
    last = view.canvas._canvases[-1]
    last._handle_frontend_event(None, {"event": "mouse_move", "x": 5, "y": 2 * CELL + 5}, [])
    assert "street" in view.hover.value and "3 walker" in view.hover.value
    last._handle_frontend_event(None, {"event": "mouse_out", "x": 0, "y": 0}, [])
    assert view.hover.value == "&nbsp;"


def test_resizing_picture_resizes_canvas_and_redraws_all(sent):
    view = BoardView(display_list(GEOM, snapshot=snap(), cell=CELL))
    sent.clear()
    assert view.show(display_list(GEOM, snapshot=snap(), cell=CELL * 2)) == ("tiles", "tokens", "overlay")
    assert view.canvas.width == 8 * CELL and view.canvas.height == 6 * CELL


def test_white_spawn_is_sent_as_a_white_fill_rect(sent):
    """The command stream carries the spawn token's white fill before its rectangle."""
    only_spawn = BoardSnapshot(spawns=(SpawnToken("s", "white"),))
    BoardView(display_list(GEOM, snapshot=only_spawn, cell=CELL))
    cmds = sent[0][0]
    set_cmd, fill_rect = ipc.COMMANDS["set"], ipc.COMMANDS["fillRect"]
    fill_style = ipc.Canvas.ATTRS["fill_style"]
    whites = [i for i, c in enumerate(cmds) if c[0] == set_cmd and c[1] == [fill_style, "#ffffff"]]
    assert whites and cmds[whites[-1] + 1][0] == fill_rect
