"""For Sale rules, one test (or more) per rule ID of the rules reference, on stacked deals."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import gamekit
from gamekit.games.for_sale import records, rules
from gamekit.games.for_sale.game import ForSale


def game(players: int = 3, houses=None, cheques=None, first: int = 0, seed: int = 11, **options) -> ForSale:
    stack = {"first_player": first}
    if houses is not None:
        stack["houses"] = houses
    if cheques is not None:
        stack["cheques"] = cheques
    g = gamekit.new_game("for_sale", players, seed=seed, options=options, stack=stack)
    assert isinstance(g, ForSale)
    return g


def play(g, *steps: str) -> None:
    """Steps written 'A: bid 2'."""
    for step in steps:
        name, action = step.split(": ")
        g.act("ABCDEF".index(name), action)


def illegal(g, seat: int, action: str, rule: str) -> str:
    before = g.to_json()
    with pytest.raises(gamekit.IllegalAction) as err:
        g.act(seat, action)
    assert f"{rule}" in str(err.value)
    assert g.to_json() == before
    return str(err.value)


def everyone_passes_until_selling(g) -> None:
    while g.phase == "buy":
        g.act(g.to_act[0], "pass")


# ---------------------------------------------------------------- components


def test_fs_c1_thirty_houses_and_thirty_cheques_without_a_1000():
    assert rules.HOUSES == tuple(range(1, 31))
    assert len(rules.CHEQUES) == 30
    assert Counter(rules.CHEQUES) == Counter({0: 2, **{v * 1000: 2 for v in range(2, 16)}})
    assert 1000 not in rules.CHEQUES
    assert rules.COIN_VALUE == 1000


@pytest.mark.parametrize(
    ("players", "coins", "in_play"), [(3, 28, 30), (4, 21, 28), (5, 16, 30), (6, 14, 30)]
)
def test_fs_c2_iello_edition_setup(players, coins, in_play):
    g = game(players)
    v = g.view()
    assert v["coins"] == [coins] * players
    assert len(v["house_deck"]) + len(v["table"]) == in_play
    assert len(v["cheque_deck"]) == in_play
    assert len(v["removed_houses"]) == len(v["removed_cheques"]) == 30 - in_play
    assert v["rounds"] == in_play // players


@pytest.mark.parametrize(("players", "coins", "removed"), [(3, 18, 6), (4, 18, 2), (5, 14, 0), (6, 14, 0)])
def test_fs_c3_classic_edition_setup(players, coins, removed):
    g = game(players, edition="classic")
    v = g.view()
    assert v["coins"] == [coins] * players
    assert len(v["removed_houses"]) == len(v["removed_cheques"]) == removed
    assert len(v["house_deck"]) + len(v["table"]) == 30 - removed


def test_fs_c2_removed_cards_come_from_the_unstacked_rest():
    g = game(4, houses=[30, 29, 1, 2])
    v = g.view()
    assert not set(v["removed_houses"]) & {30, 29, 1, 2}
    assert v["table"] == [1, 2, 29, 30]


def test_fs_c2_player_count_outside_the_range_is_a_config_error():
    for players in (2, 7):
        with pytest.raises(gamekit.ConfigError, match="3 to 6 players"):
            gamekit.new_game("for_sale", players)


def test_fs_c4_first_start_player_is_random_but_seeded():
    starts = {gamekit.new_game("for_sale", 4, seed=s).view()["start_player"] for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert (
        gamekit.new_game("for_sale", 4, seed=5).view()["start_player"]
        == gamekit.new_game("for_sale", 4, seed=5).view()["start_player"]
    )


def test_fs_c5_every_round_uses_one_card_per_player():
    for players in range(3, 7):
        g = game(players)
        rounds = 0
        while g.phase == "buy":
            assert len(g.view()["table"]) == players
            current_round = g.view()["round"]
            while g.phase == "buy" and g.view()["round"] == current_round:
                g.act(g.to_act[0], "pass")
            rounds += 1
        assert len({len(h) for h in g.view()["houses"]}) == 1
        assert g.view()["rounds"] == rounds


# ------------------------------------------------------------- phase 1: buying


def test_fs_b1_as_many_houses_as_players_face_up():
    g = game(5, houses=[7, 3, 12, 30, 1])
    assert g.view()["table"] == [1, 3, 7, 12, 30]
    assert g.view(2)["table"] == [1, 3, 7, 12, 30]


def test_fs_b2_from_the_start_player_clockwise_skipping_those_who_passed():
    g = game(4, first=2)
    assert g.to_act == (2,)
    play(g, "C: bid 1")
    assert g.to_act == (3,)
    play(g, "D: pass")
    assert g.to_act == (0,)
    play(g, "A: bid 2", "B: bid 3")
    assert g.to_act == (2,)  # D passed and is skipped after C
    play(g, "C: pass")
    assert g.to_act == (0,)
    illegal(g, 1, "bid 9", "FS-B2")


def test_fs_b2_next_bidder_is_the_next_seat_clockwise_that_has_not_passed():
    from gamekit.auctions import next_clockwise

    assert next_clockwise(2, [False, False, False, False]) == 3
    assert next_clockwise(3, [False, False, False, False]) == 0
    assert next_clockwise(2, [True, False, False, True]) == 1  # D and A passed: B


def test_fs_b3_a_bid_must_beat_the_high_bid_and_open_at_one():
    g = game()
    assert "opening bid must be at least 1" in illegal(g, 0, "bid 0", "FS-B3")
    play(g, "A: bid 3")
    message = illegal(g, 1, "bid 3", "FS-B3")
    assert message == "bid 3 must be above the current high bid 3 (FS-B3)"
    assert [str(a) for a in g.legal_actions(1)][:3] == ["pass", "bid 4", "bid 5"]


def test_fs_b4_bids_are_cumulative_and_never_exceed_the_coins_of_the_round():
    g = game()
    play(g, "A: bid 2", "B: bid 3", "C: bid 4", "A: bid 6")
    assert g.view()["coins"][0] == 22  # 28 - 6: raising from 2 to 6 added 4
    assert g.log[-1]["added"] == 4
    assert g.log[-1]["text"] == "A bids 6 (adds 4)"
    assert max(a.value for a in g.legal_actions(1) if a.kind == "bid") == 28
    illegal(g, 1, "bid 29", "FS-B4")


def test_fs_b4_a_player_who_cannot_beat_the_high_bid_must_pass():
    g = game(3, edition="classic")  # 18 coins each
    play(g, "A: bid 18")
    assert [str(a) for a in g.legal_actions(1)] == ["pass"]
    illegal(g, 1, "bid 19", "FS-B4")


def test_fs_b5_pass_takes_the_lowest_house_and_half_the_bid_back():
    g = game(houses=[3, 5, 11])
    play(g, "A: bid 4", "B: bid 6", "C: pass")
    assert g.view()["houses"][2] == [3]
    play(g, "A: pass")
    assert g.view()["houses"][0] == [5]
    assert g.view()["coins"][0] == 28 - 4 + 2
    assert g.view()["box_coins"] == 2 + 6


def test_fs_b5_pass_without_bidding_costs_nothing():
    g = game(houses=[3, 5, 11])
    play(g, "A: pass")
    assert g.view()["coins"][0] == 28
    assert g.log[-1]["text"] == "A passes and takes house 3 free"


@pytest.mark.parametrize(
    ("rounding", "bid", "back"), [("down", 5, 2), ("up", 5, 3), ("down", 4, 2), ("up", 4, 2)]
)
def test_fs_b6_refund_rounding_option(rounding, bid, back):
    assert rules.refund(bid, rounding) == back
    g = game(houses=[3, 5, 11], refund_rounding=rounding)
    play(g, f"A: bid {bid}", f"B: bid {bid + 1}", "C: pass", "A: pass")
    assert g.view()["coins"][0] == 28 - bid + back


def test_fs_b6_default_rounding_is_down_for_both_editions():
    for edition in rules.EDITIONS:
        assert (
            gamekit.new_game("for_sale", 3, options={"edition": edition}).options["refund_rounding"] == "down"
        )


def test_fs_b6_rounding_up_is_a_table_setting_not_an_editions_rule():
    option = next(o for o in ForSale.options_declared if o.name == "refund_rounding")
    assert option.default == "down" and option.rule == "FS-B6"
    assert "default for both editions" in option.doc and "table setting" in option.doc
    assert "rule" not in option.doc


def test_fs_b7_a_player_who_passed_cannot_reenter():
    g = game(4)
    play(g, "A: pass")
    assert g.legal_actions(0) == []
    assert "cannot re-enter" in illegal(g, 0, "bid 5", "FS-B7")


def test_fs_b8_the_last_player_takes_the_top_house_and_pays_the_whole_bid():
    g = game(houses=[3, 5, 11])
    play(g, "A: bid 2", "B: bid 7", "C: pass", "A: pass")
    assert g.view()["houses"][1] == [11]
    assert g.view()["coins"][1] == 28 - 7


def test_fs_b8_if_nobody_bid_the_last_house_is_free():
    g = game(houses=[3, 5, 11])
    play(g, "A: pass", "B: pass")
    assert g.view()["houses"][2] == [11]
    assert g.view()["coins"][2] == 28
    assert "takes house 11 free" in g.log[-2]["text"]


def test_fs_b9_the_last_player_starts_the_next_round_until_the_deck_is_empty():
    g = game(houses=[3, 5, 11])
    play(g, "A: pass", "B: bid 1", "C: pass")
    assert g.view()["start_player"] == 1
    assert g.to_act == (1,)
    assert g.view()["round"] == 2
    everyone_passes_until_selling(g)
    assert g.view()["houses_left"] == 0
    assert g.phase == "sell"


def test_fs_b11_coin_counts_are_hidden_by_default_and_bids_stay_public():
    g = game(houses=[3, 5, 11])
    play(g, "A: bid 2", "B: pass")
    assert g.options["coin_counts"] == "hidden"
    for seat in range(3):
        v = g.view(seat)
        assert v["coins"] == [([26, 28, 28][s] if s == seat else None) for s in range(3)]
        assert v["coins"][seat] is not None  # a player counts their own coins
        assert v["bids"] == [2, 0, 0]  # every bid is announced (FS-B3)
        assert v["house_deck"] is None and v["removed_houses"] is None and v["box_coins"] is None
    assert g.view()["coins"] == [26, 28, 28]  # the teacher sees every count


@pytest.mark.parametrize("edition", ["iello-2020", "classic"])
def test_fs_b11_hidden_is_the_default_of_both_editions_and_shown_is_an_option(edition):
    assert gamekit.new_game("for_sale", 4, options={"edition": edition}).options["coin_counts"] == "hidden"
    g = game(houses=[3, 5, 11], coin_counts="shown")
    play(g, "A: bid 2", "B: pass")
    for seat in range(3):
        assert g.view(seat)["coins"] == [26, 28, 28] and g.view(seat)["coin_counts"] == "shown"
    with pytest.raises(gamekit.ConfigError, match="coin_counts"):
        game(coin_counts="open")


def test_fs_b11_the_log_still_tells_every_count():
    from gamekit.games.for_sale.views import coins_from_log, estimated_coins

    g = gamekit.new_game("for_sale", 4, seed=5)
    gamekit.play(g, "house_value")
    for step in range(0, len(g.history), 7):
        past = g.at(step)
        for seat in range(4):
            assert coins_from_log(past.log_for(seat)) == past.view()["coins"]  # the log is the memory
            guess = estimated_coins(past.view(seat))
            assert guess[seat] == past.view()["coins"][seat] and min(guess) >= 0


def hands_of_others_hidden(g, seat: int) -> None:
    """Seat's view: own houses and cheques, everyone's counts, nobody else's cards (FS-B10)."""
    teacher, v = g.view(), g.view(seat)
    for q in range(g.players):
        assert v["house_counts"][q] == len(teacher["houses"][q])
        assert v["cheque_counts"][q] == len(teacher["cheques"][q])
        counted = q == seat or g.is_over  # FS-B11 face down; FS-E1 counted in the open at the end
        assert v["coins"][q] == (teacher["coins"][q] if counted else None)
        if q == seat:
            assert v["houses"][q] == teacher["houses"][q] and v["cheques"][q] == teacher["cheques"][q]
        else:
            assert v["houses"][q] is None and v["cheques"][q] is None
    assert teacher["house_counts"] == [len(h) for h in teacher["houses"]]
    assert teacher["cheque_counts"] == [len(c) for c in teacher["cheques"]]


