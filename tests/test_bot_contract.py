"""The bot contract of the README: any object with ``choose(view, legal_actions, rng)`` is a bot; it
runs on local workers; a failing, slow or illegal bot is named with its game, seed and seat and
the finished rows are kept; a bot gets copies and no path to the game; every shipped bot finishes."""

from __future__ import annotations

import itertools
import subprocess
import sys
import textwrap
import time

import pandas.testing as pdt
import pytest

import gamekit
from gamekit.bots import describe, make_bot
from gamekit.core.game import Game, game_class
from gamekit.simulate import derive_seed


class FirstChoice:
    """A plain object, no Bot subclass: always the first legal action."""

    def choose(self, view, legal_actions, rng):
        return legal_actions[0]


class Named:
    name = "named-bot"

    def choose(self, view, legal_actions, rng):
        return legal_actions[-1]


class Labelled(Named):
    label = "labelled:1"


class Failing:
    """Picks at random and raises, one decision in ``1 / rate`` (drawn from its own generator)."""

    label = "failing"

    def __init__(self, rate: float = 0.002) -> None:
        self.rate = rate

    def choose(self, view, legal_actions, rng):
        if rng.random() < self.rate:
            raise ValueError("the bot's own bug")
        return legal_actions[int(rng.random() * len(legal_actions))]


class Illegal:
    label = "illegal"

    def choose(self, view, legal_actions, rng):
        return "bid 999"  # more coins than anyone holds


class Sleeper:
    label = "sleeper"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.answered = 0  # answers finished: a runner that waited for the sleep would see one

    def choose(self, view, legal_actions, rng):
        time.sleep(self.seconds)
        self.answered += 1
        return legal_actions[0]


# ------------------------------------------------------------------- 1. what a bot is
def test_any_object_with_choose_is_a_bot_labelled_by_its_label_name_or_class():
    assert make_bot(FirstChoice()).__class__ is FirstChoice
    g = gamekit.new_game("for_sale", 3, seed=1)
    result = gamekit.play(g, [FirstChoice(), Named(), "random"])
    assert g.is_over and result["finished"]
    df = gamekit.simulate("for_sale", 3, [FirstChoice(), Named(), Labelled()], games=3, seed=1)
    assert set(df["bot"]) == {"FirstChoice", "named-bot", "labelled:1"}


def test_a_plain_bot_sees_its_view_by_default_and_plays_every_game():
    seen = []

    class Watcher:
        def choose(self, view, legal_actions, rng):
            seen.append(view)
            return legal_actions[0]

    for name in gamekit.GAMES:
        g = gamekit.new_game(name, game_class(name).min_players, seed=3)
        seen.clear()
        seat = g.to_act[0]
        action = make_bot(Watcher(), name).choose(g.view(seat), g.legal_actions(seat), None)
        assert action == g.legal_actions(seat)[0]
        gamekit.play(g, [Watcher()] + ["random"] * (g.players - 1))
        assert seen and all(isinstance(v, dict) for v in seen)


@pytest.mark.parametrize("spec", [42, object(), None, FirstChoice, {"choose": 1}])
def test_anything_else_is_refused_saying_what_a_bot_is(spec):
    with pytest.raises(gamekit.ConfigError, match=r"a bot is .*choose\(view, legal_actions, rng\)"):
        make_bot(spec)


# -------------------------------------------------------- 2. bots from __main__ on workers
SCRIPT = textwrap.dedent(
    """
    import gamekit, pandas.testing as pdt

    class Greedy:
        def choose(self, view, legal_actions, rng):
            return legal_actions[-1] if rng.random() < 0.5 else legal_actions[0]

    if __name__ == "__main__":
        one = gamekit.simulate("for_sale", 3, [Greedy(), "random", "spread"], games=8, seed=3, chunk=3)
        two = gamekit.simulate("for_sale", 3, [Greedy(), "random", "spread"], games=8, seed=3, chunk=3, workers=2)
        pdt.assert_frame_equal(one, two)
        assert set(one["bot"]) == {"Greedy", "random", "spread:0.3"}
        print("same")
    """
)


def test_a_bot_defined_in_main_runs_on_local_workers_with_the_same_table():
    # "python -c" runs the script as __main__ without a file: the case of a notebook cell.
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "same"


def test_a_bot_that_cannot_be_sent_to_workers_says_how_to_make_it_importable():
    import threading

    class Locked:
        def __init__(self) -> None:
            self.lock = threading.Lock()  # no pickler can send a lock

        def choose(self, view, legal_actions, rng):
            return legal_actions[0]

    with pytest.raises(gamekit.ConfigError, match="importable"):
        gamekit.simulate("for_sale", 3, [Locked(), "random", "random"], games=2, workers=2)


