"""The program's exit codes, for the command line and the window's start alike (the start
does not import the command line's parser: __main__._window_args)."""

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2  # ok; refused by a rule or bad input; usage
