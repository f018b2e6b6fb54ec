"""The fixture fifth game (``tests/fixture_game``, Sealed Auction) through every layer.

It is registered from outside gamekit, as the README's "Adding a game" says, and no game-free
module was edited for it: the contract suite runs over it unchanged, then the rules reference,
the command line, the RL adapters (PettingZoo, OpenSpiel), MCTS, simulate on two workers, a
classroom table and the meta-game. Each rule ID of its reference is named by a test here.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
import tests.fixture_game  # registers sealed_auction, as a user's import of their game would
from gamekit.core import registry
from tests.core import contract_helpers, test_contract
from tests.fixture_game import sampling
from tests.fixture_game.game import SealedAuction

NAME = "sealed_auction"
ROOT = Path(__file__).resolve().parent.parent
# What a layer's change waits for, until the lead merges that helper's branch (then: no marks).

# Importing the fixture registered it and its bots; the rest of the test session does not see them
# (tests elsewhere list the shipped games and bots exactly). This module puts them back while its
# own tests run, and takes them away again after.
_GAME = registry.game_class(NAME)
_BOTS = {name: gamekit.bots.BOTS[name] for name in ("fraction_of_value", "all_in")}


def _unregister() -> None:
    registry._REGISTRY.pop(NAME, None)
    for name in _BOTS:
        gamekit.bots.BOTS.pop(name, None)


@pytest.fixture(autouse=True, scope="module")
def _fixture_game_registered():
    registry._REGISTRY[NAME] = _GAME
    gamekit.bots.BOTS.update(_BOTS)
    yield
    _unregister()


def _contract_configs(kind: str) -> list[contract_helpers.Config]:
    """The contract suite's set-ups for the fixture alone, made by the suite's own helpers."""
    before = gamekit.GAMES
    gamekit.GAMES = (NAME,)
    try:
        configs = {"all": contract_helpers.contract_configs, "defaults": contract_helpers.default_configs}
        made = configs["defaults" if kind != "all" else "all"]()
    finally:
        gamekit.GAMES = before
    if kind == "most":
        made = [c for c in made if c.players == SealedAuction.max_players]
    return made


def _contract_cases() -> list[object]:
    """Every test of tests/core/test_contract.py with each set-up its own marks give it."""
    cases = []
    for name, check in vars(test_contract).items():
        if not (name.startswith("test_") and callable(check)):
            continue
        marks = getattr(check, "pytestmark", [])
        given = next((m.args[1] for m in marks if m.name == "parametrize" and m.args[0] == "config"), None)
        if given is None:  # not a test of one set-up: nothing to hand it for this game
            continue
        kind = (
            "all"
            if given is test_contract.CONFIGS
            else "defaults"
            if given is test_contract.DEFAULTS
            else "most"
        )
        cases += [pytest.param(name, config) for config in _contract_configs(kind)]
    return cases


@pytest.mark.parametrize(("check", "config"), _contract_cases(), ids=lambda x: getattr(x, "id", x))
def test_the_contract_suite_passes_the_fixture_game(check: str, config: contract_helpers.Config) -> None:
    getattr(test_contract, check)(config)


# ------------------------------------------------------------------ the rules, one test each
def _game(players: int = 3, **stack: object) -> SealedAuction:
    return gamekit.new_game(NAME, players, seed=1, stack=stack or None)


def test_sa_c1_each_seat_is_dealt_one_distinct_card_and_sees_only_its_own() -> None:
    for seed in range(20):
        game = gamekit.new_game(NAME, 5, seed=seed)
        assert len(set(game.values)) == 5 and set(game.values) <= set(range(1, 13))
        assert game.coins == [10] * 5
        for seat in range(5):
            shown = game.view(seat)["values"]
            assert shown[seat] == game.values[seat] and shown.count(None) == 4
    with pytest.raises(gamekit.ConfigError, match="SA-C1"):
        _game(values=[3, 3])
    with pytest.raises(gamekit.ConfigError, match="SA-C1"):
        _game(values=[13])
    assert _game(values=[12, 1]).values[:2] == [12, 1]


def test_sa_c2_three_to_five_players_and_a_first_player_drawn_or_stacked() -> None:
    for players in (2, 6):
        with pytest.raises(gamekit.ConfigError, match="SA-C2"):
            gamekit.new_game(NAME, players, seed=0)
    assert {gamekit.new_game(NAME, 4, seed=s).first_player for s in range(40)} == {0, 1, 2, 3}
    assert _game(first_player=2).first_player == 2


def test_sa_b1_each_seat_bids_once_face_down_from_0_to_its_coins() -> None:
    game = _game()
    assert game.to_act == (0, 1, 2)
    assert [str(a) for a in game.legal_actions(0)] == [f"bid {n}" for n in range(11)]
    with pytest.raises(gamekit.IllegalAction, match=r"more than the 10 coins.*\(SA-B1\)"):
        game.act(0, "bid 11")
    game.act(1, "bid 4")
    assert game.to_act == (0, 2)
    assert game.view(0)["bids"] == [None, None, None] and game.view(1)["bids"] == [None, 4, None]
    assert game.view(0)["bid_made"] == [False, True, False]
    with pytest.raises(gamekit.IllegalAction, match=r"cannot be changed \(SA-B1\)"):
        game.act(1, "bid 5")
    with pytest.raises(gamekit.IllegalAction, match=r"'bid N' \(SA-B1\)"):
        game.act(0, "pass")


@pytest.mark.parametrize(("price", "paid"), [("first", 7), ("second", 5)])
def test_sa_b2_the_highest_bid_wins_and_pays_its_own_or_the_second_bid(price: str, paid: int) -> None:
    game = gamekit.new_game(NAME, 3, seed=1, options={"price": price}, stack={"values": [9, 4, 6]})
    for seat, bid in enumerate((5, 7, 2)):
        game.act(seat, f"bid {bid}")
    assert game.winner == 1 and game.paid == paid and game.coins == [10, 10 - paid, 10]
    assert game.log[-2]["text"] == f"bids A 5, B 7, C 2: B wins and pays {paid}"
    assert game.log[-2]["rule"] == "SA-B2"


def test_sa_b3_a_tie_goes_to_the_first_tied_seat_from_the_first_player() -> None:
    for first, winner in ((0, 1), (1, 1), (2, 2), (3, 1)):
        game = gamekit.new_game(NAME, 4, seed=1, stack={"first_player": first})
        for seat, bid in enumerate((3, 6, 6, 1)):
            game.act(seat, f"bid {bid}")
        assert game.winner == winner, first


def test_sa_e1_a_score_is_the_coins_held_plus_the_value_won() -> None:
    game = gamekit.new_game(NAME, 3, seed=1, stack={"values": [9, 4, 6]})
    for seat, bid in enumerate((5, 7, 2)):
        game.act(seat, f"bid {bid}")
    assert game.result() == {"scores": [10, 7, 10], "ranks": [1, 3, 1], "winners": [0, 2], "finished": True}
    assert game.log[-1]["rule"] == "SA-E1" and game.view(1)["values"] == [9, 4, 6]
    with pytest.raises(gamekit.IllegalAction, match="SA-E1"):
        game.act(0, "bid 1")


# ------------------------------------------------------------------------- bots and pictures
def test_its_bots_are_registered_for_it_and_do_what_their_sentences_say() -> None:
    described = {row["name"] for row in gamekit.bots.describe(NAME)}
    assert {"fraction_of_value", "all_in", "random"} <= described
    rng = random.Random(0)
    for values in ([9, 4, 11], [1, 12, 7]):
        game = gamekit.new_game(NAME, 3, seed=1, stack={"values": values})
        for seat, bot in enumerate(("fraction_of_value:0.5", "all_in:8", "fraction_of_value:2")):
            chosen = gamekit.bots.make_bot(bot, NAME).choose(game.view(seat), game.legal_actions(seat), rng)
            expected = {0: values[0] // 2, 1: 10 if values[1] >= 8 else 0, 2: min(10, 2 * values[2])}[seat]
            assert str(chosen) == f"bid {expected}"


def test_its_pictures_show_only_what_the_seat_may_see() -> None:
    pictures = registry.require_layer(NAME, "pictures", "the pictures")
    game = gamekit.new_game(NAME, 3, seed=1, stack={"values": [9, 4, 6]})
    game.act(1, "bid 3")
    text = pictures.text(game.view(0))
    assert "value  9" in text and "value  4" not in text and "bid face down" in text and "bid 3" not in text
    assert "bid 3" in pictures.draw(game.view(1))


def test_gamekit_pictures_draws_it() -> None:
    from gamekit.pictures import picture

    game = gamekit.new_game(NAME, 3, seed=1, stack={"values": [9, 4, 6]})
    assert "<table>" in picture(game, 0).html


# ------------------------------------------------------------------------- the rules reference
def test_the_rules_reference_reads_its_own_file_and_its_errors_name_its_rules() -> None:
    from gamekit import rules

    assert registry.rules_file(NAME) == Path(tests.fixture_game.__file__).with_name("rules.toml")
    assert [rule.id for rule in rules.all_rules(NAME)] == [
        "SA-C1",
        "SA-C2",
        "SA-B1",
        "SA-B2",
        "SA-B3",
        "SA-E1",
    ]
    assert rules.get("SA-B1").title == "Sealed bids" and rules.get("sa-b2").options == ("price",)
    assert "SA-B1" in rules.ids()
    assert [card.id for card in rules.cards("SA-B1", "SA-B2")] == ["SA-B1", "SA-B2"]
    assert rules.cited("a bid (SA-B1)") == ["SA-B1"]
    try:
        _game().act(0, "bid 11")
    except gamekit.IllegalAction as refused:
        assert refused.rule_id == "SA-B1" and refused.rule.title == "Sealed bids"


def test_the_rules_references_own_checks_pass_with_its_rules_in() -> None:
    from gamekit import rules
    from tests import test_rules_reference as reference

    assert {"SA-C1", "SA-E1"} <= set(rules.ids())
    reference.test_ids_are_unique_well_formed_and_carry_their_games_prefix()
    reference.test_every_rule_says_what_it_is_and_where_it_comes_from()
    reference.test_every_rule_is_named_by_a_test()


# ------------------------------------------------------------------------------ the command line
def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m gamekit ARGS`` in a process that knows the fixture game only by GAMEKIT_GAMES."""
    env = {**os.environ, registry.GAMES_VARIABLE: "tests.fixture_game", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "gamekit", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def test_gamekit_games_imports_an_outside_games_package_in_every_process() -> None:
    env = {**os.environ, registry.GAMES_VARIABLE: " tests.fixture_game, ", "PYTHONPATH": str(ROOT)}
    code = "import gamekit; print(gamekit.GAMES[-1], gamekit.new_game('sealed_auction', 3, seed=1).title)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env)
    assert done.stdout.split() == ["sealed_auction", "Sealed", "Auction"], done.stderr
    env[registry.GAMES_VARIABLE] = "tests.no_such_games"
    code = "from gamekit.core import registry; registry.game_class('sealed_auction')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env)
    assert "ConfigError: GAMEKIT_GAMES names 'tests.no_such_games', which cannot be imported" in done.stderr


def test_the_command_line_lists_its_bots_and_options() -> None:
    bots = _cli("bots", NAME)
    assert bots.returncode == 0, bots.stderr
    assert "fraction_of_value" in bots.stdout and "all_in" in bots.stdout
    options = _cli("options", NAME)
    assert options.returncode == 0, options.stderr
    assert "price" in options.stdout and "SA-B2" in options.stdout


def test_the_command_line_shows_its_rules() -> None:
    one = _cli("rules", "SA-B1")
    assert one.returncode == 0 and "Sealed bids" in one.stdout, one.stderr
    brief = _cli("rules", NAME, "--brief")
    assert brief.returncode == 0 and "SA-E1" in brief.stdout, brief.stderr


# ----------------------------------------------------------------------------------- sampling
@given(seed=st.integers(0, 2**32), viewer=st.integers(0, 3), bidders=st.sets(st.integers(0, 3)))
@settings(max_examples=60, deadline=None)
def test_a_sampled_state_shows_exactly_the_seats_view(seed: int, viewer: int, bidders: set[int]) -> None:
    game = gamekit.new_game(NAME, 4, seed=seed, options={"price": ("first", "second")[seed % 2]})
    rng = random.Random(seed)
    for seat in sorted(bidders)[:3]:
        game.act(seat, f"bid {rng.randint(0, 10)}")
    view = game.view(viewer)
    sample = sampling.determinize(view, rng)
    assert sample.view(viewer) == view
    assert sample.options == game.options  # every option carried whole
    hidden = [s for s in range(4) if s != viewer]
    assert sorted(sample.values[s] for s in hidden) == sorted(set(sample.values[s] for s in hidden))


def test_sampled_hidden_cards_vary_and_never_repeat_the_viewers_own() -> None:
    game = gamekit.new_game(NAME, 4, seed=3)
    view = game.view(0)
    samples = [sampling.determinize(view, random.Random(k)) for k in range(12)]
    assert len({tuple(s.values) for s in samples}) > 6
    assert all(game.values[0] not in s.values[1:] for s in samples)


# ----------------------------------------------------------------------------------- RL layers
def test_the_pettingzoo_environment_passes_pettingzoos_api_and_seed_tests() -> None:
    import warnings

    from pettingzoo.test import api_test, seed_test

    import gamekit.rl

    env = gamekit.rl.pettingzoo_env(NAME, players=4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=100)
    seed_test(lambda: gamekit.rl.pettingzoo_env(NAME, players=4), num_cycles=50)


def test_the_openspiel_game_passes_openspiels_random_sim_test() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import gamekit.rl.openspiel as gos

    pyspiel.random_sim_test(gos.load(NAME, 3), num_sims=3, serialize=False, verbose=False)


def test_mcts_plays_a_short_game_from_its_views() -> None:
    from gamekit.rl.mcts import MCTSBot, determinize

    game = gamekit.new_game(NAME, 3, seed=5)
    game.act(1, "bid 4")
    assert determinize(game.view(0), random.Random(0)).view(0) == game.view(0)
    result = gamekit.play(game, [MCTSBot(simulations=4), "random", "fraction_of_value"])
    assert result["finished"]


# ------------------------------------------------------------------ simulate, classroom, meta
def test_simulate_on_two_workers_plays_it_as_one_worker_does() -> None:
    bots = ["fraction_of_value", "all_in", "random"]
    one = gamekit.simulate(NAME, 3, bots, games=12, seed=4, workers=1)
    two = gamekit.simulate(NAME, 3, bots, games=12, seed=4, workers=2, chunk=3)
    assert len(one) == 36 and one.equals(two)


def test_simulate_on_two_workers_with_gamekit_games_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers told by GAMEKIT_GAMES where the game lives (they inherit the environment)."""
    monkeypatch.setenv(registry.GAMES_VARIABLE, "tests.fixture_game")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    bots = ["fraction_of_value", "all_in", "random"]
    one = gamekit.simulate(NAME, 3, bots, games=12, seed=4, workers=1)
    two = gamekit.simulate(NAME, 3, bots, games=12, seed=4, workers=2, chunk=3)
    assert len(one) == 36 and one.equals(two)


def test_a_classroom_table_seats_students_and_bots_and_plays_to_the_end(tmp_path: Path) -> None:
    from gamekit.classroom import Limits, serve
    from tests.classroom.classroom_client import TEACHER, Class

    with serve(
        tmp_path / "class.db", teacher_token=TEACHER, limits=Limits(rate=10_000, burst=10_000)
    ) as server:
        room = Class(server.url, ["Aiko", "Ben"])
        made = room.t("POST", "tables", {"game": NAME, "players": 3, "bots": "fraction_of_value", "seed": 2})
        [table] = made["tables"]
        for student in room.students:
            screen = student.ok("GET", "/api/me")["activity"]
            assert screen["game"] == NAME and screen["view"]["values"].count(None) == 2
            student.ok("POST", "/api/act", {"text": screen["legal"][3]})
        game = gamekit.load_game(room.t("GET", f"tables/{table}")["json"])
        assert game.is_over and sorted(game.view()["bids"]).count(3) >= 2
        room.close()


def test_its_meta_game_is_solved_from_its_folders_spec() -> None:
    from gamekit import meta_games

    meta = meta_games.solve(NAME)
    assert set(meta.mix) <= {"fraction_of_value:0.5", "fraction_of_value:0.9", "all_in:8"}
    assert sum(meta.mix.values()) == pytest.approx(1.0)
    [claim] = meta.claims
    assert (claim.candidate, claim.reference) == ("fraction_of_value:0.5", "fraction_of_value:0.9")


# ------------------------------------------------------------------------ what a game needs
def test_the_readme_lists_exactly_the_files_the_fixture_game_needed() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("**Adding a game**") : readme.index("## Layout")]
    listed = set(re.findall(r"^\| `([a-z_]+\.(?:py|toml))` \|", section, flags=re.MULTILINE))
    folder = Path(tests.fixture_game.__file__).parent
    optional = {"claims.py", "analysis.py"}  # the rows that say "optional"
    assert {p.name for p in folder.iterdir() if p.suffix in (".py", ".toml")} | optional == listed
    assert registry.GAMES_VARIABLE in section


def test_its_engine_spaces_and_sampling_import_only_the_core_and_its_own_folder() -> None:
    from tests.test_architecture import imports_in

    folder = Path(tests.fixture_game.__file__).parent
    for part in ("game", "spaces", "sampling"):
        source = (folder / f"{part}.py").read_text(encoding="utf-8")
        for target in imports_in(source, f"tests.fixture_game.{part}"):
            pure = target.split(".")[0] in sys.stdlib_module_names or target == "__future__"
            assert pure or target.startswith(("gamekit.core", "tests.fixture_game")), (
                f"{part} imports {target}"
            )


def test_the_registry_finds_each_layer_in_the_fixture_folder() -> None:
    assert registry.package(NAME) == "tests.fixture_game" and registry.by_prefix("SA") == NAME
    assert NAME in registry.registered()
    for job in registry.LAYERS:
        module = registry.layer(NAME, job)
        assert (module is None) == (job in ("claims", "analysis")), job  # both optional
    with pytest.raises(gamekit.ConfigError, match="has no claims module"):
        registry.require_layer(NAME, "claims", "the claims")


_unregister()  # collected; registered again only while this module's tests run (above)
