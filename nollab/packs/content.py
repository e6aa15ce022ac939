"""Loading a rule pack's content: shipped TOML defaults plus a player's override file.

Each pack (Dead Panic, Zombie Slayer, Zpocalypse) keeps its numbers in
``nollab/data/packs/<game>.toml``: zombie types, die faces, Dieagrams, bag contents.
The transcriptions leave many of those numbers out; every such value is marked in the
file with ``source = "reconstructed"`` and a ``note`` giving the reason, exactly like
the NOTLD content.

A player who owns the box replaces them the same way as for NOTLD content: a content
folder (``NOLLAB_CONTENT=path`` or the ``content_dir`` argument) holding
``packs/<game>.toml``. Its tables are merged over the shipped ones entry by entry and
field by field, so a file that only says ``[zombies.sprinter] fight = 9`` changes only
that number. Unknown entries and fields are errors that name the file, the entry and the
field; nothing is loaded partially.
"""
from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Mapping
from nollab.content_model import Provenance  # the one provenance type of nollab

__all__ = ["PackContentError", "Provenance", "GAMES", "load_pack_tables", "pack_files",
           "provenance_of", "require", "check_fields"]

#: CLI game name -> data file stem
GAMES: dict[str, str] = {
    "dead-panic": "dead_panic",
    "zombie-slayer": "zombie_slayer",
    "zpocalypse": "zpocalypse",
}

DATA_DIR = Path(__file__).resolve().parents[1] / "data" / "packs"


class PackContentError(ValueError):
    """A pack content file is malformed; the message names the file, entry and field."""


def pack_files(game: str, content_dir: str | os.PathLike | None = None) -> list[Path]:
    """The files read for ``game``: the shipped defaults, then the player's override if any."""
    if game not in GAMES:
        raise PackContentError(f"unknown game {game!r} (one of {', '.join(GAMES)})")
    stem = GAMES[game]
    files = [DATA_DIR / f"{stem}.toml"]
    if content_dir is not None and not Path(content_dir).is_dir():
        raise PackContentError(f"{content_dir}: content folder not found")
    folder = content_dir if content_dir is not None else os.environ.get("NOLLAB_CONTENT")
    if folder:
        user = Path(folder) / "packs" / f"{stem}.toml"
        if user.is_file():
            files.append(user)
    return files


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise PackContentError(f"{path}: not valid TOML ({exc})") from None
    except OSError as exc:
        raise PackContentError(f"{path}: cannot read ({exc.strerror})") from None


def _merge(base: dict, over: Mapping, where: str, path: Path, allow_new: frozenset[str]) -> dict:
    """Merge ``over`` into a copy of ``base``: tables recursively, other values replaced.

    A key that the shipped file does not have is an error, except directly inside a
    table named in ``allow_new`` (e.g. a new zombie type or a new town card) or inside one of
    its entries (an optional field; each pack's ``check_fields`` rejects unknown ones).
    """
    out = dict(base)
    for key, value in over.items():
        here = f"{where}.{key}" if where else key
        if key not in base:
            if where in allow_new or where.rpartition(".")[0] in allow_new:
                out[key] = value  # a new entry, or an optional field of an entry (the pack validates it)
                continue
            raise PackContentError(f"{path}: unknown entry or field {here!r}")
        if isinstance(base[key], dict):
            if not isinstance(value, dict):
                raise PackContentError(f"{path}: {here!r} must be a table")
            out[key] = _merge(base[key], value, here, path, allow_new)
        else:
            out[key] = value
    return out


def load_pack_tables(
    game: str,
    content_dir: str | os.PathLike | None = None,
    allow_new: frozenset[str] = frozenset(),
) -> tuple[dict, tuple[str, ...]]:
    """Raw merged tables for ``game`` and the files they came from (shipped first).

    ``allow_new`` names tables where a user file may add entries (new ids).
    Validation into dataclasses is done by each pack's own ``content`` module.
    """
    files = pack_files(game, content_dir)
    data = _read(files[0])
    for user in files[1:]:
        data = _merge(data, _read(user), "", user, allow_new)
    return data, tuple(str(f) for f in files)


def provenance_of(entry: Mapping[str, Any]) -> tuple[str, str]:
    """``(source, note)`` of a table entry: ``"rulebook"`` unless it says otherwise."""
    source = entry.get("source", "rulebook")
    note = entry.get("note", "")
    return str(source), str(note)


def require(entry: Mapping[str, Any], field: str, kind: type | tuple, where: str, src: str) -> Any:
    """Fetch ``entry[field]`` checking its type; errors name file, entry and field."""
    if field not in entry:
        raise PackContentError(f"{src}: {where}: missing field {field!r}")
    value = entry[field]
    if isinstance(value, bool) and kind is int:
        raise PackContentError(f"{src}: {where}: field {field!r} must be an integer, got {value!r}")
    if not isinstance(value, kind):
        name = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise PackContentError(f"{src}: {where}: field {field!r} must be {name}, got {value!r}")
    return value


def check_fields(entry: Mapping[str, Any], allowed: set[str], where: str, src: str) -> None:
    """Reject fields a pack does not know (typos in a user file must not pass silently)."""
    unknown = set(entry) - allowed - {"source", "note"}
    if unknown:
        raise PackContentError(f"{src}: {where}: unknown field(s) {sorted(unknown)}")
    source = entry.get("source", "rulebook")
    if source not in ("rulebook", "reconstructed"):
        raise PackContentError(
            f"{src}: {where}: field 'source' must be 'rulebook' or 'reconstructed', got {source!r}"
        )
