"""What lesson 04 (Bohnanza) states about the game and its bots, with its evidence (``gamekit.claims``).

Each measure returns one value per unit whose mean is the quantity the sentence is about: a
paired difference per game (both settings on the same seed, so the same deal of the cards), or
one value per deal. Sizes are kept so that each claim regenerates in a few minutes.
"""

from __future__ import annotations

from functools import lru_cache

import pandas as pd

from ...claims import Claim, register
from . import analysis
from .i18n import N_

LESSON = "04"
THESE_BOTS = N_("these bots at this table (four players unless said)")
DEAL_SAMPLES = 12  # deck orders per arm and deal in ``analysis.deal_win_chances``


def _records(players: int, bots, games: int, seed: int, **options) -> dict[str, pd.DataFrame]:
    from ...simulate import simulate_records

    return simulate_records("bohnanza", players, bots, games, seed=seed, options=options)


def _per_game(seats: pd.DataFrame, column: str = "score") -> pd.Series:
    return seats.groupby("game")[column].mean()


# ------------------------------------------------------------ (a) trading and winning
def trader_minus_planter(seed: int, games: int) -> list[float]:
    """Per game (two traders, two planters, seats rotated): the traders' mean win share minus the planters'."""
    seats = _records(4, ["trader", "planter"] * 2, games, seed)["seats"]
    share = seats.assign(trades=seats["bot"].str.startswith("trader")).groupby(["game", "trades"])[
        "win_share"
    ]
    table = share.mean().unstack()
    return (table[True] - table[False]).tolist()


def grower_minus_non_trader(seed: int, games: int) -> list[float]:
    """Per game: the trading growers' mean win share minus that of the growers that never trade."""
    seats = analysis.trading_effect("grower", games, seed=seed)["seats"]
    no_trade = seats["bot"].str.endswith("(no trading)")
    table = seats.assign(no_trade=no_trade).groupby(["game", "no_trade"])["win_share"].mean().unstack()
    return (table[False] - table[True]).tolist()


# ------------------------------------------------------------ the deal, played out ex ante
@lru_cache(maxsize=8)
def _deal_chances(seed: int, games: int) -> pd.DataFrame:
    played = analysis.played_games("grower", games, seed=seed)
    return analysis.deal_win_chances(played, samples=DEAL_SAMPLES, seed=seed)


def deal_moves_who_wins(seed: int, games: int) -> list[float]:
    """Per deal: how far accepting moves the winner's distribution from rejecting, minus how far
    chance alone moves it (reject against reject, the placebo)."""
    table = _deal_chances(seed, games)
    return (table["moved"] - table["moved_placebo"]).tolist()


def deal_placebo(seed: int, games: int) -> list[float]:
    """Per deal, the placebo: the partner's win chance after reject minus after reject again."""
    table = _deal_chances(seed, games)
    return (table["partner_placebo"] - table["partner_reject"]).tolist()


def deal_partner_gains(seed: int, games: int) -> list[float]:
    """Per deal: the partner's win chance after accepting minus after rejecting."""
    table = _deal_chances(seed, games)
    return (table["partner_accept"] - table["partner_reject"]).tolist()


def deal_active_gains(seed: int, games: int) -> list[float]:
    """Per deal: the active player's win chance after accepting minus after rejecting."""
    table = _deal_chances(seed, games)
    return (table["active_accept"] - table["active_reject"]).tolist()


# ------------------------------------------------------------ (b) the third field's price
def _net_minus_no_field(price: int, seed: int, games: int) -> list[float]:
    with_field = _per_game(_records(4, "trader", games, seed, third_field_cost=price)["seats"])
    without = _per_game(_records(4, "trader", games, seed, third_field_cost=analysis.NO_THIRD_FIELD)["seats"])
    return (with_field - without).tolist()


def field_at_1_minus_none(seed: int, games: int) -> list[float]:
    """Per game of four traders: thaler per player (net of the price) with the third field at 1
    minus the same deal without a third field."""
    return _net_minus_no_field(1, seed, games)


def field_at_2_minus_none(seed: int, games: int) -> list[float]:
    """As ``field_at_1_minus_none``, the field at 2 thaler."""
    return _net_minus_no_field(2, seed, games)


def field_at_3_minus_none(seed: int, games: int) -> list[float]:
    """As ``field_at_1_minus_none``, the field at the booklet's 3 thaler."""
    return _net_minus_no_field(3, seed, games)


