"""A bot of the tests' own for the simulation tests, in a module that imports nothing, so that a
worker process that unpickles it (by reference) starts quickly."""


class Middle:
    """Not a gamekit.bots class: mostly the middle legal action, sometimes the first."""

    label = "middle"

    def choose(self, view, legal_actions, rng):
        return legal_actions[len(legal_actions) // 2] if rng.random() < 0.7 else legal_actions[0]
