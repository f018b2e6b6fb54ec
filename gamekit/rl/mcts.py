"""OpenSpiel's MCTS as a gamekit bot that sees only its view (determinized MCTS), and its record.

``MCTSBot.choose(view, legal_actions, rng)`` samples full states consistent with the view
(``determinize``), runs OpenSpiel's ``MCTSBot`` (UCT, random rollouts, win shares as returns)
on each through the OpenSpiel adapter, and plays the action chosen most often. It never reads
the game itself.

Determinization is game-specific: each game's folder supplies it, ``<game package>.sampling``
with ``determinize(view, rng) -> Game`` (found through ``gamekit.core.registry.layer``; this
module names no game). It deals what the view hides at random from what the view leaves
unaccounted for, carries every option the view shows (an option the view does not show is
listed in the module's ``NOT_IN_VIEW`` with why play never reads it; one shown under another
name in ``SHOWN_AS``), and writes the engine's state in the game's own folder.
``determinize`` here checks the sample: the very view, and the view's options. A sampler that
reads logs (``USES_LOG``: For Sale's) takes the seat's log too (``game.log_for(seat)``, what that
seat may read) and deals what it fixes as it is; ``dealt_right`` measures how much of what a view
hides each way deals right (``--dealt-right``, ``data/rl/mcts_sampling.csv``).

The agent worth studying (``make_agent("mcts:N/BOT")``, settings ``GUIDED``) reads its log
(``play_with_log`` gives it), rolls out with gamekit bot ``BOT`` in every seat on the engine
(``BotRollouts``), returns score margins, and puts half its prior on the step ``BOT`` (or a
``GUIDE`` bot) would take (PUCT); ``search="ismcts"`` runs OpenSpiel's ISMCTS with gamekit's
sampler as its resampler.

``mcts_record`` plays the bot against gamekit's strongest bot, its win share with a Wilson
interval; ``regenerate`` writes lesson 07's table, ``data/rl/mcts_results.csv``, a row or two per
game (``python -m gamekit.rl.mcts [GAME ...]``: only the games named are played
again, the others' rows kept as stored); the runs are lesson 07's (``gamekit.rl.lesson07``).
Lesson 07's baselines (``win_shares``: random play
against each game's strongest bot, MCTS against random players) are ``data/rl/baselines.csv``
(``--baselines``), its win share against simulations ``data/rl/mcts_sweep.csv`` (``--sweep
[GAME ...]``: the sweeps of ``lesson07.SWEEPS``, each row with its seconds per decision, command
and versions).
"""

from __future__ import annotations

import copy
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

import gamekit
from gamekit.core import registry
from gamekit.core.actions import Action
from gamekit.core.data import data_dir
from gamekit.core.game import Game, game_class

from . import STRONGEST
from . import openspiel as gos
from .lesson07 import BASELINE_RUNS, RUNS, SAMPLING_RUNS, SWEEP_GAME, SWEEP_OPPONENTS, SWEEPS

RESULTS = data_dir() / "rl" / "mcts_results.csv"  # in a checkout and inside an installed wheel


def determinize(view: dict[str, Any], rng: random.Random, log: list[dict[str, Any]] | None = None) -> Game:
    """A game whose ``view(seat)`` is exactly ``view``, what the view hides sampled at random
    (``rng``) by the game's own sampler (its folder's ``sampling.determinize``). With ``log``
    (the seat's ``game.log_for(seat)``, what that seat may read) a sampler that reads logs
    (``USES_LOG``) deals what the log fixes as the log says. Raises if the sample shows another
    view or plays another option than the view shows."""
    if view.get("viewer") is None:
        raise ValueError("determinize needs a seat's view, not the teacher's (viewer None)")
    if not view.get("to_act"):
        raise ValueError(
            f"determinize: the game is over (phase {view.get('phase')!r}), there is nothing to decide"
        )
    name = view.get("game")
    if name not in registry.registered():
        raise ValueError(
            f"determinize: {name!r} is not a gamekit game; games: {', '.join(registry.registered())}"
        )
    sampling = registry.require_layer(name, "sampling", "MCTS (gamekit.rl.mcts)")
    shown = _options_shown(name, sampling, view)
    if log is not None and getattr(sampling, "USES_LOG", False):
        game = sampling.determinize(view, rng, log)
    else:
        game = sampling.determinize(view, rng)
    seat = view["viewer"]
    seen = game.view(seat)
    if seen != view:
        wrong = sorted(k for k in view if seen.get(k) != view[k])
        raise RuntimeError(f"determinize: the sampled state does not show the same view ({wrong})")
    played = {key: game.options[key] for key in shown}
    if played != shown:
        raise RuntimeError(f"determinize: the sample plays the options {played}, the view shows {shown}")
    return game


