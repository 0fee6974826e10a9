"""Each preset's certificate is rendered once per run and shared by the tests that read it."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from casino.rules import PRESETS
from certification.reports import CertificateRenderer

from .samples import certificate_for

NUMBERS = {name: 101 + i for i, name in enumerate(PRESETS)}


class Rendered:
    def __init__(self, data, pdf: bytes):
        self.data = data
        self.pdf = pdf
        self.reader = PdfReader(io.BytesIO(pdf))
        self.pages = [page.extract_text() for page in self.reader.pages]
        self.text = "\n".join(self.pages)
        # Extraction breaks lines where the layout does; joined, a sentence reads whole.
        self.flat = " ".join(self.text.split())


_CACHE: dict[str, Rendered] = {}


def rendered_preset(name: str) -> Rendered:
    if name not in _CACHE:
        data = certificate_for(name, NUMBERS[name])
        _CACHE[name] = Rendered(data, CertificateRenderer(invariant=True).render(data))
    return _CACHE[name]


@pytest.fixture(params=list(PRESETS))
def report(request) -> Rendered:
    return rendered_preset(request.param)
