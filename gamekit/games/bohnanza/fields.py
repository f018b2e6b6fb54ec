"""Bohnanza's fields: where a bean may be planted (BO-T2), which field may be harvested (BO-H1,
BO-H2) and whether the third field may be bought (BO-H3).

Plain functions of one player's fields (and coins): each check raises ``IllegalAction``, saying
why, before anything changes; the game plants, harvests (``harvest`` empties the field) and
records the events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.actions import Action
from ...core.errors import IllegalAction
from ...core.game import SEAT_NAMES
from . import rules
from .actions import BUY_FIELD, HARVEST_FIELD
from .i18n import _
from .rules import Field, field_for, harvestable


def field_index(
    fields: Sequence[Field], seat: int, bean: str, number: int | None, traded: bool = False
) -> int:
    """The index of the field ``bean`` goes to: field ``number`` if named, else the default;
    raises unless it is empty or of the bean's own type (BO-T2). ``traded``: the action named
    the bean (``plant BEAN [N]``, step 3b) rather than planting the front card (``plant [N]``);
    the refusal quotes it so, and its text is written only when there is a refusal (a planting
    is one decision in seven)."""
    if number is None:
        i = field_for(fields, bean)
        if i is None:
            text = f"plant {bean}" if traded else "plant"
            raise IllegalAction(
                _(
                    "{text}: {bean} fits no field of {name} (none is empty or grows {bean}); harvest a field first (BO-T2)",
                    text=text,
                    bean=bean,
                    name=SEAT_NAMES[seat],
                )
            )
        return i
    text = f"plant {bean} {number}" if traded else f"plant {number}"
    if not 1 <= number <= rules.MAX_FIELDS:
        raise IllegalAction(
            _("{text}: fields are numbered 1 to {max_fields} (BO-T2)", text=text, max_fields=rules.MAX_FIELDS)
        )
    if number > len(fields):
        raise IllegalAction(
            _(
                "{text}: {name} has no third field; buy-field buys one (BO-H3)",
                text=text,
                name=SEAT_NAMES[seat],
            )
        )
    field = fields[number - 1]
    if field is not None and field[0] != bean:
        raise IllegalAction(
            _(
                "{text}: field {number} of {name} grows {field}; {bean} goes into an empty field or onto a field of {bean} (BO-T2)",
                text=text,
                number=number,
                name=SEAT_NAMES[seat],
                field=field[0],
                bean=bean,
            )
        )
    return number - 1


def plantings(
    fields: Sequence[Field], bean: str, default: Action, into: tuple[Action | None, ...]
) -> list[Action]:
    """The ways to plant ``bean``: the default field, then the other fields worth naming (BO-T2).

    ``rules.planting_fields`` turned into actions in the same pass (the engine lists plantings
    at most decisions): with a field of the bean's type, ``default`` plants on the first one
    and every other one and the first empty field are named; else ``default`` plants into the
    first empty field, and there is no choice.
    """
    own = False
    others = []  # the fields worth naming besides the default, in field order
    empty_seen = False
    for i, field in enumerate(fields):
        if field is None:
            if not empty_seen:
                empty_seen = True
                others.append(into[i + 1])
        elif field[0] == bean:
            if own:
                others.append(into[i + 1])
            else:
                own = True
    if own:
        return [default, *others]
    return [default] if empty_seen else []


def check_harvest(fields: Sequence[Field], seat: int, number: int) -> None:
    """Field ``number`` of ``seat`` may be harvested now (BO-H1, BO-H2, BO-H3)."""
    if not 1 <= number <= rules.MAX_FIELDS:
        raise IllegalAction(
            _(
                "harvest {number}: fields are numbered 1 to {max_fields} (BO-H1)",
                number=number,
                max_fields=rules.MAX_FIELDS,
            )
        )
    if number > len(fields):
        raise IllegalAction(
            _(
                "harvest {number}: {name} has no third field; buy-field buys one (BO-H3)",
                number=number,
                name=SEAT_NAMES[seat],
            )
        )
    if fields[number - 1] is None:
        raise IllegalAction(
            _(
                "harvest {number}: field {number} of {name} is empty (BO-H1)",
                number=number,
                name=SEAT_NAMES[seat],
            )
        )
    if number - 1 not in harvestable(fields):
        if any(f is not None and f[1] >= 2 for f in fields):
            reason = _("a field of one bean may not be harvested while another field holds two or more")
        else:
            empty = fields.index(None) + 1
            reason = _(
                "a field of one bean may be cleared only when every field holds one bean, "
                "and field {empty} is empty",
                empty=empty,
            )
        raise IllegalAction(_("harvest {number}: {reason} (BO-H2)", number=number, reason=reason))


def check_buy_field(fields: Sequence[Field], coins: Sequence[str], seat: int, cost: int) -> None:
    """``seat`` may buy the third field for ``cost`` thaler (BO-H3)."""
    if len(fields) >= rules.MAX_FIELDS:
        raise IllegalAction(
            _(
                "buy-field: {name} already has a third field; there is no fourth (BO-H3)",
                name=SEAT_NAMES[seat],
            )
        )
    if len(coins) < cost:
        raise IllegalAction(
            _(
                "buy-field: the third field costs {cost} thaler and {name} has {count_coins} (BO-H3)",
                cost=cost,
                name=SEAT_NAMES[seat],
                count_coins=len(coins),
            )
        )


def any_time(fields: Sequence[Field], coins: Sequence[str], cost: int) -> list[Action]:
    """Harvests and the third field: legal for their owner at every decision (BO-H1, BO-H3)."""
    # ``harvestable`` in the same pass (this runs after every planting and harvest): the fields
    # of two or more beans, or else, when every field holds one bean (none empty), any (BO-H2).
    grown = []
    planted = []
    empty = False
    for i, field in enumerate(fields):
        if field is None:
            empty = True
        else:
            planted.append(HARVEST_FIELD[i + 1])
            if field[1] >= 2:
                grown.append(HARVEST_FIELD[i + 1])
    actions = grown or ([] if empty else planted)
    if len(fields) < rules.MAX_FIELDS and len(coins) >= cost:
        actions.append(BUY_FIELD)
    return actions


def harvest(fields: list[Field], i: int) -> dict[str, Any]:
    """Empty field ``i`` (index from 0) and say what its beans became (BO-H1: ``rules.HARVEST``,
    looked up directly): the harvest event's data, ``field`` numbered from 1."""
    bean, count = fields[i]
    coins = rules.HARVEST[bean][count]
    fields[i] = None
    return {"field": i + 1, "bean": bean, "count": count, "coins": coins, "discarded": count - coins}
