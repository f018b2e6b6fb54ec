"""Bohnanza: harvest a field now or wait, from what the player knows (BO-C2, BO-H1), and a
state sampled from one player's view (``sample_state``, MCTS's determinization).

The harvest theory is game-free like every generic layer: the beanometer (``pay``) and the card
counts are arguments. ``gamekit.games.bohnanza.timing`` reads a player's view into them for the
bots and the lesson's forecasts (and imports this module, so ``sample_state`` imports the engine
only when it is called).

A player knows the order of its own hand (BO-C2): the next cards it must plant. The cards it
cannot see are the deck and the other players' hands; from the public counts (fields, coins,
discard pile, trading area, hand sizes) it knows how many of each bean are among them, so a card
it turns up later is, to it, a draw without replacement from that unseen pool: ``X``, the beans
of a type among ``draws`` unseen cards, is hypergeometric (``hypergeometric``, the one law every
question below sums over).

Two questions about one field of ``count`` beans, with ``pay`` the bean's beanometer:

- **What does it pay if harvested after ``draws`` more unseen cards?** ``pay_after``: the
  expected thaler, E[pay[count + X]], and the chance it pays more than now. The lesson's table
  asks it turn by turn (two cards a turn, BO-T3).
- **Harvest it now or wait for the forced harvest?** ``harvest_now_or_wait``: pay[count] now
  against E[pay[count + known + X]] then, where ``known`` is the beans of its type the player's
  own hand queue plants before the first hand card that fits no field forces a harvest
  (``queue_before_forced``) and ``draws`` the unseen cards it turns up by then. Waiting never
  pays less (the beanometer only rises), so the useful figure is ``gain_of_waiting``: when it
  is 0, the next step is out of reach before the forced harvest and the field may as well be
  harvested now to make room. The bots ask this.

``prob_more(k, ...)`` = P(known + X >= k).

>>> round(prob_more(1, known=0, unseen_of_bean=2, unseen_total=4, draws=2), 4)  # 1 - C(2,2)/C(4,2)
0.8333
>>> harvest_now_or_wait((0, 0, 1, 2, 3, 4, 4), 2, known=1, unseen_of_bean=0, unseen_total=10, draws=2)
(1, 2.0)
>>> pay_after((0, 0, 1, 2, 3, 4, 4), 2, unseen_of_bean=1, unseen_total=2, draws=1)  # half the time 3 beans
(1.5, 0.5)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

from ..core.chance import draw_from

__all__ = [
    "BOHNANZA_PRIVATE",
    "gain_of_waiting",
    "harvest_now_or_wait",
    "hypergeometric",
    "pay_after",
    "prob_more",
    "queue_before_forced",
    "sample_state",
    "unseen_beans",
]


def unseen_beans(view: Mapping[str, Any], card_counts: Mapping[str, int]) -> tuple[Counter[str], int]:
    """(count of each bean, number of cards) the viewer cannot see: the deck and the others' hands.

    ``card_counts``: how many cards of each bean the game has (Bohnanza's ``rules.BEAN_COUNTS``).
    Every card is somewhere (BO-E2); the viewer sees its own hand, all fields, coins, the
    discard pile, the trading area and the beans set aside, so the rest is unseen.
    """
    me = view["viewer"]
    seen: Counter[str] = Counter(view["hands"][me])
    for fields in view["fields"]:
        for f in fields:
            if f is not None:
                seen[f[0]] += f[1]
    for pile in view["coin_cards"]:
        seen.update(pile)
    seen.update(view["discard"])
    seen.update(view["trading_area"])
    for pile in view["received"]:
        seen.update(pile)
    unseen = Counter({b: n - seen[b] for b, n in card_counts.items() if n - seen[b] > 0})
    total = view["deck_size"] + sum(n for s, n in enumerate(view["hand_sizes"]) if s != me)
    return unseen, total


def hypergeometric(x: int, unseen_of_bean: int, unseen_total: int, draws: int) -> float:
    """P(exactly ``x`` beans of the type among ``draws`` cards drawn from the unseen pool)."""
    draws = min(draws, unseen_total)
    if x < 0 or x > draws or x > unseen_of_bean or draws - x > unseen_total - unseen_of_bean:
        return 0.0
    return (
        comb(unseen_of_bean, x) * comb(unseen_total - unseen_of_bean, draws - x) / comb(unseen_total, draws)
    )


def prob_more(k: int, known: int, unseen_of_bean: int, unseen_total: int, draws: int) -> float:
    """P(at least ``k`` more beans of the type before the forced harvest): known + X >= k."""
    need = k - known
    if need <= 0:
        return 1.0
    return sum(hypergeometric(x, unseen_of_bean, unseen_total, draws) for x in range(need, draws + 1))


def pay_after(
    pay: Sequence[int], count: int, unseen_of_bean: int, unseen_total: int, draws: int
) -> tuple[float, float]:
    """(expected thaler, chance it pays more than now) of the field harvested once ``draws`` more
    unseen cards have come, every one of its type joining it.

    ``pay[n]`` is what a field of ``n`` beans pays, the bean's beanometer (Bohnanza's
    ``rules.HARVEST[bean]``), up to the most beans a field can hold.
    """
    if not 0 <= unseen_of_bean <= unseen_total:
        raise ValueError(
            f"need 0 <= unseen beans of the type ({unseen_of_bean}) <= unseen cards ({unseen_total})"
        )
    top = len(pay) - 1
    now = pay[min(count, top)]
    law = [
        (hypergeometric(x, unseen_of_bean, unseen_total, draws), pay[min(count + x, top)])
        for x in range(max(0, min(draws, unseen_total)) + 1)
    ]
    return sum(p * thaler for p, thaler in law), sum(p for p, thaler in law if thaler > now)


def harvest_now_or_wait(
    pay: Sequence[int], count: int, known: int, unseen_of_bean: int, unseen_total: int, draws: int
) -> tuple[int, float]:
    """(thaler of harvesting now, expected thaler of harvesting at the forced harvest): the field
    then holds the ``known`` beans the hand queue plants too (``pay_after`` of ``count + known``)."""
    return pay[count], pay_after(pay, count + known, unseen_of_bean, unseen_total, draws)[0]


def gain_of_waiting(
    pay: Sequence[int], count: int, known: int, unseen_of_bean: int, unseen_total: int, draws: int
) -> float:
    """Expected thaler gained by waiting rather than harvesting now (0: the next step is out of reach)."""
    now, wait = harvest_now_or_wait(pay, count, known, unseen_of_bean, unseen_total, draws)
    return round(wait - now, 12)  # 0 exactly when no step is within reach, not rounding noise


def queue_before_forced(fields: Sequence[list | None], hand: Sequence[str]) -> tuple[Counter[str], int]:
    """(beans of each type the hand queue plants before a harvest is forced, cards planted by then).

    The hand is planted front first, each card onto a field of its type or an empty field
    (BO-T1, BO-T2); the first card that fits neither forces a harvest, and the count stops there.
    """
    grown = {f[0] for f in fields if f is not None}
    empty = sum(1 for f in fields if f is None)
    planted: Counter[str] = Counter()
    n = 0
    for bean in hand:
        if bean not in grown:
            if not empty:
                break
            grown.add(bean)
            empty -= 1
        planted[bean] += 1
        n += 1
    return planted, n


# The engine's private attributes ``sample_state`` sets (everything else it sets is public and
# read off the view): whose decision is awaited, the third exhaustion not yet reached (BO-D2),
# the safety limit's last step (BO-T4), and two caches the engine rebuilds when they are None.
BOHNANZA_PRIVATE = ("_to_act", "_final_exhaustion", "_last_step", "_any_time_cache", "_give_steps")


def sample_state(view: Mapping[str, Any], rng: random.Random) -> Any:
    """A Bohnanza game whose ``view(seat)`` is ``view`` (a seat's view), what the view hides dealt
    at random (``rng``) from the cards it leaves unaccounted for: a state to search from (MCTS's
    determinization, ``gamekit.rl.mcts.determinize``, which also checks the view it shows).

    Sampled: the cards the viewer cannot see (``unseen_beans``: all 104 less its own hand, the
    fields, coin cards, discard pile, trading area and beans set aside, BO-E2) are dealt to the
    other hands by their public sizes, front to back at random (BO-C2), and the rest are the
    deck in random order; the deck has run out as often as the view says (BO-D1, BO-D2), and a
    reshuffle still to come is drawn by the sample's own generator (a fresh seed per sample).
    A proposal under way (BO-T4) is replayed through ``act``: the viewer's own as the view
    shows it; a made proposal seen from outside gets the active player's hand dealt with the
    beans it gives from hand, at random positions; a draft the viewer cannot see is taken as
    just opened (what goes in it is the active player's choice, not chance), and a partner's
    picks the viewer cannot see as none yet (the partner may still pick).

    Not used: the public log (what the discard pile held when it was reshuffled, BO-D1, which
    says which unseen cards can be in the deck and which only in hands), the decisions made so
    far (the sample's safety limit, BO-T4, allows ``max_decisions`` decisions of its own play,
    the replay not counted), the stats tallies (start at 0) and ``three_fields_at_start``,
    which only the set-up reads (the fields are the view's). Public state is set on a fresh
    game; the engine's private attributes touched are ``BOHNANZA_PRIVATE``."""
    from ..core.game import game_class
    from ..games.bohnanza.actions import OFFER
    from ..games.bohnanza.rules import BEAN_COUNTS

    seat, n, phase = view["viewer"], view["players"], view["phase"]
    if seat is None:
        raise ValueError("sample_state needs a seat's view, not the teacher's (viewer None)")
    if phase == "over" or not view["to_act"]:
        raise ValueError("sample_state: the game is over (BO-D2), there is no state to search from")
    options = {key: view[key] for key in ("third_field_cost", "proposals_per_turn", "max_decisions")}
    game: Any = game_class("bohnanza")(n, seed=rng.getrandbits(32), options=options)
    active, proposal = view["active"], view["proposal"]
    # The hidden cards: what the viewer cannot see, less the beans a made proposal shows the
    # active player giving from its hand (those are in that hand, BO-T4).
    pool, hidden = unseen_beans(view, BEAN_COUNTS)
    from_hand: list[str] = []
    if proposal is not None and proposal["made"] and seat != active:
        from_hand = [b for b, up in zip(proposal["give"], proposal["turned_up"], strict=True) if not up]
    pool.subtract(from_hand)
    cards = list(pool.elements())
    sizes = view["hand_sizes"]
    if min(pool.values(), default=0) < 0 or len(cards) + len(from_hand) != hidden:
        raise RuntimeError(
            f"sample_state: {len(cards) + len(from_hand)} cards are unaccounted for but the deck and "
            f"the others' hands hold {hidden} (BO-E2)"
        )
    rng.shuffle(cards)
    hands: list[list[str]] = []
    positions: list[int] = []  # hand positions (1 = front) of ``from_hand``, in the order given
    for s in range(n):
        if s == seat:
            hands.append(list(view["hands"][seat]))
        elif s == active and from_hand:
            marked = [(b, i) for i, b in enumerate(from_hand)]
            marked += [(b, None) for b in draw_from(rng, cards, sizes[s] - len(from_hand))]
            rng.shuffle(marked)
            hands.append([b for b, _ in marked])
            where = {i: k for k, (_, i) in enumerate(marked, 1) if i is not None}
            positions = [where[i] for i in range(len(from_hand))]
        else:
            hands.append(draw_from(rng, cards, sizes[s]))
    game.hands = hands
    game.deck = cards  # the top card last (BO-D1)
    # Public state, as the view shows it.
    game.dealer, game.first_player = view["dealer"], view["first_player"]
    game.turn, game.active, game.planted = view["turn"], active, view["planted"]
    game.fields = [[list(f) if f else None for f in fs] for fs in view["fields"]]
    game.coins = [list(c) for c in view["coin_cards"]]
    game.discard = list(view["discard"])
    game.trading_area = list(view["trading_area"])
    game.received = [list(r) for r in view["received"]]
    game.exhaustions = view["exhaustions"]
    game.stopped = False
    game.proposal = None
    game._final_exhaustion = False  # the game is not over (BO-D2)
    game._any_time_cache = [None] * n  # rebuilt from the fields and coins (BO-H1, BO-H3)
    game._give_steps = None  # rebuilt from the trading area and the hand (BO-T4)
    if proposal is None:
        game.phase = phase
        game._to_act = tuple(view["to_act"])
    else:  # BO-T4: replayed step by step, so the draft's legal steps are the engine's own
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
        game.phase, game._to_act, game.proposals_left = "trade", (active,), None
        game._last_step += len(steps)  # the replay is not the sample's own play (BO-T4)
        for step_seat, step in steps:
            game.act(step_seat, step)
    game.proposals_left = view["proposals_left"]
    game.offers = [dict(o) for o in view["offers"]]
    return game
