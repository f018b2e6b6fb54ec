"""Lesson 07's stored experiments: which games ``gamekit.rl.mcts`` plays for the lesson's tables,
at which settings (lesson content, like the lesson's claims in ``gamekit.rl.claims``).

The MCTS machinery itself names no game; these lists do, because they are what the lesson
measured and stored in ``data/rl/`` (``python -m gamekit.rl.mcts`` plays them again).
"""

from __future__ import annotations

# The game the lesson studies first: the default of ``mcts_record`` and ``simulation_sweep``.
SWEEP_GAME = "for_sale"
SWEEP_OPPONENTS = ("random", "house_value:1.5")  # the sweep's rivals: chance and For Sale's strongest

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


# Lesson 07's sweeps of simulations (``python -m gamekit.rl.mcts --sweep [GAME]``): (game, players,
# agent spec with ``{n}`` for the simulations, simulations, opponents, games per setting). The
# plain agent (random rollouts, samples of the view alone) first; then the agent that samples from
# the view and its seat's log and rolls out with a gamekit bot in every seat (``mcts.GUIDED``).
# The sizes are what a tenth of a shared core (six sessions on two cores) played in half an hour:
# too few games to tell these agents from an even share; the lesson says so. Each row is played
# on its own (the same games for every setting of an agent), so rows can be played in parallel.
SWEEPS = (
    ("for_sale", 3, "mcts:{n}", (2, 5, 10, 20, 50), SWEEP_OPPONENTS, 60),
    ("for_sale", 3, "mcts:{n}/house_value:1.5", (10, 30, 100), SWEEP_OPPONENTS, 20),
    ("for_sale", 3, "mcts:{n}/house_value:1.5", (300,), ("house_value:1.5",), 10),
    ("for_sale", 3, "ismcts:{n}/house_value:1.5", (30, 100, 300), ("house_value:1.5",), 20),
    ("money_monsoon", 4, "mcts:{n}/shade:0.6/rollout:0.6", (10, 30), ("rollout:0.6",), 8),
)

# Lesson 07's table of hidden entries dealt right (``python -m gamekit.rl.mcts --dealt-right``):
# (game, players, games of the game's strongest bot). Money Monsoon's log fixes nothing its view
# leaves open, so a few games show it.
SAMPLING_RUNS = (("for_sale", 3, 20), ("money_monsoon", 4, 4))
