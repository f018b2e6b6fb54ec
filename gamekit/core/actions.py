"""Actions: small immutable values with a canonical text that parses back.

An action is a verb (``kind``) and an optional argument (``value``): ``bid 4`` is
``Action("bid", 4)``, ``pass`` is ``Action("pass")``. Games build their actions
once and hand out the same objects, so comparing and hashing them is cheap.

An action a game made itself (with ``canonical``) is trusted as it is: its value has the types
the game's rules expect. Any other ``Action`` (built by hand, by a bot, or unpickled) is read
again by ``Game.act``: its text is parsed by the game and must name exactly the same kind and
value, types included, before anything changes (the public contract, "Playing").
"""

from __future__ import annotations

from typing import Any


class Action:
    """One decision, e.g. ``bid 4``; ``str(action)`` is its canonical text."""

    __slots__ = ("_canonical", "_hash", "kind", "text", "value")

    kind: str
    value: Any
    text: str
    _canonical: bool  # made by a game (``canonical``), so ``Game.act`` need not read it again

    def __init__(self, kind: str, value: Any = None, text: str | None = None) -> None:
        if text is None:
            text = kind if value is None else f"{kind} {value}"
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "_hash", hash(text))
        object.__setattr__(self, "_canonical", False)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("actions are immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.text == other.text
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickled actions come back equal but not canonical: bytes from elsewhere are read
        # again by ``Game.act`` like any hand-built action (a game's own actions are never pickled
        # on the way to ``act``; copies below keep the very object).
        return (Action, (self.kind, self.value, self.text))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self  # immutable: a copied game keeps its canonical actions


def canonical(kind: str, value: Any = None, text: str | None = None) -> Action:
    """An action made by a game for its own lists and parsers: ``act`` takes it without reading it
    again. Only games call this; anyone else builds ``Action(...)``."""
    action = Action(kind, value, text)
    object.__setattr__(action, "_canonical", True)
    return action


def same_value(made: Any, given: Any) -> bool:
    """Whether ``given`` is exactly the value ``made`` (an action value a game made): the same type
    at every level, so ``True`` is not ``1``, ``3.0`` is not ``3`` and a numpy integer is not an int;
    tuples and lists element by element, frozensets element for element. The recursion follows
    ``made``, which is shallow, so any ``given`` is compared in a few steps."""
    kind = type(made)
    if kind is not type(given):
        return False
    if kind is tuple or kind is list:
        return len(made) == len(given) and all(same_value(m, g) for m, g in zip(made, given, strict=True))
    if kind is frozenset:
        return len(made) == len(given) and all(any(same_value(m, g) for g in given) for m in made)
    return bool(made == given)
