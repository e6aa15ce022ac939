"""The printed tile art (issue 11, the picture half): reading the player's pack, drawing it turned
under the board, refusing bad packs with one line. Every image here is generated
(``tests/art_support.py``); the licensed art is never used by the suite."""
from __future__ import annotations

import base64
import re
import zipfile

import pytest

import nollab.render as R
from art_support import PACK_ID, TEST_IDS, TEST_ROTATION, face, make_pack, png, png_raw, write_scene
from nollab.board import load_map
from nollab.render import art as art_mod
from nollab.render.png import PngError, check_png

IDS = TEST_IDS
ROT = TEST_ROTATION


@pytest.fixture
def scene(tmp_path):
    """A 2x2 scene of test tiles turned 0, 90, 270 and 180 degrees, each a lot over a corn field."""
    return load_map(write_scene(tmp_path / "scene", rows="aaaaaa\n" * 3 + "bbbbbb\n" * 3,
                                legend='a = { kind = "exterior", label = "north lot" }\n'
                                       'b = { kind = "corn", label = "corn" }'))


@pytest.fixture(autouse=True)
def no_default_art():
    R.use_art(None)
    yield
    R.use_art(None)


# ------------------------------------------------------------------ finding the faces in a pack
@pytest.mark.parametrize("layout", ["zip", "unzipped", "installed", "plain"])
def test_every_accepted_layout_gives_the_faces_as_printed(tmp_path, layout):
    pack = R.open_art(make_pack(tmp_path, IDS, layout))
    for i, t in enumerate(IDS):
        img = pack.image(t)
        assert img is not None and (img.width, img.height) == (250, 250)
        assert img.data == face(i)  # the face as printed: for "installed" r_0, not the turned copies
    assert pack.image("5R") is None


def test_names_are_found_without_case_and_as_a_word(tmp_path):
    pack = R.open_art(make_pack(tmp_path, IDS, "zip", file_name=lambda t: f"NOTLD-Tile_{t.lower()}.PNG"))
    assert pack.image("10T").data == face(3)
    assert pack.entry_for("10T").endswith("NOTLD-Tile_10t.PNG")
    # "1T" is not a word of "10T": no false match
    assert pack.image("1T") is None


def test_two_equally_good_faces_are_refused_as_ambiguous(tmp_path):
    make_pack(tmp_path / "art", IDS, "plain")
    make_pack(tmp_path / "grid", IDS, "plain")
    pack = R.open_art(tmp_path)
    with pytest.raises(R.ArtError, match=r"ambiguous tile art for 7T: 'art/7T.png' and 'grid/7T.png'"):
        pack.image("7T")


def test_the_notld_pack_wins_in_an_editor_folder_holding_several_packs(tmp_path):
    make_pack(tmp_path, IDS, "installed", name="G-Zombicide-BP")
    make_pack(tmp_path, IDS, "installed")
    assert R.open_art(tmp_path).entry_for("8T") == f"{PACK_ID}/01.tiles/8T.png/r_0.png"


# ------------------------------------------------------------------ bad packs: one line each
def one_line(exc: BaseException) -> str:
    text = str(exc)
    assert "\n" not in text
    return text


def test_missing_path_not_a_pack_and_no_images(tmp_path):
    with pytest.raises(R.ArtError) as e:
        R.open_art(tmp_path / "nope")
    assert one_line(e.value).endswith("nope: no such folder or zip file")
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(R.ArtError, match="not a folder or a zip file"):
        R.open_art(tmp_path / "notes.txt")
    (tmp_path / "empty").mkdir()
    with pytest.raises(R.ArtError, match="no PNG images in it"):
        R.open_art(tmp_path / "empty")


def test_a_zip_without_the_tiles_is_refused_when_the_board_asks(tmp_path, scene):
    z = tmp_path / "tokens.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr(f"{PACK_ID}/02.tokens/Door-Closed.png", face(0, 30))
    with pytest.raises(R.ArtError) as e:
        R.display_list(scene, art=z)
    assert "no tile images for 7T, 8T, 9T, 10T" in one_line(e.value)


