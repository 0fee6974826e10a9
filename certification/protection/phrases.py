"""The audit's words: exposure titles, reasons, countermeasures, the risk rule, methods, levels.

Each is a ``Phrase`` template marked for the documents' catalogue. The audit stores its report
as JSON (English text); a certificate written in Italian or Spanish recognises each stored
sentence by its template (``TEMPLATES``) and says it in its own language.
"""

from __future__ import annotations

from casino.rules.phrases import N_

TITLES = {
    "dealer_card": N_("Dealer's face-down card seen"),
    "one_card": N_("One card out of play known"),
    "collusion": N_("Players share their cards"),
    "dealt_through": N_("Deck dealt through"),
    "shuffle": N_("Hand shuffle predictable"),
}

METHODS = {"exact": N_("exact"), "simulation": N_("simulation"), "not_applicable": N_("not applicable"),
           "not_run": N_("not run")}
RISK_LEVELS = {"none": N_("none"), "low": N_("low"), "medium": N_("medium"), "high": N_("high"),
               "unknown": N_("unknown")}

RISK_RULE = N_(
    "high if the house edge with the exposure is negative (the leak gives or keeps a player "
    "advantage); medium if the gain removes more than half of the house edge; low if any "
    "gain remains; none if the information is worth nothing. A simulated gain is judged by "
    "the upper end of its 95 % interval. Unknown: the leak exists but its value is not computed."
)

# Reasons: why an exposure does not apply, or how it was valued.
DIE_NO_DEALER_CARD = N_("the dealer's score is a die roll made after the player acts: there is no "
                        "dealer card to see")
DEALER_CARD_FACE_UP = N_("the dealer's first card is dealt face up: every player already sees it")
DEALER_CARD_EXACT = N_("exact: the variant analysed with the dealer's first card visible")
ONE_CARD_EXACT = N_("exact: average over the removed card of the reduced deck's exact analysis")
ONE_SEAT = N_("a one-seat table has no partner to share cards with")
COLLUSION_EXACT = N_("exact card removal for k = {k}")
COLLUSION_PARTNERS = N_("k = {k}: {samples} sampled partner hands, each valued exactly; seed {seed}")
COLLUSION_SEATS = N_("k = {k}: {samples} sampled other seats' hands, each valued exactly; seed {seed}")
ONE_ROUND_PER_SHOE = N_("the table deals one round per shoe: every round is dealt from the full "
                        "deck, so watching the cards is worth nothing; the curve shows what "
                        "dealing through would give")
DEALT_THROUGH = N_("perfect-information player at penetration {penetration}: {rounds} rounds in "
                   "{shoes} shoes, each round valued exactly; seed {seed}")
SHUFFLE = N_("{why}; {predictable} of the next deal's first {positions} cards predictable above "
             "chance under {procedure}; seed {seed}")
SHUFFLE_UPCARD = N_("the dealer's first card is dealt face up: predicting it is worth nothing")
SHUFFLE_DIE = N_("the dealer is a die: there is no dealer card to predict")
SHUFFLE_ERASURE = N_("erasure model: the dealer-card gain credited in the share of rounds the "
                     "prediction beats chance")
NOT_RUN_COLLUSION = N_("exact card removal shown for the smaller groups; the game protection audit "
                       "simulates the rest")
NOT_RUN = N_("simulated by the game protection audit, which has not been run for this paytable "
             "version")

# Countermeasures: what the table does.
NO_PEEK = N_("no-peek dealing: the dealer's card is dealt face down onto the layout without being "
             "lifted, and the player's decisions are taken before it is turned")
DEAL_FACE_UP = N_("deal the dealer's first card face up and certify that rule instead")
NO_CARD_SHOWN = N_("no burn card shown; the shuffle and the deal kept low and protected; other "
                   "seats' cards stay face down until settlement")
SEATS_AT_MOST = N_("at most {seats} seats per table (the largest collusion then shares {seats} hands)")
ONE_SEAT_PER_TABLE = N_("one seat per table (heads-up play): no partner to share cards with")
SURVEILLANCE = N_("surveillance of signalling between seats and of cards held so neighbours can see "
                  "them")
ONE_SEAT_AT_A_TIME = N_("deal and settle one seat at a time, collecting its cards before the next "
                        "seat's hand is dealt")
SHUFFLE_EVERY_ROUND = N_("shuffle before every round (penetration 0)")
SHUFFLE_AFTER = N_("shuffle after {rounds} rounds (penetration {penetration})")
ADD_RIFFLE = N_("add {extra} riffle: {procedure}")
ADD_RIFFLES = N_("add {extra} riffles: {procedure}")
MACHINE = N_("a shuffling machine, or at least {riffles} riffles (exact: within total variation 0.1 "
             "of uniform for {cards} cards)")

TEMPLATES = (
    *TITLES.values(), RISK_RULE, DIE_NO_DEALER_CARD, DEALER_CARD_FACE_UP, DEALER_CARD_EXACT,
    ONE_CARD_EXACT, ONE_SEAT, COLLUSION_EXACT, COLLUSION_PARTNERS, COLLUSION_SEATS,
    ONE_ROUND_PER_SHOE, DEALT_THROUGH, SHUFFLE, SHUFFLE_UPCARD, SHUFFLE_DIE, SHUFFLE_ERASURE,
    NOT_RUN_COLLUSION, NOT_RUN, NO_PEEK, DEAL_FACE_UP, NO_CARD_SHOWN, SEATS_AT_MOST,
    ONE_SEAT_PER_TABLE, SURVEILLANCE, ONE_SEAT_AT_A_TIME, SHUFFLE_EVERY_ROUND, SHUFFLE_AFTER,
    ADD_RIFFLE, ADD_RIFFLES, MACHINE,
)
"""Every sentence the audit stores, as a template a document recognises."""
