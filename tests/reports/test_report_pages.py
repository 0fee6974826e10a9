"""The pages as a reader sees them: rasterised with poppler, none blank, charts drawn."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from PIL import Image

from .conftest import rendered_preset

pytestmark = pytest.mark.skipif(
    shutil.which("pdftoppm") is None,
    reason="pdftoppm (Debian package poppler-utils) is not installed; .ci/run installs it",
)


def _ink(path) -> float:
    """Share of pixels that are not near-white: 0 for a blank page."""
    image = Image.open(path).convert("L")
    histogram = image.histogram()
    return sum(histogram[:235]) / (image.width * image.height)


@pytest.mark.parametrize("preset", ["seven-half-casino", "nine-ten-eleven"])
def test_every_page_renders_with_content(preset, tmp_path):
    report = rendered_preset(preset)
    pdf = tmp_path / "certificate.pdf"
    pdf.write_bytes(report.pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(pdf), str(tmp_path / "page")],
                   check=True, timeout=120)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == len(report.pages)
    for page in pages:
        with Image.open(page) as image:
            assert image.size[0] > 250 and image.size[1] > 350
        assert _ink(page) > 0.01, f"{page.name} is blank"


def test_charts_and_heat_map_put_colour_on_the_page(tmp_path):
    report = rendered_preset("sette-e-mezzo")
    heat_page = next(i for i, text in enumerate(report.pages, start=1)
                     if "Where each card landed" in text)
    pdf = tmp_path / "certificate.pdf"
    pdf.write_bytes(report.pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", str(heat_page), "-l", str(heat_page),
                    str(pdf), str(tmp_path / "heat")], check=True, timeout=120)
    (png,) = tmp_path.glob("heat-*.png")
    pixels = Image.open(png).convert("RGB").tobytes()
    coloured = sum(1 for i in range(0, len(pixels), 3)
                   if max(pixels[i:i + 3]) - min(pixels[i:i + 3]) > 40)
    assert coloured > 2000, "the heat map drew no coloured cells"
