"""``nollab odds --game dead-panic|zombie-slayer|zpocalypse``: the packs' command-line options.

:mod:`nollab.cli.odds_cmd` owns ``nollab odds`` and calls :func:`add_pack_arguments` to add
these options and :func:`run_pack` when ``--game`` names one of the packs. Output follows
the NOTLD conventions: with ``--json`` one JSON object, probabilities as ``"p/q"`` in lowest
terms and distributions as objects whose values sum to exactly 1; otherwise a readable
table. Bad input raises :class:`nollab.cli.UsageError` naming the option.

Examples::

    nollab odds --game dead-panic --zombie brawler --grip-tape --json
    nollab odds --game dead-panic --query group --zombies shambler,creeper --on-loss drop
    nollab odds --game zombie-slayer --zombie violet --luck 2
    nollab odds --game zpocalypse --query defend --singles 3 --doubles 1 --survivors 3 --armor 2 --night 2
"""
from __future__ import annotations

import argparse
import json
from typing import Any, Callable

from nollab.cli import UsageError
from nollab.cli.parsing import frac, prob_table, to_int
from nollab.prob.dist import Dist

__all__ = ["add_pack_arguments", "run_pack", "PACK_GAMES", "QUERIES", "frac", "dist_json", "to_int"]

PACK_GAMES = ("dead-panic", "zombie-slayer", "zpocalypse")
QUERIES = {
    "dead-panic": ("melee", "group", "deliberate", "bag", "arrivals", "wave", "creeper"),
    "zombie-slayer": ("attack", "defend", "spawn", "search", "dieagram"),
    "zpocalypse": ("attack", "defend", "smarts", "ammo", "throw"),
}


def add_pack_arguments(parser: argparse.ArgumentParser) -> None:
    """Add every option the three packs need (none of the NOTLD ones)."""
    g = parser.add_argument_group("other games (--game dead-panic | zombie-slayer | zpocalypse)")
    g.add_argument("--query", help="what to compute; dead-panic: " + ", ".join(QUERIES["dead-panic"])
                   + " (default melee); zombie-slayer: " + ", ".join(QUERIES["zombie-slayer"])
                   + " (default attack); zpocalypse: " + ", ".join(QUERIES["zpocalypse"]) + " (default attack)")
    g.add_argument("--pack-content", metavar="DIR", help="content folder whose packs/<game>.toml overrides "
                   "the shipped numbers (default: $NOLLAB_CONTENT)")
    g.add_argument("--zombie", help="dead-panic: creeper|shambler|sprinter|brawler|brute; "
                   "zombie-slayer: violet|green|blue|necromancer")
    # Dead Panic
    g.add_argument("--grip-tape", action="store_true", help="dead-panic: +1 to the melee roll (p. 4)")
    g.add_argument("--pipe-wrench", action="store_true", help="dead-panic: the Character wins ties (p. 9)")
    g.add_argument("--unarmed", action="store_true", help="dead-panic: no weapon (a win pushes, p. 10); "
                   "zpocalypse: 1 red die, success on Z")
    g.add_argument("--david", action="store_true", help="dead-panic: David deals 1 damage unarmed (p. 5)")
    g.add_argument("--club", action="store_true", help="dead-panic: the weapon is a club, discarded after one fight")
    g.add_argument("--modifier", help="dead-panic: another bonus to the 2d6 roll (e.g. 1)")
    g.add_argument("--fight", help="dead-panic: an ad-hoc fight value instead of --zombie")
    g.add_argument("--zombies", help="dead-panic group/wave: Zombies in the space, e.g. shambler,creeper "
                   "(wave: type@ring, e.g. sprinter@clearing,brute@yard)")
    g.add_argument("--weapon-damage", help="dead-panic: damage of the melee weapon on a win (default 1)")
    g.add_argument("--on-loss", help="dead-panic group: injury (keep weapon, default) or drop")
    g.add_argument("--attacks", help="dead-panic deliberate: melee Actions spent (default 2)")
    g.add_argument("--draw", help="dead-panic bag/arrivals/wave: tokens the Event draws (default 4)")
    g.add_argument("--bag", help='dead-panic: the bag, e.g. "shambler=8,brute=2,survivor=3" '
                   "(default: unknown bag right after setup)")
    g.add_argument("--window", help="dead-panic arrivals: arcs watched, 1..6 (default 1)")
    g.add_argument("--rounds", help="dead-panic wave/creeper: Move Zombies phases (default 3)")
    g.add_argument("--wall", help="dead-panic wave: standing (default), cracked or destroyed")
    g.add_argument("--spaces", help="dead-panic creeper: spaces to the Cabin (default 3, from the Woods)")
    # Zombie Slayer
    g.add_argument("--slayer", help="zombie-slayer: the Slayer (default ludwig)")
    g.add_argument("--hand", help="zombie-slayer: dice in the Slayer's Hand = Life (default 5)")
    g.add_argument("--luck", help="zombie-slayer: Luck points to spend optimally, 0..6 (default 0)")
    g.add_argument("--slayer-skill", help="zombie-slayer: assault, aimed-shot or barrage (picked-die skill pips)")
    g.add_argument("--attack-kind", help="zombie-slayer: melee (default) or ranged")
    g.add_argument("--holy", help="zombie-slayer: Holy pips per face 1..6, e.g. 0,0,0,0,1,0 (default: the Slayer's)")
    g.add_argument("--potion", action="store_true", help="zombie-slayer defend: Defense potion, +2 Defense")
    g.add_argument("--tiles", help="zombie-slayer spawn/search: town cards, e.g. sample,sample,temple")
    # Zpocalypse
    g.add_argument("--red", help="zpocalypse: red dice rolled (1..8; --dice is accepted too)")
    g.add_argument("--success", help="zpocalypse: success on this face or higher, 1..6 or Z (default 5)")
    g.add_argument("--singles", help="zpocalypse: single zombies (target or attacking)")
    g.add_argument("--doubles", help="zpocalypse: double zombies (target or attacking)")
    g.add_argument("--knockdown", action="store_true", help="zpocalypse: the weapon has Knockdown")
    g.add_argument("--firearms", help="zpocalypse: Ammo Check weapons fired (blue dice)")
    g.add_argument("--survivors", help="zpocalypse defend: survivors in the squad (defence dice)")
    g.add_argument("--armor", help="zpocalypse defend: squad Armor")
    g.add_argument("--night", help="zpocalypse defend: night 1..4 (default 1)")
    g.add_argument("--hp", help="zpocalypse defend: squad HP (On Death's Door below 10)")
    g.add_argument("--survivor-hp", help="zpocalypse defend: HP of the survivor lost to double Zs")
    g.add_argument("--smarts", help="zpocalypse smarts: squad Smarts (default 1)")
    g.add_argument("--range-dice", help="zpocalypse throw: range dice on the card (default 2)")


