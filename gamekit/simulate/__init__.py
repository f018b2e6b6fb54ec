"""Playing games with bots, one at a time (``play``) or by the thousand (``simulate``).

Every game of a simulation gets its own seed derived from the simulation's seed
and the game's number, and every bot its own generator derived from the simulation's
seed, the game's number and the seat (never from the game's seed), so a table of
results never depends on which process played which game.

What a bot is given, and the fence around it (trusted bots called directly, any other on a
thread of its own; a fence, not a sandbox): see ``fence``.

One module per job:

=============  ====================================================================
``seeds``      each game's seed and each bot's generator
``fence``      how a bot is called (``take_turn``) and how its failures are named
``loop``       seated bots play one game to its end (``play``)
``runs``       a run's frozen ``RunSpec``, its chunks of games, its tables (``simulate``)
``columns``    a chunk's rows as typed columns (what a run holds in memory)
``parquet``    a run streamed to a Parquet file, a row group a chunk (``out=``)
``workers``    what ``workers`` names, and which back end plays there (``run_calls``)
``gather``     the chunks' results handed on in game order, with progress and the first error
``processes``  local worker processes (loky's), and naming a worker that died;
               ``cluster``: a Dask cluster
=============  ====================================================================
"""

from __future__ import annotations

# The package's names, as ``gamekit.simulate`` offered them when it was one module.
from ..bots.base import make_bot  # noqa: F401
from .fence import take_turn  # noqa: F401
from .gather import Batch, Progress  # noqa: F401
from .loop import BotSpec, play  # noqa: F401
from .runs import RunSpec, import_game, listed_first, simulate, simulate_records  # noqa: F401
from .runs import pickled_bots as _pickled_bots  # noqa: F401  (gamekit.strategy's)
from .seeds import bot_rng, derive_seed, game_seed, simulation_bot_rng  # noqa: F401
from .workers import Workers, run_calls  # noqa: F401
from .workers import workers_kind as _workers_kind  # noqa: F401  (gamekit.strategy's)
