"""The classroom's auctions: sealed-bid rounds and the ascending clock, their arithmetic and their rounds.

The auctions follow the auction lab's private-values model (``gamekit.theory.auctions``): each
student's value is drawn independently and uniformly, here as a whole number in [low, high],
from a generator seeded by the activity's seed, the round and the student, so a value never
depends on who asked first or on a restart.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..auctions import HALF_ROUNDINGS, half_back
from ..core.i18n import _
from .hub_base import _number
from .presence import ABSENT_RULE, TIMER_RULE, Presence, timer_seconds
from .security import ClassroomError
from .store import now

SEALED_FORMATS = ("first_price", "second_price", "all_pay")
CLOCK_FORMATS = ("losers_pay_half",)
FORMATS = SEALED_FORMATS + CLOCK_FORMATS
REFUND_ROUNDINGS = HALF_ROUNDINGS  # CL-16: half of an odd price back, rounded down (default) or up


# ------------------------------------------------------------------ the auctions' arithmetic
def private_value(seed: int, round_number: int, student: int, low: int, high: int) -> int:
    """A student's value in a round: uniform whole number in [low, high], independent across
    students and rounds (the lab's private-values model), fixed by (seed, round, student)."""
    return random.Random(f"classroom-value/{seed}/{round_number}/{student}").randint(low, high)


def tie_order(seed: int, round_number: int, students: Sequence[int]) -> list[int]:
    """The students in a seeded random order: who wins a tie for the top bid (first in this order)."""
    order = sorted(students)
    random.Random(f"classroom-tie/{seed}/{round_number}").shuffle(order)
    return order


def sealed_outcome(fmt: str, bids: Mapping[int, int], order: Sequence[int]) -> dict[str, Any]:
    """Winner, price and each bidder's payment of a sealed-bid round.

    The highest bid wins (a tie goes to the first of the tied in ``order``). First price: the
    winner pays their bid; second price: the highest other bid (0 for a lone bidder); all-pay:
    every bidder pays their bid, the winner too.
    """
    if fmt not in SEALED_FORMATS:
        raise ValueError(f"{fmt!r} is not a sealed-bid format: {', '.join(SEALED_FORMATS)}")
    if not bids:
        return {"winner": None, "winner_bid": None, "price": None, "payments": {}}
    rank = {student: i for i, student in enumerate(order)}
    ranked = sorted(bids, key=lambda s: (-bids[s], rank.get(s, len(rank) + s)))
    winner = ranked[0]
    top = bids[winner]
    if fmt == "first_price":
        price = top
    elif fmt == "second_price":
        price = bids[ranked[1]] if len(ranked) > 1 else 0  # a lone bidder pays the floor, 0
    else:
        price = top
    payments = {s: (bids[s] if fmt == "all_pay" else 0) for s in bids}
    payments[winner] = price
    return {"winner": winner, "winner_bid": top, "price": price, "payments": payments}


def clock_outcome(
    drops: Mapping[int, int],
    still_in: Sequence[int],
    price: int,
    order: Sequence[int],
    rounding: str = "down",
) -> dict[str, Any]:
    """Winner and payments of an ascending clock where losers pay half (CL-16).

    Who dropped out gets half of the price at which they dropped back, in whole units rounded
    as CL-16 says (``rounding`` "down", the default: a drop at 35 gets 17 back and pays
    18; "up": 18 back, pays 17), and pays the rest; the last one in wins and pays the price on
    the clock. Several still in when the clock stops (the top reached, or the teacher closed
    it): the first of them in ``order`` wins, the others pay as if they had dropped there.
    """
    if rounding not in REFUND_ROUNDINGS:
        raise ValueError(f"rounding is one of {', '.join(REFUND_ROUNDINGS)} (CL-16), not {rounding!r}")
    payments: dict[int, int] = {s: p - half_back(p, rounding) for s, p in drops.items()}
    if not still_in:
        return {"winner": None, "price": None, "payments": payments}
    rank = {student: i for i, student in enumerate(order)}
    ins = sorted(still_in, key=lambda s: rank.get(s, len(rank) + s))
    winner = ins[0]
    for other in ins[1:]:
        payments[other] = price - half_back(price, rounding)
    payments[winner] = price
    return {"winner": winner, "price": price, "payments": payments}


def clock_top(low: int, high: int, n: int) -> int:
    """The clock's default top (CL-18): the highest equilibrium drop price of ``n`` bidders with
    values uniform on [low, high], rounded up to a whole unit.

    It is the drop of the top value, ``theory.equilibrium_bid("losers_pay_half", high, n, ...)``:
    the equilibrium drop rises with the value, and at the top it is high / (1 - 1/2) = 2 · high
    whatever n and low (``theory`` module docstring), so a clock that stops there never stops an
    equilibrium drop: the class plays the game whose equilibrium and revenue the live board draws.
    """
    from scipy import stats

    from ..theory import auctions as theory

    top = theory.equilibrium_bid("losers_pay_half", high, max(2, n), stats.uniform(low, high - low))
    return max(high, math.ceil(top - 1e-9))  # a whole unit; the quadrature's last digits do not round up


def parse_bid(text: str, low: int, high: int) -> int:
    """``"bid 37"`` (or just ``"37"``) → 37, a whole number in [low, high] (CL-1)."""
    words = text.split()
    if len(words) == 2 and words[0].lower() == "bid":
        words = words[1:]
    try:
        number = float(words[0]) if len(words) == 1 else None
    except ValueError:
        number = None
    if number is None:
        raise ClassroomError("CL-8", f"a sealed-bid round takes 'bid N', not {text[:40]!r}")
    if not (number.is_integer() and low <= number <= high):
        raise ClassroomError(
            "CL-1", f"a bid must be a whole number from {low} to {high}, not {words[0][:20]}"
        )
    return int(number)


class Rounds(Presence):
    """The hub's auctions: a student's bid or drop, the rounds opening and closing, the clock's ticks,
    and what absence and the timer do to them (CL-20, CL-21)."""

    def _auction_screen(self, activity: Any, student: Any) -> dict[str, Any] | None:
        config = json.loads(activity["config"])
        current = self._round(activity["id"])
        if current is None:
            return None
        number, sid = current["number"], student["id"]
        value = private_value(config["seed"], number, sid, config["low"], config["high"])
        bid = self.store.one("SELECT amount FROM bids WHERE round = ? AND student = ?", (current["id"], sid))
        feedback = None
        if current["status"] == "closed" and config["feedback"] and current["result"]:
            result = json.loads(current["result"])
            payoffs = result["payoffs"]
            feedback = {
                "bids": result["bids"],
                "winner_bid": result.get("winner_bid"),
                "price": result["price"],
                "you_won": result["winner"] == sid,
                "payoff": payoffs.get(str(sid)),
            }
        screen: dict[str, Any] = {
            "kind": activity["kind"],
            "format": config["format"],
            "round": number,
            "rounds": config["rounds"],
            "value": value,
            "status": current["status"],
            "low": config["low"],
            "high": config["high"],
            "feedback": feedback,
            "default": self._default_rule(activity["id"], number, sid),
        }
        if activity["kind"] == "auction":
            screen["my_bid"] = None if bid is None else bid["amount"]
        else:
            screen["price"] = current["price"]
            screen["in"] = bid is None and current["status"] == "open"
            screen["dropped_at"] = None if bid is None else bid["amount"]
            screen["still_in"] = len(self._still_in(student["session"], current["id"]))
            screen["step"] = config["step"]
            screen["top"] = config.get("top", config["high"])
        return screen

    def _round_input(self, session: Any, activity: Any, student: Any, text: str, kind: str) -> None:
        """A student's sealed bid (``kind`` "bid") or drop-out at the clock ("drop"): checked, then
        stored with its row; a refusal (CL-8, CL-2, CL-1, CL-3) is logged and raised."""
        config = json.loads(activity["config"])
        current = self._round(activity["id"])
        fields = {"activity": activity["id"], "student": student["id"], "name": student["name"]}
        value = None
        try:
            if kind == "drop" and text.lower() != "drop":
                raise ClassroomError("CL-8", f"the clock takes 'drop', not {text[:40]!r}")
            if current is None or current["status"] != "open":
                raise ClassroomError("CL-2", "the round is closed: wait for the next one")
            fields["round"] = current["number"]
            value = private_value(
                config["seed"], current["number"], student["id"], config["low"], config["high"]
            )
            amount = parse_bid(text, config["low"], config["high"]) if kind == "bid" else current["price"]
            if self.store.one(
                "SELECT 1 FROM bids WHERE round = ? AND student = ?", (current["id"], student["id"])
            ):
                already = (
                    "bid in this round; a sealed bid is final"
                    if kind == "bid"
                    else "dropped out of this round"
                )
                raise ClassroomError("CL-3", f"you have already {already}")
        except ClassroomError as error:
            self._refused(session["code"], kind, text, error, value=value, **fields)
            raise
        with self.store.write() as db:
            db.insert("bids", round=current["id"], student=student["id"], amount=amount, time=now())
            self._mark_acted()
            self._row(session["code"], kind, f"{kind} {amount}", True, value=value, **fields)
            # A sealed bid changes the bidder's screen only; a drop-out, everyone's (who is still in).
            self._count(f"s:{student['id']}" if kind == "bid" else f"p:{session['code']}")
            self._maybe_close(session, activity)
            self._bump(session["code"])

    def _default_rule(self, activity_id: int, number: int, student: int) -> str | None:
        """The rule of the default the student got in this round (CL-20, CL-21), or None."""
        row = self.store.one(
            "SELECT rule FROM rows WHERE activity = ? AND round = ? AND student = ? AND kind = 'default'",
            (activity_id, number, student),
        )
        return None if row is None else row["rule"]

    def _still_in(self, code: str, round_id: int) -> list[int]:
        dropped = self._bids(round_id)
        return [s["id"] for s in self._active(code) if s["id"] not in dropped]

    def _maybe_close(self, session: Any, activity: Any) -> None:
        """Close the open round when nobody is left to wait for (inside a transaction)."""
        current = self._round(activity["id"])
        if current is None or current["status"] != "open":
            return
        active = self._active(session["code"])
        if activity["kind"] == "auction":
            if self._sealed_ready(session["code"], activity["id"], current["id"]):
                self._close_round(session, activity, current)
        elif len(self._still_in(session["code"], current["id"])) <= 1 < len(active) or not active:
            self._close_round(session, activity, current)

    def _sealed_ready(self, code: str, activity_id: int, round_id: int) -> bool:
        """A sealed round has someone's bid and waits for nobody: every student still in the
        session bid or is absent (CL-21)."""
        bids = self._bids(round_id)
        waiting = [s for s in self._active(code) if s["id"] not in bids and self.here(s["id"], activity_id)]
        return bool(bids) and not waiting

    def _defaults(self, session: Any, activity: Any, current: Any, timer: bool) -> None:
        """Before a round closes: a "default" row for each student it no longer waits for (in a
        transaction). Sealed: "no bid" for each without a bid, by the timer (CL-20) or absent
        (CL-21). Clock: each absent student still in drops at the price on the clock (CL-21), a
        drop stored as such (``bids.rule``), never as theirs."""
        config = self._config(activity["id"])
        code, number = session["code"], current["number"]
        bids = self._bids(current["id"])
        for student in self._active(code):
            sid = student["id"]
            if sid in bids or (not timer and self.here(sid, activity["id"])):
                continue
            rule = TIMER_RULE if timer else ABSENT_RULE
            why = "timer" if timer else "absent"
            value = private_value(config["seed"], number, sid, config["low"], config["high"])
            fields = {"activity": activity["id"], "round": number, "student": sid, "name": student["name"]}
            if activity["kind"] == "auction":
                self._row(
                    code, "default", f"no bid ({why})", True, value=value, payoff=0, rule=rule, **fields
                )
                continue
            price = current["price"]
            self.store.insert("bids", round=current["id"], student=sid, amount=price, time=now(), rule=rule)
            self._row(code, "default", f"drop at {price} ({why})", True, value=value, rule=rule, **fields)
            self._count(f"p:{code}")

    def _close_round(self, session: Any, activity: Any, current: Any, timer: bool = False) -> None:
        """Close the round (in a transaction): defaults first (``_defaults``), then the outcome."""
        self._defaults(session, activity, current, timer)
        config = json.loads(activity["config"])
        number, seed = current["number"], config["seed"]
        bids = self._bids(current["id"])
        if activity["kind"] == "auction":
            outcome = sealed_outcome(config["format"], bids, tie_order(seed, number, list(bids)))
            people = list(bids)
        else:
            still_in = self._still_in(session["code"], current["id"])
            order = tie_order(seed, number, still_in)
            outcome = clock_outcome(bids, still_in, current["price"], order, config.get("rounding", "down"))
            people = list(bids) + still_in
        values = {s: private_value(seed, number, s, config["low"], config["high"]) for s in people}
        payoffs = {
            s: (values[s] if s == outcome["winner"] else 0) - outcome["payments"].get(s, 0) for s in people
        }
        defaults = {
            r["student"]: r["amount"]
            for r in self.store.all(
                "SELECT student, amount FROM bids WHERE round = ? AND rule IS NOT NULL", (current["id"],)
            )
        }
        result = {
            "bids": sorted((b for s, b in bids.items() if s not in defaults), reverse=True),
            "defaults": {str(s): amount for s, amount in defaults.items()},
            "winner": outcome["winner"],
            "winner_bid": outcome.get("winner_bid", outcome["price"]),
            "price": outcome["price"],
            "values": {str(s): v for s, v in values.items()},
            "payoffs": {str(s): p for s, p in payoffs.items()},
        }
        db = self.store
        db.execute(
            "UPDATE rounds SET status = 'closed', result = ? WHERE id = ?",
            (json.dumps(result), current["id"]),
        )
        for s in bids:
            db.execute(
                "UPDATE rows SET payoff = ? WHERE session = ? AND activity = ? AND round = ? AND student = ?"
                " AND accepted = 1 AND kind IN ('bid', 'drop', 'default')",
                (payoffs[s], session["code"], activity["id"], number, s),
            )
        if activity["kind"] == "clock":
            names = {s["id"]: s["name"] for s in self._active(session["code"])}
            for s in people:
                if s not in bids:
                    won = s == outcome["winner"]
                    self._row(
                        session["code"],
                        "win" if won else "stopped",
                        f"{'win' if won else 'in'} {current['price']}",
                        True,
                        activity=activity["id"],
                        round=number,
                        student=s,
                        name=names.get(s),
                        value=values[s],
                        payoff=payoffs[s],
                    )
        self._ticks.pop(current["id"], None)
        self.deadlines.pop(("r", activity["id"], current["id"]), None)
        self._count(f"p:{session['code']}")

    # ----------------------------------------------------------------- the teacher's auctions
    def start_auction(self, code: str, body: Mapping[str, Any]) -> dict[str, Any]:
        fmt = body.get("format")
        if fmt not in FORMATS:
            raise ClassroomError(
                "CL-14",
                _(
                    "format must be one of {formats}, not {format}",
                    formats=", ".join(FORMATS),
                    format=repr(fmt),
                ),
                422,
            )
        rounds = _number(body.get("rounds", 5), "rounds", 1, self.limits.rounds)
        low = _number(body.get("low", 0), "low", 0, 1_000_000)
        high = _number(body.get("high", 100), "high", low + 1, 1_000_000)
        feedback = body.get("feedback", True)
        if not isinstance(feedback, bool):
            raise ClassroomError("CL-14", _("feedback must be true or false"), 422)
        timer = timer_seconds(body.get("timer"))
        with self.lock:
            session = self.session(code)
            count = self.store.one(
                "SELECT COUNT(*) AS n FROM activities WHERE session = ?", (session["code"],)
            )
            default_seed = session["seed"] * 1000 + count["n"]
            seed = _number(body.get("seed", default_seed), "seed", 0, 2**62)
            config = {
                "format": fmt,
                "rounds": rounds,
                "feedback": feedback,
                "low": low,
                "high": high,
                "seed": seed,
                "timer": timer,
            }
            kind = "auction" if fmt in SEALED_FORMATS else "clock"
            if kind == "clock":
                config["step"] = _number(body.get("step", max(1, (high - low) // 20)), "step", 1, high - low)
                ceiling = clock_top(low, high, len(self._active(session["code"])))
                top = body.get("top", ceiling)
                if not (isinstance(top, int) and not isinstance(top, bool) and ceiling <= top <= 2 * ceiling):
                    raise ClassroomError(
                        "CL-14",
                        _(
                            "the clock's top is a whole number from {ceiling}, the highest equilibrium drop "
                            "price of values from {low} to {high}, to {most} (CL-18), not {top}",
                            ceiling=ceiling,
                            low=low,
                            high=high,
                            most=2 * ceiling,
                            top=repr(top),
                        ),
                        422,
                    )
                config["top"] = top
                config["tick_seconds"] = _number(
                    body.get("tick_seconds", 2.0), "tick_seconds", 0, 60, whole=False
                )
                config["rounding"] = body.get("rounding", "down")
                if config["rounding"] not in REFUND_ROUNDINGS:
                    raise ClassroomError(
                        "CL-14",
                        _(
                            "rounding is one of {choices} (CL-16), not {rounding}",
                            choices=", ".join(REFUND_ROUNDINGS),
                            rounding=repr(config["rounding"]),
                        ),
                        422,
                    )
            with self.store.write() as db:
                activity = db.insert(
                    "activities", session=session["code"], kind=kind, config=json.dumps(config), created=now()
                )
                self._set_activity(session["code"], activity)
                self._open_round(activity, 1, low if kind == "clock" else None)
                self._bump(session["code"])
        return {"activity": activity, "kind": kind, **config}

    def _open_round(self, activity: int, number: int, price: int | None) -> None:
        round_id = self.store.insert(
            "rounds", activity=activity, number=number, status="open", price=price, opened=now()
        )
        if price is not None:
            self._ticks[round_id] = self.clock()
        else:
            self._left(activity, ("r", activity, round_id))  # a sealed round's timer starts as it opens

    def _auction_activity(self, code: str) -> tuple[Any, Any, dict[str, Any], Any]:
        """The session, its running auction, that auction's settings and its current round (CL-14 if none)."""
        session = self.session(code)
        activity = self._activity(session)
        if activity is None or activity["kind"] not in ("auction", "clock"):
            raise ClassroomError("CL-14", _("no auction is running in this session"), 409)
        return session, activity, json.loads(activity["config"]), self._round(activity["id"])

    def close(self, code: str) -> dict[str, Any]:
        with self.lock:
            session, activity, _config, current = self._auction_activity(code)
            if current["status"] != "open":
                raise ClassroomError(
                    "CL-2", _("round {number} is already closed", number=current["number"]), 409
                )
            with self.store.write():
                self._close_round(session, activity, current)
                self._bump(session["code"])
        return self.round_state(code)

    def next_round(self, code: str) -> dict[str, Any]:
        with self.lock:
            session, activity, config, current = self._auction_activity(code)
            if current["status"] == "open":
                raise ClassroomError(
                    "CL-14", _("round {number} is still open: close it first", number=current["number"]), 409
                )
            if current["number"] >= config["rounds"]:
                raise ClassroomError(
                    "CL-14", _("all {rounds} rounds are played", rounds=config["rounds"]), 409
                )
            with self.store.write():
                price = config["low"] if activity["kind"] == "clock" else None
                self._open_round(activity["id"], current["number"] + 1, price)
                self._count(f"p:{session['code']}")
                self._bump(session["code"])
        return self.round_state(code)

    def tick(self, code: str) -> dict[str, Any]:
        """Move the clock one step up; at its top (CL-18) it stops and the round closes."""
        with self.lock:
            session, activity, config, current = self._auction_activity(code)
            if activity["kind"] != "clock":
                raise ClassroomError("CL-14", _("only a clock round ticks"), 409)
            if current["status"] != "open":
                raise ClassroomError("CL-2", _("round {number} is closed", number=current["number"]), 409)
            self._tick(session, activity, config, current)
        return self.round_state(code)

    def _tick(self, session: Any, activity: Any, config: dict[str, Any], current: Any) -> None:
        # CL-18: past ``high`` up to the top (a clock stored before the top existed stops at high)
        top = config.get("top", config["high"])
        price = min(top, current["price"] + config["step"])
        with self.store.write() as db:
            db.execute("UPDATE rounds SET price = ? WHERE id = ?", (price, current["id"]))
            self._count(f"p:{session['code']}")
            self._ticks[current["id"]] = self.clock()
            if price >= top:
                self._close_round(session, activity, self._round(activity["id"]))
            else:
                self._maybe_close(session, activity)
            self._bump(session["code"])

    def tick_due(self) -> int:
        """Move every clock whose ``tick_seconds`` have passed (the server's clock thread calls it)."""
        moved = 0
        with self.lock:
            clocks = self.store.all(
                "SELECT s.* FROM sessions AS s JOIN activities AS a ON a.id = s.activity WHERE a.kind = 'clock'"
            )
            for session in clocks:  # one query: a server with many old sessions looks at the clocks only
                activity = self._activity(session)
                config = self._config(activity["id"])
                current = self._round(activity["id"])
                if current is None or current["status"] != "open" or not config["tick_seconds"]:
                    continue
                if config.get("paused"):  # CL-24: the clock stands still
                    continue
                last = self._ticks.setdefault(current["id"], self.clock())
                if self.clock() - last >= config["tick_seconds"]:
                    self._tick(session, activity, config, current)
                    moved += 1
            return moved

    def _round_timer(self, activity: Any) -> tuple[tuple | None, Any]:
        """The timer key of the activity's open sealed round (CL-20), or (None, None)."""
        if activity["kind"] != "auction":
            return None, None
        current = self._round(activity["id"])
        if current is None or current["status"] != "open":
            return None, None
        return ("r", activity["id"], current["id"]), None

    def _round_presence(self, code: str, activity_id: int) -> int:
        """Absence and the timer at the running round (``presence_due``): the clock drops those
        absent (CL-21); a sealed round closes when its timer ran out (CL-20) or when it waits only
        for absent students (CL-21). Writes only when something changes; returns 1 if it did."""
        session = self.session(code)
        activity = self._activity(session)
        current = self._round(activity_id)
        if activity is None or current is None or current["status"] != "open":
            return 0
        if activity["kind"] == "clock":
            if all(self.here(s, activity_id) for s in self._still_in(code, current["id"])):
                return 0
            with self.store.write():
                self._defaults(session, activity, current, timer=False)
                self._maybe_close(session, activity)
                self._bump(code)
            return 1
        timer = self._expired(activity_id, ("r", activity_id, current["id"]))
        if not timer and not self._sealed_ready(code, activity_id, current["id"]):
            return 0
        with self.store.write():
            self._close_round(session, activity, current, timer=timer)
            self._bump(code)
        return 1

    def round_state(self, code: str) -> dict[str, Any]:
        with self.lock:
            return self._round_state(code)

    def _round_state(self, code: str) -> dict[str, Any]:
        session = self.session(code)
        activity = self._activity(session)
        if activity is None or activity["kind"] not in ("auction", "clock"):
            return {"round": None}
        current = self._round(activity["id"])
        return {
            "round": current["number"],
            "status": current["status"],
            "price": current["price"],
            "result": json.loads(current["result"]) if current["result"] else None,
        }
