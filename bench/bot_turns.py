"""How the heuristic bot spends its Turns: plays games on the seeds of ``bench/scene_difficulty.py``
(game i = the i-th child of ``SeedSequence(seed)``) and prints, one row per Scene side by side,
what a fighting bot must fix before it can win the board-clearing Scenes (S3, S5, S10):

* Actions a Turn leaves unused (the share of every ordinary Action, and per Turn ended by Do
  Nothing, P. 18 "Do Nothing": the Survivor's remaining Actions are lost);
* where the nearest Ghoul stood when the bot did nothing (0 = in its Zone; 5 = five Moves or more);
* "stuck": it did nothing beside Ghouls none of its weapons could kill (Fatties need Damage 2, P. 27);
* kills per round, Ghouls on the board at the end, and what the Hands held at the end
  (weapon / another card / empty).

Run: ``nice python bench/bot_turns.py [--scenes S3,S5,S10] [--games 10] [--seed 2026]``.
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_GAMES = 10_000


def measure(scene: str, games: int, seed: int) -> dict:
    """Totals over ``games`` heuristic games of ``scene``."""
    from nollab.rules.game import Game
    from nollab.sim.heuristic import HeuristicPolicy
    from nollab.sim.plans_view import is_weapon
    from nollab.sim.runner import game_seeds, scene_max_rounds

    c: collections.Counter = collections.Counter()

    class Watched(HeuristicPolicy):
        def choose_action(self, game, actions):
            a = super().choose_action(game, actions)
            if a.kind == "activate":
                return a
            c["actions"] += 1
            if a.kind != "do_nothing":
                return a
            left = game.actions_left(a.survivor) or 0
            c["do_nothing"] += 1
            c["unused"] += left
            st = game.state
            v = self._view(game, a.survivor)
            d = v.distances(v.me.zone)
            near = min((d.get(z, 99) for z in st.ghouls if st.ghoul_count(z)), default=99)
            c[f"near{min(near, 5)}"] += 1
            if near == 0 and not v.can_hurt(v.me.zone):
                c["stuck"] += 1
            return a

    mr = scene_max_rounds(scene)
    for engine_seed, policy_seed in game_seeds(seed, games):
        g = Game.new(scene, seed=engine_seed, history=False)
        g.run_until("end", policy=Watched(policy_seed), max_rounds=mr)
        st, eq = g.state, g.content.equipment
        c["games"] += 1
        c["won"] += st.result == "won"
        c["rounds"] += st.round
        c["kills"] += sum(sum(s.kills.values()) for s in st.survivors.values())
        c["on_board"] += sum(st.ghoul_count(z) for z in st.ghouls)
        for s in st.survivors.values():
            if not s.alive:
                continue
            for u in s.hands:
                c["hand_empty" if u is None else ("hand_weapon" if is_weapon(eq[st.cards[u]]) else "hand_other")] += 1
    return dict(c)


def rows(m: dict) -> dict[str, str]:
    """The printed rows of one Scene's totals."""
    turns_dn = max(1, m.get("do_nothing", 0))
    spent = m.get("actions", 0) - m.get("do_nothing", 0)
    hands = max(1, m.get("hand_weapon", 0) + m.get("hand_other", 0) + m.get("hand_empty", 0))
    return {
        "won": f"{m['won']}/{m['games']}",
        "mean rounds": f"{m['rounds'] / m['games']:.1f}",
        "Actions unused (share)": f"{m.get('unused', 0) / max(1, spent + m.get('unused', 0)):.0%}",
        "unused per Do Nothing": f"{m.get('unused', 0) / turns_dn:.2f}",
        "Do Nothing, Ghoul here": f"{m.get('near0', 0) / turns_dn:.0%}",
        "  of which none it can kill": f"{m.get('stuck', 0) / turns_dn:.0%}",
        "Do Nothing, Ghoul 1-2 away": f"{(m.get('near1', 0) + m.get('near2', 0)) / turns_dn:.0%}",
        "Do Nothing, Ghoul 5+ away": f"{m.get('near5', 0) / turns_dn:.0%}",
        "kills per round": f"{m.get('kills', 0) / max(1, m['rounds']):.2f}",
        "Ghouls on board at end": f"{m.get('on_board', 0) / m['games']:.1f}",
        "Hands: weapon/other/empty": "/".join(f"{m.get(k, 0) / hands:.0%}"
                                              for k in ("hand_weapon", "hand_other", "hand_empty")),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", default="S3,S5,S10")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    known = {p.stem for p in (ROOT / "nollab" / "data" / "scenes").glob("S*.toml")}
    scenes = [s.strip() for s in args.scenes.split(",") if s.strip()]
    bad = [s for s in scenes if s not in known]
    if bad or not scenes:
        print(f"bot_turns: --scenes: unknown Scene {','.join(bad) or '(none)'} (known: {','.join(sorted(known))})",
              file=sys.stderr)
        return 2
    if not 1 <= args.games <= MAX_GAMES:
        print(f"bot_turns: --games must be 1..{MAX_GAMES}, got {args.games}", file=sys.stderr)
        return 2
    table = {s: rows(measure(s, args.games, args.seed)) for s in scenes}
    names = list(next(iter(table.values())))
    width = max(len(n) for n in names)
    print(f"heuristic, {args.games} games per Scene, seed {args.seed}")
    print(" " * width + "".join(f"{s:>12}" for s in scenes))
    for n in names:
        print(f"{n:<{width}}" + "".join(f"{table[s][n]:>12}" for s in scenes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
