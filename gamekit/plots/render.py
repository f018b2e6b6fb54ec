"""How a lesson's plotly figures travel in a notebook, so that they show everywhere.

``use_lesson_renderer()`` makes every figure an output with two representations:

* ``application/vnd.plotly.v1+json`` - the figure as data. JupyterLab prefers it (its plotly
  extension draws it interactively, offline, with the plotly.js it bundles).
* ``text/html`` - a static PNG of the figure (made by kaleido, with alt text) inside a ``<div>``,
  and a script that replaces the picture by the interactive figure once plotly.js is there.
  nbconvert's HTML export and the static site (``make book``) show this part: the script uses
  ``window.Plotly`` if the page already has it (the site bundles plotly.js once in its assets)
  and otherwise loads it once per page from the plotly CDN (an exported HTML file stays a single
  small file; offline it keeps the static picture). GitHub runs no script and strips ``<script>``
  and ``style``: what is left is the ``<img>``, so the figure shows there as a picture. An untrusted
  notebook in JupyterLab also falls back to this part (the sanitizer keeps data-URI images).

There is no separate ``image/png`` entry: the picture inside the HTML serves every reader that
cannot run the script, and each figure's PNG is stored once. Without kaleido or without Chrome,
the HTML part carries no picture (an HTML comment says why) and the figure is still interactive
wherever a script runs.
"""

from __future__ import annotations

import atexit
import base64
import io
import json
import os
import uuid
from html import escape
from typing import Any

import plotly.io as pio
from plotly.io._base_renderers import PlotlyRenderer
from plotly.io._utils import plotly_cdn_url

from ..core.i18n import domain

_ = domain("plots")

NAME = "gamekit"
WIDTH = 900  # pixels of the static picture when the layout fixes no width
HEIGHT = 450

_server: dict[str, Any] = {"started": False, "error": None}

_SCRIPT = """<script type="text/javascript">
(function () {
  var id = %(id)s, fig = %(fig)s, cdn = %(cdn)s;
  function draw() {
    var el = document.getElementById(id);
    if (!el || !window.Plotly) return;
    el.innerHTML = "";
    window.Plotly.newPlot(el, fig.data, fig.layout, Object.assign({responsive: true}, fig.config || {}));
  }
  if (window.Plotly) { draw(); return; }
  if (!window.gamekitPlotly) {
    window.gamekitPlotly = new Promise(function (ok, fail) {
      var amd = window.define;  // plotly.js registers with require.js if present; we want window.Plotly
      window.define = undefined;
      var s = document.createElement("script");
      s.src = cdn; s.charset = "utf-8";
      s.onload = function () { window.define = amd; ok(); };
      s.onerror = function () { window.define = amd; fail(); };
      document.head.appendChild(s);
    });
  }
  window.gamekitPlotly.then(draw, function () {});  // offline: the static picture stays
})();
</script>"""


def _title(fig_dict: dict) -> str:
    title = fig_dict.get("layout", {}).get("title", {})
    text = title.get("text", "") if isinstance(title, dict) else str(title or "")
    return text.replace("<br>", " ").strip()


def _size(fig_dict: dict) -> tuple[int, int]:
    layout = fig_dict.get("layout", {})
    return int(layout.get("width") or WIDTH), int(layout.get("height") or HEIGHT)


def static_png(fig_dict: dict) -> bytes | None:
    """The figure as PNG bytes via kaleido (one Chrome kept running per process), or None if
    kaleido or Chrome is missing; ``static_png.error`` then says why."""
    if _server["error"] is not None:
        return None
    try:
        import kaleido

        if not _server["started"]:
            kaleido.start_sync_server(silence_warnings=True)
            _server["started"] = True
            atexit.register(stop)
        width, height = _size(fig_dict)
        png = kaleido.calc_fig_sync(fig_dict, opts={"format": "png", "width": width, "height": height})
    except Exception as exc:  # no kaleido, no Chrome: the figure stays interactive-only
        _server["error"] = f"{type(exc).__name__}: {exc}".splitlines()[0]
        return None
    return small_png(png)


def small_png(png: bytes) -> bytes:
    """``png`` with its colours reduced to a palette of 256 (a plot has few; about a fifth of the
    bytes, no visible change), if Pillow is there; else ``png`` unchanged."""
    try:
        from PIL import Image
    except ImportError:
        return png
    with Image.open(io.BytesIO(png)) as image:
        palette = image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    palette.save(out, "PNG", optimize=True)
    return out.getvalue() if out.tell() < len(png) else png


def stop() -> None:
    """Stop the Chrome that kaleido keeps for static pictures (also done at exit)."""
    if _server["started"]:
        import kaleido

        kaleido.stop_sync_server(silence_warnings=True)
        _server["started"] = False


