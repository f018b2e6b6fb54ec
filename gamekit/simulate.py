"""Playing games with bots, one at a time (``play``) or by the thousand (``simulate``).

Every game of a simulation gets its own seed derived from the simulation's seed
and the game's number, and every bot its own generator derived from the game's
seed and its seat, so a table of results never depends on which process played
which game.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import TYPE_CHECKING, Any

from .bots import Bot, make_bot
from .core.errors import ConfigError
from .core.game import Events, Game, game_class, new_game

if TYPE_CHECKING:
    import pandas as pd

BotSpec = Bot | str
Progress = Callable[[int, int], None]


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from parts, the same on every machine and Python version."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def bot_rng(game_seed: int, seat: int) -> random.Random:
    """The generator a bot in ``seat`` draws from in the game with ``game_seed``."""
    return random.Random(derive_seed(game_seed, "bot", seat))


def _seat_bots(game: Game, bots: Sequence[BotSpec] | BotSpec) -> list[Bot]:
    if isinstance(bots, Bot | str):
        bots = [bots] * game.players
    if len(bots) != game.players:
        raise ConfigError(f"{game.players} players need {game.players} bots, got {len(bots)}")
    return [make_bot(b, game.name) for b in bots]


def take_turn(game: Game, seat: int, bot: Bot, rng: random.Random) -> Events:
    """``bot`` takes ``seat``'s decision: it sees that seat's view only (none if it asks for none)
    and the legal actions, and draws from ``rng``. Every runner lets bots move through here."""
    view = game.view(seat) if bot.uses_view else None
    return game.act(seat, bot.choose(view, game.legal_actions(seat), rng))


def play(game: Game, bots: Sequence[BotSpec] | BotSpec) -> dict[str, Any]:
    """Let ``bots`` (one per seat, or one for all) play ``game`` to its end; returns the result.

    Each bot sees only its own view; bots of a simultaneous step choose in seat
    order, none seeing another's sealed choice.
    """
    seated = _seat_bots(game, bots)
    rngs = [bot_rng(game.seed, seat) for seat in range(game.players)]
    limit = game.max_decisions - len(game.history)
    decisions = 0
    while not game.is_over:
        for seat in game.to_act:
            take_turn(game, seat, seated[seat], rngs[seat])
            decisions += 1
        if decisions > limit:
            raise RuntimeError(f"{game!r} went past its declared bound of {game.max_decisions} decisions")
    return game.result()


Batch = tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]


def _play_games(
    name: str,
    players: int,
    bots: Sequence[BotSpec],
    indices: Sequence[int],
    seed: int,
    options: Mapping[str, Any] | None,
    records: bool = False,
) -> Batch:
    """Rows (and, if asked, the game's records) of the games numbered ``indices``.

    The unit of work of every worker: it depends only on its arguments.
    """
    seated = [make_bot(b, name) for b in bots]
    rows: list[dict[str, Any]] = []
    tables: dict[str, list[dict[str, Any]]] = {}
    for index in indices:
        game_seed = derive_seed(seed, index)
        game = new_game(name, players, seed=game_seed, options=options)
        # Seat rotation: in game i, seat s is played by bot (s + i) mod n.
        order = [seated[(seat + index) % players] for seat in range(players)]
        result = play(game, order)
        winners = result["winners"]
        for seat in range(players):
            row = {
                "game": index,
                "seat": seat,
                "bot": order[seat].label,
                "score": result["scores"][seat],
                "rank": result["ranks"][seat],
                "winner": seat in winners,
                "win_share": 1 / len(winners) if seat in winners else 0.0,
                "finished": result["finished"],
                "decisions": len(game.history),
            }
            row.update(game.stats(seat))
            rows.append(row)
        if records:
            for table, entries in game.records().items():
                tables.setdefault(table, []).extend(
                    {"game": index, **entry, "bot": order[entry["seat"]].label} for entry in entries
                )
    return rows, tables


def simulate(
    name: str,
    players: int,
    bots: Sequence[BotSpec] | BotSpec,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int | str = 1,
    progress: Progress | None = None,
    chunk: int = 250,
) -> pd.DataFrame:
    """Play ``games`` games and return one row per seat per game.

    ``bots`` holds one bot (or name) per seat; seats rotate from game to game so
    that every bot plays every seat equally often over each ``players`` games.
    ``workers`` is a number of local processes or a Dask scheduler address; the
    table is the same for every choice. ``progress(done, total)`` is called as
    games finish.
    """
    import pandas as pd

    rows, _ = _run(name, players, bots, games, seed, options, workers, progress, chunk, records=False)
    return pd.DataFrame(rows)


def simulate_records(
    name: str,
    players: int,
    bots: Sequence[BotSpec] | BotSpec,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int | str = 1,
    progress: Progress | None = None,
    chunk: int = 250,
) -> dict[str, pd.DataFrame]:
    """The same games as ``simulate`` with the same arguments, with each game's own records.

    Returns ``{"seats": <simulate's table>, <record name>: <table>, ...}``; For Sale
    adds ``purchases`` (one row per house taken) and ``sales`` (one per house sold).
    """
    import pandas as pd

    rows, tables = _run(name, players, bots, games, seed, options, workers, progress, chunk, records=True)
    return {"seats": pd.DataFrame(rows), **{k: pd.DataFrame(v) for k, v in tables.items()}}


def _run(
    name: str,
    players: int,
    bots: Sequence[BotSpec] | BotSpec,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None,
    workers: int | str,
    progress: Progress | None,
    chunk: int,
    records: bool,
) -> Batch:
    game_class(name)  # unknown names fail before any work starts
    if isinstance(bots, Bot | str):
        bots = [bots] * players
    bots = list(bots)
    if len(bots) != players:
        raise ConfigError(f"{players} players need {players} bots, got {len(bots)}")
    checked = [make_bot(b, name) for b in bots]
    new_game(name, players, seed=seed, options=options)  # set-up errors fail early too
    if type(games) is not int or games < 1:
        raise ConfigError(f"games must be a whole number >= 1, not {games!r}")
    chunks = [range(start, min(start + chunk, games)) for start in range(0, games, chunk)]
    args = (name, players)
    if workers == 1:
        batches = (_play_games(*args, checked, ix, seed, options, records) for ix in chunks)
        return _collect(batches, chunks, games, progress)
    if isinstance(workers, str):
        return _simulate_dask(workers, args, bots, chunks, seed, options, records, progress, games)
    if type(workers) is int and workers > 1:
        # Bot names or Bot objects travel to the worker processes as given.
        with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
            futures = [pool.submit(_play_games, *args, bots, ix, seed, options, records) for ix in chunks]
            return _collect((f.result() for f in futures), chunks, games, progress)
    raise ConfigError(f"workers must be a number of processes >= 1 or a Dask address, not {workers!r}")


def _collect(batches: Iterable[Batch], chunks: list[range], games: int, progress: Progress | None) -> Batch:
    """Join the batches in game order, reporting progress as each arrives."""
    rows: list[dict[str, Any]] = []
    tables: dict[str, list[dict[str, Any]]] = {}
    done = 0
    for indices, (part, part_tables) in zip(chunks, batches, strict=True):
        rows.extend(part)
        for key, entries in part_tables.items():
            tables.setdefault(key, []).extend(entries)
        done += len(indices)
        if progress:
            progress(done, games)
    return rows, tables


def _simulate_dask(
    address: str,
    args: tuple[str, int],
    bots: list[Any],
    chunks: list[range],
    seed: int,
    options: Mapping[str, Any] | None,
    records: bool,
    progress: Progress | None,
    games: int,
) -> Batch:
    try:
        from distributed import Client
    except ImportError:
        raise ConfigError(
            f"workers={address!r} names a Dask scheduler, but dask.distributed is not installed "
            "(pip install 'dask[distributed]')"
        ) from None
    with Client(address) as client:
        futures = [
            client.submit(_play_games, *args, bots, ix, seed, options, records, pure=False) for ix in chunks
        ]
        return _collect((f.result() for f in futures), chunks, games, progress)
