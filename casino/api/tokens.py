"""API tokens over the API: list (your own; admins every one), create (from a signed-in
session only: a token never makes tokens), revoke (the owner or an admin)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from casino.models import ApiToken, TokenScope
from casino.permissions import Role, has_role
from casino.second_factor import session_verified_device, token_write_refusal
from casino.services.api_tokens import MAX_TOKEN_DAYS, api_token_create, api_token_revoke

from .base import valid
from .errors import DomainErrorsMixin


class ApiTokenSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = ApiToken
        fields = ["id", "name", "owner", "scope", "prefix", "second_factor_verified", "created_at",
                  "expires_at", "last_used_at", "revoked_at"]
        read_only_fields = fields


class ApiTokenCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    scope = serializers.ChoiceField(choices=TokenScope.choices)
    days = serializers.IntegerField(min_value=1, max_value=MAX_TOKEN_DAYS, required=False)


class ApiTokenCreated(ApiTokenSerializer):
    secret = serializers.CharField(read_only=True, help_text="Shown once; only its hash is kept.")

    class Meta(ApiTokenSerializer.Meta):
        fields = [*ApiTokenSerializer.Meta.fields, "secret"]


TOKEN_ID = OpenApiParameter("id", int, OpenApiParameter.PATH)


@extend_schema_view(retrieve=extend_schema(parameters=[TOKEN_ID]), revoke=extend_schema(parameters=[TOKEN_ID]))
class ApiTokenViewSet(DomainErrorsMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin,
                      viewsets.GenericViewSet):
    serializer_class = ApiTokenSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator has no user
            return ApiToken.objects.none()
        tokens = ApiToken.objects.select_related("user")
        if has_role(self.request.user, Role.ADMIN):
            return tokens
        return tokens.filter(user=self.request.user)

    def _refuse_token_writes(self, request) -> None:
        refusal = token_write_refusal(request.auth)
        if refusal:
            raise PermissionDenied(refusal)

    @extend_schema(request=ApiTokenCreateInput, responses={201: ApiTokenCreated})
    def create(self, request):
        if request.auth is not None:
            raise PermissionDenied(_("API tokens are created from a signed-in session, not with a token."))
        data = valid(ApiTokenCreateInput, request)
        token, secret = api_token_create(owner=request.user,
                                         second_factor_verified=session_verified_device(request) is not None,
                                         **data)
        return Response({**ApiTokenSerializer(token).data, "secret": secret}, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: ApiTokenSerializer})
    @action(detail=True, methods=["post"])
    def revoke(self, request, pk=None):
        self._refuse_token_writes(request)
        token = api_token_revoke(token=self.get_object(), actor=request.user)
        return Response(ApiTokenSerializer(token).data)
