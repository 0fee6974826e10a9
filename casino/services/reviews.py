from __future__ import annotations

import hashlib
from pathlib import PurePath

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext as _

from casino.models import Attachment, ReviewComment, Submission
from casino.permissions import CAN_ATTACH, CAN_COMMENT

from .audit import audit_record, snapshot
from .errors import require_role

# Evidence a lab or a casino sends along: documents, data, shuffle logs, photographs.
ALLOWED_UPLOADS = {
    ".pdf": {"application/pdf"},
    ".csv": {"text/csv", "application/csv", "text/plain", "application/vnd.ms-excel"},
    ".txt": {"text/plain"},
    ".json": {"application/json", "text/plain"},
    ".png": {"image/png"},
    ".jpg": {"image/jpeg"},
    ".jpeg": {"image/jpeg"},
}
# Magic numbers, so a renamed executable is not accepted as a PDF or a picture.
SIGNATURES = {
    ".pdf": b"%PDF",
    ".png": b"\x89PNG",
    ".jpg": b"\xff\xd8\xff",
    ".jpeg": b"\xff\xd8\xff",
}


@transaction.atomic
def review_comment_create(*, submission: Submission, author, body: str) -> ReviewComment:
    require_role(author, CAN_COMMENT, "commenting on a submission")
    if not body or not body.strip():
        raise ValidationError({"body": _("a comment cannot be empty")})
    comment = ReviewComment.objects.create(submission=submission, author=author, body=body.strip())
    audit_record(
        actor=author, action="comment.create", obj=comment, before=None, after=snapshot(comment)
    )
    return comment


def attachment_problems(upload: UploadedFile) -> list[str]:
    problems = []
    limit = settings.TABLECERT_MAX_UPLOAD_BYTES
    if upload.size > limit:
        problems.append(f"the file is {upload.size} bytes; the limit is {limit}")
    extension = PurePath(upload.name or "").suffix.lower()
    allowed = ALLOWED_UPLOADS.get(extension)
    if allowed is None:
        problems.append(
            f"{extension or 'no extension'} is not accepted (accepted: {', '.join(sorted(ALLOWED_UPLOADS))})"
        )
        return problems
    content_type = (upload.content_type or "").split(";")[0].strip().lower()
    if content_type not in allowed:
        problems.append(
            f"a {extension} file cannot have the content type {content_type or '(none)'}"
        )
    signature = SIGNATURES.get(extension)
    if signature:
        upload.seek(0)
        if upload.read(len(signature)) != signature:
            problems.append(f"the content is not a {extension} file")
        upload.seek(0)
    return problems


@transaction.atomic
def attachment_create(*, submission: Submission, uploaded_by, upload: UploadedFile) -> Attachment:
    require_role(uploaded_by, CAN_ATTACH, "attaching evidence")
    problems = attachment_problems(upload)
    if problems:
        raise ValidationError({"file": problems})
    digest = hashlib.sha256()
    for chunk in upload.chunks():
        digest.update(chunk)
    upload.seek(0)
    attachment = Attachment(
        submission=submission,
        original_name=PurePath(upload.name).name[:200],
        content_type=(upload.content_type or "").split(";")[0].strip().lower(),
        size=upload.size,
        sha256=digest.hexdigest(),
        uploaded_by=uploaded_by,
    )
    attachment.file.save(PurePath(upload.name).name, upload, save=False)
    attachment.save()
    audit_record(
        actor=uploaded_by,
        action="attachment.create",
        obj=attachment,
        before=None,
        after=snapshot(attachment),
    )
    return attachment
