"""The search worker: the jobs (``go``, ``perft``) the engine accepted, run one
after the other on a worker thread, and the signals that stop them.

A job is *running* from the moment it is accepted (or taken from the queue)
until its last line (``bestmove M``, ``nodes N``) is written; the worker
writes that line and takes the next job under one lock, so a command read
after the line (a ``go`` right after ``bestmove``) always finds it idle.

A *gate* wraps each job as it runs on the worker thread: the web server's
takes a slot of its search pool (waiting, a job is stopped as any other) and
arms its time cap, for every job, queued ones included.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from safari_ai.search import StopFlag

__all__ = ["Job", "SearchWorker", "Gate"]

Gate = Callable[[threading.Event, Callable[[], None]], contextlib.AbstractContextManager[None]]
"""Wraps one job's run: called with the job's stop event (set when the job
is stopped) and a function that stops this job (and no other)."""


def _open_gate(
    stopped: threading.Event, stop: Callable[[], None]
) -> contextlib.AbstractContextManager[None]:
    return contextlib.nullcontext()


@dataclass
class Job:
    """One ``go`` or ``perft`` accepted by the engine, run on the worker in turn.

    ``run`` does the work, emitting its ``info`` lines, and returns the last
    line (``bestmove M``, ``nodes N``), which the worker writes as it marks
    the job done: once that line is out, the engine is idle.
    """

    run: Callable[[], str | None]
    unbounded: bool  # go infinite, perft: stopped at end of input
    failed: str | None  # the last line when ``run`` raises
    stopped: bool = False  # 'stop' came before it started
    done: threading.Event = field(default_factory=threading.Event)


class SearchWorker:
    """Runs jobs on one thread, in the order they come.

    :param emit: writes one line (``info`` lines of a failed job, and each
        job's last line).
    :param gate: wraps each job's run (:data:`Gate`); by default nothing.
    """

    def __init__(self, emit: Callable[[str], None], gate: Gate | None = None) -> None:
        self._emit = emit
        self._gate = gate or _open_gate
        # The jobs: the one running on the worker and those queued behind it.
        # _state guards both (see the module docstring).
        self._state = threading.Lock()
        self._running: Job | None = None
        self._queue: deque[Job] = deque()
        self._thread: threading.Thread | None = None
        # the running job's stop signals (the worker sets them for each job)
        self.stop_flag = StopFlag()
        self.stop_event = threading.Event()

    @property
    def busy(self) -> bool:
        """True while a job runs or waits."""
        with self._state:
            return self._running is not None

    @property
    def running(self) -> Job | None:
        """The job running now (None when idle)."""
        with self._state:
            return self._running

    def last_job(self) -> Job | None:
        """The job that will end last: the last queued, else the running one."""
        with self._state:
            return self._queue[-1] if self._queue else self._running

    def submit(self, job: Job) -> bool:
        """Runs ``job`` now, or queues it behind the running one; returns True
        when it started at once (the worker was idle)."""
        with self._state:
            idle = self._running is None
            if idle:
                self._begin(job)
                self._thread = threading.Thread(
                    target=self._work, args=(job,), name="safari-search", daemon=True
                )
                self._thread.start()
            else:
                self._queue.append(job)
        return idle

    def stop_all(self, timeout: float | None) -> None:
        """Stops the running job and every job queued behind it (each still
        writes its last line: a queued ``go`` searches with its stop flag
        already raised, which gives a legal move at once), then waits for the
        last of them at most ``timeout`` seconds (None: until it ends; 0: not
        at all)."""
        with self._state:
            if self._running is not None:
                self._raise_stop()
            for job in self._queue:
                job.stopped = True
            last = self._queue[-1] if self._queue else self._running
        if last is not None and timeout != 0.0:
            last.done.wait(timeout)

    def stop_unbounded(self) -> None:
        """Stops the running job and marks the queued ones if they have no
        limit of their own (``go infinite``, ``perft``): the end of input."""
        with self._state:
            if self._running is not None and self._running.unbounded:
                self._raise_stop()
            for job in self._queue:
                job.stopped = job.stopped or job.unbounded

    def _stopper(self, job: Job) -> Callable[[], None]:
        """A function that stops ``job`` if it is still the running one."""

        def stop() -> None:
            with self._state:
                if self._running is job:
                    self._raise_stop()

        return stop

    def _raise_stop(self) -> None:
        """Raises the running job's stop signals (under ``_state``)."""
        self.stop_flag.set()
        self.stop_event.set()

    def _begin(self, job: Job) -> None:
        """Makes ``job`` the running one (under ``_state``)."""
        self._running = job
        if job.stopped:
            self._raise_stop()
        else:
            self.stop_flag.clear()
            self.stop_event.clear()

    def _work(self, job: Job | None) -> None:
        """The worker thread: runs ``job`` and then each queued job in turn."""
        while job is not None:
            try:
                with self._gate(self.stop_event, self._stopper(job)):
                    last = job.run()
            except Exception as error:  # noqa: BLE001 - report, never die silently
                self._emit(f"info string error: internal error: {type(error).__name__}: {error}")
                last = job.failed
            with self._state:
                if last is not None:
                    self._emit(last)
                job.done.set()
                job = self._queue.popleft() if self._queue else None
                if job is None:
                    self._running = None
                else:
                    self._begin(job)
