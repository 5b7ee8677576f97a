"""One package or module per format; :mod:`.registry` lists them all (names, sniffing, readers,
writers, what each can hold) and :mod:`.sniff` holds the content tests."""
