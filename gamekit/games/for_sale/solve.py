"""Equilibria of small For Sale variants with OpenSpiel's CFR, beside the bots' selling rules.

The variant is For Sale's selling phase (FS-S1..S3) on a short deck: ``hands`` fixed and known
to everyone, a pool of ``cheques`` of which each round turns up one per player (chance), and
each round every seat sells one house (the sealed choice, sequentialised: seat A, then B, ...,
none seeing the others' choice before the reveal); the highest house takes the highest cheque
(``match_houses_to_cheques``, the engine's own rule). Hands are public because the buying phase
is: a player who remembers the auctions knows every hand at the start of the selling phase.
Payoffs are the cheques won, in thousands: the game is constant-sum (the pool is shared out).

``solve_selling`` runs CFR (or CFR+) and reports its exploitability; ``compare_with_bots``
puts the equilibrium beside the bots' selling rules, asked through the bot registry with the
view they would get.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pyspiel

import gamekit.bots
from gamekit.core.game import seat_name
from gamekit.theory.for_sale import CHEQUES, match_houses_to_cheques

from .i18n import _

SELLING = "python_gamekit_for_sale_selling"
# Two players, three houses each, six cheques: 15 x 6 deals of the cheques, 3,240 ways to play.
DEFAULT_HANDS = "3 9 14/5 8 12"
DEFAULT_CHEQUES = "0 2000 5000 9000 12000 15000"
THOUSAND = 1000.0


def _read_hands(text: str) -> tuple[tuple[int, ...], ...]:
    hands = tuple(tuple(sorted(int(h) for h in part.split())) for part in text.split("/"))
    houses = [h for hand in hands for h in hand]
    if len(hands) < 2 or len(set(houses)) != len(houses) or not all(1 <= h <= 30 for h in houses):
        raise ValueError(
            _(
                "hands {text}: two or more hands of distinct houses 1..30, e.g. {example} (FS-C1)",
                text=repr(text),
                example=repr(DEFAULT_HANDS),
            )
        )
    if len({len(hand) for hand in hands}) != 1:
        raise ValueError(_("hands {text}: every hand holds as many houses (FS-C5)", text=repr(text)))
    return hands


def _read_cheques(text: str, players: int, rounds: int) -> tuple[int, ...]:
    cheques = tuple(sorted(int(c) for c in text.split()))
    if len(cheques) != players * rounds:
        raise ValueError(
            _(
                "cheques {text}: one cheque per player per round, {count} in all (FS-C5)",
                text=repr(text),
                count=players * rounds,
            )
        )
    unknown = Counter(cheques) - Counter(CHEQUES)
    if unknown:
        raise ValueError(
            _(
                "cheques {text}: {unknown} are not For Sale cheques, or too many of them (FS-C1)",
                text=repr(text),
                unknown=sorted(unknown),
            )
        )
    return cheques


def _deals(pool: tuple[int, ...], players: int) -> list[tuple[tuple[int, ...], float]]:
    """Each distinct set of ``players`` cheques the pool can turn up (sorted), with its probability."""
    counts = Counter(itertools.combinations(pool, players))
    total = math.comb(len(pool), players)
    return [(deal, n / total) for deal, n in sorted(counts.items())]


_PARAMS = {"hands": DEFAULT_HANDS, "cheques": DEFAULT_CHEQUES}
_TYPE = pyspiel.GameType(
    short_name=SELLING,
    long_name="gamekit For Sale, selling phase on a short deck",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification=_PARAMS,
)


class SellingGame(pyspiel.Game):
    """For Sale's selling phase on a short deck (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_PARAMS, **(params or {})}
        self.hands = _read_hands(params["hands"])
        self.players = len(self.hands)
        self.rounds = len(self.hands[0])
        self.pool = _read_cheques(params["cheques"], self.players, self.rounds)
        most = max(math.comb(self.players * r, self.players) for r in range(1, self.rounds + 1))
        info = pyspiel.GameInfo(
            num_distinct_actions=31,  # sell house H is action H
            max_chance_outcomes=most,
            num_players=self.players,
            min_utility=0.0,
            max_utility=sum(self.pool) / THOUSAND,
            utility_sum=sum(self.pool) / THOUSAND,
            max_game_length=self.rounds * (self.players + 1),
        )
        super().__init__(_TYPE, info, params)

    def new_initial_state(self) -> SellingState:
        return SellingState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _SellingObserver:
        return _SellingObserver()


