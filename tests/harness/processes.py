"""Child processes with bounded waits: every start and stop has a deadline, and children die
with the test process that started them."""
import ctypes
import os
import select
import signal
import subprocess
import time


class ProcessError(RuntimeError):
    """A program did not start, answer or stop in time; the message says which and why."""


def wait_until(predicate, timeout: float, interval: float = 0.05, what: str = "condition"):
    """Polls `predicate` until it returns a truthy value (returned) or `timeout` seconds pass."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = predicate()
            if value:
                return value
        except ProcessError:
            raise  # a program died: waiting longer cannot help
        except Exception as error:  # the condition may fail while a program starts
            last_error = error
        if time.monotonic() >= deadline:
            detail = f" (last error: {last_error})" if last_error else ""
            raise ProcessError(f"timed out after {timeout}s waiting for {what}{detail}")
        time.sleep(interval)


_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_libc = ctypes.CDLL(None, use_errno=True)


def _die_with(parent_pid: int):
    """A preexec_fn: the child gets SIGKILL when its parent dies (Linux PR_SET_PDEATHSIG), so a
    crashed or killed test run leaves no gateway or host program behind. The kernel counts the
    forking *thread* as the parent; the harness spawns from the test's own thread, which lives
    as long as the test. If the parent already died before prctl, nobody would send the signal:
    the getppid() check closes that race."""
    def preexec():
        _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent_pid:
            os._exit(1)
    return preexec


def spawn(argv, env=None, log_path=None) -> subprocess.Popen:
    """Starts a program in its own process group, stdout piped, stderr to `log_path`; it dies
    with this process."""
    stderr = open(log_path, "ab") if log_path else subprocess.DEVNULL
    try:
        return subprocess.Popen(
            [str(a) for a in argv], stdout=subprocess.PIPE, stderr=stderr, env=env,
            start_new_session=True, bufsize=0, preexec_fn=_die_with(os.getpid()),
        )
    finally:
        if log_path:
            stderr.close()


def read_line(process: subprocess.Popen, timeout: float, what: str) -> str:
    """The program's next stdout line, or ProcessError when it exits or stays silent."""
    deadline = time.monotonic() + timeout
    line = b""
    fd = process.stdout.fileno()
    while not line.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise ProcessError(f"{what} printed no line within {timeout}s")
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            continue
        chunk = os.read(fd, 1)
        if not chunk:
            code = process.poll()
            raise ProcessError(f"{what} exited (status {code}) before printing its first line")
        line += chunk
    return line.decode("utf-8", "replace").strip()


def stop(process: subprocess.Popen | None, timeout: float = 5.0) -> int | None:
    """SIGTERM, then SIGKILL after `timeout`; only this process's own group is signalled."""
    if process is None or process.poll() is not None:
        return None if process is None else process.returncode
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        return process.wait(timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        return process.wait(timeout)
    finally:
        if process.stdout:
            process.stdout.close()
