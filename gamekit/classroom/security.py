"""The classroom's rules of its own (CL-*), its errors, and the limits on what a request may cost.

Every refusal is a ``ClassroomError`` naming a rule ID of the rules reference
(``data/rules/classroom.toml``, ``gamekit.rules.get("CL-1")``) and the HTTP status it answers with;
a refused request changes nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
import threading
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from ..core.i18n import Text
from ..rules import get as rule


class ClassroomError(Exception):
    """A refused request: ``message (CL-n)``, with the rule ID and the HTTP status to answer with."""

    def __init__(self, rule_id: str, message: str, status: int = 409, retry_after: float | None = None):
        rule(rule_id)  # every ID raised is one the reference has
        super().__init__(f"{message} ({rule_id})")
        self.message = message
        self.rule_id = rule_id
        self.status = status
        self.retry_after = retry_after

    def __str__(self) -> str:
        """``message (CL-n)`` in the language of the moment it is shown (the page's)."""
        message = self.message.render() if isinstance(self.message, Text) else self.message
        return f"{message} ({self.rule_id})"


@dataclass(frozen=True)
class Limits:
    """What one request, one token and one session may cost.

    ``body_bytes``: largest request body (CL-11). ``rate`` and ``burst``: a token (or, before a
    student has one, a client address) may send ``burst`` requests at once and ``rate`` a second
    after that (CL-12, 429 with Retry-After). ``streams``: event streams open at once per token
    (CL-13). ``stream_seconds``: how long one event stream stays open before the page reconnects.
    ``heartbeat``: seconds between keep-alive comments on a stream. ``students``: per session
    (CL-7). ``name_chars``/``title_chars``: longest name and title (CL-6). ``sessions``: class
    sessions in one database (it keeps them all, lesson after lesson). ``rounds``: most rounds of one activity.
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
    sessions: int = 1000
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


# Characters that draw nothing yet make two names differ (or turn the text around them, CL-28):
# every format character (Unicode category Cf: the bidi overrides U+202A..U+202E and isolates
# U+2066..U+2069, zero-width spaces and joiners, the soft hyphen, the BOM) and the blank letters.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Names a student may not take (CL-28): what the pages show for the bots ("Bot A") and the teacher.
BOT_WORDS = frozenset({"bot", "bots", "robot", "cpu"})
BOT_MARKS = ("ボット", "ぼっと", "ロボット")
TEACHER_WORDS = frozenset(
    {
        "teacher",
        "sensei",
        "instructor",
        "professor",
        "admin",
        "administrator",
        "moderator",
        "server",
        "system",
    }
)
TEACHER_MARKS = ("teacher", "先生", "せんせい", "センセイ", "教師", "教員", "講師", "管理者")


def visible(text: str) -> str:
    """``text`` without the characters that draw nothing (format characters and blank letters, CL-28)."""
    return "".join(ch for ch in text if ch not in BLANK_LETTERS and unicodedata.category(ch) != "Cf")


def _no_surrogates(text: str, what: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ClassroomError(
            "CL-27", f"the {what} holds a lone surrogate, which is no character", 422
        ) from None


def reserved_name(name: str) -> str | None:
    """Why a student may not take ``name`` (it imitates a bot or the teacher), or None. Compared
    in NFKC and case-folded: full-width or capital letters change nothing. (A copy of another
    student's shown name, "Ken (2)", is told apart by the join: presence, CL-22.)"""
    key = unicodedata.normalize("NFKC", name).casefold()
    words = re.sub(r"[\W_]+", " ", key).split()
    joined = "".join(words)
    if (
        BOT_WORDS & set(words)
        or any(re.fullmatch(r"bot[a-f]?\d*", word) for word in [*words, joined])
        or any(mark in key for mark in BOT_MARKS)
    ):
        return "it looks like a bot's name ('Bot A' is how a table shows its bots)"
    if TEACHER_WORDS & set(words) or any(mark in key for mark in TEACHER_MARKS):
        return "it looks like the teacher's"
    return None


def clean_name(value: object, limit: int, what: str = "name") -> str:
    """A name or title trimmed, inner whitespace collapsed, 1..limit characters, no control
    characters (CL-6). Format characters (right-to-left overrides, zero-width ones) are taken out,
    and a student's name that imitates a bot or the teacher is refused (CL-28):
    every page shows names beside the bots' and the teacher's words."""
    if not isinstance(value, str):
        raise ClassroomError("CL-6", f"the {what} must be text", 422)
    _no_surrogates(value, what)
    text = " ".join(visible(unicodedata.normalize("NFC", value)).split())
    if not 1 <= len(text) <= limit:
        raise ClassroomError("CL-6", f"the {what} must be 1 to {limit} characters", 422)
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text):
        raise ClassroomError("CL-6", f"the {what} may not hold control characters", 422)
    if what == "name" and (why := reserved_name(text)) is not None:
        raise ClassroomError("CL-28", f"choose another name than {text!r}: {why}", 422)
    return text


# ------------------------------------------------------------------ a request's JSON (CL-11, CL-27)
MAX_DEPTH = 16  # arrays and objects inside each other: the API's bodies use 3
WHOLE_LIMIT = 2**63 - 1  # what SQLite's INTEGER holds


def _bad_number(what: str) -> ClassroomError:
    return ClassroomError(
        "CL-27", f"{what}: a number in a request is finite and a whole one fits in 64 bits", 422
    )


def _parse_int(text: str) -> int:
    if len(text) > 20 or abs(int(text)) > WHOLE_LIMIT:
        raise _bad_number(f"{text[:24]}{'...' if len(text) > 24 else ''}")
    return int(text)


def _parse_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise _bad_number(text[:24])
    return number


def _parse_constant(name: str) -> float:
    raise _bad_number(name)


def parse_json(raw: bytes) -> dict[str, Any]:
    """A request body as a JSON object (CL-11), refusing as bad input (CL-27, 422) what would
    reach the database or an engine as nonsense: nesting deeper than ``MAX_DEPTH``, a lone
    surrogate in any text, a whole number beyond 64 bits, NaN or an infinity."""
    try:
        data = json.loads(raw, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except RecursionError:
        raise ClassroomError(
            "CL-27", f"the request body is nested deeper than {MAX_DEPTH} levels", 422
        ) from None
    except (ValueError, UnicodeDecodeError):
        raise ClassroomError("CL-11", "the request body must be JSON", 422) from None
    if not isinstance(data, dict):
        raise ClassroomError("CL-11", "the request body must be a JSON object", 422)
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _no_surrogates(item, "request body")
        elif isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise ClassroomError(
                    "CL-27", f"the request body is nested deeper than {MAX_DEPTH} levels", 422
                )
            if isinstance(item, dict):
                stack.extend((key, depth) for key in item)
                stack.extend((value, depth + 1) for value in item.values())
            else:
                stack.extend((value, depth + 1) for value in item)
    return data


# ------------------------------------------------------------------ the teacher's event stream (CL-29)
TICKET_SECONDS = 60.0
COOKIE_SECONDS = 12 * 3600
STREAM_COOKIE = "gk_teacher_stream"
MAX_TICKETS = 1000


class StreamPasses:
    """What opens the teacher's event stream instead of the teacher's token in its URL (CL-29):
    a one-use ticket valid ``TICKET_SECONDS``, and a cookie (HttpOnly, SameSite=Strict) signed
    with the teacher's token, so it holds across a restart and opens that session's stream only."""

    def __init__(self, secret: str, clock=time.time):
        self._key = hashlib.sha256(f"gamekit-stream-pass/{secret}".encode()).digest()
        self.clock = clock
        self._tickets: dict[str, tuple[str, float]] = {}
        self._lock = threading.Lock()

    def ticket(self, code: str) -> str:
        """A fresh one-use ticket for the stream of session ``code``."""
        from .tokens import token

        now = self.clock()
        with self._lock:
            self._tickets = {t: v for t, v in self._tickets.items() if v[1] > now}
            while len(self._tickets) >= MAX_TICKETS:  # the oldest goes first: the map stays bounded
                self._tickets.pop(next(iter(self._tickets)))
            ticket = token()
            self._tickets[ticket] = (code, now + TICKET_SECONDS)
        return ticket

    def redeem(self, ticket: str, code: str) -> bool:
        """True once for a ticket of ``code`` within its time; it is spent either way."""
        with self._lock:
            found = self._tickets.pop(ticket, None)
        return found is not None and found[0] == code and found[1] > self.clock()

    def _mac(self, code: str, expires: int) -> str:
        return hmac.new(self._key, f"{code}/{expires}".encode(), hashlib.sha256).hexdigest()

    def cookie(self, code: str) -> str:
        """The cookie's value for session ``code``: its expiry and a signature."""
        expires = int(self.clock()) + COOKIE_SECONDS
        return f"{expires}.{self._mac(code, expires)}"

    def cookie_ok(self, value: str, code: str) -> bool:
        expires, _, mac = value.partition(".")
        if not expires.isdigit() or int(expires) < self.clock():
            return False
        return hmac.compare_digest(mac, self._mac(code, int(expires)))
