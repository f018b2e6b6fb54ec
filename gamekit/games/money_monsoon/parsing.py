"""Money Monsoon's action texts read back as actions: ``bid N``, ``bid 200-299``, ``sit out``, ``move a+3 b+4``."""

from __future__ import annotations

import re

from ...core.actions import Action
from ...core.errors import IllegalAction
from ...core.quoting import quote
from .bidding import BIDS, SIT_OUT, bid_action, read_range_action
from .i18n import N_, _
from .moving import MOVES, move_action

# Numbers have at most nine digits: no points total comes near, and no message repeats a longer one.
_TEXTS: dict[str, Action] = {**{a.text: a for a in BIDS}, SIT_OUT.text: SIT_OUT, **MOVES}
_BID = re.compile(r"bid ([0-9]{1,9})")
_BID_RANGE = re.compile(r"bid ([0-9]{1,9})-([0-9]{1,9})")
_MOVE = re.compile(r"move ([ab])([+-])([0-9]{1,9})(?: ([ab])([+-])([0-9]{1,9}))?")
ACTION_HELP = N_(
    "Money Monsoon actions are 'bid N' (with 500 points or more first a range such as 'bid 200-299'), "
    "'sit out' (the auctioneer only: no bid in its own auction) and moves such as 'move a+5', 'move b-3' or, for a 7, 'move a+3 b+4'"
)


def parse_action(text: str, phase: str) -> Action:
    """The action ``text`` names, or ``IllegalAction`` citing the rule of the ``phase`` (MM-A2, MM-M1)."""
    action = _TEXTS.get(text)
    if action is not None:
        return action
    match = _BID.fullmatch(text)
    if match:
        return bid_action(int(match.group(1)))
    match = _BID_RANGE.fullmatch(text)
    if match:
        return read_range_action(int(match.group(1)), int(match.group(2)))
    match = _MOVE.fullmatch(text)
    if match:
        pawn, sign, count, pawn2, sign2, count2 = match.groups()
        parts = [(pawn, int(count) if sign == "+" else -int(count))]
        if pawn2 is not None:
            parts.append((pawn2, int(count2) if sign2 == "+" else -int(count2)))
            if parts[0][0] == "b" and parts[1][0] == "a":
                parts.reverse()  # the canonical text names pawn a first
        return move_action(tuple(parts))
    rule = "MM-M1" if phase == "move" else "MM-A2"
    raise IllegalAction(
        _("cannot read {text}: {help} ({rule})", text=quote(text), help=_(ACTION_HELP), rule=rule)
    )
