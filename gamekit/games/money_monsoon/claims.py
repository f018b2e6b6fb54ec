"""What lesson 02 (Money Monsoon) states about the game and its strategies, with the evidence (``gamekit.claims``).

Every measure returns one value per unit (a game, a bidding, a bid) whose mean is what the
sentence is about, deterministic given ``(seed, games)``. The comparisons of bots are paired:
the tables compared play the same deals in the same seats (``analysis.head_to_head_runs``,
``simulate`` with one seed), so a game gives one difference. Several claims read the same
tables, which are played once per ``(seed, games)`` and kept (``_runs``).

Scopes. "These bots at this table" is said where a claim is about the lesson's tables of bots;
the meta-game's claims seat one strategy against three opponents playing the main strategy of
the stored meta-game's equilibrium (``data/meta_games/money_monsoon.json``; a test checks it is
still ``META_OPPONENT``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pandas as pd

from ...claims import Claim, register
from . import analysis
from .i18n import N_

SWEEP = ("shade:0", "rollout:0.6", "rollout:1.0", "reserve")
SWEEP_OPPONENT = "shade"
META_OPPONENT = "rollout:0.6"  # the stored meta-game's equilibrium: rollout:0.6 in nearly every seat
EIGHT_TABLE = ("rollout:0.6", "shade", "shade")
TRACKS = (10, 40)
HAND_BOTS = ("truthful", "truthful", "shade:0.5", "zero8")
TABLE_SCOPE = N_("these bots at this table: two seats of each bot against two `shade`, seats rotating")


# ------------------------------------------------------------------ the tables, played once
@lru_cache(maxsize=64)
def _runs(key: str, seed: int, games: int) -> Any:
    """The simulated tables a group of claims reads, by ``key``; each played once per (seed, games)."""
    from ... import experiments
    from ...simulate import simulate, simulate_records

    if key == "sweep":
        return analysis.head_to_head_runs(list(SWEEP), SWEEP_OPPONENT, games, seed=seed)
    if key == "never-strongest":
        return analysis.head_to_head_runs(["shade:0"], "rollout:0.6", games, seed=seed)
    if key == "eight":
        trick = simulate_records("money_monsoon", 4, ["zero8:0.6", *EIGHT_TABLE], games, seed=seed)
        plain = simulate("money_monsoon", 4, ["shade", *EIGHT_TABLE], games, seed=seed)
        return trick, plain
    if key == "ties":
        settings = {"void": {"top_tie": "void"}, "seat": {"top_tie": "seat"}}
        return experiments.compare_settings("money_monsoon", 4, "truthful", games, settings, seed=seed)
    if key == "track":
        settings = {str(n): {"track_length": n} for n in TRACKS}
        run = experiments.compare_settings("money_monsoon", 4, list(HAND_BOTS), games, settings, seed=seed)
        seats = experiments.stacked(run)
        return analysis.game_table(seats, keys=["setting"]).set_index(["setting", "game"])
    if key == "moves":
        fields = {"strategy": list(HAND_BOTS), "random": ["random"] * 4}
        return {
            field: pd.concat(
                simulate_records("money_monsoon", 4, bots, games, seed=seed, options={"track_length": n})[
                    "moves"
                ]
                for n in TRACKS
            )
            for field, bots in fields.items()
        }
    if key.startswith("meta:"):
        candidate = key.split(":", 1)[1]
        opponents = [META_OPPONENT] * 3
        return simulate("money_monsoon", 4, [candidate, *opponents], games, seed=seed)
    raise KeyError(key)


def first_seat(table: pd.DataFrame) -> pd.Series:
    """Per game, the win share of the bot listed first (``simulate`` seats it at (-game) mod players)."""
    from ...simulate import listed_first

    rows = table[listed_first(table)]
    return rows.set_index("game")["win_share"].sort_index()


def listed_share(table: pd.DataFrame, first: bool) -> pd.Series:
    """Per game, the mean win share of the first-listed bot of a head-to-head table (or of its opponent)."""
    players = table.groupby("game")["seat"].transform("size")
    position = (table["seat"] + table["game"]) % players  # the bot's place in the list
    rows = table[(position % 2 == 0) == first]
    return rows.groupby("game")["win_share"].mean().sort_index()


def against_opponent(spec: str, key: str = "sweep") -> Any:
    """Measure: per game, ``spec``'s win share minus its opponent's at the same table."""

    def measure(seed: int, games: int) -> list[float]:
        table = _runs(key, seed, games)[spec]
        return (listed_share(table, True) - listed_share(table, False)).tolist()

    measure.__name__ = measure.__qualname__ = f"{spec.replace(':', '_').replace('.', '_')}_minus_opponent"
    return measure


def same_seats(spec: str, baseline: str) -> Any:
    """Measure: per game, ``spec``'s win share minus ``baseline``'s in the same seats of the same deals."""

    def measure(seed: int, games: int) -> list[float]:
        runs = _runs("sweep", seed, games)
        return (listed_share(runs[spec], True) - listed_share(runs[baseline], True)).tolist()

    name = f"{spec}_minus_{baseline}".replace(":", "_").replace(".", "_")
    measure.__name__ = measure.__qualname__ = f"{name}_same_seats"
    return measure


def zero8_minus_shade_in_its_seat(seed: int, games: int) -> list[float]:
    """Per game: the win share of one ``zero8:0.6`` minus that of ``shade`` in its seat, same deals."""
    trick, plain = _runs("eight", seed, games)
    return (first_seat(trick["seats"]) - first_seat(plain)).tolist()


def zero8_free_per_zero_bid(seed: int, games: int) -> list[float]:
    """Per bid of 0 that ``zero8:0.6`` made on an 8: 1 if it got the free 4 (MM-M5), else 0."""
    trick, _ = _runs("eight", seed, games)
    bids = trick["bids"]
    zeros = bids[(bids["bot"] == "zero8:0.6") & (bids["roll"] == 8) & (bids["bid"] == 0)]
    return zeros["free"].astype(float).tolist()


def void_lapsed_per_bidding(seed: int, games: int) -> list[float]:
    """Per bidding of four ``truthful`` bots under ``top_tie="void"``: 1 if every bid was void (MM-A6)."""
    auctions = _runs("ties", seed, games)["void"]["auctions"]
    return auctions["winner"].isna().astype(float).tolist()


def _per_game(seed: int, games: int, setting: str) -> pd.DataFrame:
    run = _runs("ties", seed, games)[setting]
    auctions = run["auctions"]
    won = auctions[auctions["winner"].notna() & (auctions["winning_bid"] > 0)]
    share = (won["price"] / won["winning_bid"]).groupby(won["game"]).mean()
    turns = run["seats"].groupby("game")["turns"].first()
    return pd.DataFrame({"turns": turns, "price_share": share})


def void_minus_seat_turns(seed: int, games: int) -> list[float]:
    """Per game: turns under ``top_tie="void"`` minus under ``"seat"``, the same deals (MM-A5)."""
    diff = _per_game(seed, games, "void")["turns"] - _per_game(seed, games, "seat")["turns"]
    return diff.dropna().tolist()


def void_minus_seat_price_share(seed: int, games: int) -> list[float]:
    """Per game: the mean price / winning bid under ``void`` minus under ``seat`` (MM-A5)."""
    diff = _per_game(seed, games, "void")["price_share"] - _per_game(seed, games, "seat")["price_share"]
    return diff.dropna().tolist()


def seat_auctioneer_tied_rolls_over_fair_share(seed: int, games: int) -> list[float]:
    """Per sold roll with tied top bids under ``seat``: 1 if the auctioneer won it, minus its fair share.

    The fair share is 1/k when the auctioneer is one of the k tied top bidders, else 0 (MM-A5).
    """
    run = _runs("ties", seed, games)["seat"]
    return analysis.tied_rolls(run["auctions"], run["bids"], keys=())["excess"].tolist()


def sweep_player_borrowed(seed: int, games: int) -> list[float]:
    """Per player and game at the sweep's tables: 1 if the player borrowed from the bank (MM-E4)."""
    runs = _runs("sweep", seed, games)
    return [float(b > 0) for spec in SWEEP for b in runs[spec]["borrowed"]]


