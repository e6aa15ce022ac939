"""Random legal play on a busy hand-made board where every rule path is reachable: Zombicide Mode,
every Skill of P. 46, Dual/Reload/Sniper/Molotov/re-roll weapons, the Car, doors and barricades,
Ultrared, Spawn Zones. Invariants as in test_rules_engine; and every listed action applies."""
from __future__ import annotations

from hypothesis import given, settings, strategies as hs

from nollab.board import board_from_grid
from nollab.rules.engine.policies import RandomPolicy
from nollab.rules.sandbox import sandbox
from test_rules_engine import check_invariants

BOARD = board_from_grid(
    "abcd\nefgh\nKLNM",
    {"a": "exterior", "b": "exterior", "c": "exterior", "d": "exterior", "e": "exterior", "f": "corn",
     "g": "exterior", "h": "woods", "K": "interior", "L": "interior", "N": "interior", "M": "interior"},
    openings=[("dK", "r2c1-r3c1", "door", False), ("bKL", "r3c1-r3c2", "barricade", True),
              ("wL", "r2c2-r3c2", "window", True), ("dM", "r2c4-r3c4", "door", True),
              ("sM", "r3c3-r3c4", "stairs", False), ("dN", "r2c3-r3c3", "door", False)])

SKILLS = ["plus_1_action", "plus_1_free_move_action", "plus_1_free_combat_action", "plus_1_free_search_action",
          "plus_1_die_combat", "plus_1_to_dice_roll_ranged", "ambidextrous", "barbarian", "bloodlust_melee",
          "hawk_eye", "hit_and_run", "shove", "slippery", "sniper", "taunt"]


def busy_game(seed: int):
    g = sandbox(
        BOARD,
        {"ben": "T:a", "barbra": "T:K", "harry": "T:e", "helen": "T:M", "judy": "T:b", "tom": "T:a"},
        modes={"ben": "zombicide", "barbra": "zombicide", "harry": "zombicide"},
        inventory={"ben": ["uzi", "uzi", "plenty_of_bullets"], "barbra": ["mas_shotgun", "mas_shotgun", "flashlight"],
                   "harry": ["sawed_off", "machete", "plenty_of_shells"], "helen": ["scoped_winchester", "molotov"],
                   "judy": ["katana", "mason_jar", "flammable_fluid"], "tom": ["table_leg", "claw_hammer", "boards"]},
        ghouls={"T:d": {"walker": 2, "fatty": 1}, "T:h": {"breaker": 1, "relative": 1}},
        spawns=[("T:d", "white"), ("T:h", "red")], car="T:a", seed=seed,
        options={"ultrared": True, "players": [["ben", "tom"], ["barbra"], ["harry", "helen"], ["judy"]]},
        xp={"harry": 40, "ben": 15})
    for i, sid in enumerate(g.state.survivors):
        g.state.survivors[sid].extra_skills.extend(SKILLS[i::6])
    g.touch()
    return g


@settings(max_examples=25, deadline=None)
@given(seed=hs.integers(0, 10**6))
def test_busy_board_random_play_keeps_invariants_and_listed_actions_apply(seed):
    """Issue 4 property test: random legal play keeps the invariants (pool, one place per card, Wounds 0..3, XP
    monotone) and every listed action applies."""
    g = busy_game(seed)
    pol = RandomPolicy(seed)
    xp = check_invariants(g, {})
    for i in range(300):
        if g.over:
            break
        if g.needs() == "action" and i % 7 == 0:
            for a in g.legal_actions():
                g.copy().apply(a)
        g.step(pol)
        xp = check_invariants(g, xp)
