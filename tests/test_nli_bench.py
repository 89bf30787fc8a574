"""The three NLI benchmarks on small files the test writes, the data readers, the synthetic generator."""
import argparse
import json
import re

import pytest

from truthometer.benchmarks import climate_fever, fever_sym, nli_common, sick
from truthometer.errors import InputError
from truthometer.judging.nli.alignment import normalise


def fever_file(tmp_path):
    rows = [
        {"id": "1", "claim": "The tower was completed in 1899 .", "evidence": "The tower was completed in 1889 .", "gold_label": "REFUTES"},
        {"id": "10000002", "claim": "The tower was completed in 1889 .", "evidence": "The tower was completed in 1889 .", "gold_label": "SUPPORTS"},
        {"id": "2", "label": "SUPPORTS", "claim": "Savages is an American film .", "evidence_sentence": "Savages is a 2012 American crime thriller film ."},
        {"id": "20000002", "label": "REFUTES", "claim": "Savages is a German film .", "evidence_sentence": "Savages is a 2012 American crime thriller film ."},
    ]
    path = tmp_path / "fever.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def test_fever_reader_groups_and_labels(tmp_path):
    pairs = nli_common.fever_sym(fever_file(tmp_path))
    assert [p.label for p in pairs] == ["contradiction", "entailment", "entailment", "contradiction"]
    assert pairs[0].group == pairs[1].group == "fever:1"
    assert pairs[2].group == pairs[3].group == "fever:2"


def test_fever_bench_prints_baselines_and_ours(tmp_path, capsys):
    figures = fever_sym.run(argparse.Namespace(data=str(fever_file(tmp_path)), limit=0))
    out = capsys.readouterr().out
    for name in ("sim-cosine", "sim-overlap", "sim-hybrid", "ours"):
        assert name in out
    assert figures["pairs"] == 4 and 0.0 <= figures["ours"] <= 1.0 and figures["pairs_per_s"] > 0
    assert {"sim_cosine", "sim_overlap", "sim_hybrid"} <= set(figures)
    assert "as the pipeline combines them" in out and 0.0 <= figures["ours_with_alignment"] <= 1.0
    # The judge's other settings (each model of the cascade alone) are measured on the same pairs.
    assert "judge=head" in out and "judge=cross-encoder" in out
    assert 0.0 <= figures["ours_cross_encoder"] <= 1.0 and figures["ours_cross_encoder_pairs_per_s"] > 0
    assert 0.0 <= figures["ours_head"] <= 1.0
    # A rate is printed with the machine it was measured on.
    assert f"pairs/s measured on: {figures['machine']}" in out and re.search(r", \d+ cores", figures["machine"])


def test_fever_bench_scores_one_frozen_part_of_the_claim_groups(tmp_path):
    from truthometer.benchmarks.splits import part_of

    rows = [{"id": str(k), "claim": f"Item {k} was made in 1900 .", "evidence": f"Item {k} was made in 1900 .",
             "gold_label": "SUPPORTS"} for k in range(1, 41)]
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    expected = sum(part_of(f"fever:{k}") == "validation" for k in range(1, 41))
    assert 0 < expected < 40
    figures = fever_sym.run(argparse.Namespace(data=str(path), limit=0, part="validation", no_alignment=True))
    assert figures["pairs"] == expected and figures["part"] == "validation"


def test_fever_bench_scores_cross_validated_probabilities_instead_of_the_shipped_judge(tmp_path, capsys):
    from truthometer.judging.nli import BUNDLED_DIR

    chosen = json.loads((BUNDLED_DIR / "head.json").read_text(encoding="utf-8"))["chosen"]
    candidate = chosen.removesuffix(" all features")
    pairs = nli_common.fever_sym(fever_file(tmp_path))
    # Right on the first three pairs, wrong on the fourth; another candidate's rows are not read.
    probs = [[0.1, 0.1, 0.8], [0.8, 0.1, 0.1], [0.7, 0.2, 0.1], [0.6, 0.3, 0.1]]
    rows = [{"candidate": candidate, "claim": p.hypothesis, "evidence": p.premise, "probs": pr}
            for p, pr in zip(pairs, probs)]
    rows += [{"candidate": "logreg {'C': 0.1}", "claim": p.hypothesis, "evidence": p.premise, "probs": [0, 0, 1]}
             for p in pairs]
    dump = tmp_path / "cv.jsonl"
    dump.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    figures = fever_sym.run(argparse.Namespace(data=str(fever_file(tmp_path)), limit=0, cv_predictions=str(dump)))
    out = capsys.readouterr().out
    assert figures["ours"] == 0.75 and figures["cross_validated"] and figures["pairs_per_s"] is None
    assert "machine" not in figures and "measured on" not in out  # no rate, no machine
    assert "grouped cross-validation" in out and "judge=head" not in out
    # The alignment sees the German / American substitution the judge missed.
    assert figures["ours_with_alignment"] == 1.0
    dump.write_text("\n".join(json.dumps(r) for r in rows[:3]) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="1 of the 4 pairs"):
        fever_sym.run(argparse.Namespace(data=str(fever_file(tmp_path)), limit=0, cv_predictions=str(dump)))


