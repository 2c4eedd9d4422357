"""JUnit XML for CI systems: one test case per measure, a failure for each that moved."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

from sim.gate.paired import Shift


def write(path: Path, shifts: list[Shift], cells: dict[int, str], suite: str) -> None:
    moved = [s for s in shifts if s.moved]
    root = ET.Element("testsuites", name="sim check", tests=str(len(shifts)),
                      failures=str(len(moved)))
    node = ET.SubElement(root, "testsuite", name=suite, tests=str(len(shifts)),
                         failures=str(len(moved)), errors="0", skipped="0")
    for s in shifts:
        case = ET.SubElement(node, "testcase", classname=f"{suite}.{cells[s.cell]}",
                             name=s.label)
        if s.moved:
            failure = ET.SubElement(case, "failure", type="BalanceShift",
                                    message=f"{s.label} moved by {s.diff:+.4g} (tolerance "
                                            f"{s.limit:.4g}, Holm p {s.p_holm:.2g})")
            failure.text = (f"baseline {s.before:.6g}, now {s.after:.6g}, 95% interval of the "
                            f"change {s.low:+.4g} .. {s.high:+.4g}, {s.n} paired games")
    ET.indent(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"_{path.name}.tmp")
    ET.ElementTree(root).write(tmp, encoding="utf-8", xml_declaration=True)
    os.replace(tmp, path)
