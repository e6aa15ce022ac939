"""The rules index: from a rulebook page to its rule text, the code that implements it, the events
and decisions it logs, and the tests that check it. Generated from the code, never written by hand.

What is read (the source text, as Python's :mod:`ast` sees it; nothing is run):

* every module, class, function and method of ``nollab/rules`` (and of ``nollab/board``, the
  geometry of Line of Sight and Movement, P. 9-11) whose docstring cites a page
  ("P. 22", "P. 22-23", "P. 18-21, 46"), with the rulebook sentences it quotes;
* the page of every event the code logs (``ctx.emit(kind, "P. N", ...)``), every decision it asks
  (``Choice(kind, ..., "P. N")``) and every Wound, XP, victory or defeat it gives with a page;
* the tests named by page (``test_..._p22``, ``test_p23_...``), citing it in their docstring, or
  marked ``@pytest.mark.page(22)`` (the other games' tests, ``test_packs_*``, cite their own
  rulebooks and are left out).

``python -m nollab.rules.index`` writes ``docs/rules-index.md``; ``nollab rules 22`` prints one
page's entry (``--check``: exit 1 when the file is stale). ``tests/test_rules_index.py`` keeps the file
current and checks that every event a game logs has its page here.
"""
from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

RULES = Path(__file__).resolve().parent
ROOT = RULES.parents[1]
#: the code an entry may name: the rules engine and the board geometry it reads
CODE = (RULES, RULES.parent / "board")
TESTS = ROOT / "tests"
OUT = ROOT / "docs" / "rules-index.md"

#: the rulebook's own headings for each page (its table of contents, P. 2)
SECTIONS: dict[int, str] = {
    3: "01 Game components", 5: "02 Night of the Living Dead", 6: "03 Setup", 7: "03 Setup",
    8: "04 Game overview: Players' Phase, Ghouls' Phase, End Phase, Winning and losing",
    9: "05 The basics: Useful definitions", 10: "05 The basics: Line of Sight", 11: "05 The basics: Movement",
    12: "05 The basics: Reading an Equipment card (Ammo type)",
    13: "05 The basics: Ghoul-killing and Barricade-opening Equipment, Combat characteristics",
    14: "05 The basics: Romero and Zombicide Modes; Experience, Danger Level and Skills",
    15: "05 The basics: Experience, Danger Level and Skills", 16: "06 Inventory",
    17: "07 The Ghouls: Walker, Breaker, Fatty, Relative",
    18: "08 Players' Phase: Move, Search, Door Action", 19: "08 Players' Phase: Barricade Action, Reorganize/Trade",
    20: "08 Players' Phase: Combat Actions, Take or activate an Objective, Do Nothing, Car Actions",
    21: "08 Players' Phase: Change seats in a Car, Drive a Car",
    22: "09 Ghouls' Phase, Step 1: Activation - Attack", 23: "09 Ghouls' Phase, Step 1: Activation - Move",
    24: "09 Ghouls' Phase, Step 2: Spawn",
    25: "09 Ghouls' Phase: Barricade and Door Opening cards, Running out of miniatures",
    26: "10 Combat: Melee Action", 27: "10 Combat: Ranged Action, Targeting Priority Order",
    28: "10 Combat: Friendly Fire, Car Attack; 11 Weapon traits: Reload, Sniper",
    29: "12 Special Equipment: Ma's Shotgun, Molotov, Scoped Winchester", 30: "12 Special Equipment: Torch",
    31: "13 Corn Fields and Woods", 32: "14 Additional game modes: Ultrared Mode, Tuning the difficulty",
    33: "15 Scenes: S1 What's Happening?", 34: "S2 Is There a Key?", 35: "S3 They're Afraid of Fire",
    36: "S4 Now, Let's Move It!", 37: "S5 Night of the Living Dead", 38: "S6 To Willard (map)",
    39: "S6 To Willard", 40: "S7 Go Get Johnny", 41: "S8 Johnny's Car", 42: "S9 Rescue Party",
    43: "S10 Another One for the Fire (map)", 44: "S10 Another One for the Fire", 46: "16 Skills",
    47: "17 Index", 48: "Game round summary",
}
LAST_PAGE = 48
PAGE_RE = re.compile(r"P\.\s?(\d{1,2}(?:\s*-\s*\d{1,2})?(?:,\s*\d{1,2}(?:\s*-\s*\d{1,2})?)*)(?![\d.])")
QUOTE_RE = re.compile(r'"([^"]{30,}?)"')
#: calls that log with a page passed by the caller -> the kind of what they log
PAGED_CALLS = {"emit": None, "win": "won", "lose": "lost", "wound": "wound", "gain_xp": "xp", "eliminate": "eliminated"}


