"""Exact odds and optimal strategy for the 9-10-11 family (pure, no Django)."""

from .choices import FirstHandChoice
from .engine import analyze_nine_ten_eleven
from .hands import Deck
from .policy import OptimalPolicy

__all__ = ["Deck", "FirstHandChoice", "OptimalPolicy", "analyze_nine_ten_eleven"]
