"""The bundled record composed to compare the eras: Jollyvet 1634 and Guiton 1822 part on it.

Expected values worked out by hand from rules.md (§3.2 deux tables, §3.7 rencontre, §3.9 bredouille)
and written in the record's comments; see site_src/games/jollyvet-rencontre.tric.
"""

import json
from pathlib import Path

from conftest import run_cli

RECORD = Path(__file__).resolve().parent.parent / "site_src" / "games" / "jollyvet-rencontre.tric"


def compare(*rules):
    code, out, err = run_cli("compare", RECORD, "--rules", ",".join(rules), "--json")
    assert code == 0, err
    return json.loads(out)


def test_the_record_checks_clean_under_its_own_rules():
    code, out, _ = run_cli("check", RECORD)
    assert code == 0 and out == ""


def test_jollyvet_and_guiton_differ_where_the_record_says():
    data = compare("jollyvet-1634", "guiton-1822")
    by_throw = {t["index"]: t for t in data["throws"]}
    (rencontre,) = by_throw[2]["differences"]
    assert (rencontre["jan"], rencontre["beneficiary"]) == ("rencontre", "black")
    assert rencontre["points"] == {"jollyvet-1634": 4, "guiton-1822": 0}
    assert rencontre["rule"] == "jans.rencontre"
    # throw 18: 4 left from throw 4 + 2 + 10 = one simple hole (Jollyvet); 2 + 10 in bredouille = a double hole
    assert by_throw[18]["holes"] == {"jollyvet-1634": {"white": 0, "black": 1},
                                     "guiton-1822": {"white": 0, "black": 2}}
    (again,) = by_throw[21]["differences"]
    assert (again["jan"], again["rule"]) == ("deux-tables", "variants.deux_tables_once")
    assert again["points"] == {"jollyvet-1634": 0, "guiton-1822": 6}
    assert {label: f["holes"]["black"] for label, f in data["final"].items()} == {
        "jollyvet-1634": 3, "guiton-1822": 4}


def test_the_text_report_names_the_rule_and_both_citations():
    code, out, _ = run_cli("compare", RECORD, "--rules", "jollyvet-1634,guiton-1822")
    assert code == 0
    assert "rencontre for black: jollyvet-1634 4 | guiton-1822 0" in out
    assert "jollyvet-1634: Jollyvet 1656 p.19 per Wikipedia (W)" in out
    assert "guiton-1822: Guiton 1822 ch. 1: at the start of the partie or of a relevé" in out
    assert out.rstrip().endswith("the outcome differs")
