"""ModelReport: the engine's self-contained HTML page about a fitted model (``orca report``)."""
from __future__ import annotations

import os


class ModelReport:
    """One HTML page: model card, every OKC index, shape functions, pair surfaces and exact
    Shapley waterfalls of chosen rows (see ``docs/report.md``).

    The page has inline CSS and SVG, no script and no external resource, so it opens offline in
    any browser. In a notebook the report shows itself (``_repr_html_``); :meth:`to_html` writes
    the file.

    Attributes
    ----------
    html : str
        The whole page.
    """

    def __init__(self, html: str):
        self.html = html

    def to_html(self, path: str | os.PathLike) -> None:
        """Write the page to ``path`` (atomically: a failure leaves no partial file)."""
        from ._base import _write_atomically
        _write_atomically(os.fspath(path), self.html)

    def _repr_html_(self) -> str:
        # A notebook cell shows the page's body: the head's meta tags only matter to a browser
        # opening the file, and the style sheet sits inside the body, scoped to .orca-report.
        start = self.html.index("<body>") + len("<body>")
        return self.html[start:self.html.rindex("</body>")]

    def __repr__(self) -> str:
        return f"<ModelReport {len(self.html) / 1024:.0f} kB; .to_html(path) writes it>"
