"""``nollab spawn``: exact odds of a Spawn step (P. 24-25, 32).

Examples::

    nollab spawn --level yellow --zones 3 --json
    nollab spawn --level red --deck easy --no-opening-cards --discarded 1,12 --on-board walker=25
    nollab spawn --save game.json --json     # the next spawn step of a game saved with Game.to_json()

``--save FILE.json`` reads everything off the game (:func:`nollab.prob.live.spawn_from_state`): the highest
Danger Level, one card per active Spawn token, the draw pile and discards, the Ghouls on the board; the
JSON then also has ``live`` (``level``, ``tokens`` by Spawn Zone, ``draw_pile``, ``discards``, ``source``:
``"engine"`` when the game's own Spawn Step answered, as it does unless the step is too costly).

JSON keys: ``ghouls`` (distribution of the Ghouls *placed* by type, keys like ``"walker=3,fatty=1"``,
zeros left out, ``"none"`` when nothing spawns): a card's Ghouls are capped by the miniatures left in the
box (P. 25, given ``--on-board``); ``requested`` the same for the cards' totals; ``extra_activations``
(distribution of the extra Activations of running out, keys like ``"walker=1"``); ``p_relative``,
``p_opening``, ``expected`` (placed, by type), ``expected_requested``; also ``p_run_out`` (by type),
``relatives`` and ``reshuffle``. Probabilities are ``"p/q"`` in lowest terms.

``--deck-file FILE``: a user's own deck in the shipped schema (``nollab/data/ghoul_deck.toml``)::

    cards = [ { number = 1, kind = "spawn", ghoul = "walker", counts = [1, 3, 5, 7] },
              { number = 43, kind = "opening", ghoul = "walker" } ]
"""
from __future__ import annotations

import argparse
import json
import re
from types import SimpleNamespace

from nollab.cli import UsageError
from nollab.cli.parsing import frac, prob_table, to_int
from nollab.content import ContentError, load_content
from nollab.content_model import GHOUL_TYPES

HELP = "exact odds of a Spawn step: Ghouls placed by type, Relatives, opening cards, running out"

LEVELS = ("blue", "yellow", "orange", "red")
#: a user's deck file: cards, and Ghouls per card (the printed deck: 46 cards, at most 8 on a card)
MAX_DECK_CARDS = 500
MAX_CARD_COUNT = 100


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--level", default=None, help="Danger Level read on the cards: blue, yellow, orange, red")
    parser.add_argument("--zones", default=None, help="Spawn Zones (one card each) in the step; default 1")
    parser.add_argument("--deck", default="all", help="difficulty preset (P. 32): all (#1-42), easy (#1-21), hard (#22-42)")
    parser.add_argument("--no-opening-cards", action="store_true", help="leave out the opening cards #43-46")
    parser.add_argument("--discarded", default="", help="card numbers already in the discard pile, e.g. 1,12")
    parser.add_argument("--deck-file", help="a TOML deck file in the shipped schema (your own box)")
    parser.add_argument("--on-board", default="", help='Ghouls already on the board, e.g. "walker=25,fatty=3"')
    parser.add_argument("--save", metavar="FILE.json", help="the next spawn step of a game saved with Game.to_json()")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def read_deck_file(path: str) -> list:
    """Cards of a user deck file (``cards = [...]`` as in ``nollab/data/ghoul_deck.toml``)."""
    import tomllib

    from nollab.cli.parsing import read_text
    from nollab.safe_io import InputFileError, parse_toml

    text = read_text(path, "--deck-file")
    try:
        data = parse_toml(text, f"--deck-file {path}")
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"--deck-file: {path}: not valid TOML ({exc})") from None
    except InputFileError as exc:
        raise UsageError(str(exc)) from None
    unknown = sorted(set(data) - {"cards", "notes"})
    if unknown:
        raise UsageError(f"--deck-file: {path}: unknown table(s) {unknown[:5]} (expected 'cards')")
    raw = data.get("cards")
    if not isinstance(raw, list) or not raw:
        raise UsageError(f"--deck-file: {path}: needs a non-empty 'cards' list")
    if len(raw) > MAX_DECK_CARDS:
        raise UsageError(f"--deck-file: {path}: {len(raw)} cards, more than the {MAX_DECK_CARDS} allowed "
                         "(README: Limits)")
    cards, seen = [], set()
    for i, c in enumerate(raw):
        where = f"--deck-file: {path}: cards[{i}]"
        if not isinstance(c, dict):
            raise UsageError(f"{where} must be a table")
        extra = sorted(set(c) - {"number", "kind", "ghoul", "counts", "provenance"})
        if extra:
            raise UsageError(f"{where}: unknown field(s) {extra[:5]} (number, kind, ghoul, counts)")
        num, kind, ghoul = c.get("number"), c.get("kind", "spawn"), c.get("ghoul")
        if isinstance(num, bool) or not isinstance(num, int) or not 1 <= num <= 10_000 or num in seen:
            raise UsageError(f"{where}.number must be a unique positive integer, got {num!r}")
        seen.add(num)
        if kind not in ("spawn", "opening"):
            raise UsageError(f"{where}.kind must be 'spawn' or 'opening', got {kind!r}")
        if not isinstance(ghoul, str) or ghoul.lower() not in GHOUL_TYPES:
            raise UsageError(f"{where}.ghoul must be one of {', '.join(GHOUL_TYPES)}, got {str(ghoul)[:40]!r}")
        counts = c.get("counts", [0, 0, 0, 0] if kind == "opening" else None)
        if (not isinstance(counts, list) or len(counts) != 4
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_CARD_COUNT
                           for x in counts)):
            raise UsageError(f"{where}.counts must be 4 integers 0..{MAX_CARD_COUNT} (Blue, Yellow, Orange, Red), "
                             f"got {str(counts)[:60]}")
        cards.append(SimpleNamespace(number=num, kind=kind, ghoul=ghoul.lower(), counts=tuple(counts)))
    return cards