def pages_in(text: str, longest: int = 6) -> list[int]:
    """The pages cited in ``text``: "P. 22" -> [22], "P. 18-21, 46" -> [18, 19, 20, 21, 46]; a range
    longer than ``longest`` pages (a chapter, "P. 32-44") is left out."""
    out: list[int] = []
    for m in PAGE_RE.finditer(text or ""):
        for part in m.group(1).split(","):
            a, _, b = part.partition("-")
            lo, hi = int(a), int(b or a)
            if lo <= hi and hi - lo < longest:
                out.extend(p for p in range(lo, hi + 1) if 1 <= p <= LAST_PAGE and p not in out)
    return out


@dataclass(frozen=True, order=True)
class Ref:
    """A place in the code or the tests: ``path`` (from the repository root), ``name`` (``func``,
    ``Class.method``, or ``(module)``) and the first sentence of its docstring."""

    path: str
    name: str
    summary: str = field(default="", compare=False)

    @property
    def label(self) -> str:
        return f"{self.path}::{self.name}" if self.path.startswith("tests/") else f"{self.path} · {self.name}"


@dataclass
class Entry:
    """One rulebook page: its heading, quoted rule text, code, events, decisions and tests."""

    page: int
    section: str
    quotes: dict[str, Ref] = field(default_factory=dict)
    code: set[Ref] = field(default_factory=set)
    events: dict[str, set[Ref]] = field(default_factory=dict)
    choices: dict[str, set[Ref]] = field(default_factory=dict)
    tests: set[Ref] = field(default_factory=set)


def _summary(doc: str | None) -> str:
    """The first sentence of a docstring (a period after "P", "e.g" or "i.e" does not end it)."""
    text = " ".join((doc or "").split())
    m = re.match(r"(.+?(?<!\bP)(?<!e\.g)(?<!i\.e)[.!?])(?=\s+[A-Z\"(`:*]|$)", text)
    out = m.group(1) if m else text
    return out if len(out) <= 200 else out[:197].rsplit(" ", 1)[0] + " ..."


def _quotes(doc: str | None, page: int, pages: list[int]) -> list[str]:
    """Rulebook sentences quoted in ``doc`` that belong to ``page``: all of them when the docstring
    cites one page, else those right after a citation of ``page`` or followed by one (within 60
    characters)."""
    doc = " ".join((doc or "").split())
    out = []
    for m in QUOTE_RE.finditer(doc):
        q = m.group(1).strip()
        if q.count(" ") < 4 or not (q[0].isalpha() or q[0] in "'.") or any(t in q for t in ("``", "->", " = ", "{")):
            continue  # code between two string literals, not a sentence of the rulebook
        before = pages_in(doc[max(0, m.start() - 20):m.start()])  # 'P. 16: "at any time ..."'
        near = before[-1:] or pages_in(doc[m.end():m.end() + 60])[:1]  # '"..." (P. 23)'
        if (len(pages) == 1 and pages[0] == page) or near == [page]:
            out.append(q)
    return out


def _page_strings(node: ast.AST, class_pages: dict[str, list[int]], cls: str | None) -> list[int]:
    """Pages of a page argument: string constants ("P. 22", either branch of ``a if c else b``,
    the default of ``.get("page", "P. 34")``) and ``self.page`` (the class's and its subclasses')."""
    out: list[int] = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            out += [p for p in pages_in(sub.value) if p not in out]
        elif isinstance(sub, ast.Attribute) and sub.attr == "page" and getattr(sub.value, "id", "") == "self" and cls:
            out += [p for p in class_pages.get(cls, []) if p not in out]
    return out


