"""Small helpers shared by the rule tests: reading the legal actions, refusing an action, bringing a
Scene to its first decision, answering choices the default way.

Plain functions, no fixtures; import them as ``from support import kinds, of, refused`` (pytest puts
``tests/`` on ``sys.path`` as it does for ``browser_support``). They only set up positions and read
them; every expected value stays in the test that asserts it.
"""
from __future__ import annotations

import pytest

from nollab.rules import IllegalAction
from nollab.rules.engine.actions import Action
from nollab.rules.game import Game

__all__ = ["answer_until", "arm", "bench_module", "end_turns", "kinds", "new_settled", "of", "play_round", "refused", "settle_defaults", "settle_layout",
           "skill", "user_tile_9x", "without"]


# ------------------------------------------------------------------------------ legal actions
def of(g, kind):
    """The legal actions of one kind (``"move"``, ``"melee"``, ...)."""
    return [a for a in g.legal_actions() if a.kind == kind]


def kinds(g):
    """The kinds of the legal actions."""
    return {a.kind for a in g.legal_actions()}


def skill(g, sid, *ids):
    """Give Survivor ``sid`` extra Skills (by id) and let the game recompute its legal actions."""
    g.state.survivors[sid].extra_skills.extend(ids)
    g.touch()


def refused(g, action, page):
    """The action is refused naming the page, and the saved game is byte-identical (P. 8 contract)."""
    before = g.to_json()
    with pytest.raises(IllegalAction, match=page):
        g.apply(action)
    assert g.to_json() == before


# ------------------------------------------------------------------------------ answering choices
def settle_layout(g):
    """Answer the free-reorganisation choices (after a Search or a Trade) with "as is"."""
    while g.pending is not None and g.pending.kind == "layout":
        g.choose(["as_is"])


def settle_defaults(g):
    """Answer every pending choice with its default until none is left or the game is over."""
    while g.pending is not None and not g.over:
        g.choose(g.pending.options[g.pending.default])


def end_turns(g):
    """Every Survivor still to act this round does nothing (P. 20)."""
    while g.needs() == "action" and not g.over:
        g.apply(Action("do_nothing", g.state.active))


def until_choice(g):
    """End the Survivors' Turns, then step until the game asks for a choice (or ends)."""
    end_turns(g)
    while g.pending is None and not g.over:
        g.step()
    return g.pending


def run_phase(g):
    """Play the Players' Phase (Do Nothing) and the Ghouls' Phase with default choices."""
    end_turns(g)
    r = g.state.round
    while g.state.round == r and not g.over:
        g.step()


def play_round(g):
    """Finish the round: the Survivors still to act do nothing, then the game runs on (every choice
    answered the default way) until the next round starts or the game is over."""
    end_turns(g)
    r = g.state.round
    while g.state.round == r and not g.over:
        if g.pending is not None:
            g.choose(g.pending.options[g.pending.default])
        else:
            g.step()


# ------------------------------------------------------------------------------ Scenes
def new_settled(scene, seed=1):
    """``Game.new(scene)`` with its setup choices (``scene:*``) answered the default way."""
    g = Game.new(scene, seed=seed)
    while g.pending is not None and g.pending.kind.startswith("scene:"):
        g.choose(g.pending.options[g.pending.default])
    return g


def without(game, hook):
    """The same game with one special-rule hook taken out of the Scene."""
    names = [h.hook_name for h in game.scene.hooks]
    assert hook in names, f"{hook} is not a hook of {game.scene.id}: {names}"
    game.scene.hooks = [h for h in game.scene.hooks if h.hook_name != hook]
    return game


# ------------------------------------------------------------------------------ a player's own tile
def user_tile_9x(south: str) -> str:
    """The text of a player's tile ``9X`` (reconstructed, 6x6 cells): a road, a yard, a shed ``K``
    behind a closed door and an east yard, over two rows described by the legend line ``south``
    (``'c = { kind = "corn", label = "corn field" }'``; its first letter names the rows)."""
    row = south[0] * 6
    return f'''
[tile]
id = "9X"
reconstructed = true
grid = """
aaaaaa
aaaaaa
bbKKee
bbKKee
{row}
{row}
"""
[legend]
a = {{ kind = "exterior", label = "road" }}
b = {{ kind = "exterior", label = "yard" }}
e = {{ kind = "exterior", label = "yard (east)" }}
{south}
K = {{ kind = "interior", label = "shed" }}
[[openings]]
id = "d"
at = "r2c3-r3c3"
kind = "door"
open = false
'''


def first_turn(game, bot=None) -> list:
    """The sim tests' common start: settle setup choices and engine steps with ``bot`` (the heuristic
    by default), activate the first Survivor offered and return the legal actions of their Turn."""
    from nollab.sim.heuristic import HeuristicPolicy
    bot = bot if bot is not None else HeuristicPolicy()
    while game.needs() in ("choice", "step"):
        game.step(bot)
    game.touch()
    acts = game.legal_actions()
    if acts and acts[0].kind == "activate":
        game.apply(acts[0])
        acts = game.legal_actions()
    return acts


def bench_module(name: str):
    """The script ``bench/<name>.py`` loaded as a module (bench/ is not a package), so a test calls
    its functions and ``main(argv)`` the way a user runs it."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def arm(g, sid, cards, origin: str = "melee") -> None:
    """Put ``cards`` (fresh card uids, from the ``origin`` deck) in the Survivor's Hands, emptying the rest
    of their inventory: a hand-built position's weapons."""
    st = g.state
    me = st.survivors[sid]
    me.backpack = []
    me.hands = [None, None]
    for i, name in enumerate(cards):
        st.cards.append(name)
        st.origin.append(origin)
        me.hands[i] = len(st.cards) - 1


def answer_until(g, bot, kind: str):
    """Answer the pending choices with ``bot`` until the pending one is of ``kind`` (or none is left);
    return that pending choice (``None`` if it never came)."""
    while g.pending is not None and g.pending.kind != kind:
        g.choose(bot.choose_option(g, g.pending))
    return g.pending
