"""The vocabularies (truthometer/vocabulary.py) are the strings the report, its renderings and the app use,
read from where they are used, and their members stand in for those strings everywhere."""
import ast
import importlib
import json
from pathlib import Path

from truthometer.config import RULE_FAMILIES
from truthometer.report import STATUSES, Evidence, SentenceResult, Substitution
from truthometer.reports import html, markdown
from truthometer.vocabulary import Relation, SlotKind, Status

ROOT = Path(__file__).resolve().parents[1]


def test_every_status_a_report_can_hold_is_a_member():
    assert STATUSES == tuple(Status)
    # The renderings and the app key their marks and colours by status: one for each, none else.
    assert set(markdown._MARK) == set(html.COLOURS) == set(html.LEGEND) == set(Status)
    assert set(html.PART_UNDERLINE) <= set(Status)
    # ui/common.py imports Streamlit: read its table from the source.
    assert set(_literal_dict(ROOT / "ui" / "common.py", "STATUS_ICON")) == set(Status)


def test_members_are_their_strings_in_json_and_in_comparisons():
    result = SentenceResult(0, "x", 0, 1, Status.CONTRADICTED, "",
                            evidence=[Evidence("e", "reference", "r#1", 0.9, Relation.SUPPORT)])
    back = json.loads(json.dumps(result.to_dict()))
    assert back["status"] == "contradicted" and back["evidence"][0]["relation"] == "support"
    assert {"supported": 1}[Status.SUPPORTED] == 1 and Relation.RELATED in {"related"}
    assert Evidence("e", "reference", "r#1", 0.5).relation == "related"
    assert Substitution("a", "b", 0, 1).to_dict()["kind"] == "phrase"


def test_the_rule_families_are_slot_kinds():
    assert set(RULE_FAMILIES) <= set(SlotKind)


def _literal_dict(path: Path, name: str) -> dict:
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{name} not found in {path}")


def test_the_label_sets_and_pronouns_are_the_shared_ones():
    from truthometer.evidence.web import queries
    from truthometer.judging.nli import alignment as judge_alignment
    from truthometer.segmentation import checkworthy_model, context
    from truthometer.text import names, pronouns

    assert names.VALUE_LABELS == names.NUMERIC_LABELS | {"DATE", "TIME"}
    assert names.THING_LABELS == names.ENTITY_LABELS - {"PERSON"} and "LANGUAGE" in names.THING_LABELS
    assert context._NOT_THE_TOPIC == names.VALUE_LABELS | {"NORP"}
    # The check-worthiness model's features: the sets it was trained with, whatever the shared ones become.
    assert checkworthy_model._NAME_ENTITIES == {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "PRODUCT", "EVENT",
                                                "WORK_OF_ART", "LAW"}
    assert checkworthy_model._AMOUNT_ENTITIES == {"CARDINAL", "QUANTITY", "DATE", "TIME", "PERCENT", "MONEY"}
    assert queries.VALUE_LABELS is names.VALUE_LABELS
    # The judge's features read the opening pronouns as it was trained with.
    assert judge_alignment.SUBJECT_PRONOUNS == {"he", "she", "it", "they", "his", "her", "its", "their"}
    assert judge_alignment.SUBJECT_PRONOUNS is pronouns.OPENING
    assert context._SUBJECT_PRONOUNS == pronouns.OPENING | {"this"}
    assert pronouns.OPENING | pronouns.POSSESSIVE | pronouns.PERSONAL | pronouns.IMPERSONAL <= pronouns.THIRD_PERSON
    roles = importlib.import_module("truthometer.alignment.roles")
    assert roles._NAMED_SUBJECTS == names.ENTITY_LABELS - {"LAW", "LANGUAGE"}


def test_the_rule_tier_reads_the_slots_of_its_own_module():
    from truthometer.judging import rule_slots, rules

    assert rules.Slot is rule_slots.Slot and rules.extract_slots is rule_slots.extract_slots


def test_slot_kinds_are_members_where_the_tiers_make_them():
    from truthometer.corrections import slot
    from truthometer.judging import part_rules

    propagate = importlib.import_module("truthometer.alignment.propagate")  # the package's name is a function
    assert all(isinstance(k, SlotKind) for k in part_rules.PART_KINDS | propagate._PROPAGATED_KINDS)
    assert all(isinstance(k, SlotKind) and isinstance(v, SlotKind) for k, v in slot.KIND.items())
    # The API lets a client choose which substitutions to apply by kind: every kind a correction can have.
    from typing import get_args

    from truthometer.api.schemas import GuardOptions

    literal = get_args(get_args(GuardOptions.model_fields["correct_kinds"].annotation)[0])[0]
    assert set(slot.KIND.values()) == set(get_args(literal)) <= set(SlotKind)
