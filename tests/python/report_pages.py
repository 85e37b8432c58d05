"""Reading the HTML report back: its tables by id, as numbers (a parser independent of the
engine's writer: Python's html.parser)."""
from __future__ import annotations

from html.parser import HTMLParser


class _Tables(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables: dict[str, list[list[str]]] = {}
        self.ids: dict[str, str] = {}  # element id -> its text
        self._table: str | None = None
        self._in_body = False
        self._cell: list[str] | None = None
        self._open_ids: list[tuple[str, str, list[str]]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and "id" in attrs:
            self._table = attrs["id"]
            self.tables[self._table] = []
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._table and self._in_body:
            self.tables[self._table].append([])
        elif tag == "td" and self._table and self._in_body:
            self._cell = []
        if "id" in attrs:
            self._open_ids.append((tag, attrs["id"], []))

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None:
            self.tables[self._table][-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tbody":
            self._in_body = False
        elif tag == "table":
            self._table = None
        if self._open_ids and self._open_ids[-1][0] == tag:
            _, name, text = self._open_ids.pop()
            self.ids[name] = "".join(text).strip()
            if self._open_ids:
                self._open_ids[-1][2].append("".join(text))

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._open_ids:
            self._open_ids[-1][2].append(data)


def parse(html: str) -> _Tables:
    p = _Tables()
    p.feed(html)
    return p


def check_okc_tables(page: _Tables, analysis: dict, names: list[str], prefix: str = "") -> None:
    """The page's OKC tables equal `orca analyze --json`'s numbers to the printed 4 decimals."""
    tol = 5.01e-5
    order = page.tables[prefix + "okc-order"]
    assert [int(r[0]) for r in order] == list(range(len(order)))
    for q, row in enumerate(order):
        assert abs(float(row[1]) - analysis["order"][q]) <= tol
    degree = page.tables[prefix + "okc-degree"]
    assert len(degree) >= analysis["peak"] + 1
    for n, row in enumerate(degree):
        assert abs(float(row[1]) - analysis["spectrum"][n]) <= tol
        assert abs(float(row[2]) - analysis["cumulative"][n]) <= tol
    assert page.ids[prefix + "peak"] == f"N* = {analysis['peak']}"
    for e, t in enumerate(analysis["thresholds"]):
        assert page.ids[f"{prefix}threshold-{e}"].endswith(f"= {t['T']}"), page.ids[f"{prefix}threshold-{e}"]
    parity = dict(page.tables[prefix + "parity"])
    assert abs(float(parity["even"]) - analysis["parity"]["even"]) <= tol
    assert abs(float(parity["odd"]) - analysis["parity"]["odd"]) <= tol
    features = page.tables[prefix + "features"]
    assert len(features) == len(analysis["marginal"])
    shares = {row[0]: (float(row[1]), float(row[2])) for row in features}
    for j, name in enumerate(names):
        assert abs(shares[name][0] - analysis["marginal"][j]) <= tol
        assert abs(shares[name][1] - analysis["total_effect"][j]) <= tol
    if analysis["coefficients"]:
        table = page.tables[prefix + "coefficients"]
        assert len(table) == len(analysis["coefficients"])
        for row, c in zip(table, analysis["coefficients"]):
            assert abs(float(row[1]) - c["value"]) <= 1e-5 * abs(c["value"])
            assert abs(float(row[2]) - c["share"]) <= tol
