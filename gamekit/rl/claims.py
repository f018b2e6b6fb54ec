"""Lesson 07's claims: what it says of CFR+ on For Sale's selling phase, of the bots' selling rules
against that equilibrium, and of the MCTS agent and random play at these tables.

The CFR+ claims are exact values of one small game (deterministic: every seed gives the same
single value). The win-share claims are one value per game, the agent's share of the win (1, 1/k
in a k-way tie, 0), on games of their own per seed (``_seed_base``), the agent's seat rotated.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gamekit.claims import Claim, register
from gamekit.core.game import game_class
from gamekit.core.i18n import N_

from . import STRONGEST

# OpenSpiel is imported by the measures, not here: ``gamekit.claims`` loads this module to list
# every lesson's claims, with or without the ``rl`` extra.

CFR_ITERATIONS = 64  # as the lesson runs it
RULES = ("house_value", "skew_match", "save_top")  # the bots' selling rules the lesson compares


def _seed_base(seed: int) -> int:
    """Game seeds of claim seed ``seed``: ``seed * 1,000,000 + i``, none shared between seeds."""
    return seed * 1_000_000


@lru_cache(maxsize=1)
def _solution() -> Any:
    from gamekit.games.for_sale import solve

    return solve.solve_selling(iterations=CFR_ITERATIONS)


@lru_cache(maxsize=1)
def _comparison() -> Any:
    from gamekit.games.for_sale import solve

    return solve.compare_with_bots(_solution(), RULES)


def win_shares(*args: Any) -> list[float]:
    from .mcts import win_shares as shares

    return shares(*args)


def cfr_nash_conv(seed: int, games: int) -> list[float]:
    """NashConv (thousands) of CFR+'s average policy after 64 iterations (exact; any seed)."""
    return [_solution().nash_conv]


def rule_shortfall(seed: int, games: int) -> list[float]:
    """The least any of the bots' selling rules falls short of the equilibrium's own value when
    played against the equilibrium, less CFR+'s remaining NashConv (its slack): above 0 means
    every rule earns less than the equilibrium by more than the slack (exact; any seed)."""
    value = _comparison()["seat A's value against the equilibrium (thousands)"]
    return [float(value.iloc[0] - value.iloc[1:].max()) - _solution().nash_conv]


def rule_nash_conv(seed: int, games: int) -> list[float]:
    """The smallest NashConv (thousands) of the bots' selling rules when both seats play one (exact)."""
    table = _comparison()
    return [float(table["NashConv if every seat plays it (thousands)"].iloc[1:].min())]


def first_round_top_probability(seed: int, games: int) -> list[float]:
    """The largest probability the equilibrium gives any one house in seat A's first-round
    choices with a real choice (exact; any seed): below 1 means it mixes in every one of them."""
    from gamekit.games.for_sale import solve

    table = solve.equilibrium_table(_solution())
    columns = [c for c in table.columns if c.startswith("P(sell")]
    return [float(table[columns].max(axis=1).max())]


def _random_against_strongest(name: str):
    def measure(seed: int, games: int) -> list[float]:
        return win_shares(name, "random", STRONGEST[name], games, None, _seed_base(seed))

    measure.__name__ = measure.__qualname__ = f"random_against_strongest_{name}"
    return measure


random_against_strongest_for_sale = _random_against_strongest("for_sale")
random_against_strongest_money_monsoon = _random_against_strongest("money_monsoon")
random_against_strongest_kuhhandel = _random_against_strongest("kuhhandel")
random_against_strongest_bohnanza = _random_against_strongest("bohnanza")


def mcts_against_random(seed: int, games: int) -> list[float]:
    """For Sale: MCTS at 20 simulations a decision against two random players, its win share per game."""
    return win_shares("for_sale", "mcts:20", "random", games, 3, _seed_base(seed))


def mcts_against_house_value(seed: int, games: int) -> list[float]:
    """For Sale: MCTS at 20 simulations against two ``house_value:1.5``, its win share per game."""
    return win_shares("for_sale", "mcts:20", STRONGEST["for_sale"], games, 3, _seed_base(seed))


