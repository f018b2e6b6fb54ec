"""A short, safe quotation of anything a caller handed in, for error messages.

Messages quote at most a short prefix of what they were given (issue 11): ``repr`` of a 1 MB
text, a list nested 100,000 deep or a number of 5,000 digits is long, slow or raises. Every
message of the core and the games quotes through ``quote`` (also reachable as ``errors.quote``).
"""

from __future__ import annotations

import reprlib
from typing import Any

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 40
_REPR.maxother = 40
_REPR.maxlong = 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6


def quote(value: Any, limit: int = 60) -> str:
    """``value`` as a message quotes it, never raising: a text by its repr, or for a long text the
    repr of its first ``limit`` characters, "…" and its length; anything else by a ``repr`` cut
    to at most ``limit`` characters."""
    if isinstance(value, str):
        text = str.__str__(value)  # a str subclass's own repr or slicing is not trusted
        if len(text) <= limit:
            return repr(text)
        return f"{text[:limit]!r}… ({len(text):,} characters)"
    if type(value) is int and value.bit_length() > 128:
        return f"a {value.bit_length()}-bit number"
    try:
        text = _REPR.repr(value)
    except Exception:  # a repr that fails (a number too long to print, a broken object)
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip(text: str, limit: int = 300) -> str:
    """A message of ours that may hold quoted input, cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
