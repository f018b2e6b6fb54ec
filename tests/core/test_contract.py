"""The contract every registered game keeps (the public contract), checked by one generic suite.

Parametrized over ``gamekit.GAMES``, every allowed player count and every value
of every declared rule option. Nothing here knows any game's rules: a new
engine is registered and must pass this file unchanged.
"""

from __future__ import annotations

import functools
import json
import random
import re
from typing import Any

import pandas as pd
import pytest

import gamekit
from gamekit.core.game import game_class

from .contract_helpers import (
    RULE_ID,
    Config,
    check_log_entries,
    check_protocol,
    check_result,
    contract_configs,
    default_configs,
    json_roundtrip,
    pick,
    played,
    playout,
    states,
    stopped_by_turn_limit_allowed,
)

CONFIGS = contract_configs()
DEFAULTS = default_configs()
by_config = pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.id)
by_game_and_players = pytest.mark.parametrize("config", DEFAULTS, ids=lambda c: c.id)
# One set-up per game (its most players): for what costs a process start or more.
by_game = pytest.mark.parametrize(
    "config", [c for c in DEFAULTS if c.players == game_class(c.name).max_players], ids=lambda c: c.id
)

# Canonical texts of every game (the public contract's table): legal somewhere, so a good test of "legal
# for nobody now" in the other games and in the wrong phase of the same game.
API_TEXTS = (
    "bid 4",
    "pass",
    "sell 12",
    "move a+5",
    "move b-3",
    "move a+3 b+4",
    "plant",
    "stop",
    "plant blue",
    "harvest 2",
    "buy-field",
    "end-trading",
    "auction",
    "trade B cow",
    "hold",
    "sell",
    "buy",
    "pay 10,10,50",
    "offer 0,10",
    "offer",
    "accept",
    "counter 50,10",
)
UNREADABLE = ("", " ", "xyzzy", "?!", "\x00", "bid four", "42", "-1", "pass pass pass")


# --------------------------------------------------------------- protocol
@by_config
def test_random_playouts_end_within_the_bound_and_keep_the_protocol(config: Config) -> None:
    for seed in (0, 1):
        game = config.new_game(seed)
        rng = random.Random(seed)
        bound = game.max_decisions
        assert type(bound) is int and bound > 0
        check_log_entries(game.log)
        check_protocol(game)
        decisions = 0
        while not game.is_over:
            assert decisions < bound, f"{game!r} is still running after its bound of {bound} decisions"
            seat, action = pick(game, rng)
            start = len(game.log)
            # Both an Action and its text are accepted.
            events = game.act(seat, action if rng.random() < 0.5 else str(action))
            decisions += 1
            assert list(events) == game.log[start:], "act() must return exactly the new events"
            assert tuple(game.history[-1]) == (seat, str(action))
            check_log_entries(game.log[start:])
            check_protocol(game)
        assert game.max_decisions == bound, "the declared bound must not change during a game"
        assert game.to_act == ()
        assert all(game.legal_actions(s) == [] for s in range(game.players))
        result = check_result(game)
        assert result["finished"] or stopped_by_turn_limit_allowed(game), result


@by_config
def test_result_is_provisional_until_the_end(config: Config) -> None:
    game = config.new_game(5)
    for state in states(game, random.Random(5)):
        result = state.result()
        if not state.is_over:
            assert result["finished"] is False and result["winners"] == [], result
    assert game.result()["finished"] or stopped_by_turn_limit_allowed(game)


# ---------------------------------------------------------- reproducibility
@by_config
def test_same_seed_and_choices_give_the_same_game(config: Config) -> None:
    first = played(config, seed=11, chooser_seed=4)
    second = played(config, seed=11, chooser_seed=4)
    assert [e["text"] for e in first.log] == [e["text"] for e in second.log]
    assert first.log == second.log
    assert first.history == second.history
    assert first.to_json() == second.to_json()
    assert first.result() == second.result()


@by_config
def test_different_seeds_give_different_games(config: Config) -> None:
    first = [e["text"] for e in played(config, 0, chooser_seed=0).log]
    assert any(
        [e["text"] for e in played(config, seed, chooser_seed=0).log] != first for seed in range(1, 6)
    ), "six different seeds all gave the same game"