class _SellingRules:
    """Hands, cheques left, the cheques on the table, this round's sealed choices, what was won."""

    def _start(self, game: SellingGame) -> None:
        self.hands = [list(hand) for hand in game.hands]
        self.pool = list(game.pool)
        self.table: tuple[int, ...] | None = None
        self.sealed: list[int] = []
        self.won: list[list[int]] = [[] for _ in game.hands]
        self.reveals: list[tuple[tuple[int, ...], tuple[int, ...]]] = []  # (table, houses sold)

    def current_player(self) -> int:
        if not self.hands[0]:
            return pyspiel.PlayerId.TERMINAL
        if self.table is None:
            return pyspiel.PlayerId.CHANCE
        return len(self.sealed)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.hands[player])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, p) for i, (_, p) in enumerate(_deals(tuple(self.pool), len(self.hands)))]

    def _apply_action(self, action: int) -> None:
        if self.table is None:  # FS-S1: turn up one cheque per player
            self.table = _deals(tuple(self.pool), len(self.hands))[action][0]
            for cheque in self.table:
                self.pool.remove(cheque)
            return
        self.sealed.append(action)  # FS-S2: a sealed choice
        if len(self.sealed) < len(self.hands):
            return
        played = dict(enumerate(self.sealed))
        for seat, cheque in match_houses_to_cheques(played, self.table).items():  # FS-S3
            self.won[seat].append(cheque)
            self.hands[seat].remove(played[seat])
        self.reveals.append((self.table, tuple(self.sealed)))
        self.table, self.sealed = None, []

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            deal = _deals(tuple(self.pool), len(self.hands))[action][0]
            return "cheques " + " ".join(f"{c // 1000}k" for c in deal)
        return f"sell {action}"

    def is_terminal(self) -> bool:
        return not self.hands[0]

    def returns(self) -> list[float]:
        """The cheques won, in thousands, at the end (terminal rewards: 0 before)."""
        if self.hands[0]:
            return [0.0] * len(self.won)
        return [sum(won) / THOUSAND for won in self.won]

    def information(self, player: int) -> str:
        """Everything ``player`` knows: hands and reveals are public; its own sealed choice."""
        hands = "/".join(" ".join(map(str, hand)) for hand in self.hands)
        past = ";".join(f"{list(t)}:{list(h)}" for t, h in self.reveals)
        own = f" mine:{self.sealed[player]}" if player < len(self.sealed) else ""
        table = " ".join(map(str, self.table)) if self.table else "-"
        return f"p{player} hands:{hands} table:{table} past:{past}{own}"

    def __str__(self) -> str:
        return self.information(0) + f" sealed:{self.sealed}"


class SellingState(_SellingRules, pyspiel.State):
    """A state of the variant for OpenSpiel (the rules in ``_SellingRules``)."""

    def __init__(self, game: SellingGame) -> None:
        pyspiel.State.__init__(self, game)
        self._start(game)


