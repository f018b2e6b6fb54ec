"""The rule documents' worked examples, kept as data files and replayed by the engines.

Each example is a JSON file under ``data/<game>/examples/``: the set-up, the
document it comes from (its key in the bibliography; the passage it rests on is
quoted in the rules reference under the example's ID), an optional prelude of
actions that reaches the position the document starts from, the example's own
steps (``"A: bid 2"``), and what the document says must then hold. Replaying it
checks the engine against the document; the command line, the tests and the
notebooks all use these same files.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .core import registry
from .core.data import data_dir
from .core.errors import ConfigError
from .core.game import SEAT_NAMES, Event, Game, new_game
from .core.i18n import _


def parse_step(step: str) -> tuple[int, str]:
    """``"B: bid 3"`` → ``(1, "bid 3")``."""
    name, sep, action = step.partition(":")
    name = name.strip()
    if not sep or len(name) != 1 or name not in SEAT_NAMES:
        raise ConfigError(f"an example step is written 'A: action', not {step!r}")
    return SEAT_NAMES.index(name), action.strip()


def _lookup(data: Any, path: str) -> Any:
    for part in path.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


@dataclass(frozen=True)
class Check:
    """One claim of the document, with what the engine produced."""

    what: str
    expected: Any
    actual: Any

    @property
    def ok(self) -> bool:
        return self.expected == self.actual


@dataclass(frozen=True)
class Step:
    """One action of the example and the narration of what it caused."""

    seat: int
    action: str
    events: list[Event]

    def __str__(self) -> str:
        return f"{SEAT_NAMES[self.seat]}: {self.action}"


@dataclass
class ExampleRun:
    """A worked example replayed: its steps, the final game, and the document's checks."""

    example: dict[str, Any]
    game: Game
    prelude_length: int
    steps: list[Step] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.example["id"]

    @property
    def matches(self) -> bool:
        """True when every claim of the document holds in the replay."""
        return all(c.ok for c in self.checks)

    @property
    def from_document(self) -> bool:
        """True for an example the document gives in numbers; False for one built from its rule text."""
        return from_document(self.example)

    @property
    def verdict(self) -> str:
        """ "<ID> matches the document", or "<ID> follows the rules" for an example built from rule text."""
        if self.from_document:
            if self.matches:
                return _("{id} matches the document", id=self.id)
            return _("{rule} DOES NOT match the document", rule=self.id)
        if self.matches:
            return _("{id} follows the rules", id=self.id)
        return _("{rule} DOES NOT follow the rules", rule=self.id)

    def report(self, ok: str = "✓", bad: str = "✗") -> str:
        """The replay as text: each step with the narration (and rule) of what it caused,
        then each claim of the document with whether the engine agrees."""
        lines = []
        if self.prelude_length:
            if self.from_document:
                lines.append(
                    _("(prelude: {n} actions to reach the document's position)", n=self.prelude_length)
                )
            else:
                lines.append(
                    _("(prelude: {n} actions to reach the example's position)", n=self.prelude_length)
                )
        for step in self.steps:
            lines.append(str(step))
            for event in step.events:
                rule = event.get("rule")
                lines.append(f"    {event['text']}" + (f"  ({rule})" if rule else ""))
        for check in self.checks:
            if check.ok:
                lines.append(f"{ok} {check.what}")
            else:
                lines.append(
                    _(
                        "{bad} {what}: expected {expected}, got {actual}",
                        bad=bad,
                        what=check.what,
                        expected=repr(check.expected),
                        actual=repr(check.actual),
                    )
                )
        lines.append(self.verdict)
        return "\n".join(lines)

    def game_at(self, step: int) -> Game:
        """The game just before the example's step ``step`` (0 = the document's starting position)."""
        return self.game.at(self.prelude_length + step)


def from_document(example: dict[str, Any]) -> bool:
    """True when the document gives the example itself; False when it is built from the rule text."""
    return "built_from" not in example.get("source", {})


def load_examples(game: str | None = None) -> list[dict[str, Any]]:
    """Every worked example (of one game, or of all), in ID order."""
    root = data_dir()
    folders = [root / game / "examples"] if game else sorted(root.glob("*/examples"))
    examples = []
    for folder in folders:
        for path in sorted(folder.glob("*.json")):
            example = json.loads(path.read_text(encoding="utf-8"))
            example["file"] = str(path.relative_to(root.parent))
            examples.append(example)
    order = {name: i for i, name in enumerate(registry.registered())}
    return sorted(examples, key=lambda e: (order.get(e["game"], len(order)), e["game"], _id_key(e["id"])))


def _id_key(rule_id: str) -> tuple[str, int]:
    prefix, _, number = rule_id.rpartition("X")
    return prefix, int(number)


def find_example(rule_id: str) -> dict[str, Any]:
    """One worked example by its rule ID (a game's prefix, ``X`` and a number)."""
    for candidate in load_examples():
        if candidate["id"] == rule_id:
            return candidate
    raise KeyError(f"no worked example {rule_id!r}")


def start_game(example: dict[str, Any]) -> Game:
    """The example's game after its prelude: the position the document starts from."""
    game = new_game(
        example["game"],
        example["players"],
        seed=example.get("seed", 0),
        options=example.get("options"),
        stack=example.get("stack"),
    )
    for step in example.get("prelude", []):
        game.act(*parse_step(step))
    return game


def run_example(example: dict[str, Any] | str) -> ExampleRun:
    """Replay an example (or its ID) and check every claim the document makes."""
    if isinstance(example, str):
        example = find_example(example)
    game = start_game(example)
    run = ExampleRun(example, game, prelude_length=len(game.history))
    events: list[Event] = []
    for text in example["steps"]:
        seat, action = parse_step(text)
        new = list(game.act(seat, action))
        events.extend(new)
        run.steps.append(Step(seat, action, new))
    view, result = game.view(), game.result()
    for claim in example["expect"]:
        run.checks.append(_check(example["id"], claim, view, result, events))
    return run


def _check(example_id: str, claim: dict[str, Any], view: dict, result: dict, events: list[Event]) -> Check:
    """Evaluate one claim: a view or result entry that ``equals``, ``sum``s to or ``excludes`` a
    value, or an event of the steps that carries the given fields."""
    what = claim["what"]
    if "event" in claim:
        wanted = claim["event"]
        found = next((e for e in events if all(e.get(k) == v for k, v in wanted.items())), None)
        same_type = [e for e in events if e.get("type") == wanted.get("type")]
        actual = wanted if found else ({k: same_type[0].get(k) for k in wanted} if same_type else None)
        return Check(what, wanted, actual)
    if "view" in claim:
        value = _lookup(view, claim["view"])
    elif "result" in claim:
        value = _lookup(result, claim["result"])
    else:
        raise ConfigError(f"{example_id}: a claim needs 'view', 'result' or 'event': {claim!r}")
    if "equals" in claim:
        return Check(what, claim["equals"], value)
    if "sum" in claim:
        return Check(what, claim["sum"], sum(value))
    if "excludes" in claim:
        item = claim["excludes"]
        return Check(what, f"no {item}", f"no {item}" if item not in value else f"{item} still there")
    raise ConfigError(f"{example_id}: a claim needs 'equals', 'sum' or 'excludes': {claim!r}")