def track_40_minus_10(column: str) -> Any:
    """Measure: per game, ``column`` of the game table on a 40-space track minus on a 10-space one."""

    def measure(seed: int, games: int) -> list[float]:
        table = _runs("track", seed, games)[column]
        return (table.loc["40"] - table.loc["10"]).tolist()

    measure.__name__ = measure.__qualname__ = f"track_40_minus_10_{column}"
    return measure


def moved(field: str, forward: bool) -> Any:
    """Measure: per pawn move of the ``field`` bots on the 10- and 40-space tracks, 1 if forward (or backward)."""

    def measure(seed: int, games: int) -> list[float]:
        steps = _runs("moves", seed, games)[field]["steps"]
        return ((steps > 0) if forward else (steps < 0)).astype(float).tolist()

    measure.__name__ = measure.__qualname__ = f"{field}_moves_{'forward' if forward else 'backward'}"
    return measure


def fee_share_on_40(seed: int, games: int) -> list[float]:
    """Per game on a 40-space track: the landing fees' share of all points the players gained."""
    return _runs("track", seed, games)["fee_share"].loc["40"].tolist()


def meta_difference(candidate: str, reference: str) -> Any:
    """Measure: per game, ``candidate`` minus ``reference`` in one seat against three ``META_OPPONENT``."""

    def measure(seed: int, games: int) -> list[float]:
        a, b = _runs(f"meta:{candidate}", seed, games), _runs(f"meta:{reference}", seed, games)
        return (first_seat(a) - first_seat(b)).tolist()

    name = f"meta_{candidate}_minus_{reference}".replace(":", "_").replace(".", "_")
    measure.__name__ = measure.__qualname__ = name
    return measure


