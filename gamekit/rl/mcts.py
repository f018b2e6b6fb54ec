"""OpenSpiel's MCTS as a gamekit bot that sees only its view (determinized MCTS), and its record.

``MCTSBot.choose(view, legal_actions, rng)`` samples full states consistent with the view
(``determinize``), runs OpenSpiel's ``MCTSBot`` (UCT, random rollouts, win shares as returns)
on each through the OpenSpiel adapter, and plays the action chosen most often. It never reads
the game itself.

Determinization is game-specific. For Sale: every card the view hides is dealt at random from
the cards the view leaves unaccounted for, others' sealed house choices drawn from their sampled
hands. Money Monsoon: all is public but the sealed bids, so a rival who has bid this round gets
a bid drawn uniformly from 0 to its points; the dice to come are rolled by the sample's own
generator (a fresh seed per sample). Kuhhandel: others' money-card values, face-down offers
and the deck's order are dealt at random from what the view leaves unaccounted for (see
``gamekit.theory.kuhhandel.sample_state``). Bohnanza: others' hands (by their public sizes) and
the deck's order are dealt at random from the cards the view leaves unaccounted for, the deck
run out as often as the view says; a proposal under way is replayed, a made one seen from
outside with the active player's hand dealt the beans it gives (see
``gamekit.theory.bohnanza.sample_state``).

``mcts_record`` plays the bot against gamekit's strongest bot, its win share with a Wilson
interval; ``regenerate`` writes lesson 07's table, ``data/rl/mcts_results.csv``, a row or two per
game (``python -m gamekit.rl.mcts [GAME ...]``: only the games named are played
again, the others' rows kept as stored). Lesson 07's baselines (``win_shares``: random play
against each game's strongest bot, MCTS against random players) are ``data/rl/baselines.csv``
(``--baselines``), its win share against simulations ``data/rl/mcts_sweep.csv`` (``--sweep``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

import gamekit
from gamekit.core.actions import Action
from gamekit.core.chance import draw_from
from gamekit.core.data import data_dir
from gamekit.core.game import Game, game_class
from gamekit.core.sealed import SealedChoices
from gamekit.theory import bohnanza as bohnanza_theory
from gamekit.theory import kuhhandel as kuhhandel_theory
from gamekit.theory.for_sale import CHEQUES, HOUSES

from . import STRONGEST
from . import openspiel as gos
from .spaces import PAY_DONE, PAY_STEP

RESULTS = data_dir() / "rl" / "mcts_results.csv"  # in a checkout and inside an installed wheel


def determinize(view: dict[str, Any], rng: random.Random) -> Game:
    """A game whose ``view(seat)`` is exactly ``view``, what the view hides sampled at random
    (``rng``): For Sale's hidden cards, Money Monsoon's sealed bids of rivals who have bid,
    Kuhhandel's hidden money cards and deck order, Bohnanza's hidden hands and deck order.
    Raises if the sample shows another view."""
    name = view.get("game")
    if view.get("viewer") is None:
        raise ValueError("determinize needs a seat's view, not the teacher's (viewer None)")
    if not view.get("to_act"):
        raise ValueError(
            f"determinize: the game is over (phase {view.get('phase')!r}), there is nothing to decide"
        )
    if name == "for_sale":
        game = _for_sale(view, rng)
    elif name == "money_monsoon":
        game = _money_monsoon(view, rng)
    elif name == "kuhhandel":
        game = kuhhandel_theory.sample_state(view, rng)
    elif name == "bohnanza":
        game = bohnanza_theory.sample_state(view, rng)
    else:
        raise ValueError(f"determinize: {name!r} is not a gamekit game")
    seat = view["viewer"]
    seen = game.view(seat)
    if seen != view:
        wrong = sorted(k for k in view if seen.get(k) != view[k])
        raise RuntimeError(f"determinize: the sampled state does not show the same view ({wrong})")
    return game


def _for_sale(view: dict[str, Any], rng: random.Random) -> Game:
    """For Sale: every card the view hides dealt at random from those it leaves unaccounted for;
    a coin count the view hides (FS-B11) is dealt too (``_for_sale_coins``)."""
    seat, n = view["viewer"], view["players"]
    cls = game_class("for_sale")
    options = {o.name: view[o.name] for o in cls.options_declared if o.name in view}
    game = cls(n, seed=rng.getrandbits(32), options=options)
    own = view["houses"][seat]
    buying = view["phase"] == "buy"
    houses = [h for h in HOUSES if h not in own and not (buying and h in view["table"])]
    rng.shuffle(houses)
    hands = [list(own) if s == seat else draw_from(rng, houses, view["house_counts"][s]) for s in range(n)]
    game.houses = [sorted(hand) for hand in hands]
    removed_houses = draw_from(rng, houses, len(game.removed_houses))
    held = [h for hand in hands for h in hand]
    if buying:  # the deck: every house dealt so far (held or on the table), then the rest
        game.house_deck = held + list(view["table"]) + draw_from(rng, houses, view["houses_left"])
    # cheques: others' cheques are the past cheques the viewer did not win
    past = Counter(view["past_cheques"])
    others = list((past - Counter(view["cheques"][seat])).elements())
    rng.shuffle(others)
    game.cheques = [
        list(view["cheques"][seat]) if s == seat else draw_from(rng, others, view["cheque_counts"][s])
        for s in range(n)
    ]
    unseen = list((Counter(CHEQUES) - past - Counter(view["table"] if not buying else [])).elements())
    rng.shuffle(unseen)
    rest_cheques = draw_from(rng, unseen, view["cheques_left"])
    # The set-up's unseen removals (derived attributes such as current, high_bidder and box_coins
    # follow from the state set here).
    game._removed = (removed_houses, draw_from(rng, unseen, len(unseen)))
    if buying:
        game.cheque_deck = rest_cheques
    else:
        game.cheque_deck = sorted(view["past_cheques"]) + list(view["table"]) + rest_cheques
    for key in ("phase", "round", "start_player", "bids", "passed", "high_bid"):
        setattr(game, key, list(view[key]) if isinstance(view[key], list) else view[key])
    game.coins = _for_sale_coins(view, rng)
    game.table = list(view["table"])
    game._to_act = tuple(view["to_act"])
    if buying:
        game.sealed = None
    else:
        game.sealed = SealedChoices(range(n))
        for s in range(n):
            if s not in view["to_act"]:
                choice = view["chosen"][s] if s == seat else rng.choice(game.houses[s])
                game.sealed.commit(s, choice)
    game.round = view["round"]
    return game


def _for_sale_coins(view: dict[str, Any], rng: random.Random) -> list[int]:
    """Each seat's coins behind its screen as the view shows them (FS-B10). A table that hides
    rivals' coins shows None for them; the view alone does not say how many they paid, so each
    hidden count is dealt uniformly from 0 to the start coins less the seat's bid on the table."""
    return [
        coins if coins is not None else rng.randint(0, max(0, view["start_coins"] - view["bids"][s]))
        for s, coins in enumerate(view["coins"])
    ]


