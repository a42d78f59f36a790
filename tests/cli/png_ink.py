#!/usr/bin/env python3
"""Counts the non-white pixels of a PNG screenshot below a fraction of its
height (argv[2], e.g. 0.6): the report's pictures are drawn there. Only the
standard library: zlib inflates the IDAT stream, the PNG filters are undone
row by row (8-bit RGB or RGBA, as chromium writes)."""
import struct
import sys
import zlib


def main():
    data = open(sys.argv[1], "rb").read()
    start = float(sys.argv[2])
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    if depth != 8 or color not in (2, 6):
        sys.exit("unsupported PNG format")
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    ink = 0
    for y in range(height):
        f = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                row[i] = (row[i] + a) & 255
            elif f == 2:
                row[i] = (row[i] + b) & 255
            elif f == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if y >= height * start:
            for x in range(0, stride, bpp):
                if row[x] < 200 or row[x + 1] < 200 or row[x + 2] < 200:
                    ink += 1
        prev = row
    print(ink)


main()
