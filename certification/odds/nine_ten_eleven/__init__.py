"""Exact odds and optimal strategy for the 9-10-11 family (pure, no Django)."""

from .choices import FirstHandChoice
from .engine import analyze_nine_ten_eleven
from .hands import CountDeck, Deck
from .main_bet import MainBetPlay, main_bet_ev, main_bet_play
from .policy import OptimalPolicy

__all__ = ["CountDeck", "Deck", "FirstHandChoice", "MainBetPlay", "OptimalPolicy",
           "analyze_nine_ten_eleven", "main_bet_ev", "main_bet_play"]
