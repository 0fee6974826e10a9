"""The rounds' ingest is in the OpenAPI schema, its body described from the round format."""

from __future__ import annotations

import msgspec
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema

from casino.rules.rounds import Batch, Round, Seat


def test_the_schema_describes_the_ingest_from_the_round_format():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    validate_schema(schema)  # OpenAPI 3.0 as published, the ingest's part included
    post = schema["paths"]["/api/v1/rounds/"]["post"]
    assert post["security"] == [{"ingestToken": []}]
    assert {"201", "200", "403", "413", "422", "429"} <= set(post["responses"])
    schemas = schema["components"]["schemas"]
    assert post["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/PostedBatch"}
    body = schemas["PostedBatch"]
    assert body["required"] == ["batch_id", "rounds"]
    for struct in (Round, Seat):
        own = msgspec.json.schema_components([struct])[1][struct.__name__]
        assert schemas[f"Posted{struct.__name__}"]["required"] == own["required"]
        assert set(schemas[f"Posted{struct.__name__}"]["properties"]) == set(struct.__struct_fields__)
    assert set(body["properties"]) == set(Batch.__struct_fields__)