# ------------------------------------------------------------------ the claims
def _claim(**fields: Any) -> None:
    fields.setdefault("unit", N_("win share per game"))
    register(Claim(lesson="02", **fields))


# (a) the sweep: these bots at this table, 40 games a seed.
_claim(
    id="02-shaded-rollout-beats-shade",
    sentence=N_("At this table `rollout:0.6` wins more often than the two `shade` bots it plays against."),
    scope=TABLE_SCOPE,
    measure=against_opponent("rollout:0.6"),
    games=80,
    direction="above",
    family="02-sweep",
)
_claim(
    id="02-shaded-beats-full-value",
    sentence=N_(
        "At this table, bidding 0.6 of the rollout value wins more often than bidding all of it (`rollout:1`) in the same seats."
    ),
    scope=TABLE_SCOPE,
    measure=same_seats("rollout:0.6", "rollout:1.0"),
    games=80,
    direction="above",
    family="02-sweep",
)
_claim(
    id="02-full-value-like-shade",
    sentence=N_(
        "At this table, bidding the full rollout value (`rollout:1`) shows no detectable difference from `shade`."
    ),
    scope=TABLE_SCOPE,
    measure=against_opponent("rollout:1.0"),
    games=80,
    direction="no_difference",
)
_claim(
    id="02-never-bidding-loses-to-shade",
    sentence=N_("A bot that never bids (`shade:0`) wins less often than the `shade` bots at its table."),
    scope=TABLE_SCOPE,
    measure=against_opponent("shade:0"),
    games=80,
    direction="below",
    family="02-sweep",
)
_claim(
    id="02-sweep-rarely-borrows",
    sentence=N_(
        "At these tables players almost never borrow from the bank (MM-E4): fewer than 1 player in 50 does"
        " in a game."
    ),
    scope=N_(
        "these bots at this table: the four tables of section 8 (a) and (b), two seats of `shade:0`, `rollout:0.6`, `rollout:1` or `reserve` against two `shade`"
    ),
    measure=sweep_player_borrowed,
    games=80,
    direction="below",
    threshold=0.02,
    unit=N_("share of players who borrowed, per player and game"),
    units=N_("players in a game"),
)
# (b) the auctioneer's reserve.
_claim(
    id="02-reserve-like-shade",
    sentence=N_(
        "At this table, `reserve` (the theory's auctioneer bid) shows no detectable difference from `shade`."
    ),
    scope=TABLE_SCOPE,
    measure=against_opponent("reserve"),
    games=80,
    direction="no_difference",
)
_claim(
    id="02-reserve-beats-full-value",
    sentence=N_(
        "At this table, bidding the theory's reserve as auctioneer (`reserve`) wins more often than bidding the rollout value (`rollout:1`) in the same seats."
    ),
    scope=TABLE_SCOPE,
    measure=same_seats("reserve", "rollout:1.0"),
    games=80,
    direction="above",
    family="02-sweep",
)
# (c) never bidding, and the 0 on an 8.
_claim(
    id="02-never-bidding-loses-to-strongest",
    sentence=N_("Against `rollout:0.6`, the strongest bot, never bidding (`shade:0`) wins less often."),
    scope=N_("these bots at this table: two `shade:0` against two `rollout:0.6`, seats rotating"),
    measure=against_opponent("shade:0", key="never-strongest"),
    games=60,
    direction="below",
    family="02-tricks",
    value_range=(-0.5, 0.5),
)
_claim(
    id="02-zero-on-eight-pays-alone",
    sentence=N_(
        "Alone at a table of strong bots, a bot that bids 0 on every 8 (`zero8:0.6`) wins more often than `shade` in its seat."
    ),
    scope=N_(
        "these bots at this table: one `zero8:0.6` or `shade` with `rollout:0.6` and two `shade`, the same deals"
    ),
    measure=zero8_minus_shade_in_its_seat,
    games=80,
    direction="above",
    family="02-tricks",
)
_claim(
    id="02-zero-bid-gets-free-four",
    sentence=N_("Alone at that table, `zero8:0.6` gets the free 4 on most of its bids of 0 on an 8."),
    scope=N_("these bots at this table: one `zero8:0.6` with `rollout:0.6` and two `shade`"),
    measure=zero8_free_per_zero_bid,
    games=80,
    direction="above",
    threshold=0.5,
    family="02-tricks",
    unit=N_("share of its bids of 0 on an 8"),
    units=N_("bids of 0 on an 8"),
)
# (d) the tie rule, four truthful bots.
TIES_SCOPE = N_("these bots at this table: four `truthful` bots, the same deals under each rule")
_claim(
    id="02-void-few-lapses",
    sentence=N_("Under `void` only a few rolls in a hundred lapse: fewer than 8."),
    scope=TIES_SCOPE,
    measure=void_lapsed_per_bidding,
    games=200,
    direction="below",
    threshold=0.08,
    family="02-ties",
    unit=N_("share of biddings"),
    units=N_("biddings"),
)
_claim(
    id="02-void-games-longer",
    sentence=N_(
        "Games under `void` last a little longer than under `seat`: the rolls that lapse are turns in which no pawn moves."
    ),
    scope=TIES_SCOPE,
    measure=void_minus_seat_turns,
    games=200,
    direction="above",
    family="02-ties",
    unit=N_("turns per game"),
)
_claim(
    id="02-void-lower-price-share",
    sentence=N_("Under `void` the winner pays a smaller share of its bid than under `seat`."),
    scope=TIES_SCOPE,
    measure=void_minus_seat_price_share,
    games=200,
    direction="below",
    family="02-ties",
    unit=N_("price / winning bid, per game"),
)
_claim(
    id="02-seat-auctioneer-takes-tied-rolls",
    sentence=N_(
        "Under `seat` the auctioneer, first in seat order, wins more of the rolls whose top bids tie than its fair"
        " share: 1/k of each roll on which it is one of the k tied top bidders."
    ),
    scope=TIES_SCOPE,
    measure=seat_auctioneer_tied_rolls_over_fair_share,
    games=200,
    direction="above",
    family="02-ties",
    unit=N_("won minus fair share, per tied roll"),
    units=N_("tied rolls"),
)
# (e) the track.
TRACK_SCOPE = N_(
    "these bots at this table: `truthful`, `truthful`, `shade:0.5`, `zero8`, the same deals on each track"
)
_claim(
    id="02-longer-track-longer-games",
    sentence=N_("On a 40-space track games last more turns than on a 10-space one."),
    scope=TRACK_SCOPE,
    measure=track_40_minus_10("turns"),
    games=50,
    direction="above",
    family="02-track",
    unit=N_("turns per game"),
)
_claim(
    id="02-longer-track-more-fees",
    sentence=N_(
        "On a 40-space track landing fees are a larger share of the points gained than on a 10-space one."
    ),
    scope=TRACK_SCOPE,
    measure=track_40_minus_10("fee_share"),
    games=50,
    direction="above",
    family="02-track",
    unit=N_("share of points gained, per game"),
)
_claim(
    id="02-bonuses-outweigh-fees",
    sentence=N_(
        "Even on a 40-space track, landing fees are less than half of the points gained: the bonuses stay the larger part."
    ),
    scope=TRACK_SCOPE,
    measure=fee_share_on_40,
    games=50,
    direction="below",
    threshold=0.5,
    family="02-track",
    unit=N_("share of points gained, per game"),
)
_claim(
    id="02-strategy-bots-move-forward",
    sentence=N_("The hand-valuation bots of (e) move a pawn forward on more than 9 of their moves in 10."),
    scope=N_(
        "these bots at this table: `truthful`, `truthful`, `shade:0.5`, `zero8`, the same deals on each track"
        ", on the 10- and the 40-space track"
    ),
    measure=moved("strategy", forward=True),
    games=50,
    direction="above",
    threshold=0.9,
    unit=N_("share of moves forward"),
    units=N_("moves"),
)
_claim(
    id="02-random-bots-move-back",
    sentence=N_("Random bots, for contrast, move a pawn backward on more than a quarter of their moves."),
    scope=N_("these bots at this table: four `random` bots, on the 10- and the 40-space track"),
    measure=moved("random", forward=False),
    games=50,
    direction="above",
    threshold=0.25,
    unit=N_("share of moves backward"),
    units=N_("moves"),
)
# The meta-game: one seat against three players of the equilibrium's main strategy.
META_SCOPE = N_(
    "the game, one seat against three `rollout:0.6`, the main strategy of the stored meta-game's equilibrium"
)
for _candidate, _reference, _slug, _sentence in (
    (
        "rollout:0.6",
        "shade:0.6",
        "02-meta-shaded-like-shade",
        N_("Where play settles, `rollout:0.6` shows no detectable difference from `shade`."),
    ),
    (
        "rollout:0.6",
        "rollout:1",
        "02-meta-shaded-like-full-value",
        N_(
            "Where play settles, bidding 0.6 of the rollout value shows no detectable difference from bidding all of it."
        ),
    ),
    (
        "shade:0",
        "rollout:0.6",
        "02-meta-never-bidding-like-shaded",
        N_(
            "Where play settles, never bidding (`shade:0`) shows no detectable difference from `rollout:0.6`."
        ),
    ),
):
    _claim(
        id=_slug,
        sentence=_sentence,
        scope=META_SCOPE,
        measure=meta_difference(_candidate, _reference),
        games=80,
        direction="no_difference",
    )