# -- helpers shared by the game modules (``frac`` and ``to_int`` come from nollab.cli.parsing) -------
def dist_json(d: Dist, key: Callable[[Any], str] = str) -> dict[str, str]:
    """A distribution as ``{outcome: "p/q"}`` (keys merged if ``key`` maps two outcomes together)."""
    return d.map(key).to_json()


def int_opt(args, name: str, default: int | None, lo: int | None = None, hi: int | None = None) -> int | None:
    """The integer option ``--name`` (``args.name``), or ``default`` when it is not given."""
    value = getattr(args, name, None)
    if value is None:
        return default
    return to_int(value, "--" + name.replace("_", "-"), lo, hi)


def table(title: str, d: Dist, key: Callable[[Any], str] = str, width: int = 30,
          order: list | None = None) -> list[str]:
    """Readable lines: outcome, exact fraction, percent and a bar (``order``: rows to show)."""
    outcomes = order if order is not None else d.support_sorted()
    return prob_table(title, ((key(o), d.prob(o)) for o in outcomes), 26, 20, width)


def run_pack(args: argparse.Namespace) -> int:
    """Answer one query for ``args.game``; print JSON (``--json``) or text. Returns 0."""
    game = (getattr(args, "game", None) or "").strip().lower()
    if game not in PACK_GAMES:
        raise UsageError(f"--game must be one of {', '.join(PACK_GAMES)} here, got {game!r}")
    for notld in ("weapon", "accuracy", "damage"):
        if getattr(args, notld, None):
            raise UsageError(f"--{notld} is a NOTLD option; --game {game} does not use it")
    query = (getattr(args, "query", None) or QUERIES[game][0]).strip().lower()
    if query not in QUERIES[game]:
        raise UsageError(f"--query for {game} must be one of {', '.join(QUERIES[game])}, got {query!r}")
    if game == "dead-panic":
        from nollab.packs.dead_panic.cli import answer
    elif game == "zombie-slayer":
        from nollab.packs.zombie_slayer.cli import answer
    else:
        from nollab.packs.zpocalypse.cli import answer
    from nollab.packs.content import PackContentError

    try:
        data, text = answer(query, args)
    except PackContentError as exc:
        raise UsageError(f"--pack-content: {exc}") from None
    if getattr(args, "json", False):
        print(json.dumps(data, indent=2))
    else:
        print(text)
    return 0
