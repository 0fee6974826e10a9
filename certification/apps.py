from django.apps import AppConfig


class CertificationConfig(AppConfig):
    name = "certification"
    verbose_name = "Certification"
    default_auto_field = "django.db.models.BigAutoField"
