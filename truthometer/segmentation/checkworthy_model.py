"""A learned reading of check-worthiness: a logistic regression over the sentence embedding that says how
likely a sentence is an opinion, a value judgement, generic advice or a prediction rather than a fact a
reference could confirm ("Its games are a must for any family", "A little planning goes a long way").

The word lists of ``checkworthiness`` catch the marked cases ("I think", "amazing"); most opinions in
generated articles carry no such word, and a list long enough to catch them fits the sentences it was
written from. The model is trained by ``scripts/train_checkworthiness.py`` on sentences written for the
purpose (``truthometer/data/checkworthiness/sentences.jsonl``, none from a benchmark) and on factual claims
of the development parts of the data sets; its card is ``truthometer/data/checkworthiness/MODEL_CARD.md``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..config import bundled
from ..errors import ModelNotAvailable
from ..text.names import ENTITY_LABELS, VALUE_LABELS

MODEL_FILE = "model.json"

#: What the parse says beside the embedding, each 0 or 1 (``features``): an amount or a date is what a
#: reference states, a first or second person and a modal are how opinion and advice are written.
FEATURES = ("amount", "name", "imperative", "you", "i_we", "modal", "superlative", "question")
# The label sets the bundled model was trained with (scripts/train_checkworthiness.py): an ordinal is no
# amount here, nor a language a name. Changing either changes the model's features, so they stay its own.
_AMOUNT_ENTITIES = VALUE_LABELS - {"ORDINAL"}
_NAME_ENTITIES = ENTITY_LABELS - {"LANGUAGE"}


def states_an_amount(doc) -> bool:
    """Whether the sentence (a spaCy Doc or Span) states a number, amount, date or time: what a reference
    can confirm however the sentence is worded ("consult a doctor if pain lasts more than 5 days")."""
    return any(t.like_num or t.ent_type_ in _AMOUNT_ENTITIES for t in doc)


def features(doc) -> np.ndarray:
    """The parse features of one sentence (a spaCy Doc or Span), in the order of ``FEATURES``."""
    tokens = list(doc)
    lows = {t.lower_ for t in tokens}
    root = next((t for t in tokens if t.dep_ == "ROOT"), None)
    imperative = root is not None and root.tag_ == "VB" and not any(
        c.dep_ in ("nsubj", "nsubjpass", "expl") for c in root.children)
    return np.array([
        states_an_amount(tokens),
        any(t.ent_type_ in _NAME_ENTITIES for t in tokens),
        imperative,
        bool(lows & {"you", "your", "yours", "yourself"}),
        bool(lows & {"i", "we", "my", "our", "me", "us"}),
        any(t.tag_ == "MD" for t in tokens),
        any(t.tag_ in ("JJS", "RBS") for t in tokens),
        bool(tokens) and tokens[-1].text == "?",
    ], dtype=np.float32)


@dataclass(frozen=True)
class CheckworthinessModel:
    """p(not check-worthy | embedding) = sigmoid(coef · v + intercept); skipped at or above ``threshold``."""

    coef: np.ndarray
    intercept: float
    threshold: float
    #: The encoder precision the model was trained on (its vectors are what it reads best).
    precision: str = "float32"

    def probability(self, vectors: np.ndarray, docs) -> np.ndarray:
        """The probability that each sentence is not check-worthy, from its embedding (a row of
        ``vectors``) and its parse (``docs``, spaCy Docs or Spans in the same order)."""
        vectors = np.asarray(vectors, dtype=np.float32)
        width = self.coef.shape[0] - len(FEATURES)
        if vectors.ndim != 2 or vectors.shape[1] != width or len(docs) != len(vectors):
            raise ValueError(f"the check-worthiness model reads {width}-dimensional embeddings, one per parsed "
                             f"sentence; got shape {vectors.shape} for {len(docs)} sentences")
        rows = np.hstack([vectors, np.stack([features(d) for d in docs])]) if len(docs) else \
            np.zeros((0, self.coef.shape[0]), dtype=np.float32)
        return 1.0 / (1.0 + np.exp(-(rows @ self.coef + self.intercept)))

    def not_checkworthy(self, vectors: np.ndarray, docs) -> list[float | None]:
        """Per sentence, the probability where it reaches the threshold (the sentence is skipped), else None."""
        return [float(p) if p >= self.threshold else None for p in self.probability(vectors, docs)]

    def to_json(self, **extra) -> str:
        return json.dumps({"coef": [round(float(x), 6) for x in self.coef], "intercept": round(self.intercept, 6),
                           "threshold": self.threshold, "precision": self.precision, **extra}, indent=1)


@lru_cache(maxsize=2)
def load(path: str | None = None) -> CheckworthinessModel:
    """The bundled model (or the one at ``path``)."""
    file = path or str(bundled("checkworthiness", MODEL_FILE))
    try:
        with open(file, encoding="utf-8") as handle:
            raw = json.load(handle)
        return CheckworthinessModel(np.asarray(raw["coef"], dtype=np.float32), float(raw["intercept"]),
                                    float(raw["threshold"]), raw.get("precision", "float32"))
    except (OSError, ValueError, KeyError) as exc:
        raise ModelNotAvailable(f"cannot read the check-worthiness model {file}: {exc}; reinstall the package "
                                f"or train it again with scripts/train_checkworthiness.py") from exc
