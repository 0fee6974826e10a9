"""The optimal strategy as a SevenHalfPolicy: answers from the analysis' own tables.

Views the analysis did not visit (possible only for hands it proved never worth reaching)
are valued on demand with the same caches, so every answer is the exact optimum and the
same for the same view.
"""

from __future__ import annotations

from certification.odds.results import Decision, PlayerView

from .deck import FOUR, KD, MATTA_HALF, MATTA_WILD, card_kind
from .game import EXCHANGE, FOLD, SHOOT, SevenHalfGame
from .play import HIDDEN, SPLIT


class OptimalPolicy:
    def __init__(self, game: SevenHalfGame):
        self.game = game
        self.caps = game.caps

    def _counts(self, code: int) -> list[int]:
        return [(code // r) % cap for r, cap in zip(self.game.radix, self.caps, strict=False)]

    def decide(self, view: PlayerView, splits_left: int | None = None) -> Decision:
        """The optimal decision for ``view``.

        ``splits_left`` (or ``view.splits_left``) is how many openings the round still
        allows (default: all of ``max_splits``, as on the round's first hand). A hand looks
        at its own cards only, never at the player's other hands.
        """
        g = self.game
        if splits_left is None:
            splits_left = view.splits_left
        special = g.rules.special_card
        kinds = [card_kind(code, special) for code in view.cards]
        upcard = card_kind(view.upcard, special) if g.visible and view.upcard else HIDDEN
        code = g.full_code - sum(g.radix[k] for k in kinds) - view.exchanges * g.radix[FOUR]
        if upcard != HIDDEN:
            code -= g.radix[upcard]
        counts = self._counts(code)
        n = sum(counts)
        if len(kinds) == 1:
            if g.kd_first and kinds[0] == KD:
                return Decision("stand")  # paid at once; the round is over for this hand
            choice = g.first(upcard, counts, code, n, kinds[0], view.exchanges)
            if choice.action in (FOLD, EXCHANGE):
                return Decision(choice.action)
            if choice.action == SHOOT:
                return Decision("shoot", choice.final_bet)
            s, m = g.hand_start(kinds[0])
            g.play.value(upcard, counts, code, n, s, m, 1, g.splits)
            return Decision(g.play.action[(upcard, code, s, m, 1, g.splits)], choice.final_bet)
        s = m = 0
        # Two or more cards: a king of diamonds among them is worth 1/2 (a first-card king
        # is paid at once, so it leads a hand only when that hand was formed by opening);
        # the matta is wild, or counts 1/2 for the whole hand when it came first and the
        # rules say so (a view shows a hand's cards with the first one first).
        for kind in kinds:
            if g.wild and kind == KD:
                m = g.first_matta if kinds[0] == KD and g.first_matta == MATTA_HALF else MATTA_WILD
            else:
                s += g.play.child_hand(kind, 0, 0)[0]
        splits = g.splits if splits_left is None else min(splits_left, g.splits)
        if g.play.best[m][s] < 0:
            return Decision("stand")  # already bust: nothing left to decide
        g.play.value(upcard, counts, code, n, s, m, len(kinds), splits)
        action = g.play.action[(upcard, code, s, m, len(kinds), splits)]
        return Decision(action if action != SPLIT or splits else "stand")