@by_config
def test_global_random_state_never_changes_a_game(config: Config) -> None:
    try:
        import numpy as np
    except ImportError:  # numpy is optional
        np = None

    def run() -> tuple[list[dict[str, Any]], str, list[dict[str, Any]]]:
        before = random.getstate()
        game = played(config, seed=21, chooser_seed=3)
        bot_game = config.new_game(22)
        gamekit.play(bot_game, "random")
        assert random.getstate() == before, "a game must not draw from the global random generator"
        return game.log, game.to_json(), bot_game.log

    saved = random.getstate()
    saved_np = np.random.get_state() if np is not None else None
    try:
        random.seed(1)
        if np is not None:
            np.random.seed(1)
        first = run()
        random.seed(987654321)
        if np is not None:
            np.random.seed(2)
        second = run()
    finally:
        random.setstate(saved)
        if np is not None:
            np.random.set_state(saved_np)
    assert first == second


# ------------------------------------------------------ save, load, replay
@by_config
def test_saved_game_loads_and_continues_identically(config: Config) -> None:
    rng = random.Random(7)
    length = len(played(config, seed=7).history)
    for step in sorted({0, length, *rng.sample(range(length + 1), 2)}):
        original = config.new_game(7)
        playout(original, random.Random(70), limit=step)
        loaded = gamekit.load_game(original.to_json())
        assert loaded.to_json() == original.to_json()
        assert loaded.log == original.log
        assert loaded.history == original.history
        # Drive both on with the same choices: step by step identical for a stretch, then to the end.
        rng_a, rng_b = random.Random(step), random.Random(step)
        for _ in range(30):
            assert loaded.to_act == original.to_act
            for seat in range(original.players):
                assert loaded.legal_actions(seat) == original.legal_actions(seat)
                assert loaded.view(seat) == original.view(seat)
            assert loaded.view() == original.view()
            assert loaded.result() == original.result()
            if original.is_over:
                break
            start = len(original.log)
            original.act(*pick(original, rng_a))
            loaded.act(*pick(loaded, rng_b))
            assert loaded.log[start:] == original.log[start:]
        playout(original, rng_a)
        playout(loaded, rng_b)
        assert loaded.log == original.log
        assert all(loaded.log_for(seat) == original.log_for(seat) for seat in range(original.players))
        assert loaded.to_json() == original.to_json()


@by_config
def test_replay_of_setup_and_history_reproduces_the_game(config: Config) -> None:
    game = played(config, seed=8)
    length = len(game.history)
    rng = random.Random(8)
    for k in sorted({0, length, *rng.sample(range(length + 1), 3)}):
        earlier = game.at(k) if k < length else game
        again = gamekit.replay(earlier.setup, earlier.history)
        assert again.to_json() == earlier.to_json()
        assert again.log == earlier.log


@by_config
def test_at_step_k_equals_a_fresh_replay_of_the_first_k_actions(config: Config) -> None:
    game = played(config, seed=9)
    saved = game.to_json()
    length = len(game.history)
    rng = random.Random(9)
    for k in sorted({0, length, *rng.sample(range(length + 1), 4)}):
        earlier = game.at(k)
        fresh = config.new_game(9)
        for seat, text in game.history[:k]:
            fresh.act(seat, text)
        assert earlier.to_json() == fresh.to_json()
        assert earlier.log == fresh.log
        assert earlier.history == game.history[:k]
        if not earlier.is_over:  # the earlier game is independent of the original
            earlier.act(*pick(earlier, rng))
        assert game.to_json() == saved


