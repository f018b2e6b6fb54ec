"""bench: the structure of its rows and table (never its timings: the machine is noisy)."""

from __future__ import annotations

from pathlib import Path

import pytest

import gamekit
from gamekit.bench import (
    PLAY_RUNNER,
    RANDOM_LOOP,
    STRENGTH_CASES,
    format_table,
    main,
    reference_case,
    run_bench,
    run_strength,
)
from gamekit.bots import make_bot
from gamekit.core.game import game_class

KEYS = {
    "game", "players", "runner", "games", "decisions", "seconds", "games_per_s", "decisions_per_s",
    "cpu_seconds", "games_per_cpu_s",
}  # fmt: skip


def test_run_bench_gives_one_row_per_game_and_player_count_plus_the_play_runner():
    rows = run_bench(games=3, game_names=["for_sale"], players=[3, 4], repeat=2)
    assert [(r["game"], r["players"], r["runner"]) for r in rows] == [
        ("for_sale", 3, RANDOM_LOOP),
        ("for_sale", 4, RANDOM_LOOP),
        ("for_sale", 4, PLAY_RUNNER),
    ]
    for row in rows:
        assert set(row) == KEYS
        assert row["games"] == 3
        assert row["decisions"] > 0 and row["seconds"] > 0
        assert row["games_per_s"] > 0 and row["decisions_per_s"] > row["games_per_s"]
        assert row["games_per_cpu_s"] > 0


def test_run_bench_defaults_to_every_game_and_every_allowed_player_count():
    rows = run_bench(games=1, repeat=1)
    loops = [(r["game"], r["players"]) for r in rows if r["runner"] == RANDOM_LOOP]
    expected = []
    for name in gamekit.GAMES:
        cls = game_class(name)
        expected += [(name, n) for n in range(cls.min_players, cls.max_players + 1)]
    assert loops == expected


def test_run_bench_skips_player_counts_a_game_does_not_allow():
    rows = run_bench(games=1, game_names=["for_sale"], players=[2, 3, 7], repeat=1)
    assert [r["players"] for r in rows] == [3]


def test_run_bench_refuses_nonsense():
    with pytest.raises(ValueError, match="games"):
        run_bench(games=0)
    with pytest.raises(ValueError, match="repeat"):
        run_bench(games=1, repeat=0)
    with pytest.raises(gamekit.ConfigError, match="no game named"):
        run_bench(games=1, game_names=["nope"])


def test_format_table_has_a_header_a_rule_and_one_line_per_row():
    rows = run_bench(games=1, game_names=["for_sale"], players=[5], repeat=1)
    lines = format_table(rows).splitlines()
    assert len(lines) == 3
    assert "games/s" in lines[0] and "decisions/s" in lines[0]
    assert lines[2].startswith("for_sale")


def test_main_prints_the_table(capsys):
    assert main(["--games", "2", "--repeat", "1", "--players", "4", "--game", "for_sale"]) == 0
    out = capsys.readouterr().out
    assert "best of 1 run(s) of 2 games" in out
    assert RANDOM_LOOP in out and PLAY_RUNNER in out


def test_main_reports_bad_arguments_with_exit_code_2(capsys):
    assert main(["--games", "0"]) == 2
    assert main(["--game", "nope"]) == 2
    assert "no game named 'nope'" in capsys.readouterr().err
    assert main(["--players", "9", "--games", "1"]) == 2


def test_run_strength_gives_each_listed_game_its_paired_difference_with_an_interval():
    rows = run_strength(40, ["for_sale", "bohnanza"], seed=3)
    pairs = [(row["game"], row["bot"], row["against"]) for row in rows]
    expected = [
        (game, *(make_bot(spec, game).label for spec in pair))
        for game in ("for_sale", "bohnanza")
        for pair in STRENGTH_CASES[game]
    ]
    assert pairs == expected and len(pairs) >= 4  # For Sale's three new sellers and Bohnanza's grower
    for row in rows:
        assert row["games"] == 40 and row["players"] == game_class(row["game"]).default_players
        assert row["low"] < row["difference"] < row["high"] and "paired games" in row["text"]


def test_every_strength_case_names_two_different_registered_bots_of_its_game():
    for game, pairs in STRENGTH_CASES.items():
        assert pairs, game
        for strong, before in pairs:
            assert make_bot(strong, game).label != make_bot(before, game).label


def test_each_game_declares_its_strength_cases_its_strongest_bot_first():
    assert set(STRENGTH_CASES) == set(gamekit.GAMES)  # every shipped game declares its pairs
    for game in gamekit.GAMES:
        cls = game_class(game)
        assert STRENGTH_CASES[game] == cls.bench_strength
        first = cls.bench_strength[0][0]
        assert make_bot(first, game).label == make_bot(cls.strongest_bot, game).label, game