def figure_html(fig_dict: dict, png: bytes | None = None) -> str:
    """The ``text/html`` part: the static picture (if any) in a div the script fills in."""
    div_id = f"gk-fig-{uuid.uuid4().hex[:12]}"
    width, height = _size(fig_dict)
    title = _title(fig_dict)
    if png is not None:
        alt = escape(_("Figure: {title}", title=title) if title else _("Figure"), quote=True)
        src = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
        inner = (
            f'<img src="{src}" alt="{alt}" width="{width}" height="{height}" '
            'style="max-width:100%;height:auto">'
        )
    else:
        why = (_server["error"] or "no picture requested").replace("--", "-")
        inner = f"<!-- no static picture: {escape(why)} -->"
    script = _SCRIPT % {
        "id": json.dumps(div_id),
        "fig": json.dumps(fig_dict, separators=(",", ":")).replace("</", "<\\/"),
        "cdn": json.dumps(plotly_cdn_url()),
    }
    return f'<div id="{div_id}" class="gk-figure" style="max-width:100%">{inner}</div>\n{script}'


class LessonRenderer(PlotlyRenderer):
    """The plotly mimetype (JupyterLab) and an HTML part with a static picture (everywhere else)."""

    def __init__(self, config: dict | None = None, static: bool = True) -> None:
        super().__init__(config)
        self.static = static

    def to_mimebundle(self, fig_dict: dict) -> dict:
        bundle = super().to_mimebundle(fig_dict)
        fig = bundle["application/vnd.plotly.v1+json"]
        png = static_png(fig) if self.static else None
        bundle["text/html"] = figure_html(fig, png)
        return bundle


STATIC_ENV = "GAMEKIT_STATIC_FIGURES"


def static_wanted() -> bool:
    """Whether figures carry their static PNG when ``use_lesson_renderer`` is not told: only when
    the environment variable ``GAMEKIT_STATIC_FIGURES`` is 1 (``make lessons`` sets it to execute
    the lessons for committing). JupyterLab draws the plotly data and never shows the PNG, so a
    teacher running a lesson does not wait for Chrome to start (5-15 s) and 0.4 s a figure."""
    return os.environ.get(STATIC_ENV, "").strip().lower() in {"1", "true", "yes"}


def use_lesson_renderer(static: bool | None = None) -> str:
    """Register the lessons' renderer and make it plotly's default; returns its name.

    ``static=True`` adds each figure's PNG (kaleido and a Chrome), which GitHub, untrusted notebooks
    and offline exports show; ``static=False`` leaves it out; the default asks ``static_wanted()``."""
    if static is None:
        static = static_wanted()
    pio.renderers[NAME] = LessonRenderer(static=static)
    pio.renderers.default = NAME
    return NAME


CHROME_ENV = "GAMEKIT_CHROMIUM"


def chrome() -> str | None:
    """The Chrome or Chromium the figures' pictures and the browser tests use: ``$GAMEKIT_CHROMIUM``
    if set, else one on PATH or in a typical place, else the one kaleido downloaded."""
    chosen = os.environ.get(CHROME_ENV, "").strip()
    if chosen:
        return chosen if os.path.isfile(chosen) and os.access(chosen, os.X_OK) else None
    try:
        from choreographer.browsers.chromium import Chromium
    except ImportError:  # no kaleido (the `lessons` extra): nothing to find it with
        return None
    return Chromium.find_browser(skip_local=False)


def ensure_chrome(report: bool = False) -> str | None:
    """A Chrome for the static pictures and the browser tests: the one found, else Chrome for
    Testing downloaded by kaleido if this machine can reach it; None if neither. ``make`` calls it
    once when it installs gamekit (``report=True``): one line, what was found, or what is missing,
    what works without it and the command that installs it."""
    found = chrome()
    why = ""
    if found is None and not os.environ.get(CHROME_ENV, "").strip():
        try:
            import kaleido

            found = str(kaleido.get_chrome_sync())
        except Exception as exc:  # no network for a browser download: the line below says what to do
            why = type(exc).__name__
    if report:
        if found is not None:
            print(_("Chrome for the figures' pictures and the browser tests: {path}", path=found))
        else:
            print(
                _(
                    "No Chrome or Chromium found{why}: everything runs, but figures get no static "
                    "picture and the browser tests are skipped; to have them, install Chromium "
                    "(Debian: sudo apt-get install chromium; Ubuntu: sudo snap install chromium; "
                    "macOS: brew install --cask chromium) "
                    "or set GAMEKIT_CHROMIUM=/path/to/chrome",
                    why=_(" (and none could be downloaded: {error})", error=why) if why else "",
                )
            )
    return found
