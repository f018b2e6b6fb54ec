"""Bohnanza: a full state consistent with one seat's view, for search (MCTS's determinization).

``determinize(view, rng)`` deals what the view hides at random (``rng``) from the cards it
leaves unaccounted for: the cards the viewer cannot see (``timing.unseen_beans``: all 104 less
its own hand, the fields, coin cards, discard pile, trading area and beans set aside, BO-E2) are
dealt to the other hands by their public sizes, front to back at random (BO-C2), and the rest
are the deck in random order; the deck has run out as often as the view says (BO-D1, BO-D2),
and a reshuffle still to come is drawn by the sample's own generator (a fresh seed per sample).
A proposal under way (BO-T4) is replayed through ``act``: the viewer's own as the view shows
it; a made proposal seen from outside gets the active player's hand dealt with the beans it
gives from hand, at random positions; a draft the viewer cannot see is taken as just opened
(what goes in it is the active player's choice, not chance), and a partner's picks the viewer
cannot see as none yet (the partner may still pick).

Not used: the public log (what the discard pile held when it was reshuffled, BO-D1, which says
which unseen cards can be in the deck and which only in hands), the decisions made so far (the
sample's safety limit, BO-T4, allows ``max_decisions`` decisions of its own play, the replay not
counted) and the stats tallies (start at 0). Every option is carried from the view but
``NOT_IN_VIEW``'s. ``_restore`` is the one place a sample writes the engine's state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core.chance import draw_from
from .actions import OFFER
from .game import Bohnanza
from .i18n import _
from .rules import BEAN_COUNTS
from .timing import unseen_beans

# The engine's private attributes ``_restore`` writes (everything else it writes is public and
# read off the view): whose decision is awaited, the third exhaustion not yet reached (BO-D2),
# the safety limit's last step (BO-T4), and two caches the engine rebuilds when they are None.
PRIVATE_WRITTEN = ("_to_act", "_final_exhaustion", "_last_step", "_any_time_cache", "_give_steps")
# The options a view does not show, and why a sample need not carry them.
NOT_IN_VIEW = {"three_fields_at_start": "only the set-up reads it (BO-H3); the fields are the view's"}


def options(view: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of the game that the view shows (``NOT_IN_VIEW``: the others)."""
    return {o.name: view[o.name] for o in Bohnanza.options_declared if o.name not in NOT_IN_VIEW}


def determinize(view: Mapping[str, Any], rng: random.Random) -> Bohnanza:
    """A Bohnanza game whose ``view(seat)`` is ``view`` (a seat's view), what the view hides
    dealt at random (``rng``)."""
    if view["viewer"] is None:
        raise ValueError(_("determinize needs a seat's view, not the teacher's (viewer None)"))
    if view["phase"] == "over" or not view["to_act"]:
        raise ValueError(_("determinize: the game is over (BO-D2), there is no state to search from"))
    game = Bohnanza(view["players"], seed=rng.getrandbits(32), options=options(view))
    hands, deck, positions = _cards(view, rng)
    _restore(game, view, hands, deck, _proposal_steps(view, positions))
    return game


def _given_from_hand(view: Mapping[str, Any]) -> list[str]:
    """The beans a made proposal shows the active player giving from its hand (those are in that
    hand, BO-T4), to a viewer who is not the active player."""
    proposal = view["proposal"]
    if proposal is None or not proposal["made"] or view["viewer"] == view["active"]:
        return []
    return [b for b, up in zip(proposal["give"], proposal["turned_up"], strict=True) if not up]


