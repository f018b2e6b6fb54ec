"""What each seat of a Bohnanza game may see (``view``), and the rule breaks a teacher's view can show."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.game import SEAT_NAMES
from . import rules
from .actions import card_text
from .i18n import _
from .narration import bean_name

if TYPE_CHECKING:
    from .game import Bohnanza
    from .trading import Proposal


def proposal_view(proposal: Proposal | None, seat: int | None, active: int) -> dict[str, Any] | None:
    """The proposal as ``seat`` sees it: the table sees it once made; while the active player
    drafts it, others know only the partner; the partner's picks are the partner's own (BO-T4)."""
    if proposal is None:
        return None
    teacher = seat is None
    open_ = teacher or proposal.made or seat == active
    own = teacher or seat == active
    partner_side = teacher or seat == proposal.partner
    give = proposal.give
    return {
        "partner": proposal.partner,
        "made": proposal.made,
        "give": [b for b, _ in give] if open_ else None,
        "turned_up": [k == 0 for _, k in give] if open_ else None,
        "give_cards": [card_text(b, k) for b, k in give] if own else None,
        "ask": list(proposal.ask) if open_ else None,
        "picks": [card_text(b, k) for b, k in proposal.picks] if partner_side else None,
    }


def game_view(game: Bohnanza, seat: int | None) -> dict[str, Any]:
    """The whole state (seat None, a teacher's view) or what ``seat`` may know; hidden parts None."""
    n = game.players
    teacher = seat is None
    seats = range(n)
    return {
        "game": game.name,
        "players": n,
        "viewer": seat,
        "to_act": list(game.to_act),
        "phase": game.phase,
        "turn": game.turn,
        "active": game.active,
        "dealer": game.dealer,
        "first_player": game.first_player,
        "third_field_cost": game.options["third_field_cost"],
        "proposals_per_turn": game.options["proposals_per_turn"],
        # BO-C2: hands are hidden, front first; their sizes are public.
        "hands": [list(h) if teacher or s == seat else None for s, h in zip(seats, game.hands, strict=True)],
        "hand_sizes": [len(h) for h in game.hands],
        "fields": [[list(f) if f else None for f in fs] for fs in game.fields],
        "coins": [len(c) for c in game.coins],
        "coin_cards": [list(c) for c in game.coins],
        "deck": game.deck[::-1] if teacher else None,
        "deck_size": len(game.deck),
        "discard": list(game.discard),
        "discard_size": len(game.discard),
        "exhaustions": game.exhaustions,
        "trading_area": list(game.trading_area),
        "received": [list(r) for r in game.received],
        "planted": game.planted,
        "proposals_left": game.proposals_left,
        "proposal": proposal_view(game.proposal, seat, game.active),
        "offers": [dict(o) for o in game.offers],
        "max_decisions": game.options["max_decisions"],
        "stopped": game.stopped,
    }


def state_problems(state: Mapping[str, Any]) -> list[str]:
    """Rule breaks a teacher's view can show: a bean too often or too seldom, a bad field."""
    problems = []
    try:
        n = state["players"]
        cards: Counter[str] = Counter()
        for s in range(n):
            fields = state["fields"][s]
            if len(fields) not in (rules.START_FIELDS, rules.MAX_FIELDS):
                problems.append(
                    _(
                        "{name} has {n} fields; 2, or 3 with the third (BO-H3)",
                        name=SEAT_NAMES[s],
                        n=len(fields),
                    )
                )
            for field in fields:
                if field is None:
                    continue
                bean, count = field
                if bean not in rules.BEAN_COUNTS or type(count) is not int or count < 1:
                    problems.append(
                        _(
                            "{name} has a field {field}; a field holds 1 or more of one bean (BO-C3)",
                            name=SEAT_NAMES[s],
                            field=repr(field),
                        )
                    )
                    continue
                cards[bean] += count
            if state["coins"][s] != len(state["coin_cards"][s]):
                problems.append(
                    _(
                        "{name}'s coins {coins} are not its coin cards (BO-H1)",
                        name=SEAT_NAMES[s],
                        coins=repr(state["coins"][s]),
                    )
                )
            for pile in (state["hands"][s], state["coin_cards"][s], state["received"][s]):
                cards.update(pile)
        for pile in (state["deck"], state["discard"], state["trading_area"]):
            cards.update(pile)
        if not 0 <= state["exhaustions"] <= rules.LAST_EXHAUSTION:
            problems.append(
                _("the deck ran out {times} times; at most 3 (BO-D2)", times=repr(state["exhaustions"]))
            )
        wrong = [
            _("{bean} {n} (should be {count})", bean=bean_name(bean), n=cards[bean], count=count)
            for bean, count in rules.BEAN_COUNTS.items()
            if cards[bean] != count
        ]
        unknown = sorted(set(cards) - set(rules.BEAN_COUNTS), key=str)
        if wrong or unknown:
            problems.append(
                _(
                    "the 104 cards are not all accounted for: {wrong} (BO-E2)",
                    wrong="; ".join(wrong + [_("unknown card {card}", card=repr(u)) for u in unknown]),
                )
            )
    except (KeyError, TypeError, IndexError, ValueError) as exc:
        problems.append(_("state is not a Bohnanza state ({error})", error=repr(exc)))
    return problems
