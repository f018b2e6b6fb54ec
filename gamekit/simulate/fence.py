"""The bot fence: how a bot is called, and how its failures are named.

What a bot is given (the public contract): a copy of its own seat's view, a fresh list of
the legal actions and its generator; nothing that leads back to the game. gamekit's own
shipped bots are trusted code and are called directly; any other bot is called on a
separate long-lived thread, so that nothing on its call stack holds the game. That is
a fence against accidents and casual peeking, not a sandbox: code in the same process can
still reach any object by deliberate reflection on the interpreter (``gc``,
``sys._current_frames``); only separate processes keep a bot from the game.
"""

from __future__ import annotations

import math
import queue
import random
import threading
from collections.abc import Callable
from typing import Any

from ..bots.base import bot_label, is_shipped
from ..core.errors import BotError, BotTimeout, ConfigError, PlayError
from ..core.game import SEAT_NAMES, Events, Game
from ..core.i18n import _


def _plain_copy(value: Any) -> Any:
    """A deep copy of JSON-like data (a view), much faster than ``copy.deepcopy``."""
    cls = value.__class__
    if cls is dict:
        return {key: _plain_copy(item) for key, item in value.items()}
    if cls is list:
        return [_plain_copy(item) for item in value]
    if cls is tuple:
        return tuple(_plain_copy(item) for item in value)
    if cls in (int, str, float, bool) or value is None:
        return value
    import copy

    return copy.deepcopy(value)


