"""Untrusted text made harmless to show: the one place that knows which characters are unsafe.

Names, header fields, PGN tags and file contents come from strangers.  Shown raw, a control
character can drive a terminal (an ESC sequence sets the window title, BEL rings), end a
Markdown row or a GitHub annotation, or make an HTML page fail to parse; a bidirectional
override (U+202E) can reorder the text around it so that a review shows something other than
what is there (the "Trojan Source" attack, CVE-2021-42574).

Every human-readable output passes untrusted text through :func:`neutralise`: each unsafe
character becomes exactly one visible character (so columns and carets stay aligned):

* the line-breaking and spacing controls (tab, LF, VT, FF, CR, NEL, U+2028, U+2029) become a
  space, so a name cannot end its line, row or annotation;
* the other C0 controls and DEL become their Unicode control pictures (``\\x1b`` -> ``␛``,
  ``\\x07`` -> ``␇``), so a defect stays visible;
* C1 controls, bidirectional controls and lone surrogates become U+FFFD ``�``.

Joiners (U+200C/U+200D, needed by Persian and Indic names), the no-break space and every other
printable character are kept.  Data formats that must stay lossless (TRF, JSON) keep the
characters; JSON writes them as ``\\uXXXX`` escapes (:func:`escape_json_text`), which no
viewer interprets.
"""
from __future__ import annotations

import re

#: The unsafe characters: C0 controls, DEL, C1 controls, the Arabic letter mark, LRM and RLM,
#: the embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069, the line and
#: paragraph separators, and surrogates (only lone ones can occur in a Python str).
UNSAFE = "\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
# The patterns below are compiled by ``re`` on first use and kept in its cache: nearly all text is
# printable and never needs them, and compiling a class of such ranges costs ~4.5 M instructions
# (a few per cent of a small command's start-up).
_UNSAFE = f"[{UNSAFE}]"
#: The unsafe characters that ``json.dumps`` leaves raw (it escapes C0 itself).
_RAW_IN_JSON = "[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
#: In JSON text: an escaped backslash (kept) or the escape of a C0 control.
_JSON_C0 = r"(\\\\)|\\u00([01][0-9a-fA-F])"

REPLACEMENT = "\ufffd"
_SPACES = frozenset("\t\n\x0b\x0c\r\x85\u2028\u2029")


def _visible(ch: str) -> str:
    if ch in _SPACES:
        return " "
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)  # the control pictures block: U+2400 NUL ... U+241F US
    if code == 0x7F:
        return "\u2421"  # SYMBOL FOR DELETE
    return REPLACEMENT


def neutralise(text: object) -> str:
    """``text`` as a string with every unsafe character replaced by one visible character."""
    s = "" if text is None else str(text)
    if s.isprintable():  # fast path: no control, format or separator character at all
        return s
    return re.sub(_UNSAFE, lambda m: _visible(m.group()), s)


def neutralise_lines(text: str) -> str:
    """Multi-line text (an explanation, a message) neutralised line by line: its line feeds kept."""
    return "\n".join(neutralise(line) for line in text.split("\n"))


def escape_json_text(text: str) -> str:
    """JSON text (as ``json.dumps(..., ensure_ascii=False)`` writes it) with the unsafe characters
    it leaves raw written as ``\\uXXXX`` escapes: the same JSON value, nothing left to interpret."""
    if text.isascii():
        return text if "\x7f" not in text else text.replace("\x7f", "\\u007f")
    return re.sub(_RAW_IN_JSON, lambda m: f"\\u{ord(m.group()):04x}", text)


def neutralise_json_text(text: str) -> str:
    """JSON text whose string values are shown to people (the HTML page's script data): raw
    unsafe characters and the ``\\u0000``-``\\u001f`` escapes become visible characters, as
    :func:`neutralise` would make them.  The JSON stays valid; escaped backslashes are kept."""
    if not text.isascii():
        text = re.sub(_RAW_IN_JSON, lambda m: _visible(m.group()), text)
    elif "\x7f" in text:
        text = text.replace("\x7f", "\u2421")
    if "\\u00" not in text:
        return text
    return re.sub(_JSON_C0, lambda m: m.group(1) or chr(0x2400 + int(m.group(2), 16)), text)
