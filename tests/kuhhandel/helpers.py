"""Set-ups and drivers shared by the Kuhhandel tests: stacked decks, free auctions, steps."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.games.kuhhandel.game import Kuhhandel

START_HAND = [0, 0, 10, 10, 10, 10, 50]  # KH-C2


def game(
    players: int = 3, animals: list[str] | None = None, first: int = 0, seed: int = 11, **options
) -> Kuhhandel:
    stack: dict = {"first_player": first}
    if animals is not None:
        stack["animals"] = animals
    g = gamekit.new_game("kuhhandel", players, seed=seed, options=options, stack=stack)
    assert isinstance(g, Kuhhandel)
    return g


def play(g: gamekit.Game, *steps: str) -> list[dict]:
    """Steps written 'A: bid 10'; returns the events they caused."""
    events = []
    for step in steps:
        name, action = step.split(": ")
        events.extend(g.act("ABCDE".index(name), action))
    return events


def illegal(g: gamekit.Game, seat: int, action: str, rule: str) -> str:
    """``action`` is refused naming ``rule``, and the game is exactly unchanged."""
    before = g.to_json()
    log = len(g.log)
    with pytest.raises(gamekit.IllegalAction) as err:
        g.act(seat, action)
    assert f"({rule})" in str(err.value), str(err.value)
    assert g.to_json() == before
    assert len(g.log) == log
    return str(err.value)


def everyone_holds(g: gamekit.Game) -> None:
    while g.phase == "bidding":
        g.act(g.to_act[0], "hold")


def free_auctions(g: gamekit.Game, turns: int) -> None:
    """``turns`` auctions in which nobody bids, so each auctioneer takes the animal free (KH-A4)."""
    for _ in range(turns):
        g.act(g.to_act[0], "auction")
        everyone_holds(g)


def two_cows_each(players: int = 3) -> Kuhhandel:
    """A and B hold two cows each, C two horses; A is to play (turn 7 of a 3-player game)."""
    g = game(players, ["cow", "cow", "horse", "cow", "cow", "horse"])
    free_auctions(g, 6)
    assert g.to_act == (0,)
    return g


def one_cow_each() -> Kuhhandel:
    """A and B hold one cow each, C a horse; A is to play."""
    g = game(3, ["cow", "cow", "horse"])
    free_auctions(g, 3)
    assert g.to_act == (0,)
    return g


def poor_auctioneer() -> Kuhhandel:
    """A has spent all but two 0 cards and auctions a horse; B bids 10 and C holds (turn 4)."""
    g = game(3, ["cow", "pig", "goose", "horse"])
    play(g, "A: auction", "B: hold", "C: hold")  # A takes the cow free
    play(g, "B: auction", "C: hold", "A: bid 90", "C: hold", "B: sell", "A: pay 10,10,10,10,50")
    play(g, "C: auction", "A: hold", "B: hold")  # A, with only 0s, may only hold (KH-A3)
    play(g, "A: auction", "B: bid 10", "C: hold")
    assert g.view()["money"][0] == [0, 0]
    return g


def one_set_each_deck(players: int = 5) -> list[str]:
    """A deck that gives each of 5 seats two complete sets when every auction is free."""
    sets = [("rooster", "goose"), ("cat", "dog"), ("sheep", "goat"), ("donkey", "pig"), ("cow", "horse")]
    deck: list[str] = []
    for turn in range(8):
        for seat in range(players):
            deck.append(sets[seat][turn // 4])
    return deck
