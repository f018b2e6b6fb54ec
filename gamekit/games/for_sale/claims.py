"""What lesson 01 (For Sale) says about the game and its bots, with the evidence (``gamekit.claims``).

Each measure plays fresh games from its seed (``simulate``'s seeding: game i of seed s is dealt
from ``game_seed(s, i)``) and returns one value per unit whose mean is the sentence's quantity:
a paired difference per game where two bots or settings are compared on the same deals, a 0/1
or an amount per decision, purchase or sale otherwise. The lesson's table is the four bots
``house_value``, ``spread``, ``save_top`` and ``skew_match`` rotated through four seats; the
fraction sweep plays one ``spread:f`` against three ``house_value``; the equilibrium table is the
meta-game's (``data/meta_games/for_sale.json``, a test checks it): three ``spread:0.45``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...claims import Claim, register
from ...simulate import simulate, simulate_records
from . import analysis
from .i18n import N_, _
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
HOUSE_VALUE = ("house_value",) * 3  # the fraction sweep's opponents
BEST_FRACTION = 0.45  # the best fraction of the lesson's grid against three house_value (the sweep)
EQUILIBRIUM = (f"spread:{BEST_FRACTION:g}",) * 3  # the meta-game's pure equilibrium (data/meta_games)
BELOW_FAIR = (0.0, 0.25, 0.35, 0.5, 1.0)  # fractions that win less than 1/4 against three house_value
ABOVE_FAIR = (0.4, BEST_FRACTION)  # and the two that win more
AT_THE_TABLE = N_(
    "these bots at this table: house_value, spread, save_top and skew_match, 4 players, IELLO 2020"
)
AGAINST_HOUSE_VALUE = N_("these bots: one seat against three house_value bots, 4 players, IELLO 2020")
EQUILIBRIUM_SCOPE = N_(
    "the restricted meta-game of four strategies (spread:0.3, house_value, save_top, spread:0.45), against "
    "opponents drawn from its equilibrium mix (three spread:0.45); not the whole game"
)
HOUSE_VALUE_FOUR = N_("these bots: four house_value bots, 4 players, IELLO 2020")


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
    from ...simulate import listed_first

    first = seats[listed_first(seats, PLAYERS)]
    return first.set_index("game")["win_share"]


def fraction_minus_fair(fraction: float) -> Any:
    """A measure: per game, ``spread:fraction``'s win share against three house_value, minus 1/4."""

    def measure(seed: int, games: int) -> list[float]:
        return (_focal(_seats((f"spread:{fraction:g}", *HOUSE_VALUE), games, seed)) - 1 / PLAYERS).tolist()

    measure.__qualname__ = f"fraction_minus_fair.f{fraction:g}"
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


def burnt_minus_ex_post_prize(seed: int, games: int) -> list[float]:
    """Per game of four house_value bots: coins burnt minus the contested prize measured with the
    cheques the houses then brought (``theory.for_sale``), in coins."""
    from ...theory.for_sale import contested_by_game

    table = contested_by_game(_records(games, seed), PLAYERS)
    return (table["paid"] - table["contested_ex_post"]).tolist()


def burnt_share_of_value(seed: int, games: int) -> list[float]:
    """Per game of four house_value bots: coins burnt ÷ the cheques of every house bought."""
    from ...theory.for_sale import contested_by_game

    return contested_by_game(_records(games, seed), PLAYERS)["share_of_value"].tolist()


def budget_cap(seed: int, games: int) -> list[float]:
    """Per game of four house_value bots: every coin the players start with ÷ the contested prize."""
    from ...theory.for_sale import contested_by_game

    return contested_by_game(_records(games, seed), PLAYERS)["cap"].tolist()


