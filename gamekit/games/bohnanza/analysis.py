"""Bohnanza's own tables for the lesson: the beanometers, harvest timing, deals and settings.

Everything here prepares data (pandas, no plotting). The inputs are the rules
(``harvest_value``), a player's view, or the tables of ``simulate_records``:
``seats`` (one row per seat per game), ``deals``, ``harvests``, ``fields`` and
``turns`` (see ``Bohnanza.records``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pandas as pd

from ...analysis import group_means, mean_with_interval, wilson_interval
from ...theory.bohnanza import pay_after
from . import rules
from .i18n import N_, _

# A price nobody can pay in a game of 104 cards: the game without a third field (BO-H3).
NO_THIRD_FIELD = rules.DECK_SIZE + 1


# ------------------------------------------------------------ the beanometers
def beanometer_table(max_beans: int = 12) -> pd.DataFrame:
    """Thaler for 1 to ``max_beans`` beans of every type, from ``rules.harvest_value`` (BO-C1, BO-H1)."""
    return pd.DataFrame(
        [
            {"bean": bean, "beans": n, "coins": rules.harvest_value(bean, n)}
            for bean in rules.BEANS
            for n in range(1, max_beans + 1)
        ]
    )


def bean_prices() -> pd.DataFrame:
    """One row per bean type: how many cards exist and what its beanometer pays.

    ``first_step`` is the fewest beans that pay anything, ``top`` the fewest that pay
    the most, and ``coins_per_bean`` what a field at the top pays per bean planted:
    the rarer the bean, the better it pays (BO-C1).
    """
    rows = []
    for bean in rules.BEANS:
        steps = [n for n in rules.BEANOMETERS[bean] if n is not None]
        top = rules.top_of_beanometer(bean)
        best = rules.harvest_value(bean, top)
        rows.append(
            {
                "bean": bean,
                "cards": rules.BEAN_COUNTS[bean],
                "first_step": steps[0],
                "top": top,
                "top_coins": best,
                "coins_per_bean": best / top,
            }
        )
    return pd.DataFrame(rows)


# ------------------------------------------------------------ harvest timing
def unseen_beans(view: Mapping[str, Any]) -> dict[str, int]:
    """The beans a player has not seen, by type: the 104 cards minus every card the view shows.

    What is left is in the deck or in the other players' hands. Fields, coin cards,
    the discard pile, the trading area and the cards set aside after deals are public;
    the viewer's own hand is known to them (BO-C2). A teacher's view shows every hand,
    so what is left is the deck.
    """
    seen: Counter[str] = Counter(view["discard"]) + Counter(view["trading_area"])
    me = view["viewer"]
    for seat in range(view["players"]):
        seen.update(view["coin_cards"][seat])
        seen.update(view["received"][seat])
        for field in view["fields"][seat]:
            if field is not None:
                seen[field[0]] += field[1]
        hand = view["hands"][seat]
        if hand is not None and (me is None or seat == me):
            seen.update(hand)
    return {bean: rules.BEAN_COUNTS[bean] - seen[bean] for bean in rules.BEANS}


def pay_after_turns(
    bean: str,
    count: int,
    unseen_of_bean: int | None = None,
    unseen_total: int | None = None,
    cards_per_turn: int = 2,
    turns: Iterable[int] = range(0, 6),
) -> pd.DataFrame:
    """What a field pays if harvested after k more turns, against what it pays now (exact).

    A field holds ``count`` beans of ``bean``. Each turn waited, ``cards_per_turn``
    unseen cards reach the player (the two turned-up cards, BO-T3, by default) and
    every one of this bean joins the field. With ``unseen_of_bean`` beans of the type
    among ``unseen_total`` unseen cards (by default: all the others of the type among
    all the other cards), the beans gained in k turns follow the hypergeometric law
    (``gamekit.theory.bohnanza.pay_after``).

    One row per k: ``coins_now`` (harvest now, BO-H1), ``expected_coins`` (harvest
    after k turns), ``chance_of_more`` (the field then pays more than now) and
    ``gain_per_turn``. Waiting never lowers a field's value, so the price of waiting
    is elsewhere: the field stays occupied, and a bean that fits no field forces a
    harvest anyway (BO-T2). That is the optimal-stopping question the lesson asks
    (and ``gamekit.theory.bohnanza.harvest_now_or_wait`` answers for the bots).
    """
    if bean not in rules.BEAN_COUNTS:
        raise ValueError(
            _("there is no bean {bean}; beans: {value}", bean=repr(bean), value=", ".join(rules.BEANS))
        )
    if count < 1:
        raise ValueError(_("a field holds at least one bean, not {count}", count=count))
    if unseen_of_bean is None:
        unseen_of_bean = max(0, rules.BEAN_COUNTS[bean] - count)
    if unseen_total is None:
        unseen_total = rules.DECK_SIZE - count
    if cards_per_turn < 0:
        raise ValueError(
            _("cards_per_turn must be >= 0, not {cards_per_turn}", cards_per_turn=cards_per_turn)
        )
    now = rules.harvest_value(bean, count)
    rows = []
    for k in turns:
        expected, more = pay_after(
            rules.HARVEST[bean], count, unseen_of_bean, unseen_total, cards_per_turn * k
        )
        rows.append(
            {
                "turns": k,
                "cards_seen": min(cards_per_turn * k, unseen_total),
                "coins_now": now,
                "expected_coins": expected,
                "chance_of_more": more,
                "gain_per_turn": (expected - now) / k if k else 0.0,
            }
        )
    return pd.DataFrame(rows)


def field_choices(
    view: Mapping[str, Any], seat: int | None = None, turns: int = 2, cards_per_turn: int = 2
) -> pd.DataFrame:
    """For each planted field of ``seat`` (default: the viewer), coins now against waiting ``turns``.

    The unseen beans are counted from the view (``unseen_beans``), so the table uses
    only what that player may know. The field with the least to gain from waiting is
    the cheapest one to harvest when a bean forces a harvest (BO-T2).
    """
    me = view["viewer"] if seat is None else seat
    if me is None:
        raise ValueError(_("field_choices needs a seat: the viewer of a player's view, or seat="))
    unseen = unseen_beans(view)
    total = sum(unseen.values())
    rows = []
    for number, field in enumerate(view["fields"][me], start=1):
        if field is None:
            continue
        bean, count = field
        row = pay_after_turns(bean, count, unseen[bean], total, cards_per_turn, [turns]).iloc[0]
        rows.append(
            {
                "field": number,
                "bean": bean,
                "count": count,
                "unseen": unseen[bean],
                "coins_now": int(row["coins_now"]),
                "expected_coins": row["expected_coins"],
                "chance_of_more": row["chance_of_more"],
                "gain_from_waiting": row["expected_coins"] - row["coins_now"],
            }
        )
    return pd.DataFrame(rows)


# ------------------------------------------------------------------- deals
def deal_outcomes(deals: pd.DataFrame) -> pd.DataFrame:
    """The accepted deals with who gained what, read from how each side's fields stood.

    A side gains from a deal when it receives beans that join a field it grows
    (``fed``) or gets rid of beans it does not grow (``sheds``), which would need a
    new field or force a harvest (BO-T2). Adds ``active_gains``, ``partner_gains``,
    ``outcome`` ("both gain", "only the active player", "only the partner", "neither")
    and ``kind`` ("gift" when nothing was asked back, else "exchange").
    """
    needed = ("accepted", "active_fed", "active_sheds", "partner_fed", "partner_sheds")
    missing = [c for c in needed if c not in deals.columns]
    if missing:
        raise ValueError(
            _("expected the deals table of simulate_records; missing: {value}", value=", ".join(missing))
        )
    done = deals[deals["accepted"]].copy()
    done["active_gains"] = (done["active_fed"] > 0) | (done["active_sheds"] > 0)
    done["partner_gains"] = (done["partner_fed"] > 0) | (done["partner_sheds"] > 0)
    done["outcome"] = [
        OUTCOMES[2 * (not a) + (not p)]
        for a, p in zip(done["active_gains"], done["partner_gains"], strict=True)
    ]
    if "gift" in done.columns:
        done["kind"] = [N_("gift") if gift else N_("exchange") for gift in done["gift"]]
    return done


OUTCOMES = (N_("both gain"), N_("only the active player"), N_("only the partner"), N_("neither"))


def outcome_shares(deals: pd.DataFrame, by: str | None = None) -> pd.DataFrame:
    """Share of accepted deals in each outcome of ``deal_outcomes`` (optionally per ``by``,
    e.g. ``"kind"``: gifts and exchanges), with a 95 % interval ``ci_low``/``ci_high``.

    The interval is clustered by game (``analysis.group_means`` of a 0/1 column, CR1 standard
    error from ``gamekit.stats.clustered_mean``), not Wilson: the deals of one game are made
    between the same players, with the same fields and hands, so their outcomes move together
    and treating them as independent would make the interval too narrow. A table without a
    ``game`` column (deals of unknown origin) gets the Wilson interval, as if they were independent.
    A share of 1 (every deal of the kind had this outcome) has no spread to cluster, and the
    clustered interval would shrink to a point: it gets the Wilson interval with each game
    counted once, the conservative choice.
    """
    done = deal_outcomes(deals)
    keys = ["outcome"] if by is None else [by, "outcome"]
    counts = done.groupby(keys).size().rename("deals").reset_index()
    totals = counts.groupby(by)["deals"].transform("sum") if by else counts["deals"].sum()
    counts["share"] = counts["deals"] / totals
    low, high = [], []
    for _i, row in counts.iterrows():
        part = done if by is None else done[done[by] == row[by]]
        if "game" in part.columns and 0 < row["share"] < 1:
            hit = part.assign(hit=(part["outcome"] == row["outcome"]).astype(float), key=0)
            interval = group_means(hit, "hit", "key").iloc[0]
            low.append(interval["ci_low"])
            high.append(interval["ci_high"])
        elif "game" in part.columns:  # every deal alike: no spread to cluster, count each game once
            a, b = wilson_interval(int(row["share"]) * part["game"].nunique(), part["game"].nunique())
            low.append(min(a, row["share"]))
            high.append(max(b, row["share"]))  # Wilson's 1 can round to 0.9999999999
        else:
            a, b = wilson_interval(int(row["deals"]), len(part))
            low.append(a)
            high.append(b)
    counts["ci_low"], counts["ci_high"] = low, high
    order = {o: i for i, o in enumerate(OUTCOMES)}
    counts["order"] = counts["outcome"].map(order)
    return counts.sort_values([*([by] if by else []), "order"]).drop(columns="order").reset_index(drop=True)


def with_partner_bot(deals: pd.DataFrame, seats: pd.DataFrame) -> pd.DataFrame:
    """The deals table with the partner's bot label (``partner_bot``) from the seats table."""
    labels = seats[["game", "seat", "bot"]].rename(columns={"seat": "partner", "bot": "partner_bot"})
    return deals.merge(labels, on=["game", "partner"], how="left")