# ------------------------------------------------------------ (c) the booklet's variants
def three_fields_for_three(seed: int, games: int) -> list[float]:
    """Per game of three traders: thaler per player with three fields from the start minus with two."""
    three = _per_game(_records(3, "trader", games, seed, three_fields_at_start=True)["seats"])
    two = _per_game(_records(3, "trader", games, seed)["seats"])
    return (three - two).tolist()


def _forced_per_player(seats: pd.DataFrame) -> pd.Series:
    return _per_game(seats, "forced_harvests")


def three_fields_fewer_forced(seed: int, games: int) -> list[float]:
    """Per game of three traders: forced harvests per player with three fields from the start
    minus with two (BO-T2), the same deal."""
    three = _forced_per_player(_records(3, "trader", games, seed, three_fields_at_start=True)["seats"])
    two = _forced_per_player(_records(3, "trader", games, seed)["seats"])
    return (three - two).tolist()


def field_for_two_fewer_forced(seed: int, games: int) -> list[float]:
    """Per game of four traders: forced harvests per player with the third field at 2 minus at 3."""
    cheap = _forced_per_player(_records(4, "trader", games, seed, third_field_cost=2)["seats"])
    booklet = _forced_per_player(_records(4, "trader", games, seed)["seats"])
    return (cheap - booklet).tolist()


def third_field_for_two(seed: int, games: int) -> list[float]:
    """Per game of four traders: thaler per player with the third field at 2 minus at the booklet's 3."""
    cheap = _per_game(_records(4, "trader", games, seed, third_field_cost=2)["seats"])
    booklet = _per_game(_records(4, "trader", games, seed)["seats"])
    return (cheap - booklet).tolist()


# ------------------------------------------------------------ (d) players and turns
def _thaler_per_turn(players: int, seed: int, games: int) -> pd.Series:
    run = _records(players, "trader", games, seed)
    total = run["seats"].groupby("game")["score"].sum()
    turns = run["turns"].groupby("game").size().reindex(total.index)
    return total / turns


def turn_worth_3(seed: int, games: int) -> list[float]:
    """Per game of 3 traders: the thaler made per turn played (the table's thaler / its turns)."""
    return _thaler_per_turn(3, seed, games).tolist()


def turn_worth_4(seed: int, games: int) -> list[float]:
    """As ``turn_worth_3``, four traders."""
    return _thaler_per_turn(4, seed, games).tolist()


def turn_worth_5(seed: int, games: int) -> list[float]:
    """As ``turn_worth_3``, five traders."""
    return _thaler_per_turn(5, seed, games).tolist()


def _fewer_with_one_more(players: int, seed: int, games: int) -> list[float]:
    fewer = _per_game(_records(players, "trader", games, seed)["seats"])
    more = _per_game(_records(players + 1, "trader", games, seed)["seats"])
    return (fewer.to_numpy() - more.to_numpy()).tolist()


def three_minus_four_players(seed: int, games: int) -> list[float]:
    """Per game index (same seed): thaler per player among 3 traders minus among 4 (different deals)."""
    return _fewer_with_one_more(3, seed, games)


def four_minus_five_players(seed: int, games: int) -> list[float]:
    """As ``three_minus_four_players``, 4 traders against 5."""
    return _fewer_with_one_more(4, seed, games)


# ------------------------------------------------------------ the bots' scores and harvests
@lru_cache(maxsize=8)
def _grower_games(seed: int, games: int) -> tuple:
    return tuple(analysis.played_games("grower", games, seed=seed))


def grower_minus_twice_trader(seed: int, games: int) -> list[float]:
    """Per game index: thaler per player among four growers minus twice that among four traders."""
    growers = _per_game(analysis.games_records(list(_grower_games(seed, games)))["seats"])
    traders = _per_game(_records(4, "trader", games, seed)["seats"])
    return (growers.to_numpy() - 2 * traders.to_numpy()).tolist()


def _forced_share(harvests: pd.DataFrame) -> list[float]:
    during = harvests[~harvests["final"]]
    return during.groupby("game")["forced"].mean().tolist()


def traders_forced(seed: int, games: int) -> list[float]:
    """Per game of four traders: the share of harvests during play that were forced (BO-T2)."""
    return _forced_share(_records(4, "trader", games, seed)["harvests"])


