"""A jurisdiction and a regulator's decision in words, where a record holds their codes.

    {% load regulator_words %}
    {{ "nevada"|jurisdiction_name }}      "Nevada Gaming Control Board"
    {{ "field_trial"|decision_label }}    "Field trial" ("Prova sul campo" in Italian)
"""

from __future__ import annotations

from django import template

from casino.models import DecisionStatus, Jurisdiction

register = template.Library()


@register.filter
def jurisdiction_name(code: str) -> str:
    name = Jurisdiction.objects.filter(code=code).values_list("name", flat=True).first()
    return name or code


@register.filter
def decision_label(status: str) -> str:
    return str(DecisionStatus(status).label) if status in DecisionStatus.values else status
