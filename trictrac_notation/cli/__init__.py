"""The ``trictrac`` command line: main (parser, exit codes) and one module per command."""