def test_the_pipeline_combination_overrules_a_support_with_a_wrong_year_and_a_contradiction_with_no_slot():
    from truthometer.config import Config

    pairs = [nli_common.Pair("The bridge opened in 1932 .", "The bridge opened in 1936 .", "contradiction", "g1"),
             nli_common.Pair("The bridge opened in 1932 .", "The bridge opened in 1932 .", "entailment", "g1"),
             nli_common.Pair("The bridge opened in 1932 .", "The bridge was opened in 1932 .", "entailment", "g2")]
    label, out, seconds = fever_sym.as_the_pipeline_combines(
        pairs, ["entailment", "entailment", "contradiction"], [0.95, 1.0, 0.97], Config())
    assert out == ["contradiction", "entailment", "entailment"] and seconds >= 0
    # Unsure and not a near-paraphrase: the contradiction stands (the pipeline would not call it support)...
    unsure = [nli_common.Pair("The bridge was opened in 1932 .", "The bridge opened in 1932 in Lyon .",
                              "neutral", "g3")]
    _, out, _ = fever_sym.as_the_pipeline_combines(unsure, ["contradiction"], [0.3], Config())
    assert out == ["contradiction"]
    # ... unless the evidence states every slot of the claim the same way: then it is support.
    _, out, _ = fever_sym.as_the_pipeline_combines(pairs[2:], ["contradiction"], [0.3], Config())
    assert out == ["entailment"]


def test_sick_bench_reads_split(tmp_path, capsys):
    header = "pair_ID\tsentence_A\tsentence_B\tentailment_label\trelatedness_score\tSemEval_set\n"
    lines = ["1\tA man is playing a guitar\tA man is playing an instrument\tENTAILMENT\t4.5\tTRIAL",
             "2\tA man is playing a guitar\tNobody is playing a guitar\tCONTRADICTION\t3.5\tTRIAL",
             "3\tA dog runs in a field\tA woman is cooking\tNEUTRAL\t1.2\tTRIAL",
             "4\tA dog runs in a field\tA dog is running\tENTAILMENT\t4.8\tTRAIN"]
    path = tmp_path / "sick.txt"
    path.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    figures = sick.run(argparse.Namespace(data=str(path), split="TRIAL", limit=0))
    assert figures["pairs"] == 3
    assert "not supported -> " in capsys.readouterr().out
    with pytest.raises(InputError):
        nli_common.sick(path, "TEST")
    bad = tmp_path / "bad.txt"
    bad.write_text("a\tb\n1\t2\n", encoding="utf-8")
    with pytest.raises(InputError, match="not a SICK file"):
        nli_common.sick(bad)


def test_climate_split_is_by_claim_and_seeded(tmp_path):
    rows = [{"claim_id": str(i), "claim": f"Claim number {i} about the sea level.",
             "evidences": [{"evidence": f"Evidence {j} for claim {i}.", "evidence_label": lab}
                           for j, lab in enumerate(["SUPPORTS", "REFUTES", "NOT_ENOUGH_INFO"])]}
            for i in range(20)]
    path = tmp_path / "climate.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    held = nli_common.climate_fever(path, "heldout")
    train = nli_common.climate_fever(path, "train")
    assert len(held) == 6 * 3 and len(train) == 14 * 3
    assert not {p.group for p in held} & {p.group for p in train}
    assert held == nli_common.climate_fever(path, "heldout")
    figures = climate_fever.run(argparse.Namespace(data=str(path), split="all", limit=0))
    assert figures["metric"] == "macro_f1" and figures["pairs"] == 60
    with pytest.raises(InputError):
        nli_common.climate_fever(path, "test")


