"""Truth-O-Meter-i: the verify-and-revise loop, its stop rules, routing, soft refusal — then the real pipeline."""
import json
import re

import pytest

from fake_llm_server import FakeLLM, Garbage, Sleep
from truthometer.errors import InputError
from truthometer.llm import REFUSAL_MARKER, ClaimHistory, LLMClient, revise, route_claim, split_refusal
from truthometer.report import Evidence, Report, SentenceResult, Substitution, Suggestion

EVIDENCE = "The Eiffel Tower was completed in 1889."
LOCATOR = "eiffel.txt#1"
TRUE = {EVIDENCE, "It stands in Paris.", "The tower is made of wrought iron."}
# wrong sentence -> its correction from the evidence
WRONG = {"The Eiffel Tower was completed in 1925.": "The Eiffel Tower was completed in 1889.",
         "The Eiffel Tower was completed in 1926.": "The Eiffel Tower was completed in 1889.",
         "Completed 1925.": "Completed 1889."}


class FakeVerifier:
    """A tiny stand-in for the pipeline: known true sentences are supported, known wrong ones contradicted
    (with the evidence and a suggestion), short ones skipped, anything else unverifiable."""

    def __init__(self):
        self.calls = []

    def __call__(self, text: str) -> Report:
        self.calls.append(text)
        results = []
        for m in re.finditer(r"[^.!?]+[.!?]?", text):
            sentence = m.group(0).strip()
            if not sentence:
                continue
            start = text.index(sentence, m.start())
            r = SentenceResult(len(results), sentence, start, start + len(sentence), "unverifiable",
                               "no evidence about this claim")
            if len(sentence.split()) < 2:
                r.status, r.reason = "skipped", "not check-worthy: too short"
            elif sentence in TRUE:
                r.status, r.reason = "supported", "matches the evidence"
                r.evidence = [Evidence(EVIDENCE, "reference", LOCATOR, 0.95, "support")]
            elif sentence in WRONG:
                r.status, r.reason = "contradicted", "contradicted: date '1925' where the evidence has '1889'"
                r.evidence = [Evidence(EVIDENCE, "reference", LOCATOR, 0.9, "contradiction")]
                fixed = WRONG[sentence]
                i = sentence.index("192")
                r.suggestion = Suggestion(fixed, [Substitution(sentence[i:i + 4], "1889", i, i + 4, "date", EVIDENCE,
                                                               LOCATOR)])
            results.append(r)
        return Report(text, results)


def client_for(llm, **kw):
    kw.setdefault("allow_hosts", ("127.0.0.1",))  # the fake server is local: allowed by name
    kw.setdefault("timeout", 2)
    kw.setdefault("backoff", 0.01)
    return LLMClient(llm.url, "fake-model", **kw)


HALLUCINATION = "The Eiffel Tower was completed in 1925. It stands in Paris."
FIXED = "The Eiffel Tower was completed in 1889. It stands in Paris."


def test_hallucination_fixed_on_the_second_round():
    verify = FakeVerifier()
    with FakeLLM([FIXED]) as llm:
        record = revise(HALLUCINATION, "When was the Eiffel Tower completed?", client=client_for(llm), verify=verify)
        [post] = llm.posts
    prompt = post["json"]["messages"][-1]["content"]
    # The feedback names the claim, the evidence with its source, why it is defeated, and the refusal marker.
    assert "The Eiffel Tower was completed in 1925." in prompt and EVIDENCE in prompt
    assert f"reference: {LOCATOR}" in prompt and "CONTRADICTED" in prompt and "1889" in prompt
    assert "When was the Eiffel Tower completed?" in prompt and REFUSAL_MARKER in prompt
    assert "It stands in Paris." not in prompt.split("defeated:")[1]  # verified claims are not sent back
    assert record.stop_reason == "verified" and record.verdict == "verified"
    assert record.soft_ok and record.hard_ok
    assert len(record.rounds) == 2 and record.revisions == 1
    assert record.rounds[0].prompt is None and record.rounds[1].prompt == prompt
    assert [v["status"] for v in record.rounds[0].verdicts] == ["contradicted", "supported"]
    assert [v["status"] for v in record.rounds[1].verdicts] == ["supported", "supported"]
    assert record.final_text == FIXED and record.external_corrections == []
    assert record.llm["calls"] == 1 and record.llm["usage_reported"]
    assert verify.calls == [HALLUCINATION, FIXED]
    json.dumps(record.to_dict())  # the whole record is JSON


