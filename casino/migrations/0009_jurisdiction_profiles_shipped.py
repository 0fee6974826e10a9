# Generated for the submission packet: the three shipped jurisdiction profiles.

from django.db import migrations

# The three shipped profiles. Bounds are the installation's defaults (no regulation below
# sets a number for table games); an admin edits them, and any field, without code.
MAIN_AND_SIDE_BOUNDS = {"main": {"min": "0.005", "max": "0.15"}, "*": {"min": "0.005", "max": "0.35"}}
PROFILES = [
    {
        "code": "nevada",
        "name": "Nevada",
        "regulator": "Nevada Gaming Control Board, Technology Division (New Games)",
        "regulation_reference": "Nevada Gaming Commission Regulation 14 (application for a new "
                                "game) and the Board's new-game field trial checklist",
        "submission_title": "Application for approval of a new game",
        # Regulation 14: rules of play with specific examples, the proposed schedule of
        # payouts, a statistical evaluation of the theoretical percentages. Field-trial
        # checklist: layout with game instructions and paytable, dealing procedures, rack card,
        # the documents as Word or PDF files.
        "packet_documents": ["cover-letter", "rules-of-play", "rules-of-play-docx", "payout-schedule",
                             "statistical-evaluation", "layout", "dealing-procedures", "rack-card"],
        "min_simulated_rounds": 10_000_000,
        "randomness_required": ["procedure"],
        "house_edge_term": "theoretical hold",
        "applicant_term": "applicant",
        "signatory_block": "Submitted on behalf of the applicant by:\n"
                           "Name: ______________________________\n"
                           "Title: ______________________________\n"
                           "Signature: __________________________   Date: ______________",
    },
    {
        "code": "new-jersey",
        "name": "New Jersey",
        "regulator": "New Jersey Division of Gaming Enforcement",
        "regulation_reference": "N.J.A.C. 13:69F-8.4 (petition for approval of a new game)",
        "submission_title": "Petition for approval of a new authorized game",
        # 13:69F-8.4: a summary (objectives, method of play, wagers offered), draft rules in
        # the chapter's format, the true odds and the payout odds; signed by the petitioners.
        "packet_documents": ["cover-letter", "rules-of-play", "rules-of-play-docx", "payout-schedule",
                             "statistical-evaluation", "dealing-procedures", "layout"],
        "min_simulated_rounds": 10_000_000,
        "randomness_required": ["procedure"],
        "house_edge_term": "house advantage",
        "applicant_term": "petitioner",
        "signatory_block": "Signed by the petitioner(s):\n"
                           "Name: ______________________________\n"
                           "Title: ______________________________\n"
                           "Signature: __________________________   Date: ______________",
    },
    {
        "code": "lab",
        "name": "Independent test laboratory",
        "regulator": "Independent test laboratory",
        "regulation_reference": "GLI-style game evaluation: tests run, results tied to the exact "
                                "build and inputs by checksums",
        "submission_title": "Submission for independent evaluation of a table game",
        "packet_documents": ["cover-letter", "test-summary", "statistical-evaluation",
                             "rules-of-play", "payout-schedule", "dealing-procedures"],
        "min_simulated_rounds": 20_000_000,
        "randomness_required": ["procedure", "shuffle_battery"],
        "house_edge_term": "house edge",
        "applicant_term": "client",
        "signatory_block": "For the client:\n"
                           "Name: ______________________________\n"
                           "Signature: __________________________   Date: ______________",
    },
]


def add_profiles(apps, schema_editor):
    Jurisdiction = apps.get_model("casino", "Jurisdiction")
    for profile in PROFILES:
        # An existing row (an admin got there first) keeps its own settings.
        Jurisdiction.objects.get_or_create(
            code=profile["code"],
            defaults={**{k: v for k, v in profile.items() if k != "code"},
                      "house_edge_bounds": MAIN_AND_SIDE_BOUNDS},
        )


def remove_profiles(apps, schema_editor):
    Jurisdiction = apps.get_model("casino", "Jurisdiction")
    Jurisdiction.objects.filter(code__in=[p["code"] for p in PROFILES], variants__isnull=True).delete()



class Migration(migrations.Migration):
    # Data apart from the schema change: PostgreSQL refuses to alter a table with pending
    # row events in the same transaction when this is unapplied.

    dependencies = [("casino", "0008_jurisdiction_profiles")]

    operations = [migrations.RunPython(add_profiles, remove_profiles)]
