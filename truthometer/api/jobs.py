"""A bounded in-process job queue with one worker thread: every check the API runs goes through it.

One worker, because the models are process-wide singletons and a check already uses the cores it is
given; a second check at once would only slow both. The queue is bounded (``Full`` beyond it, a 503 for
the client), and with ``max_wait_s`` a job is admitted only while the work ahead of it is expected to take
no longer than that (``Busy`` otherwise, a 503 with Retry-After): the expectation is the sizes of the
jobs queued and running times the seconds per unit of size of the jobs done lately. Finished jobs are kept for a while for ``GET /v1/jobs/{id}``, and a job is cancelled while
waiting (never run) or while running (the check's progress callback raises at its next step). With a
``JobBoard`` (several worker processes), a job is published there as it changes, and one held by another
process is read and cancelled through it.

    queue = JobQueue(size=32); queue.start()
    job = queue.submit(owner="ann", size=1234, work=lambda progress: do(progress))
    job.future.result()            # or poll job.snapshot()
    queue.cancel(job.id); queue.stop()
"""
from __future__ import annotations

import logging
import queue as stdlib_queue
import threading
import time
import uuid
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Callable

from .job_board import BoardJob, JobBoard

log = logging.getLogger("truthometer.api")

QUEUED, RUNNING, DONE, FAILED, CANCELLED = "queued", "running", "done", "failed", "cancelled"
FINISHED = (DONE, FAILED, CANCELLED)


class Full(Exception):
    """The queue holds as many jobs as it may."""


class Busy(Full):
    """The work ahead would take longer than a job may wait; ``retry_after`` is the expected wait in seconds."""

    def __init__(self, retry_after: float):
        super().__init__(retry_after)
        self.retry_after = retry_after


class Cancelled(Exception):
    """Raised inside a running job by its progress callback once the job is cancelled."""


@dataclass
class Job:
    id: str
    owner: str
    size: int
    work: Callable[[Callable[[float, str], None]], Any]
    status: str = QUEUED
    progress: float = 0.0
    message: str = "waiting for the worker"
    result: Any = None
    error: dict | None = None
    created: float = field(default_factory=time.time)
    finished: float | None = None
    cancel_requested: bool = False
    #: on the board for the other worker processes: a job a client polls; one whose caller waits is not
    published: bool = True
    future: Future = field(default_factory=Future)

    def snapshot(self) -> dict[str, Any]:
        out = {"id": self.id, "status": self.status, "progress": round(self.progress, 3), "message": self.message,
               "size": self.size}
        if self.status == DONE:
            out["result"] = self.result
        if self.error:
            out["error"] = self.error
        return out