def growers_forced(seed: int, games: int) -> list[float]:
    """Per game of four growers: the share of harvests during play that were forced (BO-T2)."""
    return _forced_share(analysis.games_records(list(_grower_games(seed, games)))["harvests"])


def grower_minus_trader_0(seed: int, games: int) -> list[float]:
    """Per game (two growers, two ``trader:0``, seats rotated): the growers' mean win share minus the others'."""
    from ...simulate import simulate

    seats = simulate("bohnanza", 4, ["grower", "trader:0"] * 2, games, seed=seed)
    grower = seats["bot"].str.startswith("grower")
    table = seats.assign(grower=grower).groupby(["game", "grower"])["win_share"].mean().unstack()
    return (table[True] - table[False]).tolist()


def _forecast_error(outcome: str, seed: int, games: int) -> list[float]:
    forecasts = analysis.harvest_forecasts(list(_grower_games(seed, games))).dropna(subset=[outcome])
    error = forecasts[outcome].astype(float) - forecasts["expected"]
    return error.groupby(forecasts["game"]).mean().tolist()


def forecast_error_with_cards_that_came(seed: int, games: int) -> list[float]:
    """Per game of four growers: the hypergeometric forecast's error, field by field, when the
    formula is given the cards that really came (mean over the game's forecasts)."""
    return _forecast_error("with_cards_that_came", seed, games)


def paid_minus_forecast(seed: int, games: int) -> list[float]:
    """Per game of four growers: what fields paid when next harvested minus the forecast."""
    return _forecast_error("paid", seed, games)


# ------------------------------------------------------------ (a) thaler, and (e) the harvests
def trader_minus_planter_thaler(seed: int, games: int) -> list[float]:
    """Per game (two traders, two planters): the traders' mean thaler minus the planters'."""
    seats = _records(4, ["trader", "planter"] * 2, games, seed)["seats"]
    table = seats.assign(trades=seats["bot"].str.startswith("trader")).groupby(["game", "trades"])["score"]
    table = table.mean().unstack()
    return (table[True] - table[False]).tolist()


def traders_table_minus_twice_planters(seed: int, games: int) -> list[float]:
    """Per game index: the thaler of a whole table of four traders minus twice that of four planters."""
    traders = _records(4, "trader", games, seed)["seats"].groupby("game")["score"].sum()
    planters = _records(4, "planter", games, seed)["seats"].groupby("game")["score"].sum()
    return (traders.to_numpy() - 2 * planters.to_numpy()).tolist()


def four_traders_minus_mixed_traders(seed: int, games: int) -> list[float]:
    """Per game index (same seed): thaler per player at a table of four traders minus the traders'
    mean at a table of two traders and two planters."""
    four = _per_game(_records(4, "trader", games, seed)["seats"])
    mixed = _records(4, ["trader", "planter"] * 2, games, seed)["seats"]
    traders = _per_game(mixed[mixed["bot"].str.startswith("trader")])
    return (four - traders).dropna().tolist()  # games numbered alike in both runs


def _deal_shares(seed: int, games: int, kind: str) -> list[float]:
    deals = analysis.deal_outcomes(_records(4, "trader", games, seed)["deals"])
    part = deals[deals["kind"] == kind]
    return (part["outcome"] == "both gain").groupby(part["game"]).mean().tolist()


def exchanges_both_gain(seed: int, games: int) -> list[float]:
    """Per game of four traders (games with an accepted exchange): the share of its accepted
    exchanges in which both sides' fields gain (``analysis.deal_outcomes``)."""
    return _deal_shares(seed, games, "exchange")


def gifts_both_gain(seed: int, games: int) -> list[float]:
    """As ``exchanges_both_gain``, for accepted gifts."""
    return _deal_shares(seed, games, "gift")


def _first_seat_share(first: object, seed: int, games: int) -> pd.Series:
    """Win share per game of ``first`` against three ``grower:3`` (seats rotated: in game i the
    first bot listed sits in seat -i mod 4)."""
    from ...simulate import listed_first, simulate

    seats = simulate("bohnanza", 4, [first, "grower:3", "grower:3", "grower:3"], games, seed=seed)
    mine = seats[listed_first(seats)]
    return mine.set_index("game")["win_share"].sort_index()


