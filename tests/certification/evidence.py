"""Evidence files for the tests: a fair shuffle log of a 40-card deck and RNG output."""

from __future__ import annotations

import numpy as np
from django.core.files.uploadedfile import SimpleUploadedFile

from casino.rules.cards import deck_for_size
from certification.randomness.shuffles import format_shuffle_log


def shuffle_log_text(shuffles: int = 300, seed: int = 1, deck_size: int = 40) -> str:
    rng = np.random.default_rng(seed)
    orders = np.array([rng.permutation(deck_size) for _ in range(shuffles)])
    return format_shuffle_log(orders, deck_for_size(deck_size))


def bad_card_log() -> str:
    """Line 4 names a card no 40-card deck holds."""
    lines = shuffle_log_text(10).splitlines()
    lines[3] = lines[3].rsplit(" ", 1)[0] + " ZZ"
    return "\n".join(lines) + "\n"


def bits_text(bits: int = 4000, seed: int = 2) -> str:
    return "".join(map(str, np.random.default_rng(seed).integers(0, 2, bits)))


def upload(name: str, text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode(), content_type="text/plain")
