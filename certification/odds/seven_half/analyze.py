"""Entry point: the exact analysis of one Seven-and-a-Half rule variant."""

from __future__ import annotations

import time
from collections.abc import Sequence

from casino.rules.cards import Card
from casino.rules.model import SevenHalfRules
from casino.rules.phrases import N_, Phrase
from certification.odds.results import BetFigures, ExactResult

from .charts import charts
from .dealer_reuse import shared_pool
from .game import SevenHalfGame
from .policy import OptimalPolicy
from .walk import Walk


def analyze_seven_half(rules: SevenHalfRules, variant: str = "", *,
                       deck: Sequence[Card | str] | None = None) -> ExactResult:
    """Exact figures, optimal strategy and policy for ``rules``.

    ``deck`` replaces the full deck (e.g. a reduced deck for cross-checks); by default it is
    the rules' 40 x ``decks`` cards. Every probability is an exact fraction.
    """
    start = time.perf_counter()
    game = SevenHalfGame(rules, deck) if deck is not None else shared_pool().game(rules)
    game.ev_units()
    outcomes, decisions, wager = Walk(game).run()
    seconds = time.perf_counter() - start
    return ExactResult(
        variant=variant,
        bets={"main": BetFigures(outcomes=outcomes, average_wager=wager)},
        decisions=decisions,
        strategy=charts(game),
        policy=OptimalPolicy(game),
        seconds=seconds,
        notes=notes_for(rules, deck is not None),
    )


def notes_for(rules: SevenHalfRules, restricted: bool) -> list[str]:
    """The notes printed under the figures: each a ``Phrase`` (its template is in
    ``NOTE_TEMPLATES``, so a document can say a stored note in another language)."""
    p = rules.payouts
    out = [Phrase(EXACT_OPTIMAL), Phrase(EQUAL_CHOICES)]
    if restricted:
        out.append(Phrase(RESTRICTED))
    if not rules.dealer_upcard_visible:
        out.append(Phrase(HIDDEN_CARD))
    if rules.special_card == "kd_first_card":
        out.append(Phrase(KING_OF_DIAMONDS, pays=str(p.kd_first_card)))
    if rules.special_card == "wild":
        out.append(Phrase(MATTA))
    if rules.dealer_must_reach_7_5_vs_revealed:
        out.append(Phrase(SHOWN_SEVEN_AND_HALF))
    if p.dealer_natural_collects is not None:
        out.append(Phrase(DEALER_REALE, amount=str(p.dealer_natural_collects)))
    if rules.four_exchange_max:
        out.append(Phrase(FOURS_AFTER_UPCARD if rules.dealer_upcard_visible else FOURS_AFTER_DEAL,
                          times=str(rules.four_exchange_max)))
    if rules.shoot_seven:
        out.append(Phrase(SHOOTING, pays=str(p.shoot_seven)))
    if rules.split_figures:
        out.append(Phrase(OPENING_READING, openings=str(rules.max_splits)))
        out.append(Phrase(OPENING_EXACT))
    if rules.final_bet:
        out.append(Phrase(FINAL_BET, low=str(rules.final_bet_min), high=str(rules.final_bet_max)))
    return out


EXACT_OPTIMAL = N_("Exact: every ordered deal of the deck counted with card removal; the player's "
                   "strategy is composition-dependent and optimal for what the player sees.")
EQUAL_CHOICES = N_("Equal choices: on exactly equal expectation the smaller total wager is taken "
                   "(fold before a bet, the minimum final bet at zero expectation); between stand "
                   "and hit with equal expectation and equal wager the player stands.")
RESTRICTED = N_("Computed on a restricted deck; a dealer facing an empty stock stands.")
HIDDEN_CARD = N_("Dealer's first card hidden: the player's strategy depends on its own cards only; "
                 "the dealer's card is dealt first and is removed from the stock.")
KING_OF_DIAMONDS = N_("King of diamonds: 7 1/2 as a first card (player paid {pays} to 1 at once; "
                      "dealer wins every ante at once), 1/2 as any later card for either side. With "
                      "several decks a player's first-card king is paid before the dealer's is "
                      "looked at.")
MATTA = N_("Matta: 1/2 or a whole 1..7 chosen at the end for the best total; alone it counts 7, so "
           "a dealer holding it alone stands at 6; a shot seven with the matta makes 7 1/2 (the "
           "matta as 1/2).")
SHOWN_SEVEN_AND_HALF = N_("A player's 7 1/2 is shown: the dealer then draws until it reaches 7 1/2 "
                          "or busts.")
DEALER_REALE = N_("Dealer's two-card 7 1/2 collects {amount} from a player still in, 1 from a player "
                  "holding a two-card 7 1/2 (reale or triple).")
FOURS_AFTER_UPCARD = N_("Fours exchanged up to {times} times: decided after seeing the upcard; the "
                        "four leaves play; the replacement is a new first card.")
FOURS_AFTER_DEAL = N_("Fours exchanged up to {times} times: decided after the dealer's card is dealt; "
                      "the four leaves play; the replacement is a new first card.")
SHOOTING = N_("Shooting a seven: one face-down card; any 1/2 card makes 7 1/2 paid {pays} to 1 "
              "(counted as a two-card 7 1/2); the dealer treats the shooter as holding 7 1/2.")
OPENING_READING = N_("Reading (opening, up to {openings} per round): any hand whose first two cards "
                     "are figures (J, Q, K; the king of diamonds too unless it is the matta) may be "
                     "opened while the round has openings left; the hand keeps its first card and the "
                     "second starts a new hand with an equal wager; hands are played in turn, each "
                     "hand formed by opening taking its second card at once when its turn comes; the "
                     "dealer plays once, against every hand, drawing to 7 1/2 if any hand showed 7 "
                     "1/2 (when that rule applies).")
OPENING_EXACT = N_("Exact with opening: the hands share the stock and the dealer's hand, and every "
                   "round is counted jointly. Each hand decides on its own cards, the dealer's upcard "
                   "and the fours exchanged (not the player's other hands); whether to open is "
                   "chosen by valuing the two hands separately, so the strategy is near-optimal "
                   "while its figures are exact.")
FINAL_BET = N_("Final bet: {low} to {high} antes; the expectation is linear in it, so one end of the "
               "range is optimal.")
FIXED_STRATEGY = N_("Exact: every ordered deal of the deck counted with card removal; the player "
                    "follows the fixed strategy '{name}', not the optimal one.")

NOTE_TEMPLATES = (EXACT_OPTIMAL, EQUAL_CHOICES, RESTRICTED, HIDDEN_CARD, KING_OF_DIAMONDS, MATTA,
                  SHOWN_SEVEN_AND_HALF, DEALER_REALE, FOURS_AFTER_UPCARD, FOURS_AFTER_DEAL, SHOOTING,
                  OPENING_READING, OPENING_EXACT, FINAL_BET, FIXED_STRATEGY)
"""Every note this engine writes, as stored in a run's figures."""
