"""Resale's engine: For Sale's class under another name and rule prefix (the registry finds the
folder's other modules beside the module that defines the class, as in gamekit's own games)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from gamekit.games.for_sale import ForSale

NAME = "resale"


class Resale(ForSale):
    """For Sale's engine under another name and rule prefix."""

    name = NAME
    title = "Resale"
    rule_prefix = "RS"
    strongest_bot = "random"
    rules_file: ClassVar[str | None] = str(Path(__file__).with_name("rules.toml"))
