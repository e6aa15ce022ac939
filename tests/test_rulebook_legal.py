"""``legal_actions()`` is generated, not guessed (issue 4): on random hand-made positions every listed
action applies, and a broad set of plausible candidates that are not listed is refused with an
:class:`IllegalAction` naming the rule's page, leaving ``to_json()`` byte-identical (P. 8-21, 26-29, 46).
Also: Take or Activate an Objective (P. 20) through a Scene hook, winning at once (P. 8).
"""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings, strategies as hs

from nollab.board import board_from_grid
from nollab.rules import IllegalAction
from nollab.rules.engine.actions import Action
from nollab.rules.sandbox import sandbox
from nollab.rules.scenes.hooks import Hook, scene_hook

BOARD = board_from_grid(
    "abc\nKLf\nMNg",
    {"a": "exterior", "b": "exterior", "c": "exterior", "f": "corn", "g": "exterior",
     "K": "interior", "L": "interior", "M": "interior", "N": "interior"},
    openings=[("dK", "r1c1-r2c1", "door", True), ("bKL", "r2c1-r2c2", "barricade", False),
              ("wL", "r1c2-r2c2", "window", True), ("sKM", "r2c1-r3c1", "stairs", False),
              ("dMN", "r3c1-r3c2", "door", True), ("bNg", "r3c2-r3c3", "barricade", True)])
ZONES = sorted(BOARD.zones)
SURVIVORS = ["ben", "barbra", "tom", "judy"]
CARDS = ["katana", "axe", "uzi", "uzi", "sawed_off", "ithaca_m37", "winchester_94", "claw_hammer", "mas_shotgun",
         "mas_shotgun", "molotov", "scope", "plenty_of_shells", "plenty_of_bullets", "table_leg", "flammable_fluid",
         "machete", "scoped_winchester", "chainsaw", "sw_model_10", "sw_model_10"]
SKILLS = ["plus_1_action", "plus_1_free_move_action", "plus_1_free_combat_action", "plus_1_free_search_action",
          "plus_1_die_combat", "ambidextrous", "barbarian", "bloodlust_melee", "hawk_eye", "hit_and_run", "shove",
          "slippery", "sniper", "taunt"]
PAGE = re.compile(r"P\. \d")


def random_position(seed: int):
    r = random.Random(seed)
    where = {sid: r.choice(ZONES) for sid in SURVIVORS}
    ghouls = {}
    for z in r.sample(ZONES, 4):
        ghouls[z] = {g: r.randint(0, 2) for g in ("walker", "fatty", "relative", "breaker")}
    pool = list(CARDS)
    r.shuffle(pool)
    inv = {sid: [pool.pop() for _ in range(r.randint(0, 4))] for sid in SURVIVORS}
    modes = {sid: r.choice(["romero", "zombicide"]) for sid in SURVIVORS}
    ext = ["T:a", "T:b", "T:c", "T:g"]
    g = sandbox(BOARD, where, ghouls=ghouls, inventory=inv, modes=modes, seed=seed, car=r.choice(ext),
                spawns=[("T:c", "white"), ("T:g", "red")])
    for sid in SURVIVORS:
        g.state.survivors[sid].extra_skills.extend(r.sample(SKILLS, 3))
        g.state.survivors[sid].in_car = False
    for oid in ("dK", "bKL", "sKM", "dMN", "bNg"):
        g.state.set_open(oid, r.random() < 0.5)
    g.touch()
    return g, r


