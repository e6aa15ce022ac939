"""The view model of a Dead Panic game: frozen, typed, plain data -- the one thing the board
picture, the panels, the command line and a notebook read (never the engine state itself).

``game.view()`` -> :class:`GameView`: the round, phase, result; each space's pieces; the Walls;
players with their Character, status, Injuries and hand; the Rescuers; the Bait holder; the
pending decision or chance node; the acting player's legal actions (labelled); the latest events.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from nollab.packs.dead_panic.engine.cards import card_name, hand_limit
from nollab.packs.dead_panic.engine.combat import target_name
from nollab.packs.dead_panic.engine.core import Action
from nollab.packs.dead_panic.engine.legal import budget
from nollab.packs.dead_panic.engine.spaces import split

__all__ = ["GameView", "PlayerView", "ZombieView", "SurvivorView", "PendingView", "view", "describe"]


@dataclass(frozen=True)
class ZombieView:
    uid: int
    kind: str           # a Zombie type id, "survivor_zombie", or "character_zombie"
    name: str
    space: str
    health: int
    max_health: int
    fight: int
    fought: bool
    owner: str | None = None   # a Character Zombie's player


@dataclass(frozen=True)
class SurvivorView:
    uid: int
    space: str
    health: int
    radio: bool


@dataclass(frozen=True)
class PlayerView:
    id: str
    name: str
    colour: str
    seat: int
    space: str | None
    status: str
    injuries: int
    injuries_max: int
    hand: tuple[str, ...]
    hand_limit: int
    ability: str
    bait: bool
    acting: bool
    cz_abilities: tuple[str, ...] = ()


@dataclass(frozen=True)
class PendingView:
    kind: str           # "choice" or "chance"
    what: str           # the decision's kind, or the chance node's ("d6", "2d6", "bag", ...)
    who: str | None
    prompt: str
    page: str
    labels: tuple[str, ...]
    default: int | None
    odds: tuple[str, ...] = ()   # a chance node's exact probabilities, "p/q", one per label


@dataclass(frozen=True)
class GameView:
    seed: int
    setup: str
    round: int
    phase: str
    result: str | None
    reason: str
    arcs: int
    rings: tuple[str, ...]
    living_room_arc: int
    walls: tuple[tuple[int, str], ...]
    zombies: tuple[ZombieView, ...]
    survivors: tuple[SurvivorView, ...]
    players: tuple[PlayerView, ...]
    radio: tuple[tuple[str, int], ...]
    van: str | None
    bait: str
    acting: str | None
    needs: str
    pending: PendingView | None
    actions: tuple[tuple[str, str], ...]      # (action JSON, label) of the acting player
    actions_left: int
    bag: tuple[tuple[str, int], ...]
    cabin_left: int
    events_left: int
    events: tuple[str, ...]

    def pieces_at(self, space: str) -> dict:
        """Zombies, Survivors and Characters on ``space`` (tooltips, panels)."""
        return {"zombies": [z for z in self.zombies if z.space == space],
                "survivors": [s for s in self.survivors if s.space == space],
                "players": [p for p in self.players if p.space == space and p.status in ("alive", "down")]}


def _zombies(game) -> list[ZombieView]:
    box, st = game.box, game.state
    out = []
    for z in sorted(st.zombies.values(), key=lambda z: z.uid):
        if z.kind == "survivor_zombie":
            out.append(ZombieView(z.uid, z.kind, "Survivor Zombie", z.space, z.health,
                                  box.rules.survivor_zombie_health, box.rules.survivor_zombie_fight, z.fought))
        else:
            zt = box.zombies[z.kind]
            out.append(ZombieView(z.uid, z.kind, zt.name, z.space, z.health, zt.health, zt.fight, z.fought))
    for p in st.players:
        if p.status == "zombie":
            out.append(ZombieView(0, "character_zombie", f"{box.characters[p.id].name} (Zombie)", p.space,
                                  p.cz_health, box.rules.character_zombie_health, 0, p.id in st.cz_fought, p.id))
    return out


def _pending(game) -> PendingView | None:
    st = game.state
    if st.pending:
        p = st.pending
        return PendingView("choice", p["kind"], p["who"], p["prompt"], p["page"], tuple(p["labels"]), p["default"])
    ch = game.chance()
    if ch is not None:
        labels = ch.labels or tuple(str(o) for o in ch.outcomes)
        odds = tuple(f"{w}/{ch.total}" for w in ch.weights)
        return PendingView("chance", ch.kind, None, ch.prompt, ch.page, labels, None, odds)
    return None


def view(game) -> GameView:
    st, box = game.state, game.box
    ctx = game._ctx()
    acting = game.acting()
    players = tuple(PlayerView(
        p.id, box.characters[p.id].name, box.characters[p.id].colour, p.seat, p.space, p.status, p.injuries,
        box.characters[p.id].injuries, tuple(card_name(ctx, c) for c in p.hand), hand_limit(ctx, p),
        box.characters[p.id].text, st.bait == p.seat, acting == p.id, tuple(p.cz_abilities)) for p in st.players)
    return GameView(
        seed=st.seed, setup=game.setup, round=st.round, phase=st.phase, result=st.result, reason=st.reason,
        arcs=box.arcs, rings=box.rings, living_room_arc=box.rules.living_room_arc,
        walls=tuple(sorted(st.walls.items())), zombies=tuple(_zombies(game)),
        survivors=tuple(SurvivorView(s.uid, s.space, s.health, s.radio)
                        for s in sorted(st.survivors.values(), key=lambda s: s.uid)),
        players=players, radio=tuple(sorted(st.radio.items())), van=st.van,
        bait=st.players[st.bait].id if st.players else "", acting=acting, needs=game.needs(), pending=_pending(game),
        actions=tuple((json_of(a), describe(game, a)) for a in game.legal_actions()),
        actions_left=budget(ctx) if acting else 0, bag=tuple(sorted((k, n) for k, n in st.bag.items() if n)),
        cabin_left=sum(st.cabin.values()), events_left=sum(st.events_deck.values()),
        events=tuple(str(e) for e in game.events[-30:]))


def json_of(a: Action) -> str:
    return json.dumps(a.to_dict(), sort_keys=True)


def describe(game, a: Action) -> str:
    """A person's label for an action ("Al: shoot the Brute #12 (3 health) with the Rifle")."""
    ctx = game._ctx()
    st = game.state
    who = game.box.characters[a.player].name
    p = st.player(a.player)

    def card(uid) -> str:
        c = next((c for c in p.hand if c.uid == uid), None)
        return card_name(ctx, c) if c else f"card {uid}"

    k, x = a.kind, a.params
    text = {
        "move": lambda: f"move to {x[0]}",
        "draw": lambda: "search the Cabin (draw 1 card)",
        "shoot": lambda: f"shoot the {target_name(ctx, x[1])} with the {card(x[0])}",
        "ak47": lambda: "fire the AK-47 (4 points to spread)",
        "flare_burst": lambda: f"fire the Flare Gun into {x[1]}",
        "flare_signal": lambda: "signal a Survivor with the Flare Gun",
        "double_shot": lambda: f"spend 2 shots of the {card(x[0])}",
        "grip": lambda: f"tape the {card(x[1])}",
        "muck": lambda: "use Zombie Muck",
        "rope": lambda: f"rope {x[1]} to {x[2]}",
        "rebuild": lambda: f"rebuild the Wall of arc {split(p.space)[0]}",
        "melee": lambda: f"fight the {target_name(ctx, x[0])} " + (f"with the {card(x[1])}" if x[1] else "bare-handed"),
        "escort": lambda: f"take Survivor #{x[0]} along to {x[1]} (2 actions)",
        "enter_van": lambda: "get into the van",
        "give": lambda: f"give the {card(x[0])} to {game.box.characters[x[1]].name}",
        "take": lambda: f"take a card from {game.box.characters[x[0]].name}",
        "swap": lambda: f"trade the {card(x[0])} with {game.box.characters[x[1]].name}",
        "repair": lambda: f"repair the Crack in the Wall of arc {x[0]}",
        "collect": lambda: "collect a Radio piece",
        "assemble": lambda: "assemble the Radio",
        "call": lambda: "call the Rescuers",
        "van": lambda: f"drive the van {'left' if x[0] < 0 else 'right'}",
        "van_shoot": lambda: f"shoot the {target_name(ctx, x[0])} from the van",
        "deliver": lambda: "draw 2 Cabin cards, keep 1, give 1 (Julie)",
        "heal": lambda: f"patch up {game.box.characters[x[0]].name} (2 actions)",
        "give_action": lambda: f"give 1 action to {game.box.characters[x[0]].name}",
        "discard": lambda: f"discard the {card(x[0])}",
        "pass": lambda: "end the turn",
    }.get(k, lambda: str(a))()
    return f"{who}: {text}"