def _cards(view: Mapping[str, Any], rng: random.Random) -> tuple[list[list[str]], list[str], list[int]]:
    """(every hand, the deck with its top card last, the hand positions, 1 = front, of the beans
    a made proposal gives from hand): the hidden cards dealt by the public hand sizes."""
    seat, active, sizes = view["viewer"], view["active"], view["hand_sizes"]
    pool, hidden = unseen_beans(view, BEAN_COUNTS)
    from_hand = _given_from_hand(view)
    pool.subtract(from_hand)
    cards = list(pool.elements())
    if min(pool.values(), default=0) < 0 or len(cards) + len(from_hand) != hidden:
        raise RuntimeError(
            _(
                "determinize: {value} cards are unaccounted for but the deck and the others' hands hold {hidden} (BO-E2)",
                value=len(cards) + len(from_hand),
                hidden=hidden,
            )
        )
    rng.shuffle(cards)
    hands: list[list[str]] = []
    positions: list[int] = []
    for s in range(view["players"]):
        if s == seat:
            hands.append(list(view["hands"][seat]))
        elif s == active and from_hand:
            marked: list[tuple[str, int | None]] = [(b, i) for i, b in enumerate(from_hand)]
            marked += [(b, None) for b in draw_from(rng, cards, sizes[s] - len(from_hand))]
            rng.shuffle(marked)
            hands.append([b for b, _ in marked])
            where = {i: k for k, (_, i) in enumerate(marked, 1) if i is not None}
            positions = [where[i] for i in range(len(from_hand))]
        else:
            hands.append(draw_from(rng, cards, sizes[s]))
    return hands, cards, positions


def _restore(
    game: Bohnanza,
    view: Mapping[str, Any],
    hands: list[list[str]],
    deck: list[str],
    replay: list[tuple[int, Any]],
) -> None:
    """Write the sampled state into a fresh game: the hands and deck as dealt, the public state
    as the view shows it, the game not over (BO-D2) and the caches the engine rebuilds emptied
    (BO-H1, BO-H3, BO-T4). A proposal under way is replayed through ``act`` (``replay``, its
    steps), which does not count against the sample's own decisions (BO-T4)."""
    n = view["players"]
    game.hands, game.deck = hands, deck
    game.dealer, game.first_player = view["dealer"], view["first_player"]
    game.turn, game.active, game.planted = view["turn"], view["active"], view["planted"]
    game.fields = [[list(f) if f else None for f in fs] for fs in view["fields"]]
    game.coins = [list(c) for c in view["coin_cards"]]
    game.discard = list(view["discard"])
    game.trading_area = list(view["trading_area"])
    game.received = [list(r) for r in view["received"]]
    game.exhaustions = view["exhaustions"]
    game.stopped = False
    game.proposal = None
    game._final_exhaustion = False
    game._any_time_cache = [None] * n
    game._give_steps = None
    if view["proposal"] is None:
        game.phase, game._to_act = view["phase"], tuple(view["to_act"])
    else:  # the replay starts from the active player's trading phase, no proposal yet
        game.phase, game._to_act, game.proposals_left = "trade", (view["active"],), None
        game._last_step += len(replay)
        for step_seat, step in replay:
            game.act(step_seat, step)
    game.proposals_left = view["proposals_left"]
    game.offers = [dict(o) for o in view["offers"]]


def _proposal_steps(view: Mapping[str, Any], positions: list[int]) -> list[tuple[int, Any]]:
    """BO-T4: the steps that replay the proposal under way (none without one), so the draft's
    legal steps are the engine's own."""
    seat, active, proposal = view["viewer"], view["active"], view["proposal"]
    if proposal is None:
        return []
    steps: list[tuple[int, Any]] = [(active, OFFER[proposal["partner"]])]
    if seat == active:
        steps += [(active, f"give {card}") for card in proposal["give_cards"]]
    elif proposal["made"]:
        hand_gives = iter(positions)
        steps += [
            (active, f"give {bean}" if up else f"give {bean}#{next(hand_gives)}")
            for bean, up in zip(proposal["give"], proposal["turned_up"], strict=True)
        ]
    # else: a draft only its maker sees, taken as just opened
    steps += [(active, f"ask {bean}") for bean in proposal["ask"] or ()]
    if proposal["made"]:
        steps.append((active, "propose"))
        # the viewer's own picks as the partner (None: not the viewer's to see)
        steps += [(proposal["partner"], f"give {card}") for card in proposal["picks"] or ()]
    return steps