def _content_deck():
    try:
        content = load_content()
    except ContentError as exc:
        raise UsageError(f"--deck: the game content does not load: {str(exc).splitlines()[0]}") from None
    pools = {t: g.pool for t, g in content.ghoul_types.items()}
    return list(content.ghoul_deck), pools


def query(args):
    """argparse namespace -> SpawnResult; UsageError names the bad argument."""
    from nollab.prob.query import parse_target
    from nollab.prob.spawn import NOTLD_POOLS, select_deck, spawn_step

    if args.level is None:
        args.level = "blue"
    if args.zones is None:
        args.zones = "1"
    level = str(args.level).strip().lower()
    if level not in LEVELS:
        raise UsageError(f"--level must be one of {', '.join(LEVELS)}, got {args.level!r}")
    zones = to_int(args.zones, "--zones", 1, 60)
    preset = str(args.deck).strip().lower()
    if preset not in ("all", "easy", "hard"):
        raise UsageError(f"--deck must be all, easy or hard, got {args.deck!r}")
    discarded = []
    if args.discarded.strip():
        for part in args.discarded.split(","):
            if not re.fullmatch(r"\s*[0-9]{1,6}\s*", part):
                raise UsageError(f"--discarded must be card numbers like 1,12, got {part.strip()!r}")
            discarded.append(int(part))
    if args.deck_file:
        cards, pools = read_deck_file(args.deck_file), dict(NOTLD_POOLS)
    else:
        cards, pools = _content_deck()
    types = [t for t in GHOUL_TYPES if t in pools] + sorted({c.ghoul for c in cards} - set(GHOUL_TYPES))
    for c in cards:
        if c.ghoul not in types:
            raise UsageError(f"--deck-file: card #{c.number} names unknown ghoul type {c.ghoul!r}")
    try:
        on_board = parse_target(args.on_board or "", types)
    except ValueError as exc:
        raise UsageError(f"--on-board: {exc}") from None
    deck = select_deck(cards, preset, not args.no_opening_cards)
    if not deck:
        raise UsageError(f"--deck: the preset {preset!r} leaves no cards")
    for t, n in on_board.items():
        if t in pools and n > pools[t]:
            raise UsageError(f"--on-board: {n} {t} on the board, but the box has {pools[t]} (P. 3)")
    try:
        return spawn_step(deck, level, zones, discarded, on_board, pools, types)
    except ValueError as exc:
        raise UsageError(f"--discarded: {exc}") from None


