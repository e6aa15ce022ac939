"""Check that bytes are a whole, sane PNG image, with the standard library only.

The tile art is embedded as it is (SVG ``<image>``, an ipywidgets ``Image`` on the canvas), so no
image library is needed to draw it; but a broken or hostile file must be refused with one line
before it reaches a picture. :func:`check_png` walks the chunks (signature, lengths, CRCs, IHDR
first, IEND last), checks the header values the PNG specification allows, and inflates the image
data in bounded steps to check it holds exactly the rows the header promises — so a truncated
file, a flipped byte or a decompression bomb is caught without holding the pixels in memory.
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

SIGNATURE = b"\x89PNG\r\n\x1a\n"

#: Largest side accepted (the printed tile faces are 250 px; 4096 is far above any real pack).
MAX_SIDE = 4096
#: Largest chunk accepted (a real PNG splits its data into chunks of 8-64 KB).
MAX_CHUNK = 16 * 1024 * 1024

#: Allowed bit depths per colour type (PNG specification, table 11.1), and samples per pixel.
_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
_SAMPLES = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
#: Adam7 passes: (x start, y start, x step, y step).
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


class PngError(ValueError):
    """Not a usable PNG; the message says why in a few words."""


@dataclass(frozen=True)
class PngInfo:
    """What the header says: size in pixels, bit depth, colour type, interlaced or not."""

    width: int
    height: int
    bit_depth: int
    colour_type: int
    interlaced: bool


def _row_bytes(width: int, bits_per_pixel: int) -> int:
    return (width * bits_per_pixel + 7) // 8


def expected_data_size(info: PngInfo) -> int:
    """Bytes of filtered image data (one filter byte per row) the header promises."""
    bpp = info.bit_depth * _SAMPLES[info.colour_type]
    if not info.interlaced:
        return info.height * (1 + _row_bytes(info.width, bpp))
    total = 0
    for x0, y0, dx, dy in _ADAM7:
        w = (info.width - x0 + dx - 1) // dx if info.width > x0 else 0
        h = (info.height - y0 + dy - 1) // dy if info.height > y0 else 0
        if w and h:
            total += h * (1 + _row_bytes(w, bpp))
    return total


def _header(data: bytes) -> PngInfo:
    if len(data) < 8 + 25 or data[:8] != SIGNATURE:
        raise PngError("not a PNG image (bad signature)")
    length, ctype = struct.unpack(">I4s", data[8:16])
    if ctype != b"IHDR" or length != 13:
        raise PngError("not a PNG image (no IHDR header first)")
    w, h, depth, colour, comp, filt, inter = struct.unpack(">IIBBBBB", data[16:29])
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise PngError(f"image is {w}x{h} px; at most {MAX_SIDE}x{MAX_SIDE} is accepted")
    if colour not in _DEPTHS or depth not in _DEPTHS[colour]:
        raise PngError(f"invalid colour type {colour} / bit depth {depth}")
    if comp != 0 or filt != 0 or inter not in (0, 1):
        raise PngError("invalid compression, filter or interlace method")
    return PngInfo(w, h, depth, colour, bool(inter))


def check_png(data: bytes) -> PngInfo:
    """The :class:`PngInfo` of ``data`` if it is a complete, valid PNG; else :class:`PngError`.

    Checked: signature; every chunk's length and CRC; IHDR first with values the specification
    allows and a side of at most :data:`MAX_SIDE`; PLTE present for palette images; IDAT chunks
    consecutive; IEND last with nothing after it; the inflated image data exactly as long as the
    header promises, every row starting with a valid filter type (0-4) when not interlaced.
    """
    info = _header(data)
    expected = expected_data_size(info)
    row = 1 + _row_bytes(info.width, info.bit_depth * _SAMPLES[info.colour_type])
    inflater = zlib.decompressobj()
    inflated = 0
    pos = 8
    seen_idat = idat_done = palette = False
    while True:
        if pos + 12 > len(data):
            raise PngError("truncated (no IEND chunk)")
        length, ctype = struct.unpack(">I4s", data[pos:pos + 8])
        if length > MAX_CHUNK or pos + 12 + length > len(data):
            raise PngError(f"truncated or oversized {ctype!r} chunk")
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(ctype + body) & 0xFFFFFFFF != crc:
            raise PngError(f"corrupt {ctype.decode('latin-1')!r} chunk (CRC mismatch)")
        pos += 12 + length
        if ctype == b"PLTE":
            palette = True
        elif ctype == b"IDAT":
            if idat_done:
                raise PngError("IDAT chunks are not consecutive")
            seen_idat = True
            inflated = _inflate(inflater, body, inflated, expected, row, info.interlaced)
        elif seen_idat:
            idat_done = True
        if ctype == b"IEND":
            break
    if pos != len(data):
        raise PngError("data after the IEND chunk")
    if info.colour_type == 3 and not palette:
        raise PngError("palette image without a PLTE chunk")
    if not seen_idat:
        raise PngError("no image data (IDAT)")
    if not inflater.eof:
        raise PngError("image data is truncated (compressed stream not finished)")
    if inflated != expected:
        raise PngError(f"image data holds {inflated} bytes, the header promises {expected}")
    return info


def _inflate(inflater, body: bytes, done: int, expected: int, row: int, interlaced: bool) -> int:
    """Feed one IDAT body to ``inflater`` in bounded steps; return the new count of bytes."""
    try:
        pending = body
        while pending or inflater.unconsumed_tail:
            chunk = inflater.decompress(inflater.unconsumed_tail or pending, 1 << 20)
            pending = b""
            if not interlaced:
                first = (-done) % row  # offset in ``chunk`` of the next row's filter byte
                for k in range(first, len(chunk), row):
                    if chunk[k] > 4:
                        raise PngError(f"invalid row filter type {chunk[k]}")
            done += len(chunk)
            if done > expected:
                raise PngError("image data is longer than the header promises")
            if inflater.eof and inflater.unused_data:
                raise PngError("data after the end of the compressed image")
    except zlib.error as exc:
        raise PngError(f"corrupt compressed image data ({exc})") from None
    return done
