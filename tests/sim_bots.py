"""A bot of the tests' own for the simulation tests, in a module that imports nothing, so that a
worker process that unpickles it (by reference) starts quickly."""


class Middle:
    """Not a gamekit.bots class: mostly the middle legal action, sometimes the first."""

    label = "middle"

    def choose(self, view, legal_actions, rng):
        return legal_actions[len(legal_actions) // 2] if rng.random() < 0.7 else legal_actions[0]


class Doomed:
    """Picks at random; one decision in ``1 / rate`` (drawn from its own generator, so the same
    decision of the same game whoever plays it) it fails: raises, or with ``how="kill"`` kills its
    own process at once (SIGKILL), as the out-of-memory killer would. Run only on workers."""

    label = "doomed"

    def __init__(self, how: str = "raise", rate: float = 0.004) -> None:
        self.how, self.rate = how, rate

    def choose(self, view, legal_actions, rng):
        if rng.random() < self.rate:
            if self.how == "kill":
                import os
                import signal

                os.kill(os.getpid(), signal.SIGKILL)
            raise ValueError("doomed")
        return legal_actions[int(rng.random() * len(legal_actions))]


class WritesItsPid:
    """Plays the first action, having written its process's id to ``path`` once."""

    label = "writes-its-pid"

    def __init__(self, path: str) -> None:
        self.path, self.written = path, False

    def choose(self, view, legal_actions, rng):
        if not self.written:
            import os

            with open(self.path, "a") as file:
                file.write(f"{os.getpid()}\n")
            self.written = True
        return legal_actions[0]