@pytest.mark.parametrize("damage, message", [
    (lambda d: d[: len(d) // 2], "truncated"),
    (lambda d: d[:60] + bytes([d[60] ^ 0xFF]) + d[61:], "CRC mismatch"),
    (lambda d: b"GIF89a" + d[6:], "not a PNG image"),
    (lambda d: d + b"junk", "data after the IEND chunk"),
])
def test_a_broken_face_is_refused_naming_the_entry(tmp_path, damage, message):
    pack = make_pack(tmp_path, IDS, "plain")
    (pack / "9T.png").write_bytes(damage(face(2)))
    art = R.open_art(pack)
    with pytest.raises(R.ArtError) as e:
        art.image("9T")
    assert "9T.png: broken image" in one_line(e.value) and message in str(e.value)
    assert art.image("7T") is not None  # the others still read


def test_sizes_are_bounded(tmp_path, monkeypatch):
    pack = make_pack(tmp_path / "p", IDS, "plain")
    monkeypatch.setattr(art_mod, "MAX_IMAGE_BYTES", 1000)
    with pytest.raises(R.ArtError, match=r"7T.png is \d+ bytes; a tile image may have at most 1000"):
        R.open_art(pack).image("7T")
    monkeypatch.undo()
    z = make_pack(tmp_path / "z", IDS, "zip")
    monkeypatch.setattr(art_mod, "MAX_PACK_BYTES", 100)
    with pytest.raises(R.ArtError, match="a tile pack may have at most 100"):
        R.open_art(z)
    monkeypatch.setattr(art_mod, "MAX_PACK_BYTES", 10**9)
    monkeypatch.setattr(art_mod, "MAX_ENTRIES", 3)
    with pytest.raises(R.ArtError, match="entries; at most 3 are read"):
        R.open_art(z)
    with pytest.raises(R.ArtError, match="more than 3 files"):
        R.open_art(pack)


def test_huge_and_odd_pictures_are_refused(tmp_path):
    pack = make_pack(tmp_path, IDS, "plain")
    # a header claiming 20000 px a side (a decompression bomb needs no more than that)
    (pack / "7T.png").write_bytes(png(4, 4, lambda x, y: (0, 0, 0), header_size=(20000, 20000)))
    (pack / "8T.png").write_bytes(png(250, 120, lambda x, y: (0, 0, 0)))
    (pack / "9T.png").write_bytes(png(8, 8, lambda x, y: (0, 0, 0), header_size=(8, 4)))
    art = R.open_art(pack)
    with pytest.raises(R.ArtError, match="20000x20000 px; at most 4096x4096"):
        art.image("7T")
    with pytest.raises(R.ArtError, match="a tile face is square, this image is 250x120"):
        art.image("8T")
    with pytest.raises(R.ArtError, match="longer than the header promises"):
        art.image("9T")


def test_png_checker_accepts_interlaced_and_refuses_bad_filters():
    info = check_png(png(13, 7, lambda x, y: (x * 9, y * 30, 0), interlace=True))
    assert (info.width, info.height, info.interlaced) == (13, 7, True)
    rows = bytearray((b"\x00" + b"\x01\x02\x03" * 5) * 5)
    assert check_png(png_raw(5, 5, bytes(rows))).width == 5
    rows[16] = 9  # the second row's filter byte: only 0-4 exist
    with pytest.raises(PngError, match="invalid row filter type 9"):
        check_png(png_raw(5, 5, bytes(rows)))


# ------------------------------------------------------------------ the picture
def _images(dl):
    return {s.tag.split(":", 1)[1]: s for s in dl.tiles if s.tag.startswith("art:")}


def test_each_tile_gets_its_face_turned_as_placed(tmp_path, scene):
    pack = make_pack(tmp_path, IDS, "zip")
    dl = R.display_list(scene, art=pack, cell=40)
    imgs = _images(dl)
    assert set(imgs) == set(IDS)
    for i, t in enumerate(IDS):
        placed = next(p for p in scene.board.tiles if p.tile == t)
        assert imgs[t].rotation == ROT[t] == placed.rotation
        assert imgs[t].data == face(i)
        # a square face turns about the tile's own centre: its box is the tile's box
        assert (imgs[t].x, imgs[t].y, imgs[t].w, imgs[t].h) == (placed.col * 40, placed.row * 40, 240, 240)
    # faces are the bottom of the picture: nothing of the tiles layer is drawn before them
    assert all(s.tag.startswith("art:") for s in dl.tiles[:4])


def test_zones_tokens_and_overlays_stay_the_same_over_the_art(tmp_path):
    sm = load_map("S1")
    pack = make_pack(tmp_path, [t.tile for t in sm.board.tiles][:3], "plain")  # one tile has no face
    plain = R.display_list(sm)
    art = R.display_list(sm, art=pack)
    assert art.tokens == plain.tokens and art.overlay == plain.overlay and art.grid == plain.grid
    with_faces = {t.tile for t in sm.board.tiles[:3]}
    tile_of = {z.id: z.tile for z in sm.board.zones.values()}
    for s in art.tagged("zone", "tiles"):
        expect = 1.0 if tile_of[s.zone] not in with_faces else pytest.approx(0.2)
        assert s.opacity == expect, (s.zone, s.opacity)
    # walls are still drawn, each with a light halo under it, and every label has a box or none
    walls, halos = art.tagged("wall", "tiles"), art.tagged("wall:halo", "tiles")
    assert len([w for w in walls if w.tag == "wall"]) == len(plain.tagged("wall", "tiles"))
    assert halos and all(h.stroke_width > 4.0 for h in halos)
    assert R.with_art(plain, pack) == art  # the widget's path gives the same picture


def test_svg_embeds_the_faces_turned_about_the_tile_centre(tmp_path, scene):
    pack = make_pack(tmp_path, IDS, "installed")
    svg = R.svg_for(scene, art=pack, cell=40)
    found = re.findall(r'<image x="(\d+)" y="(\d+)" width="240" height="240" preserveAspectRatio="none"'
                       r'(?: transform="rotate\((\d+) (\d+) (\d+)\)")? xlink:href="data:image/png;base64,'
                       r'([^"]+)" data-tag="art:(\w+)"/>', svg)
    assert len(found) == 4 and 'xmlns:xlink="http://www.w3.org/1999/xlink"' in svg
    for x, y, rot, cx, cy, data, tile in found:
        assert int(rot or 0) == ROT[tile]
        if rot:
            assert (int(cx), int(cy)) == (int(x) + 120, int(y) + 120)
        assert base64.b64decode(data) == face(IDS.index(tile))
    # the faces come first in the SVG: everything else is drawn over them
    assert svg.index("<image") < svg.index('data-tag="zone:')


def test_use_art_draws_inline_pictures_until_reset(tmp_path, scene):
    pack = make_pack(tmp_path, IDS, "zip")
    assert "<image" not in scene._repr_svg_()
    R.use_art(pack)
    assert scene._repr_svg_().count("<image") == 4
    assert "<image" not in R.svg_for(scene, art=False)  # False: the schematic board
    R.use_art(None)
    assert "<image" not in scene._repr_svg_()
    with pytest.raises(R.ArtError):
        R.use_art(tmp_path / "missing")
    assert "<image" not in scene._repr_svg_()  # a failed use_art changes nothing


def test_check_picture_outlines_every_zone_over_untinted_faces(tmp_path, scene):
    pack = make_pack(tmp_path, IDS[:3], "zip")
    dl = R.check_display_list(scene, pack, cell=60)
    imgs = _images(dl)
    assert set(imgs) == set(IDS[:3]) and all(i.opacity == 1.0 for i in imgs.values())
    outlined = {s.zone for s in dl.tiles if s.tag.startswith("outline:")}
    assert outlined == set(scene.board.zones)
    labels = {s.zone: s.text for s in dl.tiles if s.tag == "zone-label"}
    assert labels["7T:a"] == "a north lot" and labels["10T:b"] == "b corn"
    # the tile without a face keeps a schematic fill; tiles with one get no fill over the art
    filled = {s.zone.split(":")[0] for s in dl.tiles if s.tag.startswith("zone:")}
    assert filled == {"10T"}
    with pytest.raises(R.ArtError, match="needs a tile pack"):
        R.check_display_list(scene, None)


def test_travelling_boards_draw_the_faces_of_the_tiles_on_the_board_now(tmp_path):
    """S8 (P. 41) adds tiles and takes empty ones away: the art follows the live board."""
    from nollab.rules import Game
    from nollab.sim.policy import make_policy

    ids = ["1R", "2R", "3R", "4R", "5R", "6R", "1V", "2V", "3V", "4V", "5V", "6V"]
    pack = R.open_art(make_pack(tmp_path, ids, "zip"))
    g = Game.new("S8", seed=7)
    policy = make_policy("heuristic", 7)
    seen_sets, removed = set(), False
    start = {t.tile for t in g.board.tiles}
    for _ in range(12):
        if g.over:
            break
        g.run_until("round", policy=policy)
        on_board = {t.tile: t for t in g.board.tiles}
        imgs = _images(R.display_list(g, art=pack))
        assert set(imgs) == set(on_board)
        for t, img in imgs.items():
            assert img.rotation == on_board[t].rotation
        seen_sets.add(frozenset(on_board))
        removed = removed or bool(start - set(on_board))
    assert len(seen_sets) > 1 and removed, "the seed no longer moves tiles: pick another"
