"""What a roll is worth, read off fast random races played out from the table (not a hand heuristic).

The model a rollout plays, simpler than the game so that a few dozen fit in a few milliseconds:
every later roll goes to a seat drawn at random (all seats alike, no price paid: prices pass
between players and the bank, bonuses and fees decide most of a score), and its winner moves
greedily: the one pawn, forward all the way, that collects the most landing fees plus 500 /
track length per space its best pawn gains (500 if it reaches the goal). An 8 gives 4 to its
winner and 4 to another seat drawn at random (MM-M5); a 7 is not split. The race ends when a
pawn reaches the goal, and the bonuses are paid by MM-E2. With no prices and no bids in the model,
neither an auctioneer sitting out (MM-A2) nor bidding on credit (MM-E4) enters it.

``roll_gain`` is the expected gain in final points (landing fees collected minus paid, plus
the bonus) for ``seat`` from winning the roll on the table, making the move ``move_value``
rates best, rather than losing it to another seat drawn at random, who then moves greedily.
Both branches play the same continuations (common random numbers), so the difference is
measured with much less noise than either branch.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .rules import BONUSES, DIE_FACES, FEE, HALF, HALVED_ROLL, PAWNS, START, Move, bonuses, landing

TURN_LIMIT = 400  # a rollout always ends: every roll moves a pawn forward unless it sits on the goal


def _land(pawns: list[list[int]], gains: list[float], seat: int, pawn: int, end: int) -> None:
    """Put ``seat``'s ``pawn`` on ``end`` and move the landing fees (MM-M3) between the gains."""
    pawns[seat][pawn] = end
    if end == START:
        return
    for other, pair in enumerate(pawns):
        if other != seat:
            count = (pair[0] == end) + (pair[1] == end)
            if count:
                gains[other] -= FEE * count
                gains[seat] += FEE * count


def greedy_step(pawns: list[list[int]], gains: list[float], seat: int, steps: int, goal: int) -> bool:
    """Move ``seat``'s better pawn for ``steps`` forward (fees + progress); True if it reached the goal."""
    pair = pawns[seat]
    best_now = max(pair)
    per_space = BONUSES[0] / goal
    choice, score = -1, float("-inf")
    for index in (0, 1):
        if pair[index] == goal:
            continue
        end = min(pair[index] + steps, goal)
        fees = 0
        if end != START:
            for other, rival in enumerate(pawns):
                if other != seat:
                    fees += FEE * ((rival[0] == end) + (rival[1] == end))
        progress = BONUSES[0] if end == goal else per_space * max(end - best_now, 0)
        if fees + progress > score:
            choice, score = index, fees + progress
    if choice < 0:
        return False
    end = min(pair[choice] + steps, goal)
    _land(pawns, gains, seat, choice, end)
    return end == goal


def play_out(pawns: list[list[int]], gains: list[float], goal: int, rng: random.Random) -> list[float]:
    """Finish the race from ``pawns`` by the rollout model; ``gains`` plus fees and bonuses (changed in place).

    Each turn draws the roll, then its winner (then, for an 8, the seat of the free 4), and moves
    as ``greedy_step`` does; written out on a flat list of pawns for speed.
    """
    n = len(pawns)
    flat = [p for pair in pawns for p in pair]
    per_space = BONUSES[0] / goal
    for _ in range(TURN_LIMIT):
        roll = int(rng.random() * DIE_FACES) + 1
        movers = (int(rng.random() * n),)
        steps = roll
        if roll == HALVED_ROLL:
            steps = HALF
            movers = (movers[0], int(rng.random() * n))
        done = False
        for seat in movers:
            i = 2 * seat
            a, b = flat[i], flat[i + 1]
            best_now = a if a > b else b
            choice, score, landed = -1, -1e18, 0
            for index, here in ((i, a), (i + 1, b)):
                if here == goal:
                    continue
                end = here + steps
                if end > goal:
                    end = goal
                fees = FEE * (flat.count(end) - (a == end) - (b == end))
                gain = fees + (
                    BONUSES[0] if end == goal else per_space * (end - best_now if end > best_now else 0)
                )
                if gain > score:
                    choice, score, landed = index, gain, end
            if choice < 0:
                continue
            flat[choice] = landed
            if flat.count(landed) > 1:
                for j in range(2 * n):
                    if flat[j] == landed and j // 2 != seat:
                        gains[j // 2] -= FEE
                        gains[seat] += FEE
            done = done or landed == goal
        if done:
            break
    for j in range(2 * n):
        pawns[j // 2][j % 2] = flat[j]
    return _finished(pawns, gains)


def after_move(
    pawns: Sequence[Sequence[int]], seat: int, move: Move, goal: int, exact: bool
) -> tuple[list[list[int]], list[float], bool] | None:
    """The pawns and fee gains after ``seat`` makes ``move``, and whether a pawn reached the goal."""
    board = [list(pair) for pair in pawns]
    gains = [0.0] * len(board)
    for pawn, steps in move:
        index = PAWNS.index(pawn)
        end = landing(board[seat][index], steps, goal, exact)
        if end is None:
            return None
        _land(board, gains, seat, index, end)
    return board, gains, goal in board[seat]


def _finished(board: list[list[int]], gains: list[float]) -> list[float]:
    """``gains`` plus the bonuses (MM-E2) of a race that has just ended on ``board``."""
    for seat, bonus in enumerate(bonuses([max(pair) for pair in board])):
        gains[seat] += bonus
    return gains


def gain_samples(
    view: dict[str, Any], seat: int, move: Move, steps: int, rollouts: int, seed: int
) -> list[float]:
    """One difference per rollout: ``seat``'s final-point gain after ``move`` minus after losing the roll.

    ``steps`` is what the roll gives its winner (4 for an 8); a lost roll goes to another seat
    drawn at random, who moves it greedily. Rollout k draws that seat and then both branches'
    continuations from generators seeded ``seed + k`` and ``seed + k + 1_000_003``, the same
    dice in both branches. Empty if ``move`` is not legal.
    """
    goal, exact = view["track_length"], view["exact_goal"]
    pawns = view["pawns"]
    n = len(pawns)
    won = after_move(pawns, seat, move, goal, exact)
    if won is None:
        return []
    samples = []
    for k in range(rollouts):
        other = (seat + 1 + int(random.Random(seed + k).random() * (n - 1))) % n
        board, gains = [list(pair) for pair in won[0]], list(won[1])
        if won[2]:
            win = _finished(board, gains)[seat]
        else:
            win = play_out(board, gains, goal, random.Random(seed + k + 1_000_003))[seat]
        board, gains = [list(pair) for pair in pawns], [0.0] * n
        if greedy_step(board, gains, other, steps, goal):
            lose = _finished(board, gains)[seat]
        else:
            lose = play_out(board, gains, goal, random.Random(seed + k + 1_000_003))[seat]
        samples.append(win - lose)
    return samples


def roll_gain(view: dict[str, Any], seat: int, move: Move, steps: int, rollouts: int, seed: int) -> float:
    """Expected final-point gain for ``seat`` from making ``move`` rather than losing the roll.

    The mean of ``gain_samples`` (0 with no rollouts or an illegal move).
    """
    samples = gain_samples(view, seat, move, steps, rollouts, seed)
    return sum(samples) / len(samples) if samples else 0.0


__all__ = ["TURN_LIMIT", "after_move", "gain_samples", "greedy_step", "play_out", "roll_gain"]