def test_already_verified_answer_makes_no_call():
    with FakeLLM(["never used"]) as llm:
        record = revise(FIXED, None, client=client_for(llm), verify=FakeVerifier())
        assert llm.posts == []
    assert record.stop_reason == "verified" and len(record.rounds) == 1 and record.final_text == FIXED


def test_unchanged_twice_routes_the_repeated_hallucination_outside():
    answer = "The Eiffel Tower was completed in 1925. The tower is painted bright green every spring."
    verify = FakeVerifier()
    with FakeLLM([answer]) as llm:  # the LLM keeps returning the same answer
        record = revise(answer, None, client=client_for(llm), verify=verify, max_rounds=3)
        prompts = [p["json"]["messages"][-1]["content"] for p in llm.posts]
    assert record.stop_reason == "unchanged_twice"
    assert len(record.rounds) == 3 and record.rounds[1].unchanged and record.rounds[2].unchanged
    # Contradicted in two consecutive rounds: handed to the external correction with the pipeline's suggestion.
    [external] = record.external_corrections
    assert external["claim"] == "The Eiffel Tower was completed in 1925."
    assert external["why"] == "repeated hallucination" and external["round"] == 1
    assert external["suggestion"]["corrected"] == "The Eiffel Tower was completed in 1889."
    assert external["suggestion"]["substitutions"][0]["from"] == "1925"
    # ... and it is no longer sent to the LLM; the unverifiable claim still is.
    assert "completed in 1925" in prompts[0].split("defeated:")[1]
    assert "completed in 1925" not in prompts[1].split("defeated:")[1] and "bright green" in prompts[1]
    assert record.final_text == ("The Eiffel Tower was completed in 1889. "
                                 "The tower is painted bright green every spring.")
    assert record.final_answer == answer
    by_text = {c["text"]: c for c in record.claims}
    assert by_text["The Eiffel Tower was completed in 1925."]["verdict"] == "corrected"
    assert by_text["The tower is painted bright green every spring."]["verdict"] == "not_verified"
    assert record.verdict == "not_verified" and not record.hard_ok
    assert len(verify.calls) == 1  # an unchanged answer is not checked again


def test_only_external_claims_left_stops_without_asking_again():
    answer = "The Eiffel Tower was completed in 1925. It stands in Paris."
    with FakeLLM([answer, "must not be asked"]) as llm:
        record = revise(answer, None, client=client_for(llm), verify=FakeVerifier())
        assert len(llm.posts) == 1
    assert record.stop_reason == "external" and record.verdict == "corrected"
    assert record.final_text == FIXED


def test_a_reworded_hallucination_is_the_same_claim():
    # The LLM "fixes" 1925 into 1926: contradicted again in the next round, so it is routed outside.
    answer = "The Eiffel Tower was completed in 1925. The tower is painted bright green every spring."
    reworded = "The Eiffel Tower was completed in 1926. The tower is painted bright green every spring."
    with FakeLLM([reworded, "The tower is painted green."]) as llm:
        record = revise(answer, None, client=client_for(llm), verify=FakeVerifier(), max_rounds=2)
    [external] = record.external_corrections
    assert external["claim"] == "The Eiffel Tower was completed in 1926." and external["round"] == 1
    assert external["why"] == "repeated hallucination"
    assert record.rounds[1].verdicts[0]["claim_id"] == record.rounds[0].verdicts[0]["claim_id"]
    assert record.rounds[1].verdicts[0]["route"] == "external"
    assert record.stop_reason == "max_rounds"


def test_short_phrase_goes_straight_to_external_correction():
    with FakeLLM(["unused"]) as llm:
        record = revise("Completed 1925.", None, client=client_for(llm), verify=FakeVerifier())
        assert llm.posts == []
    assert record.stop_reason == "external"
    assert record.external_corrections[0]["why"] == "short phrase"
    assert record.final_text == "Completed 1889."


