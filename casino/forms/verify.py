"""The public check of a certificate: its number, and either the PDF or the PDF's SHA-256."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from casino.services.certificate_verification import NUMBER_MAX_LENGTH, sha256_hex, sha256_of_upload


class CertificateVerifyForm(forms.Form):
    number = forms.CharField(label=_("Certificate number"), max_length=NUMBER_MAX_LENGTH)
    pdf = forms.FileField(label=_("The certificate PDF"), required=False,
                          help_text=_("The file is hashed here and compared with the register; it is not kept."))
    sha256 = forms.CharField(label=_("Or its SHA-256"), required=False, max_length=100,
                             help_text=_("64 hexadecimal digits, e.g. from sha256sum."))

    def clean_pdf(self):
        upload = self.cleaned_data.get("pdf")
        limit = settings.TABLECERT_PUBLIC_VERIFY_MAX_BYTES
        if upload is not None and upload.size > limit:
            raise ValidationError(_("The file is %(size)s bytes; a certificate is never larger than %(limit)s "
                                    "bytes.") % {"size": f"{upload.size:,}", "limit": f"{limit:,}"})
        return upload

    def clean_sha256(self):
        text = self.cleaned_data.get("sha256", "").strip()
        if not text:
            return ""
        try:
            return sha256_hex(text)
        except ValidationError as exc:
            raise ValidationError(exc.message_dict["sha256"]) from None

    def clean(self):
        data = super().clean()
        has_pdf, has_hash = bool(data.get("pdf")), bool(data.get("sha256"))
        if not self.errors and has_pdf == has_hash:
            raise ValidationError(_("Give either the certificate PDF or its SHA-256, not both and not neither."))
        return data

    def digest(self) -> str:
        upload = self.cleaned_data.get("pdf")
        return sha256_of_upload(upload) if upload else self.cleaned_data["sha256"]
