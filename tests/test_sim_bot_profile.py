"""The heuristic bot judges a shot on the rules' attack profile (P. 26-28, P. 46): no layer re-derives it.

Helen's Zombicide Blue Skill is Sniper: she chooses her targets and her misses hit nobody (P. 28), so
the bot fires the Sawed-Off into Harry's Zone; on her Romero side (no Skill at Blue) the same shot
would wound Harry with every miss, and the bot holds fire (its Friendly Fire cap).
"""
from __future__ import annotations

from nollab.board import board_from_grid
from nollab.rules.combat.profile import profile_of_action
from nollab.rules.sandbox import sandbox
from nollab.sim.heuristic import HeuristicPolicy, attack_value

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})


def _shot(mode: str):
    g = sandbox(ROW, {"helen": "T:a", "harry": "T:b"}, ghouls={"T:b": {"walker": 2}},
                inventory={"helen": ["sawed_off"]}, modes={"helen": mode})
    a = next(a for a in g.legal_actions() if a.kind == "ranged" and a.params[1] == "T:b")
    return g, a


def test_the_bot_reads_sniper_from_the_profile():
    bot = HeuristicPolicy(seed=1)
    scores = {}
    for mode in ("zombicide", "romero"):
        g, a = _shot(mode)
        p = profile_of_action(g._ctx(), a)
        kills, ff, _p = attack_value(p)
        assert (p.sniper, ff > 0) == ((True, False) if mode == "zombicide" else (False, True))
        scores[mode] = bot._score_attack(bot._view(g, "helen"), a)
    assert scores["zombicide"] > 0 > scores["romero"]
