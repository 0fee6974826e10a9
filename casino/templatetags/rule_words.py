"""Template filters for the rule model's words (``casino.rule_words``), in the reader's language.

    {% load rule_words %}
    {{ clause.text|say }}                      a rules-of-play sentence or any engine phrase
    {{ variant.family|family }}                "Sette e mezzo" for seven_and_half in Italian
    {{ variant.preset|preset }}                 "Sette e Mezzo" for sette-e-mezzo
    {{ "payouts.natural"|parameter }}          "Natural (reale)", translated
    {{ "special_card"|value:"kd_first_card" }} "king of diamonds as first card", translated
    {{ "special_card"|setting:"wild" }}        "Special card: matta (wild king of diamonds)"
    {{ "main"|bet }}  {{ "hit"|decision }}
"""

from __future__ import annotations

from django import template

from casino import rule_words

register = template.Library()

register.filter("say", rule_words.said)
register.filter("family", rule_words.family)
register.filter("parameter", rule_words.parameter)
register.filter("preset", rule_words.preset)
register.filter("value", rule_words.value)
register.filter("setting", rule_words.setting)
register.filter("bet", rule_words.bet)
register.filter("decision", rule_words.decision)
register.filter("strategy", rule_words.strategy)
