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