def test_bad_files(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        nli_common.fever_sym(tmp_path / "none.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"claim": "x"}\n', encoding="utf-8")
    with pytest.raises(InputError, match="label"):
        nli_common.fever_sym(bad)
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(bytes(range(128, 256)) * 8)
    with pytest.raises(InputError, match="not UTF-8"):
        nli_common.fever_sym(binary)


def test_metrics():
    gold = ["entailment", "neutral", "contradiction", "neutral"]
    assert nli_common.accuracy(gold, gold) == 1.0
    assert nli_common.macro_f1(gold, ["neutral"] * 4) == pytest.approx((0 + 2 * 2 / (2 * 2 + 2) + 0) / 3)


def test_normalise_is_idempotent():
    for text in ["Savages -LRB- film -RRB- is a 2012 film , directed by Oliver Stone .",
                 "climate change\xa0... On-going efforts", "  spaced   out  "]:
        once = normalise(text)
        assert normalise(once) == once
    assert normalise("Savages -LRB- film -RRB- , 2012 .") == "Savages (film), 2012."


def test_synthetic_pairs_are_deterministic_and_labelled():
    from truthometer import models
    from truthometer.judging.nli.synthetic import generate

    sentences = ["The Eiffel Tower was completed in 1889 in Paris, and it was designed by Gustave Eiffel.",
                 "Savages is a 2012 American crime thriller film directed by Oliver Stone.",
                 "The river began to flood in March 2004 after heavy rain in Germany."]
    a = generate(sentences, models.nlp(), seed=3)
    assert a == generate(list(reversed(sentences)), models.nlp(), seed=3)
    labels = {lab for _, _, lab in a}
    assert "entailment" in labels and "contradiction" in labels
    assert all(p in sentences for p, _, _ in a)


def test_caption_pairs_are_deterministic_balanced_and_consistent():
    from collections import Counter

    from truthometer.judging.nli.captions import Scene, generate_captions, negated, render

    pairs = generate_captions(200, seed=5)
    assert pairs == generate_captions(200, seed=5) and pairs != generate_captions(200, seed=6)
    counts = Counter(label for _, _, label in pairs)
    assert set(counts) == {"entailment", "neutral", "contradiction"} and min(counts.values()) > len(pairs) / 5
    assert all(p != h for p, h, _ in pairs) and len(set((p, h) for p, h, _ in pairs)) == len(pairs)
    scene = Scene("man", verb="playing", participle="played", obj="guitar", place="in a park")
    assert render(scene) == "A man is playing a guitar in a park."
    assert render(scene, "passive") == "A guitar is being played by a man in a park."
    assert render(scene, "there") == "There is a man playing a guitar in a park."
    import random
    denial = negated(scene, random.Random(1))
    assert any(w in denial.lower().split() for w in ("no", "not", "nobody"))
    # A contradiction always carries a negation on exactly one side.
    for premise, hypothesis, label in pairs:
        if label == "contradiction":
            neg = [any(w in s.lower().replace(".", "").split() for w in ("no", "not", "nobody")) for s in (premise, hypothesis)]
            assert neg[0] != neg[1], (premise, hypothesis)


def test_a_denial_contradicts_only_what_it_covers():
    from truthometer.judging.nli.captions import generate_captions

    form = {"a", "an", "the", "is", "are", "there", "no", "not", "nobody", "some", "two", "people", "person"}

    def content(sentence):
        return set(sentence.lower().strip(".").split()) - form

    denials = [(p, h, label) for p, h, label in generate_captions(400, seed=7)
               if p.lower().startswith(("there is no", "there are no", "no ")) and " by " not in h]
    assert {label for _, _, label in denials} == {"neutral", "contradiction"}
    for premise, hypothesis, label in denials:
        # A denial contradicts a hypothesis that states everything it denies (and maybe more), and leaves
        # open one that states less ("no cat eating corn on the cob" / "a cat is eating corn").
        if label == "neutral":
            assert not content(premise) <= content(hypothesis), (premise, hypothesis)


def test_climate_claims_bench_checks_each_claim_end_to_end(tmp_path, capsys):
    from truthometer.benchmarks import climate_claims

    def claim(cid, text, label, evidence):
        return {"claim_id": cid, "claim": text, "claim_label": label,
                "evidences": [{"evidence_id": f"E:{cid}:{k}", "evidence": e} for k, e in enumerate(evidence)]}

    rows = [claim("1", "The tower was completed in 1899.", "REFUTES", ["The tower was completed in 1889."]),
            claim("2", "The tower was completed in 1889.", "SUPPORTS", ["The tower was completed in 1889."]),
            claim("3", "Koalas sleep twenty hours a day.", "NOT_ENOUGH_INFO", ["The tower was completed in 1889."]),
            claim("4", "The tower is ugly and disputed.", "DISPUTED", ["The tower was completed in 1889."])]
    path = tmp_path / "climate.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    figures = climate_claims.run(argparse.Namespace(data=str(path), split="all", methods="cosine", limit=0))
    out = capsys.readouterr().out
    assert figures["claims"] == 3 and "DISPUTED" not in figures["labels"]  # left out, as the dataset's task does
    # The wrong year is contradicted by the rule tier, the right one supported, the unrelated claim refused.
    assert figures["cosine"]["accuracy"] == 1.0 and figures["cosine"]["refutes_precision"] == 1.0
    assert "baseline: always" in out and figures["majority"]["accuracy"] == pytest.approx(1 / 3)
    # A sentence's contradiction outweighs another sentence's support; nothing said is not enough information.
    assert climate_claims.claim_verdict(["supported", "contradicted"]) == "REFUTES"
    assert climate_claims.claim_verdict(["skipped", "unverifiable"]) == "NOT_ENOUGH_INFO"
    with pytest.raises(InputError):
        bad = tmp_path / "bad.jsonl"
        bad.write_text(json.dumps({"claim": "x", "claim_label": "SUPPORTS", "evidences": "none"}) + "\n")
        climate_claims.run(argparse.Namespace(data=str(bad), split="all", methods="cosine", limit=0))


def test_bad_articles_files(tmp_path):
    from truthometer.benchmarks.articles import load_articles

    binary = tmp_path / "binary.json"
    binary.write_bytes(bytes(range(128, 256)) * 8)
    with pytest.raises(InputError, match="not UTF-8"):
        load_articles(str(binary))
    broken = tmp_path / "broken.json"
    broken.write_text('[{"id": ', encoding="utf-8")
    with pytest.raises(InputError, match="not JSON"):
        load_articles(str(broken))
