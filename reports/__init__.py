"""The balance report: `sim run` folders -> one self-contained HTML file.

``datasets`` reads run.json and the Parquet rows, ``model`` turns a cell's rows into the
figures a designer reads (shares, intervals, tests, flags), ``compare`` lines cells up
against a swept value, ``charts`` draws them as inline SVG and ``render`` fills the
Jinja2 template. The report never calls a game engine: everything comes from the files.
"""