def swapped_hands(g, a: int, b: int):
    """A copy of ``g`` in which seats a and b have traded one house (and one cheque, if any)."""
    other = g.copy()
    ha, hb = other.houses[a], other.houses[b]
    if ha and hb:
        ha[0], hb[0] = hb[0], ha[0]
        ha.sort()
        hb.sort()
    ca, cb = other.cheques[a], other.cheques[b]
    if ca and cb:
        ca[0], cb[0] = cb[0], ca[0]
    return other


def test_fs_b10_other_seats_see_counts_not_which_houses_or_cheques_in_both_phases_and_after():
    g = game(houses=[3, 5, 11, 2, 20, 29], cheques=[0, 15000, 7000, 2000, 9000, 14000])
    play(g, "A: bid 2", "B: bid 3", "C: pass", "A: pass")  # C takes 3, A 5, B 11 (FS-X1)
    for seat in range(3):
        hands_of_others_hidden(g, seat)
    assert g.view(0)["houses"] == [[5], None, None]
    assert g.view(0)["house_counts"] == [1, 1, 1]
    # The view of A must not change if B and C had taken each other's houses: it cannot tell.
    assert g.view(0) == swapped_hands(g, 1, 2).view(0)
    assert g.view() != swapped_hands(g, 1, 2).view()
    everyone_passes_until_selling(g)
    assert g.phase == "sell"
    for seat in range(3):
        hands_of_others_hidden(g, seat)
    assert g.view(2)["house_counts"] == [g.rounds] * 3
    assert g.view(2) == swapped_hands(g, 0, 1).view(2)
    for seat in range(3):  # one sale: every seat has one cheque, nobody sees whose is whose
        g.act(seat, f"sell {g.view()['houses'][seat][0]}")
    for seat in range(3):
        hands_of_others_hidden(g, seat)
        assert g.view(seat)["cheque_counts"] == [1, 1, 1]
    assert g.view(1) == swapped_hands(g, 0, 2).view(1)
    gamekit.play(g, "random")
    assert g.is_over
    for seat in range(3):
        hands_of_others_hidden(g, seat)
        assert g.view(seat)["cheque_counts"] == [g.rounds] * 3
    assert g.view(0) == swapped_hands(g, 1, 2).view(0)
    assert g.view() != swapped_hands(g, 1, 2).view()  # the teacher sees everything