def test_route_claim_policy():
    long = "The Eiffel Tower was completed in 1925 by a team of engineers."
    assert route_claim(ClaimHistory(0, long, ["contradicted"], [0])) == "iterate"
    assert route_claim(ClaimHistory(0, long, ["contradicted", "contradicted"], [0, 1])) == "external"
    assert route_claim(ClaimHistory(0, long, ["contradicted", "contradicted"], [0, 2])) == "iterate"  # not consecutive
    assert route_claim(ClaimHistory(0, long, ["unverifiable", "unverifiable"], [0, 1])) == "iterate"
    assert route_claim(ClaimHistory(0, long, ["unverifiable", "contradicted"], [0, 1])) == "iterate"
    assert route_claim(ClaimHistory(0, "Built in 1925.", ["contradicted"], [0])) == "external"
    assert route_claim(ClaimHistory(0, "It stands in Berlin.", ["contradicted"], [0])) == "iterate"


def test_max_rounds():
    answers = [f"The tower is painted bright green in spring number {n}." for n in range(5)]
    with FakeLLM(answers) as llm:
        record = revise("The tower is painted bright green every spring.", None, client=client_for(llm),
                        verify=FakeVerifier(), max_rounds=2)
        assert len(llm.posts) == 2
    assert record.stop_reason == "max_rounds" and record.revisions == 2 and len(record.rounds) == 3
    assert record.final_text == answers[1] and record.verdict == "not_verified"


def test_budget_exhausted_keeps_what_was_done():
    answers = ["The tower is painted blue in winter.", "The tower is painted red in autumn."]
    with FakeLLM(answers) as llm:
        record = revise("The tower is painted bright green every spring.", None,
                        client=client_for(llm, call_budget=1), verify=FakeVerifier(), max_rounds=3)
        assert len(llm.posts) == 1
    assert record.stop_reason == "budget" and "budget of 1" in record.error
    assert record.revisions == 1 and record.final_text == answers[0]


def test_soft_refusal_full():
    with FakeLLM([f"Sorry. {REFUSAL_MARKER}"]) as llm:
        verify = FakeVerifier()
        record = revise(HALLUCINATION, None, client=client_for(llm), verify=verify)
    assert record.stop_reason == "refused" and record.verdict == "refused"
    assert not record.soft_ok and record.rounds[-1].refusal == "full"
    assert record.final_text == REFUSAL_MARKER and len(verify.calls) == 1  # a refusal is not checked


def test_soft_refusal_partial_needs_both_checks():
    reply = f"It stands in Paris. {REFUSAL_MARKER}"
    with FakeLLM([reply]) as llm:
        verify = FakeVerifier()
        record = revise(HALLUCINATION, None, client=client_for(llm), verify=verify)
    # The remaining claim passes the hard check, but the LLM refused part of the answer: not verified.
    assert verify.calls[-1] == "It stands in Paris."
    assert record.stop_reason == "refused" and record.rounds[-1].refusal == "partial"
    assert record.hard_ok and not record.soft_ok and record.verdict == "refused"
    assert record.claims[0]["verdict"] == "verified"
    assert record.final_text == f"It stands in Paris. {REFUSAL_MARKER}"


def test_refusal_detection_variants():
    assert split_refusal("I can’t answer this from the evidence") == ("", "full")
    assert split_refusal("Paris is big.") == ("Paris is big.", "none")
    assert split_refusal("The tower is in Paris.\nI cannot answer this from the evidence.") == \
        ("The tower is in Paris.", "partial")
    assert split_refusal("I cannot answer this question.")[1] == "none"


@pytest.mark.parametrize("response, message", [(Sleep(1.0, "late"), "no answer within"),
                                               (Garbage(), "did not return JSON")])
def test_endpoint_failure_ends_the_loop_with_the_original_kept(response, message):
    with FakeLLM([response]) as llm:
        record = revise(HALLUCINATION, None, client=client_for(llm, timeout=0.3, max_retries=0),
                        verify=FakeVerifier())
    assert record.stop_reason == "llm_error" and message in record.error
    assert len(record.rounds) == 1 and record.final_text == HALLUCINATION
    assert record.llm["failures"] == 1


def test_empty_reply_is_an_llm_error():
    with FakeLLM(["   "]) as llm:
        record = revise(HALLUCINATION, None, client=client_for(llm), verify=FakeVerifier())
    assert record.stop_reason == "llm_error" and "empty" in record.error
    assert record.final_text == HALLUCINATION


