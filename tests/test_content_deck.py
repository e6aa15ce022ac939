"""The cold path of the spawn odds reads the Ghoul deck alone (``nollab.content_deck``): it must be the
validated content's deck, card by card (P. 24-25, 32), and the box's pools (P. 3)."""
from __future__ import annotations

from nollab.content import load_content
from nollab.content_deck import load_ghoul_deck


def test_light_deck_equals_the_validated_content():
    content = load_content()
    cards, pools = load_ghoul_deck()
    assert [(c.number, c.kind, c.ghoul, tuple(c.counts)) for c in content.ghoul_deck] == \
        [(c.number, c.kind, c.ghoul, tuple(c.counts)) for c in cards]
    assert pools == {t: g.pool for t, g in content.ghoul_types.items()}


def test_a_players_box_goes_through_the_full_loader(tmp_path, monkeypatch):
    (tmp_path / "ghoul_deck.toml").write_text(
        'cards = [ { number = 1, kind = "spawn", ghoul = "walker", counts = [9, 9, 9, 9], '
        'provenance = "reconstructed: test" } ]\n')
    monkeypatch.setenv("NOLLAB_CONTENT", str(tmp_path))
    cards, _pools = load_ghoul_deck()
    assert next(c for c in cards if c.number == 1).counts == (9, 9, 9, 9)


def test_line_reader_equals_tomllib_on_the_shipped_files():
    """The cold path reads the shipped files line by line (no tomllib import); it must read exactly what
    tomllib reads, card by card and pool by pool (P. 3, P. 24-25)."""
    import os

    from nollab import content_deck as cd

    deck = open(os.path.join(cd._DATA, "ghoul_deck.toml"), encoding="utf-8").read()
    ghouls = open(os.path.join(cd._DATA, "ghouls.toml"), encoding="utf-8").read()
    fast, slow = cd._read_lines(deck, ghouls), cd._read_toml(deck, ghouls)
    assert fast is not None
    assert [(c.number, c.kind, c.ghoul, c.counts) for c in fast[0]] == \
        [(c.number, c.kind, c.ghoul, c.counts) for c in slow[0]]
    assert fast[1] == slow[1]


def test_line_reader_gives_way_to_tomllib_outside_the_shipped_layout():
    from nollab import content_deck as cd

    ghouls = "[ghoul.walker]\npool = 28\n"
    layouts = [
        'cards = [\n  { kind = "spawn", number = 1, ghoul = "walker", counts = [1, 2, 3, 4], provenance = "x" },\n]\n',
        'cards = [\n  { number = 1, kind = "spawn", ghoul = "walker",\n    counts = [1, 2, 3, 4], provenance = "x" },\n]\n',
        '[[cards]]\nnumber = 1\nkind = "spawn"\nghoul = "walker"\ncounts = [1, 2, 3, 4]\nprovenance = "x"\n',
        'cards = [\n  { number = 1, kind = "spawn", ghoul = "walker", counts = [1, 2, 3], provenance = "x" },\n]\n',
    ]
    for text in layouts:
        assert cd._read_lines(text, ghouls) is None, text
    assert cd._read_lines(layouts[0].replace('kind = "spawn", number = 1', 'number = 1, kind = "spawn"'),
                          "[ghoul.walker]\npool = '28'\n") is None
    card, = cd._read_toml(layouts[0], ghouls)[0]
    assert (card.number, card.kind, card.ghoul, card.counts) == (1, "spawn", "walker", (1, 2, 3, 4))
