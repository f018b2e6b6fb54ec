"""The shared action numbering and observations of ``gamekit.rl.spaces``, over random games.

Every legal step has an index in range that maps back to it; the mask is the legal set; the
observation has one fixed length and is made from the seat's view alone (twins a seat cannot
tell apart give it the same observation).
"""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

import gamekit
from gamekit.core.game import game_class
from gamekit.games.kuhhandel.spaces import PAYMENT
from gamekit.games.money_monsoon.spaces import MOVES as MONEY_MONSOON_MOVES
from gamekit.rl.spaces import Spaces, Table, action_mask, observe
from tests import view_twins

SETTINGS = [
    (name, players)
    for name in gamekit.GAMES
    for players in sorted({game_class(name).min_players, game_class(name).max_players})
]
MAX_STEPS = 1500  # per random game; Bohnanza's games are the longest (about 1,000-2,500 steps)


def test_import_gamekit_loads_no_rl_library() -> None:
    code = (
        "import sys, gamekit; "
        "print(sorted(m for m in ('numpy', 'pettingzoo', 'gymnasium', 'gamekit.rl') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def _check_step(table: Table, seat: int) -> dict[int, str]:
    game, spaces = table.game, table.spaces
    legal = table.legal(seat)
    assert legal, f"{game.name}: seat {seat} to act with nothing legal in phase {game.phase}"
    assert all(0 <= i < spaces.size for i in legal)
    assert len(set(legal.values())) == len(legal), "two indices for one text"
    for index, text in legal.items():
        assert spaces.index(game, seat, text) == index
    for index in random.Random(len(game.history)).sample(sorted(legal), min(3, len(legal))):
        assert table.text(seat, index) == legal[index]
    mask = table.action_mask(seat)
    assert mask.shape == (spaces.size,) and mask.dtype == np.int8
    assert list(np.flatnonzero(mask)) == sorted(legal)
    engine = {str(a) for a in game.legal_actions(seat)}
    if table.paying or (game.name == "kuhhandel" and game.phase == "pay"):
        assert set(legal.values()) <= {f"{PAYMENT.step}{v}" for v in (0, 10, 50, 100, 200, 500)} | {
            PAYMENT.done
        }
    else:
        assert set(legal.values()) == engine, "the mask is not the engine's legal set"
        assert np.array_equal(action_mask(game, seat), mask)
    obs = table.observe(seat)
    assert obs.shape == (spaces.observation_size,) and obs.dtype == np.float32
    assert np.isfinite(obs).all()
    return legal


@pytest.mark.parametrize(("name", "players"), SETTINGS, ids=[f"{n}-{p}" for n, p in SETTINGS])
def test_every_legal_step_has_an_index_in_range_that_maps_back(name: str, players: int) -> None:
    seen: set[int] = set()
    for seed in range(1 if players > game_class(name).min_players else 2):
        game = gamekit.new_game(name, players, seed=seed)
        table, rng = Table(game), random.Random(f"{name} {players} {seed}")
        for _ in range(MAX_STEPS):
            if game.is_over:
                break
            for other in range(players):
                if other not in game.to_act:
                    assert table.legal(other) == {} and not table.action_mask(other).any()
            seat = rng.choice(game.to_act)
            legal = _check_step(table, seat)
            index = rng.choice(sorted(legal))
            seen.add(index)
            table.act(seat, index)
        for seat in range(players):
            assert table.observe(seat).shape == (table.spaces.observation_size,)
    spaces = table.spaces
    assert all(spaces.label(i) for i in range(spaces.size))
    assert len(seen) > 10


def test_the_sizes_depend_on_the_setting_only() -> None:
    assert Spaces("for_sale", 4).size == 1 + 21 + 30  # pass, bid 1..21 (FS-C2), sell 1..30
    assert Spaces("for_sale", 3, {"edition": "classic"}).size == 1 + 18 + 30
    # bids 0-699, every move, and the auctioneer's "sit out" (MM-A2)
    assert Spaces("money_monsoon", 4).size == 700 + len(MONEY_MONSOON_MOVES) + 1 == 757
    assert Spaces("bohnanza", 4).size == 63 + 3 + 104
    assert Spaces("kuhhandel", 3).size == 20 + 2 * 10 + 3 * 940 // 10
    for name in gamekit.GAMES:
        spaces = Spaces(name, game_class(name).min_players)
        assert sum(length for _, _, length in spaces.layout) == spaces.observation_size
        starts = [start for _, start, _ in spaces.layout]
        assert starts == sorted(starts) and starts[0] == 0


def test_a_bad_game_or_option_is_refused() -> None:
    with pytest.raises(gamekit.ConfigError, match="no game"):
        Spaces("chess", 2)
    with pytest.raises(gamekit.ConfigError):
        Spaces("for_sale", 4, {"edition": "pirate"})


def test_an_illegal_index_is_refused_naming_the_legal_ones() -> None:
    game = gamekit.new_game("for_sale", 3, seed=1, stack={"first_player": 0})
    table = Table(game)
    with pytest.raises(gamekit.IllegalAction, match="legal: 0=pass, 1=bid 1"):
        table.act(0, table.spaces.size - 1)  # sell 30: not while buying
    with pytest.raises(gamekit.IllegalAction, match="out of range"):
        table.act(0, 10_000)
    assert game.history == [] and len(game.log) == len(gamekit.new_game("for_sale", 3, seed=1).log)


class _OnlyTheView:
    """A stand-in that offers nothing but a view: the encoding can read nothing else."""

    def __init__(self, game: gamekit.Game) -> None:
        self._view = game.view

    def view(self, seat: int | None = None) -> dict:
        assert seat is not None, "the observation asked for the teacher's view"
        return self._view(seat)


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_the_observation_is_made_from_the_seats_view_alone(name: str) -> None:
    players = game_class(name).min_players
    game = gamekit.new_game(name, players, seed=3)
    spaces, rng = Table(game).spaces, random.Random(3)
    for step in range(300):
        if game.is_over:
            break
        if step % 10 == 0:
            for seat in range(players):
                # the view-based encoding reads the view alone, and the observation (read
                # straight from the game where the game has a fast encoder) equals it
                assert np.array_equal(spaces.observe_view(_OnlyTheView(game), seat), observe(game, seat))
        seat = rng.choice(game.to_act)
        game.act(seat, rng.choice(game.legal_actions(seat)))


CASES = [(name, kind) for name in gamekit.GAMES for kind in view_twins.KINDS[name]]


@pytest.mark.parametrize(("name", "kind"), CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_twins_a_seat_cannot_tell_apart_give_it_the_same_observation(name: str, kind: str) -> None:
    cls, rng, made = game_class(name), random.Random(f"twins {name} {kind}"), 0
    for _ in range(30):
        players = rng.randint(cls.min_players, cls.max_players)
        seat = rng.randrange(players)
        twins = view_twins.make_twins(name, kind, players, rng.randrange(2**32), rng.randint(0, 120), seat)
        if twins is None:
            continue
        made += 1
        a, b = Table(twins.a), Table(twins.b)
        assert np.array_equal(a.observe(twins.seat), b.observe(twins.seat)), twins.how
        assert np.array_equal(a.action_mask(twins.seat), b.action_mask(twins.seat)), twins.how
        if made == 8:
            break
    assert made >= 3, f"only {made} pairs of twins made"


def _a_state(name: str, players: int, wanted, seeds=range(50)) -> gamekit.Game:
    """The first state of seeded random play where ``wanted(game)`` holds."""
    for seed in seeds:
        game, rng = gamekit.new_game(name, players, seed=seed), random.Random(seed)
        while not game.is_over:
            if wanted(game):
                return game
            seat = rng.choice(game.to_act)
            game.act(seat, rng.choice(game.legal_actions(seat)))
    raise AssertionError("no such state in the seeded games")


def test_kh_a6_paying_card_by_card_reaches_exactly_the_payments_the_engine_lists() -> None:
    game = _a_state("kuhhandel", 3, lambda g: g.phase == "pay" and len(g.legal_actions(g.to_act[0])) > 3)
    payer = game.to_act[0]
    listed = {str(a) for a in game.legal_actions(payer)}
    reached: set[str] = set()
    laid_seen: set[tuple[int, ...]] = set()

    def explore(table: Table) -> None:
        if table.paying in laid_seen:
            return
        laid_seen.add(table.paying)
        for index, text in table.legal(payer).items():
            twin = table.copy()
            events = twin.act(payer, index)
            if events:  # handed over: the engine's own pay event names the cards
                reached.add(str(twin.game.history[-1][1]))
                assert twin.paying == ()
            else:
                assert text.startswith(PAYMENT.step) and twin.game.phase == "pay"
                obs = twin.observe(payer)
                assert obs.sum() != table.observe(payer).sum()  # the laid-down card shows
                explore(twin)

    explore(Table(game))
    assert reached == listed


def test_mm_a2_a_large_bid_is_written_range_first_and_numbered_by_its_last_two_digits() -> None:
    game = _a_state(
        "money_monsoon",
        4,
        lambda g: g.phase == "bid" and any(g.points[s] >= 700 for s in g.to_act),
        seeds=range(200),
    )
    seat = next(s for s in game.to_act if game.points[s] >= 700)
    table = Table(game)
    ranges = table.legal(seat)
    assert min(ranges) == 600 and ranges[600] == "bid 0-99"
    top = max(ranges)
    assert ranges[top].startswith(f"bid {(top - 600) * 100}-")
    table.act(seat, 605)  # bid 500-599
    bids = table.legal(seat)
    assert sorted(bids) == list(range(500, 600)) and bids[537] == "bid 537"
    table.act(seat, 537)
    assert game.view(seat)["bids"][seat] == 537
