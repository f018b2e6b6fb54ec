"""Shared helpers of the contract suite and the property tests: set-ups, drivers, checks.

Everything here goes through the public surface of the contract (README), so it works unchanged
for every registered game.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import gamekit
from gamekit.core.game import game_class

# A rule ID as the rules reference writes them: FS-B3, MM-A5, BO-C1 ...
RULE_ID = re.compile(r"[A-Z]{2}-[A-Z]\d+")
# ... and as an IllegalAction message should cite them: "(FS-B3)" or "(FS-C2/FS-C3)".
CITED_RULE_ID = re.compile(r"\((?:[A-Z]{2}-[A-Z]\d+|[A-Z]{2}-[A-Z]\d+/[A-Z]{2}-[A-Z]\d+)\)")
RESULT_KEYS = ("scores", "ranks", "winners", "finished")


@dataclass(frozen=True)
class Config:
    """One set-up the contract suite runs: a game, a player count and rule options."""

    name: str
    players: int
    options: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def id(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.name}-{self.players}p{extra}"

    def new_game(self, seed: int, stack: dict[str, Any] | None = None) -> gamekit.Game:
        return gamekit.new_game(self.name, self.players, seed=seed, options=self.options, stack=stack)


def player_counts(name: str) -> range:
    cls = game_class(name)
    return range(cls.min_players, cls.max_players + 1)


def contract_configs() -> list[Config]:
    """Every registered game at every player count with default options, and at its fewest and
    most players once more per non-default value of each declared option (one at a time)."""
    configs = []
    for name in gamekit.GAMES:
        cls = game_class(name)
        for players in player_counts(name):
            configs.append(Config(name, players))
            if players not in (cls.min_players, cls.max_players):
                continue
            for option in cls.options_declared:
                for value in option.choices or ():
                    if value == option.default and type(value) is type(option.default):
                        continue
                    configs.append(Config(name, players, {option.name: value}))
    return configs


def default_configs() -> list[Config]:
    """Every registered game at every player count, default options."""
    return [Config(name, players) for name in gamekit.GAMES for players in player_counts(name)]


# ------------------------------------------------------------------ driving
def pick(game: gamekit.Game, rng: random.Random) -> tuple[int, gamekit.Action]:
    """A random seat among those to act and a random legal action of it.

    Two identical games driven by two generators seeded alike pick alike.
    """
    to_act = game.to_act
    seat = to_act[rng.randrange(len(to_act))]
    legal = game.legal_actions(seat)
    return seat, legal[rng.randrange(len(legal))]


def playout(
    game: gamekit.Game,
    rng: random.Random,
    before_each: Callable[[gamekit.Game], None] | None = None,
    limit: int | None = None,
) -> gamekit.Game:
    """Play ``game`` with random choices to its end (or ``limit`` more actions)."""
    steps = 0
    while not game.is_over and (limit is None or steps < limit):
        if before_each is not None:
            before_each(game)
        seat, action = pick(game, rng)
        game.act(seat, action)
        steps += 1
    return game


def states(game: gamekit.Game, rng: random.Random) -> Iterator[gamekit.Game]:
    """Yield ``game`` before every action of a random playout and once at its end."""
    while not game.is_over:
        yield game
        game.act(*pick(game, rng))
    yield game


def played(config: Config, seed: int, chooser_seed: int | None = None) -> gamekit.Game:
    """A finished random playout of ``config``."""
    rng = random.Random(seed if chooser_seed is None else chooser_seed)
    return playout(config.new_game(seed), rng)


# ------------------------------------------------------------------ checking
def json_roundtrip(data: Any) -> Any:
    return json.loads(json.dumps(data, allow_nan=False))


# Options that are safety limits on a game's length: a game they stop is unfinished.
SAFETY_LIMITS = ("max_turns", "max_decisions")


def stopped_by_turn_limit_allowed(game: gamekit.Game) -> bool:
    """Whether the set-up has a safety limit (``max_turns``, ``max_decisions``) switched on."""
    options = game.setup["options"]
    return any(options.get(name) is not None for name in SAFETY_LIMITS)


def check_result(game: gamekit.Game) -> dict[str, Any]:
    """``result()`` is well formed for the game's current state; returns it."""
    result = game.result()
    n = game.players
    missing = [k for k in RESULT_KEYS if k not in result]
    assert not missing, f"result() lacks {missing}: {result}"
    scores, ranks, winners, finished = (result[k] for k in RESULT_KEYS)
    assert type(finished) is bool, result
    assert len(scores) == n and len(ranks) == n, result
    assert all(type(s) is int for s in scores), f"scores must be whole numbers: {scores}"
    assert all(type(r) is int for r in ranks), result
    # 1-based, ties share the better rank (1, 1, 3).
    for s in range(n):
        assert ranks[s] == 1 + sum(1 for t in range(n) if ranks[t] < ranks[s]), f"bad ranks {ranks}"
    for a in range(n):
        for b in range(n):
            if scores[a] > scores[b]:
                assert ranks[a] <= ranks[b], f"seat {a} scores more than {b} but ranks worse: {result}"
    assert isinstance(winners, list), result
    if finished:
        assert game.is_over, f"finished is True while the game is running: {result}"
        assert winners == [s for s in range(n) if ranks[s] == 1], result
    else:
        assert winners == [], f"an unfinished game has no winners: {result}"
        if game.is_over:
            assert stopped_by_turn_limit_allowed(game), f"game over but not finished: {result}"
    json_roundtrip(result)
    return result


def check_protocol(game: gamekit.Game) -> None:
    """``to_act``, ``legal_actions`` and ``result`` agree with each other and with the public contract."""
    to_act = game.to_act
    n = game.players
    assert isinstance(to_act, tuple), f"to_act must be a tuple, not {to_act!r}"
    assert list(to_act) == sorted(set(to_act)), f"to_act must be strictly ascending: {to_act}"
    assert all(type(s) is int and 0 <= s < n for s in to_act), to_act
    assert game.is_over == (to_act == ()), (game.is_over, to_act)
    for seat in range(n):
        legal = game.legal_actions(seat)
        if seat in to_act:
            assert legal, f"seat {seat} is to act but has no legal action"
            assert len(legal) <= 500, f"{len(legal)} legal actions: a decision should be split into steps"
            assert len(set(legal)) == len(legal), f"duplicate legal actions for seat {seat}: {legal}"
            missing = set(game.any_time_actions(seat)) - set(legal)
            assert not missing, f"seat {seat}'s at-any-time actions {missing} are not among its legal actions"
            # Every action's text parses back; a long list is sampled evenly, ends included.
            for action in {*legal[:: max(1, len(legal) // 8)], legal[-1]}:
                assert isinstance(action, gamekit.Action), action
                assert game.parse_action(str(action)) == action, f"{str(action)!r} does not parse back"
        else:
            # The public contract: a seat not to act may take only "at any time" actions, in a game that has them.
            assert legal == game.any_time_actions(seat), (seat, legal, game.any_time_actions(seat))
            assert all(a.kind in game.any_time_kinds for a in legal), f"seat {seat} not to act: {legal}"
            assert not legal or to_act, f"seat {seat} has legal actions after the end: {legal}"
    check_result(game)


def check_log_entries(events: list[dict[str, Any]]) -> None:
    for event in events:
        assert {"type", "seat", "text"} <= set(event), f"log entry lacks type/seat/text: {event}"
        assert isinstance(event["text"], str) and event["text"].strip(), event
        assert "\n" not in event["text"], f"narration must be one line: {event['text']!r}"
