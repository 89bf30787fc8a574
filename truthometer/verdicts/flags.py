"""What the verdict stage adjusted, as flags later stages test, and the note each renders for the reviewer.

Control flow reads ``SentenceResult.flags`` (``Flag`` members, which compare equal to their string values
and serialise as them); ``notes`` says the same in words and is never read back.
"""
from __future__ import annotations

from enum import Enum

from ..report import SentenceResult


class Flag(str, Enum):
    OTHER_PARTICIPANT = "other-participant"
    UNSTATED_DATE = "unstated-date"
    OTHER_COUNT = "other-count"
    MISPLACED_SUPPORT = "misplaced-support"
    OVERRULED_SUPPORT = "overruled-support"
    OUTWEIGHED = "outweighed"
    TRUSTED_SOURCE = "trusted-source-contradicts"
    #: the cascade took a near paraphrase as support where the judge was unsure (no note: the reason says so)
    NEAR_PARAPHRASE = "near-paraphrase"
    PART_CONTRADICTED = "part-contradicted"
    PARTLY_SUPPORTED = "partly-supported"
    UNLOCATED = "unlocated"
    CONFIRMED = "confirmed-by-alignment"
    CORRECTION_WITHHELD = "correction-withheld"

    def __str__(self) -> str:
        return self.value


OVERRULED_SUPPORT_NOTE = ("an evidence sentence read as support fills a slot of the claim differently too "
                          "(another subject, name, number, date or predicate noun), or never names its subject: "
                          "it is not counted as support")
MISPLACED_SUPPORT_NOTE = ("the evidence reads as support (to the entailment judge, or as a near paraphrase), but "
                          "the alignment finds a slot it fills differently: counted as a contradiction")
OTHER_PARTICIPANT_NOTE = ("the most similar evidence never names the sentence's subject and is about another "
                          "of its participants: not counted as support")
UNSTATED_DATE_NOTE = ("the most similar evidence is close in wording but states no date where the claim has "
                      "one: not counted as a paraphrase")
OTHER_COUNT_NOTE = ("the most similar evidence is close in wording but counts another thing where the claim "
                    "states an amount: not counted as a paraphrase")
OUTWEIGHED_NOTE = ("the entailment judge read one evidence sentence as a contradiction, with no slot the rule "
                   "tier finds filled differently, and another as a surer support: the support stands")
TRUSTED_SOURCE_NOTE = ("an approved knowledge-base entry fills a slot of the claim differently (rule tier): the "
                       "most trusted source takes part as contradicting evidence, however it ranks by similarity")
PARTLY_NOTE = "only partly supported: a part of the sentence is not covered by the evidence"
PART_CONTRADICTED_NOTE = "a part of the sentence is contradicted by the evidence"
UNLOCATED_NOTE = ("the entailment judge leaned to contradiction, but the alignment finds no slot the "
                  "evidence fills differently and no opposite polarity: treated as unsure")
CONFIRMED_NOTE = ("the entailment judge leaned to contradiction, but the alignment finds every slot of the "
                  "claim in that evidence, stated the same way: counted as support")
WITHHELD_NOTE = ("a correction was drafted from the evidence but the entailment judge does not read the "
                 "corrected sentence as entailed by it: none is proposed; see the evidence")

#: The note each flag renders (a flag without one is said by the reason instead).
NOTES: dict[Flag, str] = {
    Flag.OTHER_PARTICIPANT: OTHER_PARTICIPANT_NOTE, Flag.UNSTATED_DATE: UNSTATED_DATE_NOTE,
    Flag.OTHER_COUNT: OTHER_COUNT_NOTE,
    Flag.MISPLACED_SUPPORT: MISPLACED_SUPPORT_NOTE, Flag.OVERRULED_SUPPORT: OVERRULED_SUPPORT_NOTE,
    Flag.OUTWEIGHED: OUTWEIGHED_NOTE, Flag.TRUSTED_SOURCE: TRUSTED_SOURCE_NOTE,
    Flag.PART_CONTRADICTED: PART_CONTRADICTED_NOTE, Flag.PARTLY_SUPPORTED: PARTLY_NOTE,
    Flag.UNLOCATED: UNLOCATED_NOTE, Flag.CONFIRMED: CONFIRMED_NOTE, Flag.CORRECTION_WITHHELD: WITHHELD_NOTE,
}


def add_flag(result: SentenceResult, flag: Flag) -> None:
    """Tell the later stages what (the flag, once) and the reviewer why (its note, once)."""
    if flag not in result.flags:
        result.flags.append(flag)
    note = NOTES.get(flag)
    if note and note not in result.notes:
        result.notes.append(note)
