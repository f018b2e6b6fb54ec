"""What lesson 01 (For Sale) says about the game and its bots, with the evidence (``gamekit.claims``).

Each measure plays fresh games from its seed (``simulate``'s seeding: game i of seed s is dealt
from ``game_seed(s, i)``) and returns one value per unit whose mean is the sentence's quantity:
a paired difference per game where two bots or settings are compared on the same deals, a 0/1
or an amount per decision, purchase or sale otherwise. The lesson's table is the four bots
``house_value``, ``spread``, ``save_top`` and ``skew_match`` rotated through four seats; the
equilibrium table is the meta-game's (``data/meta_games/for_sale.json``): three ``house_value``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...claims import Claim, register
from ...simulate import simulate, simulate_records
from . import analysis
from .rules import COIN_VALUE
from .values import one_round_value

PLAYERS = 4
TABLE = ("house_value", "spread", "save_top", "skew_match")
LABELS = {
    "house_value": "house_value:1.5",
    "spread": "spread:0.3",
    "save_top": "save_top:12",
    "skew_match": "skew_match:0.5",
}
EQUILIBRIUM = ("house_value",) * 3  # the meta-game's pure equilibrium: every other seat house_value
FRACTIONS = (0.0, 0.25, 0.5, 1.0)
AT_THE_TABLE = "these bots at this table: house_value, spread, save_top and skew_match, 4 players, IELLO 2020"
AGAINST_HOUSE_VALUE = "these bots: one seat against three house_value bots, 4 players, IELLO 2020"
EQUILIBRIUM_SCOPE = (
    "the game, against opponents drawn from the meta-game's equilibrium mix (three house_value), "
    "among spread, house_value and save_top"
)


# ------------------------------------------------------------------ the plays, shared by claims
@cache
def _seats(bots: tuple[str, ...], games: int, seed: int, edition: str = "iello-2020") -> Any:
    return simulate("for_sale", PLAYERS, list(bots), games, seed=seed, options={"edition": edition})


@cache
def _records(games: int, seed: int) -> dict[str, Any]:
    return simulate_records("for_sale", PLAYERS, "house_value", games, seed=seed)


def _per_game(seats: Any, label: str, column: str) -> Any:
    """One value per game: ``label``'s ``column`` (its mean if it holds several seats)."""
    return seats[seats["bot"] == label].groupby("game")[column].mean()


def _difference(a: Any, b: Any, scale: float = 1.0) -> list[float]:
    joined = a.to_frame("a").join(b.to_frame("b"), how="inner")
    return ((joined["a"] - joined["b"]) / scale).tolist()


def table_difference(bot: str, other: str, column: str = "win_share") -> Any:
    """A measure: per game at the lesson's table, ``bot``'s ``column`` minus ``other``'s (cheques
    in thousands)."""
    scale = COIN_VALUE if column == "cheques_total" else 1.0

    def measure(seed: int, games: int) -> list[float]:
        seats = _seats(TABLE, games, seed)
        return _difference(
            _per_game(seats, LABELS[bot], column), _per_game(seats, LABELS[other], column), scale
        )

    measure.__qualname__ = f"table_difference.{bot}_minus_{other}_{column}"
    return measure


def edition_difference(bot: str) -> Any:
    """A measure: per game, ``bot``'s coins paid in the classic edition minus in IELLO 2020, same seeds."""

    def measure(seed: int, games: int) -> list[float]:
        classic, iello = _seats(TABLE, games, seed, "classic"), _seats(TABLE, games, seed)
        return _difference(
            _per_game(classic, LABELS[bot], "coins_paid"), _per_game(iello, LABELS[bot], "coins_paid")
        )

    measure.__qualname__ = f"edition_difference.{bot}"
    return measure


def seat_difference(bot: str, other: str, opponents: tuple[str, ...] = EQUILIBRIUM) -> Any:
    """A measure: per game, ``bot`` minus ``other`` in the same seat against ``opponents``, same deals."""

    def measure(seed: int, games: int) -> list[float]:
        a, b = _seats((bot, *opponents), games, seed), _seats((other, *opponents), games, seed)
        return _difference(_focal(a), _focal(b))

    measure.__qualname__ = f"seat_difference.{bot}_minus_{other}"
    return measure