def refusing_to_trade_at_equilibrium(seed: int, games: int) -> list[float]:
    """Per game, against three ``grower:3`` (the meta-game's equilibrium, ``data/meta_games``): the
    win share of a ``grower:3`` in one seat minus that of the same grower that never trades there."""
    trading = _first_seat_share("grower:3", seed, games)
    refusing = _first_seat_share(analysis.NonTrader("grower:3"), seed, games)
    return (trading - refusing).tolist()


def _during(harvests: pd.DataFrame) -> pd.DataFrame:
    return harvests[~harvests["final"]]


def traders_minus_planters_paid_nothing(seed: int, games: int) -> list[float]:
    """Per game index: the share of harvests during play that paid nothing, four traders minus four planters."""
    traders = _during(_records(4, "trader", games, seed)["harvests"])
    planters = _during(_records(4, "planter", games, seed)["harvests"])
    share = [(h["coins"] == 0).groupby(h["game"]).mean() for h in (traders, planters)]
    return (share[0] - share[1]).dropna().tolist()  # games numbered alike in both runs


def traders_at_top(seed: int, games: int) -> list[float]:
    """Per game of four traders: the share of harvests during play at the top of the beanometer."""
    during = _during(_records(4, "trader", games, seed)["harvests"])
    return during.groupby("game")["top"].mean().tolist()


def growers_at_top(seed: int, games: int) -> list[float]:
    """Per game of four growers: the share of harvests during play at the top of the beanometer."""
    during = _during(analysis.games_records(list(_grower_games(seed, games)))["harvests"])
    return during.groupby("game")["top"].mean().tolist()


def grower_coins_minus_twice_trader(seed: int, games: int) -> list[float]:
    """Per game index: thaler per harvest during play, four growers minus twice four traders."""
    growers = _during(analysis.games_records(list(_grower_games(seed, games)))["harvests"])
    traders = _during(_records(4, "trader", games, seed)["harvests"])
    coins = [h.groupby("game")["coins"].mean() for h in (growers, traders)]
    return (coins[0] - 2 * coins[1]).dropna().tolist()  # games numbered alike in both runs


NET_MINUS_NONE = {1: field_at_1_minus_none, 2: field_at_2_minus_none, 3: field_at_3_minus_none}
FEWER = {3: three_minus_four_players, 4: four_minus_five_players}
TURN_WORTH = {3: turn_worth_3, 4: turn_worth_4, 5: turn_worth_5}


TRADER_SENTENCE = N_("The trader wins more often than the planter, which differs from it only in trading.")
GROWERS_SCOPE = N_(
    "these bots at this table (four players unless said): two growers and two growers that never trade"
)
DEAL_SCOPE = N_("four growers, one accepted deal a game, played out over re-dealt decks from the answer")


def _trading_and_deals() -> list[Claim]:
    claims = [
        Claim(
            id="04-trader-beats-planter",
            lesson=LESSON,
            sentence=TRADER_SENTENCE,
            scope=N_("these bots at this table (four players unless said): two traders and two planters"),
            measure=trader_minus_planter,
            games=200,
            direction="above",
            family="04-trading",
            unit=N_("win share per game"),
        ),
        Claim(
            id="04-grower-trading-wins",
            lesson=LESSON,
            sentence=N_("A grower that never trades wins less often than the growers who trade."),
            scope=GROWERS_SCOPE,
            measure=grower_minus_non_trader,
            games=100,
            direction="above",
            family="04-trading",
            unit=N_("win share per game"),
            value_range=(-0.5, 0.5),
        ),
        Claim(
            id="04-deal-moves-who-wins",
            lesson=LESSON,
            sentence=N_(
                "Accepting a deal rather than rejecting it moves the chances of who wins by more than chance alone moves them (reject against reject)."
            ),
            scope=DEAL_SCOPE,
            measure=deal_moves_who_wins,
            games=40,
            direction="above",
            family="04-deal",
            unit=N_("total variation of the winner's distribution per deal"),
            units=N_("deals"),
        ),
        Claim(
            id="04-deal-placebo",
            lesson=LESSON,
            sentence=N_(
                "The placebo, reject played out against reject, shows no difference in the partner's chance."
            ),
            scope=DEAL_SCOPE,
            measure=deal_placebo,
            games=40,
            direction="no_difference",
            unit=N_("win chance per deal"),
            units=N_("deals"),
        ),
        Claim(
            id="04-deal-partner-gains",
            lesson=LESSON,
            sentence=N_("An accepted deal raises the partner's chance of winning."),
            scope=DEAL_SCOPE,
            measure=deal_partner_gains,
            games=40,
            direction="above",
            family="04-deal",
            unit=N_("win chance per deal"),
            units=N_("deals"),
        ),
        Claim(
            id="04-deal-active-level",
            lesson=LESSON,
            sentence=N_(
                "For the active player who proposed it, an accepted deal makes no detectable difference to the chance of winning."
            ),
            scope=DEAL_SCOPE,
            measure=deal_active_gains,
            games=40,
            direction="no_difference",
            unit=N_("win chance per deal"),
            units=N_("deals"),
        ),
    ]
    return claims


