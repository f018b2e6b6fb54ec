"""The classroom's rules of its own (CL-*), its errors, and the limits on what a request may cost.

Every refusal is a ``ClassroomError`` naming a rule ID of the rules reference
(``data/rules/classroom.toml``, ``gamekit.rules.get("CL-1")``) and the HTTP status it answers with;
a refused request changes nothing.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from ..rules import get as rule


class ClassroomError(Exception):
    """A refused request: ``message (CL-n)``, with the rule ID and the HTTP status to answer with."""

    def __init__(self, rule_id: str, message: str, status: int = 409, retry_after: float | None = None):
        rule(rule_id)  # every ID raised is one the reference has
        super().__init__(f"{message} ({rule_id})")
        self.rule_id = rule_id
        self.status = status
        self.retry_after = retry_after


@dataclass(frozen=True)
class Limits:
    """What one request, one token and one session may cost.

    ``body_bytes``: largest request body (CL-11). ``rate`` and ``burst``: a token (or, before a
    student has one, a client address) may send ``burst`` requests at once and ``rate`` a second
    after that (CL-12, 429 with Retry-After). ``streams``: event streams open at once per token
    (CL-13). ``stream_seconds``: how long one event stream stays open before the page reconnects.
    ``heartbeat``: seconds between keep-alive comments on a stream. ``students``: per session
    (CL-7). ``name_chars``/``title_chars``: longest name and title (CL-6). ``sessions``: class
    sessions on one server. ``rounds``: most rounds of one activity.
    """

    body_bytes: int = 4096
    rate: float = 10.0
    burst: int = 20
    streams: int = 3
    stream_seconds: float = 300.0
    heartbeat: float = 15.0
    students: int = 200
    name_chars: int = 40
    title_chars: int = 80
    sessions: int = 50
    rounds: int = 100


class RateLimiter:
    """A token bucket per key: ``burst`` at once, then ``rate`` a second (CL-12)."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> None:
        """Spend one request of ``key``; raises CL-12 (429, Retry-After) when its bucket is empty."""
        now = self.clock()
        with self._lock:
            level, then = self._buckets.get(key, (float(self.burst), now))
            level = min(float(self.burst), level + (now - then) * self.rate)
            if level < 1.0:
                self._buckets[key] = (level, now)
                wait = (1.0 - level) / self.rate
                raise ClassroomError("CL-12", "too many requests; wait a moment", 429, retry_after=wait)
            self._buckets[key] = (level - 1.0, now)
            if len(self._buckets) > 10_000:  # forget the idle ones: the map stays bounded
                cutoff = now - self.burst / self.rate
                self._buckets = {k: v for k, v in self._buckets.items() if v[1] >= cutoff}


class StreamCounter:
    """Event streams open per token, at most ``limit`` at once (CL-13)."""

    def __init__(self, limit: int):
        self.limit = limit
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def open(self, key: str) -> None:
        with self._lock:
            if self._open.get(key, 0) >= self.limit:
                raise ClassroomError(
                    "CL-13", f"at most {self.limit} event streams at once per token", 429, 5.0
                )
            self._open[key] = self._open.get(key, 0) + 1

    def close(self, key: str) -> None:
        with self._lock:
            left = self._open.get(key, 0) - 1
            if left > 0:
                self._open[key] = left
            else:
                self._open.pop(key, None)


def clean_name(value: object, limit: int, what: str = "name") -> str:
    """A name or title trimmed, inner whitespace collapsed, 1..limit characters, no control characters (CL-6)."""
    if not isinstance(value, str):
        raise ClassroomError("CL-6", f"the {what} must be text", 422)
    text = " ".join(value.split())
    if not 1 <= len(text) <= limit:
        raise ClassroomError("CL-6", f"the {what} must be 1 to {limit} characters", 422)
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text):
        raise ClassroomError("CL-6", f"the {what} may not hold control characters", 422)
    return text
