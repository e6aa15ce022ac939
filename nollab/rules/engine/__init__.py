"""The engine core and its protocol: how the rules run, not a chapter of the rulebook.

A game is plain data (:mod:`.state`) changed only through a resolution context (:mod:`.context`)
that logs every change as an :class:`~.events.Event` with its rulebook page. Work is a queue of
:class:`~.tasks.Task` records (:mod:`.tasks`); every player decision is a pending :class:`~.state.Choice`
answered through :mod:`.choices`; chance comes only from :mod:`.rng`, through the explicit chance
steps of :mod:`.chance`; players and bots answer
through a :mod:`.policies` protocol. Modules:

=================  =========================================================================
actions            ``Action``: one Survivor action as an immutable value (every kind, P. 18-21, 46)
state              ``GameState``, ``SurvivorState``, ``Choice``: plain data that clones and saves
events             ``Event`` (kind, page, text) and ``IllegalAction``
context            ``Ctx``: emit / queue / ask, names, wounds, elimination, winning and losing (P. 8, 22)
tasks              ``Task`` (a queued step: name, args) and the registry of steps (``@task``)
registry           registering a rule by name: a name is taken once
records            typed records in the state written as JSON and read back (saves, positions, hashes)
choices            the registry of decision resolvers (``@resolver``) and answering a Choice
inputs             what a caller hands the engine, normalised and type-checked before anything changes
board_state        the board as the game changed it: closed Openings, an Opening's kind now
rng                the game's only source of chance (seeded splitmix64)
chance             chance steps (OpenSpiel's chance nodes): outcomes with integer weights, chosen or seeded
policies           the player protocol (``choose_action``/``choose_option``) and its registry
run                running a game forward: step until an action, a choice, a phase, a round, the end
=================  =========================================================================
"""