def _options_shown(name: str, sampling: Any, view: dict[str, Any]) -> dict[str, Any]:
    """Every option of the game as the view shows it (under its name, or the name the sampler's
    ``SHOWN_AS`` gives), but those the sampler's ``NOT_IN_VIEW`` says play never reads; an option
    the view does not show is refused, as a sample would play it at its default."""
    shown_as: dict[str, str] = getattr(sampling, "SHOWN_AS", {})
    not_in_view: dict[str, str] = getattr(sampling, "NOT_IN_VIEW", {})
    shown = {}
    for option in game_class(name).options_declared:
        key = shown_as.get(option.name, option.name)
        if option.name in not_in_view:
            continue
        if key not in view:
            raise RuntimeError(
                f"determinize: {name}'s view does not show option {option.name!r}, so a sample would play "
                f"it at its default; show it in the view, or list it in {sampling.__name__}.NOT_IN_VIEW "
                "with why play never reads it"
            )
        shown[option.name] = view[key]
    return shown


def hidden_right(truth: Game, sample: Game, seat: int) -> dict[str, tuple[int, int]]:
    """How much of what ``seat``'s view hides the sample dealt as it truly is: per key of the view
    that holds one entry per seat, (right, hidden) over the entries the view hides (None): a card
    list counts its cards in common with the truth, a number 1 if equal."""
    view, real, dealt = truth.view(seat), truth.view(None), sample.view(None)
    found: dict[str, tuple[int, int]] = {}
    for key, shown in view.items():
        if not (isinstance(shown, list) and len(shown) == truth.players and isinstance(real[key], list)):
            continue
        right = hidden = 0
        for s, value in enumerate(shown):
            if value is not None or real[key][s] is None:
                continue
            true, got = real[key][s], dealt[key][s]
            if isinstance(true, list):
                right += sum((Counter(map(repr, true)) & Counter(map(repr, got or []))).values())
                hidden += len(true)
            else:
                right, hidden = right + (got == true), hidden + 1
        if hidden:
            found[key] = (right, hidden)
    return found


def dealt_right(
    name: str,
    players: int | None = None,
    games: int = 20,
    every: int = 5,
    bot: str | None = None,
    seed: int = 2026,
) -> Any:
    """The share of hidden entries dealt right by the game's sampler from the view alone and from
    the view and the seat's log, over games of ``bot`` (the game's strongest by default), at every
    ``every``-th decision for the seat to act: one row per hidden key (``hidden_right``)."""
    import pandas as pd

    from gamekit.bots.base import make_bot
    from gamekit.simulate.seeds import bot_rng

    players = players or game_class(name).min_players
    spec = bot or STRONGEST[name]
    totals: dict[tuple[str, str], list[int]] = {}
    rng = random.Random(seed)
    for i in range(games):
        game = gamekit.new_game(name, players, seed=seed + i)
        seated = [make_bot(spec, name) for _ in range(players)]
        rngs = [bot_rng(game.seed, s) for s in range(players)]
        step = 0
        while not game.is_over:
            for seat in game.to_act:
                view = game.view(seat)
                if step % every == 0:
                    for source, log in (("view", None), ("view+log", game.log_for(seat))):
                        sample = determinize(view, rng, log)
                        for key, (right, hidden) in hidden_right(game, sample, seat).items():
                            tally = totals.setdefault((key, source), [0, 0])
                            tally[0], tally[1] = tally[0] + right, tally[1] + hidden
                step += 1
                game.act(seat, seated[seat].choose(view, game.legal_actions(seat), rngs[seat]))
    rows = [
        {"game": name, "players": players, "bots": spec, "hidden": key, "sampled from": source}
        | {"dealt right": right, "hidden entries": hidden, "share right": round(right / hidden, 3)}
        for (key, source), (right, hidden) in sorted(totals.items())
    ]
    return pd.DataFrame(rows)


SAMPLING = data_dir() / "rl" / "mcts_sampling.csv"


