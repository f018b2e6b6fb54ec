"""The join QR code reads back as the join link: the SVG (as drawn) and the terminal block alike,
decoded by an independent reader (zxing-cpp) from pictures made here."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import numpy as np
import pytest

from gamekit.classroom.qr import DISPLAY_WIDTH, QRCode, matrix_from_text, qr_matrix, qr_svg, qr_text

zxingcpp = pytest.importorskip("zxingcpp")

URL = "http://127.0.0.1:8765/join/K7Q2XM"  # a LAN address encodes the same way; tests stay on loopback


def svg_modules(svg: str) -> list[list[bool]]:
    """The dark squares of the SVG's path (``Mx,yH..V..H..z`` per module), on its viewBox grid."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    grid = [[False] * size for _ in range(size)]
    path = re.search(r'<path d="([^"]+)"', svg).group(1)
    for x, y in re.findall(r"M(\d+),(\d+)H", path):
        grid[int(y)][int(x)] = True
    return grid


def decode(modules: list[list[bool]], scale: int = 6) -> str:
    image = np.where(np.array(modules, dtype=bool), 0, 255).astype(np.uint8)
    image = np.kron(image, np.ones((scale, scale), dtype=np.uint8))
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1, found
    return found[0].text


def test_the_svg_reads_back_as_the_link_and_is_drawn_large_on_white():
    svg = qr_svg(URL)
    assert decode(svg_modules(svg)) == URL
    assert svg_modules(svg) == qr_matrix(URL)
    assert f'width="{DISPLAY_WIDTH}" height="{DISPLAY_WIDTH}"' in svg and DISPLAY_WIDTH >= 600
    assert '<rect fill="white"' in svg  # the ground is drawn: the code reads on a dark theme
    assert "id=" not in svg  # two codes on one page share no id


def test_the_terminal_block_reads_back_as_the_link():
    block = qr_text(URL)
    rows = matrix_from_text(block)
    assert rows[: len(qr_matrix(URL))] == qr_matrix(URL)
    assert decode(rows) == URL
    assert set(block) <= {"█", "▄", "▀", " ", "\n"}
    assert len(block.splitlines()) == (len(qr_matrix(URL)) + 1) // 2  # two modules per character


def test_the_notebook_shows_an_image_not_inline_svg():
    code = QRCode(URL)
    html = code._repr_html_()
    assert "<svg" not in html  # untrusted notebooks and GitHub strip inline SVG
    data = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', html).group(1)
    assert base64.b64decode(data).decode() == code.svg
    assert f'alt="QR code of {URL}"' in html and URL in html
    assert str(code) == qr_text(URL)


def test_the_quiet_zone_is_there_and_longer_links_make_denser_codes():
    matrix = qr_matrix(URL)
    assert not any(matrix[0]) and not any(row[0] for row in matrix)
    assert len(qr_matrix(URL + "?lang=ja&x=" + "A" * 60)) > len(matrix)


@pytest.mark.parametrize("bad", ["", None, 3])
def test_nothing_to_encode_is_refused(bad):
    with pytest.raises(ValueError, match="non-empty text"):
        qr_matrix(bad)


def test_a_tiny_code_is_refused(tmp_path):
    with pytest.raises(ValueError, match="at least 64 pixels"):
        qr_svg(URL, width=20)
    path = QRCode(URL, width=300).save(str(tmp_path / "join.svg"))
    assert decode(svg_modules(Path(path).read_text(encoding="utf-8"))) == URL