class _Position(_SellingRules):
    """The same state without OpenSpiel's machinery, cheap to copy: walks the whole tree."""

    def __init__(self, game: SellingGame) -> None:
        self._start(game)

    def is_chance_node(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.CHANCE

    def legal_actions(self) -> list[int]:
        return self._legal_actions(self.current_player())

    def action_to_string(self, player: int, action: int) -> str:
        return self._action_to_string(player, action)

    def child(self, action: int) -> _Position:
        twin = object.__new__(_Position)
        twin.hands = [list(hand) for hand in self.hands]
        twin.pool = list(self.pool)
        twin.table, twin.sealed = self.table, list(self.sealed)
        twin.won = [list(won) for won in self.won]
        twin.reveals = list(self.reveals)
        twin._apply_action(action)
        return twin


class _SellingObserver:
    """Perfect recall is the same as the observation here: every past reveal stays public."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: SellingState, player: int) -> None:
        pass

    def string_from(self, state: SellingState, player: int) -> str:
        return state.information(player)


if SELLING not in pyspiel.registered_names():
    pyspiel.register_game(_TYPE, SellingGame)


def selling_game(hands: str = DEFAULT_HANDS, cheques: str = DEFAULT_CHEQUES) -> pyspiel.Game:
    """The selling variant: ``hands`` like ``"3 9 14/5 8 12"`` (one hand per seat, ``/`` between
    seats), ``cheques`` the pool as printed (``"0 2000 5000 ..."``), one per player per round."""
    return pyspiel.load_game(SELLING, {"hands": hands, "cheques": cheques})


def _efg(game: SellingGame) -> tuple[str, dict[str, _Position]]:
    """The variant's whole tree in Gambit's EFG format (infosets named by what the seat knows),
    and a state of the Python game for each infoset name, walked once."""
    lines = [f'EFG 2 R "{SELLING}" {{ ' + " ".join(f'"{seat_name(p)}"' for p in range(game.players)) + " }"]
    numbers: list[dict[str, int]] = [{} for _ in range(game.players)]
    states: dict[str, _Position] = {}
    counter = {"t": 0, "c": 0}

    def walk(state: _Position) -> None:
        if state.is_terminal():
            counter["t"] += 1
            lines.append(f't "" {counter["t"]} "" {{ ' + " ".join(repr(r) for r in state.returns()) + " }")
            return
        if state.is_chance_node():
            counter["c"] += 1
            outcomes = state.chance_outcomes()
            labels = " ".join(f'"{state.action_to_string(-1, a)}" {p!r}' for a, p in outcomes)
            lines.append(f'c "" {counter["c"]} "" {{ {labels} }} 0')
            for action, _ in outcomes:
                walk(state.child(action))
            return
        player = state.current_player()
        name = state.information(player)
        number = numbers[player].setdefault(name, len(numbers[player]) + 1)
        states.setdefault(name, state)
        legal = state.legal_actions()
        labels = " ".join(f'"sell {h}"' for h in legal)
        lines.append(f'p "" {player + 1} {number} "{name}" {{ {labels} }} 0')
        for action in legal:
            walk(state.child(action))

    walk(_Position(game))
    return "\n".join(lines) + "\n", states


@dataclass
class Solution:
    """What ``solve_selling`` found: the average policy of CFR+, its exploitability."""

    game: pyspiel.Game  # the Python variant (SellingGame)
    tree: pyspiel.Game  # the same tree as an EFG game in C++, where CFR runs
    states: dict[str, Any]  # a Python position per information set name
    solver: Any  # OpenSpiel's solver, kept: its policy lives in it
    policy: Any  # pyspiel policy on ``tree``
    iterations: int
    seconds: float
    nash_conv: float  # thousands: what all seats together gain by best-responding
    exploitability: float  # nash_conv / players
    curve: list[tuple[int, float]]  # (iterations, nash_conv)
    by_name: dict[str, Any] | None = None  # a state of ``tree`` per information set name

    def probabilities(self, name: str) -> dict[int, float]:
        """The equilibrium's probability of selling each house at the information set ``name``."""
        return _house_probabilities(self.tree, self.policy, self._tree_states()[name])

    def _tree_states(self) -> dict[str, Any]:
        if self.by_name is None:
            self.by_name = _tree_infosets(self.tree)
        return self.by_name


def _tree_infosets(tree: pyspiel.Game) -> dict[str, Any]:
    """A state of the EFG tree per infoset name (its string is ``player-n-m-name``)."""
    found: dict[str, Any] = {}
    stack = [tree.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            found.setdefault(state.information_state_string().split("-", 3)[3], state)
        stack.extend(state.child(a) for a in state.legal_actions())
    return found


def _house_probabilities(tree: pyspiel.Game, policy: Any, state: Any) -> dict[int, float]:
    probs = policy.action_probabilities(state)
    return {int(state.action_to_string(a).split()[1]): p for a, p in probs.items()}


def solve_selling(
    hands: str = DEFAULT_HANDS, cheques: str = DEFAULT_CHEQUES, iterations: int = 1000, plus: bool = True
) -> Solution:
    """OpenSpiel's CFR+ (or vanilla CFR with ``plus=False``) on the selling variant for
    ``iterations`` iterations, with its NashConv as it goes (thousands; two players: twice the
    exploitability). The tree is walked once in Python and solved in OpenSpiel's C++ (EFG)."""
    if not 1 <= iterations <= 100_000:
        raise ValueError(
            _("iterations must be from 1 to 100,000, not {iterations}", iterations=repr(iterations))
        )
    game = selling_game(hands, cheques)
    start = time.perf_counter()
    text, states = _efg(game)
    tree = pyspiel.load_efg_game(text)
    solver = pyspiel.CFRPlusSolver(tree) if plus else pyspiel.CFRSolver(tree)
    checkpoints = sorted({min(iterations, 4**k) for k in range(10)} | {iterations})
    curve = []
    done = 0
    for mark in checkpoints:
        for _step in range(mark - done):
            solver.evaluate_and_update_policy()
        done = mark
        curve.append((done, float(pyspiel.nash_conv(tree, solver.average_policy()))))
    seconds = time.perf_counter() - start
    conv = curve[-1][1]
    return Solution(
        game,
        tree,
        states,
        solver,
        solver.average_policy(),
        iterations,
        seconds,
        conv,
        conv / game.num_players(),
        curve,
    )


def curve_table(solution: Solution) -> Any:
    """The NashConv curve of ``solve_selling`` as a table (pandas): ``iterations``, ``nash_conv``
    (thousands) and ``exploitability`` (NashConv over the players), one row per checkpoint."""
    import pandas as pd

    players = solution.game.num_players()
    return pd.DataFrame(
        [{"iterations": t, "nash_conv": c, "exploitability": c / players} for t, c in solution.curve]
    )


def bot_house(bot: str, state: Any, player: int) -> int:
    """The house the registered gamekit bot ``bot`` sells at ``state``, asked with the view it
    would get: its own hand, the table, and as cheques already won every For Sale cheque that is
    not in the variant's pool still to come (so it places the best cheque among the right ones)."""
    hands = [list(hand) if s == player else None for s, hand in enumerate(state.hands)]
    left = Counter(state.pool) + Counter(state.table or ())
    past = sorted((Counter(CHEQUES) - left).elements())
    view = {
        "phase": "sell",
        "viewer": player,
        "houses": hands,
        "table": list(state.table),
        "past_cheques": past,
    }
    action = gamekit.bots.BOTS[bot]().choose(view, [], random.Random(0))
    return int(str(action).split()[1])


def bot_policy(solution: Solution, bot: str) -> Any:
    """The bot's selling rule as a (pure) pyspiel policy on the solution's tree."""
    table = {}
    for name, state in solution._tree_states().items():
        python_state = solution.states[name]
        house = bot_house(bot, python_state, python_state.current_player())
        table[state.information_state_string()] = [
            (a, 1.0 if state.action_to_string(a) == f"sell {house}" else 0.0) for a in state.legal_actions()
        ]
    return pyspiel.TabularPolicy(table)


def compare_with_bots(
    solution: Solution, bots: tuple[str, ...] = ("house_value", "skew_match", "save_top")
) -> Any:
    """A table (pandas) of each bot's selling rule beside the equilibrium, over the information
    sets with a real choice (two houses or more): how often its house is the equilibrium's
    likeliest, the equilibrium's probability of it, the rule's NashConv (every seat playing it),
    and seat A's value (thousands) playing the rule against the equilibrium."""
    import pandas as pd

    tree = solution.tree
    decisions = [(n, s) for n, s in solution._tree_states().items() if len(s.legal_actions()) > 1]
    root = tree.new_initial_state()
    players = tree.num_players()
    rows = []
    for name in ("equilibrium (CFR+)", *bots):
        if name.startswith("equilibrium"):
            policy, agree, mass = solution.policy, 1.0, None
        else:
            policy = bot_policy(solution, name)
            hits, probs = [], []
            for info, state in decisions:
                eq = _house_probabilities(tree, solution.policy, state)
                house = bot_house(name, solution.states[info], state.current_player())
                hits.append(house == max(eq, key=eq.get))
                probs.append(eq[house])
            agree, mass = sum(hits) / len(hits), sum(probs) / len(probs)
        value = pyspiel.expected_returns(root, [policy] + [solution.policy] * (players - 1), -1, True)[0]
        rows.append(
            {
                "rule": name,
                "same house as the equilibrium's likeliest": round(agree, 3),
                "equilibrium probability of its house": None if mass is None else round(mass, 3),
                "NashConv if every seat plays it (thousands)": round(
                    float(pyspiel.nash_conv(tree, policy)), 3
                ),
                "seat A's value against the equilibrium (thousands)": round(float(value), 3),
            }
        )
    return pd.DataFrame(rows)


def equilibrium_table(solution: Solution, seat: int = 0, round_: int = 1) -> Any:
    """The equilibrium's choice of ``seat`` in round ``round_`` (pandas), one row per set of
    cheques on the table: the probability of each house, and the house rank matching sells."""
    import pandas as pd

    rows = []
    for name, state in sorted(solution.states.items()):
        if (
            state.current_player() != seat
            or len(state.reveals) != round_ - 1
            or len(state.legal_actions()) < 2
        ):
            continue
        probs = solution.probabilities(name)
        row = {"table (thousands)": " ".join(str(c // 1000) for c in state.table)}
        if state.reveals:
            row["earlier rounds"] = "; ".join(f"{[c // 1000 for c in t]} {list(h)}" for t, h in state.reveals)
        row.update({f"P(sell {h})": round(probs[h], 2) for h in sorted(probs)})
        row["rank matching sells"] = bot_house("house_value", state, seat)
        rows.append(row)
    return pd.DataFrame(rows)


__all__ = [
    "SELLING",
    "SellingGame",
    "Solution",
    "bot_house",
    "bot_policy",
    "compare_with_bots",
    "curve_table",
    "equilibrium_table",
    "selling_game",
    "solve_selling",
]
