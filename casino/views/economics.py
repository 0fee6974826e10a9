"""A table's page: what it runs, its economics under its player mix, its field results."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from casino.forms.economics import TableEconomicsForm
from casino.models import TableConfiguration
from casino.permissions import CAN_CONFIGURE_TABLES
from casino.services.tables import table_configuration_update
from certification.economics.mix import MixError
from certification.models import FieldUpload
from certification.odds.simulation import StrategyError
from certification.services.economics import table_figures

from . import svg
from .access import page, readable, role_required
from .figures import edge_figure
from .table_rounds import table_rounds_summary
from .table_standing import table_standing


def _economics(table: TableConfiguration) -> dict:
    try:
        figures = table_figures(table=table)
    except ValidationError as exc:
        return {"error": " ".join(m for ms in exc.message_dict.values() for m in ms)}
    except (MixError, StrategyError, ValueError) as exc:
        return {"error": str(exc)}
    data = figures.to_json()
    econ = figures.economics
    return {
        "data": data,
        "edge": edge_figure(figures.mixed.bets["main"].house_edge),
        "strategies": [(name, edge_figure(f.seat_edge)) for name, f in figures.mixed.per_strategy.items()],
        "p_day": econ.p_losing_day.text(),
        "p_month": econ.p_losing_month.text(),
        "daily_chart": svg.histogram_chart(data["daily_distribution"], float(econ.theo_win_per_day)),
        "mix_chart": svg.bar_chart([(label, float(v)) for label, v in figures.by_strategy],
                                   "Theoretical win per hour by player mix"),
    }


@readable
def table_detail(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(TableConfiguration.objects.select_related(
        "variant", "paytable_version", "casino_property__jurisdiction"), pk=pk)
    uploads = FieldUpload.objects.filter(field_days__table=table).distinct()
    field = [{"upload": u, "result": u.result["tables"].get(table.table_id)} for u in uploads[:10]]
    return page(request, "tables/detail.html", {
        "table": table, "economics": _economics(table), "field": field, "standing": table_standing(table),
        "rounds": table_rounds_summary(table),
    })


@role_required(*CAN_CONFIGURE_TABLES)
def table_economics_edit(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(TableConfiguration.objects.select_related("variant", "paytable_version"), pk=pk)
    form = TableEconomicsForm(request.POST or None, initial=TableEconomicsForm.initial_for(table))
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                table_configuration_update(table=table, actor=request.user, **form.changes())
        except ValidationError as exc:
            for name, problems in exc.message_dict.items():
                target = "mix_optimal" if name == "player_mix" else name
                form.add_error(target if target in form.fields else None, "; ".join(problems))
        else:
            messages.success(request, _("Economics of table %(table)s saved.") % {"table": table.table_id})
            return redirect("web:table-detail", pk=table.pk)
    return page(request, "tables/economics_form.html", {"form": form, "table": table})
