"""Shared by the alignment rule tests: the models loaded once per module, and the correction a claim gets."""
import pytest

from truthometer.alignment import align
from truthometer.corrections import suggest_correction


@pytest.fixture(scope="module", autouse=True)
def warm_models():
    align("The tower was completed in 1889.", "The tower was completed in 1889.")


def corrected(claim, evidence):
    s = suggest_correction(claim, evidence)
    return s.corrected if s else None
