"""JUnit XML for CI systems: one test case per measure, a failure for each that moved and
a skipped case for each that was inconclusive."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

from sim.gate.markdown import status_text
from sim.gate.paired import INCONCLUSIVE, Shift


def write(path: Path, shifts: list[Shift], cells: dict[int, str], suite: str) -> None:
    moved = [s for s in shifts if s.moved]
    open_ = [s for s in shifts if s.status == INCONCLUSIVE]
    root = ET.Element("testsuites", name="sim check", tests=str(len(shifts)),
                      failures=str(len(moved)), skipped=str(len(open_)))
    node = ET.SubElement(root, "testsuite", name=suite, tests=str(len(shifts)),
                         failures=str(len(moved)), errors="0", skipped=str(len(open_)))
    for s in shifts:
        case = ET.SubElement(node, "testcase", classname=f"{suite}.{cells[s.cell]}",
                             name=s.label)
        detail = (f"baseline {s.before:.6g}, now {s.after:.6g}, interval of the change "
                  f"{s.low:+.4g} .. {s.high:+.4g} (level {s.confidence:.4%}), tolerance "
                  f"{s.limit:.4g}, {s.n} paired games")
        if s.moved:
            failure = ET.SubElement(case, "failure", type="BalanceShift",
                                    message=f"{s.label} moved by {s.diff:+.4g} (tolerance "
                                            f"{s.limit:.4g})")
            failure.text = detail
        elif s.status == INCONCLUSIVE:
            ET.SubElement(case, "skipped", message=f"{s.label}: {status_text(s)}").text = detail
    ET.indent(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"_{path.name}.tmp")
    ET.ElementTree(root).write(tmp, encoding="utf-8", xml_declaration=True)
    os.replace(tmp, path)
