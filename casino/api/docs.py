"""A self-contained API docs page.

Swagger UI and Redoc load their scripts from a CDN, which a casino's back-office network
usually cannot reach; this page is rendered on the server from the same OpenAPI schema that
/api/schema/ serves, so it needs no external assets.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.template import engines
from drf_spectacular.generators import SchemaGenerator

PAGE = engines["django"].from_string(
    """{% extends "base.html" %}
{% block title %}API{% endblock %}
{% block content %}
<h1>{{ title }} <small>{{ version }}</small></h1>
<p>{{ description }}</p>
<p>Machine-readable schema: <a href="{% url 'api-schema' %}">OpenAPI 3 (YAML)</a>,
<a href="{% url 'api-schema' %}?format=json">JSON</a>. Authenticate with your session or a
token (<code>Authorization: Token &lt;key&gt;</code>).</p>
<table class="api-endpoints">
  <thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Request</th><th>Responses</th></tr></thead>
  <tbody>
  {% for op in operations %}
    <tr><td><code>{{ op.method }}</code></td><td><code>{{ op.path }}</code></td>
      <td>{{ op.summary }}</td><td>{{ op.request }}</td><td>{{ op.responses }}</td></tr>
  {% endfor %}
  </tbody>
</table>
{% endblock %}"""
)


def _operations(schema: dict) -> list[dict[str, str]]:
    rows = []
    for path, item in sorted(schema.get("paths", {}).items()):
        for method, op in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            body = op.get("requestBody", {}).get("content", {})
            refs = {
                media.get("schema", {}).get("$ref", "").rsplit("/", 1)[-1]
                for media in body.values()
            }
            rows.append(
                {
                    "method": method.upper(),
                    "path": path,
                    "summary": (
                        op.get("description") or op.get("summary") or op.get("operationId", "")
                    ).strip(),
                    "request": ", ".join(sorted(r for r in refs if r)),
                    "responses": ", ".join(sorted(op.get("responses", {}))),
                }
            )
    return rows


@login_required
def api_docs(request: HttpRequest) -> HttpResponse:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    info = schema.get("info", {})
    context = {
        "title": info.get("title", "API"),
        "version": info.get("version", ""),
        "description": info.get("description", ""),
        "operations": _operations(schema),
    }
    return HttpResponse(PAGE.render(context, request))