# --------------------------------------------------------------- harvests
def harvest_summary(harvests: pd.DataFrame, by: str | None = None) -> pd.DataFrame:
    """How harvests went during play (the final harvest left out): how many, how many were
    forced (BO-T2), reached the top of the beanometer, or paid nothing, and the mean
    beans and coins per harvest."""
    during = harvests[~harvests["final"]]
    grouped = during.groupby(by) if by else during.groupby(lambda _: "all")
    table = pd.DataFrame(
        {
            "harvests": grouped.size(),
            "forced": grouped["forced"].mean(),
            "at_top": grouped["top"].mean(),
            "paid_nothing": grouped["coins"].apply(lambda c: (c == 0).mean()),
            "mean_beans": grouped["count"].mean(),
            "mean_coins": grouped["coins"].mean(),
        }
    )
    return table.reset_index(names=by or "harvests of")


# --------------------------------------------------------------- settings
def setting_summary(seats: pd.DataFrame, by: Sequence[str] = ("setting",)) -> pd.DataFrame:
    """Per setting (and any other ``by`` columns): mean thaler per player with a 95 % interval,
    and how often a third field was bought, with the deals and forced harvests per player."""
    keys = list(by)
    table = mean_with_interval(seats.groupby(keys, sort=False)["score"])
    extra = seats.groupby(keys, sort=False)[["third_field", "deals", "forced_harvests"]].mean().reset_index()
    return table.merge(extra, on=keys)


