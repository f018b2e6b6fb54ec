"""The join link as a QR code: an SVG for the projector and a block of characters for a terminal.

A phone camera reads a QR code from about ten times its width (a common rule of thumb for printed
codes), so a class whose back row sits 8 m from the screen needs a code about 80 cm wide on it.
``QRCode`` is drawn 640 px wide by default, which on a projector throwing 1920 px across a 2.5 m
screen is about 83 cm. The code uses error correction level M (15 % of it may be unreadable) and
the smallest version that holds the link, so its squares stay as large as they can be.
"""

from __future__ import annotations

import base64
import re
from html import escape

import qrcode
import qrcode.constants
import qrcode.image.svg

DISPLAY_WIDTH = 640  # pixels: about 80 cm on a typical projected screen (see the module docstring)
BORDER = 4  # modules of white around the code: the quiet zone the QR standard asks for


def qr_matrix(text: str) -> list[list[bool]]:
    """The code's modules (True: dark), with its quiet zone, for ``text``."""
    code = _code(text)
    return [list(row) for row in code.get_matrix()]


def _code(text: str, image_factory: type | None = None) -> qrcode.QRCode:
    if not isinstance(text, str) or not text:
        raise ValueError(f"a QR code needs a non-empty text to hold, not {text!r}")
    code = qrcode.QRCode(
        error_correction=qrcode.constants.ERROR_CORRECT_M, border=BORDER, image_factory=image_factory
    )
    code.add_data(text)
    code.make(fit=True)
    return code


def qr_svg(text: str, width: int = DISPLAY_WIDTH) -> str:
    """An SVG of the code for ``text``, ``width`` pixels wide, black on a white ground.

    Drawn by the qrcode package (one path, no raster image, so it stays sharp at any size); the
    white ground is part of the picture, so the code reads on a dark notebook theme too.
    """
    if not isinstance(width, int) or isinstance(width, bool) or width < 64:
        raise ValueError(f"a QR code is at least 64 pixels wide, not {width!r}")
    svg = _code(text, qrcode.image.svg.SvgPathFillImage).make_image().to_string(encoding="unicode")
    svg = re.sub(r'width="[^"]*" height="[^"]*"', f'width="{width}" height="{width}"', svg, count=1)
    return svg.replace(' id="qr-path"', "")  # several codes on one page must not share an id


def qr_text(text: str) -> str:
    """The code as lines of block characters for a terminal: each character is two modules
    (upper and lower half), dark modules printed dark on a light ground.

    Terminals draw text light on dark as often as dark on light, so the code is drawn with the
    ground as full blocks and the dark modules as spaces: on a dark terminal the result is a
    dark code on light blocks, which is what a camera expects.
    """
    rows = qr_matrix(text)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))  # a last row of ground under an odd height
    chars = {(False, False): "█", (True, False): "▄", (False, True): "▀", (True, True): " "}
    return "\n".join(
        "".join(chars[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    )


def matrix_from_text(block: str) -> list[list[bool]]:
    """The modules a ``qr_text`` block shows (its inverse), so a test can read the code back."""
    dark = {"█": (False, False), "▄": (True, False), "▀": (False, True), " ": (True, True)}
    rows: list[list[bool]] = []
    for line in block.splitlines():
        pairs = [dark[c] for c in line]
        rows.append([top for top, _ in pairs])
        rows.append([bottom for _, bottom in pairs])
    return rows


class QRCode:
    """The join link's QR code as Jupyter shows it: a large image with the link under it.

    The HTML holds the SVG as a data-URI image (with alt text), which notebooks show even when
    they are not trusted and GitHub shows too; ``svg`` is the SVG itself, ``save(path)`` writes it.
    """

    def __init__(self, url: str, width: int = DISPLAY_WIDTH, caption: str | None = None) -> None:
        self.url = url
        self.width = width
        self.caption = url if caption is None else caption
        self.svg = qr_svg(url, width)

    def _repr_html_(self) -> str:
        data = base64.b64encode(self.svg.encode("utf-8")).decode("ascii")
        return (
            f'<div class="gk-qr" style="text-align:center">'
            f'<img src="data:image/svg+xml;base64,{data}" width="{self.width}" '
            f'style="max-width:100%;height:auto" alt="QR code of {escape(self.url)}">'
            f'<div style="font:bold 28px monospace;margin-top:8px">{escape(self.caption)}</div></div>'
        )

    def save(self, path: str) -> str:
        """Write the SVG to ``path`` (print it, or show it full screen); returns the path."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.svg)
        return path

    def __str__(self) -> str:
        return qr_text(self.url)

    def __repr__(self) -> str:
        return f"<QRCode {self.url}>"


__all__ = ["DISPLAY_WIDTH", "QRCode", "matrix_from_text", "qr_matrix", "qr_svg", "qr_text"]