def regenerate_dealt_right(only: Sequence[str] | None = None, path: Path = SAMPLING) -> Any:
    """Lesson 07's table of hidden entries dealt right from the view and from view and log
    (``dealt_right`` over ``SAMPLING_RUNS``; ``python -m gamekit.rl.mcts --dealt-right``, seconds)."""
    import pandas as pd

    runs = [run for run in SAMPLING_RUNS if only is None or run[0] in only]
    table = pd.concat([dealt_right(name, players, games) for name, players, games in runs], ignore_index=True)
    table["command"] = "python -m gamekit.rl.mcts --dealt-right"
    table["made with"] = _made_with()
    path.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(path, index=False)
    return table


RETURNS = ("win", "margin")


def _returns(game: Game, kind: str) -> np.ndarray:
    """The rollout's returns per seat: ``win`` the share of the win (1/k to each of k first),
    ``margin`` the seat's score less the best other score, over the largest score's size."""
    if kind == "win":
        return np.array(gos.win_shares(game))
    scores = game.result()["scores"]
    scale = max(1.0, *(abs(x) for x in scores))
    return np.array(
        [(x - max(y for t, y in enumerate(scores) if t != s)) / scale for s, x in enumerate(scores)]
    )


class BotRollouts(mcts.Evaluator):
    """OpenSpiel's evaluator interface, a leaf valued by playing the rest of the game on the
    engine (``Game.copy``) with gamekit bot ``bot`` in every seat (a spec or name:
    ``make_bot``), ``returns`` as ``RETURNS`` says. The engine's own generator is reseeded for
    each rollout, so dice and reshuffles after the leaf vary between rollouts. Priors uniform."""

    def __init__(
        self, name: str, bot: Any, returns: str, rng: random.Random, guide: float = 0.0, guide_bot: Any = None
    ) -> None:
        from gamekit.bots.base import make_bot

        if returns not in RETURNS:
            raise ValueError(f"returns must be one of {RETURNS}, not {returns!r}")
        if not 0.0 <= guide <= 1.0:
            raise ValueError(f"guide must lie between 0 and 1, not {guide!r}")
        self.bot, self.returns, self.rng, self.guide = make_bot(bot, name), returns, rng, guide
        self.guide_bot = make_bot(guide_bot, name) if guide_bot is not None else self.bot

    def evaluate(self, state: Any) -> np.ndarray:
        work = state
        if not state.is_terminal() and (state.is_chance_node() or state.paying):
            work = state.clone()  # chance or a decision half laid down: finish it at random
            while not work.is_terminal() and (work.is_chance_node() or work.paying):
                if work.is_chance_node():
                    outcomes = work.chance_outcomes()
                    work.apply_action(outcomes[self.rng.randrange(len(outcomes))][0])
                else:
                    work.apply_action(self.rng.choice(work.legal_actions()))
        game = work.gamekit
        if type(game.rng) is random.Random:  # a fresh generator in place of a copy of its 625 words
            game = copy.deepcopy(game, {id(game.rng): random.Random(self.rng.getrandbits(32))})
        else:
            game = game.copy()
        choose, rng = self.bot.choose, self.rng
        for _ in range(game.max_decisions):
            if game.is_over:
                break
            for seat in game.to_act:
                game.act(seat, choose(game.view(seat), game.legal_actions(seat), rng))
        return _returns(game, self.returns)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Uniform; with ``guide`` > 0 that share of the prior goes to the step ``guide_bot`` (the
        rollouts' bot unless given) would take: PUCT then searches around that bot's play first."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        even = [(action, 1.0 / len(legal)) for action in legal]
        game = state.gamekit
        if not self.guide or state.paying or game is None or len(legal) < 2:
            return even
        seat = state.current_player()
        text = str(self.guide_bot.choose(game.view(seat), game.legal_actions(seat), self.rng))
        steps = state.legal_steps()
        rest = (1.0 - self.guide) / len(legal)
        return [(action, rest + (self.guide if steps[action] == text else 0.0)) for action in legal]


class MCTSBot:
    """OpenSpiel's MCTS on determinized states: ``determinizations`` samples, ``simulations``
    MCTS simulations on each, the action chosen most often (ties: the lowest number).

    ``rollout``: None plays random rollouts (OpenSpiel's ``RandomRolloutEvaluator``, win shares);
    a gamekit bot's name plays them with that bot in every seat (``BotRollouts``), returns as
    ``returns`` says (``win`` or ``margin``). ``search="ismcts"`` runs OpenSpiel's ISMCTS instead,
    one tree over the seat's observations, a fresh sample from gamekit's sampler each simulation
    (``determinizations`` is then ignored). ``use_log``: the bot reads the seat's log when its
    runner gives it (``uses_log``: ``win_shares`` here passes ``log_for(seat)``) and the game's
    sampler fixes what the log fixes; without a log, the view alone."""

    name = "mcts"

    def __init__(
        self,
        simulations: int = 20,
        determinizations: int = 1,
        uct_c: float = 2.0,
        rollout: str | None = None,
        returns: str = "win",
        search: str = "mcts",
        use_log: bool = True,
        guide: float = 0.0,
        guide_bot: str | None = None,
    ) -> None:
        if simulations < 2 or determinizations < 1:
            raise ValueError(
                f"MCTS needs at least 2 simulations and 1 determinization, not {simulations} and {determinizations}"
            )
        if returns not in RETURNS:
            raise ValueError(f"returns must be one of {RETURNS}, not {returns!r}")
        if search not in ("mcts", "ismcts"):
            raise ValueError(f"search must be 'mcts' or 'ismcts', not {search!r}")
        if rollout is None and returns != "win":
            raise ValueError("random rollouts return win shares; give a rollout bot for returns='margin'")
        self.simulations, self.determinizations, self.uct_c = simulations, determinizations, uct_c
        self.rollout, self.returns, self.search, self.use_log = rollout, returns, search, use_log
        if guide and rollout is None:
            raise ValueError("guide weights the rollouts' bot's step in the prior: give a rollout bot")
        self.guide, self.guide_bot = guide, guide_bot

    @property
    def uses_log(self) -> bool:
        """True when the bot reads its seat's log (``play_with_log`` gives it)."""
        return self.use_log

    def __repr__(self) -> str:
        return f"MCTSBot({self.label()})"

    def label(self) -> str:
        """The settings in a few words, for a table's row."""
        how = "ismcts" if self.search == "ismcts" else f"mcts x{self.determinizations}"
        roll = f"{self.rollout} rollouts, {self.returns}" if self.rollout else "random rollouts"
        return f"{how} {self.simulations} sims, {roll}, {'view+log' if self.use_log else 'view'}"

    def _evaluator(self, name: str, np_rng: Any, rng: random.Random) -> Any:
        if self.rollout is None:
            return mcts.RandomRolloutEvaluator(1, np_rng)
        return BotRollouts(name, self.rollout, self.returns, rng, self.guide, self.guide_bot)

    def choose(
        self,
        view: dict[str, Any],
        legal_actions: Sequence[Action],
        rng: random.Random,
        log: list[dict[str, Any]] | None = None,
    ) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if not self.use_log:
            log = None
        game = gos.load(view["game"], view["players"])
        states: list[Any] = []
        laid: list[Any] = []  # a decision taken piece by piece (a payment: pay+V, pay-done)
        for _ in range(100):  # a decision takes a step per piece at most
            votes: Counter[int] = Counter()
            for k in range(1 if self.search == "ismcts" else self.determinizations):
                if len(states) == k:
                    states.append(self.root(view, rng, game, log, self.rollout))
                np_rng = np.random.RandomState(rng.getrandbits(32))
                votes[self._search(game, states[k], view, rng, np_rng, log, laid)] += 1
            best = max(sorted(votes), key=votes.__getitem__)
            spaces = states[0].spaces
            text = states[0].legal_steps()[best]
            if not spaces.is_piece(text):
                return self._legal(text, legal_actions)
            pieces = spaces.pieces
            if text != pieces.done:
                laid.append(next(v for v in pieces.values if f"{pieces.step}{v}" == text))
                for state in states:
                    state.apply_action(best)
            if text == pieces.done or not states[0].paying:  # handed over (with its last piece)
                return self._made_of(sorted(laid), pieces, legal_actions)
        raise RuntimeError("MCTS laid down a decision of more than 100 pieces")

    def _search(
        self,
        game: Any,
        state: Any,
        view: dict[str, Any],
        rng: random.Random,
        np_rng: Any,
        log: Any,
        laid: list,
    ) -> int:
        evaluator = self._evaluator(view["game"], np_rng, rng)
        if self.search == "mcts" and self.rollout is None:  # the plain agent, as lesson 07 stored it
            bot = mcts.MCTSBot(
                game, self.uct_c, self.simulations, evaluator, solve=False, random_state=np_rng
            )
            return bot.step(state)
        if self.search == "mcts":
            select = mcts.SearchNode.puct_value if self.guide else mcts.SearchNode.uct_value
            bot = mcts.MCTSBot(
                game,
                self.uct_c,
                self.simulations,
                evaluator,
                solve=False,
                random_state=np_rng,
                child_selection_fn=select,
            )
            return bot.mcts_search(state).best_child().action
        from open_spiel.python.algorithms import ismcts

        policy = ismcts.ChildSelectionPolicy.PUCT if self.guide else ismcts.ChildSelectionPolicy.UCT
        bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            self.uct_c,
            self.simulations,
            random_state=np_rng,
            use_observation_string=True,
            child_selection_policy=policy,
        )
        seat = view["viewer"]
        steps = [step for step in state.history()[-len(laid) :]] if laid else []

        def resampler(_state: Any, player: int) -> Any:  # gamekit's sampler, from the seat's view and log
            if player != seat:
                raise ValueError(f"ISMCTS resamples for seat {seat} only, not {player}")
            sample = self.root(view, rng, game, log, self.rollout)
            for step in steps:  # the pieces laid down so far
                sample.apply_action(step)
            return sample

        bot._resampler_cb = resampler
        return int(bot.step(state))

    @staticmethod
    def _made_of(laid: list[Any], pieces: Any, legal_actions: Sequence[Action]) -> Action:
        for action in legal_actions:
            if sorted(pieces.cards(action)) == laid:
                return action
        raise RuntimeError(f"MCTS laid down {laid}, which no legal action hands over")

    @staticmethod
    def _legal(text: str, legal_actions: Sequence[Action]) -> Action:
        for action in legal_actions:
            if str(action) == text:
                return action
        raise RuntimeError(f"MCTS chose {text!r}, which is not among the legal actions")

    @staticmethod
    def root(
        view: dict[str, Any],
        rng: random.Random,
        game: Any = None,
        log: list[dict[str, Any]] | None = None,
        ahead: str | None = None,
    ) -> Any:
        """The OpenSpiel state a search starts from: a determinized sample (``determinize``, with
        the seat's ``log`` if given) with the viewer to move. Seats ahead of the viewer in a
        sealed step (``to_act`` lists them first) finish their sealed choice first, by the bot
        ``ahead`` (the rollouts' bot) or with random legal actions: nothing of theirs is seen
        until the reveal, so the order changes nothing."""
        seat = view["viewer"]
        if seat not in view["to_act"]:
            raise ValueError(f"seat {seat} is not to act ({view['to_act']}): there is nothing to search")
        sample = determinize(view, rng, log)
        bot = None
        if ahead is not None:
            from gamekit.bots.base import make_bot

            bot = make_bot(ahead, view["game"])
        for _ in range(1000):  # a sealed choice takes a few steps at most
            if sample.to_act[0] == seat:
                break
            first = sample.to_act[0]
            legal = sample.legal_actions(first)
            sample.act(first, bot.choose(sample.view(first), legal, rng) if bot else rng.choice(legal))
        else:
            raise RuntimeError(f"the seats ahead of seat {seat} did not finish their sealed choices")
        state = (game or gos.load(view["game"], view["players"])).new_initial_state()
        state.explicit.game = sample
        state.explicit.pending = None
        return state


