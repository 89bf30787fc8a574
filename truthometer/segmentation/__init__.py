"""Text segmentation: sentences with offsets, check-worthiness, pronoun contextualisation."""
from .checkworthiness import skip_reason
from .context import contextualise
from .sentences import Sentence, split_sentences

__all__ = ["Sentence", "split_sentences", "skip_reason", "contextualise"]
