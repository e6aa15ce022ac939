"""``nollab rules 22``: where a rulebook page lives — the rule as the code quotes it, the code that
implements it, the events and decisions logged with that page, the tests that check it (the entry
of ``docs/rules-index.md``, built from the code by :mod:`nollab.rules.index`). Without a page: the
table of every page; ``--check``: is ``docs/rules-index.md`` current?"""
from __future__ import annotations

import argparse

from nollab.cli import UsageError
from nollab.rules.index import OUT, build_index, entry_markdown, markdown

HELP = "where a rulebook page lives: its rule text, code, events and tests (docs/rules-index.md)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("page", nargs="?", help='a rulebook page: 22, "P. 22" or P.22 (default: the table of pages)')
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/rules-index.md is not current")


def run(args: argparse.Namespace) -> int:
    index = build_index()
    if args.check:
        fresh = OUT.is_file() and OUT.read_text() == markdown(index)
        print(f"{OUT}: {'up to date' if fresh else 'stale: run python -m nollab.rules.index'}")
        return 0 if fresh else 1
    if args.page is None:
        for p, e in index.items():
            print(f"P. {p:<3} {e.section}  ({len(e.code)} code, {len(e.events) + len(e.choices)} events/decisions, "
                  f"{len(e.tests)} tests)")
        return 0
    text = str(args.page).strip()
    number = text.removeprefix("P.").removeprefix("p.").strip()
    if not number.isdigit() or len(number) > 3:
        raise UsageError(f"page must be a rulebook page number like 22 or 'P. 22', got {text!r}")
    page = int(number)
    if page not in index:
        raise UsageError(f"page {page}: no rule of the index cites it (pages: {', '.join(map(str, index))})")
    print(entry_markdown(index[page]))
    return 0