def _focal(seats: Any) -> Any:
    """The win share of the bot listed first, per game: in game i, seat s is played by bot
    (s + i) mod n (``simulate``'s rotation), so the first sits in seat (-i) mod n."""
    first = seats[seats["seat"] == (-seats["game"]) % PLAYERS]
    return first.set_index("game")["win_share"]


def fraction_below_fair(fraction: float) -> Any:
    """A measure: per game, ``spread:fraction``'s win share against three house_value, minus 1/4."""

    def measure(seed: int, games: int) -> list[float]:
        return (_focal(_seats((f"spread:{fraction:g}", *EQUILIBRIUM), games, seed)) - 1 / PLAYERS).tolist()

    measure.__qualname__ = f"fraction_below_fair.f{fraction:g}"
    return measure


def skew_match_against_rank_matching(seed: int, games: int) -> list[float]:
    """Per selling decision of skew_match at the lesson's table: +1 if it sold a higher house than
    rank matching would from the same view, -1 a lower one, 0 the same."""
    table = analysis.decisions(list(TABLE), games, seed=seed, players=PLAYERS)
    sells = table[(table["phase"] == "sell") & (table["bot"] == LABELS["skew_match"])]
    return [float((v > r) - (v < r)) for v, r in zip(sells["value"], sells["rank_matched"], strict=True)]


def first_start_player_minus_fair(seed: int, games: int) -> list[float]:
    """Per game of four house_value bots: the first start player's win share minus 1/4."""
    seats = _seats(("house_value",) * PLAYERS, games, seed)
    return (seats[seats["position"] == 0]["win_share"] - 1 / PLAYERS).tolist()


def cheap_house_price(seed: int, games: int) -> list[float]:
    """Per purchase of a house 1 to 5 among four house_value bots: the coins paid minus one coin."""
    purchases = _records(games, seed)["purchases"]
    return (purchases[purchases["house"] <= 5]["paid"] - 1).astype(float).tolist()


def cheap_house_free(seed: int, games: int) -> list[float]:
    """Per purchase of a house 1 to 5 among four house_value bots: 1 if taken for nothing, less 1/2."""
    purchases = _records(games, seed)["purchases"]
    return ((purchases[purchases["house"] <= 5]["paid"] == 0).astype(float) - 0.5).tolist()


def contested_dissipation(seed: int, games: int) -> list[float]:
    """Per game of four house_value bots: coins burnt ÷ the contested prize (``theory.for_sale``)."""
    from ...theory.for_sale import contested_by_game

    return contested_by_game(_records(games, seed), PLAYERS)["dissipation"].tolist()


def value_above_line(low: int, high: int) -> Any:
    """A measure: per sale of a house from ``low`` to ``high`` among house_value bots, its cheque
    minus its exact one-round value, in coins."""

    def measure(seed: int, games: int) -> list[float]:
        sales = _records(games, seed)["sales"]
        sold = sales[(sales["house"] >= low) & (sales["house"] <= high)]
        exact = sold["house"].map(lambda h: one_round_value(int(h), PLAYERS))
        return ((sold["cheque"] - exact) / COIN_VALUE).tolist()

    measure.__qualname__ = f"value_above_line.h{low}_{high}"
    return measure


def top_houses_cost_more(seed: int, games: int) -> list[float]:
    """Per game of four house_value bots: mean coins paid for houses 21-30 minus for houses 11-20."""
    purchases = _records(games, seed)["purchases"]
    top = purchases[purchases["house"] > 20].groupby("game")["paid"].mean()
    middle = purchases[(purchases["house"] > 10) & (purchases["house"] <= 20)].groupby("game")["paid"].mean()
    return _difference(top, middle)