# -------------------------------------------------------------- 3. a bot that fails
def first_failure(seed: int, games: int) -> int:
    try:
        gamekit.simulate("for_sale", 3, [Failing(), "random", "spread"], games=games, seed=seed)
    except gamekit.BotError as exc:
        return exc.game
    raise AssertionError("the failing bot never failed")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_bot_names_game_seed_seat_and_bot_and_the_finished_rows_are_kept(workers):
    games, seed = 40, 5
    with pytest.raises(gamekit.BotError) as caught:
        gamekit.simulate(
            "for_sale", 3, [Failing(), "random", "spread"], games=games, seed=seed, workers=workers, chunk=8
        )
    exc = caught.value
    index = exc.game
    assert index == first_failure(seed, games)
    assert exc.seed == derive_seed(seed, index) and exc.bot == "failing"
    assert exc.seat == (0 - index) % 3  # seats rotate: bot 0 sits in seat -index mod 3
    message = str(exc)
    assert f"game {index}" in message and f"seed {exc.seed}" in message
    assert f"seat {exc.seat}" in message and "'failing'" in message
    assert isinstance(exc.__cause__, ValueError) and "the bot's own bug" in str(exc.__cause__)
    rows = exc.rows
    assert index not in set(rows["game"]) and len(rows) % 3 == 0
    assert set(range(index)) <= set(rows["game"])  # every game before it is kept
    assert (rows.groupby("game")["win_share"].sum().round(9) == 1).all()
    full = gamekit.simulate("for_sale", 3, [FirstChoice(), "random", "spread"], games=1, seed=seed)
    assert list(rows.columns) == list(full.columns)
    if workers == 2:  # the other chunks' games are kept too, also those after the failing one
        assert max(rows["game"]) > index


def test_a_bot_returning_an_illegal_action_is_named_and_the_game_is_unchanged():
    g = gamekit.new_game("for_sale", 3, seed=2, stack={"first_player": 1})
    before = g.to_json()
    with pytest.raises(gamekit.BotError, match=r"'illegal' in seat 1 .*seed 2") as caught:
        gamekit.play(g, ["random", Illegal(), "random"])
    assert isinstance(caught.value.__cause__, gamekit.IllegalAction)
    assert caught.value.seat == 1 and caught.value.game is None and caught.value.seed == 2
    assert g.to_json() == before


def test_a_bot_failing_at_a_table_with_people_does_not_show_the_seed():
    """The seed deals every hidden card again: a table's message keeps it to the error object."""
    from gamekit.simulate import bot_rng, take_turn

    g = gamekit.new_game("for_sale", 3, seed=123456789, stack={"first_player": 1})
    with pytest.raises(gamekit.BotError, match=r"'illegal' in seat 1 .*at this table") as caught:
        take_turn(g, 1, Illegal(), bot_rng(g.seed, 1))
    assert "123456789" not in str(caught.value) and caught.value.seed == 123456789


def test_simulate_records_keeps_the_rows_and_records_of_finished_games():
    from gamekit.simulate import simulate_records

    with pytest.raises(gamekit.BotError) as caught:
        simulate_records("for_sale", 3, [Failing(0.005), "random", "spread"], games=30, seed=1)
    exc = caught.value
    assert exc.game > 0
    assert set(exc.rows["game"]) == set(range(exc.game))
    assert set(exc.tables["purchases"]["game"]) == set(range(exc.game))


# ----------------------------------------------------- 4. copies, and no path to the game
class Vandal:
    """Mutates everything it is given, then plays like FirstChoice."""

    def choose(self, view, legal_actions, rng):
        choice = legal_actions[0]
        for value in view.values():
            if isinstance(value, list):
                value.clear()
        view.clear()
        legal_actions.clear()
        legal_actions.append(gamekit.Action("junk"))
        return choice


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_a_bot_mutating_its_view_or_legal_list_changes_nothing(name):
    players = game_class(name).min_players
    clean = gamekit.new_game(name, players, seed=4)
    gamekit.play(clean, FirstChoice())
    g = gamekit.new_game(name, players, seed=4)
    # A game handing out its own objects: the runner must still give the bot copies.
    shared_views = {seat: g.view(seat) for seat in range(players)}
    own_view, own_legal = g.view, g.legal_actions
    kept: dict[int, list] = {}

    def view(seat=None):
        shared_views[seat] = own_view(seat)
        return shared_views[seat]

    def legal_actions(seat):
        kept[seat] = own_legal(seat)
        return kept[seat]

    g.view, g.legal_actions = view, legal_actions
    gamekit.play(g, Vandal())
    assert g.history == clean.history and g.result() == clean.result()
    assert all(v for v in shared_views.values())  # the views the game handed out are whole
    assert all(gamekit.Action("junk") not in legal for legal in kept.values())