# The sentences of the claims made in a loop, one literal each (translated in the catalogue).
_THIRD_FIELD_SENTENCES = {
    1: N_(
        "With the third field at 1 thaler, traders end with more thaler (net of the price) than with no third field at all."
    ),
    2: N_(
        "With the third field at 2 thaler, traders end with more thaler (net of the price) than with no third field at all."
    ),
    3: N_(
        "With the third field at 3 thaler, traders end with less thaler (net of the price) than with no third field at all."
    ),
}
_FEWER_SENTENCES = {
    3: N_("Each player makes fewer thaler with 4 players than with 3."),
    4: N_("Each player makes fewer thaler with 5 players than with 4."),
}
_TURN_WORTH_SENTENCES = {
    3: N_("For these traders a turn is worth between 0.35 and 0.65 thaler with 3 players."),
    4: N_("For these traders a turn is worth between 0.35 and 0.65 thaler with 4 players."),
    5: N_("For these traders a turn is worth between 0.35 and 0.65 thaler with 5 players."),
}
_TURN_WORTH_SCOPES = {
    3: N_(
        "these bots at this table (four players unless said): 3 traders (weak bots; growers make several times as much)"
    ),
    4: N_(
        "these bots at this table (four players unless said): 4 traders (weak bots; growers make several times as much)"
    ),
    5: N_(
        "these bots at this table (four players unless said): 5 traders (weak bots; growers make several times as much)"
    ),
}


def _third_field_and_variants() -> list[Claim]:
    claims: list[Claim] = []
    for price, direction in ((1, "above"), (2, "above"), (3, "below")):
        claims.append(
            Claim(
                id=f"04-third-field-at-{price}",
                lesson=LESSON,
                sentence=_THIRD_FIELD_SENTENCES[price],
                scope=N_(
                    "these bots at this table (four players unless said): four traders, who buy the field as soon as they can"
                ),
                measure=NET_MINUS_NONE[price],
                games=200,
                direction=direction,
                family="04-third-field",
                unit=N_("thaler per player per game"),
            )
        )
    claims += [
        Claim(
            id="04-three-fields-for-three",
            lesson=LESSON,
            sentence=N_("With three players, three fields from the start raise the thaler per player."),
            scope=N_("these bots at this table (four players unless said): three traders"),
            measure=three_fields_for_three,
            games=200,
            direction="above",
            family="04-variants",
            unit=N_("thaler per player per game"),
        ),
        Claim(
            id="04-third-field-for-two",
            lesson=LESSON,
            sentence=N_("With four players, a third field for 2 thaler raises the thaler per player."),
            scope=N_("these bots at this table (four players unless said): four traders"),
            measure=third_field_for_two,
            games=200,
            direction="above",
            family="04-variants",
            unit=N_("thaler per player per game"),
        ),
        Claim(
            id="04-three-fields-fewer-forced",
            lesson=LESSON,
            sentence=N_(
                "With three players, three fields from the start mean fewer forced harvests per player."
            ),
            scope=N_("these bots at this table (four players unless said): three traders"),
            measure=three_fields_fewer_forced,
            games=200,
            direction="below",
            family="04-variants",
            unit=N_("forced harvests per player per game"),
        ),
        Claim(
            id="04-field-for-two-fewer-forced",
            lesson=LESSON,
            sentence=N_(
                "With four players, a third field for 2 thaler means fewer forced harvests per player."
            ),
            scope=N_("these bots at this table (four players unless said): four traders"),
            measure=field_for_two_fewer_forced,
            games=200,
            direction="below",
            family="04-variants",
            unit=N_("forced harvests per player per game"),
        ),
    ]
    return claims


