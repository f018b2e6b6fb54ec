"""High card: each seat is dealt one card of 1..top, hidden; in seat order each stays or folds;
the highest card that stayed wins (everyone ties if all fold)."""

from __future__ import annotations

from typing import Any, ClassVar

from gamekit.core.actions import Action, canonical
from gamekit.core.chance import shuffled
from gamekit.core.errors import IllegalAction
from gamekit.core.game import Game
from gamekit.core.options import Option
from gamekit.core.ranking import shared_ranks
from gamekit.core.registry import register

CHOICES = ("stay", "fold")


@register
class HighCard(Game):
    name = "high_card"
    title = "High card"
    rule_prefix = "HC"
    min_players = 2
    max_players = 3
    default_players = 2
    players_rule = "HC-1"
    classroom_tables: ClassVar[bool] = False
    options_declared = (Option("top", 6, "HC-1", "the highest card of the deck", minimum=3),)

    def _setup(self) -> None:
        deck = shuffled(self.rng, range(1, self.options["top"] + 1))
        self.cards = deck[: self.players]
        self.stayed: list[bool | None] = [None] * self.players
        self.phase = "bet"
        self.first_player = 0
        self._emit("setup", None, {"players": self.players})
        self._to_act = (0,)

    def legal_actions(self, seat: int) -> list[Action]:
        return [canonical(c) for c in CHOICES] if seat in self.to_act else []

    def _parse_action(self, text: str) -> Action:
        if text not in CHOICES:
            raise IllegalAction(f"{text!r}: say stay or fold (HC-1)")
        return canonical(text)

    def _apply(self, seat: int, action: Action) -> None:
        self.stayed[seat] = action.kind == "stay"
        self._emit(action.kind, seat, {})
        if seat + 1 < self.players:
            self._to_act = (seat + 1,)
        else:
            self._end_game()

    def _game_over(self) -> str:
        return "the game is over (HC-1)"

    def _not_to_act(self, seat: int) -> str:
        return f"seat {seat} is not to act (HC-1)"

    def _narrate_setup(self, event: dict[str, Any]) -> str:
        return "The cards are dealt."

    def _narrate_stay(self, event: dict[str, Any]) -> str:
        return f"Seat {event['seat']} stays."

    def _narrate_fold(self, event: dict[str, Any]) -> str:
        return f"Seat {event['seat']} folds."

    def _narrate_end(self, event: dict[str, Any]) -> str:
        return f"Scores {event['scores']}."

    def view(self, seat: int | None = None) -> dict[str, Any]:
        shown = seat is None or self.phase == "over"
        return {
            "game": self.name,
            "players": self.players,
            "viewer": seat,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "top": self.options["top"],
            "cards": [c if shown or s == seat else None for s, c in enumerate(self.cards)],
            "stayed": list(self.stayed),
        }

    def standings(self) -> tuple[list[int], list[int]]:
        scores = [c if self.stayed[s] else 0 for s, c in enumerate(self.cards)]
        return scores, shared_ranks([-x for x in scores])

    def ended_by_rules(self) -> bool:
        return self.phase == "over"

    @property
    def max_decisions(self) -> int:
        return self.players
