"""Surveillance (pure, no Django): advantage players found in the rounds, the exact game as witness.

For every decision a player takes, the exact engine's public optimal action and the action of
each informed strategy the protection audit values (the dealer's hole card seen, a partner's
face-down cards known) are looked up in the existing engines (``strategies``). A player's
decisions are then tested sequentially (``sequential``, ``players``): only the dependence of
the action on the hidden information counts as evidence, so a player who merely plays well,
badly or like the dealer is never taken for an informed one. Results that beat the exact
value of the game are tested the same way (``results``), and the power of each test is
measured by the product's own simulation (``power``).
"""

from .players import PlayerSurveillance, surveil
from .sequential import ALPHA, BETA, PairSprt
from .strategies import INFORMED_KINDS, Strategist

__all__ = ["ALPHA", "BETA", "INFORMED_KINDS", "PairSprt", "PlayerSurveillance", "Strategist",
           "surveil"]
