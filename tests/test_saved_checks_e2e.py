"""The one saved-checks test that runs real checks: `check --save` against a knowledge entry, the entry
rejected, the sentence marked "evidence changed", `checks recheck` giving its new verdict; `batch --save`."""
import json

from truthometer.checks import open_checks
from truthometer.cli import main
from truthometer.knowledge import KnowledgeBase


def test_check_save_reopen_recheck_and_batch_save(tmp_path, capsys):
    kb_dir = tmp_path / "kb"
    kb = KnowledgeBase(kb_dir, seed=None)  # the real embedder: the check searches it
    kb.store.meta("seeded", "1")
    entry = kb.add("The tower was completed in 1889 in Paris.", source="atlas", status="approved", created_by="cura")
    article = tmp_path / "article.txt"
    article.write_text("The tower was completed in 1899. I think it is lovely.", encoding="utf-8")
    assert main(["check", str(article), "--kb", str(kb_dir), "--save", "--author", "ana", "-q"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["sentences"][0]["status"] == "contradicted"
    checks = open_checks(str(kb_dir))
    [row] = checks.list()
    assert row["created_by"] == "ana" and row["counts"]["contradicted"] == 1
    check = checks.get(row["id"])
    assert any(e.kind == "kb" and e.key == str(entry.id) and e.sentence == 0 for e in check.evidence)
    assert check.config["kb_dir"] == str(kb_dir)

    kb.reject([entry.id], "cura")
    assert list(checks.get(row["id"]).changed_sentences()) == [0]
    assert main(["checks", "--kb", str(kb_dir), "recheck", str(row["id"]), "--author", "ana"]) == 0
    assert "contradicted -> unverifiable" in capsys.readouterr().out
    check = checks.get(row["id"])
    assert check.changed_sentences() == {} and check.rechecks[0]["new"]["status"] == "unverifiable"

    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(json.dumps({"id": "doc-1", "text": "The bridge opened in 1932.",
                                  "references": ["The bridge opened in 1932 after six years of work."]}) + "\n",
                      encoding="utf-8")
    assert main(["batch", str(corpus), "--out", str(tmp_path / "results.jsonl"), "--kb", str(kb_dir), "--save",
                 "--author", "bob", "-q"]) == 0
    newest = checks.list()[0]
    assert (newest["title"], newest["origin"], newest["created_by"]) == ("doc-1", "batch", "bob")
    saved = checks.get(newest["id"])
    assert saved.refs[0]["name"] and saved.report().sentences[0].status == "supported"
    kb.close()