def _players_and_turns() -> list[Claim]:
    claims: list[Claim] = []
    for players in (3, 4):
        claims.append(
            Claim(
                id=f"04-fewer-thaler-{players}-to-{players + 1}",
                lesson=LESSON,
                sentence=_FEWER_SENTENCES[players],
                scope=N_("these bots at this table (four players unless said): traders only"),
                measure=FEWER[players],
                games=200,
                direction="above",
                family="04-players",
                unit=N_("thaler per player per game"),
            )
        )
    for players in (3, 4, 5):
        claims.append(
            Claim(
                id=f"04-turn-worth-{players}",
                lesson=LESSON,
                sentence=_TURN_WORTH_SENTENCES[players],
                scope=_TURN_WORTH_SCOPES[players],
                measure=TURN_WORTH[players],
                games=200,
                direction="between",
                bounds=(0.35, 0.65),
                family="04-turn-worth",
                unit=N_("thaler per turn per game"),
            )
        )
    return claims


def _the_bots() -> list[Claim]:
    claims: list[Claim] = []
    claims += [
        Claim(
            id="04-grower-makes-twice",
            lesson=LESSON,
            sentence=N_("Growers make more than twice the thaler per player of traders, each in self-play."),
            scope=N_(
                "these bots at this table (four players unless said): four growers against four traders, each bot's self-play"
            ),
            measure=grower_minus_twice_trader,
            games=100,
            direction="above",
            family="04-bots",
            unit=N_("thaler per player per game"),
        ),
        Claim(
            id="04-traders-forced",
            lesson=LESSON,
            sentence=N_("More than 95 % of the traders' harvests during play are forced by the next bean."),
            scope=N_("these bots at this table (four players unless said): four traders"),
            measure=traders_forced,
            games=100,
            direction="above",
            threshold=0.95,
            family="04-bots",
            unit=N_("share of harvests per game"),
        ),
        Claim(
            id="04-growers-forced-less",
            lesson=LESSON,
            sentence=N_("Fewer than 90 % of the growers' harvests during play are forced."),
            scope=N_("these bots at this table (four players unless said): four growers"),
            measure=growers_forced,
            games=100,
            direction="below",
            threshold=0.9,
            family="04-bots",
            unit=N_("share of harvests per game"),
        ),
        Claim(
            id="04-grower-beats-trader-0",
            lesson=LESSON,
            sentence=N_(
                "Against two `trader:0` bots at the same tables, the grower wins more often than they do."
            ),
            scope=N_("these bots at this table (four players unless said): two growers and two trader:0"),
            measure=grower_minus_trader_0,
            games=200,
            direction="above",
            family="04-bots",
            unit=N_("win share per game"),
        ),
        Claim(
            id="04-forecast-calibrated",
            lesson=LESSON,
            sentence=(
                N_(
                    "Given the cards that really came, the formula pays what it forecast, within a twentieth of a thaler per field."
                )
            ),
            scope=N_("four growers' fields at the start of each of their turns"),
            measure=forecast_error_with_cards_that_came,
            games=40,
            direction="between",
            bounds=(-0.05, 0.05),
            unit=N_("thaler per field, mean per game"),
        ),
        Claim(
            id="04-fields-pay-more-than-forecast",
            lesson=LESSON,
            sentence=N_("In the game, fields paid more than the forecast (deals feed them)."),
            scope=N_("four growers' fields at the start of each of their turns"),
            measure=paid_minus_forecast,
            games=40,
            direction="above",
            unit=N_("thaler per field, mean per game"),
        ),
    ]
    return claims


