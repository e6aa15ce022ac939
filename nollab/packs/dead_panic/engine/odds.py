"""Exact odds read off a live Dead Panic game, through the engine's own rules.

* :func:`fight_odds` -- for a pending fight decision, every option's chance to win, tie or lose:
  the 2d6 roll judged by :func:`nollab.packs.dead_panic.melee.judge` with the engine's modifiers
  (Grip Tape, Pipe Wrench, a Brawler's ties, a Character Zombie's opposed roll and "+1"); guns and
  burning gas win outright (p. 9, p. 4).
* :func:`event_odds` -- the next Event card: how many tokens it draws (the live Events deck and
  player count) and what comes out of the live bag (:func:`nollab.packs.dead_panic.bag.draw`,
  without replacement, refilled from the discard pile).
* :func:`live_odds` -- both, for whatever the game waits on (what the odds pages show).

Tests replay every die outcome through the engine and check these numbers exactly.
"""
from __future__ import annotations

from nollab.packs.dead_panic.bag import SURVIVOR, count
from nollab.packs.dead_panic.bag import draw as bag_draw
from nollab.packs.dead_panic.engine.events import tokens_for
from nollab.packs.dead_panic.melee import judge, two_d6
from nollab.prob.dist import Dist

__all__ = ["fight_odds", "event_odds", "live_odds"]


def _option_dist(game, who: str, option) -> Dist:
    target, uid, mode = option
    if mode in ("shoot", "burn", "ak47"):
        return Dist.certain("win")
    st, box = game.state, game.box
    p = st.player(who)
    card = next((c for c in p.hand if c.uid == uid), None)
    mod = 1 if card is not None and card.grip else 0
    wrench = card is not None and card.card in box.cabin and box.cabin[card.card].special == "pipe_wrench" \
        and mode == "melee"
    if target.startswith("z"):
        z = st.zombies[int(target[1:])]
        fv = box.rules.survivor_zombie_fight if z.kind == "survivor_zombie" else box.zombies[z.kind].fight
        ties = z.kind != "survivor_zombie" and box.zombies[z.kind].wins_ties
        return two_d6().map(lambda s: judge(s + mod, fv, zombie_wins_ties=ties, character_wins_ties=wrench))
    cz = st.player(target[2:])
    bonus = 1 if "plus_one" in cz.cz_abilities else 0
    ties = "win_ties" in cz.cz_abilities
    # the reroll ability changes the Zombie's side; its odds assume the Zombie keeps its first roll
    return two_d6().combine(two_d6(), lambda a, b: judge(a + mod, b + bonus, zombie_wins_ties=ties,
                                                         character_wins_ties=wrench))


def fight_odds(game) -> list[dict]:
    """For a pending "fight" decision: ``[{"option", "label", "win", "tie", "lose"}]`` (Fractions)."""
    c = game.pending
    if c is None or c.kind != "fight":
        return []
    out = []
    for opt, label in zip(c.options, c.labels):
        d = _option_dist(game, c.who, opt)
        out.append({"option": opt, "label": label, "win": d.prob("win"), "tie": d.prob("tie"),
                    "lose": d.prob("lose")})
    return out


def _count_dist(game) -> Dist:
    """Tokens the next Event card draws (the live deck; a die card rolls 1-6; "*" draws none,
    Attracted by Gunfire draws the bullets fired). Integer weights: 6 per card of a fixed count,
    1 per face of a die card."""
    st, box = game.state, game.box
    deck = {e: n for e, n in st.events_deck.items() if n > 0} or {e: n for e, n in st.events_discard.items() if n}
    weights: dict[int, int] = {}
    for eid, n in deck.items():
        card = box.events[eid]
        k = st.bullets if card.effect == "gunfire" else tokens_for(game._ctx(), card.draw)
        for v, w in (((f, n) for f in range(1, 7)) if k is None else ((k, 6 * n),)):
            weights[v] = weights.get(v, 0) + w
    return Dist(weights)


def event_odds(game) -> dict:
    """The next Event: ``{"tokens": Dist, "p_survivor": Fraction, "expected": {kind: Fraction}}``."""
    st = game.state
    bag = {k: n for k, n in st.bag.items() if n > 0}
    discard = {k: n for k, n in st.discard.items() if n > 0}
    size = sum(bag.values()) + sum(discard.values())
    tokens = _count_dist(game)
    drawn = tokens.bind(lambda n: bag_draw(bag, min(n, size), discard) if size else Dist.certain(()))
    kinds = sorted(set(bag) | set(discard))
    return {"tokens": tokens, "p_survivor": drawn.p(lambda o: count(o, SURVIVOR) > 0),
            "expected": {k: drawn.expect(lambda o, k=k: count(o, k)) for k in kinds}}


def live_odds(game) -> dict:
    """What the odds pages show for a live game: the pending fight's options and the next Event."""
    return {"fight": fight_odds(game), "event": event_odds(game)}
