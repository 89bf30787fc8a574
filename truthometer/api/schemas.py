"""The request bodies the API accepts (pydantic models: validated, described in the OpenAPI at /docs)."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..config import JUDGES, METHODS

Method = Literal[METHODS]  # type: ignore[valid-type]
Judge = Literal[JUDGES]  # type: ignore[valid-type]


class Reference(BaseModel):
    """A reference document: its text, or a file's bytes in base64 (the kinds the CLI reads)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field("reference", max_length=200, description="shown in evidence locators, e.g. manual.md")
    text: str | None = Field(None, description="the document's text")
    content_base64: str | None = Field(None, description="or the file's bytes, base64-encoded")


class CheckOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    method: Method = Field("nli", description="the entailment judge (nli) or a DelucionQA detector")
    judge: Judge | None = Field(None, description="with method nli: cascade, cross-encoder or head")
    sources: list[Literal["kb", "web"]] = Field(
        default_factory=lambda: ["kb"], description="besides the references: the knowledge base, the web")
    top_k: int | None = Field(None, ge=1, le=20, description="evidence sentences kept per claim")


class CheckRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(..., description="the text to check")
    references: list[Reference | str] = Field(default_factory=list, description="texts, or Reference objects")
    options: CheckOptions = Field(default_factory=CheckOptions)
    mode: Literal["auto", "sync", "job"] = Field(
        "auto", description="auto: texts longer than the server's sync limit run as a job (202); "
                            "job: always a job; sync: always answer with the report")
    save: bool = Field(False, description="also store the check as a saved check (the review desk: "
                                          "`truthometer checks list`, the app's Saved checks page)")
    title: str | None = Field(None, max_length=200, description="the saved check's title (default: its first line)")


class DecisionRequest(BaseModel):
    """A reviewer's decision on one sentence's proposal of a saved check, as the app records it."""

    model_config = ConfigDict(extra="forbid")
    sentence: int = Field(..., ge=0, description="the sentence's index in the report")
    action: Literal["accept", "edit", "reject"]
    text: str = Field("", max_length=5_000, description="with edit: the sentence as edited")


class EntryRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(..., min_length=1, max_length=5_000)
    source: str = Field("api", max_length=200)
    locator: str = Field("", max_length=500)
    confidence: float = Field(1.0, ge=0, le=1)
    status: Literal["pending", "approved"] = "pending"


class GuardOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    mode: Literal["report", "correct", "block"] = "report"
    method: Method = "nli"
    judge: Judge | None = None
    sources: list[Literal["kb"]] = Field(default_factory=list)
    #: the policy of ``correct``: a sentence's correction is applied only when every substitution in it is
    #: of these kinds (None: every proposed correction)
    correct_kinds: list[Literal["number", "date", "entity", "negation", "phrase"]] | None = None


class ChatRequest(BaseModel):
    """An OpenAI chat-completion request; ``guard`` and ``context`` are ours, every other field goes to the
    model endpoint as it came."""

    model_config = ConfigDict(extra="allow")
    model: str | None = None
    messages: list[dict[str, Any]] = Field(..., min_length=1)
    guard: Literal["report", "correct", "block"] | GuardOptions | None = None
    context: list[str] | None = Field(None, description="documents to check the answer against, besides the "
                                                        "request's tool messages and context-marked system messages")
    stream: bool | None = None
