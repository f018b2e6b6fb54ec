"""Lesson 07's learning curve: a trained agent's win share against the bots as it trains. It takes
the table ``gamekit.rl.train.learning_curve`` makes (stored in ``data/rl/training_curve.csv``)
and computes nothing itself.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from . import _, error_bars, figure, label_lines, palette


def learning_curve(curve: pd.DataFrame, reference: str | None = None, title: str | None = None) -> go.Figure:
    """One line per set of rivals of the agent's win share after each number of training steps,
    with its Wilson interval; dashed in the same colour, the share of gamekit's bot ``reference``
    in the agent's seat on the same games (None: the last bot the table measured), and the even
    share (one in ``players``) dotted."""
    trained = curve[curve["steps"].notna()]
    measured = curve[curve["steps"].isna()]
    if reference is None and len(measured):
        reference = str(measured["agent"].iloc[-1])
    fig = figure(
        title or _("The trained agent's win share as it trains (95 % interval)"),
        _("training steps (the agent's decisions)"),
        _("win share"),
    )
    for i, (rivals, rows) in enumerate(trained.groupby("opponents", sort=False)):
        rows = rows.sort_values("steps")
        fig.add_scatter(
            x=rows["steps"],
            y=rows["win share"],
            name=_("against {rivals}", rivals=rivals),
            error_y=error_bars(rows, "win share"),
            **palette.series(i),
        )
        bot = measured[(measured["agent"] == reference) & (measured["opponents"] == rivals)]
        if len(bot):
            fig.add_hline(
                y=float(bot["win share"].iloc[0]),
                line_dash="dash",
                line_color=palette.colour(i),
                annotation_text=_("{bot} in its place", bot=reference),
                annotation_position="top left",
            )
    even = float(curve["even share"].iloc[0])
    fig.add_hline(
        y=even,
        line_dash="dot",
        line_color=palette.REFERENCE,
        annotation_text=_("even share {share}", share=format(even, ".0%")),
        annotation_position="bottom",  # mid-plot: the lines end on the right
    )
    fig.update_yaxes(tickformat=".0%", range=[0, 1.1])
    return label_lines(fig)
