"""Progress lines for long work, in scikit-learn's ``verbose`` convention: 0 is quiet, anything
above prints one line on stderr, rewritten in place, and ends it when the work is done."""
from __future__ import annotations

import sys
import time


class Progress:
    """Callable progress(done, total) for the engine's callbacks and for chunked Python loops."""

    def __init__(self, label: str, verbose: int = 0, stream=None):
        self.label = label
        self.enabled = bool(verbose)
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        elapsed = time.perf_counter() - self.start
        line = f"\r{self.label}: {done}/{total} ({100 * done / max(total, 1):.0f}%), {elapsed:.1f} s"
        if 0 < done < total:
            line += f", about {elapsed * (total - done) / done:.0f} s to go"
        self.stream.write(line + ("\n" if done >= total else ""))
        self.stream.flush()

    def callback(self):
        """self for the engine when enabled, else None (the engine then skips the calls)."""
        return self if self.enabled else None

    def note(self, message: str) -> None:
        """One finished line (for steps without a count)."""
        if self.enabled:
            self.stream.write(f"{self.label}: {message}\n")
            self.stream.flush()