def result_json(res) -> dict:
    from nollab.prob.targeting import zone_key

    key = lambda g: zone_key(dict(g), GHOUL_TYPES)  # noqa: E731
    return {
        "ghouls": res.ghouls.map(key).to_json(),
        "requested": res.requested.map(key).to_json(),
        "extra_activations": res.extra_activations.map(key).to_json(),
        "p_relative": frac(res.p_relative),
        "p_opening": frac(res.p_opening),
        "expected": {t: frac(v) for t, v in res.expected.items()},
        "expected_requested": {t: frac(v) for t, v in res.expected_requested.items()},
        "p_run_out": {t: frac(v) for t, v in res.p_run_out.items()},
        "relatives": res.relatives.to_json(str),
        "reshuffle": res.reshuffle,
    }


def render_text(args, res) -> str:
    from nollab.prob.targeting import zone_key

    lines = [f"Spawn step: {args.zones} card(s) at {args.level} from deck {args.deck}"
             f"{' without opening cards' if args.no_opening_cards else ''}"
             f"{'; reshuffle during the step' if res.reshuffle else ''}", ""]
    dist = res.ghouls.map(lambda g: zone_key(dict(g), GHOUL_TYPES))
    ranked = sorted(dist.items(), key=lambda kv: -kv[1])
    lines.extend(prob_table("ghouls placed", ((k, dist.prob(k)) for k, _w in ranked[:25]), 32, 22))
    if len(ranked) > 25:
        lines.append(f"  ... {len(ranked) - 25} more outcomes (use --json for all)")
    lines.append("")
    lines.append(f"{'type':<10} {'E[placed]':>12} {'E[asked]':>12} {'P(run out)':>12} {'E[extra act.]':>14}")
    for t in res.types:
        lines.append(f"  {t:<8} {float(res.expected[t]):>12.4f} {float(res.expected_requested[t]):>12.4f} "
                     f"{float(res.p_run_out[t]):>12.4f} {float(res.extra(t).mean()):>14.4f}")
    lines.append("  (placed: capped by the miniatures left; each card short of them = 1 extra Activation, P. 25)")
    lines.append("")
    lines.append(f"P(at least 1 Relative) = {frac(res.p_relative)} = {float(res.p_relative):.4f}")
    lines.append(f"P(at least 1 opening card with effect) = {frac(res.p_opening)} = {float(res.p_opening):.4f}")
    return "\n".join(lines)


def query_saved(args):
    """``--save FILE``: the SpawnResult of the saved game's next spawn step (other inputs refused)."""
    from nollab.cli.odds_cmd import load_saved_game
    from nollab.prob.live import spawn_from_state

    given = [flag for attr, flag in (("level", "--level"), ("zones", "--zones"), ("discarded", "--discarded"),
                                     ("deck_file", "--deck-file"), ("on_board", "--on-board"),
                                     ("no_opening_cards", "--no-opening-cards")) if getattr(args, attr)]
    if str(args.deck).strip().lower() != "all":
        given.append("--deck")
    if given:
        raise UsageError(f"{given[0]}: not with --save (the saved game gives the deck, level and Spawn Zones)")
    game = load_saved_game(args.save)
    try:
        res = spawn_from_state(game)
    except ValueError as exc:
        raise UsageError(f"--save: {exc}") from None
    args.level = LEVELS[res.live.level]
    args.zones = str(sum(res.live.tokens.values()))
    args.deck = "of the saved game"
    return res


def run(args: argparse.Namespace) -> int:
    if getattr(args, "save", None) is not None:
        res = query_saved(args)
        out = result_json(res)
        lv = res.live
        out["live"] = {"level": LEVELS[lv.level], "tokens": dict(lv.tokens), "draw_pile": len(lv.draw_pile),
                       "discards": list(lv.discards), "on_board": dict(lv.on_board), "source": lv.source}
        if args.json:
            print(json.dumps(out, indent=2))
        else:
            where = ", ".join(f"{z} x{n}" for z, n in lv.tokens.items()) or "none"
            print(f"Saved game: {len(lv.draw_pile)} cards to draw, {len(lv.discards)} discarded; "
                  f"active Spawn Zones: {where}; answered by "
                  f"{'the engine' if lv.source == 'engine' else 'the calculator (' + lv.why + ')'}")
            print(render_text(args, res))
        return 0
    res = query(args)
    print(json.dumps(result_json(res), indent=2) if args.json else render_text(args, res))
    return 0
