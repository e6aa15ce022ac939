"""S5's account (P. 37 "All Survivors are at Orange Danger Level (or higher). Each Survivor has
killed 1 Relative (or more)."): what the deck imposes and what a bot achieves, side by side.

1. **The Relative clock** -- independent of any bot. Six Relatives must be placed before six
   Survivors can each kill one. Only the Relative cards of the Scene's Ghoul deck place them (1 a
   card from the first Danger Level whose line is not "NOTHING!"), one card is drawn per Spawn token
   each round, and the discards are reshuffled when the deck runs out (P. 24). A Monte Carlo of the
   deck alone (Relatives assumed killed at once by the right Survivor) gives the round of the 6th
   Relative when the team holds that line from round Y on -- a lower bound on any win.
2. **The bot** (``--games N``): per Danger Level line (the most experienced Survivor's, P. 14/24),
   Ghouls spawned and killed per round (to hold, kills must match spawns, else the board fills to the
   box's miniatures and each further card gives that type an extra Activation, P. 25); how far the
   games get, how they end, when the Yellow line comes, Relatives placed and killed, team XP; the
   objective's bookkeeping: Relatives killed by a Survivor who already had one (wasted: only 2
   Relative miniatures exist and 6 different killers are needed), the lowest Survivor XP at the
   end, and at the start of rounds 8/12/16/20 (games that reach them) the XP spread (min / max),
   Survivors at Orange, Survivors with a Relative kill and P(each of the two conditions met).

Run: ``nice python bench/relative_clock.py [--scene S5] [--deals 20000] [--games 100]
[--policy heuristic|planner] [--seed 2026] [--json FILE]`` (``--games 0``: the clock only; ``--json``:
the per-round curves of notebook 05's S5 plot, :func:`series`, e.g. ``notebooks/data/05-s5-account.json``).
Games are those of ``bench/scene_difficulty.py`` (game i = the i-th child of ``SeedSequence(seed)``).
"""
from __future__ import annotations

import argparse
import collections
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINES = ("blue", "yellow", "orange", "red")
FROM_ROUNDS = (1, 6, 11)
HORIZONS = (20, 25, 30, 40)
#: rounds at which the bot's games are checked against the two S5 conditions (P. 37)
CHECK_ROUNDS = (8, 12, 16, 20)
#: rounds of the ``--json`` series (notebook 05's S5 plot)
PLOT_ROUNDS = 30


def deck_facts(scene: str) -> tuple[list[int], dict[int, int], int, int]:
    """(card numbers of the Scene's deck, Relative card -> first level index placing one, cards
    drawn a round = Spawn tokens that spawn, Relatives needed = Survivors) from a fresh game."""
    from nollab.rules.game import Game
    g = Game.new(scene, seed=0, history=False)
    st = g.state
    cards = list(st.ghoul_deck) + list(getattr(st, "ghoul_discard", []) or [])
    by_number = {c.number: c for c in g.content.ghoul_deck}
    rel = {}
    for n in cards:
        c = by_number[n]
        if c.kind == "spawn" and c.ghoul == "relative":
            first = next((i for i, k in enumerate(c.counts) if k > 0), None)
            if first is not None:
                rel[n] = first
    draws = sum(1 for _, colour in st.spawns if colour in ("white", "red"))
    return cards, rel, draws, sum(1 for s in st.survivors.values() if s.alive)


def sixth_relative(cards, rel, draws, need, yellow_from, rng) -> int:
    """Round at which the ``need``-th Relative is placed, the Yellow line held from ``yellow_from``: a
    card whose Blue line places a Relative counts from round 1, one from Yellow up from ``yellow_from``."""
    deck: list[int] = []
    discard = list(cards)
    got, rnd = 0, 0
    while True:
        rnd += 1
        for _ in range(draws):
            if not deck:
                deck, discard = discard, []
                rng.shuffle(deck)
            n = deck.pop()
            discard.append(n)
            if n in rel and (rel[n] == 0 or (rel[n] == 1 and rnd >= yellow_from)):
                got += 1
                if got >= need:
                    return rnd


def wasted_relatives(survivors) -> int:
    """Relatives killed by a Survivor who already had one: every Relative kill past the first of each
    Survivor ("Each Survivor has killed 1 Relative (or more)", P. 37 -- the second one counts for nothing)."""
    return sum(max(0, s.kills.get("relative", 0) - 1) for s in survivors)


def objective_row(survivors, content) -> tuple[int, int, int, int, bool, bool]:
    """(lowest XP, highest XP, Survivors at Orange, Survivors with a Relative kill, XP condition met,
    Relative condition met) of the living Survivors (P. 37: all at Orange, P. 14; each has killed 1
    Relative or more) -- each condition read by the rule's own check (:mod:`nollab.rules.scenes.
    s5_night_of_the_living_dead`), so the bench counts what the engine would call a win."""
    from nollab.rules.scenes.s5_night_of_the_living_dead import at_orange, killed_a_relative
    alive = [s for s in survivors if s.alive]
    xs = [s.xp for s in alive]
    killers = sum(1 for s in alive if killed_a_relative(s))
    orange = sum(1 for s in alive if at_orange(content, s))
    return min(xs), max(xs), orange, killers, orange == len(alive), killers == len(alive)