def x1_pass_instead(seed: int, games: int) -> list[float]:
    """Per deal of the cards still hidden: B's money change, in thousands, when B passes at step 1
    of FS-X1 instead of raising to 3, the rest played by house_value bots. Deals of different
    seeds do not overlap (deal numbers start at ``seed * 100,000``)."""
    from ...teach import Replay

    playouts = analysis.what_if_playouts(
        Replay.of_example("FS-X1"),
        step=1,
        seat=1,
        action="pass",
        bots="house_value",
        playouts=games,
        seed=seed * 100_000,
    )
    return (playouts.table["change"] / COIN_VALUE).tolist()


# ------------------------------------------------------------------ the sentences
def _claim(**kwargs: Any) -> None:
    register(Claim(lesson="01", **kwargs))


_claim(
    id="01-x1-pass-gains",
    sentence=(
        "Over many more deals the answer appears: passing at step 1 instead of raising to 3 *gains* B money on "
        "average, against `house_value` bots (pooled over five seeds of 400 deals; four of the five show it on "
        "their own)."
    ),
    scope="these bots: FS-X1's first round, the rest played by house_value, the hidden cards dealt afresh",
    measure=x1_pass_instead,
    games=400,
    direction="above",
    unit="thousand per deal",
    units="deals",
)
for _bot in TABLE:
    _claim(
        id=f"01-classic-pays-less-{_bot.replace('_', '-')}",
        sentence=f"With three fewer coins each, `{_bot}` pays fewer coins over a game in the classic edition.",
        scope="these bots at this table: house_value, spread, save_top and skew_match, 4 players, each edition",
        measure=edition_difference(_bot),
        games=300,
        direction="below",
        family="01-editions",
        unit="coins per game",
    )
_claim(
    id="01-skew-match-sells-higher",
    sentence=(
        "At its default (power 0.5) `skew_match` sells a *higher* house than rank matching would from the same "
        "hand more often than a lower one: it spends high houses on middling tables instead of saving them."
    ),
    scope=AT_THE_TABLE,
    measure=skew_match_against_rank_matching,
    games=200,
    direction="above",
    unit="(+1 higher, −1 lower, per decision)",
    units="decisions",
)
for _bot, _column, _what in [
    ("save_top", "win_share", "wins"),
    ("skew_match", "win_share", "wins"),
    ("save_top", "cheques_total", "cheques"),
    ("skew_match", "cheques_total", "cheques"),
    ("house_value", "win_share", "wins"),
]:
    _claim(
        id=f"01-{_bot.replace('_', '-')}-beats-spread-{_what}",
        sentence=f"`{_bot}` beats `spread` (rank matching) on {_what}, game by game at this table.",
        scope=AT_THE_TABLE,
        measure=table_difference(_bot, "spread", _column),
        games=1000,
        direction="above",
        family="01-selling",
        unit="win share per game" if _what == "wins" else "thousand per game",
    )
_claim(
    id="01-skew-match-vs-save-top",
    sentence=(
        "Between the two winners the difference is small: pooled over five seeds `skew_match` wins a little more "
        "often than `save_top`, but only three of the five seeds show it on their own."
    ),
    scope=AT_THE_TABLE,
    measure=table_difference("skew_match", "save_top"),
    games=1000,
    direction="above",
    family="01-selling",
    unit="win share per game",
)
_claim(
    id="01-skew-match-beats-house-value",
    sentence=(
        "`skew_match`, which bids like `spread` but sells differently, wins more often than `house_value`, "
        "which bids well but sells by rank matching."
    ),
    scope=AT_THE_TABLE,
    measure=table_difference("skew_match", "house_value"),
    games=1000,
    direction="above",
    family="01-selling",
    unit="win share per game",
)
for _bot in ("house_value", "save_top"):
    _claim(
        id=f"01-equilibrium-{_bot.replace('_', '-')}-beats-spread",
        sentence=f"Against three `house_value` bots, `{_bot}` beats `spread` in the same seat on the same deals.",
        scope=EQUILIBRIUM_SCOPE,
        measure=seat_difference(_bot, "spread"),
        games=1000,
        direction="above",
        family="01-equilibrium",
        unit="win share per game",
    )
