"""The judge's parse worker: a second process parses half of a large batch, with the same results, and a
dead worker costs nothing but the speed."""
import logging
import os
import signal

import pytest

from truthometer.judging.nli import parse_pool
from truthometer.judging.nli.features import parse

SUBJECTS = ["Marie Curie", "The Danube", "Apple Inc.", "Mount Kenya", "The Beatles", "Lisbon", "Ada Lovelace",
            "The Nile", "Tesla", "Kyoto", "Pablo Picasso", "The Amazon"]
PREDICATES = ["was founded in {} by two brothers.", "is not {} kilometres long.", "moved to Paris in {}.",
              "won more than {} awards before 1990.", "did not visit Berlin in {}.", "reported {} cases in March."]


def sentences(n):
    out = [f"{s} {p.format(1800 + i)}" for i, (s, p) in
           enumerate((s, p) for p in PREDICATES for s in SUBJECTS for _ in range(4))]
    return sorted(set(out))[:n]


@pytest.fixture
def fresh_pool():
    parse_pool.shutdown()
    yield
    parse_pool.shutdown()


def test_a_large_batch_is_split_with_the_worker_and_parses_the_same(fresh_pool):
    texts = sentences(parse_pool.MIN_TEXTS + 10)
    assert len(texts) == parse_pool.MIN_TEXTS + 10
    assert parse_pool.wait_ready()
    here = parse(texts)
    split = parse(texts, worker=True)
    assert list(split) == texts
    assert split == here
    # The worker really took part: its process answered for the later half.
    assert parse_pool._pool is not None and parse_pool._pool._processes


def test_a_dead_worker_falls_back_to_parsing_here_and_stays_off(fresh_pool, caplog):
    texts = sentences(parse_pool.MIN_TEXTS + 4)
    assert parse_pool.wait_ready()
    for pid in list(parse_pool._pool._processes):
        os.kill(pid, signal.SIGKILL)
    with caplog.at_level(logging.WARNING, logger=parse_pool.__name__):
        infos = parse(texts, worker=True)
    assert list(infos) == texts
    assert infos == parse(texts)
    assert "parse worker is off" in caplog.text
    assert parse_pool.submit(texts) is None  # off for the rest of the process


def test_a_small_batch_or_a_disabled_worker_stays_in_this_process(fresh_pool, monkeypatch):
    started = []
    monkeypatch.setattr(parse_pool, "start", lambda: started.append(1))
    parse(sentences(5), worker=True)
    parse(sentences(parse_pool.MIN_TEXTS), worker=False)
    assert started == []


def test_the_setting_is_read_from_the_environment(monkeypatch):
    from truthometer.config import Config
    from truthometer.errors import ConfigError

    monkeypatch.setenv("TRUTHOMETER_PARSE_WORKERS", "0")
    assert Config().parse_worker is False
    monkeypatch.setenv("TRUTHOMETER_PARSE_WORKERS", "lots")
    with pytest.raises(ConfigError, match="TRUTHOMETER_PARSE_WORKERS"):
        Config()