# Money Monsoon's options as its view shows them (MM-A5, MM-A6, MM-C2, MM-E3, MM-E6, MM-M2)
MONEY_MONSOON_OPTIONS = ("track_length", "exact_goal", "top_tie", "all_void", "double_finish", "max_turns")


def _money_monsoon(view: dict[str, Any], rng: random.Random) -> Game:
    """Money Monsoon: all is public but the sealed bids (MM-A2). A rival who has bid this round
    gets a bid drawn uniformly from 0 to its points, written with the range steps a large bid
    takes; a rival still to bid has chosen no range yet (whether it has is hidden, and none is a
    state the view allows). Future rolls come from the sample's own generator (MM-A1).

    Two counts the view does not show start again at 0: the stats tallies (fees, prices, rolls
    won), which play never reads, and the rolls lapsed in a row, which only MM-E6's safety stop
    after 100 reads."""
    seat, n, phase = view["viewer"], view["players"], view["phase"]  # a seat's, game running
    options = {key: view[key] for key in MONEY_MONSOON_OPTIONS}
    game: Any = game_class("money_monsoon")(n, seed=rng.getrandbits(32), options=options)
    game._dice, game._dice_used = [], 0  # no stacked rolls: the die from here on (MM-A1)
    for key in ("start_player", "turn", "active", "roll", "rebids", "bank", "finished"):
        setattr(game, key, view[key])
    for key in ("winner", "price", "payee", "free_mover", "mover", "steps"):
        setattr(game, key, view[key])
    game.first_player = view["start_player"]
    for key in ("points", "debt", "borrowed", "repaid"):
        setattr(game, key, list(view[key]))
    game.pawns = [list(pair) for pair in view["pawns"]]
    game.phase, game.moving_free, game.bonuses = phase, view["free_move"], None
    game._reset_tallies()
    game.lapses = 0
    game.ranges = [None] * n
    game._arrivals, game._pending = [], []
    game._move_actions, game._move_set = [], frozenset()
    if phase == "bid":
        game.bids = None  # the last revealed bids: not shown while bids are written
        game.sealed = SealedChoices(range(n))
        game._to_act = game.sealed.waiting
        for s in range(n):
            if s not in view["to_act"]:  # sealed already: 'bid N' takes a large bid's range steps too
                game.act(s, f"bid {view['bids'][s] if s == seat else rng.randint(0, game.points[s])}")
        own = view["bid_range"][seat]
        if seat in view["to_act"] and own is not None:  # a large bid under way (MM-A2)
            _narrow_bid(game, seat, own)
    else:
        winner, free = view["winner"], view["free_mover"]
        game.bids, game.sealed = list(view["bids"]), None
        if game.track_length in game.pawns[winner]:  # reached the goal with the first 4 of an 8 (MM-E3)
            game._arrivals = [winner]
        # The engine hands out the move itself (its legal moves, to_act); on an 8 the lowest
        # bidder's free 4 follows the high bidder's (MM-M5), both of half the roll.
        game._pending = [(view["mover"], view["steps"], view["free_move"])]
        if free is not None and not view["free_move"]:
            game._pending.append((free, view["steps"], True))
        game._next_move()
    return game