def test_bad_input():
    with FakeLLM(["x"]) as llm:
        with pytest.raises(InputError):
            revise("   ", None, client=client_for(llm), verify=FakeVerifier())
    with pytest.raises(InputError):
        revise("text", None, client=None, verify=FakeVerifier())


# -- the real pipeline, end to end ------------------------------------------------------------------
def test_real_pipeline_hallucination_fixed():
    references = [("eiffel.txt", "The Eiffel Tower was completed in 1889. It is located in Paris. "
                                 "It was designed by the engineering company of Gustave Eiffel.")]
    fixed = "The Eiffel Tower was completed in 1889. It is located in Paris."
    with FakeLLM([f"Here is the revised answer:\n\n{fixed}"]) as llm:
        record = revise("The Eiffel Tower was completed in 1925. It is located in Paris.",
                        "When was the Eiffel Tower completed?", references, client_for(llm))
        prompt = llm.posts[0]["json"]["messages"][-1]["content"]
    assert record.rounds[1].answer == fixed and record.rounds[1].raw_answer.startswith("Here is")
    assert record.rounds[0].verdicts[0]["status"] == "contradicted"
    assert record.rounds[0].verdicts[0]["suggestion"] == "The Eiffel Tower was completed in 1889."
    assert "The Eiffel Tower was completed in 1889." in prompt and "eiffel.txt" in prompt
    assert record.stop_reason == "verified" and record.verdict == "verified" and len(record.rounds) == 2
    assert record.final_text == fixed


def test_progress_moves_forward_to_the_end():
    seen = []
    with FakeLLM([FIXED]) as llm:
        revise(HALLUCINATION, None, client=client_for(llm), verify=FakeVerifier(),
               progress=lambda f, m: seen.append((f, m)))
    fractions = [f for f, _ in seen]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and "done: verified" in seen[-1][1]


def test_rounds_html_escapes_llm_output():
    from truthometer.llm.render import rounds_html

    hostile = "The tower is <script>alert(1)</script> painted green."
    with FakeLLM([hostile]) as llm:
        record = revise("The tower is painted bright green every spring.", "<b>q</b>", client=client_for(llm),
                        verify=FakeVerifier(), max_rounds=1)
    html = rounds_html(record)
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Original answer" in html and "Revision 1" in html and "tom-unverifiable" in html
    assert "&lt;b&gt;q&lt;/b&gt;" in html  # the prompt (with the question) is shown escaped


def test_real_pipeline_hard_check_includes_knowledge_base_refusal(tmp_path):
    """The LLM insists on a claim the knowledge base is too far from (Learn-to-Refuse hard refusal): it never
    verifies, although the LLM did not refuse (soft check passes, hard check fails)."""
    import truthometer
    from truthometer.config import Config
    from truthometer.knowledge import KnowledgeBaseSource, open_kb
    from truthometer.pipeline import Checker

    kb = open_kb(tmp_path / "kb")  # the shipped seed, real embeddings
    checker = Checker(Config(), [KnowledgeBaseSource(kb, alpha=0.75)])
    answer = "The Eiffel Tower in Paris was completed in 1889. My cat prefers the blue cushion on Sundays."
    with FakeLLM([answer]) as llm:
        record = revise(answer, None, (), client_for(llm), verify=checker.check, max_rounds=3)
        prompt = llm.posts[0]["json"]["messages"][-1]["content"]
    assert "My cat prefers the blue cushion on Sundays." in prompt and "NO EVIDENCE" in prompt
    assert record.rounds[0].verdicts[0]["status"] == "supported"
    assert "outside the knowledge base" in record.rounds[0].verdicts[1]["reason"]
    assert record.stop_reason == "unchanged_twice" and record.soft_ok and not record.hard_ok
    assert [c["verdict"] for c in record.claims] == ["verified", "not_verified"]
    assert record.verdict == "not_verified"

    # The pipeline's check passed as it is still gets the references.
    with FakeLLM(["unused"]) as llm:
        record = revise("The Eiffel Tower was completed in 1889.", None,
                        [("eiffel.txt", "The Eiffel Tower was completed in 1889.")], client_for(llm),
                        verify=truthometer.check, max_rounds=0)
    assert record.stop_reason == "verified"
    kb.close()
