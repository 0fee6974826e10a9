from django.apps import AppConfig


class CertificationConfig(AppConfig):
    name = "certification"
    verbose_name = "Certification"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.services.rounds_ingest import rounds_stored

        rounds_stored.connect(_rounds_arrived, dispatch_uid="floor_rounds_arrived")


def _rounds_arrived(sender, batch, table_pks, **kwargs) -> None:
    # Sent after the batch's transaction committed: the worker finds its rounds.
    from certification.tasks.floor import floor_rounds_arrived_task

    floor_rounds_arrived_task.delay(batch.pk)
