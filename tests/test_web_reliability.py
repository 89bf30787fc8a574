"""Domain allow/deny lists and weights."""
import json

import pytest

from truthometer.errors import InputError
from truthometer.evidence.reliability import Reliability, default_reliability, domain_weight, load_reliability


def test_shipped_defaults():
    r = default_reliability()
    assert domain_weight("https://en.wikipedia.org/wiki/Paris") == r.weights["wikipedia.org"]
    assert domain_weight("https://www.pinterest.com/pin/1") == 0.0
    assert domain_weight("https://data.nasa.gov/x") == r.weights["gov"]
    assert domain_weight("https://unknown-blog.example/") == r.default_weight
    assert domain_weight("not a url") == 0.0


def test_longest_match_and_deny_wins(tmp_path):
    path = tmp_path / "domains.json"
    path.write_text(json.dumps({"default_weight": 0.4, "allowed_weight": 0.7, "allow": ["example.org"],
                                "deny": ["bad.example.org"], "weights": {"example.org": 0.6, "docs.example.org": 0.95}}))
    r = load_reliability(path)
    assert r.weight("http://docs.example.org/a") == 0.95
    assert r.weight("http://www.example.org/a") == 0.6
    assert r.weight("http://x.bad.example.org/a") == 0.0 and r.is_denied("http://bad.example.org")
    assert r.weight("http://other.net/") == 0.4
    assert domain_weight("http://docs.example.org/", r) == 0.95


def test_allow_only():
    r = Reliability.from_dict({"allow_only": True, "allow": ["gov"], "allowed_weight": 0.9})
    assert r.weight("https://www.cdc.gov/") == 0.9
    assert r.weight("https://example.com/") == 0.0


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"weights": {"a.org": 7}}', '{"default_weight": "high"}'])
def test_bad_files_give_clear_errors(tmp_path, content):
    path = tmp_path / "d.json"
    path.write_text(content)
    with pytest.raises(InputError):
        load_reliability(path)
    with pytest.raises(InputError, match="not found"):
        load_reliability(tmp_path / "missing.json")
