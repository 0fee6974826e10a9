"""The rounds' ingest in the OpenAPI schema.

POST /api/v1/rounds/ is a plain view (casino/api/rounds.py), so the schema generator does
not see it; this hook describes it from the round format itself (msgspec's JSON Schema of
casino.rules.rounds.Batch), so the published body cannot drift from what the view decodes.
"""

from __future__ import annotations

import msgspec

from casino.rules.rounds import Batch

PREFIX = "Posted"
PROBLEMS = {"type": "object", "properties": {
    "detail": {"type": "string"},
    "errors": {"type": "array", "items": {"type": "object", "properties": {
        "round": {"type": "integer", "nullable": True, "description": "the round's place in the batch"},
        "round_id": {"type": "string", "nullable": True},
        "field": {"type": "string"}, "message": {"type": "string"}}}}}}
STORED = {"type": "object", "properties": {
    "batch_id": {"type": "string"}, "posted": {"type": "integer"}, "stored": {"type": "integer"},
    "already_stored": {"type": "integer"}, "replayed": {"type": "boolean"}}}


def _openapi_3_0(schema):
    """msgspec writes JSON Schema 2020-12; OpenAPI 3.0 has no propertyNames nor type null."""
    if isinstance(schema, list):
        return [_openapi_3_0(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _openapi_3_0(v) for k, v in schema.items() if k not in ("propertyNames", "title")}
    options = out.get("anyOf")
    if options and {"type": "null"} in options:
        rest = [o for o in options if o != {"type": "null"}]
        out.pop("anyOf")
        out.update(rest[0] if len(rest) == 1 else {"anyOf": rest})
        out["nullable"] = True
    return out


def add_rounds_ingest(result, generator, request, public):
    (batch,), components = msgspec.json.schema_components(
        [Batch], ref_template="#/components/schemas/" + PREFIX + "{name}")
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.update({PREFIX + name: _openapi_3_0(schema) for name, schema in components.items()})
    result["components"].setdefault("securitySchemes", {})["ingestToken"] = {
        "type": "http", "scheme": "bearer",
        "description": "An ingest token (ti_...), scoped to named tables; it reads nothing."}

    def answer(text, schema=PROBLEMS):
        return {"description": text, "content": {"application/json": {"schema": schema}}}

    result.setdefault("paths", {})["/api/v1/rounds/"] = {"post": {
        "operationId": "rounds_ingest", "tags": ["rounds"], "security": [{"ingestToken": []}],
        "summary": "A batch of rounds from a table system or studio (all or nothing, stored once)",
        "requestBody": {"required": True, "content": {"application/json": {"schema": _openapi_3_0(batch)}}},
        "responses": {
            "201": answer("stored", STORED),
            "200": answer("this batch id was stored before: nothing stored again", STORED),
            "400": answer("the body is not a batch"),
            "401": answer("no ingest token"),
            "403": answer("rounds for tables this token may not post to; nothing stored"),
            "413": answer("the body or the batch is over its limit; nothing stored"),
            "422": answer("bad rounds, each named with its field; nothing stored"),
            "429": {"description": "busy: retry the same batch after Retry-After seconds; nothing stored",
                    "headers": {"Retry-After": {"schema": {"type": "integer"}}}},
        }}}
    return result