def more_simulations_against_random(seed: int, games: int) -> list[float]:
    """For Sale against two random players: per game, MCTS's win share at 20 simulations less its
    share at 2 simulations on the same game and seat (paired)."""
    many = win_shares("for_sale", "mcts:20", "random", games, 3, _seed_base(seed))
    few = win_shares("for_sale", "mcts:2", "random", games, 3, _seed_base(seed))
    return [a - b for a, b in zip(many, few, strict=True)]


GUIDED_AGENT = "mcts:30/house_value:1.5"  # lesson 07's agent that reads its log and rolls out with the bot


def guided_against_house_value(seed: int, games: int) -> list[float]:
    """For Sale: the agent that samples from its view and log and rolls out with ``house_value:1.5``
    (``mcts.make_agent(GUIDED_AGENT)``, 30 simulations a decision) against two ``house_value:1.5``,
    its win share per game."""
    return win_shares("for_sale", GUIDED_AGENT, STRONGEST["for_sale"], games, 3, _seed_base(seed))


# Lesson 01's meta-game settles on ``spread:0.45``, which beats ``house_value:1.5`` head to head: the
# agent, rolling out with that bot instead, against two of it.
HEAD_TO_HEAD_BEST = "spread:0.45"


def guided_against_spread(seed: int, games: int) -> list[float]:
    """For Sale: the agent that samples from its view and log and rolls out with ``spread:0.45``
    (30 simulations a decision) against two ``spread:0.45``, its win share per game."""
    agent = GUIDED_AGENT.replace(STRONGEST["for_sale"], HEAD_TO_HEAD_BEST)
    return win_shares("for_sale", agent, HEAD_TO_HEAD_BEST, games, 3, _seed_base(seed))


THESE_BOTS = N_("these bots at this table")
SMALL_GAME = N_("the game: the selling variant on the short deck (exact values of CFR+'s average policy)")


def _literal(sentence: str, built: str) -> str:
    """``sentence``, the literal a translator's catalogue knows, after checking it still says what
    the code would build (``built``): a changed constant must change the sentence too."""
    if sentence != built:
        raise RuntimeError(f"claim sentence {sentence!r} no longer matches the code: {built!r}")
    return sentence


register(
    Claim(
        id="07-cfr-nashconv-small",
        lesson="07",
        sentence=_literal(
            N_(
                "After 64 iterations of CFR+, NashConv is under 0.2 thousand: "
                "under half a percent of the 43-thousand pool."
            ),
            f"After {CFR_ITERATIONS} iterations of CFR+, NashConv is under 0.2 thousand: "
            "under half a percent of the 43-thousand pool.",
        ),
        scope=SMALL_GAME,
        measure=cfr_nash_conv,
        games=1,
        direction="below",
        threshold=0.2,
        unit=N_("thousand"),
    )
)
register(
    Claim(
        id="07-rules-earn-less-than-equilibrium",
        lesson="07",
        sentence=N_(
            "Against the equilibrium, each of the bots' selling rules (`house_value`, `skew_match`, "
            "`save_top`) earns less than the equilibrium itself, by more than CFR+'s remaining NashConv."
        ),
        scope=SMALL_GAME,
        measure=rule_shortfall,
        games=1,
        direction="above",
        threshold=0.0,
        unit=N_("thousand (the smallest shortfall, less the NashConv)"),
    )
)
register(
    Claim(
        id="07-rules-far-from-equilibrium",
        lesson="07",
        sentence=N_(
            "Played by both seats, none of these selling rules is near an equilibrium: "
            "each one's NashConv is over 9 thousand."
        ),
        scope=SMALL_GAME,
        measure=rule_nash_conv,
        games=1,
        direction="above",
        threshold=9.0,
        unit=N_("thousand (the smallest rule NashConv)"),
    )
)
register(
    Claim(
        id="07-equilibrium-mixes-first-round",
        lesson="07",
        sentence=N_(
            "In every first-round situation of seat A in the table, the equilibrium mixes: "
            "no house gets a probability above 0.9."
        ),
        scope=SMALL_GAME,
        measure=first_round_top_probability,
        games=1,
        direction="below",
        threshold=0.9,
        unit=N_("(the largest probability of one house)"),
    )
)

