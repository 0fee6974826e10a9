from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class TokenScope(models.TextChoices):
    READ = "read", _("Read only")
    WRITE = "write", _("Read and write")


class ApiToken(models.Model):
    """A named, scoped, expiring key for automation; only the SHA-256 of its secret is kept.

    ``second_factor_verified`` records whether the owner's session had passed the second
    factor when the token was made: only such write tokens may approve, revoke and the like.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=100)
    scope = models.CharField(_("scope"), max_length=10, choices=TokenScope.choices, default=TokenScope.READ)
    # The first characters of the secret, shown in lists so an owner can tell tokens apart.
    prefix = models.CharField(max_length=12, editable=False)
    secret_sha256 = models.CharField(max_length=64, unique=True, editable=False)
    second_factor_verified = models.BooleanField(default=False, editable=False)
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    expires_at = models.DateTimeField(_("expires at"))
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("API token")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def is_expired(self) -> bool:
        return self.expires_at <= timezone.now()

    @property
    def is_usable(self) -> bool:
        return self.revoked_at is None and not self.is_expired

    @property
    def can_write(self) -> bool:
        return self.scope == TokenScope.WRITE
