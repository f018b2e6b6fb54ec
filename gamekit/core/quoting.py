"""A short, safe quotation of anything a caller handed in, for error messages.

Messages quote at most a short prefix of what they were given (issue 11): ``repr`` of a 1 MB
text, a list nested 100,000 deep or a number of 5,000 digits is long, slow or raises. To be
unified with ``errors.quote`` if one appears there.
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
    """``repr(value)`` cut to at most ``limit`` characters; never raises."""
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