def test_a_foreign_bot_finds_no_game_on_its_call_stack():
    found = []

    class Snoop:
        def choose(self, view, legal_actions, rng):
            frame = sys._getframe().f_back
            while frame is not None:
                for value in list(frame.f_locals.values()):
                    inner = list(vars(value).values()) if hasattr(value, "__dict__") else []
                    if isinstance(value, Game) or any(isinstance(v, Game) for v in inner):
                        found.append(frame.f_code.co_name)
                frame = frame.f_back
            return legal_actions[0]

    gamekit.play(gamekit.new_game("for_sale", 3, seed=1), [Snoop(), "random", "random"])
    gamekit.simulate("for_sale", 3, [Snoop(), "random", "random"], games=2, seed=1)
    gamekit.play(gamekit.new_game("for_sale", 3, seed=1), [Snoop(), "random", "random"], time_limit=5)
    assert found == []


# ------------------------------------------------------------------- 5. time limits
def test_a_bot_over_the_time_limit_is_named_and_does_not_hang_the_runner():
    g = gamekit.new_game("for_sale", 3, seed=6, stack={"first_player": 2})
    sleeper = Sleeper(30)
    with pytest.raises(gamekit.BotTimeout, match=r"'sleeper' in seat 2.*0\.05 s") as caught:
        gamekit.play(g, ["random", "random", sleeper], time_limit=0.05)
    assert sleeper.answered == 0  # the sleeping thread is abandoned, not waited for
    assert isinstance(caught.value, gamekit.BotError) and caught.value.seed == 6
    assert g.history == []


def test_simulate_applies_the_time_limit_and_keeps_the_rows():
    sleeper = Sleeper(30)
    with pytest.raises(gamekit.BotTimeout) as caught:
        gamekit.simulate("for_sale", 3, ["random", "random", sleeper], games=3, seed=1, time_limit=0.02)
    assert sleeper.answered == 0  # not waited for
    assert caught.value.game == 0 and caught.value.seat == 2 and len(caught.value.rows) == 0
    quick = gamekit.simulate(
        "for_sale", 3, ["random", "spread", FirstChoice()], games=4, seed=1, time_limit=5
    )
    slow = gamekit.simulate("for_sale", 3, ["random", "spread", FirstChoice()], games=4, seed=1)
    pdt.assert_frame_equal(quick, slow)


@pytest.mark.parametrize("limit", [0, -1, "1", True, float("nan")])
def test_a_bad_time_limit_is_a_config_error(limit):
    with pytest.raises(gamekit.ConfigError, match="time_limit"):
        gamekit.play(gamekit.new_game("for_sale", 3, seed=1), "random", time_limit=limit)
    with pytest.raises(gamekit.ConfigError, match="time_limit"):
        gamekit.simulate("for_sale", 3, "random", games=1, time_limit=limit)


# ------------------------------------------------- play's own guard (a documented error)
def test_a_game_whose_history_does_not_grow_stops_play_naming_the_seat():
    g = gamekit.new_game("for_sale", 3, seed=1, stack={"first_player": 0})
    g.act = lambda seat, action: []  # a broken engine: nothing happens
    with pytest.raises(gamekit.GameStalled, match=r"seat 0.*did not add"):
        gamekit.play(g, "random")


def test_a_game_past_its_declared_bound_stops_play_with_a_documented_error():
    cls = game_class("for_sale")
    tiny = type("TinyForSale", (cls,), {"max_decisions": 5})
    g = tiny(3, seed=1)
    with pytest.raises(gamekit.GameStalled, match="declared bound of 5 decisions") as caught:
        gamekit.play(g, "random")
    assert isinstance(caught.value, RuntimeError) and caught.value.seed == 1


# -------------------------------------------------- every shipped bot, every pairing
OPTION_VARIANTS = {
    "for_sale": [{}, {"edition": "classic"}],
    "money_monsoon": [{}, {"top_tie": "seat"}, {"all_void": "rebid"}, {"max_turns": None}],
    "bohnanza": [{}],
    "kuhhandel": [{}],
}


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_every_pairing_of_shipped_bots_finishes_or_stops_with_a_named_cause(name):
    cls = game_class(name)
    names = [row["name"] for row in describe(name)]
    for (a, b), players, options in itertools.product(
        itertools.combinations_with_replacement(names, 2),
        range(cls.min_players, cls.max_players + 1),
        OPTION_VARIANTS[name],
    ):
        seed = derive_seed(name, a, b, players) % 1000
        g = gamekit.new_game(name, players, seed=seed, options=options)
        gamekit.play(g, [(a, b)[seat % 2] for seat in range(players)], time_limit=10)
        last = g.log[-1]
        assert g.is_over and (g.result()["finished"] or last["type"] == "stopped"), (a, b, players, options)
        if last["type"] == "stopped":
            assert "Stopped" in last["text"] and last["rule"], last["text"]
