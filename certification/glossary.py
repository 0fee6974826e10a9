"""The games' own words in Italian and Spanish, kept in one place.

The Italian words are those of the Italian sources of Sette e Mezzo (the matta, the sette e
mezzo reale, the triplé, sballare, the mazziere); the Spanish ones those of Fournier's Siete y
Media (la banca, pasarse, plantarse, abrirse, los cuatros, tirarse el siete). The documents'
catalogue uses them (a test holds it to that), and the web pages may import them too.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    english: str
    italian: str
    spanish: str
    italian_stem: str = ""
    spanish_stem: str = ""
    """Where the word inflects, the part every form shares (sball- in sballa, sballato)."""

    def word(self, language: str) -> str:
        return {"it": self.italian, "es": self.spanish}.get(language, self.english)

    def stem(self, language: str) -> str:
        if language == "it":
            return self.italian_stem or self.italian
        if language == "es":
            return self.spanish_stem or self.spanish
        return self.english


TERMS: dict[str, Term] = {
    "game": Term("Seven and a Half", "Sette e mezzo", "Siete y media"),
    "matta": Term("matta", "matta", "matta (comodín)", spanish_stem="matta"),
    "wild": Term("wild card", "jolly", "comodín"),
    "reale": Term("reale", "sette e mezzo reale", "siete y media real", "reale", "real"),
    "triple": Term("triplé", "triplé", "triplé"),
    "bust": Term("bust", "sballare", "pasarse", "sball", "pas"),
    "dealer": Term("dealer", "mazziere", "banca", "mazzier", "banca"),
    "bank": Term("bank", "banco", "banca", "banc", "banca"),
    "stand": Term("stand", "stare", "plantarse", "st", "plant"),
    "figure": Term("figure", "figura", "figura", "figur", "figura"),
    "king_of_diamonds": Term("king of diamonds", "re di quadri", "rey de diamantes"),
    "ante": Term("ante", "posta", "apuesta inicial", "post", "apuesta inicial"),
    "final_bet": Term("final bet", "puntata finale", "apuesta final"),
    "fold": Term("fold", "abbandonare", "retirarse", "abbandon", "retir"),
    "push": Term("push", "pareggio", "empate"),
    "opening": Term("opening", "apertura", "abrirse", "apert", "abr"),
    "shoot": Term("shoot", "tirare il sette", "tirarse el siete", "tira", "tir"),
    "exchange": Term("exchanging a", "cambio del quattro", "cambio del cuatro", "cambi", "cambi"),
    "deck": Term("deck", "mazzo", "baraja", "mazz", "baraj"),
}
"""Key -> the word in each language; ``english`` is how our English documents say it."""

CHECKED = ("matta", "reale", "triple", "bust", "dealer", "king_of_diamonds", "final_bet",
           "shoot", "deck")
"""Terms whose English word, wherever a document sentence uses it, must be rendered with the
glossary's word in the Italian and Spanish catalogues ("figure" is left out: in English it
also means a number)."""


def term(key: str, language: str) -> str:
    """The word for ``key`` in ``language`` ("en", "it" or "es")."""
    return TERMS[key].word(language)
