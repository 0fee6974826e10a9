from django.apps import AppConfig


class CasinoConfig(AppConfig):
    name = "casino"
    verbose_name = "Back office"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Loading the Celery app here makes shared tasks bind to it in every Django process.
        from . import celery  # noqa: F401
