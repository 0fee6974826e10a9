"""A certificate in several languages: each register entry names the language it is written in
and keeps what the certificate states beyond its run, so a rendering in another language states
the same. Every certificate issued so far was written in its variant's jurisdiction's language."""

from django.db import migrations, models


def issued_in_the_variants_language(apps, schema_editor):
    register = apps.get_model("certification", "IssuedReport")
    languages = dict(register.objects.values_list("pk", "run__variant__jurisdiction__language"))
    for language in set(languages.values()) - {None, "en"}:
        register.objects.filter(pk__in=[pk for pk, lang in languages.items() if lang == language]
                                ).update(language=language)


class Migration(migrations.Migration):

    dependencies = [
        ("certification", "0010_field_trial_final_approval"),
        ("casino", "0017_jurisdiction_language"),
    ]

    operations = [
        migrations.AddField(
            model_name="issuedreport",
            name="basis",
            field=models.JSONField(blank=True, default=dict, help_text="What the certificate states beyond its run (dates, names, table limits, the protection annex), so each language's rendering states the same."),
        ),
        migrations.AddField(
            model_name="issuedreport",
            name="language",
            field=models.CharField(choices=[("en", "English"), ("it", "Italiano"), ("es", "Español")], default="en", help_text="The language this rendering of the certificate is written in.", max_length=5),
        ),
        migrations.RunPython(issued_in_the_variants_language, migrations.RunPython.noop),
    ]
