"""Optional LLM collaboration: Truth-O-Meter-i (verify-and-revise), soft refusal, knowledge enrichment.

    from truthometer.llm import LLMClient, revise, enrich
    # a local endpoint is allow-listed by name; or LLMClient() from TRUTHOMETER_LLM_*
    client = LLMClient("http://127.0.0.1:11434", "llama3.1", allow_hosts=["127.0.0.1"])
    record = revise(answer, question, references, client)

Nothing else in Truth-O-Meter needs an LLM.
"""
from .client import (LLMBadResponse, LLMBudgetExhausted, LLMClient, LLMError, LLMRefused, LLMStats,
                     LLMUnavailable, chat_endpoint)
from .enrich import enrich, qa_to_statement
from .iterate import ClaimHistory, RevisionRecord, Round, revise, route_claim
from .prompts import REFUSAL_MARKER, refusal_kind, revise_prompt, split_refusal

__all__ = ["LLMClient", "LLMError", "LLMUnavailable", "LLMBadResponse", "LLMRefused", "LLMBudgetExhausted",
           "LLMStats", "chat_endpoint", "revise", "route_claim", "RevisionRecord", "Round", "ClaimHistory", "enrich",
           "qa_to_statement", "REFUSAL_MARKER", "refusal_kind", "split_refusal", "revise_prompt"]
