"""Search (P. 18): once per Turn, in an interior Zone without Ghouls; Romero Mode draws from the
House deck only, Zombicide Mode from Ranged, Melee or House, within the Scene's rules. The drawn
card is kept or discarded; a kept card is placed with a free reorganisation of the whole inventory
(the ``layout`` decision, as after a Trade), and so is S1's Winchester 94; the Flashlight draws two (P. 18).
"""
from __future__ import annotations

from nollab.rules.engine import rng
from nollab.rules.engine.board_state import zone_kind
from nollab.rules.engine.chance import ChanceNode, chance_task
from nollab.rules.engine.choices import resolver
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import Choice, SurvivorState
from nollab.rules.players import action_budget
from nollab.rules.players.trade import ask_layout
from nollab.rules.survivors import skills as sk
from nollab.rules.survivors.inventory import has_effect
from nollab.rules.engine.tasks import Task


def search_sources(ctx: Ctx, s: SurvivorState, mode: str | None = None) -> list[str]:
    """Decks (and Scene spots) this Survivor may Search now (P. 18 + Scene rules). ``mode``: the
    Survivor's effective Mode when the caller already knows it."""
    if s.searched or zone_kind(ctx, s.zone) != "interior" or ctx.st.ghoul_count(s.zone):
        return []
    if (mode if mode is not None else sk.effective_mode(ctx.st, s)) == "romero":
        decks = ["house"]
    else:
        decks = ["house", "melee", "ranged"]
    decks = ctx.scene.search_sources(ctx, s, decks)
    out = []
    for d in decks:
        if d.startswith("aside:"):
            if ctx.st.aside.get(d[6:]):
                out.append(d)
        elif ctx.st.decks.get(d) or ctx.st.discards.get(d):
            out.append(d)
    return out


def do_search(ctx: Ctx, s, source: str) -> None:
    """Draw a card (the chance step ``search_draw``); keep it (reorganising for free) or discard it (P. 18)."""
    paid = action_budget.pay(ctx, s, "search")
    s.searched = True
    st = ctx.st
    if source.startswith("aside:"):  # a card set aside by the Scene: no chance (S1's Winchester 94)
        spot = source[6:]
        uid = st.aside[spot].pop()
        ctx.emit("search", "P. 18", f"{ctx.sname(s.id)} searches ({paid}) and takes the {ctx.cname(uid)} "
                 f"({spot})", survivor=s.id, source=source, card=st.cards[uid])
        ctx.scene.searched(ctx, s.id, source, uid)
        ask_keep(ctx, s.id, uid)
        return
    ctx.push(Task("search_draw", (s.id, source, paid, None)))


def _pile(ctx: Ctx, deck: str) -> list:
    """The cards the next draw comes from: the draw pile, or the discards about to be reshuffled (P. 18)."""
    st = ctx.st
    return st.decks.get(deck) or st.discards.get(deck, [])


def draw_outcomes(ctx: Ctx, sid: str, deck: str, paid: str, first) -> ChanceNode:
    """Which Equipment card is drawn: one outcome per card type, weighted by its copies in the pile
    (its order is unknown to the players). A chosen outcome may also be a card's uid."""
    cards = ctx.st.cards
    counts: dict[str, int] = {}
    for u in _pile(ctx, deck):
        counts[cards[u]] = counts.get(cards[u], 0) + 1
    ids = sorted(counts)
    eq = ctx.content.equipment
    return ChanceNode("equipment_card", tuple(ids), tuple(counts[i] for i in ids), "P. 18",
                      tuple(eq[i].name for i in ids), f"{ctx.sname(sid)} draws from the {deck.title()} deck",
                      "or a card uid in the pile")


def draw_check(ctx: Ctx, outcome, sid: str, deck: str, paid: str, first) -> str | None:
    pile = _pile(ctx, deck)
    if isinstance(outcome, int) and not isinstance(outcome, bool):
        return None if outcome in pile else f"card: uid {outcome} is not in the {deck} pile"
    if outcome in {ctx.st.cards[u] for u in pile}:
        return None
    return f"card: {outcome!r} is not a card of the {deck} pile"


@chance_task("search_draw", outcomes=draw_outcomes, check=draw_check)
def task_search_draw(ctx: Ctx, outcome, sid: str, source: str, paid: str, first) -> None:
    """The searched card (P. 18); with the Flashlight, a second card, then keep one (P. 18)."""
    st = ctx.st
    s = ctx.surv(sid)
    uid = draw_card(ctx, source, outcome)
    if first is None:
        ctx.emit("search", "P. 18", f"{ctx.sname(sid)} searches the {source.title()} deck ({paid}) and draws "
                 f"{ctx.cname(uid)}", survivor=sid, source=source, card=st.cards[uid])
        if has_effect(ctx, s, "flashlight") and (st.decks.get(source) or st.discards.get(source)):
            ctx.push(Task("search_draw", (sid, source, paid, uid)))
            return
        ctx.scene.searched(ctx, sid, source, uid)
        ask_keep(ctx, sid, uid)
        return
    ctx.emit("search", "P. 18", f"Flashlight: {ctx.sname(sid)} also draws {ctx.cname(uid)}",
             survivor=sid, source=source, card=st.cards[uid])
    ctx.ask(Choice("flashlight", sid, "Flashlight: keep which card? (the other is discarded)", "P. 18",
                   options=[first, uid], labels=[ctx.cname(first), ctx.cname(uid)], data={"source": source}))


