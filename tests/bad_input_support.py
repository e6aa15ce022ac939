"""The bad-input corpus (``tests/data/bad_inputs/*.toml``): how a case's files are made and run.

A case is one bad input a user could give, as data::

    [[case]]
    id = "deck-file-folder"                     # unique
    argv = ["spawn", "--deck-file", "{tmp}/d"]  # {tmp}: the case's own folder
    files = { "d" = "@dir" }                    # what to create in {tmp} first
    env = { NOLLAB_CONTENT = "{tmp}/c" }        # environment variables for the run
    expect = "--deck-file"                      # the error line must name this input
    cli = true                                  # also run as a real process (the subprocess subset)

File specs: plain text is written as UTF-8; ``@dir`` a folder; ``@bytes:HEX`` raw bytes; ``@zero`` a
link to ``/dev/zero``; ``@sparse:N`` a sparse file of N bytes; ``@nested-json:N`` / ``@nested-toml:N``
N nested arrays; ``@shipped:PATH`` a copy of ``nollab/data/PATH``; ``@save:S1`` a real saved game of
that Scene; ``@unreadable`` / ``@unreadable-dir`` a file / folder nobody may read (run as a non-root user); ``@long`` a name
of 300 characters. ``edits`` replace text in a written file (``{ "f" = [["old", "new"], ...] }``, each
``old`` must occur), ``json_set`` sets fields of a written JSON file (``[["f", "state.round", VALUE]]``
with ``"null"`` as JSON null and ``"@json:..."`` for any JSON value; ``json_del`` deletes them). Written by hand: no expected message is
computed by the code under test.
"""
from __future__ import annotations

import functools
import json
import os
import shutil
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "nollab" / "data"
CORPUS = Path(__file__).resolve().parent / "data" / "bad_inputs"
FIELDS = {"id", "argv", "files", "env", "expect", "cli", "edits", "json_set", "json_del", "note", "nonroot"}


def load_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for f in sorted(CORPUS.glob("*.toml")):
        for c in tomllib.loads(f.read_text())["case"]:
            unknown = set(c) - FIELDS
            assert not unknown, f"{f.name}: case {c.get('id')}: unknown field(s) {unknown}"
            c["group"] = f.stem
            cases.append(c)
    ids = [c["id"] for c in cases]
    dup = {i for i in ids if ids.count(i) > 1}
    assert not dup, f"duplicate case ids {dup}"
    return cases


@functools.lru_cache(maxsize=None)
def saved_game(scene: str) -> str:
    """A real save: a Scene set up and played a few steps by the first policy."""
    from nollab.rules.game import Game

    g = Game.new(scene, seed=3)
    g.run_until("round", max_steps=40)
    return g.to_json()


def _sub(v: Any, tmp: Path) -> Any:
    if isinstance(v, str):
        return v.replace("{tmp}", str(tmp)).replace("{long}", "x" * 300)
    if isinstance(v, list):
        return [_sub(x, tmp) for x in v]
    return v


def _set(d: Any, path: str, value: Any, delete: bool = False) -> None:
    keys = path.split(".")
    for k in keys[:-1]:
        d = d[int(k)] if isinstance(d, list) else d[k]
    last = keys[-1]
    if delete:
        del d[last]
    elif isinstance(d, list):
        d[int(last)] = value
    else:
        d[last] = value


def materialise(case: dict[str, Any], tmp: Path) -> tuple[list[str], dict[str, str]]:
    """Create the case's files in ``tmp``; return its argv and environment additions."""
    for name, spec in case.get("files", {}).items():
        p = tmp / _sub(name, tmp)
        p.parent.mkdir(parents=True, exist_ok=True)
        if spec == "@dir":
            p.mkdir(exist_ok=True)
        elif spec.startswith("@bytes:"):
            p.write_bytes(bytes.fromhex(spec[7:]))
        elif spec == "@zero":
            p.symlink_to("/dev/zero")
        elif spec.startswith("@sparse:"):
            with open(p, "wb") as fh:
                fh.truncate(int(spec[8:]))
        elif spec.startswith("@nested-json:"):
            n = int(spec[13:])
            p.write_text("[" * n + "]" * n)
        elif spec.startswith("@nested-toml:"):
            n = int(spec[13:])
            p.write_text("x = " + "[" * n + "]" * n + "\n")
        elif spec.startswith("@shipped:"):
            src = DATA / spec[9:]
            shutil.copytree(src, p) if src.is_dir() else shutil.copyfile(src, p)
        elif spec.startswith("@save:"):
            p.write_text(saved_game(spec[6:]))
        elif spec == "@unreadable-dir":
            p.mkdir()
            (p / "equipment.toml").write_text("")
            p.chmod(0)
        elif spec == "@unreadable":
            p.write_text("x = 1\n")
            p.chmod(0)
        else:
            p.write_text(spec)
    for name, pairs in case.get("edits", {}).items():
        p = tmp / name
        text = p.read_text()
        for old, new in pairs:
            assert old in text, f"case {case['id']}: edit {old!r} not found in {name}"
            text = text.replace(old, new, 1)
        p.write_text(text)
    for name, path, value in case.get("json_set", []):
        p = tmp / name
        d = json.loads(p.read_text())
        if isinstance(value, str) and value.startswith("@json:"):
            value = json.loads(value[6:])
        _set(d, path, None if value == "null" else value)
        p.write_text(json.dumps(d))
    for name, path in case.get("json_del", []):
        p = tmp / name
        d = json.loads(p.read_text())
        _set(d, path, None, delete=True)
        p.write_text(json.dumps(d))
    argv = _sub(list(case["argv"]), tmp)
    env = {k: _sub(v, tmp) for k, v in case.get("env", {}).items()}
    return argv, env


def one_error_line(err: str) -> str:
    """The single line of stderr (asserts there is exactly one)."""
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, f"expected one error line, got {len(lines)}:\n{err[:2000]}"
    return lines[0]
