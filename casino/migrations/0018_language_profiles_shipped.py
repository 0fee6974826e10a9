# The Italian and Spanish profiles: documents in the games' own languages.

from django.db import migrations

# Generic profiles: we cite no regulation we have not read, so the regulator, the legal
# reference and the signatory block are left blank for an admin to complete; the packet's
# checklist and its cover letter say so until they are. Bounds are the installation's defaults.
MAIN_AND_SIDE_BOUNDS = {"main": {"min": "0.005", "max": "0.15"}, "*": {"min": "0.005", "max": "0.35"}}
EVERY_DOCUMENT = ["cover-letter", "rules-of-play", "rules-of-play-docx", "dealing-procedures",
                  "payout-schedule", "rack-card", "layout", "statistical-evaluation", "test-summary"]
PROFILES = [
    {
        "code": "italia",
        "name": "Italia",
        "language": "it",
        "submission_title": "Domanda di approvazione di un nuovo gioco",
        "house_edge_term": "vantaggio del banco",
        "applicant_term": "richiedente",
    },
    {
        "code": "espana",
        "name": "España",
        "language": "es",
        "submission_title": "Solicitud de aprobación de un nuevo juego",
        "house_edge_term": "ventaja de la casa",
        "applicant_term": "solicitante",
    },
]
SHARED = {"regulator": "", "regulation_reference": "", "signatory_block": "",
          "packet_documents": EVERY_DOCUMENT, "min_simulated_rounds": 10_000_000,
          "randomness_required": ["procedure"], "house_edge_bounds": MAIN_AND_SIDE_BOUNDS}


def add_profiles(apps, schema_editor):
    Jurisdiction = apps.get_model("casino", "Jurisdiction")
    for profile in PROFILES:
        # An existing row (an admin got there first) keeps its own settings.
        Jurisdiction.objects.get_or_create(
            code=profile["code"],
            defaults={**SHARED, **{k: v for k, v in profile.items() if k != "code"}},
        )


def remove_profiles(apps, schema_editor):
    Jurisdiction = apps.get_model("casino", "Jurisdiction")
    Jurisdiction.objects.filter(code__in=[p["code"] for p in PROFILES], variants__isnull=True).delete()


class Migration(migrations.Migration):
    # Data apart from the schema change, as 0009 (pending row events on PostgreSQL).

    dependencies = [("casino", "0017_jurisdiction_language")]

    operations = [migrations.RunPython(add_profiles, remove_profiles)]