# The agent with a rollout bot, as ``make_agent`` builds it: half the prior on the bot's own step
# (PUCT), score margins as returns and a smaller exploration constant. On 15 For Sale games at
# 100 simulations against two house_value:1.5 this won 0.43 of the wins, unguided (margins,
# c 0.3) 0.33, and the first try (win shares, uniform prior, c 2) none of 30: with some 20 bids
# to try, a uniform search spends its simulations on bids the bot would never make.
GUIDED = {"returns": "margin", "guide": 0.5, "uct_c": 0.5, "use_log": True}


def make_agent(spec: Any) -> Any:
    """A seat's bot from ``spec``: ``"mcts:N"`` is the plain agent, ``MCTSBot(simulations=N)``
    with random rollouts on samples of the view alone (lesson 07's first agent and claims);
    ``"mcts:N/BOT"`` samples from the view and the seat's log and rolls out with ``BOT`` in every
    seat, at the settings ``GUIDED`` (``"mcts:100/house_value:1.5"``); ``"mcts:N/BOT/GUIDE"``
    takes the prior's step from bot ``GUIDE`` instead (a bot too slow to roll out with, but quick
    to ask once a node); ``"ismcts:N/BOT"`` the same with OpenSpiel's ISMCTS.
    Any other name is a gamekit bot (``gamekit.simulate.make_bot``), and a bot object is itself."""
    if isinstance(spec, str) and spec.split(":", 1)[0] in ("mcts", "ismcts"):
        search, rest = spec.split(":", 1)
        count, _, rollout = rest.partition("/")
        rollout, _, guide_bot = rollout.partition("/")
        try:
            simulations = int(count)
        except ValueError:
            raise ValueError(
                f"agent {spec!r}: '{search}:N[/BOT]' takes a whole number of simulations"
            ) from None
        if search == "ismcts" and not rollout:
            raise ValueError(f"agent {spec!r}: ISMCTS takes its rollouts' bot, 'ismcts:N/BOT'")
        if not rollout:
            return MCTSBot(simulations=simulations, search=search, use_log=False)
        return MCTSBot(
            simulations=simulations, search=search, rollout=rollout, guide_bot=guide_bot or None, **GUIDED
        )
    return spec