def table_totals(seats: pd.DataFrame, by: Sequence[str] = ("setting",)) -> pd.DataFrame:
    """Per setting: the thaler of a whole table per game (all players together), with an interval.

    Gains from trade show here: if trading only moved coins from one player to
    another the total would not change.
    """
    keys = list(by)
    per_game = seats.groupby([*keys, "game"], sort=False)["score"].sum().reset_index()
    return mean_with_interval(per_game.groupby(keys, sort=False)["score"])


def third_field_by_price(runs: Mapping[int, Mapping[str, pd.DataFrame]]) -> pd.DataFrame:
    """One row per price of the third field (BO-H3, option ``third_field_cost``): mean thaler
    per player with a 95 % interval (net of what the field cost), the share of players who
    bought one, and ``no_field`` for the game without a third field (price ``NO_THIRD_FIELD``).

    ``runs`` maps each price to a ``simulate_records`` result with that price.
    """
    rows = []
    for price, run in runs.items():
        seats = run["seats"]
        row = mean_with_interval(seats.assign(price=price).groupby("price")["score"]).iloc[0].to_dict()
        row["bought"] = float(seats["third_field"].mean())
        row["no_field"] = price >= NO_THIRD_FIELD
        rows.append(row)
    table = pd.DataFrame(rows)
    table[["price", "n"]] = table[["price", "n"]].astype(int)
    return table.sort_values("price", ignore_index=True)


