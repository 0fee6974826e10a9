"""The commission submission packet: documents built from the rule model and the engines.

Plain data in (``PacketData``), PDF bytes out, like the certificate. The statistical
evaluation is the certificate itself; the service adds it as issued.
"""

from __future__ import annotations

from collections.abc import Callable

from .catalogue import DOCUMENTS, MEDIA_TYPES
from .data import PacketData
from .felt import render_layout, render_rack_card
from .letter import render_cover_letter, render_test_summary
from .payouts import render_payout_schedule
from .procedures import render_dealing_procedures
from .rules import render_rules_of_play
from .word import render_rules_docx

RENDERERS: dict[str, Callable[..., bytes]] = {
    "cover-letter": render_cover_letter,
    "rules-of-play": render_rules_of_play,
    "dealing-procedures": render_dealing_procedures,
    "payout-schedule": render_payout_schedule,
    "rack-card": render_rack_card,
    "layout": render_layout,
    "test-summary": render_test_summary,
    "rules-of-play-docx": render_rules_docx,
}
"""Every document but the statistical evaluation, which is the certificate as issued."""


def file_name(position: int, code: str) -> str:
    extension = MEDIA_TYPES.get(code, ("pdf",))[0]
    return f"{position:02d}-{code.removesuffix('-docx')}.{extension}"


def media_type(code: str) -> str:
    return MEDIA_TYPES.get(code, ("pdf", "application/pdf"))[1]


def enclosures(documents: list[str]) -> list[tuple[str, str]]:
    return [(file_name(i, code), DOCUMENTS[code]) for i, code in enumerate(documents, start=1)]


__all__ = ["DOCUMENTS", "RENDERERS", "PacketData", "enclosures", "file_name", "media_type"]
