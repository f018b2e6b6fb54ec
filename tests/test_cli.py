"""The command line, driven through ``main([...])`` with captured output and scripted stdin."""

from __future__ import annotations

import copy
import io
import os
import subprocess
import sys

import pandas as pd
import pytest

import gamekit
import gamekit.examples
from gamekit.bots import Bot
from gamekit.cli import ProgressBar, bot_specs, compact_actions, main, option_value, render_view
from gamekit.core import Action, Option
from gamekit.games.for_sale.game import BIDS, PASS, SELLS


def run_play(monkeypatch, capsys, lines: str, *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    code = main(["play", "for_sale", "--players", "4", "--seat", "0", *args])
    return code, capsys.readouterr().out


# ------------------------------------------------------------------ simulate
def test_simulate_prints_a_table_per_bot_and_writes_every_row_as_csv(tmp_path, capsys):
    out_file = tmp_path / "tmp.csv"
    bots = "random,spread,budget:1.2,random"
    argv = ["simulate", "for_sale", "--players", "4", "--games", "20", "--bots", bots, "--seed", "1"]
    assert main([*argv, "--out", str(out_file)]) == 0
    captured = capsys.readouterr()
    table = pd.read_csv(out_file)
    assert len(table) == 20 * 4
    assert set(table["bot"]) == {"random", "spread:0.3", "budget:1.2"}
    lines = captured.out.splitlines()
    assert lines[0].startswith("For Sale, 4 players, 20 games, seed 1")
    assert lines[1].split() == ["bot", "games", "win", "rate", "[95", "%", "CI]", "mean", "score"]
    random_row = next(line for line in lines if line.startswith("random"))
    assert random_row.split()[1] == "40"  # two random seats per game
    assert " % [" in random_row
    assert "Wrote 80 rows" in captured.out
    # stderr is not a terminal here: what is played, then a line at each quarter, no redrawn bar.
    assert "\r" not in captured.err
    assert captured.err.startswith("Playing 20 games of For Sale here\n")
    assert 2 <= len(captured.err.splitlines()) <= 5


def test_simulate_converts_option_texts_and_can_summarise_per_seat(capsys):
    argv = ["simulate", "for_sale", "--players", "3", "--games", "6", "--bots", "budget", "--by-seat"]
    argv += ["--option", "edition=classic", "--option", "refund_rounding=up"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "edition=classic, refund_rounding=up" in out
    bot_row = next(line for line in out.splitlines() if line.startswith("budget:1.5"))
    assert bot_row.split()[1] == "18"  # one bot name for every seat: 3 rows per game
    seat_lines = [line for line in out.splitlines() if line[:2] in ("A ", "B ", "C ")]
    assert len(seat_lines) == 3
    positions = out.split("by position after the first start player")[1].splitlines()
    assert [line.split()[:2] for line in positions if line[:2] in ("0 ", "1 ", "2 ")] == [
        ["0", "6"],
        ["1", "6"],
        ["2", "6"],
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "nobody"], "no bot named 'nobody'"),
        (["--bots", "random,spread"], "--bots lists 2 bots but 4 players need 4"),
        (["--option", "colour=red"], "for_sale has no option 'colour'"),
        (["--option", "edition=deluxe"], "option edition='deluxe' is not valid"),
        (["--games", "0"], "games must be a whole number >= 1"),
        (["--workers", "0"], "workers must be"),
    ],
)
def test_simulate_errors_are_the_library_message_and_exit_code_2(capsys, args, message):
    assert main(["simulate", "for_sale", "--players", "4", "--games", "2", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_unknown_games_exit_2_with_the_library_message(capsys):
    assert main(["simulate", "chess", "--players", "2"]) == 2
    assert "no game named 'chess'" in capsys.readouterr().err


def test_usage_errors_and_help_return_exit_codes(capsys):
    assert main([]) == 2
    assert main(["simulate", "for_sale", "--players", "4", "--option", "no-equals-sign"]) == 2
    assert "NAME=VALUE" in capsys.readouterr().err
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


def test_option_values_become_the_declared_types():
    rounding = Option("refund_rounding", "down", "FS-B6", "", choices=("down", "up"))
    assert option_value(rounding, "up") == "up"
    assert option_value(rounding, "sideways") == "sideways"  # left for the library to refuse
    turns = Option("max_turns", None, "X-1", "", choices=(None,), minimum=1)
    assert option_value(turns, "50") == 50
    assert option_value(turns, "off") is None
    assert option_value(turns, "many") == "many"
    track = Option("track_length", 30, "X-2", "", choices=(20, 30))
    assert option_value(track, "20") == 20
    flag = Option("variant", False, "X-3", "", choices=(False, True))
    assert option_value(flag, "true") is True


def test_bot_specs_take_one_name_for_all_or_one_per_seat():
    assert bot_specs("spread", 3, "3 players") == ["spread"] * 3
    assert bot_specs("random, spread:0.4,budget", 3, "3 players") == ["random", "spread:0.4", "budget"]
    with pytest.raises(gamekit.ConfigError, match="empty name"):
        bot_specs("random,,spread", 3, "3 players")


def test_progress_bar_redraws_in_place_on_a_terminal_and_writes_few_lines_otherwise():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    bar = ProgressBar(terminal, interval=0.0)
    for done in range(250, 10_001, 250):
        bar(done, 10_000)
    text = terminal.getvalue()
    assert text.count("\r") == 40 and text.endswith("\n") and text.count("\n") == 1
    assert "10,000/10,000 games" in text

    log = io.StringIO()
    bar = ProgressBar(log)
    for done in range(250, 10_001, 250):
        bar(done, 10_000)
    assert len(log.getvalue().splitlines()) == 4
    assert "\r" not in log.getvalue()


# ------------------------------------------------------------------ examples
def test_examples_replay_every_document_and_exit_0(capsys):
    assert main(["examples"]) == 0
    out = capsys.readouterr().out
    for rule_id in ("FS-X1", "FS-X2", "FS-X3", "FS-X4"):
        assert f"{rule_id} matches the document" in out
    assert "  A: bid 2\n      A bids 2" in out
    assert "      A passes, takes house 5, gets 1 coin back, loses 1" in out
    assert "(prelude: 20 actions to reach the document's position)" in out
    assert "✓ B starts the next round" in out
    assert "Says: 3 players with 28 coins" in out
    assert "Source: For Sale: basic rules, IELLO 2020 edition, 「最初の競りを数字で追う」 [iello-2020]" in out
    assert "shared/" not in out and ".txt" not in out


def test_examples_one_by_id(capsys):
    assert main(["examples", "--game", "for_sale", "--id", "FS-X1"]) == 0
    out = capsys.readouterr().out
    assert "FS-X1 matches the document" in out and "FS-X2" not in out
    assert "prelude" not in out  # FS-X1 starts from the set-up


def test_an_example_the_engine_contradicts_is_reported_with_exit_1(monkeypatch, capsys):
    real = gamekit.examples.load_examples

    def tampered(game=None):
        examples = copy.deepcopy(real(game))
        fs_x1 = next(e for e in examples if e["id"] == "FS-X1")
        fs_x1["expect"][3]["equals"] = [27, 25, 99]  # C's coins misprinted
        return examples

    monkeypatch.setattr(gamekit.examples, "load_examples", tampered)
    assert main(["examples", "--id", "FS-X1"]) == 1
    out = capsys.readouterr().out
    assert "✗ coins: A 27, B 25, C 28: expected [27, 25, 99], got [27, 25, 28]" in out
    assert "FS-X1 DOES NOT match the document" in out


def test_an_unknown_example_exits_2(capsys):
    assert main(["examples", "--id", "FS-X99"]) == 2
    assert "no worked example 'FS-X99'; examples: FS-X1" in capsys.readouterr().err


def test_python_dash_m_gamekit_runs_the_command_line():
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [sys.executable, "-m", "gamekit", "examples", "--id", "FS-X2"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "FS-X2 matches the document" in done.stdout
    assert "A passes, takes house 9, gets 2 coins back, loses 3" in done.stdout


def test_a_console_that_cannot_show_unicode_gets_plain_marks_not_a_crash():
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "gamekit", "examples", "--id", "FS-X3"],
        capture_output=True,
        text=True,
        encoding="ascii",
        errors="replace",
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "  ok 28 takes 13,000" in done.stdout
    assert "C 28 ? 13,000" in done.stdout  # the narration's arrow, replaced
    assert "FS-X3 matches the document" in done.stdout


# ---------------------------------------------------------------------- play
def test_play_shows_the_view_and_a_bad_bid_is_refused_with_its_rule(monkeypatch, capsys):
    code, out = run_play(
        monkeypatch, capsys, "bid 999\nhello\npass\nquit\n", "--bots", "spread", "--seed", "4"
    )
    assert code == 0
    assert "You are A (seat 0); B is spread:0.3, C is spread:0.3, D is spread:0.3" in out
    assert "A (you)" in out
    assert "Your move (A): pass, bid " in out and ".." in out
    refused = out.index("no bidding on debt (FS-B4)")
    assert "Not allowed: bid 999 is more than the 21 coins A had this round" in out
    assert "Not allowed: cannot read 'hello'" in out
    # the game went on after the refusals: A's pass was narrated before the next prompt
    assert out.index("  A passes", refused) < out.index("You leave the game.")


def test_play_refuses_any_text_with_a_short_message_and_goes_on(monkeypatch, capsys):
    """Odd digits, a number of 5,000 digits and a megabyte of text are each one short refusal."""
    bomb, huge = "bid " + "9" * 5000, "x" * 1_000_000
    code, out = run_play(monkeypatch, capsys, f"bid ²\nbid ٣\n{bomb}\n{huge}\npass\nquit\n", "--seed", "4")
    assert code == 0
    refusals = [line for line in out.splitlines() if line.startswith("Not allowed")]
    assert len(refusals) == 4 and all(len(line) < 400 for line in refusals), refusals
    assert "  A passes" in out


def test_play_quit_and_end_of_input_leave_cleanly(monkeypatch, capsys):
    code, out = run_play(monkeypatch, capsys, "quit\n", "--seed", "1")
    assert code == 0 and out.rstrip().splitlines()[-2] == "You leave the game."
    code, out = run_play(monkeypatch, capsys, "", "--seed", "1")
    assert code == 0 and out.rstrip().splitlines()[-2] == "End of input: leaving the game."
    assert out.rstrip().splitlines()[-1].startswith("The seed was 1 (the game was left unfinished)")


def test_play_shows_the_other_seats_houses_face_down():
    game = gamekit.new_game("for_sale", 4, seed=1, stack={"first_player": 0})
    for action in ("bid 2", "pass", "pass"):
        game.act(game.to_act[0], action)
    text = render_view("for_sale", game.view(1))
    rows = {line.split()[0]: line.split() for line in text.splitlines()[2:6]}
    assert rows["A"][1:3] == ["?", "2"]  # coins face down (FS-B11), the bid made in the open (FS-B3)
    own, hidden = game.view()["houses"][1][0], game.view()["houses"][2][0]
    assert rows["B"][:5] == ["B", "(you)", "21", "0", str(own)]  # B's own house, face up
    assert rows["C"][1:6] == ["?", "0", "1", "face", "down"]  # C's house: only how many (FS-B10)
    assert str(hidden) not in rows["C"]
    assert text.splitlines()[0] == (
        "Buying round 1 of 7: houses "
        + ", ".join(map(str, game.view(1)["table"]))
        + " on the table; high bid 2 by A"
    )


def test_play_rejects_a_seat_that_is_not_in_the_game(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "for_sale", "--players", "3", "--seat", "3"]) == 2
    assert "--seat 3 is not a seat" in capsys.readouterr().err


class PassThenFirstHouse(Bot):
    """The scripted human as a bot: passes in every auction, sells the lowest house held."""

    name = "test-script"

    def choose(self, view, legal_actions, rng):
        if view["phase"] == "buy":
            return PASS
        return SELLS[view["houses"][view["viewer"]][0]]


def test_play_a_whole_game_against_bots_seeded_like_gamekit_play(monkeypatch, capsys):
    # The same game played by gamekit.play gives the human's lines; the command line must seed
    # its bots the same way, so the scripted lines stay legal and the ending is the same.
    mirror = gamekit.new_game("for_sale", 4, seed=11)
    gamekit.play(mirror, [PassThenFirstHouse(), "random", "budget", "spread"])
    lines = [text for seat, text in mirror.history if seat == 0]
    assert lines[0] == "pass" and lines[-1].startswith("sell ")
    code, out = run_play(
        monkeypatch, capsys, "\n".join(lines) + "\n", "--bots", "random,budget,spread", "--seed", "11"
    )
    assert code == 0
    assert "Not allowed" not in out
    assert "Your move (A): sell " in out
    assert mirror.log[-1]["text"] in out  # "Game over: ..., X wins"
    result = mirror.result()
    assert f"A (you) {result['scores'][0]:,}" in out
    assert out.rstrip().splitlines()[-2].startswith(("You win", "You share", "You finish"))


def test_compact_actions_shows_runs_of_bids_as_ranges():
    assert compact_actions([PASS, *BIDS[3:22]]) == "pass, bid 3..21"
    assert compact_actions([PASS, BIDS[20], BIDS[21]]) == "pass, bid 20, bid 21"
    assert compact_actions([SELLS[3], SELLS[5], SELLS[6], SELLS[11]]) == "sell 3, sell 5, sell 6, sell 11"
    assert compact_actions(
        [Action("move", 1, "move a+1"), Action("move", 2, "move a+2"), Action("move", 3, "move a+3")]
    ) == ("move a+1, move a+2, move a+3")


def test_bench_subcommand_delegates(capsys):
    assert main(["bench", "--games", "1", "--repeat", "1", "--players", "3"]) == 0
    assert "random loop" in capsys.readouterr().out


# --------------------------------------------------------------------- rules
def test_rules_prints_one_rule_with_its_quote_and_translation(capsys):
    from gamekit import rules

    assert main(["rules", "KH-A7"]) == 0
    out = capsys.readouterr().out
    rule = rules.get("KH-A7")
    assert out.startswith(f"KH-A7  {rule.title}")
    assert rule.quotes[0].pieces()[0][:12] in out and "kuhhandel-guide" in out


def test_rules_of_one_game_brief_lists_every_id_in_order(capsys):
    from gamekit import rules

    assert main(["rules", "for_sale", "--brief"]) == 0
    out = capsys.readouterr().out
    listed = [line.split()[0] for line in out.splitlines() if line and not line.startswith(" ")]
    assert listed == [r.id for r in rules.all_rules("for_sale")]
    assert "> " not in out  # --brief leaves the quotes out


def test_rules_with_no_argument_prints_the_whole_reference_and_sources_the_bibliography(capsys):
    from gamekit import rules

    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert all(f"\n{rule_id}  " in "\n" + out for rule_id in rules.ids())
    assert main(["rules", "--sources"]) == 0
    out = capsys.readouterr().out
    assert all(f"[{key}]" in out for key in rules.sources())


def test_rules_refuses_an_unknown_id_or_name(capsys):
    assert main(["rules", "FS-B99"]) == 2
    assert "no rule 'FS-B99'" in capsys.readouterr().err
    assert main(["rules", "poker"]) == 2
    assert "'poker' is neither a game" in capsys.readouterr().err


def test_play_offers_at_any_time_actions_on_the_bots_turns(monkeypatch, capsys):
    # Bohnanza (BO-H1, BO-H3): before a bot's decision the human may harvest; Enter goes on,
    # 'go' goes on to the human's own move. The human's own moves are a planter's.
    import random

    import gamekit.cli
    from gamekit.bots import PlanterBot

    games = []
    real_new_game = gamekit.cli.new_game
    monkeypatch.setattr(
        gamekit.cli, "new_game", lambda *args, **kw: games.append(real_new_game(*args, **kw)) or games[-1]
    )
    planter, rng = PlanterBot(), random.Random(0)
    offers = []

    def answer(prompt: str = "") -> str:
        g = games[0]
        if 0 in g.to_act:
            return str(planter.choose(g.view(0), g.legal_actions(0), rng))
        offers.append(len(g.history))
        if len(offers) == 1:
            return str(g.legal_actions(0)[0])  # a harvest on a bot's turn
        return "go" if len(offers) == 2 else ""

    monkeypatch.setattr("builtins.input", answer)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main(["play", "bohnanza", "--players", "3", "--seat", "0", "--bots", "planter", "--seed", "3"])
    out = capsys.readouterr().out
    assert code == 0 and games[0].is_over
    assert "to act. You may now: harvest" in out and "Enter to go on" in out
    seat, text = games[0].history[offers[0]]
    assert seat == 0 and text.startswith("harvest")
    assert len(offers) > 3
    assert out.rstrip().splitlines()[-2].startswith(("You win", "You share", "You finish"))


def play_person_at_the_cli(monkeypatch, capsys, seed: int) -> tuple[gamekit.core.game.Game, list]:
    """``gamekit play bohnanza`` with the scripted person of tests/any_time_person.py typing at
    its input function; every prompt on a bot's decision is recorded as (history index, seat)."""
    import random

    import gamekit.cli

    from .any_time_person import choose

    games = []
    real_new_game = gamekit.cli.new_game
    monkeypatch.setattr(
        gamekit.cli, "new_game", lambda *args, **kw: games.append(real_new_game(*args, **kw)) or games[-1]
    )
    rng, offered, asked = random.Random(seed), [], [0]

    def answer(prompt: str = "") -> str:
        g = games[0]
        asked[0] += 1
        assert asked[0] < 20_000, "the game did not end"
        if 0 not in g.to_act:
            offered.append((len(g.history), 0))
        return choose(g, 0, rng) or ""

    monkeypatch.setattr("builtins.input", answer)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    argv = ["play", "bohnanza", "--players", "4", "--seat", "0", "--bots", "planter", "--seed", str(seed)]
    assert main(argv) == 0 and games[0].is_over
    capsys.readouterr()
    return games[0], offered


def test_bo_t6_every_at_any_time_point_of_20_games_reaches_the_person_in_gamekit_play(monkeypatch, capsys):
    # BO-H1/BO-T6: before every bot decision at which the person may harvest or buy a field
    # (the pause before a reshuffling draw among them) the command asks; counted again from the
    # games' records
    from gamekit.teach import any_time_points, any_time_reach

    points = reached = draws = 0
    for seed in range(20):
        game, offered = play_person_at_the_cli(monkeypatch, capsys, seed)
        found, hit = any_time_reach(game, [0], offered)
        points, reached = points + found, reached + hit
        draws += sum(game.history[b][1] == "draw" for _, b, _ in any_time_points(game, [0]))
    assert points > 1000 and reached == points and draws > 5


# ------------------------------------------------------------ play: the seed
def _play_scripted(monkeypatch, capsys, game_name, players, *args, moves=None):
    """``gamekit play`` with the person's moves chosen from the live game (the first legal one, or
    ``moves(game)``); returns (exit code, output, the game)."""
    import gamekit.cli

    games = []
    real_new_game = gamekit.cli.new_game
    monkeypatch.setattr(
        gamekit.cli, "new_game", lambda *a, **kw: games.append(real_new_game(*a, **kw)) or games[-1]
    )

    def answer(prompt: str = "") -> str:
        g = games[0]
        if moves is not None:
            return moves(g)
        return str(g.legal_actions(0)[0]) if 0 in g.to_act else ""

    monkeypatch.setattr("builtins.input", answer)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main(["play", game_name, "--players", str(players), "--seat", "0", *args])
    return code, capsys.readouterr().out, games[0]


SEED = "987654321"


@pytest.mark.parametrize("game_name", ["for_sale", "kuhhandel"])
def test_play_shows_the_seed_only_after_the_game_ends(monkeypatch, capsys, game_name):
    # The seed reproduces every hidden card and die: while the game runs nobody at the
    # terminal may read it; at the end it is shown so the deal can be replayed.
    code, out, game = _play_scripted(monkeypatch, capsys, game_name, 3, "--seed", SEED, "--bots", "random")
    assert code == 0 and game.is_over
    assert "seed hidden until the game ends" in out.splitlines()[0]
    end = out.index("Result: ")
    assert SEED not in out[:end]
    assert f"seed {SEED}" in out[end:]


def test_play_shows_a_fresh_seed_only_at_the_end_too(monkeypatch, capsys):
    code, out, game = _play_scripted(monkeypatch, capsys, "for_sale", 3)
    assert code == 0 and game.is_over
    end = out.index("Result: ")
    assert str(game.seed) not in out[:end] and str(game.seed) in out[end:]


def test_play_shows_the_seed_when_the_person_leaves(monkeypatch, capsys):
    code, out = run_play(monkeypatch, capsys, "pass\nquit\n", "--seed", SEED)
    before, _, after = out.partition("You leave the game.")
    assert code == 0 and SEED not in before and SEED in after


def test_play_saves_only_when_the_game_is_over_and_says_why(monkeypatch, capsys, tmp_path):
    path = tmp_path / "game.json"
    written = []

    def moves(g):
        written.append(path.exists())  # nothing on disk while the person plays
        return str(g.legal_actions(0)[0]) if 0 in g.to_act else ""

    code, out, game = _play_scripted(
        monkeypatch, capsys, "for_sale", 3, "--seed", SEED, "--save", str(path), moves=moves
    )
    assert code == 0 and written and not any(written)
    assert gamekit.load_game(path.read_text()).to_json() == game.to_json()
    assert f"Saved the game to {path}" in out
    assert main(["play", "--help"]) == 0
    assert "reveals every hidden card" in " ".join(capsys.readouterr().out.split())
