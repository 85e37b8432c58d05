"""Notebook views of the Python-side results (sweeps, stability): a table and a small inline
figure, styled like the engine's report fragments."""
from __future__ import annotations

import html
import io

import pandas as pd

_STYLE = ("<style>.orca-view{font-family:system-ui,sans-serif}.orca-view table{border-collapse:collapse;"
          "font-variant-numeric:tabular-nums}.orca-view th,.orca-view td{border-bottom:1px solid #ddd;"
          "padding:.15em .6em;text-align:right}.orca-view th{background:#eef3fa}.orca-view .scroll"
          "{overflow-x:auto;max-width:100%}.orca-view svg{max-width:100%;height:auto}</style>")


def figure_svg(fig) -> str:
    """The figure as inline SVG (closed afterwards, so a notebook does not draw it twice)."""
    import matplotlib.pyplot as plt
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def view(title: str, notes: list[str], frame: pd.DataFrame, figure) -> str:
    """Title, notes, the figure and the table, in one <div>."""
    parts = [f'<div class="orca-view">{_STYLE}<h4>{html.escape(title)}</h4>']
    parts += [f"<p>{html.escape(n)}</p>" for n in notes if n]
    parts.append(figure_svg(figure))
    parts.append('<div class="scroll">' + frame.to_html(float_format=lambda v: f"{v:.4f}", border=0) + "</div>")
    return "".join(parts) + "</div>"
