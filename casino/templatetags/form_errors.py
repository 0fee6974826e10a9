"""A long form's problems listed at its top, each linking to its field.

    {% load form_errors %}
    {% error_summary meta form %}

A refused save shows every problem in one place before the first field: a reader of a long
form (the rule form has some forty fields) does not have to scroll to find the red one.
"""

from __future__ import annotations

from django import template

register = template.Library()


@register.inclusion_tag("includes/error_summary.html")
def error_summary(*forms) -> dict:
    problems = []
    for form in forms:
        if form is None or not getattr(form, "is_bound", False):
            continue
        problems += [{"anchor": "", "label": "", "message": m} for m in form.non_field_errors()]
        for bound in form:
            problems += [{"anchor": bound.auto_id, "label": bound.label, "message": m} for m in bound.errors]
    return {"problems": problems}
