"""Actions: small immutable values with a canonical text that parses back.

An action is a verb (``kind``) and an optional argument (``value``): ``bid 4`` is
``Action("bid", 4)``, ``pass`` is ``Action("pass")``. Games build their actions
once and hand out the same objects, so comparing and hashing them is cheap.
"""

from __future__ import annotations

from typing import Any


class Action:
    """One decision, e.g. ``bid 4``; ``str(action)`` is its canonical text."""

    __slots__ = ("_hash", "kind", "text", "value")

    kind: str
    value: Any
    text: str

    def __init__(self, kind: str, value: Any = None, text: str | None = None) -> None:
        if text is None:
            text = kind if value is None else f"{kind} {value}"
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "_hash", hash(text))

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
        return (Action, (self.kind, self.value, self.text))