@by_config
def test_copy_is_identical_and_independent(config: Config) -> None:
    rng = random.Random(10)
    game = config.new_game(10)
    length = len(played(config, seed=10).history)
    playout(game, random.Random(10), limit=length // 2)
    twin = game.copy()
    assert twin.to_json() == game.to_json()
    assert twin.log == game.log
    saved = game.to_json()
    playout(twin, rng)
    assert game.to_json() == saved
    assert twin.is_over


# ---------------------------------------------------------- illegal actions
def assert_refused(game: gamekit.Game, seat: Any, action: gamekit.Action | str) -> None:
    """``act`` raises IllegalAction naming one of the game's rule IDs and changes nothing."""
    refused_unless_shorthand(game, seat, action, shorthand_allowed=False)


def refused_unless_shorthand(
    game: gamekit.Game, seat: Any, action: gamekit.Action | str, shorthand_allowed: bool = True
) -> gamekit.Game | None:
    """Like ``assert_refused``, but a text that ``act`` accepts although ``legal_actions`` does not
    list it may be a compound shorthand (the public contract): then the game as it was before is returned."""
    before = game.to_json()
    log_length = len(game.log)
    history = list(game.history)
    to_act = game.to_act
    try:
        game.act(seat, action)
    except gamekit.IllegalAction as refused:
        message = str(refused)
    else:
        assert shorthand_allowed, f"seat {seat}, {str(action)!r} was accepted; IllegalAction expected"
        return gamekit.replay(game.setup, history)
    prefix = game_class(game.name).rule_prefix
    cited = RULE_ID.findall(message)
    assert cited, f"seat {seat}, {str(action)!r}: the message names no rule ID: {message!r}"
    assert any(c.startswith(prefix + "-") for c in cited), f"no {prefix} rule cited: {message!r}"
    assert game.to_json() == before, f"seat {seat}, {str(action)!r} was refused but changed the game"
    assert len(game.log) == log_length, f"seat {seat}, {str(action)!r} was refused but logged"
    assert game.history == history
    assert game.to_act == to_act
    return None


def legal_for_anyone(game: gamekit.Game, text: str) -> bool:
    """Whether ``text`` (canonical or not) names an action legal for some seat now."""
    try:
        action = game.parse_action(text)
    except Exception:  # unreadable: act() must refuse it, which the caller checks
        return False
    # A seat not to act may have "at any time" actions (the public contract): every seat counts.
    return any(action in game.legal_actions(seat) for seat in range(game.players))


@functools.cache
def texts_seen_in_play() -> tuple[str, ...]:
    """Legal action texts met anywhere in a few playouts of every registered game."""
    seen: set[str] = set()
    for name in gamekit.GAMES:
        cls = game_class(name)
        for players in {cls.min_players, cls.max_players}:
            for state in states(Config(name, players).new_game(1), random.Random(1)):
                for seat in state.to_act:
                    seen.update(str(a) for a in state.legal_actions(seat))
    return tuple(sorted(seen | set(API_TEXTS)))


def number_mutations(text: str) -> list[str]:
    """``text`` with one of its numbers moved: just outside a range, far outside, zero."""
    found = []
    for match in re.finditer(r"\d+", text):
        n = int(match.group())
        for other in sorted({n + 1, n - 1, 0, n + 1000, 10**30} - {n}):
            found.append(text[: match.start()] + str(other) + text[match.end() :])
    return found


def unreadable_variants(text: str) -> list[str]:
    """Texts close to a legal ``text`` that name no action."""
    variants = [text + " xyzzy", "xyzzy " + text, text.replace(" ", "_", 1)]
    if re.search(r"\d", text):
        variants.append(re.sub(r"\d+", "x", text))
        variants.append(re.sub(r"\d+", "1.5", text))
    return variants


def some_states(config: Config, seed: int, count: int) -> list[gamekit.Game]:
    """Copies of about ``count`` states of a random playout, including its end."""
    length = len(played(config, seed).history)
    rng = random.Random(seed)
    wanted = {length, *rng.sample(range(length + 1), min(count, length + 1))}
    return [
        state.copy()
        for state in states(config.new_game(seed), random.Random(seed))
        if len(state.history) in wanted
    ]


def assert_taken_at_any_time(game: gamekit.Game, seat: int, action: gamekit.Action | str) -> None:
    """A seat not to act takes an "at any time" action (the public contract) on a copy: accepted, recorded,
    and whose decision is awaited does not change."""
    twin = game.copy()
    to_act = twin.to_act
    twin.act(seat, action)
    assert twin.to_act == to_act or twin.to_act == (), f"{str(action)!r} by seat {seat} moved to_act"
    assert twin.history[-1] == (seat, str(action))
    assert gamekit.load_game(twin.to_json()).to_json() == twin.to_json()


@by_config
def test_actions_of_seats_not_to_act_are_refused(config: Config) -> None:
    # ... except the "at any time" actions of a game that has them (the public contract), which are taken.
    rng = random.Random(12)
    for game in some_states(config, 12, 8):
        texts = [str(a) for seat in game.to_act for a in game.legal_actions(seat)] or list(
            texts_seen_in_play()
        )
        for seat in range(-1, game.players + 1):
            if seat in game.to_act:
                continue
            legal = game.legal_actions(seat)
            for text in (rng.choice(texts), *[str(a) for a in legal[:2]]):
                if text in {str(a) for a in legal}:
                    assert_taken_at_any_time(game, seat, text)
                    continue
                assert_refused(game, seat, text)
                try:
                    action = game.parse_action(text)
                except gamekit.IllegalAction:  # at the end no text need name an action of this game
                    continue
                assert_refused(game, seat, action)


@by_config
def test_a_seat_not_to_act_may_take_only_at_any_time_actions(config: Config) -> None:
    # The public contract: legal_actions(seat) of a seat not to act lists only its "at any time" actions ([] in a
    # game without them); act accepts them without changing to_act, refuses the rest naming a rule,
    # and saving, loading, replaying and at() reproduce a game in which they were taken.
    cls = game_class(config.name)
    rng = random.Random(23)
    game = config.new_game(23)
    taken = 0
    while not game.is_over:
        others = [s for s in range(game.players) if s not in game.to_act]
        for seat in others:
            legal = game.legal_actions(seat)
            assert all(a.kind in cls.any_time_kinds for a in legal), legal
            if legal and rng.random() < 0.2:
                to_act = game.to_act
                game.act(seat, rng.choice(legal))
                assert game.to_act == to_act or game.is_over
                taken += 1
                break
        else:
            for seat in others if rng.random() < 0.05 else ():
                for action in rng.sample(texts_seen_in_play(), 3):
                    if action not in {str(a) for a in game.legal_actions(seat)}:
                        assert_refused(game, seat, action)
            game.act(*pick(game, rng))
    if not cls.any_time_kinds:
        assert taken == 0
        return
    assert taken, "no at-any-time action was taken in a whole game"
    assert gamekit.load_game(game.to_json()).to_json() == game.to_json()
    assert gamekit.replay(game.setup, game.history).to_json() == game.to_json()
    k = len(game.history) // 2
    fresh = config.new_game(23)
    for seat, text in game.history[:k]:
        fresh.act(seat, text)
    assert game.at(k).to_json() == fresh.to_json()


@by_config
def test_seats_that_are_not_ints_are_refused(config: Config) -> None:
    # Seats are ints from 0 (STYLE.md); 1.0, True or "1" compare equal to a seat or look like
    # one, but a history holding them cannot be saved and loaded again.
    rng = random.Random(18)
    for game in some_states(config, 18, 6):
        if not game.to_act:
            continue
        seat = rng.choice(game.to_act)
        text = str(rng.choice(game.legal_actions(seat)))
        impostors: list[Any] = [float(seat), str(seat), None, [seat]]
        if seat in (0, 1):
            impostors.append(bool(seat))
        for impostor in impostors:
            assert_refused(game, impostor, text)


@by_game_and_players
def test_a_numpy_integer_seat_is_refused_or_saved_as_an_int(config: Config) -> None:
    np = pytest.importorskip("numpy")
    game = config.new_game(19)
    seat = game.to_act[0]
    action = game.legal_actions(seat)[0]
    try:
        game.act(np.int64(seat), action)  # e.g. a seat read from a simulate() table
    except gamekit.IllegalAction:
        assert game.history == []
        return
    assert type(game.history[-1][0]) is int, f"history holds a {type(game.history[-1][0]).__name__} seat"
    assert gamekit.load_game(game.to_json()).to_json() == game.to_json()


@by_config
def test_unreadable_texts_are_refused(config: Config) -> None:
    rng = random.Random(13)
    for game in some_states(config, 13, 8):
        seat = rng.choice(game.to_act) if game.to_act else 0
        legal = [str(a) for a in game.legal_actions(seat)] or list(API_TEXTS)
        candidates = list(UNREADABLE)
        for text in rng.sample(legal, min(3, len(legal))):
            candidates += unreadable_variants(text)
        for text in rng.sample(candidates, min(16, len(candidates))):
            if not legal_for_anyone(game, text):
                assert_refused(game, seat, text)


@by_config
def test_texts_with_unicode_digit_lookalikes_are_refused(config: Config) -> None:
    # "²" and "½" pass str.isdigit()/isnumeric() but int() cannot read them: still unreadable text.
    rng = random.Random(13)
    for game in some_states(config, 13, 8):
        seat = rng.choice(game.to_act) if game.to_act else 0
        legal = [str(a) for a in game.legal_actions(seat)] or list(texts_seen_in_play())
        for text in rng.sample(legal, min(6, len(legal))):
            for odd in ("²", "½"):
                variant = re.sub(r"\d+", odd, text)
                if variant != text and not legal_for_anyone(game, variant):
                    assert_refused(game, seat, variant)


@by_config
def test_actions_legal_for_nobody_now_are_refused(config: Config) -> None:
    rng = random.Random(14)
    elsewhere = texts_seen_in_play()
    for game in some_states(config, 14, 8):
        seats = game.to_act or tuple(range(game.players))
        candidates = []
        for seat in game.to_act:
            legal = [str(a) for a in game.legal_actions(seat)]
            for text in rng.sample(legal, min(3, len(legal))):
                candidates += number_mutations(text)
        candidates += rng.sample(elsewhere, min(20, len(elsewhere)))
        tried = 0
        for text in rng.sample(candidates, min(16, len(candidates))):
            if legal_for_anyone(game, text):
                continue
            seat = rng.choice(seats)
            # A compound shorthand (the public contract) starts like an action the seat may take now; nothing
            # else that legal_actions leaves out may be accepted, nor anything of 10**30.
            verbs = {str(a).split(" ", 1)[0] for a in game.legal_actions(seat)}
            if str(10**30) in text or text.split(" ", 1)[0] not in verbs:
                assert_refused(game, seat, text)
            else:
                restored = refused_unless_shorthand(game, seat, text)
                if restored is not None:  # accepted: a shorthand such as "bid 471"
                    game = restored
                    continue
            tried += 1
        assert tried, "found no illegal action to try"


# ------------------------------------------------------------------- views
def mutate_everything(data: Any) -> None:
    """Scribble over every list and dict inside ``data`` (a view the caller owns)."""
    if isinstance(data, dict):
        for value in data.values():
            mutate_everything(value)
        data["scribbled"] = True
    elif isinstance(data, list):
        for value in data:
            mutate_everything(value)
        data.append("scribbled")


@by_config
def test_views_have_the_same_keys_and_are_plain_json(config: Config) -> None:
    rng = random.Random(15)
    for game in states(config.new_game(15), rng):
        teacher = game.view()
        assert isinstance(teacher, dict)
        keys = set(teacher)
        views = [game.view(seat) for seat in range(game.players)]
        for seat, view in enumerate(views):
            assert set(view) == keys, f"view({seat}) keys differ from view(): {set(view) ^ keys}"
        if rng.random() < 0.05 or game.is_over:
            assert json_roundtrip(teacher) == teacher, "the teacher's view is not plain JSON data"
            for seat, view in enumerate(views):
                assert json_roundtrip(view) == view, f"view({seat}) is not plain JSON data"
            # A view is the caller's copy: scribbling on it changes nothing.
            seat = rng.randrange(game.players)
            saved = json.dumps([game.view(), game.view(seat)], sort_keys=True)
            mutate_everything(game.view())
            mutate_everything(game.view(seat))
            assert json.dumps([game.view(), game.view(seat)], sort_keys=True) == saved
        if game.is_over:  # the whole log, every event as each seat reads it
            for seat in (None, *range(game.players)):
                log = game.log_for(seat)
                assert json_roundtrip(log) == log, f"log_for({seat}) is not plain JSON data"


@by_config
def test_a_sealed_choice_changes_no_other_seats_view(config: Config) -> None:
    rng = random.Random(16)
    simultaneous = 0
    for game in states(config.new_game(16), rng):
        # Check the first simultaneous step and then a few more, spread over the game.
        if len(game.to_act) < 2 or simultaneous >= 6 or (simultaneous and rng.random() > 0.1):
            continue
        q = rng.choice(game.to_act)
        legal = game.legal_actions(q)
        if len(legal) < 2:
            continue
        simultaneous += 1
        a1, a2 = rng.sample(legal, 2)
        one, two = game.copy(), game.copy()
        one.act(q, a1)
        two.act(q, a2)
        # Everyone else still waiting may choose (the same in both) without any reveal.
        while True:
            assert one.to_act == two.to_act, "who is still to act is public"
            for p in range(game.players):
                if p == q:
                    continue
                assert one.view(p) == two.view(p), f"seat {p}'s view shows seat {q}'s sealed choice"
                assert one.log_for(p) == two.log_for(p), f"seat {p}'s log shows seat {q}'s sealed choice"
                assert one.legal_actions(p) == two.legal_actions(p)
            assert one.view(q) != two.view(q), f"seat {q} must see its own sealed choice"
            assert one.view() != two.view(), "the teacher's view must show every sealed choice"
            waiting = [s for s in one.to_act if s != q and s in game.to_act]
            if len(one.to_act) < 2 or not waiting:
                break
            r = rng.choice(waiting)
            action = rng.choice(one.legal_actions(r))
            one.act(r, action)
            two.act(r, action)
        # Sealed choices commute: the order in which two seats commit changes nothing.
        r = rng.choice([s for s in game.to_act if s != q])
        b = rng.choice(game.legal_actions(r))
        first, second = game.copy(), game.copy()
        first.act(q, a1)
        first.act(r, b)
        second.act(r, b)
        second.act(q, a1)
        assert first.view() == second.view()
        assert first.to_act == second.to_act
        assert all(first.view(p) == second.view(p) for p in range(game.players))
    if not simultaneous:
        pytest.skip(f"{config.id}: no simultaneous step with a choice in this playout")


# ------------------------------------------------------ bots and simulation
@by_config
def test_play_with_random_bots_reaches_the_end(config: Config) -> None:
    game = config.new_game(17)
    result = gamekit.play(game, "random")
    assert game.is_over
    assert result == game.result()
    check_result(game)
    again = config.new_game(17)
    assert gamekit.play(again, [gamekit.bots.RandomBot()] * config.players) == result
    assert again.log == game.log


@by_config
def test_simulate_gives_one_row_per_seat_per_game(config: Config) -> None:
    n = config.players
    frame = gamekit.simulate(config.name, n, "random", games=6, seed=3, options=config.options or None)
    assert isinstance(frame, pd.DataFrame)
    assert len(frame) == 6 * n
    assert {"game", "seat", "bot", "score", "rank", "winner"} <= set(frame.columns)
    assert sorted(set(frame["game"])) == list(range(6))
    for _, rows in frame.groupby("game"):
        assert sorted(rows["seat"]) == list(range(n))
        assert rows["rank"].min() == 1
        if "finished" not in rows or rows["finished"].all():
            assert list(rows["winner"]) == list(rows["rank"] == 1)


@by_game
def test_simulate_with_two_workers_equals_one_worker(config: Config) -> None:
    # The same table whichever process played which game (and so on every run).
    one = gamekit.simulate(config.name, config.players, "random", games=8, seed=3, workers=1)
    # Small chunks so that both processes get games to play.
    two = gamekit.simulate(config.name, config.players, "random", games=8, seed=3, workers=2, chunk=3)
    pd.testing.assert_frame_equal(one, two)
