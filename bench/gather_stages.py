"""How far the heuristic bot gets in the Spawn-gathering Scenes (S3 "They're Afraid of Fire" P. 35,
S10 "Another One for the Fire" P. 44): plays games on the seeds of ``bench/scene_difficulty.py``
(game i = the i-th child of ``SeedSequence(seed)``) and prints, per game and in total, the first
round at which 3, 2 and 1 Spawn Zones were left (a Molotov moves the tokens of its Zone, P. 29),
the Ghouls on the board at that moment, when the whole team was in Zombicide Mode ("Trusting each
other", P. 35), and how the game ended.

``--gather-at R --zone Z`` is the ablation that separates gathering from purging: at the start of
round R every Spawn token is put on Spawn Zone Z (as if the Molotovs had done it), the rest of the
game is the real one -- S3 then needs only "no Ghouls on the board" (P. 35). ``--molotovs N`` (0-2,
the box holds 2 Molotov cards, P. 3) also puts N made Molotovs from the supply in the Backpacks of
the first N Survivors then (the Molotovs the gather would have left over).

``--json FILE --ablation 2,4,6,8,10 --zone Z`` writes notebook 05's S3 account (:func:`account`): the
real games' stages round by round, and the ablation's wins for each listed round.

Run: ``nice python bench/gather_stages.py S3 [--games 50] [--seed 2026] [--gather-at 2 --zone 3R:c]
[--molotovs 1] [--quiet] [--json FILE --ablation 2,4,6,8,10 --zone 2R:a]``.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_GAMES = 100_000


def play(scene: str, seed: int, index: int, gather_at: int | None = None, zone: str | None = None,
         molotovs: int = 0) -> dict:
    """One heuristic game of the table's seeds; its stages as a row."""
    from nollab.rules.game import Game
    from nollab.sim.policy import make_policy
    from nollab.sim.runner import game_seeds, scene_max_rounds
    engine_seed, policy_seed = game_seeds(seed, index + 1)[index]
    g = Game.new(scene, seed=engine_seed, history=False)
    pol = make_policy("heuristic", policy_seed)
    max_rounds = scene_max_rounds(scene)
    row: dict = {"index": index, "zombicide_all": None, "left3": None, "left2": None, "left1": None}
    while g.state.result is None and g.state.round <= max_rounds:
        st = g.state
        if gather_at is not None and st.round == gather_at:
            st.spawns = [[zone, c] for _z, c in st.spawns]
            room = [s for s in st.survivors.values() if s.alive and len(s.backpack) < 3]  # 3 Backpack slots (P. 16)
            for s in room[:molotovs]:
                if st.supply.get("molotov"):
                    s.backpack.append(st.supply["molotov"].pop())
        left = len({z for z, _c in st.spawns})
        ghouls = sum(sum(c) for c in st.ghouls.values())
        for k in (3, 2, 1):
            if left <= k and row[f"left{k}"] is None:
                row[f"left{k}"] = (st.round, ghouls)
        living = [s for s in st.survivors.values() if s.alive]
        if row["zombicide_all"] is None and living and all(s.mode == "zombicide" for s in living):
            row["zombicide_all"] = st.round
        n = len(g.events)
        g.run_until("round", policy=pol, max_rounds=max_rounds)
        if n == len(g.events):
            break
    st = g.state
    row.update(result=st.result or "timeout", round=st.round, ghouls=sum(sum(c) for c in st.ghouls.values()))
    return row


#: rounds of the ``--json`` curves (notebook 05's S3 plot)
PLOT_ROUNDS = 20


