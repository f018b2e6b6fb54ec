"""A save whose history was edited is refused even where the final state is the same (issue 27):
many actions leave no trace in the state (a losing sealed bid, a cow trade's counter-offer),
so the save carries a digest of every action and event (``history_digest``)."""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit.core.game import game_class, replay


def played(name: str, seed: int) -> gamekit.Game:
    game = gamekit.new_game(name, game_class(name).default_players, seed=seed)
    gamekit.play(game, "random")
    return game


def invisible_edit(game: gamekit.Game, kinds: set[str]) -> tuple[int, str]:
    """The first action of one of ``kinds`` that another legal action could replace with the
    rest of the game replaying to the very same final state: (its index, the other action)."""
    history = list(game.history)
    final = json.dumps(game.view(), sort_keys=True)
    for i, (seat, text) in enumerate(history):
        if text.split()[0] not in kinds:
            continue
        for other in game.at(i).legal_actions(seat):
            if str(other) == text:
                continue
            try:
                edited = replay(game.setup, [*history[:i], (seat, str(other)), *history[i + 1 :]])
            except gamekit.IllegalAction:
                continue
            if json.dumps(edited.view(), sort_keys=True) == final:
                return i, str(other)
    raise AssertionError(f"no action of {kinds} can be changed without changing the state")


# Money Monsoon's sealed bids; Kuhhandel's auction bids and its cow trade's sealed counter-offer;
# For Sale's bids in the buying round.
EDITS = [
    ("money_monsoon", 3, {"bid"}),
    ("kuhhandel", 0, {"bid"}),
    ("kuhhandel", 0, {"counter", "accept", "add", "offer"}),
    ("for_sale", 3, {"bid"}),
]


@pytest.mark.parametrize(("name", "seed", "kinds"), EDITS)
def test_a_save_whose_history_was_edited_to_the_same_final_state_is_refused(name, seed, kinds):
    game = played(name, seed)
    i, other = invisible_edit(game, kinds)
    saved = json.loads(game.to_json())
    saved["actions"][i][1] = other
    # the edit leads to the same final state: only the history shows it
    assert json.loads(replay(game.setup, saved["actions"]).to_json())["state"] == saved["state"]
    with pytest.raises(gamekit.LoadError, match="saved history does not match"):
        gamekit.load_game(json.dumps(saved))
    # and the unedited save loads back to the same game
    assert gamekit.load_game(game.to_json()).to_json() == game.to_json()


def test_the_history_digest_does_not_depend_on_the_language_or_on_narration():
    from gamekit.core.saves import history_digest

    game = played("money_monsoon", 5)
    before = history_digest(game)
    with gamekit.language("ja"):
        assert game.log  # narrates every event in Japanese
        assert history_digest(game) == before
    assert game.log
    assert history_digest(game) == before
    with gamekit.language("ja"):
        assert gamekit.load_game(game.to_json()).to_json() == game.to_json()


def test_a_save_whose_history_digest_is_missing_or_not_a_text_is_refused():
    game = played("for_sale", 1)
    saved = json.loads(game.to_json())
    del saved["history"]
    with pytest.raises(gamekit.LoadError, match="missing history"):
        gamekit.load_game(json.dumps(saved))
    saved["history"] = 7
    with pytest.raises(gamekit.LoadError, match="saved history must be a text"):
        gamekit.load_game(json.dumps(saved))


def test_a_save_of_the_format_before_still_loads_without_the_history_check():
    game = played("for_sale", 2)
    saved = json.loads(game.to_json())
    del saved["history"]
    saved["format"] = "gamekit-save/2"
    assert gamekit.load_game(json.dumps(saved)).to_json() == game.to_json()


def test_the_digest_kept_as_the_game_goes_equals_the_digest_of_the_whole_history():
    from gamekit.core.saves import history_digest

    game = played("kuhhandel", 4)
    step = game.at(50)
    history_digest(step)  # a digest at action 50, then the rest played on: only the new is hashed
    for seat, text in game.history[50:]:
        step.act(seat, text)
    fresh = replay(game.setup, game.history)  # hashed from the start
    assert history_digest(step) == history_digest(fresh) == history_digest(game.copy())
    history_digest(game)
    shorter = game.at(10)
    shorter.__dict__["_history_chain"] = game.__dict__["_history_chain"]  # reaches further: rebuilt
    assert history_digest(shorter) == history_digest(replay(game.setup, game.history[:10]))
