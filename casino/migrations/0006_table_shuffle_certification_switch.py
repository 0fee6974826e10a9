from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("casino", "0005_table_shuffle_certification")]

    operations = [
        migrations.RemoveField(model_name="tableconfiguration", name="shuffle_certification"),
        migrations.RemoveField(model_name="historicaltableconfiguration", name="shuffle_certification"),
        migrations.RenameField(model_name="tableconfiguration", old_name="shuffle_certificate", new_name="shuffle_certification"),
        migrations.RenameField(model_name="historicaltableconfiguration", old_name="shuffle_certificate", new_name="shuffle_certification"),
    ]