def clock(scene: str, deals: int, seed: int) -> dict[int, list[int]]:
    """Print the Relative clock; return, per Yellow-line start round, the sorted rounds of the last
    Relative over ``deals`` deals (empty when no Relative is ever placed)."""
    cards, rel, draws, need = deck_facts(scene)
    print(f"{scene}: {len(cards)} Ghoul cards, {len(rel)} Relative cards {sorted(rel)}, {draws} cards a round, "
          f"{need} Relatives needed")
    if not rel or not draws:
        print("  no Relative is ever placed: the objective cannot be met")
        return {}
    rng = random.Random(seed)
    print("  Yellow line from round | median round of the last Relative | 5 % | 20 % | "
          + " | ".join(f"P(by {h})" for h in HORIZONS))
    out = {}
    for y in FROM_ROUNDS:
        xs = out[y] = sorted(sixth_relative(cards, rel, draws, need, y, rng) for _ in range(deals))
        q = lambda p: xs[min(len(xs) - 1, int(p * len(xs)))]  # noqa: E731
        probs = " | ".join(f"{sum(x <= h for x in xs) / len(xs):.2f}" for h in HORIZONS)
        print(f"  {y:22} | {q(.5):34} | {q(.05):3} | {q(.2):4} | {probs}")
    return out


