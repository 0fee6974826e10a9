"""The public check of a certificate file: no sign-in, rate-limited, and it answers only
whether the file is genuine, its status, the game, the version and where it is approved."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.services.certificate_verification import certificate_verify

from .errors import DomainErrorsMixin
from .throttles import PublicVerifyThrottle


class PublicJurisdictionSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()


class PublicVerdictSerializer(serializers.Serializer):
    genuine = serializers.BooleanField(help_text="The file's SHA-256 is in the register under this number.")
    status = serializers.CharField(
        allow_null=True,
        help_text="draft (genuine, but not a certificate until the version is approved), valid, superseded, "
                  "withdrawn, revoked or expired; null when not genuine.")
    game = serializers.CharField(allow_null=True)
    version = serializers.IntegerField(allow_null=True, help_text="The paytable version's number.")
    jurisdictions = PublicJurisdictionSerializer(many=True, help_text="Where it is approved today.")


class PublicCertificateView(DomainErrorsMixin, APIView):
    """Is this certificate file genuine, and does it stand today? An unknown number and a wrong
    hash get the same answer, so the register cannot be listed through it."""

    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]
    throttle_classes = [PublicVerifyThrottle]

    @extend_schema(
        operation_id="public_certificate_verify", auth=[],
        parameters=[OpenApiParameter("sha256", str, required=True,
                                     description="The file's SHA-256, 64 hexadecimal digits.")],
        responses={200: PublicVerdictSerializer,
                   400: OpenApiResponse(description="sha256 is not 64 hexadecimal digits"),
                   429: OpenApiResponse(description="too many checks from this address; see Retry-After")})
    def get(self, request, number: str):
        verdict = certificate_verify(number=number, sha256=request.query_params.get("sha256", ""))
        return Response(verdict.as_dict())
