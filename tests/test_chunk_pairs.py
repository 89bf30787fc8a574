"""scripts/chunk_pairs.py: the judge's chunk-level training pairs from articles with expected verdicts and
from WiCE rows (issue 57), on data the test writes."""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from chunk_pairs import CHUNK_SENTENCES, article_pairs, wice_pairs  # noqa: E402
from truthometer.benchmarks.splits import part_of  # noqa: E402

REFERENCE = ("The bridge opened to traffic in 1937. It was designed by Joseph Strauss. Its towers are 227 metres "
             "tall. The span is painted orange. Fog often covers the strait in summer.")
ARTICLE = {"id": "bridge", "text": "The bridge opened in 1947. Its towers rise 227 metres. It is the most beautiful "
                                   "bridge in the world. It carries a railway line.",
           "references": [REFERENCE],
           "expect": [{"contains": "opened in 1947", "status": "contradicted", "corrected_has": ["1937"]},
                      {"contains": "towers rise", "status": "supported"},
                      {"contains": "most beautiful", "status": "skipped"},
                      {"contains": "railway", "status": "unverifiable"}]}


def test_article_pairs_label_by_the_expected_status(tmp_path):
    (tmp_path / "a_development.json").write_text(json.dumps([ARTICLE]), encoding="utf-8")
    pairs = article_pairs(str(tmp_path / "*_development.json"))
    by_claim = {}
    for p in pairs:
        by_claim.setdefault(p.hypothesis, []).append(p)
    assert set(by_claim) == {"The bridge opened in 1947.", "Its towers rise 227 metres.", "It carries a railway line."}
    # The contradiction is taught on the sentence that holds the correction's words only, not on a chunk.
    wrong = by_claim["The bridge opened in 1947."]
    assert [(p.premise, p.label) for p in wrong] == [("The bridge opened to traffic in 1937.", "contradiction")]
    (chunk,) = by_claim["Its towers rise 227 metres."]
    assert chunk.label == "entailment" and "Its towers are 227 metres tall." in chunk.premise
    assert chunk.premise.count(".") == CHUNK_SENTENCES
    # The chunk keeps the reference's order of its sentences.
    order = [REFERENCE.index(s.strip() + ".") for s in chunk.premise.split(".") if s.strip()]
    assert order == sorted(order)
    assert {p.label for p in by_claim["It carries a railway line."]} == {"neutral"}
    assert len({p.group for p in pairs}) == 3


def test_a_contradiction_whose_correction_no_sentence_holds_gives_no_pair(tmp_path):
    article = dict(ARTICLE, expect=[{"contains": "opened in 1947", "status": "contradicted", "corrected_has": ["1930"]}])
    (tmp_path / "b_development.json").write_text(json.dumps([article]), encoding="utf-8")
    assert article_pairs(str(tmp_path / "*_development.json")) == []


def _development_claims(n: int) -> list[str]:
    claims, k = [], 0
    while len(claims) < n:
        claim = f"Claim number {k} is stated."
        if part_of(claim) == "development":
            claims.append(claim)
        k += 1
    return claims


def test_wice_pairs_read_the_supporting_sentences_as_a_chunk(tmp_path):
    supported, partial, validation = _development_claims(2) + [
        next(c for c in (f"Held-out claim {k}." for k in range(100)) if part_of(c) == "validation")]
    page = ["Sentence zero.", "Sentence one.", "Sentence two.", "Sentence three."]
    rows = [{"claim": supported, "label": "supported", "supporting_sentences": [[2, 0]], "evidence": page},
            {"claim": partial, "label": "partially_supported", "supporting_sentences": [[3]], "evidence": page},
            {"claim": validation, "label": "supported", "supporting_sentences": [[1]], "evidence": page}]
    (tmp_path / "dev.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    pairs = wice_pairs(tmp_path / "dev.jsonl", tmp_path / "absent.jsonl")
    assert [(p.premise, p.hypothesis, p.label) for p in pairs] == [
        ("Sentence zero. Sentence two.", supported, "entailment"),
        ("Sentence zero.", supported, "neutral"),  # less one supporting sentence: only part of the claim
        ("Sentence three.", partial, "neutral")]


def test_bench_articles_scores_the_held_or_the_trained_articles_alone(tmp_path):
    import subprocess

    from truthometer.benchmarks.splits import judge_learns_article

    ids = [f"article-{k}" for k in range(12)]
    learnt = [i for i in ids if judge_learns_article(i)]
    assert 0 < len(learnt) < len(ids)
    path = tmp_path / "articles.json"
    path.write_text(json.dumps([dict(ARTICLE, id=i) for i in ids]), encoding="utf-8")
    for part, want in (("held", len(ids) - len(learnt)), ("trained", len(learnt))):
        done = subprocess.run([sys.executable, "-m", "truthometer", "bench", "articles", "--data", str(path),
                               "--methods", "keyword", "--part", part], capture_output=True, text=True, timeout=300,
                              cwd=ROOT)
        assert done.returncode == 0, done.stderr[-2000:]
        assert f"{part}: {want} articles" in done.stdout
        # Four expected sentences an article, and only the part's articles are scored.
        assert json.loads(done.stdout.strip().splitlines()[-1])["keyword"]["statuses_total"] == 4 * want
