"""`sim content`: tables to CSV and back without loss, check and diff of a studio's file."""

import csv
import io
import json
import tomllib
from pathlib import Path

import pytest
from cli_process import REPO, error_line, sim

from sim.content.games import schema, shipped
from sim.content.table_paths import put, rows, tables
from sim.content.tables import from_csv, to_csv
from sim.content.toml_text import document
from sim.games.content_files import ContentError
from sim.games.registry import GAMES

TABLES = [(game, table) for game in GAMES
          for table in tables(schema(GAMES[game]), shipped(GAMES[game]))]
SHIPPED = {game: REPO / "scenarios" / game / "content.toml" for game in GAMES}


@pytest.mark.parametrize("game, table", TABLES)
def test_csv_round_trip_is_identity(game, table):
    info = GAMES[game]
    data = shipped(info)
    found = tables(schema(info), data)[table]
    items = from_csv(to_csv(rows(data, found), found.section), found.section, f"{table}.csv")
    written: dict = {}
    put(written, found, items)
    assert rows(tomllib.loads(document(written)), found) == rows(data, found)


def test_strings_that_read_as_other_values_are_quoted():
    section = schema(GAMES["pericles"])["roles"]
    items = [{"name": "3"}, {"name": "true"}, {"name": ""}, {"name": "a, \"b\""}]
    text = to_csv(items, section)
    assert from_csv(text, section, "roles.csv") == items


FORMULAS = ['=HYPERLINK("http://example.com","x")', "+1+2", "-3+4", "@SUM(A1)", "\tname"]


def test_a_name_that_reads_as_a_formula_is_exported_quoted(tmp_path):
    """A spreadsheet runs a cell starting with '=' (and '+', '-', '@') as a formula, so such
    names (a file that is not checked yet may hold any) are written as quoted TOML strings,
    which read back unchanged."""
    shipped_text = SHIPPED["pericles"].read_text(encoding="utf-8")
    names = ["veteran", "matriarch", "sophist", "oligarch", "hetaira"]
    for name, formula in zip(names, FORMULAS, strict=True):
        shipped_text = shipped_text.replace(f'name = "{name}"', f"name = {json.dumps(formula)}", 1)
    studio = tmp_path / "studio.toml"
    studio.write_text(shipped_text, encoding="utf-8")
    roles = tmp_path / "roles.csv"
    done = sim("content", "export", "pericles", "--table", "roles", "--csv", roles,
               "--content", studio)
    assert done.returncode == 0, done.stderr
    cells = [cell for row in csv.reader(io.StringIO(roles.read_text(encoding="utf-8")))
             for cell in row]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t"))]
    section = schema(GAMES["pericles"])["roles"]
    read = from_csv(roles.read_text(encoding="utf-8"), section, "roles.csv")
    assert [r["name"] for r in read][:5] == FORMULAS


def test_export_then_import_through_the_command_line(tmp_path):
    roles = tmp_path / "roles.csv"
    done = sim("content", "export", "pericles", "--table", "roles", "--csv", roles)
    assert done.returncode == 0, done.stderr
    studio = tmp_path / "studio.toml"
    studio.write_text('[[athena_cards]]\nname = "kimon"\ncopies = 2\n', encoding="utf-8")
    done = sim("content", "import", "pericles", "--table", "roles", "--csv", roles, "--out", studio)
    assert done.returncode == 0, done.stderr
    written = tomllib.loads(studio.read_text(encoding="utf-8"))
    assert written["roles"] == shipped(GAMES["pericles"])["roles"]
    assert written["athena_cards"] == [{"name": "kimon", "copies": 2}]  # the other table kept


def test_import_prints_toml_without_out(tmp_path):
    cards = tmp_path / "card.csv"
    assert sim("content", "export", "aeolis", "--table", "card", "--csv", cards).returncode == 0
    done = sim("content", "import", "aeolis", "--table", "card", "--csv", cards)
    assert done.returncode == 0, done.stderr
    assert tomllib.loads(done.stdout)["card"] == shipped(GAMES["aeolis"])["card"]


STUDIO = """
[[roles]]
name = "veteran"
day_cost = 4
starting_skills = ["phalanx", "andreia"]

[[athena_cards]]
name = "kimon"
copies = 2

[board]
wayposts = [1, 5]
"""


def test_diff_names_exactly_the_changed_fields(tmp_path):
    studio = tmp_path / "studio.toml"
    studio.write_text(STUDIO, encoding="utf-8")
    done = sim("content", "diff", SHIPPED["pericles"], studio)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [  # starting_skills is given but unchanged
        "Board: wayposts [2, 5] -> [1, 5]",
        "Role veteran: day_cost 3 -> 4",
        "Athena card kimon: copies (not set) -> 2",
    ]
    same = sim("content", "diff", studio, studio)
    assert same.stdout == "no differences\n"


