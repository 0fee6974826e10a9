"""The main bet's net jointly with the die: every seat at a 9-10-11 table faces the same roll."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from casino.rules.model import NineTenElevenRules

from .engine import count_rounds
from .hands import Deck


def nine_ten_eleven_joint(rules: NineTenElevenRules, policy=None,
                          deck: Deck | None = None) -> dict[str, dict[Fraction, Fraction]]:
    """'die FACE' -> {main net per initial main bet -> exact probability}."""
    counted = count_rounds(rules, deck or Deck.standard(rules.decks), policy)
    settle = counted.settle
    faces = settle.faces
    joint: dict[str, dict[Fraction, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    # Equal faces (three 9s) are one outcome for the seats; merging them keeps the law small.
    for config, weight in counted.tally.configs.items():
        p = Fraction(weight, counted.denominator * len(faces))
        for face in faces:
            net = sum((settle.hand_net(v, face) for v in config), Fraction(0))
            joint["die WIN" if face is None else f"die {face}"][net] += p
    return {face: {net: p for net, p in sorted(row.items()) if p} for face, row in joint.items()}
