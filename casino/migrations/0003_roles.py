from django.db import migrations

ROLES = ("Compliance officer", "Reviewer", "Admin", "Auditor")


def create_roles(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in ROLES:
        Group.objects.get_or_create(name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("casino", "0002_initial"),
    ]

    operations = [migrations.RunPython(create_roles, migrations.RunPython.noop)]
