"""``nollab map ... --art PACK [--check] [--out FILE.svg]`` (issue 11): the picture on the player's
own printed tiles, and one line + exit 2 + no file for every bad input. Packs are generated
(``tests/art_support.py``)."""
from __future__ import annotations

import subprocess
import sys
import zipfile

import pytest

from art_support import PACK_ID, TEST_IDS, face, make_pack, write_scene, write_tile
from nollab.cli import main
from nollab.render import art as art_mod

IDS = TEST_IDS


@pytest.fixture
def scene(tmp_path):
    """Four one-Zone tiles turned 0, 90, 270 and 180 degrees (2x2)."""
    return write_scene(tmp_path / "scene")


def run(capsys, *argv):
    rc = main(["map", *map(str, argv)])
    out, err = capsys.readouterr()
    return rc, out, err


def test_art_writes_the_board_on_the_printed_tiles(tmp_path, scene, capsys):
    pack = make_pack(tmp_path / "pack", IDS, "zip")
    out = tmp_path / "board.svg"
    rc, stdout, err = run(capsys, scene, "--art", pack, "--out", out)
    assert rc == 0 and err == ""
    svg = out.read_text()
    assert svg.count("<image ") == 4 and 'data-tag="spawn' not in svg
    assert stdout.startswith(f"wrote {out}: ") and "printed tiles 10T 7T 8T 9T" in stdout


def test_default_file_names_and_the_check_picture(tmp_path, scene, capsys, monkeypatch):
    pack = make_pack(tmp_path / "pack", IDS, "installed")
    monkeypatch.chdir(tmp_path)
    assert run(capsys, scene, "--art", pack)[0] == 0
    assert (tmp_path / "T-art.svg").is_file()
    rc, stdout, _ = run(capsys, scene, "--art", pack, "--check")
    assert rc == 0 and "zone outlines over the printed tiles" in stdout
    check = (tmp_path / "T-check.svg").read_text()
    assert check.count("<image ") == 4 and check.count('data-tag="outline:exterior"') >= 4 * 4
    assert 'width="864"' in check  # 12 cells of 72 px: the check is drawn larger by default
    rc, _, _ = run(capsys, scene, "--out", "plain.svg")
    assert rc == 0 and "<image" not in (tmp_path / "plain.svg").read_text()


def test_tiles_missing_from_the_pack_are_drawn_schematic_with_a_note(tmp_path, scene, capsys):
    pack = make_pack(tmp_path / "pack", IDS[:2], "plain")
    rc, _, err = run(capsys, scene, "--art", pack, "--out", tmp_path / "x.svg")
    assert rc == 0
    assert err.splitlines() == [f"note: {pack} has no image for tile 9T: drawn schematic",
                                f"note: {pack} has no image for tile 10T: drawn schematic"]
    assert (tmp_path / "x.svg").read_text().count("<image ") == 2


def _tokens_only_zip(tmp_path):
    z = tmp_path / "tokens.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr(f"{PACK_ID}/02.tokens/Spawn-RED.png", face(0, 30))
    return z


def _broken_pack(tmp_path):
    pack = make_pack(tmp_path / "broken", IDS, "plain")
    (pack / "8T.png").write_bytes(face(1)[: len(face(1)) // 2])
    return pack


@pytest.mark.parametrize("args, message", [
    (lambda t: ["--art", t / "nope"], "--art {t}/nope: no such folder or zip file"),
    (lambda t: ["--art", _tokens_only_zip(t)], "--art {t}/tokens.zip: no tile images for 7T, 8T, 9T, 10T"),
    (lambda t: ["--art", _broken_pack(t)], "--art {t}/broken: 8T.png: broken image: truncated"),
    (lambda t: ["--check"], "--check needs --art PACK"),
    (lambda t: ["--art", make_pack(t / "p", IDS, "zip"), "--out", t / "x.png"], "--out {t}/x.png: the picture is written as SVG"),
    (lambda t: ["--out", t / "no" / "x.svg"], "--out {t}/no/x.svg: folder {t}/no does not exist"),
    (lambda t: ["--art", make_pack(t / "p", IDS, "zip"), "--cell", "9"], "--cell must be >= 16, got 9"),
    (lambda t: ["--json", "--out", t / "x.svg"], "--json prints the map as text"),
])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(tmp_path, scene, capsys, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    before = set(tmp_path.rglob("*.svg"))
    rc, stdout, err = run(capsys, scene, *args(tmp_path))
    assert rc == 2 and stdout == ""
    assert err.count("\n") == 1 and err.startswith("nollab map: error: ")
    assert err.strip().removeprefix("nollab map: error: ").startswith(message.format(t=tmp_path)), err
    assert set(tmp_path.rglob("*.svg")) == before


def test_a_huge_image_is_refused_before_it_is_read(tmp_path, scene, capsys, monkeypatch):
    pack = make_pack(tmp_path / "pack", IDS, "zip")
    monkeypatch.setattr(art_mod, "MAX_IMAGE_BYTES", 1000)
    rc, _, err = run(capsys, scene, "--art", pack, "--out", tmp_path / "x.svg")
    assert rc == 2 and "7T.png is" in err and "a tile image may have at most 1000 bytes" in err
    assert not (tmp_path / "x.svg").exists()


def test_the_installed_command_exits_2_with_one_line(tmp_path, scene):
    """The real process, as a user runs it."""
    proc = subprocess.run([sys.executable, "-m", "nollab.cli", "map", str(scene), "--art", str(tmp_path / "none")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"nollab map: error: --art {tmp_path}/none: no such folder or zip file\n"


def test_one_tile_face_as_printed_even_if_its_rooms_open_only_across_seams(tmp_path, capsys):
    """``--tile``: a face alone, at rotation 0, against its printed face — also a face whose room
    has no opening of its own (a Board would refuse it as sealed, P. 11, but it can be drawn)."""
    tiles = tmp_path / "tiles"
    write_tile(tiles, "7T", "KKKaaa\n" * 3 + "aaaaaa\n" * 3,
               'a = { kind = "exterior", label = "yard" }\nK = { kind = "interior", label = "study" }')
    pack = make_pack(tmp_path / "pack", ["7T"], "plain")
    out = tmp_path / "7T.svg"
    rc, stdout, err = run(capsys, "--tile", "7T", "--tiles", tiles, "--art", pack, "--check", "--out", out)
    assert (rc, err) == (0, "") and stdout.startswith(f"wrote {out}: tile 7T, zone outlines")
    svg = out.read_text()
    assert svg.count("<image ") == 1 and "rotate(" not in svg
    assert 'data-tag="outline:interior"' in svg and ">K study<" in svg
    rc, _, err = run(capsys, "S1", "--tile", "7T")
    assert rc == 2 and "not both" in err
    rc, _, err = run(capsys, "--tile", "8T", "--tiles", tiles, "--art", pack)
    assert rc == 2 and "tile '8T' not found" in err
