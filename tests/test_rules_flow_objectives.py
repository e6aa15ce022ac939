"""Every Scene's objective and loss condition, checked at the right moment (P. 8, P. 33-44).

P. 8: objectives win "immediately" unless the Scene says "at the end of a Players' Phase"; the game
is lost as soon as a starting Survivor is eliminated (P. 22); S2, S4 and S5 are also lost when a
Ghoul is in the house at the end of a Players' Phase. Each row builds a winning and a losing
position by editing a real game of that Scene, then lets the engine run:

* ``now`` objectives must be won by the very next engine step (not one later);
* ``end`` objectives must *not* be won while the Players' Phase goes on, and must be won when it
  ends, before any Ghoul acts.
"""
from __future__ import annotations

import pytest

import nollab.rules.scenes  # noqa: F401  (registers the S2-S10 hooks)
from nollab.rules.combat.molotov import molotov
from nollab.rules.combat.tally import Attack
from nollab.rules.combat.targeting import kill
from nollab.rules.game import Game
from nollab.rules.engine.policies import FirstPolicy
from nollab.rules.scenes.common import house_zones
from nollab.rules.scenes.travel_board import placement_options

FIRST = FirstPolicy()


def start(scene: str) -> Game:
    g = Game.new(scene, seed=0)
    g.run_until("action", FIRST)
    assert g.needs() == "action" and g.state.phase == "players"
    return g


def clear_ghouls(g: Game, zones) -> None:
    for z in list(zones):
        g.state.ghouls.pop(z, None)


def tile_zones(g: Game, tile: str) -> list[str]:
    return [z for z, zone in g.board.zones.items() if zone.tile == tile]


def everyone_to(g: Game, zone: str) -> None:
    for s in g.state.survivors.values():
        s.zone = zone


# ------------------------------------------------------------------------------ winning edits
def win_s1(g: Game) -> None:
    """P. 33: every indicated window blocked by a closed Barricade, no Ghoul in the house."""
    for w in g.scene.tokens.windows_to_barricade:
        g.state.opening_kind[w] = "barricade"
        g.state.set_open(w, False)
    clear_ghouls(g, house_zones(g._ctx(), g.scene))


def win_s2(g: Game) -> None:
    """P. 34: the House Equipment deck is exhausted."""
    st = g.state
    st.discards["house"] = st.discards.get("house", []) + st.decks["house"]
    st.decks["house"] = []


def win_s3(g: Game) -> None:
    """P. 35: no Ghoul on the board, every Spawn token in a single Spawn Zone."""
    st = g.state
    st.ghouls.clear()
    z = st.spawns[0][0]
    st.spawns = [[z, c] for _z, c in st.spawns]


def win_s4(g: Game) -> None:
    """P. 36: the Car on the pump Zone, no Ghoul on tile 5R."""
    pump = g.scene.marker_zone("pump")
    g.state.car = {"zone": pump}
    clear_ghouls(g, tile_zones(g, g.board.zones[pump].tile))


def win_s5(g: Game) -> None:
    """P. 37: every Survivor at Orange or higher and each has killed a Relative."""
    for s in g.state.survivors.values():
        s.xp = s.xp_total = g.content.danger_thresholds[2]
        s.kills["relative"] = 1


def win_s6(g: Game) -> None:
    """P. 39: the final tile 2V is on the board and every Survivor stands on it (end of phase)."""
    tr = g.state.flags["travel"]
    tr["final"] = True
    tr["pile"] = []
    everyone_to(g, tile_zones(g, "2V")[0])
    clear_ghouls(g, list(g.state.ghouls))


def win_s7(g: Game) -> None:
    """P. 40: a Relative is eliminated on the white Spawn Zone (through the combat kill)."""
    st = g.state
    white = next(z for z, c in st.spawns if c == "white")
    st.add_ghouls(white, "relative", 1)
    kill(g._ctx(), Attack(next(iter(st.survivors)), "melee", white, hits=1, kills=0), "relative")


def win_s8(g: Game) -> None:
    """P. 41: final tile 6V set, every Survivor on it, no Ghoul there, a driver in Johnny's car."""
    st = g.state
    tr = st.flags["travel"]
    tiles = tuple((t[0], int(t[1]), int(t[2]), int(t[3])) for t in tr["tiles"])
    t, r, c, rot = placement_options(tiles, tiles[-1][0], "6V")[0]
    tr["tiles"].append([t, r, c, rot])
    tr.update(final=True, pile=[], frontier="6V")
    tr.pop("placing", None)
    g.scene.sync(g._ctx())
    st.car = {"zone": "6V:s"}
    everyone_to(g, "6V:s")
    for i, s in enumerate(st.survivors.values()):
        s.in_car, s.driver = True, i == 0
    clear_ghouls(g, tile_zones(g, "6V"))


