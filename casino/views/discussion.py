"""Review comments and attachments on a submission: the conversation a decision rests on."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from casino.models import Attachment, Submission
from casino.permissions import CAN_ATTACH, CAN_COMMENT
from casino.services.errors import WorkflowError
from casino.services.reviews import attachment_create, review_comment_create

from ..downloads import stored_file
from .access import readable, role_required


class CommentForm(forms.Form):
    static_fields = True  # see casino/templatetags/rows.py blank_fields
    body = forms.CharField(label=_("Comment"), max_length=5000, widget=forms.Textarea(attrs={"rows": 3}))


class AttachmentForm(forms.Form):
    static_fields = True
    file = forms.FileField(label=_("Attach a file"), help_text=_("PDF, CSV, text or an image; size-limited."))


def _back(pk: int) -> HttpResponse:
    return redirect("web:submission-detail", pk=pk)


@require_POST
@role_required(*CAN_COMMENT)
def comment_create(request: HttpRequest, pk: int) -> HttpResponse:
    submission = get_object_or_404(Submission, pk=pk)
    form = CommentForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Comment: %(problems)s")
                       % {"problems": " ".join(form.errors.get("body", [gettext("is empty")]))})
        return _back(pk)
    try:
        review_comment_create(submission=submission, author=request.user, body=form.cleaned_data["body"])
    except WorkflowError as exc:
        messages.error(request, gettext("The comment was not saved: %(problems)s") % {"problems": exc})
    except ValidationError as exc:
        messages.error(request, gettext("The comment was not saved: %(problems)s") % {"problems": "; ".join(exc.messages)})
    else:
        messages.success(request, gettext("Comment added."))
    return _back(pk)


@require_POST
@role_required(*CAN_ATTACH)
def attachment_upload(request: HttpRequest, pk: int) -> HttpResponse:
    submission = get_object_or_404(Submission, pk=pk)
    form = AttachmentForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, gettext("Attachment: %(problems)s")
                       % {"problems": " ".join(form.errors.get("file", [gettext("no file")]))})
        return _back(pk)
    try:
        attachment_create(submission=submission, uploaded_by=request.user, upload=form.cleaned_data["file"])
    except WorkflowError as exc:
        messages.error(request, gettext("The file was not attached: %(problems)s") % {"problems": exc})
    except ValidationError as exc:
        messages.error(request, gettext("The file was not attached: %(problems)s") % {"problems": "; ".join(exc.messages)})
    else:
        messages.success(request, gettext("File attached."))
    return _back(pk)


@readable
def attachment_download(request: HttpRequest, pk: int, attachment_id: int) -> FileResponse:
    attachment = get_object_or_404(Attachment, pk=attachment_id, submission_id=pk)
    return stored_file(attachment.file, what="this attachment", filename=attachment.original_name,
                       content_type=attachment.content_type or "application/octet-stream")