class _Job:
    """One call of a bot's ``choose``, handed to the bot thread. It holds no game."""

    __slots__ = ("args", "choose", "done", "error", "result")

    def __init__(self, choose: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.choose, self.args = choose, args
        self.done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None


def _serve(jobs: queue.SimpleQueue[_Job | None]) -> None:
    """The bot thread: run jobs until told to stop. Its frames hold only the jobs."""
    while (job := jobs.get()) is not None:
        try:
            job.result = job.choose(*job.args)
        except BaseException as exc:  # handed back to the runner, which names the bot
            job.error = exc
        finally:
            job.done.set()
        del job


class _Abandoned(Exception):
    """The bot thread did not answer within the time limit."""


class BotThread:
    """A long-lived daemon thread that runs bots' ``choose`` for one runner.

    A call that exceeds the time limit is abandoned: the runner stops waiting, and the
    thread, still inside the bot, is left to finish (or not) as a daemon; the next call
    gets a new thread.
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] | None = None

    def call(self, choose: Callable[..., Any], args: tuple[Any, ...], time_limit: float | None) -> Any:
        if self._jobs is None:
            self._jobs = queue.SimpleQueue()
            threading.Thread(target=_serve, args=(self._jobs,), name="gamekit-bot", daemon=True).start()
        job = _Job(choose, args)
        self._jobs.put(job)
        if not job.done.wait(time_limit):
            # Stuck in the bot: abandon the thread, which ends if the bot ever returns.
            self._jobs.put(None)
            self._jobs = None
            raise _Abandoned
        if job.error is not None:
            raise job.error
        return job.result

    def close(self) -> None:
        if self._jobs is not None:
            self._jobs.put(None)
            self._jobs = None


class Seat:
    """A bot at a seat, with what the runner needs to call it quickly: the thread that calls it
    when it is not called directly, and the time limit of each of its decisions."""

    __slots__ = ("bot", "choose", "direct", "label", "thread", "time_limit", "uses_view")

    def __init__(self, bot: Any, time_limit: float | None, thread: BotThread) -> None:
        self.bot = bot
        self.choose = bot.choose
        self.label = bot_label(bot)
        self.uses_view = bool(getattr(bot, "uses_view", True))
        self.thread, self.time_limit = thread, time_limit
        # gamekit's own bots are trusted code: called directly unless a time limit needs the thread.
        self.direct = time_limit is None and is_shipped(bot)


def check_time_limit(time_limit: Any) -> float | None:
    """``time_limit`` as seconds, or None for none; anything else is refused."""
    if time_limit is None:
        return None
    number = isinstance(time_limit, int | float) and not isinstance(time_limit, bool)
    if not (number and math.isfinite(time_limit) and time_limit > 0):
        raise ConfigError(
            _("time_limit must be a number of seconds above 0, or None, not {value}", value=repr(time_limit))
        )
    return float(time_limit)


# ----------------------------------------------------------------- naming a failure
# ``take_turn``'s games are played by people too: their messages never show the seed, which
# deals every hidden card again (the error object still carries it as ``seed``).
_AT_A_TABLE = -1


def where(game: Game, index: int | None) -> str:
    """The game, as a message names it: by its number in a simulation, else by its seed."""
    if index == _AT_A_TABLE:
        return _("the {game} game at this table", game=game.name)
    if index is None:
        return _("the {game} game with seed {seed}", game=game.name, seed=game.seed)
    return _(
        "game {index} (seed {seed}) of the {game} simulation", index=index, seed=game.seed, game=game.name
    )


def _seat_text(seat: int) -> str:
    if 0 <= seat < len(SEAT_NAMES):
        return _("seat {seat} ({letter})", seat=seat, letter=SEAT_NAMES[seat])
    return _("seat {seat}", seat=seat)


def short(exc: BaseException) -> str:
    """An exception's type and message, cut to 300 characters."""
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= 300 else text[:297] + "..."


def bot_error(
    cls: type[PlayError], what: str, game: Game, index: int | None, seat: int, label: str
) -> PlayError:
    """A ``cls`` saying that bot ``label`` in ``seat`` did ``what``, in the game ``where`` names."""
    message = _(
        "bot {label} in {seat} {what}, in {where}",
        label=repr(label),
        seat=_seat_text(seat),
        what=what,
        where=where(game, index),
    )
    number = None if index == _AT_A_TABLE else index
    return cls(message, game=number, seed=game.seed, seat=seat, bot=label)


def raised(exc: Exception, game: Game, index: int | None, seat: int, at: Seat) -> PlayError:
    """The error of a bot whose ``choose`` raised ``exc``."""
    return bot_error(BotError, _("raised {error}", error=short(exc)), game, index, seat, at.label)


def refused(action: Any, exc: Exception, game: Game, index: int | None, seat: int, at: Seat) -> PlayError:
    """The error of a bot whose ``action`` the game refused with ``exc``."""
    shown = str(action)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    what = _("chose {action}, which the game refused: {error}", action=repr(shown), error=short(exc))
    return bot_error(BotError, what, game, index, seat, at.label)


# ----------------------------------------------------------------- calling a bot
def ask(game: Game, seat: int, at: Seat, rng: random.Random, index: int | None) -> Any:
    """The action ``at``'s bot chooses for ``seat``: given copies, on its bot thread."""
    view = _plain_copy(game.view(seat)) if at.uses_view else None
    try:
        return at.thread.call(at.choose, (view, list(game.legal_actions(seat)), rng), at.time_limit)
    except _Abandoned:
        what = _(
            "took longer than the time limit of {seconds} s for one decision",
            seconds=format(at.time_limit, "g"),
        )
        raise bot_error(BotTimeout, what, game, index, seat, at.label) from None
    except Exception as exc:
        raise raised(exc, game, index, seat, at) from exc


def decide(game: Game, seat: int, at: Seat, rng: random.Random, index: int | None = None) -> Events:
    """``at``'s bot takes ``seat``'s decision; any failure is a ``BotError`` naming game and seat.

    The play loop (``loop.play_to_end``) does the same inline, for speed."""
    if at.direct:
        try:
            action = at.choose(game.view(seat) if at.uses_view else None, game.legal_actions(seat), rng)
        except Exception as exc:
            raise raised(exc, game, index, seat, at) from exc
    else:
        action = ask(game, seat, at, rng, index)
    try:
        return game.act(seat, action)
    except Exception as exc:
        raise refused(action, exc, game, index, seat, at) from exc


_SHARED_THREAD = BotThread()  # take_turn's: tables and the command line call one bot at a time


def take_turn(game: Game, seat: int, bot: Any, rng: random.Random, time_limit: float | None = None) -> Events:
    """``bot`` takes ``seat``'s decision: it sees a copy of that seat's view only (none if it asks
    for none) and the legal actions, and draws from ``rng``. A failure is a ``BotError``; its message
    does not show the seed, as a person may be at the table (the error's ``seed`` holds it)."""
    return decide(game, seat, Seat(bot, time_limit, _SHARED_THREAD), rng, _AT_A_TABLE)
