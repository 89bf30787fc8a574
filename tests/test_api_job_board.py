"""Jobs shared among the API's worker processes (truthometer.api.job_board): two queues on one board file
stand for two workers; a poll or a cancellation that reaches the worker not running the job is answered
through the board."""
import threading
import time

from truthometer.api.job_board import JobBoard
from truthometer.api.jobs import CANCELLED, DONE, JobQueue


def two_workers(tmp_path):
    path = tmp_path / "jobs.sqlite3"
    first, second = JobQueue(board=JobBoard(path)), JobQueue(board=JobBoard(path))
    first.BOARD_EVERY_S = second.BOARD_EVERY_S = 0.05
    first.start()
    second.start()
    return first, second


def until(read, wanted, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = read()
        if got is not None and got.status == wanted:
            return got
        time.sleep(0.02)
    raise AssertionError(f"never {wanted}: {read()}")


def test_a_job_is_read_from_the_worker_that_did_not_run_it(tmp_path):
    first, second = two_workers(tmp_path)
    try:
        job = first.submit("ann", 10, lambda progress: {"sentences": [{"status": "supported"}]})
        seen = until(lambda: second.get(job.id), DONE)
        assert seen.owner == "ann" and seen.snapshot()["result"] == {"sentences": [{"status": "supported"}]}
        assert second.get("no-such-job") is None
        waited = first.submit("ann", 10, lambda progress: {"ok": True}, waits=True)  # a sync request's
        assert waited.future.result(timeout=10).status == DONE and second.get(waited.id) is None
    finally:
        first.stop(), second.stop()


def test_a_running_job_is_cancelled_from_the_other_worker(tmp_path):
    first, second = two_workers(tmp_path)
    started, steps = threading.Event(), []

    def work(progress):
        started.set()
        for k in range(2_000):  # 20 s unless cancelled
            steps.append(k)
            progress(k / 2_000, f"sentence {k}")
            time.sleep(0.01)
        return {"finished": True}

    try:
        job = first.submit("ann", 10, work)
        assert started.wait(5)
        running = until(lambda: second.get(job.id), "running")
        assert running.snapshot()["progress"] < 1
        assert second.cancel(job.id).snapshot()["message"].startswith("cancelling")
        assert until(lambda: first.get(job.id), CANCELLED).result is None
        assert until(lambda: second.get(job.id), CANCELLED).snapshot()["message"] == "cancelled while running"
        assert len(steps) < 2_000
    finally:
        first.stop(), second.stop()


def test_the_board_never_goes_back_to_an_older_snapshot(tmp_path):
    first, second = two_workers(tmp_path)
    try:
        for _ in range(20):  # the worker thread starts each job while submit() is still writing it
            seen = threading.Event()
            job = first.submit("ann", 1, lambda progress: seen.wait(5) and {"ok": True})
            until(lambda: second.get(job.id), "running", timeout=5)  # the job waits for this: no progress step
            seen.set()
            assert until(lambda: second.get(job.id), DONE).snapshot()["result"] == {"ok": True}
    finally:
        first.stop(), second.stop()


def test_a_broken_board_costs_only_the_other_workers_view(tmp_path):
    queue = JobQueue(board=JobBoard(tmp_path / "jobs.sqlite3"))
    queue.board.path = str(tmp_path / "gone" / "jobs.sqlite3")  # a directory that is not there
    queue.start()
    try:
        job = queue.submit("ann", 1, lambda progress: {"ok": True})
        assert job.future.result(timeout=10).status == DONE and queue.get(job.id) is job
        assert queue.get("another") is None
    finally:
        queue.stop()
