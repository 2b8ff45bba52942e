#!/usr/bin/env python3
"""How small a GIF's image data could get if every frame had the shortest LZW codes.

A GIF frame's LZW codes start one bit wider than its minimum code size, which must cover the
largest palette index the frame draws (GIF89a §22 and Appendix F). This script reads a GIF,
takes each stored frame's index stream exactly as written, relabels the indices the frame
uses to 0 … n−1 (as if each frame had its own palette of just its colours, at no cost) and
re-encodes it with greedy LZW at the smallest minimum code size for n. Nothing else changes:
same rectangles, same transparent pixels, same parse.

The result bounds what any palette order or local colour tables can gain on those frames
(real local tables cost 3 bytes per entry each frame, which this ignores). Used by
`make bench` as an information line next to the `--no-compact` size target.

Usage: scripts/lzw_bound.py FILE.gif   prints: stored-bytes free-palette-bytes
"""
import sys


def _lzw_decode(data, min_code_size):
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    table = {i: [i] for i in range(clear)}
    size, next_code, previous = min_code_size + 1, end + 1, None
    out, bits, nbits = [], 0, 0
    for byte in data:
        bits |= byte << nbits
        nbits += 8
        while nbits >= size:
            code = bits & ((1 << size) - 1)
            bits >>= size
            nbits -= size
            if code == clear:
                table = {i: [i] for i in range(clear)}
                size, next_code, previous = min_code_size + 1, end + 1, None
                continue
            if code == end:
                return out
            if previous is None:
                entry = table[code]
            else:
                entry = table[code] if code in table else previous + [previous[0]]
                if next_code < 4096:
                    table[next_code] = previous + [entry[0]]
                    next_code += 1
                    if next_code == 1 << size and size < 12:
                        size += 1
            out += entry
            previous = entry
    return out


def stored_frames(path):
    """Yields (minimum code size, LZW data bytes, decoded indices) for each image in the file."""
    b = open(path, "rb").read()
    p = 13
    if b[10] & 0x80:
        p += 3 * (2 << (b[10] & 7))
    while p < len(b) and b[p] != 0x3B:
        if b[p] == 0x21:
            p += 2
            while b[p]:
                p += 1 + b[p]
            p += 1
        elif b[p] == 0x2C:
            width, height, flags = b[p + 5] | b[p + 6] << 8, b[p + 7] | b[p + 8] << 8, b[p + 9]
            p += 10
            if flags & 0x80:
                p += 3 * (2 << (flags & 7))
            min_code_size = b[p]
            p += 1
            data = bytearray()
            while b[p]:
                data += b[p + 1:p + 1 + b[p]]
                p += 1 + b[p]
            p += 1
            yield min_code_size, len(data), _lzw_decode(data, min_code_size)[:width * height]
        else:
            raise ValueError(f"{path}: unexpected block 0x{b[p]:02x} at {p}")


def greedy_lzw_bytes(indices, min_code_size):
    """Bytes of a greedy LZW encoding (clear code first, clear when the table is full)."""
    clear = 1 << min_code_size
    table, next_code, size = {}, clear + 2, min_code_size + 1
    bits, current = size, None
    for symbol in indices:
        if current is None:
            current = symbol
            continue
        key = (current, symbol)
        if key in table:
            current = table[key]
            continue
        bits += size
        if next_code < 4096:
            table[key] = next_code
            next_code += 1
            if next_code > 1 << size and size < 12:
                size += 1
        else:
            bits += size
            table, next_code, size = {}, clear + 2, min_code_size + 1
        current = symbol
    bits += 2 * size  # the last string and the end code
    return (bits + 7) // 8


def free_palette_bytes(path):
    """(stored LZW data bytes, the same frames' bytes with a free palette of their own colours)."""
    stored = free = 0
    for _, data_bytes, indices in stored_frames(path):
        used = sorted(set(indices))
        relabel = {index: k for k, index in enumerate(used)}
        min_code_size = max(2, (len(used) - 1).bit_length())
        stored += data_bytes
        free += greedy_lzw_bytes([relabel[i] for i in indices], min_code_size)
    return stored, free


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[-1])
    print(*free_palette_bytes(sys.argv[1]))