def test_the_bench_names_no_game_and_times_the_registrys_first_game_at_its_default_count():
    import gamekit.bench as bench

    source = Path(bench.__file__).read_text(encoding="utf-8")
    for game in gamekit.GAMES:
        cls = game_class(game)
        for name in (game, cls.title, f'"{cls.rule_prefix}'):
            assert name not in source, f"gamekit/bench.py names {name}"
    first = gamekit.registered()[0]
    assert reference_case() == (first, game_class(first).default_players)


def test_run_reference_times_for_sale_beside_openspiel_goofspiel_with_their_ratio():
    pytest.importorskip("pyspiel")
    from gamekit.bench import GOOFSPIEL_LABEL, REFERENCE_RUNS, format_reference, run_reference

    found = run_reference(games=2, repeat=1)
    assert [(r["game"], r["players"]) for r in found["rows"]] == [("for_sale", 4), (GOOFSPIEL_LABEL, 3)]
    assert len(found["ratios"]) == REFERENCE_RUNS and found["ratios"] == sorted(found["ratios"])
    assert found["ratios"][0] <= found["ratio"] <= found["ratios"][-1]
    goofspiel = found["rows"][1]
    assert goofspiel["decisions"] == 2 * 12 * 3  # 3 players choose in each of 12 turns; the 13th is forced
    for row in found["rows"]:
        assert set(row) == KEYS | {"ratio"} and row["ratio"] == found["ratio"]
    text = format_reference(found)
    assert text.count("for_sale/goofspiel") == 2 and "For Sale / Goofspiel:" in text
    assert found["idle"] > 0 and "a game that does nothing" in text  # figures, not asserted on


def test_the_idle_game_takes_for_sales_decisions_in_turn():
    from gamekit.bench import _Idle, _idle_loop

    assert _idle_loop(3, 0) == 3 * _Idle.DECISIONS
    game = _Idle()
    game.act(0, "a")
    assert game.to_act == (1,) and not game.is_over and game.legal_actions(1) == list(_Idle.CHOICES)


def test_the_bench_says_so_and_goes_on_without_open_spiel(monkeypatch, capsys):
    import builtins

    real_import = builtins.__import__

    def no_pyspiel(name, *args, **kwargs):
        if name == "pyspiel":
            raise ImportError("No module named 'pyspiel'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pyspiel)
    from gamekit.bench import OPENSPIEL_MISSING, run_reference

    assert run_reference(games=1) is None
    assert main(["--games", "1", "--repeat", "1", "--players", "4", "--game", "for_sale"]) == 0
    out = capsys.readouterr().out
    assert OPENSPIEL_MISSING in out and "rl extra" in OPENSPIEL_MISSING and RANDOM_LOOP in out


def test_the_goofspiel_line_comes_only_with_the_4_player_for_sale_line(capsys):
    assert main(["--games", "1", "--repeat", "1", "--players", "3", "--game", "for_sale"]) == 0
    out = capsys.readouterr().out
    assert "Goofspiel" not in out


# ------------------------------------------------------------- quick by default, progress
def test_the_default_bench_times_each_game_at_its_usual_count_and_full_every_count(monkeypatch, capsys):
    import gamekit.bench as bench

    calls = []

    def fake_bench(games, names, players, repeat, seed, progress=None):
        calls.append((games, list(names), players))
        return [bench._row(names[0], (players or [3])[0], RANDOM_LOOP, games, 1.0, 1.0, 10)]

    monkeypatch.setattr(bench, "run_bench", fake_bench)
    monkeypatch.setattr(bench, "run_reference", lambda *args, **kwargs: None)
    monkeypatch.setattr(bench, "_weights", lambda *args: {})
    assert main([]) == 0
    usual = [(bench.QUICK_GAMES, [g], [game_class(g).default_players]) for g in gamekit.registered()]
    assert calls == usual
    calls.clear()
    assert main(["--full"]) == 0
    assert calls == [(bench.FULL_GAMES, [g], None) for g in gamekit.registered()]
    assert bench.QUICK_GAMES < bench.FULL_GAMES
    capsys.readouterr()


def test_the_bench_says_on_stderr_which_line_it_times_how_far_it_is_and_the_time_left(capsys):
    assert main(["--games", "3", "--repeat", "2", "--game", "for_sale", "--game", "bohnanza"]) == 0
    err = capsys.readouterr().err.splitlines()
    usual = {g: game_class(g).default_players for g in ("for_sale", "bohnanza")}
    assert err[0].startswith(f"bench: for_sale, {usual['for_sale']} players, random loop; 0/")
    sections = [line.split(";")[0] for line in err]
    assert sections == [
        f"bench: for_sale, {usual['for_sale']} players, random loop",
        f"bench: for_sale, {usual['for_sale']} players, {PLAY_RUNNER}",
        f"bench: bohnanza, {usual['bohnanza']} players, random loop",
        *(["bench: for_sale beside Goofspiel"] if _has_open_spiel() else []),
    ]
    assert all("s left" in line for line in err[1:])  # after the first run: an estimate


def _has_open_spiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True
