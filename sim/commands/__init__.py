"""One module per `sim` subcommand, each with a ``register(app)`` function."""