def candidates(g) -> list[Action]:
    """Plausible actions for the active Survivor: every kind with every parameter that exists."""
    st = g.state
    sid = st.active
    s = st.survivors[sid]
    out = [Action("activate", x) for x in SURVIVORS]
    for z in ZONES:
        out += [Action("move", sid, (z,)), Action("hit_and_run", sid, (z,)), Action("shove", sid, (z,)),
                Action("taunt", sid, (z,)), Action("bloodlust", sid, ((z,),)), Action("drive", sid, ((z,),))]
        for hands in ((0,), (1,), (0, 1)):
            out.append(Action("ranged", sid, (hands, z)))
        out += [Action("molotov", sid, (0, z)), Action("molotov", sid, (1, z))]
    for hands in ((0,), (1,), (0, 1)):
        out += [Action("melee", sid, (hands, False)), Action("melee", sid, (hands, True))]
    for d in ("house", "melee", "ranged", "starting"):
        out.append(Action("search", sid, (d,)))
    for oid in BOARD.openings:
        for how in ("open", "close"):
            out += [Action("door", sid, (oid, how)), Action("barricade", sid, (oid, how))]
    for x in SURVIVORS:
        out.append(Action("trade", sid, (x,)))
    for u in range(len(st.cards)):
        if u % 7 == 0 or u in s.inventory() or any(u in o.inventory() for o in st.survivors.values()):
            out += [Action("discard", sid, (u,)), Action("reload", sid, ((u,),))]
    inv = s.inventory()
    out += [Action("reorganize", sid, (inv[0] if inv else -1, -1)), Action("reorganize", sid, (-1, -1))]
    for c in ("torch", "molotov", "mas_shotgun", "scoped_winchester"):
        out.append(Action("combine", sid, (c,)))
    out += [Action("car_in", sid), Action("car_in", sid, ("passenger",)), Action("car_out", sid),
            Action("car_seat", sid), Action("do_nothing", sid)]
    return out


def check_position(g) -> int:
    legal = g.legal_actions()
    assert legal, "a Survivor always has at least Do Nothing"
    for a in legal:  # every listed action applies
        c = g.copy()
        c.apply(a)
    before = g.to_json()
    refusals = 0
    listed = set(legal)
    for a in candidates(g):
        if a in listed:
            continue
        with pytest.raises(IllegalAction) as err:
            g.apply(a)
        assert PAGE.search(str(err.value)), f"{a}: the refusal names no page: {err.value}"
        assert g.to_json() == before, f"{a}: refused but the state changed"
        refusals += 1
    return refusals


@settings(max_examples=30, deadline=None)
@given(seed=hs.integers(0, 10**6))
def test_legal_actions_are_generated_listed_apply_unlisted_refused_unchanged(seed):
    """Issue 4: "legal_actions() is generated, not guessed: every listed action applies without error, and
    every unlisted candidate is refused" with the rule and page, state byte-for-byte unchanged."""
    g, r = random_position(seed)
    for _ in range(8):  # a few positions along a random line of play
        if g.over or g.needs() != "action":
            break
        if g.state.active is None:
            g.apply(r.choice(g.legal_actions()))
            continue
        assert check_position(g) > 0
        g.apply(r.choice(g.legal_actions()))
        while g.pending is not None:
            g.choose(r.choice(g.pending.options))


# ------------------------------------------------------------------------------------------- Objective P. 20
@scene_hook("audit_objective")
class AuditObjective(Hook):
    """A test Scene objective in Zone T:c: "Take or activate an objective" (P. 20)."""

    actions = ("take_objective",)

    def legal_actions(self, ctx, s):
        if s.zone == "T:c":
            return [Action("scene", s.id, ("take_objective", "T:c"))]
        return []

    def perform(self, ctx, sid, name, arg, paid):
        if name != "take_objective":
            return False
        ctx.emit("objective", "P. 20", f"{ctx.sname(sid)} takes the objective ({paid})", survivor=sid)
        ctx.win("the objective is taken", "P. 8")
        return True


ROW = board_from_grid("abc", {k: "exterior" for k in "abc"})


def test_take_objective_p20_in_the_same_zone_costs_an_action_and_wins_at_once():
    """P. 20: "The Survivor takes or activates a Scene objective in the same Zone." P. 8: "The game is won
    immediately when all of the Scene Objectives have been accomplished.\""""
    g = sandbox(ROW, {"ben": "T:b"}, hooks=["audit_objective"])
    with pytest.raises(IllegalAction, match="P. "):
        g.apply(Action("scene", "ben", ("take_objective", "T:c")))
    g.apply(Action("move", "ben", ("T:c",)))
    g.apply(Action("scene", "ben", ("take_objective", "T:c")))
    assert g.state.result == "won"
    assert any(e.kind == "objective" and "1 Action" in e.text for e in g.events)