def _narrow_bid(game: Any, seat: int, chosen: list[int]) -> None:
    """Take the range steps (MM-A2) that narrow ``seat``'s bid to ``chosen`` (low, high)."""
    low, high = chosen
    for _ in range(10):  # each step narrows ten times; a bid takes at most a few
        now = game.ranges[seat]
        if now is not None and (now[0], now[1]) == (low, high):
            return
        steps = [a for a in game.legal_actions(seat) if a.kind == "bid-range"]
        step = next((a for a in steps if a.value[0] <= low and high <= a.value[1]), None)
        if step is None:
            break
        game.act(seat, step)
    raise RuntimeError(f"determinize: no range steps lead to the bid range {low}-{high} (MM-A2)")


class MCTSBot:
    """OpenSpiel's MCTS on determinized states: ``determinizations`` samples, ``simulations``
    MCTS simulations on each, the action chosen most often (ties: the lowest number)."""

    name = "mcts"

    def __init__(self, simulations: int = 20, determinizations: int = 1, uct_c: float = 2.0) -> None:
        if simulations < 2 or determinizations < 1:
            raise ValueError(
                f"MCTS needs at least 2 simulations and 1 determinization, not {simulations} and {determinizations}"
            )
        self.simulations, self.determinizations, self.uct_c = simulations, determinizations, uct_c

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = gos.load(view["game"], view["players"])
        states: list[Any] = []
        laid: list[int] = []  # a Kuhhandel payment is laid down card by card (pay+V, pay-done)
        for _ in range(100):  # a payment takes a step per card at most
            votes: Counter[int] = Counter()
            for k in range(self.determinizations):
                if len(states) == k:
                    states.append(self.root(view, rng, game))
                np_rng = np.random.RandomState(rng.getrandbits(32))
                bot = mcts.MCTSBot(
                    game,
                    self.uct_c,
                    self.simulations,
                    mcts.RandomRolloutEvaluator(1, np_rng),
                    solve=False,
                    random_state=np_rng,
                )
                votes[bot.step(states[k])] += 1
            best = max(sorted(votes), key=votes.__getitem__)
            text = states[0]._steps()[best]
            if text != PAY_DONE and not text.startswith(PAY_STEP):
                return self._legal(text, legal_actions)
            if text.startswith(PAY_STEP):
                laid.append(int(text[len(PAY_STEP) :]))
                for state in states:
                    state.apply_action(best)
            if text == PAY_DONE or not states[0].paying:  # handed over (with its last card)
                paid = ",".join(map(str, sorted(laid)))
                return self._legal(f"pay {paid}" if paid else "pay", legal_actions)
        raise RuntimeError("MCTS laid down a payment of more than 100 cards")

    @staticmethod
    def _legal(text: str, legal_actions: Sequence[Action]) -> Action:
        for action in legal_actions:
            if str(action) == text:
                return action
        raise RuntimeError(f"MCTS chose {text!r}, which is not among the legal actions")

    @staticmethod
    def root(view: dict[str, Any], rng: random.Random, game: Any = None) -> Any:
        """The OpenSpiel state a search starts from: a determinized sample (``determinize``) with
        the viewer to move. Seats ahead of the viewer in a sealed step (``to_act`` lists them
        first) finish their sealed choice first with random legal actions, as in the random
        rollouts: nothing of theirs is seen until the reveal, so the order changes nothing."""
        seat = view["viewer"]
        if seat not in view["to_act"]:
            raise ValueError(f"seat {seat} is not to act ({view['to_act']}): there is nothing to search")
        sample = determinize(view, rng)
        for _ in range(1000):  # a sealed choice takes a few steps at most
            if sample.to_act[0] == seat:
                break
            ahead = sample.to_act[0]
            sample.act(ahead, rng.choice(sample.legal_actions(ahead)))
        else:
            raise RuntimeError(f"the seats ahead of seat {seat} did not finish their sealed choices")
        state = (game or gos.load(view["game"], view["players"])).new_initial_state()
        state.explicit.game = sample
        state.explicit.pending = None
        return state