def play_with_log(game: Game, bots: Sequence[Any]) -> dict[str, Any]:
    """``gamekit.play`` for bots that read their seat's log: a bot with ``uses_log`` gets
    ``log=game.log_for(seat)`` (what that seat may read) with its view; others as usual. Each
    seat's bot draws from ``bot_rng(seed, seat)``, as in ``gamekit.play``."""
    from gamekit.bots.base import make_bot
    from gamekit.simulate.seeds import bot_rng

    seated = [make_bot(b, game.name) for b in bots]
    rngs = [bot_rng(game.seed, seat) for seat in range(game.players)]
    for _ in range(game.max_decisions):
        if game.is_over:
            break
        for seat in game.to_act:
            bot, legal = seated[seat], game.legal_actions(seat)
            if getattr(bot, "uses_log", False):
                action = bot.choose(game.view(seat), legal, rngs[seat], log=game.log_for(seat))
            else:
                action = bot.choose(game.view(seat), legal, rngs[seat])
            game.act(seat, action)
    if not game.is_over:
        raise RuntimeError(
            f"the {game.name} game with seed {game.seed} went past {game.max_decisions} decisions"
        )
    return game.result()


def win_shares(
    name: str, agent: Any, opponents: str, games: int, players: int | None = None, seed: int = 2026
) -> list[float]:
    """Game by game, ``agent``'s share of the win (1, 1/k in a k-way tie, or 0) against
    ``players - 1`` copies of ``opponents``: game i has seed ``seed + i`` and the agent in seat
    ``i % players``, so every seat gets its turn and two agents can be paired on the same games.
    An agent that reads logs (``uses_log``) gets its seat's log (``play_with_log``)."""
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
        if getattr(bots[seat], "uses_log", False):
            play_with_log(game, bots)
        else:
            gamekit.play(game, bots)
        winners = game.result()["winners"]
        shares.append((1 / len(winners)) if seat in winners else 0.0)
    return shares


