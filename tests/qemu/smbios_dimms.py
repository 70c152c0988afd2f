#!/usr/bin/python3
"""SMBIOS type 17 (memory device) and type 20 (memory device mapped
address) structures for QEMU's -smbios file=OUT: the DIMMs a scenario
gives the guest, and where in the physical address space each lies.

usage: smbios_dimms.py OUT --dimm LOC:MB:RATED:CONFIGURED:PART ...
                           [--map LOC:START:END[:POSITION] ...]

--dimm   a populated DDR4 DIMM, 64-bit data width: locator, size in MiB,
         rated and configured speed in MT/s, part number. Handles are
         0x2000, 0x2001, ... in the order given.
--map    a type 20 for DIMM LOC: bytes START up to END (exclusive; any
         integer literal, 0x... too), POSITION its interleave position
         (0: not interleaved, the default; 1, 2, ... in a set, each
         DIMM of which maps the set's whole range).

QEMU 7.2: a type 17 from file= replaces QEMU's own (one per -m slot);
-smbios type=17,... options cannot be given beside it (QEMU refuses).
QEMU builds no type 20 of its own.
"""
import argparse
import struct
import sys

T16_HANDLE = 0x1000    # QEMU's memory array (type 16)
T19_HANDLE = 0x1300    # QEMU's first memory array mapped address (type 19)
T17_FIRST = 0x2000
T20_FIRST = 0x2100


def type17(handle, loc, mb, rated, conf, part):
    """A 92-byte type 17 (SMBIOS 3.3) and its strings."""
    f = bytearray(92)
    # type, length, handle, array, error handle, total and data width,
    # size (MB), form DIMM, set, locator 1, bank 2, DDR4, synchronous,
    # speed, maker 3, serial and asset none, part 4, rank 1, extended
    # size, configured speed
    struct.pack_into("<BBHHHHHHBBBBBHHBBBBBIH", f, 0, 17, 92, handle,
                     T16_HANDLE, 0xfffe, 64, 64, mb, 0x09, 0, 1, 2, 0x1a,
                     0x80, rated, 3, 0, 0, 4, 1, 0, conf)
    return bytes(f) + b"\0".join([loc, b"BANK 0", b"Test", part]) + b"\0\0"


def type20(handle, device, start, end, position):
    """A 35-byte type 20 (SMBIOS 2.7): start and end in KiB, the end
    inclusive; past 4 TiB the extended byte addresses instead."""
    if start % 1024 or end % 1024 or end <= start:
        sys.exit("smbios_dimms.py: a map wants KiB-aligned START < END")
    start_kib, last_kib = start >> 10, (end >> 10) - 1
    ext_start = ext_last = 0
    if last_kib >= 0xffffffff:
        start_kib = last_kib = 0xffffffff
        ext_start, ext_last = start, end - 1
    f = struct.pack("<BBHIIHHBBBQQ", 20, 0x23, handle, start_kib, last_kib,
                    device, T19_HANDLE, 0xff, position,
                    1 if position else 0, ext_start, ext_last)
    return f + b"\0\0"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--dimm", action="append", default=[], required=True)
    ap.add_argument("--map", action="append", default=[])
    a = ap.parse_args()
    out = b""
    handles = {}
    for i, spec in enumerate(a.dimm):
        loc, mb, rated, conf, part = spec.split(":")
        handles[loc] = T17_FIRST + i
        out += type17(T17_FIRST + i, loc.encode(), int(mb), int(rated),
                      int(conf), part.encode())
    for i, spec in enumerate(a.map):
        f = spec.split(":")
        if f[0] not in handles or len(f) not in (3, 4):
            sys.exit("smbios_dimms.py: --map %s: want LOC:START:END[:POS] "
                     "of a --dimm LOC" % spec)
        out += type20(T20_FIRST + i, handles[f[0]], int(f[1], 0),
                      int(f[2], 0), int(f[3]) if len(f) == 4 else 0)
    with open(a.out, "wb") as o:
        o.write(out)


if __name__ == "__main__":
    main()
