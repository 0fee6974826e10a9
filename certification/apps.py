from django.apps import AppConfig


class CertificationConfig(AppConfig):
    name = "certification"
    verbose_name = "Certification"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.services.rounds_ingest import rounds_stored
        from certification.tasks.surveillance import scan_stored_tables

        rounds_stored.connect(_rounds_arrived, dispatch_uid="floor_rounds_arrived")
        # Rounds stored on the floor are scanned for advantage play as they arrive.
        rounds_stored.connect(scan_stored_tables, dispatch_uid="surveillance_scan")


def _rounds_arrived(sender, batch, table_pks, **kwargs) -> None:
    # Sent after the batch's transaction committed: the worker finds its rounds. The rounds
    # are stored whatever the broker says: a batch whose audit could not be queued is logged
    # (the card sums of its days are rebuilt with the next batch of those days).
    import logging

    from certification.tasks.floor import floor_rounds_arrived_task

    try:
        floor_rounds_arrived_task.delay(batch.pk)
    except Exception:  # the broker is down: the ingest's answer must not fail after its commit
        logging.getLogger(__name__).exception("floor checks of batch %s not queued", batch.pk)
