"""The hot paths written for speed (issue 15) against plain reference versions of the same rules.

Each reference below is the straightforward form the engine used before; random games and random
inputs (fixed seeds) must give exactly the same answers.
"""

from __future__ import annotations

import itertools
import random

from gamekit import auctions
from gamekit.core.game import new_game
from gamekit.games.kuhhandel import rules
from gamekit.games.kuhhandel.parsing import ACCEPT, ADDS, AUCTION, BIDS, COUNTER, HOLD, OFFER, TRADES
from gamekit.games.kuhhandel.rules import ANIMALS, MONEY_VALUES


def _cards_of(counts):
    cards = []
    for c, v in zip(counts, MONEY_VALUES, strict=True):
        if c:
            cards += [v] * c
    return cards


def _game_complete(held):
    return all(any(h[i] == rules.CARDS_PER_ANIMAL for h in held) for i in range(len(ANIMALS)))


def _legal(game, seat):
    """The legal actions as the rules list them, built the plain way."""
    if seat not in game.to_act:
        return []
    if game.phase == "bidding":
        if not rules.money_total(game.money[seat]):
            return [HOLD]
        return [HOLD, *BIDS[game.auction.high_bid // 10 + 1 : game.bid_cap // 10 + 1]]
    if game.phase in ("offer", "respond"):
        hand, added = game.money[seat], game.trade.added_counts
        adds = [ADDS[i] for i in range(len(MONEY_VALUES)) if hand[i] > added[i]]
        if game.phase == "offer":
            return [*adds, OFFER]
        return [ACCEPT, *adds, COUNTER] if not game.trade.cards_added else [*adds, COUNTER]
    if game.phase == "turn":
        actions = [AUCTION] if game.deck else []
        mine = game.animals[seat]
        for p, other in enumerate(game.animals):
            if p != seat:
                actions += [TRADES[p, ANIMALS[i]] for i in range(len(ANIMALS)) if mine[i] and other[i]]
        return actions
    return game.legal_actions(seat)  # deciding and paying: unchanged code, tested elsewhere


def test_cards_of_matches_the_plain_listing():
    rng = random.Random(1)
    for _ in range(500):
        counts = [rng.randrange(4) for _ in MONEY_VALUES]
        assert rules.cards_of(counts) == _cards_of(counts)


def test_game_complete_matches_the_plain_check():
    rng = random.Random(2)
    for _ in range(500):
        held = [[rng.choice((0, 1, 4)) for _ in ANIMALS] for _ in range(rng.randrange(1, 6))]
        assert rules.game_complete(held) == _game_complete(held)
    assert not rules.game_complete([])


def test_open_auction_helpers_match_their_plain_forms():
    rng = random.Random(3)
    for players, auctioneer in itertools.product(range(3, 7), range(6)):
        if auctioneer >= players:
            continue
        for _ in range(20):
            excluded = [s for s in range(players) if rng.random() < 0.3]
            can_bid = [rng.random() < 0.8 for _ in range(players)]
            order = [(auctioneer + k) % players for k in range(1, players)]
            plain = [s for s in order if s not in set(excluded) and can_bid[s]]
            assert auctions.bidding_order(players, auctioneer, excluded, can_bid) == plain
            assert auctions.bidding_order(players, auctioneer, iter(excluded), can_bid) == plain
            if len(plain) < 2:
                continue
            high = rng.choice([None, *plain])
            for current in plain:
                i = plain.index(current)
                walk = [plain[(i + k) % len(plain)] for k in range(1, len(plain) + 1)]
                assert auctions.next_bidder(plain, current, high) == next(s for s in walk if s != high)
            held = [s for s in plain if rng.random() < 0.5]
            closed = all(s in set(held) for s in plain if s != high)
            assert auctions.bidding_closed(plain, high, held) == closed
            assert auctions.bidding_closed(plain, high, iter(held)) == closed


def test_legal_lists_match_the_plain_forms_through_random_games():
    rng = random.Random(4)
    for players in (3, 4, 5):
        for seed in range(4):
            game = new_game("kuhhandel", players, seed=seed)
            while not game.is_over:
                seat = game.to_act[0]
                legal = game.legal_actions(seat)
                assert legal == _legal(game, seat)
                assert game._herds == [
                    {ANIMALS[i]: c for i, c in enumerate(row) if c} for row in game.animals
                ]
                for other in range(players):
                    if other != seat:
                        assert game.legal_actions(other) == []
                game.act(seat, legal[int(rng.random() * len(legal))])


def test_a_returned_legal_list_is_the_callers_own():
    game = new_game("kuhhandel", 4, seed=0)
    rng = random.Random(5)
    while game.phase != "bidding" or len(game.legal_actions(game.to_act[0])) < 3:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        game.act(seat, legal[int(rng.random() * len(legal))])
    seat = game.to_act[0]
    first = game.legal_actions(seat)
    first.clear()
    assert game.legal_actions(seat)[0] == HOLD and len(game.legal_actions(seat)) >= 3
    assert BIDS[0].text == "bid 0"  # the slice's first entry, replaced by hold, is untouched