def test_fs_b10_the_log_keeps_the_public_facts_for_every_seat():
    g = game(houses=[3, 5, 11], cheques=[13000, 12000, 0])
    play(g, "A: bid 2", "B: bid 3", "C: pass", "A: pass")
    everyone_passes_until_selling(g)
    hands = g.view()["houses"]
    for seat in range(3):
        g.act(seat, f"sell {hands[seat][-1]}")
    for seat in range(3):
        log = g.log_for(seat)
        bids = [(e["seat"], e["total"]) for e in log if e["type"] == "bid"]
        assert bids[:2] == [(0, 2), (1, 3)]
        taken = [(e["seat"], e["house"]) for e in log if e["type"] in ("pass", "win")]
        assert taken[:3] == [(2, 3), (0, 5), (1, 11)]
        assert "B takes house 11 and pays 3 coins" in [e["text"] for e in log]
        reveal = next(e for e in log if e["type"] == "reveal")
        assert reveal["played"] == [hands[s][-1] for s in range(3)]
        assert sorted(reveal["won"]) == [0, 12000, 13000]
        # From the log alone, each seat can rebuild every hand (perfect recall): here, houses.
        rebuilt = [[] for _ in range(3)]
        for e in log:
            if e["type"] in ("pass", "win"):
                rebuilt[e["seat"]].append(e["house"])
        assert [sorted(h) for h in rebuilt] == hands