def player_count_summary(runs: Mapping[int, Mapping[str, pd.DataFrame]]) -> pd.DataFrame:
    """Per number of players: mean thaler per player (95 % interval), the thaler of the whole
    table, turns per player (with its 95 % interval over games, ``turns_low``/``turns_high``:
    each game's turns divided by the players is one independent observation) and thaler per turn.

    ``runs`` maps each player count to a ``simulate_records`` result (it needs ``turns``).
    """
    rows = []
    for players, run in runs.items():
        seats, turns = run["seats"], run["turns"]
        row = mean_with_interval(seats.assign(players=players).groupby("players")["score"]).iloc[0].to_dict()
        row["table_total"] = float(seats.groupby("game")["score"].sum().mean())
        row["turns_per_player"] = len(turns) / (seats["game"].nunique() * players)
        per_game = turns.groupby("game").size().reindex(seats["game"].unique(), fill_value=0) / players
        spread = group_means(
            per_game.rename("turns").reset_index().assign(players=players), "turns", "players"
        )
        row["turns_low"], row["turns_high"] = spread["ci_low"].iloc[0], spread["ci_high"].iloc[0]
        rows.append(row)
    table = pd.DataFrame(rows)
    table[["players", "n"]] = table[["players", "n"]].astype(int)
    table["thaler_per_turn"] = table["mean"] / table["turns_per_player"]
    return table.sort_values("players", ignore_index=True)


# ------------------------------------------------------------ the grower's strength
def strength(games: int = 200, seed: int = 0, baseline: str = "trader") -> Any:
    """The grower's win share minus ``baseline``'s (today's best Bohnanza bot, the trader), in
    4-player games of two of each, seats rotated: a ``gamekit.stats.PairedDifference``."""
    from ...simulate import simulate
    from ...stats import paired_difference

    table = simulate("bohnanza", 4, ["grower", baseline, "grower", baseline], games, seed=seed)
    bots = list(dict.fromkeys(table["bot"]))
    return paired_difference(table, bots[0], bots[1])


def self_play_thaler(bot: str = "grower", games: int = 200, seed: int = 0) -> pd.DataFrame:
    """Mean thaler per player when four copies of ``bot`` play each other, with a 95 % interval
    over games (each game's mean over its four seats is one observation)."""
    from ...simulate import simulate

    table = simulate("bohnanza", 4, [bot] * 4, games, seed=seed)
    per_game = table.groupby("game")["score"].mean()
    return mean_with_interval(per_game.groupby(pd.Series(bot, index=per_game.index, name="bot")))


