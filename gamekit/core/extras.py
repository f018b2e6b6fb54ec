"""Optional parts of gamekit and the extra that installs each: a missing one is named with its
install line, never left as a bare ``ModuleNotFoundError`` or a traceback.

    with needs_extra("lessons", "gamekit.plots"):
        import plotly.graph_objects as go

``MissingExtra`` is a ``ModuleNotFoundError`` (so an ``ImportError``): code that already catches
those keeps working, and its message says which extra to install and how.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from .i18n import _

# The packages (top-level import names) each extra brings, as pyproject.toml lists them.
EXTRAS: dict[str, frozenset[str]] = {
    "lessons": frozenset({"ipywidgets", "plotly", "kaleido", "PIL", "IPython", "jinja2", "anywidget"}),
    "classroom": frozenset({"starlette", "uvicorn", "qrcode", "httpx"}),
    "rl": frozenset({"pettingzoo", "gymnasium", "numpy", "pyspiel"}),
    "dask": frozenset({"dask", "distributed"}),
    "train": frozenset({"stable_baselines3", "sb3_contrib", "torch"}),
}
PACKAGE = "gamekit-edu"


class MissingExtra(ModuleNotFoundError):
    """A part of gamekit needs an extra that is not installed; the message gives the install line."""

    def __init__(self, extra: str, feature: str, missing: str) -> None:
        super().__init__(install_message(extra, feature, missing), name=missing)
        self.extra = extra
        self.feature = feature


def install_message(extra: str, feature: str, missing: str) -> str:
    """What to say when ``feature`` cannot import ``missing``, a package of ``extra``."""
    return _(
        "{feature} needs the '{extra}' extra ({missing} is not installed). From a checkout of "
        "gamekit: pip install -e '.[{extra}]'; once gamekit is published: pip install "
        "'{package}[{extra}]'",
        feature=feature,
        extra=extra,
        missing=missing,
        package=PACKAGE,
    )


@contextmanager
def needs_extra(extra: str, feature: str) -> Iterator[None]:
    """Turn a ``ModuleNotFoundError`` for one of ``extra``'s packages inside the block into a
    ``MissingExtra`` naming ``feature``, the extra and its install line; any other error (a
    module of gamekit itself missing: a bug) passes unchanged."""
    try:
        yield
    except MissingExtra as exc:  # a part this one imports: name this one, the part asked for
        raise MissingExtra(exc.extra, feature, exc.name or "?") from exc
    except ModuleNotFoundError as exc:
        top = (exc.name or "").partition(".")[0]
        if top not in EXTRAS[extra]:
            raise
        raise MissingExtra(extra, feature, top) from exc
