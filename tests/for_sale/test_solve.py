"""CFR on For Sale's selling phase: the variant follows the engine's rule, and CFR+ converges."""

import pytest

pyspiel = pytest.importorskip("pyspiel")

from gamekit.games.for_sale import solve  # noqa: E402

SMALL = {"hands": "3 9/5 8", "cheques": "0 5000 9000 15000"}


def test_the_variant_passes_openspiels_consistency_test_and_pays_by_fs_s3():
    game = solve.selling_game(**SMALL)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    state = game.new_initial_state()
    outcomes = [state.action_to_string(a) for a, _ in state.chance_outcomes()]
    assert outcomes == [
        "cheques 0k 5k",
        "cheques 0k 9k",
        "cheques 0k 15k",
        "cheques 5k 9k",
        "cheques 5k 15k",
        "cheques 9k 15k",
    ]
    state.apply_action(outcomes.index("cheques 5k 15k"))
    state.apply_action(3)  # A sells 3, sealed
    state.apply_action(5)  # B sells 5: the higher house takes the 15,000 cheque (FS-S3)
    assert state.won == [[5000], [15000]]
    state.apply_action(0)  # the last two cheques: 0 and 9,000
    state.apply_action(9)
    state.apply_action(8)
    assert state.is_terminal() and state.returns() == [14.0, 15.0]


def test_a_sealed_choice_is_hidden_from_the_next_seat():
    state = solve.selling_game(**SMALL).new_initial_state()
    state.apply_action(0)
    low, high = state.child(3), state.child(9)
    assert low.information_state_string(1) == high.information_state_string(1)
    assert low.information_state_string(0) != high.information_state_string(0)


def test_bad_variants_are_refused_naming_the_rule():
    with pytest.raises(ValueError, match="FS-C5"):
        solve.selling_game("3 9/5", "0 5000 9000")
    with pytest.raises(ValueError, match="FS-C1"):
        solve.selling_game("3 9/5 8", "0 5000 9000 1234")


def test_cfr_plus_reaches_low_exploitability_and_the_bots_rule_is_compared():
    solution = solve.solve_selling(**SMALL, iterations=200)
    first, last = solution.curve[0][1], solution.curve[-1][1]
    assert last < 0.05 and last < first / 10  # NashConv in thousands of money
    table = solve.compare_with_bots(solution, bots=("house_value",))
    assert list(table["rule"]) == ["equilibrium (CFR+)", "house_value"]
    # no rule does better against the equilibrium than the equilibrium itself, by more than
    # its exploitability
    eq_value, bot_value = table["seat A's value against the equilibrium (thousands)"]
    assert bot_value <= eq_value + solution.nash_conv + 1e-9
    rows = solve.equilibrium_table(solution)
    assert {"table (thousands)", "rank matching sells"} <= set(rows.columns)
    assert len(rows) == 6  # one row per pair of cheques turned up in round 1


def test_bot_house_asks_the_registered_bot_with_the_variants_cheques():
    game = solve.selling_game(**SMALL)
    position = solve._Position(game)
    position._apply_action(5)  # cheques 9k and 15k: 15k is the best cheque left
    assert solve.bot_house("house_value", position, 0) == 9  # rank matching: the top house
    position = solve._Position(game)
    position._apply_action(0)  # 0k and 5k: the best on the table is low among those left
    assert solve.bot_house("house_value", position, 0) == 3
