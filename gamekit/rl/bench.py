"""What a decision costs through the RL adapters, beside the engine and beside the peers, in one run.

``python -m gamekit.rl.bench`` drives every loop with random legal actions and prints decisions
per second and the cost of a decision relative to the engine's (the engine's decisions per
second divided by the loop's; CPU time, the best of a few chunks): each gamekit game by itself (``engine``), through its OpenSpiel
game (``openspiel``, chance nodes resolved at random too) and through its PettingZoo
environment (``pettingzoo``, one ``last()`` and one ``step`` per decision); then the peers,
OpenSpiel's own pure-Python games and PettingZoo's classic environments (the ones installed),
whose ratio is to the engine of gamekit's first game (For Sale), all at their default player
counts (For Sale: 4). A decision is one choice of a seat (a chance
outcome is not one). About 6 s of CPU in all by default (``--seconds`` per loop).

``--callgrind`` counts instructions instead (``valgrind --tool=callgrind``, when installed):
each loop runs in its own interpreter under valgrind for two numbers of decisions, and the
difference divided by the difference of decisions is the cost of one decision with start-up
and imports taken out; steadier than wall time on a shared machine.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import random
import re
import shutil
import subprocess
import sys
import time
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import gamekit
from gamekit.core.game import game_class
from gamekit.core.i18n import _

PLAYERS: dict[str, int] = {}  # a game's player count here if not its default_players
REFERENCE = gamekit.registered()[0]  # the peers' ratio is to this engine
OPENSPIEL_PEERS = ("python_kuhn_poker", "python_tic_tac_toe", "python_liars_poker")
SECONDS = 0.35  # CPU seconds per loop by default: 17 loops, about 6 s of CPU in all
PETTINGZOO_PEERS = ("tictactoe_v3", "connect_four_v3")


# ------------------------------------------------------------------------------ the loops
def engine_loop(name: str, decisions: int, seed: int = 1) -> int:
    """``decisions`` random legal actions, game after game, on the engine itself."""
    rng = random.Random(seed)
    players = PLAYERS.get(name) or game_class(name).default_players
    done = 0
    while done < decisions:
        game = gamekit.new_game(name, players, seed=rng.getrandbits(32))
        while not game.is_over and done < decisions:
            seat = game.to_act[0]
            game.act(seat, rng.choice(game.legal_actions(seat)))
            done += 1
    return done


def openspiel_loop(game: Any, decisions: int, seed: int = 1) -> int:
    """``decisions`` random legal actions (and every chance node on the way) on an OpenSpiel game."""
    rng = random.Random(seed)
    done = 0
    while done < decisions:
        state = game.new_initial_state()
        while not state.is_terminal() and done < decisions:
            if state.is_chance_node():
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                done += 1
    return done


def pettingzoo_loop(env: Any, decisions: int, seed: int = 1) -> int:
    """``decisions`` random legal actions on a PettingZoo AEC environment, as its docs loop it,
    with the engine loop's sampler (``random.Random.choice`` of the legal numbers the mask shows):
    numpy's ``Generator.choice`` alone costs more than a whole engine decision."""

    rng = random.Random(seed)
    done = 0
    env.reset(seed=seed)
    while done < decisions:
        for agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"] if isinstance(observation, dict) else None
            if mask is None:
                env.step(env.action_space(agent).sample())
            else:
                env.step(rng.choice(mask.nonzero()[0].tolist()))
            done += 1
            if done >= decisions:
                break
        env.reset()
    return done


# ------------------------------------------------------------------------------- the rows
@dataclass
class Row:
    """One loop of the bench: what it drives, and how to run ``n`` decisions of it."""

    kind: str  # engine, openspiel, pettingzoo, openspiel peer, pettingzoo peer
    game: str
    run: Callable[[int], int]
    reference: str  # the engine its ratio is to

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.game}"


def _openspiel_row(name: str) -> Row:
    import gamekit.rl.openspiel as gos

    game = gos.load(name, PLAYERS.get(name))
    return Row("openspiel", name, lambda n: openspiel_loop(game, n), name)


def _pettingzoo_row(name: str) -> Row:
    import gamekit.rl

    env = gamekit.rl.pettingzoo_env(name, players=PLAYERS.get(name))
    return Row("pettingzoo", name, lambda n: pettingzoo_loop(env, n), name)


def _openspiel_peer(short: str) -> Row | None:
    try:
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
        import pyspiel

        game = pyspiel.load_game(short)
    except Exception:  # not installed, or not in this OpenSpiel version
        return None
    return Row("openspiel peer", short, lambda n: openspiel_loop(game, n), REFERENCE)


def _pettingzoo_peer(module: str) -> Row | None:
    """A PettingZoo classic environment. They import pygame only to draw (``render``, which the
    bench never calls): without pygame an empty stand-in module is put in its place for the
    import, and taken away after it."""
    stand_in = None
    if importlib.util.find_spec("pygame") is None:
        stand_in = sys.modules["pygame"] = types.ModuleType("pygame")
    try:
        env = importlib.import_module(f"pettingzoo.classic.{module}").env()
    except Exception:  # not installed, or it needs an extra
        return None
    finally:
        if stand_in is not None and sys.modules.get("pygame") is stand_in:
            del sys.modules["pygame"]
    return Row("pettingzoo peer", module, lambda n: pettingzoo_loop(env, n), REFERENCE)