def make_agent(spec: Any) -> Any:
    """A seat's bot from ``spec``: ``"mcts:N"`` is ``MCTSBot(simulations=N)``, any other name a
    gamekit bot (``gamekit.simulate.make_bot``), and a bot object is itself."""
    if isinstance(spec, str) and spec.startswith("mcts:"):
        try:
            simulations = int(spec[len("mcts:") :])
        except ValueError:
            raise ValueError(f"agent {spec!r}: 'mcts:N' takes a whole number of simulations") from None
        return MCTSBot(simulations=simulations)
    return spec


def win_shares(
    name: str, agent: Any, opponents: str, games: int, players: int | None = None, seed: int = 2026
) -> list[float]:
    """Game by game, ``agent``'s share of the win (1, 1/k in a k-way tie, or 0) against
    ``players - 1`` copies of ``opponents``: game i has seed ``seed + i`` and the agent in seat
    ``i % players``, so every seat gets its turn and two agents can be paired on the same games."""
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games!r}")
    if players is None:
        players = game_class(name).min_players
    shares = []
    for i in range(games):
        seat = i % players
        bots: list[Any] = [opponents] * players
        bots[seat] = make_agent(agent)
        game = gamekit.new_game(name, players, seed=seed + i)
        gamekit.play(game, bots)
        winners = game.result()["winners"]
        shares.append((1 / len(winners)) if seat in winners else 0.0)
    return shares


def _share_row(shares: list[float], players: int) -> dict[str, Any]:
    from gamekit.stats import wilson_interval

    low, high = wilson_interval(sum(shares), len(shares))
    return {
        "games": len(shares),
        "win share": round(sum(shares) / len(shares), 3),
        "ci_low": round(low, 3),
        "ci_high": round(high, 3),
        "even share": round(1 / players, 3),
    }