def _calls(fn: ast.AST, class_pages, cls):
    """(what, kind, pages) for every logging call in ``fn``: ("event", kind, pages) and
    ("choice", kind, pages)."""
    for node in ast.walk(fn):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name == "Choice" and node.args and isinstance(node.args[0], ast.Constant):
            page = node.args[3] if len(node.args) > 3 else next((k.value for k in node.keywords if k.arg == "page"), None)
            if page is not None:
                yield "choice", node.args[0].value, _page_strings(page, class_pages, cls)
        elif name in PAGED_CALLS and node.args:
            kind = PAGED_CALLS[name]
            if kind is None:
                if not isinstance(node.args[0], ast.Constant) or len(node.args) < 2:
                    continue
                kind, args = node.args[0].value, [node.args[1]]
            else:
                args = node.args[1:]
            pages = [p for a in args for p in _page_strings(a, class_pages, cls)]
            if pages:
                yield "event", kind, pages


def _class_pages(trees: dict[str, ast.Module]) -> dict[str, list[int]]:
    """Class name -> pages of its ``page = "P. N"`` attribute and those of its subclasses (a
    method of the base that logs ``self.page`` logs for each of them)."""
    own: dict[str, list[int]] = {}
    bases: dict[str, list[str]] = {}
    for tree in trees.values():
        for c in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            bases[c.name] = [getattr(b, "id", "") for b in c.bases]
            for st in c.body:
                if isinstance(st, ast.Assign) and any(getattr(t, "id", "") == "page" for t in st.targets) \
                        and isinstance(st.value, ast.Constant):
                    own[c.name] = pages_in(st.value.value)
    out = {c: list(own.get(c, [])) for c in bases}
    for c in bases:
        for b in bases[c]:  # one level of inheritance is all the hooks use
            if b in out:
                out[b] += [p for p in own.get(c, []) if p not in out[b]]
    return out


def _defs(tree: ast.Module):
    """(qualified name, class name or None, node) of every function, class and method."""
    for n in tree.body:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield n.name, None, n
        elif isinstance(n, ast.ClassDef):
            yield n.name, n.name, n
            for m in n.body:
                if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{n.name}.{m.name}", n.name, m


def _entry(index: dict[int, Entry], page: int) -> Entry:
    if page not in index:
        index[page] = Entry(page, SECTIONS.get(page, ""))
    return index[page]


def scan_code(index: dict[int, Entry]) -> None:
    """Add every page the rules code cites (docstrings, events, decisions) to ``index``."""
    files = sorted(p for d in CODE for p in d.rglob("*.py") if p.name != "__init__.py" and p != Path(__file__))
    trees = {str(p.relative_to(ROOT)): ast.parse(p.read_text()) for p in files}
    class_pages = _class_pages(trees)
    for path, tree in trees.items():
        doc = ast.get_docstring(tree)
        pages = pages_in(doc)
        for page in pages:
            ref = Ref(path, "(module)", _summary(doc))
            _entry(index, page).code.add(ref)
            for q in _quotes(doc, page, pages):
                index[page].quotes.setdefault(q, ref)
        for name, cls, node in _defs(tree):
            doc = ast.get_docstring(node)
            ref = Ref(path, name, _summary(doc))
            pages = pages_in(doc)
            for page in pages:
                _entry(index, page).code.add(ref)
                for q in _quotes(doc, page, pages):
                    index[page].quotes.setdefault(q, ref)
            if isinstance(node, ast.ClassDef):
                continue
            for what, kind, cited in _calls(node, class_pages, cls):
                for page in cited:
                    table = _entry(index, page).events if what == "event" else index[page].choices
                    table.setdefault(kind, set()).add(ref)


def _marked_pages(node: ast.FunctionDef) -> list[int]:
    out = []
    for d in node.decorator_list:
        if isinstance(d, ast.Call) and getattr(d.func, "attr", "") == "page":
            out += [a.value for a in d.args if isinstance(a, ast.Constant) and isinstance(a.value, int)]
    return out


