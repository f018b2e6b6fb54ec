"""What each slice of the observation and information-state tensors means, game by game.

``data/rl/ENCODINGS.md`` is this module's ``markdown()`` (``python -m gamekit.rl.encodings``
writes it again; a test checks that the file and the tensors agree). The slices come from
``Spaces.layout`` (the game's own encoder, ``<game package>.spaces``), the meanings from that
module's ``MEANINGS`` (part name pattern → meaning), so a part added to an encoder without a
meaning fails that test.

Conventions of every game (``gamekit.rl.spaces``): seats are relative to the viewer. "by seat"
is one entry per seat, the viewer first, then the next seat clockwise; "seat one-hot" puts a 1
at the place of that seat in the same order (all 0: nobody); "seat mask" a 1 at each such seat.
"counts" count items of each kind, in the kinds' order, divided by the scale given. A hidden
value (None in the view) is 0.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import gamekit
from gamekit.core.data import data_dir
from gamekit.core.game import game_class

from .spaces import Spaces

DOCUMENT = data_dir() / "rl" / "ENCODINGS.md"
PLAYERS = 4  # the setting the tables show; lengths marked "by seat" scale with the players

MY_STEPS = (
    "information-state tensor only: times I took each action number here / 10 "
    "(``num_distinct_actions`` entries)"
)


def meaning(name: str, part: str) -> str:
    """The meaning of ``part`` of game ``name``'s observation; KeyError if none is written."""
    module = sys.modules[Spaces(name, PLAYERS).numbering.__module__]
    for pattern, text in getattr(module, "MEANINGS", {}).items():
        if re.fullmatch(pattern, part):
            return text
    raise KeyError(f"{name}: no meaning written for observation part {part!r} (gamekit.rl.encodings)")


def _actions(name: str) -> str:
    """The "Actions:" paragraph of the game's numbering module docstring."""
    doc = sys.modules[Spaces(name, PLAYERS).numbering.__module__].__doc__ or ""
    paragraph = next((p for p in doc.split("\n\n") if p.startswith("Actions:")), "")
    paragraph = " ".join(paragraph.split())
    for tail in (" The encoder", " Pure Python"):  # what follows is about the code, not the numbers
        paragraph = paragraph.split(tail)[0]
    return paragraph


def section(name: str) -> str:
    """One game's section: the numbering and each slice of the tensors."""
    spaces = Spaces(name, PLAYERS)
    title = game_class(name).title
    lines = [
        f"## {title} (`{name}`)",
        "",
        f"{PLAYERS} players, default options: {spaces.size} action numbers, observation tensor of "
        f"{spaces.observation_size} floats, information-state tensor of {spaces.observation_size + spaces.size}.",
        "",
        _actions(name),
        "",
        "| part | slice | meaning |",
        "|---|---|---|",
    ]
    for part, start, length in spaces.layout:
        lines.append(f"| `{part}` | {start}:{start + length} | {meaning(name, part)} |")
    end = spaces.observation_size
    lines.append(f"| `my_steps` | {end}:{end + spaces.size} | {MY_STEPS} |")
    return "\n".join(lines)


def markdown(games: tuple[str, ...] | None = None) -> str:
    """The whole document, ``data/rl/ENCODINGS.md`` (by default the games gamekit ships,
    ``gamekit.GAMES``: a game registered later, such as a test's, does not change it)."""
    games = games or gamekit.GAMES
    intro = (__doc__ or "").split("\n\n", 3)[2]
    head = [
        "# Observation and information-state tensors",
        "",
        "What each slice of the tensors of `gamekit.rl` means (PettingZoo's `observation`, OpenSpiel's",
        "`observation_tensor` and `information_state_tensor`, `gamekit.rl.spaces.Spaces.observe`).",
        "Written by `python -m gamekit.rl.encodings`; `tests/rl/test_encodings.py` checks it against",
        'the encoders. Lengths are for the setting named; parts "by seat" have one entry per player,',
        "and the slices after them move with the player count (`Spaces(name, players).layout` gives",
        "them for any setting).",
        "",
        " ".join(intro.split()),
        "",
    ]
    return "\n".join(head) + "\n" + "\n\n".join(section(name) for name in games) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write ``data/rl/ENCODINGS.md`` (or the path given)."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else DOCUMENT
    path.write_text(markdown(), encoding="utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
