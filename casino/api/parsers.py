"""Request parsers: DRF's, with one more malformed body answered as a 400."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    # The stdlib decoder recurses once per nesting level, so a body of 100,000 "[" would end
    # in RecursionError and a 500; no request of this API nests more than a few levels.
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_("JSON parse error - the body is nested too deeply")) from None
