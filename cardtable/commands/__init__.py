"""One module per subcommand. Each provides `HELP`, `configure(parser)` and `run(args) -> int`,
and imports its heavy machinery inside `run`, so `cardtable --help` stays fast."""
