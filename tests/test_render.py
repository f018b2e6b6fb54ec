"""The lessons' plotly renderer: interactive data for JupyterLab, and HTML with a static picture
for nbconvert, a static site and GitHub (gamekit.plots.render)."""

from __future__ import annotations

import base64
import json
import re
import shutil

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from gamekit.plots import render

PLOTLY = "application/vnd.plotly.v1+json"


def _figure(title: str = "Win rate per bot") -> go.Figure:
    fig = go.Figure(go.Bar(x=["a", "b"], y=[0.25, 0.75]))
    fig.update_layout(title=title, height=420)
    return fig


@pytest.fixture
def default_renderer():
    before = pio.renderers.default
    yield
    pio.renderers.default = before


def test_use_lesson_renderer_makes_it_the_default(default_renderer) -> None:
    assert render.use_lesson_renderer(static=False) == "gamekit"
    assert pio.renderers.default == "gamekit"
    bundle = _figure()._repr_mimebundle_()
    assert set(bundle) >= {PLOTLY, "text/html"}
    assert bundle[PLOTLY]["data"][0]["type"] == "bar"


def test_the_html_part_draws_the_same_figure_once_plotly_is_there() -> None:
    bundle = render.LessonRenderer(static=False).to_mimebundle(_figure().to_dict())
    html = bundle["text/html"]
    div = re.search(r'<div id="(gk-fig-[0-9a-f]+)"', html)
    assert div and f'var id = "{div.group(1)}"' in html
    fig = json.loads(re.search(r"fig = (\{.*?\}), cdn = ", html, re.S).group(1))
    assert fig == bundle[PLOTLY]
    assert "https://cdn.plot.ly/plotly-" in html and "window.Plotly" in html
    assert "<img" not in html and "no static picture" in html


def test_a_title_cannot_close_the_script() -> None:
    html = render.figure_html(_figure("</script><b>x</b>").to_dict())
    assert html.count("</script>") == 1


def test_the_static_picture_is_a_png_with_alt_text() -> None:
    png = render.static_png(_figure().to_dict())
    if png is None:
        pytest.skip(f"kaleido cannot draw here ({render._server['error']}); CI has Chromium")
    html = render.LessonRenderer().to_mimebundle(_figure("Seat & bot").to_dict())["text/html"]
    img = re.search(r'<img src="data:image/png;base64,([^"]+)" alt="([^"]*)" width="900" height="420"', html)
    assert img, html[:300]
    assert base64.b64decode(img.group(1)).startswith(b"\x89PNG\r\n\x1a\n")
    assert img.group(2) == "Figure: Seat &amp; bot"
    assert html.index("<img") < html.index("<script")  # the picture is there before any script runs


def test_without_kaleido_the_figure_stays_interactive(monkeypatch) -> None:
    monkeypatch.setitem(render._server, "error", "ModuleNotFoundError: No module named 'kaleido'")
    assert render.static_png(_figure().to_dict()) is None
    html = render.LessonRenderer().to_mimebundle(_figure().to_dict())["text/html"]
    assert "<img" not in html and "No module named" in html and "Plotly.newPlot" in html


def test_ensure_chrome_finds_the_browser_kaleido_uses() -> None:
    found = render.chrome()
    if found is None:
        pytest.skip("no Chrome here; make downloads one with kaleido")
    assert render.ensure_chrome() == found


def test_small_png_keeps_the_picture_in_fewer_bytes() -> None:
    png = render.static_png(_figure().to_dict())
    if png is None:
        pytest.skip(f"kaleido cannot draw here ({render._server['error']})")
    import io

    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        assert image.mode == "P" and image.size == (900, 420)  # a palette image at full size
    assert render.small_png(png) == png or len(render.small_png(png)) <= len(png)


def test_static_pictures_follow_the_environment_unless_asked(default_renderer, monkeypatch) -> None:
    monkeypatch.delenv(render.STATIC_ENV, raising=False)
    render.use_lesson_renderer()
    assert pio.renderers["gamekit"].static is False  # a teacher's run: no Chrome to wait for
    monkeypatch.setenv(render.STATIC_ENV, "1")
    render.use_lesson_renderer()
    assert pio.renderers["gamekit"].static is True  # make lessons: pictures for GitHub and exports
    render.use_lesson_renderer(static=False)
    assert pio.renderers["gamekit"].static is False


def test_ensure_chrome_without_a_browser_says_in_one_line_what_is_missing_and_how_to_get_it(
    monkeypatch, capsys
) -> None:
    import urllib.error

    import kaleido

    def offline(*args, **kwargs):
        raise urllib.error.URLError("Name or service not known")

    monkeypatch.delenv(render.CHROME_ENV, raising=False)
    monkeypatch.setattr(render, "chrome", lambda: None)
    monkeypatch.setattr(kaleido, "get_chrome_sync", offline)
    assert render.ensure_chrome(report=True) is None
    (line,) = capsys.readouterr().out.splitlines()
    assert "(and none could be downloaded: URLError)" in line
    assert "everything runs" in line and "apt-get install chromium" in line and "GAMEKIT_CHROMIUM=" in line


def test_gamekit_chromium_names_the_browser_and_a_wrong_one_is_not_replaced_by_a_download(
    monkeypatch, tmp_path
) -> None:
    monkeypatch.setenv(render.CHROME_ENV, str(tmp_path / "no-such-chrome"))
    assert render.chrome() is None and render.ensure_chrome() is None  # no download behind its back
    if shutil.which("chromium"):
        monkeypatch.setenv(render.CHROME_ENV, shutil.which("chromium"))
        assert render.chrome() == shutil.which("chromium")
