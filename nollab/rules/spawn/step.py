"""The Spawn Step (P. 24-25): one Ghoul card per active Spawn token, the white Spawn Zone first,
then clockwise; each card is read at the Danger Level of the most experienced Survivor
(:mod:`.ghoul_cards`). Running out of miniatures gives every Ghoul of that type an immediate
extra Activation (P. 25).
"""
from __future__ import annotations

import functools

from nollab.content_model import DangerLevel, ghoul_type_key
from nollab.rules.engine import rng
from nollab.rules.engine.board_state import closed_set
from nollab.rules.engine.chance import ChanceNode, chance_task
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import GHOUL_TYPES
from nollab.rules.engine.tasks import Task, task
from nollab.rules.spawn.ghoul_cards import card_effect_key, card_effect_label, resolve_spawn_card
from nollab.rules.spawn.spawn_zones import spawn_order
from nollab.rules.survivors.experience import highest_level


def active_spawn_tokens(ctx: Ctx) -> list[list]:
    colours = {"white", "red"} | set(ctx.st.flags.get("active_colours", []))
    return [t for t in ctx.st.spawns if t[1] in colours]


@task("before_spawn")
def task_before_spawn(ctx: Ctx) -> None:
    """Scene rules that act when the Spawn Step begins, after every Ghoul acted (S6/S8 P. 39, P. 41:
    "Choose a starting Spawn Zone during each Spawn Step")."""
    ctx.scene.before_spawn(ctx)


@task("spawn_step")
def task_spawn_step(ctx: Ctx) -> None:
    """One Ghoul card per active Spawn token, white Spawn Zone first then clockwise (P. 24)."""
    toks = active_spawn_tokens(ctx)
    if not toks:
        return
    white = next((z for z, c in toks if c == "white"), toks[0][0])
    counts: dict[str, int] = {}
    for z, _c in toks:
        counts[z] = counts.get(z, 0) + 1
    clockwise = [z for z in ctx.scene.clockwise if z in counts] + sorted(z for z in counts if z not in ctx.scene.clockwise)
    order = spawn_order(clockwise, white, counts)
    level = DangerLevel(highest_level(ctx.content, ctx.st))
    ctx.emit("spawn", "P. 24", f"Spawn step at {level.name.title()} Danger Level: {len(order)} Ghoul card"
             f"{'s' if len(order) != 1 else ''}, white Spawn Zone first, then clockwise")
    ctx.push(*[Task("spawn_card", (z,)) for z in order])


def _pile(ctx: Ctx) -> list:
    """The cards the next draw comes from: the Ghoul deck, or its discards about to be reshuffled (P. 24)."""
    return ctx.st.ghoul_deck or ctx.st.ghoul_discard


#: (id of the Scene's card table, Danger Level) -> (card table, {card number: effect key}); the card
#: tables are immutable once bound (Scene.bind) and shared by every copy of a game (Scene.fresh)
_EFFECT_KEYS: dict = {}


def effect_keys(ctx: Ctx, level: int) -> dict:
    """``{card number: card_effect_key}`` of the Scene's Ghoul cards at ``level`` (computed once)."""
    cards = ctx.scene._cards
    got = _EFFECT_KEYS.get((id(cards), level))
    if got is None or got[0] is not cards:
        got = _EFFECT_KEYS[(id(cards), level)] = (
            cards, {n: card_effect_key(c, DangerLevel(level)) for n, c in cards.items()})
    return got[1]


def spawn_card_outcomes(ctx: Ctx, zone: str) -> ChanceNode:
    """The Ghoul card drawn for ``zone``, grouped by what it does at the Danger Level of the draw
    (:func:`~.ghoul_cards.card_effect_key`), each group weighted by its cards in the pile (whose
    order the players do not know). A chosen outcome may also be a card number."""
    level = DangerLevel(highest_level(ctx.content, ctx.st))
    keyof = effect_keys(ctx, level)
    counts: dict[str, int] = {}
    for num in _pile(ctx):
        k = keyof[num]
        counts[k] = counts.get(k, 0) + 1
    keys = sorted(counts, key=_key_order)
    return ChanceNode("ghoul_card", tuple(keys), tuple(counts[k] for k in keys), "P. 24",
                      tuple(_label(k) for k in keys),
                      f"Ghoul card for {ctx.zname(zone)} at {level.name.title()}", "or a card number in the pile")


