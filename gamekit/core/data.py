"""Where the package's data lives: the rules reference and the worked examples."""

from __future__ import annotations

from pathlib import Path


def data_dir() -> Path:
    """The ``data/`` folder: inside an installed wheel, else beside the package in a checkout."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "data", package.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("gamekit's data/ folder is missing from this installation")
