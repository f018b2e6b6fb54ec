"""Pictures of a Sealed Auction view: ``draw`` (HTML, ``gamekit.pictures``) and ``text`` (the terminal)."""

from __future__ import annotations

from html import escape
from typing import Any

from gamekit.core.game import SEAT_NAMES


def _rows(view: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    rows = []
    for seat in range(view["players"]):
        value, bid = view["values"][seat], view["bids"][seat]
        sealed = "bid face down" if view["bid_made"][seat] else "to bid"
        rows.append(
            (
                SEAT_NAMES[seat] + (" (you)" if seat == view["viewer"] else ""),
                "?" if value is None else str(value),
                str(view["coins"][seat]),
                sealed if bid is None else f"bid {bid}",
            )
        )
    return rows


def _headline(view: dict[str, Any]) -> str:
    if view["winner"] is None:
        return f"Sealed Auction: everyone bids face down ({view['price']} price)"
    return f"{SEAT_NAMES[view['winner']]} wins and pays {view['paid']}"


def draw(view: dict[str, Any]) -> str:
    """The table as HTML: each seat's card (face down unless it is the viewer's), coins and bid."""
    cells = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in _rows(view)
    )
    return (
        f'<div class="gk-table"><div>{escape(_headline(view))}</div><table>'
        "<tr><th>seat</th><th>value</th><th>coins</th><th>bid</th></tr>"
        f"{cells}</table></div>"
    )


def text(view: dict[str, Any]) -> str:
    """The table as plain text, one line per seat."""
    lines = [_headline(view)]
    lines += [
        f"  {seat:8} value {value:>2}  coins {coins:>2}  {bid}" for seat, value, coins, bid in _rows(view)
    ]
    return "\n".join(lines)
