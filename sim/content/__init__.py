"""A studio's content files as designers keep them (`sim content`): spreadsheet tables
(``tables``), TOML text (``toml_text``), what changed between two files (``diff``), and a
game's content module and file (``games``)."""