def cheque_minus_price(seed: int, games: int) -> list[float]:
    """Per house bought among four house_value bots: the cheque it brought (coins) minus its price."""
    records = _records(games, seed)
    sold = records["purchases"].merge(records["sales"][["game", "house", "cheque"]], on=["game", "house"])
    return (sold["cheque"] / COIN_VALUE - sold["paid"]).tolist()


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
    sentence=N_(
        "Over many more deals the answer appears: passing at step 1 instead of raising to 3 *gains* B money on "
        "average, against `house_value` bots (pooled over five seeds of 400 deals; four of the five show it on "
        "their own)."
    ),
    scope=N_(
        "these bots: FS-X1's first round, the rest played by house_value, the hidden cards dealt afresh"
    ),
    measure=x1_pass_instead,
    games=400,
    direction="above",
    unit=N_("thousand per deal"),
    units=N_("deals"),
)
for _bot in TABLE:
    _claim(
        id=f"01-classic-pays-less-{_bot.replace('_', '-')}",
        sentence=_(
            "With three fewer coins each, `{bot}` pays fewer coins over a game in the classic edition.",
            bot=_bot,
        ),
        scope=N_(
            "these bots at this table: house_value, spread, save_top and skew_match, 4 players, each edition"
        ),
        measure=edition_difference(_bot),
        games=300,
        direction="below",
        family="01-editions",
        unit=N_("coins per game"),
    )
_claim(
    id="01-skew-match-sells-higher",
    sentence=N_(
        "At its default (power 0.5) `skew_match` sells a *higher* house than rank matching would from the same "
        "hand more often than a lower one: it spends high houses on middling tables instead of saving them."
    ),
    scope=AT_THE_TABLE,
    measure=skew_match_against_rank_matching,
    games=200,
    direction="above",
    unit=N_("(+1 higher, −1 lower, per decision)"),
    units=N_("decisions"),
)
for _bot, _column, _what in [
    ("save_top", "win_share", N_("wins")),
    ("skew_match", "win_share", N_("wins")),
    ("save_top", "cheques_total", N_("cheques")),
    ("skew_match", "cheques_total", N_("cheques")),
    ("house_value", "win_share", N_("wins")),
]:
    _claim(
        id=f"01-{_bot.replace('_', '-')}-beats-spread-{_what}",
        sentence=_(
            "`{bot}` beats `spread` (rank matching) on {what}, game by game at this table.",
            bot=_bot,
            what=_(_what),
        ),
        scope=AT_THE_TABLE,
        measure=table_difference(_bot, "spread", _column),
        games=1000,
        direction="above",
        family="01-selling",
        unit=N_("win share per game") if _what == "wins" else N_("thousand per game"),
    )
_claim(
    id="01-skew-match-vs-save-top",
    sentence=N_(
        "Between the two winners the difference is small: pooled over five seeds `skew_match` wins a little more "
        "often than `save_top`, but only three of the five seeds show it on their own."
    ),
    scope=AT_THE_TABLE,
    measure=table_difference("skew_match", "save_top"),
    games=1000,
    direction="above",
    family="01-selling",
    unit=N_("win share per game"),
)
_claim(
    id="01-skew-match-beats-house-value",
    sentence=N_(
        "`skew_match`, which bids like `spread` but sells differently, wins more often than `house_value`, "
        "which bids well but sells by rank matching."
    ),
    scope=AT_THE_TABLE,
    measure=table_difference("skew_match", "house_value"),
    games=1000,
    direction="above",
    family="01-selling",
    unit=N_("win share per game"),
)
for _bot in ("house_value", "save_top"):
    _claim(
        id=f"01-equilibrium-{_bot.replace('_', '-')}-beats-spread",
        sentence=_(
            "Against three `spread:0.45` bots, `{bot}` beats `spread` in the same seat on the same deals.",
            bot=_bot,
        ),
        scope=EQUILIBRIUM_SCOPE,
        measure=seat_difference(_bot, "spread"),
        games=1000,
        direction="above",
        family="01-equilibrium",
        unit=N_("win share per game"),
    )
_claim(
    id="01-equilibrium-bidding-leads-selling",
    sentence=N_(
        "There `house_value` (the better bidding) leads `spread` by more than `save_top` (the better selling) does."
    ),
    scope=EQUILIBRIUM_SCOPE,
    measure=seat_difference("house_value", "save_top"),
    games=1000,
    direction="above",
    family="01-equilibrium",
    unit=N_("win share per game"),
)
for _bot in ("house_value", "save_top", "spread"):
    _claim(
        id=f"01-equilibrium-{_bot.replace('_', '-')}-gains-nothing",
        sentence=_(
            "Against three `spread:0.45` bots, `{bot}` in one seat wins less often than `spread:0.45` in that "
            "seat on the same deals: it gains nothing by leaving the equilibrium.",
            bot=_bot,
        ),
        scope=EQUILIBRIUM_SCOPE,
        measure=seat_difference(_bot, f"spread:{BEST_FRACTION:g}"),
        games=1000,
        direction="below",
        family="01-equilibrium",
        unit=N_("win share per game"),
    )
