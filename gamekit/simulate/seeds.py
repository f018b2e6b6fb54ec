"""Seeds: every game of a simulation and every bot in it draw from their own generator.

Game i of the simulation with ``seed`` is dealt from ``game_seed(seed, i)``; its bot in seat s
draws from ``simulation_bot_rng(seed, i, s)``, never from the game's seed, so a table of results
never depends on which process played which game, and a bot's generator tells it nothing of the
deal. A single game played with ``play`` gives its bots ``bot_rng(game.seed, s)``.
"""

from __future__ import annotations

import hashlib
import random


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from parts, the same on every machine and Python version."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game number ``index`` of the simulation with ``seed``."""
    return derive_seed(seed, index)


def bot_rng(game_seed: int, seat: int) -> random.Random:
    """The generator a bot in ``seat`` draws from in ``play`` of the game with ``game_seed``."""
    return random.Random(derive_seed(game_seed, "bot", seat))


def bot_key(seed: int) -> bytes:
    """The key of a simulation's bot generators: from its seed, in a domain no game seed uses."""
    return hashlib.blake2b(repr(seed).encode(), digest_size=32, person=b"gamekit botkey").digest()


def keyed_rng(key: bytes, index: int, seat: int) -> random.Random:
    """The generator of seat ``seat`` in game ``index`` of the simulation whose ``bot_key`` is ``key``."""
    digest = hashlib.blake2b(repr((index, seat)).encode(), key=key, digest_size=32, person=b"gamekit botrng")
    return random.Random(int.from_bytes(digest.digest(), "big"))


def simulation_bot_rng(seed: int, index: int, seat: int) -> random.Random:
    """The generator of the bot in ``seat`` of game ``index`` of the simulation with ``seed``.

    A keyed BLAKE2b hash of the game's number and the seat, the key derived from the
    simulation's seed in its own domain: the game's seed is no input, so knowing the game
    seeds tells nothing of the bots' generators, and a generator (256 bits of seed) gives a
    bot nothing about its game's seed beyond what it could guess of the simulation's seed.
    """
    return keyed_rng(bot_key(seed), index, seat)
