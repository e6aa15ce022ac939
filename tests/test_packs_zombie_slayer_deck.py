"""Zombie Slayer: a player's own cards with walls on their edges (ch. Exploring: turning a card so the way
stays open, "cut your deck in half (approximately), place the tile there") and the player's decision of
which of equally far Zombies moves first (ch. Moving Zombies).

The walled cards come from a player's content file (``packs/zombie_slayer.toml`` in a content folder), as a
player who owns the box would write it; every expectation is worked out from the rule text and the card's
drawing, not read back from the engine.
"""
from __future__ import annotations

import pytest

from nollab.packs.content import PackContentError
from nollab.packs.zombie_slayer.content import load
from nollab.packs.zombie_slayer.engine.game import Game
from nollab.packs.zombie_slayer.engine.policy import SlayerBot
from nollab.packs.zombie_slayer.engine.town import edge_open, gives_access
from zs_support import act, put, ready, texts

ROW = lambda r: [[c, r] for c in range(6)]  # noqa: E731 - a full row of a card, native (col, row)
COL = lambda c: [[c, r] for r in range(6)]  # noqa: E731

#: "Walled Close": houses along its north, south and west edges, its green border (natively) east: no turn
#: of it opens a way in. "Gated Yard": houses along its north and south edges: only its west side opens.
CARDS = f"""
[tiles.walled]
name = "Walled Close"
faces = [{{}}, {{violet = 1}}, {{}}, {{}}, {{}}, {{}}]
treasure = ["", "", "", "", "", ""]
houses = {ROW(0) + ROW(5) + COL(0)}
[tiles.gated]
name = "Gated Yard"
faces = [{{}}, {{violet = 1}}, {{}}, {{}}, {{}}, {{}}]
treasure = ["", "", "", "", "", ""]
houses = {ROW(0) + ROW(5)}
"""


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    folder = tmp_path_factory.mktemp("box")
    (folder / "packs").mkdir()
    (folder / "packs" / "zombie_slayer.toml").write_text(CARDS)
    return load(folder)


def _explore_south_of_bakery(g: Game, card: str, depth: int = 0) -> None:
    """Queue the draw for the south side of Bakery Row (card 1,0 of the test town, border east), with
    ``card`` put back on top of the deck (it comes up now: no chance node)."""
    g.state.deck["back"] = [[card, depth]]
    if card in g.state.deck["pool"]:
        g.state.deck["pool"].remove(card)
    g.state.tiles["1,0"]["entered"] = True
    g._ctx().push(["draw_for", "1,0", "S"])
    g._drain()


def test_a_players_card_may_have_houses_on_its_edges(box, tmp_path):
    """ch. Exploring: "Parts of the tile may be blocked, though" -- a player's card with walls along its
    edges loads; the Town Centre keeps its edges free (the four cards of Setup are always reached)."""
    assert (0, 0) in box.tiles["walled"].houses and (5, 5) in box.tiles["gated"].houses
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "zombie_slayer.toml").write_text("[town]\ncentre_houses = [[0, 2]]\n")
    with pytest.raises(PackContentError, match="centre_houses"):
        load(tmp_path)


def test_edge_reading_and_access():
    """ch. Exploring: "in a way that the path to the next card is not blocked": two facing edge squares open
    and no green border between the cards."""
    walls = [tuple(c) for c in ROW(0) + ROW(5)]
    assert edge_open(walls, 0, "N") == (False,) * 6 and edge_open(walls, 0, "W") == (False,) + (True,) * 4 + (False,)
    # one quarter turn clockwise carries the native west side to the north
    assert edge_open(walls, 1, "N") == (False,) + (True,) * 4 + (False,)
    open6, shut6 = (True,) * 6, (False,) * 6
    assert gives_access(open6, False, open6, False) and not gives_access(open6, False, shut6, False)
    assert not gives_access(open6, False, open6, True)  # the border on the shared side
    assert not gives_access((True,) + (False,) * 5, False, (False,) * 5 + (True,), False)  # no facing pair