class JobQueue:
    #: seconds between a running job's progress writes to the board and its reads of a cancellation there
    BOARD_EVERY_S = 0.5

    def __init__(self, size: int = 32, keep: int = 256, ttl_s: float = 3600.0, max_wait_s: float | None = None,
                 board: JobBoard | None = None):
        self.max_wait_s = max_wait_s
        self.board = board
        # A snapshot is taken and written under one lock: a write whose snapshot is older (a job queued, seen
        # by the worker thread as started before the submitting thread wrote it) cannot land after a newer one.
        self._board_lock = threading.Lock()
        #: seconds per unit of a job's size, a moving average of the jobs done (None until the first)
        self.seconds_per_unit: float | None = None
        self._queue: stdlib_queue.Queue = stdlib_queue.Queue(maxsize=size)
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._keep, self._ttl = keep, ttl_s
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="truthometer-api-worker", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Cancel what waits, let the running job see its cancellation, and end the worker."""
        self._stopping.set()
        with self._lock:
            for job in self._jobs.values():
                if job.status in (QUEUED, RUNNING):
                    job.cancel_requested = True
        try:
            self._queue.put_nowait(None)  # wakes the worker; a full queue wakes it anyway
        except stdlib_queue.Full:
            pass
        if self._thread is not None:
            self._thread.join(timeout)

    def submit(self, owner: str, size: int, work: Callable, waits: bool = False) -> Job:
        """Queue ``work``; ``waits``: its caller holds a connection open for it, so ``max_wait_s`` applies."""
        job = Job(uuid.uuid4().hex, owner, size, work, published=not waits)
        with self._lock:
            self._forget_old()
            if waits and self.max_wait_s is not None:
                wait = self._expected_wait()
                if wait > self.max_wait_s:
                    raise Busy(wait)
            try:
                self._queue.put_nowait(job)
            except stdlib_queue.Full:
                raise Full from None
            self._jobs[job.id] = job
        self._publish(job)
        log.info("job %s queued: owner=%s size=%d", job.id, owner, size)
        return job

    def finished(self, owner: str, size: int, result: Any, published: bool = True) -> Job:
        """A job that is done already (its report was known): kept and read like any other."""
        job = Job(uuid.uuid4().hex, owner, size, lambda progress: result, published=published)
        with self._lock:
            self._forget_old()
            job.result, job.progress = result, 1.0
            self._finish(job, DONE, "done")
            self._jobs[job.id] = job
        return job

    def expected_wait(self) -> float:
        with self._lock:
            return self._expected_wait()

    def _expected_wait(self) -> float:
        """Seconds the work queued and running is expected to take (lock held). Before any job was timed the
        rate is unknown: nothing in flight is 0, anything is infinite (a cold start admits one job, not a burst)."""
        if not self.seconds_per_unit:
            busy = any(j.status in (QUEUED, RUNNING) for j in self._jobs.values())
            return float("inf") if busy else 0.0
        left = sum(j.size * (1.0 - j.progress if j.status == RUNNING else 1.0)
                   for j in self._jobs.values() if j.status in (QUEUED, RUNNING))
        return left * self.seconds_per_unit

    def get(self, job_id: str) -> Job | BoardJob | None:
        """This process's job, else one another worker process published on the board."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None and self.board is not None:
            return self._from_board(job_id)
        return job

    def cancel(self, job_id: str) -> Job | BoardJob | None:
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None and self.board is not None:  # another process's: it stops at its next step
            found = self._from_board(job_id)
            if found is not None and found.status not in FINISHED:
                self._on_board(self.board.request_cancel, job_id)
                found = self._from_board(job_id) or found
            return found
        with self._lock:
            if job is None or job.status in FINISHED:
                return job
            job.cancel_requested = True
            if job.status == QUEUED:  # the worker skips it when it comes up
                self._finish(job, CANCELLED, "cancelled before it ran")
        return job

    def waiting(self) -> int:
        return self._queue.qsize()

    def _run(self) -> None:
        while not self._stopping.is_set():
            job = self._queue.get()
            if job is None:
                return
            if self._cancelled_on_board(job):
                job.cancel_requested = True
            with self._lock:
                if job.cancel_requested or job.status != QUEUED:
                    if job.status == QUEUED:
                        self._finish(job, CANCELLED, "cancelled before it ran")
                    continue
                job.status, job.message = RUNNING, "started"
            self._publish(job)
            self._execute(job)

    def _execute(self, job: Job) -> None:
        last_board = [time.monotonic()]

        def progress(fraction: float, message: str) -> None:
            if self.board is not None and job.published and time.monotonic() - last_board[0] >= self.BOARD_EVERY_S:
                last_board[0] = time.monotonic()
                job.cancel_requested = job.cancel_requested or self._cancelled_on_board(job)
                self._publish(job)
            if job.cancel_requested:
                raise Cancelled
            job.progress, job.message = float(fraction), str(message)[:120]

        started = time.perf_counter()
        try:
            result = job.work(progress)
        except Cancelled:
            with self._lock:
                self._finish(job, CANCELLED, "cancelled while running")
        except BaseException as exc:  # noqa: BLE001 - a job's failure is its result, never the worker's end
            from .errors import error_body

            status, body = error_body(exc)
            with self._lock:
                job.error = {"status": status, **body["error"]}
                self._finish(job, FAILED, "failed")
        else:
            with self._lock:
                job.result, job.progress = result, 1.0
                self._finish(job, DONE, "done")
                self._timed(job.size, time.perf_counter() - started)
        log.info("job %s %s in %.2f s", job.id, job.status, time.perf_counter() - started)

    def _timed(self, size: int, seconds: float) -> None:
        if size > 0:
            rate = seconds / size
            # A moving average: the machine's load changes, and so does the cost of a unit of text.
            self.seconds_per_unit = rate if self.seconds_per_unit is None else 0.7 * self.seconds_per_unit + 0.3 * rate

    def _finish(self, job: Job, status: str, message: str) -> None:
        job.status, job.message, job.finished = status, message, time.time()
        self._publish(job)
        if not job.future.done():
            job.future.set_result(job)

    # -- the board, for the other worker processes ------------------------------------------------------
    def _on_board(self, call: Callable, *args):
        """A board call whose failure (a locked or vanished file) costs only the other processes' view."""
        try:
            return call(*args)
        except Exception as exc:  # noqa: BLE001 - sqlite3 errors and OSError alike: this process goes on
            log.warning("the job board at %s failed: %s", self.board.path, exc)
            return None

    def _publish(self, job: Job) -> None:
        if self.board is not None and job.published:
            with self._board_lock:
                self._on_board(self.board.publish, job.id, job.owner, job.status, job.snapshot(), job.finished)

    def _from_board(self, job_id: str) -> BoardJob | None:
        found = self._on_board(self.board.get, job_id)
        if found is not None and found.cancel_requested and found.status not in FINISHED:
            found.published["message"] = "cancelling: the worker running it stops at its next step"
        return found

    def _cancelled_on_board(self, job: Job) -> bool:
        """Another worker asked to cancel this published job (a job off the board cannot be asked)."""
        return self.board is not None and job.published and bool(self._on_board(self.board.cancel_requested, job.id))

    def _forget_old(self) -> None:
        """Finished jobs past their time, and the oldest beyond ``keep``, are forgotten (lock held)."""
        now = time.time()
        finished = sorted((j for j in self._jobs.values() if j.status in FINISHED), key=lambda j: j.finished or 0)
        for k, job in enumerate(finished):
            if now - (job.finished or now) > self._ttl or len(finished) - k > self._keep:
                del self._jobs[job.id]
