"""Load, validate, hash and compile the Dice Race content file.

``scenarios/example/content.toml`` holds the die. This module lays a studio's file over it
(sim.games.content_files), checks it (one line ``ContentError`` naming file, field and
fix), applies ``params.*`` overrides, hashes the result and compiles it into int32
tables (``Tables``) packed into one record the kernels read as ``T.name[...]``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from sim.games import content_files as files
from sim.games.content_files import ContentError
from sim.games.example.params import PARAM_INDEX, PARAMS
from sim.shipped import content_file

DEFAULT_PATH = content_file("example")
MAX_FACES = 12  # a die of up to 12 faces: the tables keep one shape, so one compiled type
MAX_FACE = 20  # points one face may score

SCHEMA = {"die": files.Section(title="Die", fields=("faces", "source"), listed=False)}


class Tables(NamedTuple):
    faces: np.ndarray  # [MAX_FACES] points of each face, 0 past n_faces
    n_faces: np.ndarray  # [1] faces of the die
    params: np.ndarray  # [len(PARAMS)] the tunables, in PARAMS order


class Content(files.LoadedContent):
    """Dice Race's content: ``tables`` are ``Tables`` (``T.faces[k]``)."""


def load_content(path: Path | None = None, overrides: dict[str, object] | None = None,
                 studio: Path | None = None) -> Content:
    """Read ``path`` (default: the shipped file), lay the ``studio`` file over it, apply
    ``overrides`` (``params.NAME`` or a field such as ``die.faces.0``), validate and
    compile."""
    data, fname, studio_file = files.read_content(DEFAULT_PATH, SCHEMA, path, studio)
    params = {p.name: p.default for p in PARAMS}
    for key, value in (overrides or {}).items():
        if isinstance(key, str) and key.startswith("params."):
            params[key.removeprefix("params.")] = _param(key, value, fname)
        else:
            files.set_value(data, key, value, SCHEMA, fname)
    data["params"] = params
    faces = _faces(data.get("die"), fname)
    tables = Tables(faces=np.array(faces + [0] * (MAX_FACES - len(faces)), np.int32),
                    n_faces=np.array([len(faces)], np.int32),
                    params=np.array([params[p.name] for p in PARAMS], np.int32))
    sources = [data["die"].get("source", "")] + [p.source for p in PARAMS]
    return Content(packed=files.pack(tables), names={"faces": tuple(str(f) for f in faces)},
                   content_hash=files.content_hash(data),
                   assumed_share=files.assumed_share(sources), data=data, studio=studio_file)


def _param(key: str, value: object, fname: str) -> int:
    name = key.removeprefix("params.")
    if name not in PARAM_INDEX:
        raise ContentError(f"{fname}: unknown parameter {name!r}"
                           f"{files.suggest(name, PARAM_INDEX)} ; "
                           f"the parameters are {', '.join(PARAM_INDEX)}")
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    p = PARAMS[PARAM_INDEX[name]]
    if isinstance(value, bool) or not isinstance(value, int) or not p.low <= value <= p.high:
        raise ContentError(f"{fname}: params.{name} = {files.show(value)} is out of range ; use "
                           f"a whole number {p.low}..{p.high}")
    return value


def _faces(die: Any, fname: str) -> list[int]:
    """The die's faces: 2..MAX_FACES whole numbers 0..MAX_FACE, one of them a bust (0)
    and one scoring, so that every turn can end either way."""
    if not isinstance(die, dict) or "faces" not in die:
        raise ContentError(f"{fname}: die.faces: missing ; give the points of each face, "
                           "e.g. faces = [0, 2, 3, 4, 5, 6]")
    faces = die["faces"]
    if not isinstance(faces, list) or not 2 <= len(faces) <= MAX_FACES:
        raise ContentError(f"{fname}: die.faces: expected a list of 2..{MAX_FACES} numbers, "
                           f"got {files.show(faces)}")
    for k, face in enumerate(faces):
        if isinstance(face, bool) or not isinstance(face, int) or not 0 <= face <= MAX_FACE:
            raise ContentError(f"{fname}: die.faces.{k}: {files.show(face)} is not a whole number "
                               f"0..{MAX_FACE} ; give the points the face scores")
    if 0 not in faces or max(faces) == 0:
        raise ContentError(f"{fname}: die.faces: needs a bust face (0) and a scoring face ; "
                           "otherwise a turn could never end one way")
    return list(faces)
