"""The SVG board as an RGB picture, for `render_mode="rgb_array"` (resvg: no system library)."""

from __future__ import annotations

import io

import numpy as np
import numpy.typing as npt
import resvg_py
from PIL import Image


def rasterise(svg: str, background: str = "#ffffff") -> npt.NDArray[np.uint8]:
    """An array of shape (height, width, 3) with the drawing on `background`."""
    png = resvg_py.svg_to_bytes(svg_string=svg, background=background)
    with Image.open(io.BytesIO(bytes(png))) as picture:
        return np.asarray(picture.convert("RGB"), dtype=np.uint8)
