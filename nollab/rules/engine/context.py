"""The resolution context: the state being changed, the immutable content/board/scene, the log.

Every rules module receives a :class:`Ctx` and changes the game only through it, so each change
is logged as an :class:`~nollab.rules.engine.events.Event` and the task queue / pending choice stay in
one place. Tasks are :class:`~nollab.rules.engine.tasks.Task` records (name, JSON args) that clone and
serialise with the state.
"""
from __future__ import annotations

from typing import Any

from nollab.rules.engine.events import Event
from nollab.rules.engine.state import Choice, GameState, SurvivorState
from nollab.rules.engine.tasks import Task


class Ctx:
    """Mutable view used while resolving one action, choice or task."""

    __slots__ = ("st", "content", "board", "scene", "events", "options", "cache", "event_base")

    def __init__(self, st: GameState, content, board, scene, events: list, options: dict, cache: dict,
                 event_base: int = 0):
        self.st = st
        self.content = content
        self.board = board
        self.scene = scene
        self.events = events
        self.options = options
        self.cache = cache
        #: events logged before ``events[0]`` (a fork's log starts empty; rules that count events
        #: through the whole game, :func:`nollab.rules.scenes.common.new_events`, add this)
        self.event_base = event_base

    # ---- log, queue, choices ---------------------------------------------------------------
    def emit(self, kind: str, page: str, text: str, **data: Any) -> None:
        self.events.append(Event(kind, page, text, self.st.round, self.st.phase, data))

    def push(self, *tasks: Task) -> None:
        """Run these tasks next, in the given order (before anything already queued). A list
        ``[name, *args]`` is read as ``Task(name, args)`` (Scene hooks written before tasks were records)."""
        self.st.queue[0:0] = [t if t.__class__ is Task else Task.of(t) for t in tasks]

    def append(self, *tasks: Task) -> None:
        """Run these tasks after everything already queued."""
        self.st.queue.extend(t if t.__class__ is Task else Task.of(t) for t in tasks)

    def ask(self, choice: Choice) -> None:
        """Make ``choice`` the pending decision; if one is already pending, ask it right after."""
        if self.st.pending is not None:
            self.push(Task("ask", (choice,)))
            return
        self.st.pending = choice

    # ---- names -------------------------------------------------------------------------------
    def sname(self, sid: str) -> str:
        return self.content.survivors[sid].name

    def card(self, uid: int):
        return self.content.equipment[self.st.cards[uid]]

    def cname(self, uid: int) -> str:
        return self.card(uid).name

    def zname(self, zone: str) -> str:
        try:
            lab = self.board.zones[zone].label
        except (AttributeError, KeyError, TypeError):
            lab = ""
        return f"{zone} ({lab})" if lab and lab != zone else str(zone)

    def surv(self, sid: str) -> SurvivorState:
        return self.st.survivors[sid]

    # ---- ghouls --------------------------------------------------------------------------------
    def place_ghouls(self, zone: str, gtype: str, n: int) -> None:
        before = self.st.on_board("relative")
        self.st.add_ghouls(zone, gtype, n)
        self._relatives_changed(before)

    def remove_ghouls(self, zone: str, gtype: str, n: int) -> None:
        before = self.st.on_board("relative")
        self.st.add_ghouls(zone, gtype, -n)
        self._relatives_changed(before)

    def _relatives_changed(self, before: int) -> None:
        after = self.st.on_board("relative")
        if (before == 0) == (after == 0):
            return
        flipped = [s.id for s in self.st.survivors.values() if s.alive and s.mode == "zombicide"]
        if not flipped:
            return
        names = ", ".join(self.sname(x) for x in flipped)
        if after:
            self.emit("mode", "P. 17", f"A Relative is on the board: {names} switch to Romero Mode", survivors=flipped)
        else:
            self.emit("mode", "P. 17", f"No Relative left on the board: {names} switch back to Zombicide Mode",
                      survivors=flipped)

    # ---- wounds ------------------------------------------------------------------------------
    def wound(self, sid: str, n: int, why: str, page: str) -> None:
        """Give ``n`` Wounds; at 3 the Survivor is eliminated and the game is lost (P. 22, P. 8)."""
        s = self.surv(sid)
        if not s.alive or n <= 0:
            return
        s.wounds = min(3, s.wounds + n)
        self.emit("wound", page, f"{self.sname(sid)} takes {n} wound{'s' if n != 1 else ''} ({why}): "
                  f"Wound Bar {s.wounds}/3", survivor=sid, wounds=n)
        if s.wounds >= 3:
            self.eliminate(sid, f"{self.sname(sid)} reached 3 Wounds")

    def eliminate(self, sid: str, why: str) -> None:
        s = self.surv(sid)
        if not s.alive:
            return
        s.alive = False
        if s.in_car:
            s.in_car = s.driver = False
        self.emit("eliminated", "P. 22", f"{self.sname(sid)} is eliminated: {why}", survivor=sid)
        # drop the inventory on the discard piles so every card stays in one place
        for uid in s.inventory():
            self.to_discard(uid)
        s.hands = [None, None]
        s.backpack = []
        self.lose(f"{self.sname(sid)} was eliminated (a starting Survivor)", "P. 8")

    # ---- end of game -------------------------------------------------------------------------
    def win(self, why: str, page: str) -> None:
        if self.st.result is None:
            self.st.result = "won"
            self.st.reason = why
            self.emit("won", page, f"Victory: {why}")
            self._finish()

    def lose(self, why: str, page: str) -> None:
        if self.st.result is None:
            self.st.result = "lost"
            self.st.reason = why
            self.emit("lost", page, f"Defeat: {why}")
            self._finish()

    def _finish(self) -> None:
        self.st.phase = "over"
        self.st.queue = []
        self.st.pending = None
        self.st.active = None

    # ---- cards ---------------------------------------------------------------------------------
    def to_discard(self, uid: int) -> None:
        """A card leaves play: Special cards go back to their supply, others to their discard pile."""
        origin = self.st.origin[uid]
        if origin == "special":
            self.st.supply.setdefault(self.st.cards[uid], []).append(uid)
        else:
            self.st.discards.setdefault(origin, []).append(uid)
        if uid in self.st.fired:
            self.st.fired.remove(uid)

    def take_from_inventory(self, sid: str, uid: int) -> None:
        s = self.surv(sid)
        if uid in s.hands:
            s.hands[s.hands.index(uid)] = None
        else:
            s.backpack.remove(uid)

    def give_to_inventory(self, sid: str, uid: int) -> bool:
        """Put a card in the first free Hand slot, else the Backpack; False if full (P. 16)."""
        s = self.surv(sid)
        if None in s.hands:
            s.hands[s.hands.index(None)] = uid
            return True
        if len(s.backpack) < 3:
            s.backpack.append(uid)
            return True
        return False
