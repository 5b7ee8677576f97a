"""Report formatters: they only format the standings they are given (text, JSON, CSV, Markdown, HTML)."""