_claim(
    id="01-equilibrium-bidding-leads-selling",
    sentence="There `house_value` (the better bidding) leads `spread` by more than `save_top` (the better selling) does.",
    scope=EQUILIBRIUM_SCOPE,
    measure=seat_difference("house_value", "save_top"),
    games=1000,
    direction="above",
    family="01-equilibrium",
    unit="win share per game",
)
for _low in (0.0, 1.0):
    _claim(
        id=f"01-fraction-half-beats-{'never' if _low == 0 else 'whole-spread'}",
        sentence=(
            f"Against three `house_value` bots, bidding up to half the spread (`spread:0.5`) wins more often than "
            f"{'never bidding (`spread:0`)' if _low == 0 else 'bidding up to the whole spread (`spread:1`)'}."
        ),
        scope=AGAINST_HOUSE_VALUE,
        measure=seat_difference("spread:0.5", f"spread:{_low:g}"),
        games=1000,
        direction="above",
        family="01-fraction",
        unit="win share per game",
    )
for _f in FRACTIONS:
    _claim(
        id=f"01-fraction-{str(_f).replace('.', '')}-below-fair",
        sentence=f"`spread:{_f:g}` wins less than a fair share (1/4) against three `house_value` bots.",
        scope=AGAINST_HOUSE_VALUE,
        measure=fraction_below_fair(_f),
        games=1000,
        direction="below",
        family="01-fraction-fair",
        unit="win share minus 1/4 per game",
    )
_claim(
    id="01-first-start-player",
    sentence=(
        "With `house_value` in every seat, the first start player wins a little less than a fair share (1/4) "
        "pooled over five seeds, but only three of the five seeds show it on their own and one shows the "
        "opposite: the effect is small, and one seed of 1,000 games cannot be trusted to find it."
    ),
    scope="these bots: four house_value bots, 4 players, IELLO 2020",
    measure=first_start_player_minus_fair,
    games=1000,
    direction="below",
    unit="win share minus 1/4 per game",
)
_claim(
    id="01-cheap-houses-cost-a-coin",
    sentence="Among `house_value` bots, houses 1 to 5 cost more than one coin on average.",
    scope="these bots: four house_value bots, 4 players, IELLO 2020",
    measure=cheap_house_price,
    games=300,
    direction="above",
    family="01-cheap",
    unit="coins above 1 per purchase",
    units="purchases",
)
_claim(
    id="01-cheap-houses-rarely-free",
    sentence="Fewer than half of houses 1 to 5 are taken for nothing.",
    scope="these bots: four house_value bots, 4 players, IELLO 2020",
    measure=cheap_house_free,
    games=300,
    direction="below",
    family="01-cheap",
    unit="share free minus 1/2",
    units="purchases",
)
_claim(
    id="01-top-houses-cost-more",
    sentence="Prices rise with the house number: houses 21 to 30 cost more than houses 11 to 20.",
    scope="these bots: four house_value bots, 4 players, IELLO 2020",
    measure=top_houses_cost_more,
    games=300,
    direction="above",
    unit="coins per purchase",
)
_claim(
    id="01-dissipation-nearly-full",
    sentence=(
        "These bidders burn more than nine tenths of the contested prize (each house's value above its round's "
        "lowest house)."
    ),
    scope="these bots: four house_value bots, 4 players, IELLO 2020",
    measure=contested_dissipation,
    games=300,
    direction="above",
    threshold=0.9,
    unit="coins burnt per coin of contested prize",
)
for _id, (_low, _high), _dir, _text in [
    ("01-value-low-houses-above-line", (2, 8), "above", "the low houses (2 to 8) bring more than the line"),
    ("01-value-high-houses-below-line", (21, 28), "below", "the high houses (21 to 28) bring less"),
    ("01-value-top-house-above-line", (30, 30), "above", "the 30 brings more than the line"),
]:
    _claim(
        id=_id,
        sentence=f"In a whole phase 2 among `house_value` bots, {_text} (the exact one-round value).",
        scope="these bots: four house_value bots, 4 players, IELLO 2020",
        measure=value_above_line(_low, _high),
        games=300,
        direction=_dir,
        family="01-value-line",
        unit="coins per sale",
        units="sales",
    )
