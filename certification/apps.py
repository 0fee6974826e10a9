from django.apps import AppConfig


class CertificationConfig(AppConfig):
    name = "certification"
    verbose_name = "Certification"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Rounds stored on the floor are scanned for advantage play as they arrive.
        from casino.services.rounds_ingest import rounds_stored
        from certification.tasks.surveillance import scan_stored_tables

        rounds_stored.connect(scan_stored_tables, dispatch_uid="surveillance_scan")
