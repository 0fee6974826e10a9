"""Exact analysis of the ``seven_and_half`` family (pure, no Django)."""

from .analyze import analyze_seven_half
from .policy import OptimalPolicy

__all__ = ["OptimalPolicy", "analyze_seven_half"]