def bot(scene: str, games: int, policy: str, seed: int) -> dict:
    """Play the games, print the bot's account and return its per-round series (:func:`series`)."""
    from nollab.rules.game import Game
    from nollab.rules.scenes.s5_night_of_the_living_dead import killed_a_relative
    from nollab.sim.policy import make_policy
    from nollab.sim.runner import game_seeds, scene_max_rounds
    max_rounds = scene_max_rounds(scene)
    per_line = collections.defaultdict(lambda: [0, 0, 0])  # rounds, kills, spawned
    reach: collections.Counter = collections.Counter()
    ends: collections.Counter = collections.Counter()
    rounds, first_yellow, placed, killers, team_xp = [], [], [], [], []
    wasted, min_xp = [], []
    at: dict[int, list] = collections.defaultdict(list)  # games reaching round r: (game, objective_row)
    seeds = game_seeds(seed, games)
    for i in range(games):
        engine_seed, policy_seed = seeds[i]
        g = Game.new(scene, seed=engine_seed, history=False)
        if policy == "planner":
            from nollab.sim.planner import PlannerPolicy
            pol = PlannerPolicy(seed=policy_seed)
        else:
            pol = make_policy(policy, policy_seed)
        fy = None
        while g.state.result is None and g.state.round <= max_rounds:
            st = g.state
            xp0 = sum(s.xp for s in st.survivors.values())
            on0 = sum(sum(c) for c in st.ghouls.values())
            line = g.content.danger_level(max(s.xp for s in st.survivors.values())).name.lower()
            if line != "blue" and fy is None:
                fy = st.round
            if not at[st.round] or at[st.round][-1][0] != i:
                at[st.round].append((i, objective_row(st.survivors.values(), g.content)))
            n = len(g.events)
            g.run_until("round", policy=pol, max_rounds=max_rounds)
            st = g.state
            kills = sum(s.xp for s in st.survivors.values()) - xp0
            if st.result is None:  # a whole round was played
                row = per_line[line]
                row[0] += 1
                row[1] += kills
                row[2] += sum(sum(c) for c in st.ghouls.values()) - on0 + kills
            if len(g.events) == n:
                break
        st = g.state
        rounds.append(st.round)
        for r in range(1, st.round + 1):
            reach[r] += 1
        first_yellow.append(fy)
        placed.append(sum(1 for e in g.events if e.kind == "spawn_card" and "Relative placed" in e.text))
        killers.append(sum(1 for s in st.survivors.values() if killed_a_relative(s)))
        wasted.append(wasted_relatives(st.survivors.values()))
        min_xp.append(min(s.xp for s in st.survivors.values()))
        team_xp.append(sum(s.xp for s in st.survivors.values()))
        why = st.reason or ""
        ends["won" if st.result == "won" else "a Ghoul in the house" if "house" in why
             else "a Survivor eliminated" if "eliminated" in why else (why or "timeout")] += 1
    print(f"{scene} {policy}, {games} games (seed {seed}): mean rounds {statistics.mean(rounds):.2f}; "
          + ", ".join(f"{k} {v}" for k, v in ends.most_common()))
    print("  line    | rounds | spawned/round | kills/round")
    for name in LINES:
        n, k, s = per_line[name]
        if n:
            print(f"  {name:7} | {n:6} | {s / n:13.2f} | {k / n:11.2f}")
    print("  P(the game reaches round r): " + ", ".join(
        f"r{r} {reach[r] / games:.2f}" for r in (6, 8, 10, 12, 14, 16, 18, 20, 25, 30)))
    reached = sorted(x for x in first_yellow if x is not None)
    med = reached[len(reached) // 2] if reached else "-"
    print(f"  first round at the Yellow line: median {med} of the {len(reached)} games that get there")
    print(f"  Relatives placed a game {statistics.mean(placed):.2f}; Survivors with a Relative kill at the end "
          f"{statistics.mean(killers):.2f}; team XP at the end {statistics.mean(team_xp):.1f}")
    print(f"  Relatives killed by a Survivor who already had one: {sum(wasted)} in {games} games "
          f"({statistics.mean(wasted):.2f} a game); lowest Survivor XP at the end: mean {statistics.mean(min_xp):.1f}")
    print(f"  at the start of round r (games that reach it) | games | XP min / max (mean) | Survivors at Orange "
          f"| Survivors with a Relative kill | P(XP condition) | P(Relative condition)")
    for r in CHECK_ROUNDS:
        rows = at[r]
        if not rows:
            continue
        n = len(rows)
        lo, hi, og, rk, pxp, prel = (statistics.mean(row[k] for _, row in rows) for k in range(6))
        print(f"  r{r:<2} | {n:5} | {lo:5.1f} / {hi:5.1f} | {og:4.2f} | {rk:4.2f} | {pxp:.2f} | {prel:.2f}")
    return {"games": games, "won": ends["won"], "first_yellow": med if reached else None,
            "reach": dict(reach), "at": {r: [row for _, row in rows] for r, rows in at.items()}}


def mean_of(rows: list | None, k: int) -> float | None:
    """Mean of column ``k`` of :func:`objective_row` rows, or None without rows."""
    return round(statistics.mean(row[k] for row in rows), 3) if rows else None


def series(account: dict, last_relative: dict[int, list[int]], horizon: int = PLOT_ROUNDS) -> dict:
    """The per-round curves of notebook 05's S5 plot, rounds 1..``horizon``: P(the game reaches round
    r), P(the XP / Relative condition / both hold at the start of round r) over *all* games (a lost
    game holds nothing), and the deck's clock P(the last Relative is placed by round r) for the Yellow
    line from the bot's median first Yellow round (the nearest of FROM_ROUNDS); and, among the games
    that reach round r, the mean number of Survivors at Orange and with a Relative kill (6 = met)."""
    n = account["games"]
    rounds = list(range(1, horizon + 1))
    cond = lambda r, f: round(sum(1 for row in account["at"].get(r, []) if f(row)) / n, 3)  # noqa: E731
    out = {"rounds": rounds,
           "reach": [round(account["reach"].get(r, 0) / n, 3) for r in rounds],
           "xp_condition": [cond(r, lambda row: row[4]) for r in rounds],
           "relative_condition": [cond(r, lambda row: row[5]) for r in rounds],
           "both": [cond(r, lambda row: row[4] and row[5]) for r in rounds],
           # the way to each condition, among the games that reach round r (None: no game does)
           "at_orange": [mean_of(account["at"].get(r), 2) for r in rounds],
           "relative_killers": [mean_of(account["at"].get(r), 3) for r in rounds]}
    if last_relative:
        fy = account["first_yellow"] or FROM_ROUNDS[-1]
        y = min(FROM_ROUNDS, key=lambda k: (abs(k - fy), k))
        xs = last_relative[y]
        out["deck_clock"] = {"yellow_from": y, "by_round": [round(sum(x <= r for x in xs) / len(xs), 3) for r in rounds]}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scene", default="S5")
    ap.add_argument("--deals", type=int, default=20_000)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--policy", default="heuristic")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", default=None, help="also write the per-round series (notebook 05's S5 plot) to this file")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from bot_args import json_problem, policy_problem, scene_problem, write_account

    _, problem = scene_problem(args.scene)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if not 1 <= args.deals <= 1_000_000 or not 0 <= args.games <= 100_000:
        print("--deals must be 1..1000000 and --games 0..100000", file=sys.stderr)
        return 2
    if policy_problem(args.policy):
        print(policy_problem(args.policy), file=sys.stderr)
        return 2
    if args.json and not args.games:
        print("--json needs --games 1 or more (the series are the bot's)", file=sys.stderr)
        return 2
    if args.json and json_problem(args.json):
        print(json_problem(args.json), file=sys.stderr)
        return 2
    last = clock(args.scene, args.deals, args.seed)
    if args.games:
        account = bot(args.scene, args.games, args.policy, args.seed)
        if args.json:
            data = {"scene": args.scene, "policy": args.policy, "games": args.games, "won": account["won"],
                    "seed": args.seed, "deals": args.deals,
                    "how": f"python bench/relative_clock.py --scene {args.scene} --games {args.games} "
                           f"--policy {args.policy} --seed {args.seed} --deals {args.deals} --json FILE",
                    **series(account, last)}
            write_account(args.json, data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