def explorer_measures(records: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """One row per game of what the rule explorer compares (``experiments.compare_measures``):
    thaler per player (the score, BO-E1), the game's length in turns, the deals made in it
    (BO-T4) and the harvests forced by a bean that fits no field (BO-T2)."""
    seats, turns = records["seats"], records["turns"]
    deals = records.get("deals")
    games = pd.Index(sorted(seats["game"].unique()), name="game")
    made = (
        deals[deals["accepted"]].groupby("game").size()
        if deals is not None and not deals.empty
        else pd.Series(dtype=float)
    )
    return pd.DataFrame(
        {
            "thaler per player": seats.groupby("game")["score"].mean(),
            "turns": turns.groupby("game").size().reindex(games, fill_value=0).astype(float),
            "deals": made.reindex(games, fill_value=0).astype(float),
            "forced harvests per player": seats.groupby("game")["forced_harvests"].mean(),
        },
        index=games,
    )


# lesson 04 (issue 13) ------------------------------------------------------------------------------
# Trading's effect on winning, the tension between thaler and rank in a deal, and the harvest-timing
# forecast of ``gamekit.theory.bohnanza`` beside what the games did.
_TRADING_KINDS = frozenset({"offer", "give", "ask", "propose", "cancel", "accept"})


class NonTrader:
    """``bot`` that never trades: it ends trading at once as active player and rejects every
    proposal; everything else (planting, harvesting, buying the third field) is ``bot``'s own."""

    def __init__(self, bot: Any) -> None:
        from ...bots.base import bot_label, make_bot

        self.inner = make_bot(bot, "bohnanza")
        self.label = f"{bot_label(self.inner)} (no trading)"
        self.games = ("bohnanza",)

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: Any) -> Any:
        action = self.inner.choose(view, legal_actions, rng)
        if action.kind in _TRADING_KINDS:
            return next(a for a in legal_actions if a.kind in ("reject", "end-trading"))
        return action


