#!/usr/bin/python3
"""A DHCP client for tests/scripts/test_netboot_dnsmasq_arches: on the
interface given, one DHCPDISCOVER per client architecture (option 93,
RFC 4578; the vendor class PXEClient:Arch:NNNNN as UEFI PXE sends it, or
HTTPClient:Arch:NNNNN for the HTTP Boot types 16 and 19, as UEFI HTTP
Boot does), and prints what the OFFER gave: the boot file (option 67,
else the header's file field), the next server (siaddr) and option 60.

usage: dhcp_client.py IFACE ARCH...
Run only inside a network namespace of the test's own."""
import os
import socket
import struct
import sys

COOKIE = b"\x63\x82\x53\x63"
HTTP_ARCHES = (15, 16, 19)  # IANA: x86, x64, ARM64 UEFI HTTP Boot


def discover(xid, mac, arch):
    cls = "HTTPClient" if arch in HTTP_ARCHES else "PXEClient"
    vendor = ("%s:Arch:%05d:UNDI:003016" % (cls, arch)).encode()
    head = struct.pack("!BBBBIHH4s4s4s4s16s64s128s", 1, 1, 6, 0, xid, 0,
                       0x8000,	# broadcast: answer to 255.255.255.255
                       b"\0" * 4, b"\0" * 4, b"\0" * 4, b"\0" * 4,
                       mac + b"\0" * 10, b"\0" * 64, b"\0" * 128)
    opts = (bytes([53, 1, 1]) + bytes([93, 2]) + struct.pack("!H", arch)
            + bytes([94, 3, 1, 3, 16])	# UNDI 3.16, as edk2 sends
            + bytes([60, len(vendor)]) + vendor
            + bytes([55, 4, 1, 3, 60, 67]) + b"\xff")
    return head + COOKIE + opts


def options(pkt):
    out, i = {}, 240
    while i < len(pkt) and pkt[i] != 255:
        if pkt[i] == 0:
            i += 1
            continue
        out[pkt[i]] = pkt[i + 2:i + 2 + pkt[i + 1]]
        i += 2 + pkt[i + 1]
    return out


def offer(sock, xid, ask):
    """The OFFER to xid; asks again each second (dnsmasq and the link
    may come up after the first DISCOVER), at most 20 times."""
    for _ in range(20):
        ask()
        try:
            pkt = sock.recv(4096)
        except socket.timeout:
            continue
        if len(pkt) < 240 or pkt[236:240] != COOKIE:
            continue
        if struct.unpack("!I", pkt[4:8])[0] != xid:
            continue
        o = options(pkt)
        if o.get(53) == b"\x02":
            return pkt, o
    sys.exit("no DHCPOFFER to transaction 0x%08x in 20 s" % xid)


def main():
    iface, arches = sys.argv[1], [int(a) for a in sys.argv[2:]]
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_BINDTODEVICE,
                    iface.encode())
    sock.bind(("0.0.0.0", 68))
    sock.settimeout(1)
    for n, arch in enumerate(arches):
        # a MAC per question: each is a new client to dnsmasq
        mac = bytes([0x52, 0x54, 0x00, 0xa9, 0x93, n])
        xid = int.from_bytes(os.urandom(4), "big")
        pkt, o = offer(sock, xid, lambda: sock.sendto(
            discover(xid, mac, arch), ("255.255.255.255", 67)))
        name = o.get(67) or pkt[108:236].split(b"\0")[0]
        print("arch %d: file=%s siaddr=%s class=%s" % (
            arch, name.rstrip(b"\0").decode() or "-",
            socket.inet_ntoa(pkt[20:24]),
            o[60].decode() if 60 in o else "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
