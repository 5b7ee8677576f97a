"""Reading an input file by name within bounds (``formats.files.read_file``)."""
import os

import pytest

from trfscore.formats import files
from trfscore.formats.files import NotReadable, read_file


@pytest.mark.parametrize("size", [0, 1, 4095, 4096, 70_000])
def test_a_file_is_read_whole(tmp_path, size):
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    path = tmp_path / "f.trf"
    path.write_bytes(data)
    assert read_file(path) == data


def test_a_file_past_the_limit_is_refused(tmp_path):
    path = tmp_path / "f.trf"
    path.write_bytes(b"x" * 1001)
    assert read_file(path, 1001) == b"x" * 1001
    with pytest.raises(NotReadable, match="not read"):
        read_file(path, 1000)


@pytest.mark.parametrize("stated", [0, 5, 19, 20, 100])
def test_reading_goes_on_past_the_size_stated_when_opened(monkeypatch, stated):
    """A file that grew since ``fstat`` (or that states size 0, like /proc files) is read to its
    end in chunks; one that shrank ends at its end."""
    monkeypatch.setattr(files, "_CHUNK", 3)
    read, write = os.pipe()
    os.write(write, b"0123456789" * 2)
    os.close(write)
    try:
        assert files._read_to_end(read, stated, 1000) == b"0123456789" * 2
    finally:
        os.close(read)


def test_reading_stops_one_byte_past_the_limit(monkeypatch):
    monkeypatch.setattr(files, "_CHUNK", 3)
    read, write = os.pipe()
    os.write(write, b"0123456789" * 2)
    os.close(write)
    try:
        assert files._read_to_end(read, 0, 7) == b"01234567"
    finally:
        os.close(read)