def test_check_valid_and_invalid(tmp_path):
    studio = tmp_path / "studio.toml"
    studio.write_text(STUDIO, encoding="utf-8")
    done = sim("content", "check", studio)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("studio.toml: valid Age of Pericles content; 3 change(s)")
    studio.write_text(STUDIO.replace("day_cost = 4", "day_cost = 7"), encoding="utf-8")
    line = error_line(sim("content", "check", studio), code=1)
    assert line == "error: studio.toml: roles.veteran.day_cost: expected an integer 0..6, got 7"


def _csv(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.csv"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("args, fragment", [
    (["export", "chess", "--table", "roles", "--csv", "{tmp}/x.csv"], "unknown game 'chess'"),
    (["export", "pericles", "--table", "rolez", "--csv", "{tmp}/x.csv"],
     "unknown table 'rolez' (did you mean 'roles'?)"),
    (["import", "pericles", "--table", "roles", "--csv", "{tmp}/none.csv", "--out", "{tmp}/x.toml"],
     "none.csv: cannot read the file"),
    (["import", "pericles", "--table", "roles", "--csv", "{csv:name,day_cost\nveteran,4,9\n}",
      "--out", "{tmp}/x.toml"], "table.csv: line 2: 3 cells under 2 columns"),
    (["import", "pericles", "--table", "roles", "--csv", "{csv:day_cost\n4\n}", "--out",
      "{tmp}/x.toml"], "table.csv: header: missing column 'name'"),
    (["import", "pericles", "--table", "roles", "--csv", "{csv:name,dya_cost\nveteran,4\n}",
      "--out", "{tmp}/x.toml"], "table.csv: column 'dya_cost': not a field of a Role"),
    (["import", "pericles", "--table", "roles", "--csv", "{csv:name,day_cost\nveteran,9\n}",
      "--out", "{tmp}/x.toml"], "x.toml: roles.veteran.day_cost: expected an integer 0..6"),
    (["check", "{csv:[nothing]\n}"], "cannot tell which game"),
])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, fragment):
    def fill(arg: str) -> str:
        if arg.startswith("{csv:"):
            return str(_csv(tmp_path, arg[5:-1]))
        return arg.replace("{tmp}", str(tmp_path))

    done = sim("content", *map(fill, args))
    line = error_line(done, code=1 if args[0] == "check" else 2)
    assert fragment in line
    assert not (tmp_path / "x.toml").exists() and not (tmp_path / "x.csv").exists()


def test_from_csv_rejects_two_rows_for_a_table():
    section = schema(GAMES["pericles"])["board"]
    with pytest.raises(ContentError, match="2 rows for the one Board table"):
        from_csv("source\na\nb\n", section, "board.csv")


PILLARS_STUDIO = """
[characters]
cards = [{ name = "oracle", power = 4 }]

[prophecies]
cards = [{ number = 3, count = 3 }]

[[boards]]
side = "aegean"
seas = [{ number = 4, name = "myrtoan_sea" }]
"""


def test_pillars_diff_and_check_name_items_of_named_lists(tmp_path):
    studio = tmp_path / "studio.toml"
    studio.write_text(PILLARS_STUDIO, encoding="utf-8")
    done = sim("content", "diff", SHIPPED["pillars"], studio)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        'Board aegean, Sea 4: name (not set) -> "myrtoan_sea"',
        "Prophecy 3: count 2 -> 3",
        "Character oracle: power 2 -> 4",
    ]
    done = sim("content", "check", studio)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("studio.toml: valid Pillars of Heracles content; 3 change(s)")


def test_pillars_named_list_through_a_spreadsheet(tmp_path):
    lands = tmp_path / "lands.csv"
    done = sim("content", "export", "pillars", "--table", "boards.aegean.lands", "--csv", lands)
    assert done.returncode == 0, done.stderr
    rows = list(csv.reader(io.StringIO(lands.read_text(encoding="utf-8"))))
    assert rows[0] == ["name", "region", "icon", "seas", "port", "neighbours", "source"]
    delos = next(r for r in rows if r[0] == "delos")
    delos[-1] = "studio: our map"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    lands.write_text(out.getvalue(), encoding="utf-8")
    studio = tmp_path / "studio.toml"
    studio.write_text(PILLARS_STUDIO, encoding="utf-8")
    done = sim("content", "import", "pillars", "--table", "boards.aegean.lands", "--csv", lands,
               "--out", studio)
    assert done.returncode == 0, done.stderr
    written = tomllib.loads(studio.read_text(encoding="utf-8"))
    aegean = next(b for b in shipped(GAMES["pillars"])["boards"] if b["side"] == "aegean")
    mapped = [{**land, "source": "studio: our map"} if land["name"] == "delos" else land
              for land in aegean["lands"]]
    assert written["boards"] == [{"side": "aegean", "seas": [{"number": 4, "name": "myrtoan_sea"}],
                                  "lands": mapped}]
    assert written["characters"] == {"cards": [{"name": "oracle", "power": 4}]}  # kept