def mcts_record(
    name: str = "for_sale",
    games: int = 24,
    players: int | None = None,
    seed: int = 2026,
    simulations: int = 20,
    path: Path | None = RESULTS,
) -> Any:
    """The MCTS bot in seat order rotated over ``games`` games against ``players - 1`` copies of
    gamekit's strongest bot: its win share with a 95 % Wilson interval (pandas row), written to
    ``path`` (CSV) unless None. ``players`` defaults to the game's fewest."""
    import pandas as pd

    if players is None:
        players = game_class(name).min_players
    bot = MCTSBot(simulations=simulations)
    opponents = STRONGEST[name]
    row = _share_row(win_shares(name, bot, opponents, games, players, seed), players)
    row = {
        "game": name,
        "players": players,
        "agent": f"mcts ({simulations} simulations x {bot.determinizations} determinizations)",
        "opponents": f"{players - 1} x {opponents}",
        "games": games,
        "mcts win share": row["win share"],
        "ci_low": row["ci_low"],
        "ci_high": row["ci_high"],
        "even share": row["even share"],
        "seed": seed,
    }
    table = pd.DataFrame([row])
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        table.to_csv(path, index=False)
    return table


# The runs of lesson 07's table: (game, players, games, simulations). Money Monsoon's games are
# long (about 30 s each at 20 simulations on two shared cores), so it has one run; Kuhhandel's
# longer still (about 80 s each at 10 simulations: every rollout plays a whole random game).
# Bohnanza's longer again (about 105 s each at 10 simulations against 2 x grower, 0.7 s a
# decision: a random rollout proposes and answers trades for hundreds of decisions), so it has
# 9 games, three in each seat (16 minutes).
RUNS = (
    ("for_sale", 3, 24, 20),
    ("for_sale", 3, 24, 100),
    ("money_monsoon", 4, 24, 20),
    ("kuhhandel", 3, 12, 10),
    ("bohnanza", 3, 9, 10),
)


