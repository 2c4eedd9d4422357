"""Names as the rulebook prints them: content keys (``syrakusai``, ``demigod_of_rites``)
become ``Syrakusai`` and ``Demigod of Rites`` in the report's tables and charts."""

SMALL = {"of", "the", "and", "a", "an", "in", "on", "to"}  # lower case inside a name


def printed(name: str) -> str:
    words = str(name).split("_")
    return " ".join(w if i and w in SMALL else w[:1].upper() + w[1:] for i, w in enumerate(words))


def content_key(name: str) -> str:
    """The content key a printed name came from (``printed``'s inverse)."""
    return str(name).replace(" ", "_").lower()