def trading_effect(bot: str = "grower", games: int = 100, seed: int = 0, players: int = 4) -> dict[str, Any]:
    """``bot`` against the same bot that never trades (``NonTrader``), half the seats each,
    seats rotated: ``{"seats": simulate's table, "win_share": ..., "thaler": ...}``, the last two
    ``gamekit.stats.PairedDifference`` (trader minus non-trader, paired by game)."""
    from ...bots.base import bot_label, make_bot
    from ...simulate import simulate
    from ...stats import paired_difference

    trader, non_trader = make_bot(bot, "bohnanza"), NonTrader(bot)
    seats = simulate("bohnanza", players, [trader, non_trader] * (players // 2), games, seed=seed)
    a, b = bot_label(trader), non_trader.label
    return {
        "seats": seats,
        "win_share": paired_difference(seats, a, b),
        "thaler": paired_difference(seats, a, b, column="score"),
    }


def paired_table(differences: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> pd.DataFrame:
    """One row per named ``PairedDifference`` (a mapping, or (name, difference) pairs when one name
    has several measures): the two means, the difference and its 95 % interval."""
    pairs = list(differences.items()) if isinstance(differences, Mapping) else list(differences)
    rows = [
        {
            "comparison": name,
            "measure": d.column.replace("_", " "),
            "first": d.mean_a,
            "second": d.mean_b,
            "difference": d.difference,
            "ci_low": d.ci_low,
            "ci_high": d.ci_high,
            "games": d.n,
        }
        for name, d in pairs
    ]
    return pd.DataFrame(rows)


def played_games(bot: Any = "grower", games: int = 20, seed: int = 0, players: int = 4) -> list[Any]:
    """``games`` finished games of ``players`` copies of ``bot``, game i dealt from
    ``game_seed(seed, i)`` (``gamekit.play`` seeds the bots from the game's seed)."""
    import gamekit

    from ...simulate import game_seed

    out = []
    for i in range(games):
        g = gamekit.new_game("bohnanza", players, seed=game_seed(seed, i))
        gamekit.play(g, bot)
        out.append(g)
    return out


def _rank_of(scores: Sequence[int], seat: int) -> int:
    return 1 + sum(1 for s in scores if s > scores[seat])


def deal_counterfactuals(
    games: Sequence[Any], bot: Any = "grower", per_game: int = 1, seed: int = 0
) -> pd.DataFrame:
    """Each accepted deal drawn (``per_game`` a game, at random) is played out twice from the moment
    the partner answers: once accepted, once rejected, the same bots with the same random draws
    (``gamekit.play`` seeds them from the game) and the same deck. One row per deal: each side's
    final thaler and rank in both branches, and the changes the deal made (accepted minus rejected).

    ``rank_gain``: ranks gained (a deal that lifts you from 3rd to 1st gains 2). ``gap_change``:
    the change in the active player's thaler minus the partner's, negative when the deal helped the
    partner more than the active player in thaler.
    """
    import random as _random

    import gamekit

    rows = []
    for index, game in enumerate(games):
        accepts = [i for i, (_, action) in enumerate(game.history) if str(action) == "accept"]
        picks = _random.Random(seed * 1_000_003 + index).sample(accepts, min(per_game, len(accepts)))
        for step in sorted(picks):
            position = game.at(step)
            partner = game.history[step][0]
            active = position.view()["active"]
            branch = {}
            for answer in ("accept", "reject"):
                g = position.copy()
                g.act(partner, answer)
                gamekit.play(g, bot)
                branch[answer] = g.result()["scores"]
            yes, no = branch["accept"], branch["reject"]
            row = {
                "game": index,
                "step": step,
                "turn": position.view()["turn"],
                "active": active,
                "partner": partner,
            }
            for side, seat in (("active", active), ("partner", partner)):
                row[f"{side}_thaler_gain"] = yes[seat] - no[seat]
                row[f"{side}_rank_gain"] = _rank_of(no, seat) - _rank_of(yes, seat)
                row[f"{side}_won_gain"] = int(_rank_of(yes, seat) == 1) - int(_rank_of(no, seat) == 1)
            row["gap_change"] = row["active_thaler_gain"] - row["partner_thaler_gain"]
            rows.append(row)
    return pd.DataFrame(rows)


def _win_shares(result: Mapping[str, Any], players: int) -> list[float]:
    winners = result["winners"]
    return [1 / len(winners) if s in winners else 0.0 for s in range(players)]


def _played_out(
    position: Any, seat: int, answer: str, deck_seed: int, rest_seed: int, bot: Any
) -> list[float]:
    """Each seat's win share when ``seat`` answers ``answer`` at ``position`` and the game is played
    out by ``bot``, the deck dealt anew from ``deck_seed`` (its order is hidden from every player)
    and every later shuffle drawn from ``rest_seed``."""
    import random as _random

    import gamekit

    from ...core.chance import shuffled

    g = position.copy()
    g.deck = shuffled(_random.Random(deck_seed), g.deck)
    g.rng = _random.Random(rest_seed)
    g.act(seat, answer)
    gamekit.play(g, bot)
    return _win_shares(g.result(), g.players)


def deal_win_chances(
    games: Sequence[Any], bot: Any = "grower", samples: int = 16, seed: int = 0
) -> pd.DataFrame:
    """Ex ante: what one accepted deal a game (drawn at random) does to each seat's chance of winning.

    A deal changes the discard pile, so every later reshuffle deals other cards: playing accept
    and reject on the one deck that came mixes the deal's effect with that of a new shuffle. Here,
    from the moment the partner answers, the game is played out ``samples`` times per answer over
    deck orders dealt anew (the same ``samples`` orders for every arm), each arm drawing its later
    shuffles independently. Three arms: ``accept``, ``reject`` and a placebo, ``reject`` again with
    other later shuffles; the placebo measures what chance alone moves.

    One row per deal: each arm's win chance of the active player and of the partner, and
    ``moved``: the total variation between the winner's distribution after accepting and after
    rejecting (half the summed absolute differences over seats, 0 to 1), ``moved_placebo`` the
    same between reject and the placebo. ``moved - moved_placebo`` is the deal's own effect on who
    wins, beyond what chance moves with this many samples.
    """
    import random as _random

    rows = []
    for index, game in enumerate(games):
        accepts = [i for i, (_, action) in enumerate(game.history) if str(action) == "accept"]
        if not accepts:
            continue
        step = _random.Random(seed * 1_000_003 + index).choice(accepts)
        position = game.at(step)
        partner, active, n = game.history[step][0], position.view()["active"], position.players
        arms: dict[str, list[float]] = {arm: [0.0] * n for arm in ("accept", "reject", "placebo")}
        base = (seed * 1_000_003 + index) * 4 * samples
        for j in range(samples):
            deck_seed = base + 4 * j
            for k, (arm, answer) in enumerate(
                (("accept", "accept"), ("reject", "reject"), ("placebo", "reject"))
            ):
                shares = _played_out(position, partner, answer, deck_seed, deck_seed + 1 + k, bot)
                arms[arm] = [a + b / samples for a, b in zip(arms[arm], shares, strict=True)]
        row: dict[str, Any] = {"game": index, "step": step, "active": active, "partner": partner}
        for arm, chances in arms.items():
            row[f"active_{arm}"] = chances[active]
            row[f"partner_{arm}"] = chances[partner]
        row["moved"] = sum(abs(a - r) for a, r in zip(arms["accept"], arms["reject"], strict=True)) / 2
        row["moved_placebo"] = (
            sum(abs(p - r) for p, r in zip(arms["placebo"], arms["reject"], strict=True)) / 2
        )
        rows.append(row)
    return pd.DataFrame(rows)


def deal_tension(table: pd.DataFrame) -> pd.DataFrame:
    """How often the deals of ``deal_counterfactuals`` did each thing, with Wilson 95 % intervals
    (one deal a game keeps the deals independent)."""
    both_gain = (table["active_thaler_gain"] > 0) & (table["partner_thaler_gain"] > 0)
    partner_more = table["partner_thaler_gain"] > table["active_thaler_gain"]
    cases = {
        N_("both sides gain thaler"): both_gain,
        N_("the partner gains more thaler than the active player"): partner_more,
        N_("both gain thaler, the partner more"): both_gain & partner_more,
        N_("the partner gains more ranks than the active player"): table["partner_rank_gain"]
        > table["active_rank_gain"],
        N_("the active player gains more ranks than the partner"): table["active_rank_gain"]
        > table["partner_rank_gain"],
        N_("the deal changes who wins"): (table["active_won_gain"] != 0) | (table["partner_won_gain"] != 0),
    }
    rows = []
    for name, hit in cases.items():
        k, n = int(hit.sum()), len(table)
        low, high = wilson_interval(k, n)
        rows.append(
            {
                "what the deal did": name,
                "deals": k,
                "of": n,
                "share": k / n if n else float("nan"),
                "ci_low": low,
                "ci_high": high,
            }
        )
    return pd.DataFrame(rows)


def harvest_forecasts(games: Sequence[Any]) -> pd.DataFrame:
    """For every field of the active player at the start of each of its turns: the exact forecast of
    ``gamekit.theory.bohnanza`` (its hand queue and the unseen cards, as the ``grower`` computes it)
    beside two outcomes of the same game.

    The model: the hand queue plants ``known`` beans of the field's type before the first hand card
    that fits no field forces a harvest (``planted`` cards, one a turn), and the player turns up
    ``draws`` = 2 x max(1, planted) unseen cards by then, each of the type with the hypergeometric law.
    ``expected``: E[pay at the forced harvest]. ``with_cards_that_came``: the same formula with the
    cards the player really turned up on those turns (tests the hypergeometric: are the unseen cards
    as good as shuffled?). ``paid``: what the field paid when it was next harvested in the game
    (trades, early harvests and the final harvest included). Turns too close to the end for the
    player to have ``max(1, planted)`` more turns are left out.
    """
    import gamekit

    from .timing import outlook

    rows = []
    for index, game in enumerate(games):
        turn_ups = [e["cards"] for e in game.log if e["type"] == "turn-up"]
        turns = game.records()["turns"]
        seat_of_turn = {t["turn"]: t["seat"] for t in turns}
        harvests = game.records()["harvests"]
        replay = gamekit.new_game("bohnanza", game.players, seed=game.seed, options=game.setup["options"])
        last_turn = 0
        for seat, action in game.history:
            view = replay.view()
            if view["turn"] != last_turn and view["phase"] == "plant" and not view["planted"]:
                last_turn = view["turn"]
                me = view["active"]
                mine = replay.view(me)
                fields = mine["fields"][me]
                knowledge = outlook(mine)
                ahead = [t for t in range(last_turn, len(turns) + 1) if seat_of_turn.get(t) == me]
                if len(ahead) >= knowledge.turns:
                    came = [c for t in ahead[: knowledge.turns] for c in turn_ups[t - 1]]
                    for number, field in enumerate(fields, start=1):
                        if field is None:
                            continue
                        bean, count = field
                        now, expected = knowledge.now_and_wait(bean, count)
                        top = len(rules.HARVEST[bean]) - 1
                        realised = rules.HARVEST[bean][
                            min(count + knowledge.known[bean] + came.count(bean), top)
                        ]
                        paid = next(
                            (
                                h["coins"]
                                for h in harvests
                                if h["seat"] == me and h["field"] == number and h["turn"] >= last_turn
                            ),
                            None,
                        )
                        rows.append(
                            {
                                "game": index,
                                "turn": last_turn,
                                "seat": me,
                                "field": number,
                                "bean": bean,
                                "count": count,
                                "known": knowledge.known[bean],
                                "unseen_of_bean": knowledge.unseen[bean],
                                "unseen_total": knowledge.unseen_total,
                                "draws": knowledge.draws,
                                "now": now,
                                "expected": expected,
                                "with_cards_that_came": realised,
                                "paid": paid,
                            }
                        )
            replay.act(seat, action)
    return pd.DataFrame(rows)


def forecast_calibration(forecasts: pd.DataFrame, width: float = 0.5) -> pd.DataFrame:
    """``harvest_forecasts`` binned by the exact forecast (bins ``width`` thaler wide): per bin and
    outcome the mean forecast and the mean outcome with a 95 % interval clustered by game."""
    from ...stats import clustered_mean

    table = forecasts.assign(bin=(forecasts["expected"] / width).round() * width)
    rows = []
    for outcome, label in (
        ("with_cards_that_came", N_("the formula with the cards that came")),
        ("paid", N_("what the field paid in the game")),
    ):
        for value, part in table.dropna(subset=[outcome]).groupby("bin"):
            if len(part) < 2 or part["game"].nunique() < 2:
                continue
            m = clustered_mean(part.assign(value=part[outcome].astype(float)), "value")
            rows.append(
                {
                    "outcome": label,
                    "bin": value,
                    "forecast": part["expected"].mean(),
                    "mean": m.mean,
                    "ci_low": m.ci_low,
                    "ci_high": m.ci_high,
                    "fields": len(part),
                }
            )
    return pd.DataFrame(rows)


def games_records(games: Sequence[Any], bot: str = "grower") -> dict[str, pd.DataFrame]:
    """Finished games (``played_games``) as the tables of ``simulate_records``: ``seats`` (one row
    per seat per game, with the game's statistics), ``deals`` and ``harvests`` (each with ``game``)."""
    seats, tables = [], {"deals": [], "harvests": []}
    for index, game in enumerate(games):
        result = game.result()
        winners = result["winners"]
        for seat in range(game.players):
            seats.append(
                {
                    "game": index,
                    "seat": seat,
                    "bot": bot,
                    "score": result["scores"][seat],
                    "rank": result["ranks"][seat],
                    "winner": seat in winners,
                    "win_share": 1 / len(winners) if seat in winners else 0.0,
                    **game.stats(seat),
                }
            )
        records = game.records()
        for name, rows in tables.items():
            rows.extend({"game": index, "bot": bot, **r} for r in records[name])
    return {"seats": pd.DataFrame(seats), **{k: pd.DataFrame(v) for k, v in tables.items()}}


def game_means(seats: pd.DataFrame, by: str = "setting") -> pd.DataFrame:
    """Mean thaler per player per ``by`` with a 95 % interval over games (each game's mean over its
    seats is one observation: the players of one game share its deck)."""
    per_game = seats.groupby([by, "game"], sort=False)["score"].mean().reset_index()
    return mean_with_interval(per_game.groupby(by, sort=False)["score"])


def forecast_errors(forecasts: pd.DataFrame) -> pd.DataFrame:
    """Per outcome of ``harvest_forecasts``: the mean forecast, the mean outcome and their
    difference (outcome minus forecast, paired field by field) with a 95 % interval clustered by game."""
    from ...stats import clustered_mean

    rows = []
    for outcome, label in (
        ("with_cards_that_came", N_("the formula with the cards that came")),
        ("paid", N_("what the field paid in the game")),
    ):
        part = forecasts.dropna(subset=[outcome])
        diff = clustered_mean(part.assign(error=part[outcome].astype(float) - part["expected"]), "error")
        rows.append(
            {
                "outcome": label,
                "forecast": part["expected"].mean(),
                "outcome_mean": part[outcome].astype(float).mean(),
                "difference": diff.mean,
                "ci_low": diff.ci_low,
                "ci_high": diff.ci_high,
                "fields": diff.n,
                "games": diff.clusters,
            }
        )
    return pd.DataFrame(rows)


def gap_change(table: pd.DataFrame) -> Any:
    """The mean change a deal of ``deal_counterfactuals`` made to the active player's thaler minus
    the partner's, with a 95 % interval clustered by game (``gamekit.stats.ClusteredMean``)."""
    from ...stats import clustered_mean

    return clustered_mean(table, "gap_change")