def test_fs_b10_past_cheques_are_the_earlier_tables_without_their_owners():
    g = selling_game(cheques=[13000, 12000, 0, 4000, 4000, 15000])
    assert g.view(0)["past_cheques"] == []
    for seat in range(3):
        g.act(seat, f"sell {g.view()['houses'][seat][0]}")
    assert all(g.view(s)["past_cheques"] == [0, 12000, 13000] for s in (None, 0, 1, 2))


# ------------------------------------------------------------ phase 2: selling


def selling_game(players: int = 3, cheques=None, first: int = 0) -> ForSale:
    g = game(players, houses=[8, 20, 28][:players] if players == 3 else None, cheques=cheques, first=first)
    everyone_passes_until_selling(g)
    return g


def test_fs_s1_as_many_cheques_as_players_face_up():
    g = selling_game(cheques=[13000, 0, 12000])
    assert g.view()["table"] == [0, 12000, 13000]
    assert g.view(1)["table"] == [0, 12000, 13000]
    assert g.to_act == (0, 1, 2)


def test_fs_s2_choices_are_sealed_simultaneous_and_final():
    g = selling_game()
    house = g.view()["houses"][1][0]
    g.act(1, f"sell {house}")
    assert g.to_act == (0, 2)
    assert g.view(1)["chosen"] == [None, house, None]
    assert g.view(0)["chosen"] == [None, None, None]
    assert g.view(2)["chosen"] == [None, None, None]
    assert "face down" in g.log[-1]["text"] and str(house) not in g.log[-1]["text"]
    assert "private" not in g.log_for(0)[-1]
    assert g.log_for(1)[-1]["private"] == {"house": house}
    assert "cannot be changed" in illegal(g, 1, f"sell {g.view()['houses'][1][1]}", "FS-S2")


