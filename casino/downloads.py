"""Stored files handed to a browser or an API client, by the pages and the API alike.

A file that was never produced, or that storage has lost, is a 404 that says which, never
a server error.
"""

from __future__ import annotations

from django.db.models.fields.files import FieldFile
from django.http import FileResponse, Http404


def stored_file(file: FieldFile, *, what: str, filename: str, content_type: str | None = None,
                as_attachment: bool = True, sha256: str = "") -> FileResponse:
    """``file`` as a response; ``what`` names it in the 404 ("the report", "this packet")."""
    if not file:
        raise Http404(f"{what} is not built yet")
    try:
        handle = file.open("rb")
    except FileNotFoundError:
        raise Http404(f"{what} is missing from storage") from None
    response = FileResponse(handle, as_attachment=as_attachment, filename=filename,
                            content_type=content_type)
    if sha256:
        response["X-Content-SHA256"] = sha256
    return response
