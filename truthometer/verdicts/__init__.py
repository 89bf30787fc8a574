"""The verdict stage: one decision per sentence from typed signals.

- ``relations``: the relation of each evidence sentence to the claim, as the judge reads it and as the rule
  tier, the alignment, the most trusted source and the cascade's near paraphrase settle it; the relations
  between pieces of evidence the argumentation reads. Each adjustment sets a flag.
- ``decision``: ``Signals`` (those relations, the rule tier's mismatches, the parts check, the alignment of
  a contradiction only the judge saw) -> ``reach_verdict`` -> ``Verdict`` (status, score, reason, flags),
  decided once; ``apply_verdict`` writes it onto the sentence.
- ``flags``: ``Flag``, what later stages test, and the note each renders for the reviewer.
"""
from .decision import (ARGUMENT_CRITERION, SOURCE_RANK, Signals, Verdict, apply_verdict, decide,
                       near_paraphrase_reason, reach_verdict, to_locate)
from .flags import (CONFIRMED_NOTE, MISPLACED_SUPPORT_NOTE, NOTES, OTHER_PARTICIPANT_NOTE, OUTWEIGHED_NOTE,
                    OVERRULED_SUPPORT_NOTE, PART_CONTRADICTED_NOTE, PARTLY_NOTE, TRUSTED_SOURCE_NOTE,
                    UNLOCATED_NOTE, UNSTATED_DATE_NOTE, WITHHELD_NOTE, Flag, add_flag)
from .relations import (ALIGNMENT_MARGIN, MISPLACEABLE, Relabel, apply_relabels, conflicting, judge_readings,
                        misplaced_supports,
                        outweigh_unlocated_contradictions, outweighed_contradictions, overrules_support,
                        near_paraphrase_support, relate_by_judge, relate_conflicting_evidence,
                        settle_misplaced_support, support_near_paraphrase, timed_argumentation,
                        trusted_source_contradictions, trusted_source_takes_part)

__all__ = ["ALIGNMENT_MARGIN", "ARGUMENT_CRITERION", "CONFIRMED_NOTE", "Flag", "MISPLACEABLE",
           "MISPLACED_SUPPORT_NOTE", "NOTES", "OTHER_PARTICIPANT_NOTE", "OUTWEIGHED_NOTE", "OVERRULED_SUPPORT_NOTE",
           "PART_CONTRADICTED_NOTE", "PARTLY_NOTE", "Relabel", "SOURCE_RANK", "Signals", "TRUSTED_SOURCE_NOTE",
           "UNLOCATED_NOTE", "UNSTATED_DATE_NOTE", "Verdict", "WITHHELD_NOTE", "add_flag", "apply_relabels",
           "apply_verdict", "conflicting", "decide", "judge_readings", "misplaced_supports", "near_paraphrase_reason",
           "near_paraphrase_support", "trusted_source_contradictions",
           "outweigh_unlocated_contradictions", "outweighed_contradictions",
           "overrules_support", "reach_verdict", "relate_by_judge", "relate_conflicting_evidence",
           "settle_misplaced_support", "support_near_paraphrase", "timed_argumentation", "to_locate",
           "trusted_source_takes_part"]