_claim(
    id="01-equilibrium-spread-04-gains",
    sentence=N_(
        "Outside the meta-game's four strategies the equilibrium does not hold: against three `spread:0.45` bots, "
        "`spread:0.4` wins more often than `spread:0.45` in the same seat on the same deals."
    ),
    scope=N_("these bots: one seat against three spread:0.45 bots, 4 players, IELLO 2020"),
    measure=seat_difference("spread:0.4", f"spread:{BEST_FRACTION:g}"),
    games=1000,
    direction="above",
    unit=N_("win share per game"),
)
for _id, _high, _low, _text in [
    ("01-fraction-04-beats-025", 0.4, 0.25, N_("The win rate rises from 0.25 to 0.4")),
    ("01-fraction-045-beats-04", 0.45, 0.4, N_("The win rate rises from 0.4 to 0.45")),
    ("01-fraction-045-beats-05", 0.45, 0.5, N_("The win rate falls from 0.45 to 0.5")),
    ("01-fraction-half-beats-whole-spread", 0.5, 1.0, N_("The win rate falls from 0.5 to the whole spread")),
    ("01-fraction-half-beats-never", 0.5, 0.0, N_("Bidding up to half the spread beats never bidding")),
]:
    _claim(
        id=_id,
        sentence=_(
            "{text}: against three `house_value` bots, `spread:{high}` wins more often than "
            "`spread:{low}` in the same seat on the same deals.",
            text=_(_text),
            high=format(_high, "g"),
            low=format(_low, "g"),
        ),
        scope=AGAINST_HOUSE_VALUE,
        measure=seat_difference(f"spread:{_high:g}", f"spread:{_low:g}", HOUSE_VALUE),
        games=1000,
        direction="above",
        family="01-fraction",
        unit=N_("win share per game"),
    )
_claim(
    id="01-fraction-045-beats-house-value",
    sentence=N_(
        "Against three `house_value` bots, `spread:0.45` wins more often than `house_value` itself in the same "
        "seat on the same deals: the strongest bot of this lesson's table is beaten head to head."
    ),
    scope=AGAINST_HOUSE_VALUE,
    measure=seat_difference(f"spread:{BEST_FRACTION:g}", "house_value", HOUSE_VALUE),
    games=1000,
    direction="above",
    family="01-fraction",
    unit=N_("win share per game"),
)
_ONE_SEED_SHORT = {0.4: N_(" (pooled over five seeds; three of the five show it on their own)")}
for _f in BELOW_FAIR + ABOVE_FAIR:
    _above = _f in ABOVE_FAIR
    _claim(
        id=f"01-fraction-{str(_f).replace('.', '')}-{'above' if _above else 'below'}-fair",
        sentence=(
            _(
                "`spread:{f}` wins more than a fair share (1/4) against three `house_value` bots{note}.",
                f=format(_f, "g"),
                note=_(_ONE_SEED_SHORT[_f]) if _f in _ONE_SEED_SHORT else "",
            )
            if _above
            else _(
                "`spread:{f}` wins less than a fair share (1/4) against three `house_value` bots{note}.",
                f=format(_f, "g"),
                note=_(_ONE_SEED_SHORT[_f]) if _f in _ONE_SEED_SHORT else "",
            )
        ),
        scope=AGAINST_HOUSE_VALUE,
        measure=fraction_minus_fair(_f),
        games=1000,
        direction="above" if _above else "below",
        family="01-fraction-fair",
        unit=N_("win share minus 1/4 per game"),
        value_range=(-0.25, 0.75),
    )