def draw_card(ctx: Ctx, deck: str, outcome=None) -> int:
    """Top card of an Equipment deck; an empty deck is first rebuilt from its discards (P. 18).
    ``outcome``: a chosen card (its type id, or a uid), taken from the pile instead of the top."""
    st = ctx.st
    if not st.decks.get(deck):
        st.decks[deck] = st.discards.get(deck, [])
        st.discards[deck] = []
        st.rng = rng.shuffle(st.rng, st.decks[deck])
        ctx.emit("reshuffle", "P. 18", f"The {deck.title()} deck ran out: its discards are reshuffled")
    pile = st.decks[deck]
    if outcome is not None:
        i = pile.index(outcome) if isinstance(outcome, int) else \
            max(i for i, u in enumerate(pile) if st.cards[u] == outcome)  # the topmost copy (top = end)
        pile.append(pile.pop(i))
    return pile.pop()


@resolver("flashlight")
def resolve_flashlight(ctx: Ctx, choice: Choice, option) -> None:
    other = next(u for u in choice.options if u != option)
    ctx.to_discard(other)
    ctx.emit("discard", "P. 18", f"{ctx.sname(choice.survivor)} discards {ctx.cname(other)} (Flashlight)",
             survivor=choice.survivor)
    ctx.scene.searched(ctx, choice.survivor, choice.data["source"], option)
    ask_keep(ctx, choice.survivor, option)


def keep_options(ctx: Ctx, sid: str) -> tuple[list, list]:
    s = ctx.surv(sid)
    opts: list = []
    labels: list = []
    if None in s.hands or len(s.backpack) < 3:
        opts.append(["keep"])
        labels.append("keep it (first free slot)")
    for i, u in enumerate(s.hands):
        if u is not None and len(s.backpack) < 3:
            opts.append(["hand", i])
            labels.append(f"keep it in Hand {i + 1}, {ctx.cname(u)} goes to the Backpack")
    for u in s.inventory():
        opts.append(["swap", u])
        labels.append(f"keep it instead of {ctx.cname(u)} (discarded)")
    opts.append(["discard"])
    labels.append("discard it")
    return opts, labels


def ask_keep(ctx: Ctx, sid: str, uid: int) -> None:
    opts, labels = keep_options(ctx, sid)
    if opts[0] != ["keep"]:  # no free slot: the named default (discard) is listed first
        i = opts.index(["discard"])
        opts.insert(0, opts.pop(i))
        labels.insert(0, labels.pop(i))
    ctx.ask(Choice("keep", sid, f"{ctx.sname(sid)} found {ctx.cname(uid)}: keep or discard?", "P. 18",
                   options=opts, labels=labels, default_name="keep-if-room", data={"card": uid}))


@resolver("keep")
def resolve_keep(ctx: Ctx, choice: Choice, option) -> None:
    sid = choice.survivor
    uid = choice.data["card"]
    s = ctx.surv(sid)
    what = option[0]
    if what == "discard":
        ctx.to_discard(uid)
        ctx.emit("discard", "P. 18", f"{ctx.sname(sid)} discards {ctx.cname(uid)}", survivor=sid)
        return
    if what == "keep":
        ctx.give_to_inventory(sid, uid)
    elif what == "hand":
        i = option[1]
        s.backpack.append(s.hands[i])
        s.hands[i] = uid
    elif what == "swap":
        old = option[1]
        if old in s.hands:
            s.hands[s.hands.index(old)] = uid
        else:
            s.backpack[s.backpack.index(old)] = uid
        ctx.to_discard(old)
        ctx.emit("discard", "P. 16", f"{ctx.sname(sid)} discards {ctx.cname(old)} to make room", survivor=sid)
    ctx.emit("keep", "P. 18", f"{ctx.sname(sid)} keeps {ctx.cname(uid)}", survivor=sid, card=ctx.st.cards[uid])
    # P. 18: "place it in their Survivor's inventory, reorganizing it for free"; S1 (P. 33): "may take
    # the Winchester 94 instead, and reorganize their inventory for free" -- any arrangement, no Action
    ask_layout(ctx, sid, "placing the card found, reorganizing the inventory for free", "P. 18")
