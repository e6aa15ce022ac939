"""Helpers for the Zombie Slayer engine tests: hand-made positions on a fixed town, forced chance."""
from __future__ import annotations

from nollab.packs.zombie_slayer.engine.core import Action
from nollab.packs.zombie_slayer.engine.game import Game

#: a fixed town: the Town Centre with one card on each side, green borders outwards (Setup)
TOWN = {"0,0": {"card": "centre", "rot": 0, "entered": True},
        "0,-1": {"card": "town01", "rot": 3, "entered": False},
        "1,0": {"card": "town02", "rot": 0, "entered": False},
        "0,1": {"card": "town03", "rot": 1, "entered": False},
        "-1,0": {"card": "town04", "rot": 2, "entered": False}}


def ready(seed: int = 1, luck: int = 0, town: dict | None = None, zombies: bool = False, box=None) -> Game:
    """A game at the Slayer's first action on :data:`TOWN` (no Zombies unless ``zombies``), Luck ``luck``,
    with ``box`` (default: the shipped content)."""
    g = Game.new(seed=seed, setup=f"ludwig:{luck}", box=box)
    while g.needs() != "action":
        g.step()
    st = g.state
    st.tiles = {k: dict(v) for k, v in (town or TOWN).items()}
    used = {t["card"] for t in st.tiles.values()}
    st.deck["pool"] = [c for c in st.deck["pool"] if c not in used]
    st.deck["back"] = [b for b in st.deck["back"] if b[0] not in used]
    if not zombies:
        st.zombies = {}
    g._ctx_cache = None
    g._legal_key = None
    return g


def put(g: Game, kind: str, square: str, life: int | None = None) -> str:
    uid = g.state.uid()
    base = g.box.necromancer if kind == "necromancer" else g.box.zombies[kind]
    g.state.zombies[uid] = {"kind": kind, "sq": square, "life": base.life if life is None else life}
    g._legal_key = None
    return uid


def act(g: Game, kind: str, *params, player: str = "slayer") -> None:
    g.apply(Action(kind, player, tuple(params)))


def force(g: Game, *outcomes) -> None:
    """Resolve the next chance nodes with these outcomes (answering decisions with their default between)."""
    for o in outcomes:
        while g.needs() == "choice":
            g.step()
        assert g.needs() == "chance", f"expected a chance node, the game needs {g.needs()}"
        g.resolve_chance(o)


def texts(g: Game, kind: str | None = None) -> list[str]:
    return [e.text for e in g.events if kind is None or e.kind == kind]
