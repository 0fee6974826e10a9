import json
from io import StringIO

from django.core.management import call_command


def test_the_patent_tables_command_lists_every_row_with_its_verdict():
    out = StringIO()
    call_command("patenttables", "--json", stdout=out)
    rows = json.loads(out.getvalue())
    counts = [r for r in rows if r["table"] == "780 two-card counts"]
    assert len(counts) == 22 and all(r["agrees"] for r in counts)  # 21 totals and the 780 sum
    misprint = next(r for r in rows if r["printed"] == "51/821")
    assert not misprint["agrees"] and "820" in misprint["reason"]


def test_the_readable_summary_counts_agreements():
    out = StringIO()
    call_command("patenttables", "--disagreements", stdout=out)
    text = out.getvalue()
    assert "DISAGREES" in text and "printed figures agree with the exact count" in text
