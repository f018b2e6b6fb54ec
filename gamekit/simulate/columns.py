"""A table built column by column, as games finish: what ``simulate`` keeps in memory.

A row per seat per game held as a Python dict costs about 0.9 KiB; the same row in typed
columns costs 8 bytes a number. So rows are poured into columns as each game ends: whole
numbers, fractions and flags into typed arrays, texts (bot labels) as codes into a short list
of distinct texts. A column that holds anything else, or mixes kinds, or misses a value in some
row, is kept as a plain list, and pandas reads it as it reads a list of dicts: the table that
``frame`` returns is the table ``pandas.DataFrame(rows)`` would have made, column for column.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

_TYPECODES = {bool: "b", int: "q", float: "d"}
_TEXT = "s"  # codes into the column's own list of distinct texts
_PLAIN = "o"  # a list of Python values
_MISSING = object()  # no value in that row (not None: pandas tells the two apart)


class Columns:
    """Rows (dicts with the same keys, in the same order) as columns; ``frame()`` is the table."""

    __slots__ = ("_codes", "_data", "_kinds", "length")

    def __init__(self) -> None:
        self.length = 0
        self._data: dict[str, Any] = {}
        self._kinds: dict[str, str] = {}
        self._codes: dict[str, dict[str, int]] = {}  # a text column's texts, each with its code

    def __len__(self) -> int:
        return self.length

    @property
    def names(self) -> list[str]:
        return list(self._data)

    def extend(self, rows: Iterable[Mapping[str, Any]]) -> None:
        for row in rows:
            self.append(row)

    def append(self, row: Mapping[str, Any]) -> None:
        data, kinds = self._data, self._kinds
        for name, value in row.items():
            kind = kinds.get(name)
            if kind is None:
                self._new(name, value)
                continue
            column = data[name]
            cls = value.__class__
            if kind == _TEXT:
                if cls is str:
                    codes = self._codes[name]
                    code = codes.get(value)
                    if code is None:
                        code = codes[value] = len(codes)
                    column.append(code)
                    continue
            elif kind == _PLAIN:
                column.append(value)
                continue
            elif _TYPECODES.get(cls) == kind:
                try:
                    column.append(value)
                    continue
                except OverflowError:  # a whole number beyond 64 bits
                    pass
            self._plain(name).append(value)
        self.length += 1
        if len(row) != len(data):  # a column this row has no value for: None there, as pandas does
            for name, column in data.items():
                if len(column) < self.length:
                    self._plain(name).append(_MISSING)

    def _new(self, name: str, value: Any) -> None:
        cls = value.__class__
        if self.length:  # earlier rows had no such column
            self._kinds[name], self._data[name] = _PLAIN, [_MISSING] * self.length + [value]
        elif cls is str:
            self._kinds[name], self._codes[name] = _TEXT, {value: 0}
            self._data[name] = array("l", [0])
        elif cls in _TYPECODES:
            self._kinds[name] = _TYPECODES[cls]
            try:
                self._data[name] = array(self._kinds[name], [value])
            except OverflowError:
                self._kinds[name], self._data[name] = _PLAIN, [value]
        else:
            self._kinds[name], self._data[name] = _PLAIN, [value]

    def _values(self, name: str) -> list[Any]:
        """The column as a list of Python values."""
        kind, column = self._kinds[name], self._data[name]
        if kind == _PLAIN:
            return column
        if kind == _TEXT:
            texts = list(self._codes[name])
            return [texts[code] for code in column]
        if kind == "b":
            return [bool(flag) for flag in column]
        return column.tolist()

    def _plain(self, name: str) -> list[Any]:
        """The column, turned into a plain list (for a value its typed array cannot hold)."""
        if self._kinds[name] != _PLAIN:
            self._data[name] = self._values(name)
            self._kinds[name] = _PLAIN
            self._codes.pop(name, None)
        return self._data[name]

    def join(self, other: Columns) -> None:
        """``other``'s rows after these (a chunk's columns, from a worker)."""
        if not other.length:
            return
        if not self.length:
            self._data, self._kinds, self._codes = other._data, other._kinds, other._codes
            self.length = other.length
            return
        same = self.names == other.names and all(self._kinds[n] == other._kinds[n] for n in self._data)
        if not same:  # rare: kinds that differ between chunks; row by row, as pandas would
            self.extend(other.rows())
            return
        for name, column in self._data.items():
            theirs = other._data[name]
            if self._kinds[name] == _TEXT:
                codes = self._codes[name]
                recode = [codes.setdefault(text, len(codes)) for text in other._codes[name]]
                column.extend(array("l", (recode[code] for code in theirs)))
            else:
                column.extend(theirs)
        self.length += other.length

    def rows(self) -> list[dict[str, Any]]:
        """The rows again, as dicts (small tables only: a row as a dict costs a lot)."""
        columns = {name: self._values(name) for name in self._data}
        return [
            {name: values[i] for name, values in columns.items() if values[i] is not _MISSING}
            for i in range(self.length)
        ]

    def frame(self) -> pd.DataFrame:
        """The table: what ``pandas.DataFrame(rows)`` makes of the rows, built from the columns.

        Each typed array is handed to pandas and then dropped, so the peak is the table and one
        column more, not the table twice."""
        import numpy as np
        import pandas as pd

        series: dict[str, Any] = {}
        for name in list(self._data):
            kind = self._kinds[name]
            column = self._data.pop(name)
            if kind == _TEXT:
                texts = np.empty(len(self._codes[name]), dtype=object)
                texts[:] = list(self._codes[name])
                values: Any = texts[np.frombuffer(column, dtype=np.dtype("l"))]
            elif kind == _PLAIN:  # rare: read as pandas reads the rows, a missing value apart from None
                values = pd.DataFrame([{} if v is _MISSING else {name: v} for v in column])[name]
            else:
                dtype = {"b": np.bool_, "q": np.int64, "d": np.float64}[kind]
                values = np.frombuffer(column, dtype=np.int8 if kind == "b" else dtype).astype(dtype)
            series[name] = values if kind == _PLAIN else pd.Series(values, copy=False)
            del column, values
        self.length = 0
        self._kinds, self._codes = {}, {}
        return pd.DataFrame(series, copy=False) if series else pd.DataFrame()