def _thaler_and_harvests() -> list[Claim]:
    claims: list[Claim] = []
    claims += [
        Claim(
            id="04-trader-earns-more-than-planter",
            lesson=LESSON,
            sentence=N_("A trader among planters earns more thaler than the planters at its table."),
            scope=N_("these bots at this table (four players unless said): two traders and two planters"),
            measure=trader_minus_planter_thaler,
            games=100,
            direction="above",
            family="04-trading",
            unit=N_("thaler per player per game"),
        ),
        Claim(
            id="04-traders-table-twice-planters",
            lesson=LESSON,
            sentence=N_("Four traders end with more than twice the thaler of four planters."),
            scope=N_(
                "these bots at this table (four players unless said): a table of four traders against a table of four planters"
            ),
            measure=traders_table_minus_twice_planters,
            games=100,
            direction="above",
            family="04-trading",
            unit=N_("thaler per table per game"),
        ),
        Claim(
            id="04-four-traders-earn-more",
            lesson=LESSON,
            sentence=N_(
                "A table of four traders earns more per player than the traders at a table with two planters."
            ),
            scope=N_(
                "these bots at this table (four players unless said): four traders against two traders and two planters, the same deals"
            ),
            measure=four_traders_minus_mixed_traders,
            games=100,
            direction="above",
            family="04-trading",
            unit=N_("thaler per player per game"),
        ),
        Claim(
            id="04-exchanges-both-gain",
            lesson=LESSON,
            sentence=(
                N_(
                    "Both sides' fields gain in every exchange between traders (in all of them observed; with 95 % confidence in at least 95 %), as the trader's rule makes them: a check that the bots do what their sentence says, not a finding about the game."
                )
            ),
            scope=(
                N_(
                    "these bots at this table (four players unless said): four traders, fields at the moment of the deal; true by construction (a trader offers beans that would force it to harvest, asks for a bean of its fullest field, and accepts only beans that fit its fields)"
                )
            ),
            measure=exchanges_both_gain,
            games=100,
            direction="above",
            threshold=0.95,
            value_range=(0.0, 1.0),
            family="04-deals",
            unit=N_("share of a game's accepted exchanges"),
        ),
        Claim(
            id="04-gifts-mostly-both-gain",
            lesson=LESSON,
            sentence=N_("Most gifts between traders help both sides' fields too."),
            scope=N_(
                "these bots at this table (four players unless said): four traders; fields at the moment of the deal"
            ),
            measure=gifts_both_gain,
            games=100,
            direction="above",
            threshold=0.5,
            family="04-deals",
            unit=N_("share of a game's accepted gifts"),
        ),
    ]
    return claims


def _harvests() -> list[Claim]:
    claims = [
        Claim(
            id="04-refusing-to-trade-at-equilibrium",
            lesson=LESSON,
            sentence=(
                N_(
                    "Against three `grower`s, the meta-game's equilibrium, a grower that refuses to trade wins less often than a grower that trades in the same seat on the same deals."
                )
            ),
            scope=(
                N_(
                    "the meta-game's equilibrium among `grower`, `trader:0` and `grower` without trading (data/meta_games): one seat against three `grower:3`"
                )
            ),
            measure=refusing_to_trade_at_equilibrium,
            games=160,
            direction="above",
            unit=N_("win share per game"),
        ),
        Claim(
            id="04-traders-lose-fewer-fields",
            lesson=LESSON,
            sentence=N_("Traders lose fewer fields for nothing than planters."),
            scope=N_(
                "these bots at this table (four players unless said): four traders against four planters"
            ),
            measure=traders_minus_planters_paid_nothing,
            games=100,
            direction="below",
            family="04-harvests",
            unit=N_("share of harvests per game"),
        ),
        Claim(
            id="04-traders-seldom-at-top",
            lesson=LESSON,
            sentence=N_("Fewer than 5 % of the traders' harvests reach the top of the beanometer."),
            scope=N_("these bots at this table (four players unless said): four traders"),
            measure=traders_at_top,
            games=100,
            direction="below",
            threshold=0.05,
            family="04-harvests",
            unit=N_("share of harvests per game"),
        ),
        Claim(
            id="04-growers-often-at-top",
            lesson=LESSON,
            sentence=N_("More than 10 % of the growers' harvests reach the top of the beanometer."),
            scope=N_("these bots at this table (four players unless said): four growers"),
            measure=growers_at_top,
            games=100,
            direction="above",
            threshold=0.1,
            family="04-harvests",
            unit=N_("share of harvests per game"),
        ),
        Claim(
            id="04-grower-harvest-pays-twice",
            lesson=LESSON,
            sentence=N_("A grower's harvest pays more than twice as much as a trader's, on average."),
            scope=N_(
                "these bots at this table (four players unless said): four growers against four traders, each bot's self-play"
            ),
            measure=grower_coins_minus_twice_trader,
            games=100,
            direction="above",
            family="04-harvests",
            unit=N_("thaler per harvest, mean per game"),
        ),
    ]
    return claims


for _claim in (
    *_trading_and_deals(),
    *_third_field_and_variants(),
    *_players_and_turns(),
    *_the_bots(),
    *_thaler_and_harvests(),
    *_harvests(),
):
    register(_claim)
