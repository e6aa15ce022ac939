"""A plain-data picture of a game for renderers and widgets (no engine objects inside).

``game.snapshot()`` returns::

    {"scene", "round", "phase", "result", "reason", "active", "first_player",
     "survivors": [{"id", "name", "colour", "zone", "mode" (faceup side), "card_mode" (printed
                    side), "wounds", "xp", "xp_total", "level", "in_car", "driver", "alive",
                    "hands": [card name|None, ...], "backpack": [...], "barricade_tokens",
                    "skills": [skill names], "actions_left", "activated"}],
     "ghouls": {zone: {"walker": n, ...}},            only non-empty zones
     "openings": {opening id: {"open": bool, "kind": str}},
     "spawns": [{"zone", "colour", "active"}],        white first as stored
     "car": zone | None, "markers": [{"kind", "zone", "label"}], "stashes": {zone: deck},
     "windows_to_barricade": [...], "aside": {spot: [card names]}, "flags": {...},
     "pending": None | {"kind", "survivor", "prompt", "page", "options", "labels", "default"},
     "legal_actions": [str(action), ...], "events": [event dicts]}
"""
from __future__ import annotations

from nollab.rules.engine.board_state import opening_kind
from nollab.rules.engine.state import GHOUL_TYPES
from nollab.rules.players import action_budget
from nollab.rules.spawn.step import active_spawn_tokens
from nollab.rules.survivors import experience
from nollab.rules.survivors.skills import active_skills, effective_mode


def snapshot(game, events: int | None = 50) -> dict:
    st = game.state
    ctx = game._ctx()
    content = game.content
    survivors = []
    for s in st.survivors.values():
        card = content.survivors[s.id]
        survivors.append({
            "id": s.id, "name": card.name, "colour": card.color, "zone": s.zone,
            "mode": effective_mode(st, s), "card_mode": s.mode, "wounds": s.wounds, "xp": s.xp,
            "xp_total": s.xp_total, "level": experience.LEVEL_NAMES[experience.level_of(content, s)],
            "in_car": s.in_car, "driver": s.driver, "alive": s.alive,
            "hands": [ctx.cname(u) if u is not None else None for u in s.hands],
            "backpack": [ctx.cname(u) for u in s.backpack], "barricade_tokens": s.barricades,
            "skills": [content.skills[k].name for k in active_skills(content, st, s)],
            "actions_left": action_budget.general_left(ctx, s) if st.active == s.id else None,
            "activated": s.activated,
        })
    active = {tuple(t) for t in active_spawn_tokens(ctx)}
    p = st.pending
    pending = None if p is None else {"kind": p.kind, "survivor": p.survivor, "prompt": p.prompt, "page": p.page,
                                      "options": p.options, "labels": p.labels, "default": p.default}
    return {
        "scene": st.scene, "round": st.round, "phase": st.phase, "result": st.result, "reason": st.reason,
        "active": st.active, "first_player": st.players[st.first_player] if st.players else [],
        "survivors": survivors,
        "ghouls": {z: {g: c[i] for i, g in enumerate(GHOUL_TYPES) if c[i]} for z, c in sorted(st.ghouls.items())},
        "openings": {o: {"open": st.opening_open.get(o, True), "kind": opening_kind(ctx, o)}
                     for o in sorted(game.board.openings)},
        "spawns": [{"zone": z, "colour": c, "active": (z, c) in active} for z, c in st.spawns],
        "car": st.car["zone"] if st.car else None,
        "markers": [{"kind": m.kind, "zone": m.zone, "label": m.label} for m in game.scene.tokens.markers],
        "stashes": dict(game.scene.tokens.stashes),
        "windows_to_barricade": list(game.scene.tokens.windows_to_barricade),
        "aside": {k: [ctx.cname(u) for u in v] for k, v in st.aside.items()},
        "flags": {k: v for k, v in st.flags.items() if k != "rigged_dice"},
        "pending": pending,
        "legal_actions": [str(a) for a in game.legal_actions()],
        "events": [e.to_dict() for e in (game.events if events is None else game.events[-events:])],
    }