_claim(
    id="01-first-start-player",
    sentence=N_(
        "With `house_value` in every seat, the first start player wins a little less than a fair share (1/4) "
        "pooled over five seeds, but only three of the five seeds show it on their own and one shows the "
        "opposite: the effect is small, and one seed of 1,000 games cannot be trusted to find it."
    ),
    scope=N_("these bots: four house_value bots, 4 players, IELLO 2020"),
    measure=first_start_player_minus_fair,
    games=1000,
    direction="below",
    unit=N_("win share minus 1/4 per game"),
)
_claim(
    id="01-cheap-houses-cost-a-coin",
    sentence=N_("Among `house_value` bots, houses 1 to 5 cost more than one coin on average."),
    scope=N_("these bots: four house_value bots, 4 players, IELLO 2020"),
    measure=cheap_house_price,
    games=300,
    direction="above",
    family="01-cheap",
    unit=N_("coins above 1 per purchase"),
    units=N_("purchases"),
)
_claim(
    id="01-cheap-houses-rarely-free",
    sentence=N_("Fewer than half of houses 1 to 5 are taken for nothing."),
    scope=N_("these bots: four house_value bots, 4 players, IELLO 2020"),
    measure=cheap_house_free,
    games=300,
    direction="below",
    family="01-cheap",
    unit=N_("share free minus 1/2"),
    units=N_("purchases"),
)
_claim(
    id="01-top-houses-cost-more",
    sentence=N_("Prices rise with the house number: houses 21 to 30 cost more than houses 11 to 20."),
    scope=N_("these bots: four house_value bots, 4 players, IELLO 2020"),
    measure=top_houses_cost_more,
    games=300,
    direction="above",
    unit=N_("coins per purchase"),
)
_claim(
    id="01-dissipation-nearly-full",
    sentence=N_(
        "These bidders burn more than nine tenths of the contested prize (each house's value above its round's "
        "lowest house)."
    ),
    scope=N_("these bots: four house_value bots, 4 players, IELLO 2020"),
    measure=contested_dissipation,
    games=300,
    direction="above",
    threshold=0.9,
    family="01-dissipation",
    unit=N_("coins burnt per coin of contested prize"),
)
_claim(
    id="01-dissipation-ex-post-above-all",
    sentence=N_(
        "Measured with the cheques the houses then brought, these bidders burn more coins than the whole "
        "contested prize."
    ),
    scope=HOUSE_VALUE_FOUR,
    measure=burnt_minus_ex_post_prize,
    games=300,
    direction="above",
    family="01-dissipation",
    unit=N_("coins burnt minus contested prize (cheques) per game"),
)
_claim(
    id="01-dissipation-whole-below-two-fifths",
    sentence=N_(
        "Against the whole value of the houses (the cheques they brought) the same coins are less than two fifths."
    ),
    scope=HOUSE_VALUE_FOUR,
    measure=burnt_share_of_value,
    games=300,
    direction="below",
    threshold=0.4,
    family="01-dissipation",
    unit=N_("coins burnt per coin of house value"),
)
_claim(
    id="01-budget-near-contested-prize",
    sentence=N_("The players' budget (every coin they start with) is within a tenth of the contested prize."),
    scope=N_(
        "these bots: four house_value bots, 4 players, IELLO 2020 (the contested prize depends on the deal only)"
    ),
    measure=budget_cap,
    games=300,
    direction="between",
    bounds=(0.9, 1.1),
    family="01-dissipation",
    unit=N_("budget per coin of contested prize"),
)
_claim(
    id="01-houses-bring-more-than-cost",
    sentence=N_(
        "The curve of the cheques the houses brought lies above the curve of the coins paid for them: a house "
        "bought brings more than it cost, on average."
    ),
    scope=HOUSE_VALUE_FOUR,
    measure=cheque_minus_price,
    games=300,
    direction="above",
    unit=N_("coins per purchase"),
    units=N_("purchases"),
)
for _id, (_low, _high), _dir, _text in [
    (
        "01-value-low-houses-above-line",
        (2, 8),
        "above",
        N_("the low houses (2 to 8) bring more than the line"),
    ),
    ("01-value-high-houses-below-line", (21, 28), "below", N_("the high houses (21 to 28) bring less")),
    ("01-value-top-house-above-line", (30, 30), "above", N_("the 30 brings more than the line")),
]:
    _claim(
        id=_id,
        sentence=_(
            "In a whole phase 2 among `house_value` bots, {text} (the exact one-round value).", text=_(_text)
        ),
        scope=N_("these bots: four house_value bots, 4 players, IELLO 2020"),
        measure=value_above_line(_low, _high),
        games=300,
        direction=_dir,
        family="01-value-line",
        unit=N_("coins per sale"),
        units=N_("sales"),
    )