def win_s9(g: Game) -> None:
    """P. 42: every interior Zone has been Searched."""
    g.state.flags["searched_zones"] = sorted(z for z, zone in g.board.zones.items() if zone.interior)


def win_s10(g: Game) -> None:
    """P. 44: every Spawn token on the white Spawn Zone, then a Molotov thrown there."""
    st = g.state
    white = next(z for z, c in st.spawns if c == "white")
    st.spawns = [[white, c] for _z, c in st.spawns]
    s = st.survivors[st.active or next(iter(st.survivors))]
    s.hands[0] = next(u for u, cid in enumerate(st.cards) if cid == "molotov")
    molotov(g._ctx(), s.id, 0, white)


#: scene -> (when the objective is checked, winning edit)
WINS = {
    "S1": ("now", win_s1), "S2": ("now", win_s2), "S3": ("now", win_s3), "S4": ("now", win_s4),
    "S5": ("now", win_s5), "S6": ("end", win_s6), "S7": ("now", win_s7), "S8": ("end", win_s8),
    "S9": ("now", win_s9), "S10": ("now", win_s10),
}
HOUSE_LOSS = {"S2", "S4", "S5"}


@pytest.mark.parametrize("scene", sorted(WINS, key=lambda s: int(s[1:])))
def test_objective_wins_at_the_right_moment(scene):
    when, edit = WINS[scene]
    g = start(scene)
    edit(g)
    g.touch()
    if when == "now":
        g.step(FIRST)
        assert g.state.result == "won", f"{scene}: objective not won by the next step"
    else:
        # not before the end of the Players' Phase ...
        while g.state.phase == "players" and g.state.result is None:
            g.step(FIRST)
            if g.state.phase == "players":
                assert g.state.result is None, f"{scene}: won before the end of the Players' Phase"
        # ... but then, before any Ghoul acts
        assert g.state.result == "won", f"{scene}: not won at the end of the Players' Phase"
        assert not any(e.kind in ("ghoul_attack", "ghoul_move", "spawn_card") for e in g.events[-5:])
    assert g.over and g.state.phase == "over" and g.events[-1].kind == "won"


@pytest.mark.parametrize("scene", sorted(WINS, key=lambda s: int(s[1:])))
def test_a_starting_survivor_eliminated_loses_at_once_p8(scene):
    """P. 22/P. 8: a Survivor at 3 Wounds is eliminated and the game is lost right then, in the
    Ghouls' Phase attack that did it."""
    g = start(scene)
    g.run_until("phase", FIRST)
    assert g.state.phase == "ghouls" and g.state.result is None
    st = g.state
    for s in st.survivors.values():
        s.wounds = 2
        st.add_ghouls(s.zone, "walker", 1)
    g.touch()
    for _ in range(200):
        if g.over:
            break
        g.step(FIRST)
    assert st is g.state and g.state.result == "lost"
    assert "eliminated" in g.state.reason
    kinds = [e.kind for e in g.events]
    assert kinds[-2:] == ["eliminated", "lost"]
    assert kinds.index("ghoul_attack", len(kinds) - 10) < kinds.index("eliminated", len(kinds) - 10)


@pytest.mark.parametrize("scene", sorted(HOUSE_LOSS))
def test_a_ghoul_in_the_house_loses_at_the_end_of_the_players_phase(scene):
    """S2 P. 34, S4 P. 36, S5 P. 37: "The game is lost whenever there is at least 1 Ghoul in the
    house at the end of a Players' Phase" - not before, and before the Ghouls act."""
    g = start(scene)
    room = sorted(house_zones(g._ctx(), g.scene))[0]
    g.state.add_ghouls(room, "walker", 1)
    g.touch()
    while g.state.phase == "players" and g.state.result is None:
        g.step(FIRST)
        if g.state.phase == "players":
            assert g.state.result is None, f"{scene}: lost before the end of the Players' Phase"
    assert g.state.result == "lost" and "house" in g.state.reason
    assert g.events[-2].kind == "turn_end"  # the last Turn ended, then the check; no Ghoul acted


@pytest.mark.parametrize("scene", sorted(HOUSE_LOSS))
def test_no_ghoul_in_the_house_no_loss(scene):
    g = start(scene)
    clear_ghouls(g, house_zones(g._ctx(), g.scene))
    g.touch()
    g.run_until("phase", FIRST)
    assert g.state.result is None and g.state.phase == "ghouls"
