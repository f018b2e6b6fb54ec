"""Streaming a run to a Parquet file: the chunks of games written as they arrive in game order,
so memory stays that of a row group and a few chunks whatever the number of games.

Chunks are gathered into row groups of ``ROW_GROUP_ROWS`` rows: a Parquet writer holds every row
group's description until it writes the footer (about 12 KiB for 15 columns, measured with
pyarrow 26), so a row group per chunk of 250 games would make a million-game run hold 50 MB for
its footer; row groups of 65,536 rows (16,384 four-player games) keep under 1 MB for it, and
about 8 MB of rows waiting.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..core.errors import ConfigError
from ..core.i18n import _
from .columns import Columns
from .gather import Tables

# The key of the file's own metadata (``pyarrow.parquet.read_schema(path).metadata``) that records
# how its rows were made, as the command line's FILE.json does.
METADATA_KEY = b"gamekit"
ROW_GROUP_ROWS = 65_536


def check_out(out: str | os.PathLike[str]) -> Path:
    """``out`` as a path ending in .parquet in a folder that exists, or a ``ConfigError``."""
    path = Path(out)
    if path.suffix.lower() != ".parquet":
        raise ConfigError(_("out must name a .parquet file, not {out}", out=repr(str(out))))
    if not path.parent.is_dir():
        raise ConfigError(
            _(
                "out={out}: folder {folder} does not exist",
                out=repr(str(out)),
                folder=repr(str(path.parent)),
            )
        )
    return path


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:  # pragma: no cover - a dependency of gamekit
        raise ConfigError(_("writing a .parquet file needs pyarrow (pip install pyarrow)")) from None
    return pa, pq


class ParquetSink:
    """The rows of each chunk, in game order, appended to ``path`` (``ROW_GROUP_ROWS`` a row group); ``record``
    (how the rows were made) goes into the file's metadata under ``gamekit`` when it is closed,
    with the number of rows and whether the run finished.

    The rows go to ``path + '.partial'`` first and the file takes its name on ``close``, so a
    reader never sees half a file; a run that fails or is interrupted still closes it, with the
    games that finished and the reason in its metadata."""

    def __init__(self, path: Path, record: dict[str, Any]) -> None:
        self.pa, self.pq = _pyarrow()
        self.path, self.record = path, dict(record)
        self.partial = path.with_name(path.name + ".partial")
        self.writer: Any = None
        self.schema: Any = None
        self.rows = 0
        self.waiting: list[Any] = []  # the next row group's chunks, as Arrow tables
        self.waiting_rows = 0

    def add(self, rows: Columns, tables: Tables) -> None:
        if not len(rows):
            return
        table = self.pa.Table.from_pandas(rows.frame(), preserve_index=False)
        if self.schema is None:
            self.schema = table.schema
        elif not table.schema.equals(self.schema, check_metadata=False):
            table = table.cast(self.schema)
        self.waiting.append(table)
        self.waiting_rows += table.num_rows
        if self.waiting_rows >= ROW_GROUP_ROWS:
            self._write()

    def _write(self) -> None:
        if not self.waiting:
            return
        table = self.pa.concat_tables(self.waiting)
        self.waiting, self.waiting_rows = [], 0
        if self.writer is None:
            self.writer = self.pq.ParquetWriter(self.partial, self.schema)
        self.writer.write_table(table, row_group_size=max(1, table.num_rows))
        self.rows += table.num_rows

    def close(self, stopped: str | None = None) -> None:
        """Finish the file: its metadata, then its name. ``stopped`` says why the run did not finish."""
        self._write()
        record = {**self.record, "rows": self.rows, "finished": stopped is None}
        if stopped is not None:
            record["stopped"] = stopped
        if self.writer is None:  # no game finished: an empty table, with the record
            schema = self.pa.schema([])
            self.writer = self.pq.ParquetWriter(self.partial, schema)
        self.writer.add_key_value_metadata({METADATA_KEY: json.dumps(record)})
        self.writer.close()
        os.replace(self.partial, self.path)


def read_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """How the rows of a Parquet file ``simulate(..., out=path)`` wrote were made (its metadata)."""
    _, pq = _pyarrow()
    metadata = pq.read_metadata(path).metadata or {}
    return json.loads(metadata[METADATA_KEY])