def regenerate(
    path: Path = RESULTS, runs: Sequence[tuple[str, int, int, int]] = RUNS, only: Sequence[str] | None = None
) -> Any:
    """The table lesson 07 shows: ``mcts_record`` for each of ``runs``, written to ``path``
    (``python -m gamekit.rl.mcts [GAME ...]``; about 65 minutes on two shared cores). With
    ``only`` (game names) just those games' runs are played; every other game's rows are kept
    from ``path`` as stored and in their place, whether ``runs`` lists that game or not."""
    import pandas as pd

    unknown = sorted(set(only or ()) - {run[0] for run in runs})
    if unknown:
        raise ValueError(
            f"regenerate: no run is listed for {unknown}; runs are for {sorted({r[0] for r in runs})}"
        )
    kept = pd.read_csv(path) if only is not None else None
    order = list(dict.fromkeys(run[0] for run in runs))  # the games in the order of the runs
    if kept is not None:  # the stored order instead; a game new to the table goes last
        stored = list(dict.fromkeys(kept["game"]))
        order = stored + [name for name in order if name not in stored]
    rows = []
    for name in order:
        if kept is not None and name not in only:
            rows.append(kept[kept["game"] == name])
            continue
        for game, players, games, simulations in runs:
            if game == name:
                rows.append(mcts_record(name, games, players, simulations=simulations, path=None))
    table = pd.concat(rows, ignore_index=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(path, index=False)
    return table


BASELINES = data_dir() / "rl" / "baselines.csv"
# Lesson 07's baseline rows: (game, players, agent, opponents, games). Random against each game's
# strongest bots says how far above chance those bots are; MCTS against random players says the
# agent plays better than chance. Only For Sale has an MCTS row: Money Monsoon's MCTS games take
# about 30 s each, Kuhhandel's and Bohnanza's two minutes or more on two shared cores, and the few
# games that would allow show nothing (the lesson says so).
BASELINE_RUNS = (
    ("for_sale", 3, "random", "house_value:1.5", 300),
    ("money_monsoon", 4, "random", "rollout:0.6", 300),
    ("kuhhandel", 3, "random", "cowtrader:3", 300),
    ("bohnanza", 3, "random", "grower", 300),
    ("for_sale", 3, "mcts:20", "random", 120),
)


def baseline_record(
    name: str, agent: str, opponents: str, games: int, players: int | None = None, seed: int = 2026
) -> dict[str, Any]:
    """One baseline row: ``agent``'s win share against ``players - 1`` copies of ``opponents``
    over ``games`` games (``win_shares``), with its 95 % Wilson interval and the even share."""
    if players is None:
        players = game_class(name).min_players
    shares = win_shares(name, agent, opponents, games, players, seed)
    row = {"game": name, "players": players, "agent": agent, "opponents": f"{players - 1} x {opponents}"}
    return row | _share_row(shares, players) | {"seed": seed}


def regenerate_baselines(
    path: Path = BASELINES, runs: Sequence[tuple[str, int, str, str, int]] = BASELINE_RUNS
) -> Any:
    """Lesson 07's baseline table (``python -m gamekit.rl.mcts --baselines``; about 3 minutes
    of one core)."""
    import pandas as pd

    table = pd.DataFrame([baseline_record(g, a, o, k, n) for g, n, a, o, k in runs])
    path.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(path, index=False)
    return table


SWEEP = data_dir() / "rl" / "mcts_sweep.csv"
SWEEP_SIMULATIONS = (2, 5, 10, 20, 50)
SWEEP_OPPONENTS = ("random", "house_value:1.5")


def simulation_sweep(
    name: str = "for_sale",
    simulations: Sequence[int] = SWEEP_SIMULATIONS,
    opponents: Sequence[str] = SWEEP_OPPONENTS,
    games: int = 60,
    players: int | None = None,
    seed: int = 2026,
) -> Any:
    """MCTS's win share against each of ``opponents`` (``players - 1`` copies) at each number of
    ``simulations``, every setting on the same ``games`` games (``win_shares``), with 95 % Wilson
    intervals: one row per (opponents, simulations)."""
    import pandas as pd

    if players is None:
        players = game_class(name).min_players
    rows = []
    for rival in opponents:
        for n in simulations:
            shares = win_shares(name, MCTSBot(simulations=n), rival, games, players, seed)
            rows.append(
                {"game": name, "players": players, "opponents": f"{players - 1} x {rival}", "simulations": n}
                | _share_row(shares, players)
                | {"seed": seed}
            )
    return pd.DataFrame(rows)


def regenerate_sweep(path: Path = SWEEP) -> Any:
    """Lesson 07's figure of win share against simulations (``python -m gamekit.rl.mcts --sweep``;
    about 5 minutes of one core)."""
    table = simulation_sweep()
    path.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(path, index=False)
    return table


def games_to_tell_apart(
    difference: float = 0.05, share: float = 1 / 3, paired_sd: float | None = None
) -> dict[str, float]:
    """How many games tell two agents' win shares apart by ``difference`` (80 % power, two-sided
    5 % level; ``gamekit.stats.games_needed``). On independent games each run needs
    ``unpaired games per run``, from the spread of one game's win, a 0/1 at ``share``
    (``sd of one game`` = sqrt(share (1 - share))). On the same games and seats (paired) the spread
    is that of the per-game difference, which only a pilot run measures: give it as ``paired_sd``
    (lesson 07 takes it from its paired claim, ``paired_pilot_sd``)."""
    from gamekit.stats import games_needed

    if not 0 < share < 1:
        raise ValueError(f"share must lie between 0 and 1, not {share!r}")
    sd = (share * (1 - share)) ** 0.5
    found = {
        "sd of one game": sd,
        "unpaired games per run": games_needed(difference, sd, paired=False),
        "paired sd if unrelated": sd * 2**0.5,  # two settings' wins on a game independent
    }
    if paired_sd is not None:
        found |= {"paired sd": paired_sd, "paired games": games_needed(difference, paired_sd)}
    return found


def paired_pilot_sd(claim_id: str = "07-more-simulations-win-more") -> float:
    """The standard deviation of the per-game paired differences stored for lesson 07's paired
    claim (MCTS at 20 against 2 simulations on the same games, all seeds pooled)."""
    from gamekit import claims

    return claims.evidence(claim_id).pooled.sd


if __name__ == "__main__":  # python -m gamekit.rl.mcts [GAME ...] | --baselines | --sweep
    import sys

    if sys.argv[1:] == ["--baselines"]:
        print(regenerate_baselines().to_string(index=False))
    elif sys.argv[1:] == ["--sweep"]:
        print(regenerate_sweep().to_string(index=False))
    else:
        print(regenerate(only=sys.argv[1:] or None).to_string(index=False))