def rows(games: tuple[str, ...] | None = None, peers: bool = True) -> list[Row]:
    """Every loop the bench runs: per game engine, OpenSpiel, PettingZoo; then the peers found."""
    names = games or tuple(gamekit.GAMES)
    found: list[Row] = []
    for name in names:
        found.append(Row("engine", name, lambda n, name=name: engine_loop(name, n), name))
        with contextlib.suppress(ImportError):
            found.append(_openspiel_row(name))
        with contextlib.suppress(ImportError):
            found.append(_pettingzoo_row(name))
    if peers:
        for made in [*map(_openspiel_peer, OPENSPIEL_PEERS), *map(_pettingzoo_peer, PETTINGZOO_PEERS)]:
            if made is not None:
                found.append(made)
    return found


def find_row(key: str) -> Row:
    """The row ``kind:game`` (as ``Row.key`` writes it), made alone."""
    kind, _, game = key.partition(":")
    made = {
        "engine": lambda: Row("engine", game, lambda n: engine_loop(game, n), game),
        "openspiel": lambda: _openspiel_row(game),
        "pettingzoo": lambda: _pettingzoo_row(game),
        "openspiel peer": lambda: _openspiel_peer(game),
        "pettingzoo peer": lambda: _pettingzoo_peer(game),
    }[kind]()
    if made is None:
        raise SystemExit(f"bench row {key!r} cannot run here (not installed)")
    return made


# ------------------------------------------------------------------------------ measuring
def per_second(row: Row, seconds: float) -> float:
    """Decisions per CPU second of ``row``: the best of chunks of about ``seconds / 5`` each, for
    about ``seconds`` in all after a short warm-up (CPU time and the best chunk: the machine is
    shared)."""
    row.run(50)
    n, spent, best = 100, 0.0, 0.0
    while spent < seconds:
        start = time.process_time()
        row.run(n)
        took = max(time.process_time() - start, 1e-9)
        spent += took
        best = max(best, n / took)
        n = max(50, min(int(n * seconds / 5 / took), 10 * n))
    return best


def measure(
    seconds: float = SECONDS, games: tuple[str, ...] | None = None, peers: bool = True
) -> list[dict[str, Any]]:
    """Each row's decisions per second and its cost per decision relative to its engine."""
    table = [
        {"kind": r.kind, "game": r.game, "reference": r.reference, "rate": per_second(r, seconds)}
        for r in rows(games, peers)
    ]
    engines = {r["game"]: r["rate"] for r in table if r["kind"] == "engine"}
    if REFERENCE not in engines and any(r["reference"] == REFERENCE for r in table):
        engines[REFERENCE] = per_second(find_row(f"engine:{REFERENCE}"), seconds)
    for r in table:
        r["ratio"] = engines[r["reference"]] / r["rate"]
    return table


def callgrind_count(key: str, decisions: int) -> int:
    """Instructions callgrind counts for a whole interpreter running ``decisions`` of row ``key``."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise RuntimeError(_("--callgrind needs valgrind (apt-get install valgrind)"))
    command = [
        valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null",
        sys.executable, "-m", "gamekit.rl.bench", "--run", key, "--decisions", str(decisions),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count for {key}: {done.stderr[-400:]}")
    return int(found.group(1))


def instructions(key: str, small: int = 300, large: int = 1500) -> float:
    """Instructions per decision of row ``key``: two runs under callgrind, start-up subtracted."""
    return (callgrind_count(key, large) - callgrind_count(key, small)) / (large - small)


def callgrind(games: tuple[str, ...] | None = None, peers: bool = True) -> list[dict[str, Any]]:
    """Each row's instructions per decision and its ratio to its engine's (see ``instructions``)."""
    table = [
        {"kind": r.kind, "game": r.game, "reference": r.reference, "instructions": instructions(r.key)}
        for r in rows(games, peers)
    ]
    engines = {r["game"]: r["instructions"] for r in table if r["kind"] == "engine"}
    if REFERENCE not in engines and any(r["reference"] == REFERENCE for r in table):
        engines[REFERENCE] = instructions(f"engine:{REFERENCE}")
    for r in table:
        r["ratio"] = r["instructions"] / engines[r["reference"]]
    return table


def report(table: list[dict[str, Any]]) -> str:
    """The table as text: a heading, then one line a loop."""
    counted = any("instructions" in r for r in table)
    lines = [
        _("instructions per decision (callgrind), and the cost relative to the engine's")
        if counted
        else _("decisions per second, and the cost of a decision relative to the engine's")
    ]
    for r in table:
        cost = f"{r['instructions']:>11,.0f}" if counted else f"{r['rate']:>11,.0f}"
        against = _("({game} engine)", game=r["reference"]) if r["reference"] != r["game"] else ""
        lines.append(f"  {r['kind']:<16} {r['game']:<20} {cost}  {r['ratio']:6.1f}x  {against}".rstrip())
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamekit.rl.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="gamekit games (default: all)")
    parser.add_argument(
        "--seconds", type=float, default=SECONDS, help=f"CPU time per loop (default {SECONDS})"
    )
    parser.add_argument(
        "--no-peers", action="store_true", help="leave out OpenSpiel's and PettingZoo's own games"
    )
    parser.add_argument("--callgrind", action="store_true", help="count instructions under valgrind instead")
    parser.add_argument("--run", help=argparse.SUPPRESS)  # one row, for --callgrind's runs
    parser.add_argument("--decisions", type=int, default=1000, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run:
        find_row(args.run).run(args.decisions)
        return 0
    games = tuple(args.games) or None
    if args.callgrind:
        print(report(callgrind(games, not args.no_peers)))
    else:
        print(report(measure(args.seconds, games, not args.no_peers)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