def _share_row(shares: list[float], players: int) -> dict[str, Any]:
    from gamekit.stats import share_row

    return share_row(shares, players)


def mcts_record(
    name: str = SWEEP_GAME,
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
    bot = MCTSBot(simulations=simulations, use_log=False)  # the plain agent the stored table shows
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


class Timed:
    """A bot that times its own decisions (those with a choice): ``seconds`` and ``decisions``."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.seconds, self.decisions = bot, 0.0, 0
        self.name = getattr(bot, "name", "timed")

    @property
    def uses_log(self) -> bool:
        return bool(getattr(self.bot, "uses_log", False))

    def choose(
        self, view: dict[str, Any], legal_actions: Sequence[Action], rng: random.Random, **log: Any
    ) -> Action:
        if len(legal_actions) < 2:
            return legal_actions[0]
        start = time.perf_counter()
        action = self.bot.choose(view, legal_actions, rng, **log)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def _made_with() -> str:
    """The versions a stored row was made with: gamekit's and OpenSpiel's."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        spiel = version("open_spiel")
    except PackageNotFoundError:
        spiel = "?"
    return f"gamekit {gamekit.__version__}, open_spiel {spiel}, python {sys.version.split()[0]}"


def simulation_sweep(
    name: str = SWEEP_GAME,
    simulations: Sequence[int] = SWEEP_SIMULATIONS,
    opponents: Sequence[str] = SWEEP_OPPONENTS,
    games: int = 60,
    players: int | None = None,
    seed: int = 2026,
    agent: str = "mcts:{n}",
    command: str = "",
) -> Any:
    """``agent`` (a ``make_agent`` spec, ``{n}`` the simulations) against each of ``opponents``
    (``players - 1`` copies) at each number of ``simulations``, every setting on the same
    ``games`` games (``win_shares``), with 95 % Wilson intervals and the agent's mean seconds per
    decision (wall clock, of those with a choice): one row per (opponents, simulations), with the
    ``command`` that made it and the versions."""
    import pandas as pd

    if players is None:
        players = game_class(name).min_players
    rows = []
    for rival in opponents:
        for n in simulations:
            spec = agent.format(n=n)
            timed = Timed(make_agent(spec))
            shares = win_shares(name, timed, rival, games, players, seed)
            rows.append(
                {"game": name, "players": players, "agent": spec, "opponents": f"{players - 1} x {rival}"}
                | {"simulations": n}
                | _share_row(shares, players)
                | {"s per decision": round(timed.seconds / max(1, timed.decisions), 4), "seed": seed}
                | {"command": command, "made with": _made_with()}
            )
    return pd.DataFrame(rows)


def regenerate_sweep(path: Path = SWEEP, only: Sequence[str] | None = None) -> Any:
    """Lesson 07's figures of win share against simulations (``python -m gamekit.rl.mcts --sweep
    [GAME ...]``): each of ``SWEEPS`` (``gamekit.rl.lesson07``) of the games named (all if None)
    is played again and replaces its rows (same game and agent); every other row is kept as stored."""
    import pandas as pd

    chosen = [run for run in SWEEPS if only is None or run[0] in only]
    if only is not None and sorted(set(only) - {run[0] for run in SWEEPS}):
        raise ValueError(f"regenerate_sweep: no sweep is listed for {sorted(set(only))}")
    table = pd.read_csv(path) if path.exists() else None
    for name, players, agent, simulations, opponents, games in chosen:
        command = "python -m gamekit.rl.mcts --sweep " + name
        fresh = simulation_sweep(name, simulations, opponents, games, players, agent=agent, command=command)
        if table is not None:
            same = (table["game"] == name) & table["agent"].isin(set(fresh["agent"]))
            table = pd.concat([table[~same], fresh], ignore_index=True)
        else:
            table = fresh
        path.parent.mkdir(parents=True, exist_ok=True)
        table.to_csv(path, index=False)  # after each sweep: a long run keeps what it finished
    return table


def sweep_lines(table: Any, name: str) -> Any:
    """The sweep rows of game ``name`` with ``line`` naming each line of the figure
    (``plots.agents.win_share_against_simulations``): the agent without its simulations, and
    its rivals (in the language of the moment)."""
    from gamekit.core.i18n import _

    rows = table[table["game"] == name].copy()
    rows["line"] = [
        _("{agent} vs {rivals}", agent=_agent_kind(a), rivals=o)
        for a, o in zip(rows["agent"], rows["opponents"], strict=True)
    ]
    return rows


def _agent_kind(spec: str) -> str:
    """``mcts:N/BOT[/GUIDE]`` as ``mcts, BOT rollouts[, GUIDE prior]`` (``random`` without a bot)."""
    from gamekit.core.i18n import _

    search, _sep, rest = spec.partition(":")
    rollout, _sep, guide = rest.partition("/")[2].partition("/")
    kind = _("{search}, {bot} rollouts", search=search, bot=rollout or "random")
    return _("{agent}, {bot} prior", agent=kind, bot=guide) if guide else kind


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


if __name__ == "__main__":  # python -m gamekit.rl.mcts [GAME ...] | --baselines | --sweep [GAME ...]
    if sys.argv[1:] == ["--baselines"]:
        print(regenerate_baselines().to_string(index=False))
    elif sys.argv[1:2] == ["--sweep"]:
        print(regenerate_sweep(only=sys.argv[2:] or None).to_string(index=False))
    elif sys.argv[1:2] == ["--dealt-right"]:
        print(regenerate_dealt_right(sys.argv[2:] or None).to_string(index=False))
    else:
        print(regenerate(only=sys.argv[1:] or None).to_string(index=False))
