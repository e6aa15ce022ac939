"""Tuning the difficulty (P. 32) as Scene options: which Ghoul cards are used, without the
Barricade and Door Opening cards, Ultrared Mode.
"""
from __future__ import annotations

from nollab.rules.scenes.hooks import Hook, scene_hook


def parse_card_ranges(spec, known: list[int]) -> list[int]:
    """``"1-21, 43-46"`` or ``[1, 2, 3]`` -> card numbers (only those in the deck)."""
    if isinstance(spec, list):
        nums = {int(x) for x in spec}
    else:
        nums = set()
        for part in str(spec).split(","):
            part = part.strip()
            if not part:
                continue
            a, _, b = part.partition("-")
            try:
                lo, hi = int(a), int(b or a)
            except ValueError:
                raise ValueError(f"[scene.options] ghoul_cards: bad range {part!r} (use \"1-21, 43-46\")") from None
            nums |= set(range(lo, hi + 1))
    bad = sorted(nums - set(known))
    if bad:
        raise ValueError(f"[scene.options] ghoul_cards: no Ghoul card number(s) {bad} (cards are "
                         f"{min(known)}-{max(known)})")
    return sorted(nums)


@scene_hook("difficulty_tuning")
class DifficultyTuning(Hook):
    """"Tuning the difficulty" (P. 32) as Scene options in ``[scene.options]``:
    ``ghoul_cards = "1-21"`` (cards used), ``opening_cards = false`` (drop #43-#46, the Barricades
    and Doors Opening cards), ``ultrared = true``. Options given to ``Game.new`` win."""

    def on_setup(self, ctx) -> None:
        d = self.scene.data.get("options", {})
        if "ghoul_cards" not in ctx.options:
            known = sorted(set(ctx.st.ghoul_deck))
            keep = set(parse_card_ranges(d.get("ghoul_cards", f"{known[0]}-{known[-1]}"), known))
            if not d.get("opening_cards", True):
                keep -= {n for n in known if self.scene.ghoul_card(n).kind != "spawn"}
            if not keep:
                raise ValueError(f"{self.scene.file}: [scene.options] leaves no Ghoul card")
            if keep != set(known):
                ctx.st.ghoul_deck = [n for n in ctx.st.ghoul_deck if n in keep]
                ctx.emit("setup", "P. 32", f"Tuning the difficulty: {len(ctx.st.ghoul_deck)} Ghoul cards used")
        if "ultrared" not in ctx.options and d.get("ultrared"):
            ctx.options["ultrared"] = True
            ctx.emit("setup", "P. 32", "Ultrared Mode is on")
