"""The play loop: seated bots play one game to its end (``play``), guarded against a game that stalls."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..bots.base import BotLike, make_bot
from ..core.errors import ConfigError, GameStalled
from ..core.game import Game
from ..core.i18n import _
from .fence import BotThread, Seat, ask, bot_error, check_time_limit, raised, refused, where
from .seeds import bot_rng

BotSpec = BotLike | str


def is_one_bot(bots: Any) -> bool:
    """True when ``bots`` is one bot (or a bot's name) for every seat, not a list of them."""
    return isinstance(bots, str) or callable(getattr(bots, "choose", None))


def _seat_bots(game: Game, bots: Sequence[BotSpec] | BotSpec) -> list[Any]:
    if is_one_bot(bots):
        bots = [bots] * game.players  # type: ignore[list-item]
    if not isinstance(bots, Sequence):
        raise ConfigError(_("bots must be one bot or a list of one per seat, not {bots}", bots=repr(bots)))
    if len(bots) != game.players:
        raise ConfigError(
            _("{players} players need {players} bots, got {count}", players=game.players, count=len(bots))
        )
    return [make_bot(b, game.name) for b in bots]


def play_to_end(
    game: Game, seats: Sequence[Seat], rngs: Sequence[random.Random], index: int | None = None
) -> dict[str, Any]:
    """Let the seated bots play ``game`` to its end, guarding against a game that stalls;
    ``index`` is the game's number in a simulation, for the messages (None: a single game)."""
    start = len(game.history)
    limit = game.max_decisions - start
    while not game.is_over:
        to_act = game.to_act
        round_start = len(game.history)
        for seat in to_act:
            # fence.decide, inline: the loop every simulated decision goes through.
            at = seats[seat]
            if at.direct:
                try:
                    view = game.view(seat) if at.uses_view else None
                    action = at.choose(view, game.legal_actions(seat), rngs[seat])
                except Exception as exc:
                    raise raised(exc, game, index, seat, at) from exc
            else:
                action = ask(game, seat, at, rngs[seat], index)
            try:
                game.act(seat, action)
            except Exception as exc:
                raise refused(action, exc, game, index, seat, at) from exc
        played = len(game.history)
        if played == round_start:  # nothing recorded: the game would ask again for ever
            what = _("made a decision that did not add to the game's history")
            raise bot_error(GameStalled, what, game, index, to_act[0], seats[to_act[0]].label)
        if played - start > limit:
            raise GameStalled(
                _(
                    "{where} went past its declared bound of {most} decisions",
                    where=where(game, index),
                    most=game.max_decisions,
                ),
                game=index,
                seed=game.seed,
            )
    return game.result()


def play(game: Game, bots: Sequence[BotSpec] | BotSpec, *, time_limit: float | None = None) -> dict[str, Any]:
    """Let ``bots`` (one per seat, or one for all) play ``game`` to its end; returns the result.

    Each bot sees only a copy of its own view; bots of a simultaneous step choose in seat
    order, none seeing another's sealed choice. The bot in seat s draws from
    ``bot_rng(game.seed, s)``, so a game seed gives the same game. ``time_limit`` (seconds,
    default none) bounds each decision of each bot.

    Raises ``BotError`` when a bot raises or chooses an action the game refuses (the game is
    left as it was before that decision), ``BotTimeout`` when it exceeds ``time_limit`` (a
    bot that never returns is abandoned on its thread), and ``GameStalled`` when a decision
    does not add to the game's history or the game goes past its ``max_decisions``; each
    names the game's seed, the seat and the bot.
    """
    limit = check_time_limit(time_limit)
    thread = BotThread()
    seats = [Seat(bot, limit, thread) for bot in _seat_bots(game, bots)]
    rngs = [bot_rng(game.seed, seat) for seat in range(game.players)]
    try:
        return play_to_end(game, seats, rngs)
    finally:
        thread.close()