def test_only_the_turns_that_keep_the_way_open_are_offered(box):
    """ch. Exploring: "Place those tiles in any orientation ... in a way that the path to the next card is
    not blocked". Gated Yard south of Bakery Row faces it with its north side: only one quarter turn (native
    west -> north) opens that side, so the card is placed so at once, its border to the south."""
    g = ready(box=box)
    _explore_south_of_bakery(g, "gated")
    assert g.pending is None and g.state.tiles["1,1"] == {"card": "gated", "rot": 1, "entered": False}
    assert "green border to the S" in texts(g, "place")[-1]


def test_a_card_that_blocks_every_way_goes_into_the_middle_of_the_deck(box):
    """ch. Exploring: "If you cannot place a tile without blocking the access to the new tile completely, cut
    your deck in half (approximately), place the tile there and draw a new one from top." Walled Close fits
    no turn: it goes back with (R + 1) // 2 of the R cards left above it, and a new card is drawn for the
    same side."""
    g = ready(box=box)
    left = len(g.state.deck["pool"])  # the town cards left but Walled Close, and the Temple (still in)
    _explore_south_of_bakery(g, "walled")
    assert "1,1" not in g.state.tiles
    assert g.state.deck["back"] == [["walled", (left + 1) // 2]]
    assert "the deck is cut" in texts(g, "put_back")[-1]
    c = g.chance()
    assert c is not None and c.kind == "draw" and "walled" not in c.outcomes and "for the S side" in c.prompt
    # the draws before it come from the unknown cards; it comes up after (left + 1) // 2 of them
    n = (left + 1) // 2
    for i in range(n):
        assert g.state.deck["back"] == [["walled", n - i]]
        g.resolve_chance(g.chance().outcomes[0])  # a card that fits (the shipped cards keep their edges free)
        while g.needs() == "choice":
            g.step()
        assert "1,1" in g.state.tiles
        g.state.tiles.pop("1,1")
        if i < n - 1:
            g._ctx().push(["draw_for", "1,0", "S"])
            g._drain()
    assert g.state.deck["back"] == [["walled", 0]]  # the next draw is Walled Close, no chance involved
    g._ctx().push(["draw_for", "1,0", "S"])
    g._drain()
    assert texts(g, "draw")[-1] == "the card put back comes up: Walled Close"
    assert "the deck is cut" in texts(g, "put_back")[-1] and g.chance().kind == "draw"


def test_the_put_back_rule_cannot_loop_forever(box):
    """The rule read literally loops when no card of the deck fits a side (docs/rulings.md): a card coming up
    again for the same side, or a deck with no other card, leaves the side open and the card in the deck."""
    g = ready(box=box)
    d = g.state.deck
    d.update(pool=[], temple=False, upper=0)
    _explore_south_of_bakery(g, "walled")
    assert "stays open" in texts(g, "put_back")[-1] and g.needs() == "action"
    assert d["back"] == [["walled", 0]] and "1,1" not in g.state.tiles
    g2 = ready(box=box)
    g2.state.deck["back"] = [["walled", 0]]
    g2.state.tiles["1,0"]["entered"] = True
    g2._ctx().push(["draw_for", "1,0", "S", False, ["walled"]])  # already put back once for this side
    g2._drain()
    assert "stays open" in texts(g2, "put_back")[-1] and g2.needs() == "action"
    # one other card left: "cut in half (approximately)" never puts it back on top, it goes under that card
    g3 = ready(box=box)
    g3.state.deck.update(pool=["town05", "walled"], temple=False, upper=0)
    _explore_south_of_bakery(g3, "walled")
    assert g3.state.deck["back"] == [["walled", 1]] and g3.chance().outcomes == ("town05",)


def test_a_side_walled_along_its_whole_edge_gets_no_card(box):
    """ch. Exploring: "draw one tile for each side of the tile that does not have a neighbouring tile" -- a
    side walled along its whole edge is read like the green border: no card placed there could be reached
    (docs/rulings.md). Gated Yard (turned once: open only to the north) asks for one card, not three."""
    g = ready(box=box)
    centre = g.state.tiles["0,0"]
    # Gated Yard turned once: its walled north and south edges face east and west, its border south
    g.state.tiles = {"0,0": centre, "0,5": {"card": "gated", "rot": 1, "entered": False}}
    g._ctx_cache = None
    assert g._ctx().town.open_sides((0, 5)) == ["N"]
    # turned twice: walls north and south again, its border west: only the east side asks for a card
    g.state.tiles = {"0,0": centre, "0,5": {"card": "gated", "rot": 2, "entered": False}}
    g._ctx_cache = None
    assert g._ctx().town.open_sides((0, 5)) == ["E"]


@pytest.mark.parametrize("seed", range(8))
def test_games_with_walled_cards_end(box, seed):
    """Issue 18: with a player's walled cards in the deck the game still ends in a win or a loss."""
    g = Game.new(seed=seed, box=box, history=False)
    g.run_until("end", policy=SlayerBot(seed), max_rounds=400)
    assert g.state.result in ("won", "lost")


# ---- ch. Moving Zombies: equally far Zombies ----------------------------------------------------------------
def _race(g: Game) -> tuple[str, str]:
    """Two violet Zombies 2 steps from the Slayer (2,2), on 1,0 and 3,0, and one free square between them and
    him (2,1); blue Zombies stand on the other squares around him (they move after all violet ones)."""
    for s in ("1,1", "3,1", "1,2", "3,2", "1,3", "2,3", "3,3"):
        put(g, "blue", s)
    return put(g, "violet", "1,0"), put(g, "violet", "3,0")


def test_equally_far_zombies_the_player_decides_who_moves_first():
    """ch. Moving Zombies: "Zombies that are closer to your slayer move first; if there are two or more
    zombies equally far away from you, you decide which one to move first". The decision is offered (default:
    the counters' order) and each answer has its outcome: the one chosen takes 2,1; the other finds its only
    step taken and, with 1 action, stops."""
    for first in (0, 1):
        g = ready()
        a, b = _race(g)
        act(g, "end")
        p = g.pending
        assert p.kind == "order" and sorted(p.options) == sorted([a, b]) and p.options[p.default] == min(a, b, key=int)
        mover, stopper = (a, b) if first == 0 else (b, a)
        g.choose(mover)
        assert g.state.zombies[mover]["sq"] == "2,1"
        assert g.state.zombies[stopper]["sq"] == ("1,0" if stopper == a else "3,0")
        assert "blocked and stops" in texts(g, "zombie_stop")[-1]
        assert g.pending.kind == "order" and len(g.pending.options) == 7  # the 7 blue ones, all 1 step away


def test_a_lone_zombie_at_its_distance_is_no_decision():
    """Only a tie is the player's: Zombies at different distances move closest first with no question."""
    g = ready()
    put(g, "violet", "2,5")
    put(g, "violet", "0,0")
    act(g, "end")
    assert g.pending is None or g.pending.kind != "order"


def test_setup_with_only_walled_cards_leaves_its_sides_open(tmp_path):
    """ch. Setup: "Draw 4 town cards and place them with the green border facing outwards" -- a deck of cards
    that all block the Town Centre puts each back and leaves the side open; Setup still ends (no spawn on a
    side with no card) and the Slayer gets his turn."""
    (tmp_path / "packs").mkdir()
    walls = ROW(0) + ROW(5) + COL(0)
    text = "".join(f"[tiles.{t}]\nhouses = {walls}\n" for t in ["sample"] + [f"town{i:02d}" for i in range(1, 16)])
    (tmp_path / "packs" / "zombie_slayer.toml").write_text(text)
    g = Game.new(seed=3, box=load(tmp_path))
    while g.needs() != "action":
        g.step()
    assert set(g.state.tiles) == {"0,0"} and "stays open" in texts(g, "put_back")[-1]
    assert g.state.round == 1 and not g.state.zombies