def test_fs_s2_a_house_not_in_hand_cannot_be_sold():
    g = selling_game()
    foreign = g.view()["houses"][0][0]
    assert "does not hold" in illegal(g, 1, f"sell {foreign}", "FS-S2")
    illegal(g, 1, "bid 3", "FS-S2")


def test_fs_s3_highest_house_takes_highest_cheque():
    played = {0: 8, 1: 28, 2: 20}
    assert rules.match_houses_to_cheques(played, [0, 13000, 12000]) == {1: 13000, 2: 12000, 0: 0}


def test_fs_s3_equal_cheques_are_interchangeable():
    assert rules.match_houses_to_cheques({0: 5, 1: 6, 2: 7}, [4000, 4000, 0]) == {2: 4000, 1: 4000, 0: 0}


def test_fs_s4_sold_houses_leave_and_rounds_repeat_until_no_cheques():
    g = selling_game()
    rounds = g.view()["rounds"]
    for _ in range(rounds):
        v = g.view()
        sold = [v["houses"][s][-1] for s in range(3)]
        for seat, house in enumerate(sold):
            g.act(seat, f"sell {house}")
        for seat, house in enumerate(sold):
            assert house not in g.view()["houses"][seat]
    assert g.is_over and g.view()["cheques_left"] == 0
    assert all(len(c) == rounds for c in g.view()["cheques"])
    illegal(g, 0, "sell 3", "FS-S4")


# ------------------------------------------------------------------- scoring


def test_fs_e1_score_is_cheques_plus_1000_per_coin():
    assert rules.score([13000, 12000], 8) == 33000
    g = selling_game()
    gamekit.play(g, "random")
    v, r = g.view(), g.result()
    assert r["scores"] == [sum(v["cheques"][s]) + 1000 * v["coins"][s] for s in range(3)]


def test_fs_e2_most_money_wins_then_most_coins_then_shared():
    assert rules.ranks([50000, 50000, 40000], [10, 12, 30]) == [2, 1, 3]
    assert rules.ranks([50000, 50000, 40000], [10, 10, 30]) == [1, 1, 3]


def test_fs_e2_result_reports_winners_only_when_finished():
    g = game()
    assert g.result()["finished"] is False and g.result()["winners"] == []
    gamekit.play(g, "random")
    r = g.result()
    assert r["finished"] is True
    assert r["winners"] == [s for s in range(3) if r["ranks"][s] == 1]


def test_records_are_tables_of_the_log_alone():
    g = gamekit.new_game("for_sale", 4, seed=5)
    gamekit.play(g, "random")
    loaded = gamekit.load_game(g.to_json())
    assert records.tables(json.loads(json.dumps(g.log_for(2)))) == g.records() == loaded.records()
    assert len(g.records()["purchases"]) == len(g.records()["sales"]) == 28
    assert g.purchases == [tuple(row.values()) for row in g.records()["purchases"]]
