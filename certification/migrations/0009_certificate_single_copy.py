"""Each certificate stored once: a run's report points at the register's file.

Until now a run kept its own copy of every certificate it issued (``certificate-N-draft_XXXXXXX.pdf``
beside the register's ``certificate-N-draft.pdf``): the same bytes twice. Every run, and every
historical row of a run, that names such a copy is pointed at the register's file, and the copy
is deleted once the change is committed. A copy is only ever deleted when its SHA-256 equals a
register file that is present and intact; when the register's file is lost or damaged and the
run's copy holds the registered bytes, the register entry takes the run's file instead. Nothing
else is touched, so the migration loses no file. Reversing it leaves the single copy in place.
"""

import hashlib

from django.core.files.storage import default_storage
from django.db import migrations, transaction


def _sha256(name: str) -> str | None:
    digest = hashlib.sha256()
    try:
        with default_storage.open(name, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                digest.update(chunk)
    except OSError:
        return None
    return digest.hexdigest()


def _report_names(model) -> set[str]:
    return set(model.objects.exclude(report="").exclude(report__isnull=True)
               .values_list("report", flat=True).distinct())


def keep_one_copy(apps, schema_editor):
    runs = apps.get_model("certification", "CertificationRun")
    history = apps.get_model("certification", "HistoricalCertificationRun")
    register = apps.get_model("certification", "IssuedReport")
    kept: dict[str, str] = {}
    for entry in register.objects.all():
        if _sha256(entry.file.name) == entry.sha256:
            kept[entry.sha256] = entry.file.name
    duplicates: dict[str, str] = {}
    for name in sorted(_report_names(runs) | _report_names(history)):
        if name in kept.values():
            continue
        digest = _sha256(name)
        if digest is None:
            # The run's copy is lost: point the rows that recorded its hash at the register.
            for model in (runs, history):
                for recorded in model.objects.filter(report=name).values_list("report_sha256", flat=True):
                    if recorded in kept:
                        model.objects.filter(report=name, report_sha256=recorded).update(report=kept[recorded])
            continue
        if digest in kept:
            duplicates[name] = kept[digest]
            continue
        entry = register.objects.filter(sha256=digest).first()
        if entry is not None:
            # The register's own file is missing or damaged; this copy holds its bytes.
            register.objects.filter(pk=entry.pk).update(file=name)
            kept[digest] = name
    for name, target in duplicates.items():
        runs.objects.filter(report=name).update(report=target)
        history.objects.filter(report=name).update(report=target)

    def delete_copies():
        for name in duplicates:
            default_storage.delete(name)

    # Only once the rows no longer name them: a rolled-back migration keeps every file.
    transaction.on_commit(delete_copies, using=schema_editor.connection.alias)


class Migration(migrations.Migration):

    dependencies = [
        ("certification", "0008_field_results"),
    ]

    operations = [migrations.RunPython(keep_one_copy, migrations.RunPython.noop)]