def scan_tests(index: dict[int, Entry], tests: Path = TESTS) -> None:
    """Add the tests named by page, citing it in their docstring, or marked ``@pytest.mark.page``."""
    for path in sorted(p for p in tests.glob("test_*.py") if not p.name.startswith("test_packs")):
        tree = ast.parse(path.read_text())
        rel = str(path.relative_to(tests.parent))
        for name, _cls, node in _defs(tree):
            short = name.rsplit(".", 1)[-1]
            if not short.startswith("test") or isinstance(node, ast.ClassDef):
                continue
            named = [int(m) for m in re.findall(r"(?:^|_)p(\d{1,2})(?=_|$)", short) if 1 <= int(m) <= LAST_PAGE]
            for page in dict.fromkeys(named + pages_in(ast.get_docstring(node)) + _marked_pages(node)):
                _entry(index, page).tests.add(Ref(rel, name, _summary(ast.get_docstring(node))))


@lru_cache(maxsize=1)
def _cached(with_tests: bool) -> dict[int, Entry]:
    index: dict[int, Entry] = {}
    scan_code(index)
    if with_tests and TESTS.is_dir():
        scan_tests(index)
    return dict(sorted(index.items()))


def build_index(with_tests: bool = True) -> dict[int, Entry]:
    """Page -> :class:`Entry`, from the code (and the tests, in a source checkout)."""
    return _cached(with_tests)


def anchor(page: int) -> str:
    return f"p-{page}"


def _refs(refs) -> str:
    return "\n".join(f"- `{r.label}`" + (f" — {r.summary}" if r.summary else "") for r in sorted(refs))


def _kinds(table: dict[str, set[Ref]]) -> str:
    return "\n".join(f"- `{k}`: " + ", ".join(f"`{r.path.rsplit('/', 1)[-1]} · {r.name}`" for r in sorted(v))
                     for k, v in sorted(table.items()))


def entry_markdown(e: Entry) -> str:
    """One page's entry: heading (with its anchor), rule text, code, events, decisions, tests."""
    out = [f'<a id="{anchor(e.page)}"></a>', f"## P. {e.page} — {e.section or '(no heading)'}", ""]
    if e.quotes:
        out += ["**Rule** (the rulebook as the code quotes it):", ""]
        out += [f'> "{q}" — `{r.path.rsplit("/", 1)[-1]} · {r.name}`\n>' for q, r in e.quotes.items()]
        out[-1] = out[-1][:-2]
        out.append("")
    for title, body in (("Code", _refs(e.code)), ("Events logged with this page", _kinds(e.events)),
                        ("Decisions asked with this page", _kinds(e.choices)), ("Tests", _refs(e.tests))):
        if body:
            out += [f"**{title}**", "", body, ""]
    return "\n".join(out)


def markdown(index: dict[int, Entry] | None = None) -> str:
    """The whole ``docs/rules-index.md``."""
    index = build_index() if index is None else index
    head = ["# Rules index: every rulebook page, its code and its tests", "",
            "Generated from the code by `python -m nollab.rules.index` (do not edit by hand: "
            "`tests/test_rules_index.py` fails when this file is stale). Pages are those of the English "
            "rulebook. For each page: the rule as the code quotes it, the code that implements it "
            "(`file · function`), the events and decisions the engine logs with that page (the GamePlayer's "
            "event log links each page here), and the tests that check it (named `..._p22`, citing "
            "\"P. 22\" in their docstring, or marked `@pytest.mark.page(22)`).", "",
            "| page | rulebook section | code | events | tests |", "|---|---|---|---|---|"]
    head += [f"| [P. {p}](#{anchor(p)}) | {e.section} | {len(e.code)} | {len(e.events) + len(e.choices)} | "
             f"{len(e.tests)} |" for p, e in index.items()]
    return "\n".join(head) + "\n\n" + "\n".join(entry_markdown(e) for e in index.values())


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    text = markdown()
    if argv and argv[0] == "--check":
        fresh = OUT.exists() and OUT.read_text() == text
        print(f"{OUT}: {'up to date' if fresh else 'stale: run python -m nollab.rules.index'}")
        return 0 if fresh else 1
    if argv:
        pages = pages_in("P. " + argv[0].removeprefix("P.").strip())
        if not pages or pages[0] not in build_index():
            print(f"rules index: no entry for page {argv[0]!r} (pages {', '.join(map(str, build_index()))})",
                  file=sys.stderr)
            return 2
        print(entry_markdown(build_index()[pages[0]]))
        return 0
    OUT.write_text(text)
    print(f"wrote {OUT} ({len(build_index())} pages)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