_LABELS: dict = {}


def _label(key: str) -> str:
    got = _LABELS.get(key)
    if got is None:
        got = _LABELS[key] = card_effect_label(key)
    return got


@functools.lru_cache(maxsize=None)
def _key_order(k: str):
    if k == "nothing":
        return (0, 0, "")
    a, b = k.split(":")
    return (2, ghoul_type_key(b), "") if a == "open" else (1, ghoul_type_key(a), f"{int(b):03d}")


def spawn_card_check(ctx: Ctx, outcome, zone: str) -> str | None:
    pile = _pile(ctx)
    if isinstance(outcome, int) and not isinstance(outcome, bool):
        return None if outcome in pile else f"card: Ghoul card #{outcome} is not in the pile"
    if outcome in spawn_card_outcomes(ctx, zone).outcomes:
        return None
    return f"card: {outcome!r} is not what a card of the pile does now"


def draw_ghoul_card(ctx: Ctx, outcome=None):
    """The top Ghoul card (the deck is rebuilt from its discards when empty, P. 24); ``outcome``: a
    chosen card (its number, or what it does now: the topmost such card of the pile)."""
    st = ctx.st
    if not st.ghoul_deck:
        st.ghoul_deck = st.ghoul_discard
        st.ghoul_discard = []
        st.rng = rng.shuffle(st.rng, st.ghoul_deck)
        ctx.emit("reshuffle", "P. 24", "The Ghoul deck ran out: its discards are reshuffled")
    pile = st.ghoul_deck
    if outcome is not None:
        if isinstance(outcome, int):
            i = pile.index(outcome)
        else:
            keyof = effect_keys(ctx, highest_level(ctx.content, st))
            i = max(i for i, n in enumerate(pile) if keyof[n] == outcome)
        pile.append(pile.pop(i))
    num = pile.pop()
    st.ghoul_discard.append(num)
    return ctx.scene.ghoul_card(num)


def box_room(ctx: Ctx, ghoul: str) -> int:
    """The miniatures of a Ghoul type still in the box: its pool less those on the board (what a
    Spawn card of that type can place before it runs short, P. 25)."""
    return ctx.content.ghoul_types[ghoul].pool - ctx.st.on_board(ghoul)


@chance_task("spawn_card", outcomes=spawn_card_outcomes, check=spawn_card_check, pause=True)
def task_spawn_card(ctx: Ctx, outcome, zone: str) -> None:
    st = ctx.st
    card = draw_ghoul_card(ctx, outcome)
    level = DangerLevel(highest_level(ctx.content, st))
    # the miniatures left in the box of the card's type (the only one a card reads, P. 25)
    pool = {card.ghoul: box_room(ctx, card.ghoul)} if card.ghoul in ctx.content.ghoul_types else {}
    # the Ghouls by Zone only matter to a Barricade & Door Opening card (P. 25)
    gbz = {z: {g: c[i] for i, g in enumerate(GHOUL_TYPES) if c[i]} for z, c in st.ghouls.items()} \
        if card.kind == "opening" else {}
    out = resolve_spawn_card(card, level, pool, zone, board=ctx.board, closed=closed_set(ctx),
                                      ghouls_by_zone=gbz)
    for o in sorted(out.opened):
        st.set_open(o, True)
    if out.placed:
        ctx.place_ghouls(zone, out.ghoul_type, out.placed)
    text = out.explanation.replace(f" in {zone} ", f" in {ctx.zname(zone)} ")
    if text.endswith(")") and text.rfind(" (P. ") > 0:
        text = text[:text.rfind(" (P. ")]
    ctx.emit("spawn_card", "P. 24" if card.kind == "spawn" else "P. 25", text, zone=zone, card=card.number,
             placed=out.placed, ghoul=out.ghoul_type, opened=sorted(out.opened), requested=out.requested,
             extra=out.extra_activation)
    if out.extra_activation:
        ctx.push(Task("activation", ((out.ghoul_type,), None)))
