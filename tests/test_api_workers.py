"""The API's worker processes share the cores as torch threads (truthometer.api.cli)."""
import torch

from truthometer.api import cli as api_cli


def test_the_cores_are_shared_among_the_workers(monkeypatch):
    monkeypatch.setattr(api_cli.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert api_cli.threads_per_worker(2) == 1
    assert api_cli.threads_per_worker(1) == 2
    assert api_cli.threads_per_worker(4) == 1  # never none
    assert api_cli.threads_per_worker(2, threads=3) == 3  # --threads wins


def test_a_worker_process_takes_the_threads_it_is_given(monkeypatch):
    before = torch.get_num_threads()
    torch.set_num_threads(2)  # so that taking 1 is seen
    monkeypatch.setenv(api_cli.ENV_THREADS, "1")
    monkeypatch.setenv(api_cli.ENV_SETTINGS, '{"warm_up": false}')
    try:
        api_cli.app_from_env()
        assert torch.get_num_threads() == 1
    finally:
        torch.set_num_threads(before)


def test_no_threads_is_a_one_line_error(capsys):
    from truthometer.cli import main

    assert main(["api", "--threads", "0"]) == 2
    assert "--threads must be at least 1" in capsys.readouterr().err
