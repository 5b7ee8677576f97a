"""One module per input/output format; :mod:`.sniff` picks the reader."""