def account(rows: list[dict], ablation: dict[int, list[dict]], horizon: int = PLOT_ROUNDS) -> dict:
    """Notebook 05's S3 curves from :func:`play` rows: for rounds 1..``horizon``, the share of all
    games that reach round r and that have had at most 3 / 2 / 1 Spawn Zones left by then (1 left =
    every token gathered, P. 35), and for each ablation round R the games won with every token put
    on one Zone at round R."""
    n = len(rows)
    rounds = list(range(1, horizon + 1))
    by = lambda k, r: round(sum(1 for x in rows if x[f"left{k}"] and x[f"left{k}"][0] <= r) / n, 3)  # noqa: E731
    return {"games": n, "won": sum(x["result"] == "won" for x in rows), "rounds": rounds,
            "reach": [round(sum(1 for x in rows if x["round"] >= r) / n, 3) for r in rounds],
            "left3": [by(3, r) for r in rounds], "left2": [by(2, r) for r in rounds],
            "gathered": [by(1, r) for r in rounds],
            "ablation": [{"round": r, "games": len(got), "won": sum(x["result"] == "won" for x in got)}
                         for r, got in sorted(ablation.items())]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scene")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--gather-at", type=int, default=None, help="round at which every Spawn token is put on --zone")
    ap.add_argument("--zone", default=None, help="the Spawn Zone the tokens are put on (with --gather-at)")
    ap.add_argument("--molotovs", type=int, default=0, help="made Molotovs given then (0-2, with --gather-at)")
    ap.add_argument("--quiet", action="store_true", help="totals only")
    ap.add_argument("--json", default=None, help="write notebook 05's S3 account (needs --ablation and --zone)")
    ap.add_argument("--ablation", default=None, help="with --json: comma-separated gather rounds, e.g. 2,4,6,8,10")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from nollab.sim.runner import scene_max_rounds
    sys.path.insert(0, str(ROOT / "bench"))
    from bot_args import json_problem, scene_problem, write_account

    sc, problem = scene_problem(args.scene)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    spawn_zones = sorted({t.zone for t in sc.tokens.spawns})
    if len(spawn_zones) < 2:
        print(f"{args.scene}: fewer than 2 Spawn Zones on its map, nothing to gather", file=sys.stderr)
        return 2
    if not 1 <= args.games <= MAX_GAMES:
        print(f"--games must be 1..{MAX_GAMES}", file=sys.stderr)
        return 2
    if (args.gather_at is None) != (args.zone is None) and args.ablation is None:
        print("--gather-at and --zone go together", file=sys.stderr)
        return 2
    if not 0 <= args.molotovs <= 2 or (args.molotovs and args.gather_at is None and args.ablation is None):
        print("--molotovs must be 0..2 (the box holds 2 Molotov cards, P. 3) and goes with --gather-at or --ablation",
              file=sys.stderr)
        return 2
    if args.gather_at is not None and not 1 <= args.gather_at <= scene_max_rounds(args.scene):
        print(f"--gather-at must be 1..{scene_max_rounds(args.scene)}", file=sys.stderr)
        return 2
    if args.zone is not None and args.zone not in spawn_zones:
        print(f"--zone {args.zone!r}: not a Spawn Zone of {args.scene} ({', '.join(spawn_zones)})", file=sys.stderr)
        return 2
    if args.json is not None or args.ablation is not None:
        rounds = [x.strip() for x in (args.ablation or "").split(",")]
        if args.json is None or args.ablation is None or args.zone is None or args.gather_at is not None:
            print("--json goes with --ablation and --zone (and without --gather-at)", file=sys.stderr)
            return 2
        if not all(x.isdigit() and 1 <= int(x) <= scene_max_rounds(args.scene) for x in rounds) or len(rounds) > 40:
            print(f"--ablation {args.ablation!r}: comma-separated rounds 1..{scene_max_rounds(args.scene)}", file=sys.stderr)
            return 2
        if json_problem(args.json):
            print(json_problem(args.json), file=sys.stderr)
            return 2
        rows = [play(args.scene, args.seed, i) for i in range(args.games)]
        abl = {int(r): [play(args.scene, args.seed, i, int(r), args.zone, args.molotovs) for i in range(args.games)]
               for r in sorted(set(rounds), key=int)}
        data = {"scene": args.scene, "policy": "heuristic", "seed": args.seed, "zone": args.zone,
                "molotovs": args.molotovs,
                "how": f"python bench/gather_stages.py {args.scene} --games {args.games} --seed {args.seed} "
                       f"--zone {args.zone} --molotovs {args.molotovs} --ablation {args.ablation} --json FILE",
                **account(rows, abl)}
        write_account(args.json, data)
        print(f"wrote {args.json}: {data['won']}/{data['games']} won; ablation "
              + ", ".join(f"round {a['round']} {a['won']}/{a['games']}" for a in data["ablation"]))
        return 0
    rows = [play(args.scene, args.seed, i, args.gather_at, args.zone, args.molotovs) for i in range(args.games)]
    if not args.quiet:
        for r in rows:
            print(r)
    n = len(rows)
    won = sum(r["result"] == "won" for r in rows)
    print(f"{args.scene} heuristic: {won}/{n} won, mean {statistics.mean(r['round'] for r in rows):.1f} rounds"
          + (f" (tokens put on {args.zone} at round {args.gather_at}, {args.molotovs} Molotovs given)"
             if args.gather_at else ""))
    z = [r["zombicide_all"] for r in rows if r["zombicide_all"] is not None]
    print(f"  whole team in Zombicide Mode: {len(z)}/{n} games" + (f", from round {statistics.mean(z):.1f}" if z else ""))
    for k in (3, 2, 1):
        got = [r[f"left{k}"] for r in rows if r[f"left{k}"] is not None]
        tail = (f", first at round {statistics.mean(x[0] for x in got):.1f} with {statistics.mean(x[1] for x in got):.1f}"
                " Ghouls on the board") if got else ""
        print(f"  {k} Spawn Zone{'s' if k > 1 else ''} left: {len(got)}/{n} games{tail}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