_RANDOM_LOSES = {
    "for_sale": N_(
        "For Sale: a player choosing at random among the legal actions wins less than an even share "
        "(1 in 3) against 2 × `house_value:1.5`."
    ),
    "money_monsoon": N_(
        "Money Monsoon: a player choosing at random among the legal actions wins less than an even share "
        "(1 in 4) against 3 × `rollout:0.6`."
    ),
    "kuhhandel": N_(
        "Kuhhandel: a player choosing at random among the legal actions wins less than an even share "
        "(1 in 3) against 2 × `cowtrader:3`."
    ),
    "bohnanza": N_(
        "Bohnanza: a player choosing at random among the legal actions wins less than an even share "
        "(1 in 3) against 2 × `grower`."
    ),
}
_GAME_TITLES = {
    "for_sale": "For Sale",
    "money_monsoon": "Money Monsoon",
    "kuhhandel": "Kuhhandel",
    "bohnanza": "Bohnanza",
}
for _name, _measure in (
    ("for_sale", random_against_strongest_for_sale),
    ("money_monsoon", random_against_strongest_money_monsoon),
    ("kuhhandel", random_against_strongest_kuhhandel),
    ("bohnanza", random_against_strongest_bohnanza),
):
    _players = game_class(_name).min_players
    register(
        Claim(
            id=f"07-random-loses-{_name.replace('_', '-')}",
            lesson="07",
            sentence=_literal(
                _RANDOM_LOSES[_name],
                f"{_GAME_TITLES[_name]}: a player choosing at random among the legal actions wins "
                f"less than an even share (1 in {_players}) against {_players - 1} × `{STRONGEST[_name]}`.",
            ),
            scope=THESE_BOTS,
            measure=_measure,
            games=60,
            direction="below",
            threshold=round(1 / _players, 6),
            family="07-random-baseline",
            unit=N_("win share"),
            value_range=(0.0, 1.0),
        )
    )

register(
    Claim(
        id="07-mcts-beats-random",
        lesson="07",
        sentence=N_(
            "For Sale: at 20 simulations a decision, the MCTS agent wins more than an even share "
            "(1 in 3) against two random players."
        ),
        scope=THESE_BOTS,
        measure=mcts_against_random,
        games=150,
        direction="above",
        threshold=round(1 / 3, 6),
        unit=N_("win share"),
        value_range=(0.0, 1.0),
    )
)
register(
    Claim(
        id="07-mcts-loses-to-house-value",
        lesson="07",
        sentence=N_(
            "For Sale: at 20 simulations a decision, the MCTS agent wins less than an even share "
            "(1 in 3) against two `house_value:1.5`."
        ),
        scope=THESE_BOTS,
        measure=mcts_against_house_value,
        games=20,
        direction="below",
        threshold=round(1 / 3, 6),
        unit=N_("win share"),
        value_range=(0.0, 1.0),
    )
)
register(
    Claim(
        id="07-more-simulations-win-more",
        lesson="07",
        sentence=N_(
            "For Sale against two random players: the agent at 20 simulations a decision wins more "
            "than at 2, on the same games."
        ),
        scope=THESE_BOTS,
        measure=more_simulations_against_random,
        games=150,
        direction="above",
        threshold=0.0,
        unit=N_("win share (paired difference per game)"),
    )
)
register(
    Claim(
        id="07-guided-mcts-beats-house-value",
        lesson="07",
        sentence=N_(
            "For Sale: the agent that samples from its view and its log and rolls out with `house_value:1.5` "
            "(`mcts:30/house_value:1.5`, 30 simulations a decision) wins more than an even share (1 in 3) "
            "against two `house_value:1.5`."
        ),
        scope=THESE_BOTS,
        measure=guided_against_house_value,
        games=40,
        direction="above",
        threshold=round(1 / 3, 6),
        unit=N_("win share"),
        value_range=(0.0, 1.0),
    )
)
register(
    Claim(
        id="07-guided-mcts-beats-spread",
        lesson="07",
        sentence=N_(
            "For Sale: the same agent rolling out with `spread:0.45` (`mcts:30/spread:0.45`), the bot lesson 01's "
            "meta-game settles on and which beats `house_value:1.5` head to head, wins more than an even share "
            "(1 in 3) against two `spread:0.45`."
        ),
        scope=THESE_BOTS,
        measure=guided_against_spread,
        games=40,
        direction="above",
        threshold=round(1 / 3, 6),
        unit=N_("win share"),
        value_range=(0.0, 1.0),
    )
)
