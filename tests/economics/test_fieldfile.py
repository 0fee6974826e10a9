"""Field files: every bad line named by its number, nothing half read."""

import pytest

from certification.economics.fieldfile import FieldFileError, read_field_file

GOOD = "date,table,rounds,handle,win\n2025-03-01,T1,400,4000,180.50\n2025-03-01,T2,380,3800,-95\n"


def test_a_good_file_reads_every_day():
    days = read_field_file(GOOD.encode())
    assert [(d.line, d.table, d.rounds, float(d.win)) for d in days] == [
        (2, "T1", 400, 180.5), (3, "T2", 380, -95.0)]


@pytest.mark.parametrize(("text", "message"), [
    ("date,table,handle,win\n", "line 1: the header must be date,table,rounds,handle,win"),
    ("", "line 1: the file is empty"),
    ("date,table,rounds,handle,win\n", "line 2: the file has a header but no days"),
    (GOOD + "2025-13-01,T1,400,4000,1\n", "line 4: date '2025-13-01' is not YYYY-MM-DD"),
    (GOOD + "2025-03-02,T1,0,4000,1\n", "line 4: rounds '0' is not a whole number"),
    (GOOD + "2025-03-02,T1,400,-5,1\n", "line 4: handle must be positive"),
    (GOOD + "2025-03-02,T1,400,4000,lots\n", "line 4: win 'lots' is not a number"),
    (GOOD + "2025-03-02,T1,400,4000\n", "line 4: expected 5 fields"),
    (GOOD + "2025-03-01,T1,10,100,1\n", "line 4: table T1 on 2025-03-01 is already on line 2"),
    (GOOD + "2025-03-02,T1,400,NaN,1\n", "line 4: handle 'NaN' is not a finite amount"),
])
def test_bad_files_name_the_line(text, message):
    with pytest.raises(FieldFileError) as caught:
        read_field_file(text.encode())
    assert message in str(caught.value)


def test_every_bad_line_is_listed_at_once():
    text = GOOD + "x,T1,1,1,1\n2025-03-04,T1,1,1,1\n2025-03-05,,1,1,1\n"
    with pytest.raises(FieldFileError) as caught:
        read_field_file(text.encode())
    assert [line for line, _ in caught.value.problems] == [4, 6]


def test_a_file_that_is_not_text_is_refused():
    with pytest.raises(FieldFileError, match="not UTF-8"):
        read_field_file(b"\xff\xfe\x00bad")
