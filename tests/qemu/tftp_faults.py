#!/usr/bin/python3
"""A TFTP server (RFC 1350, blksize of RFC 2348, tsize of RFC 2349) that
takes uploads with a fault per file kind, for test_netboot_refused: the
faults a real server reports that tftpd-hpa cannot be made to (it never
reports a full disk: its write-behind ignores the error and acknowledges
the block).

  .json  stored in DIR
  .html  refused at the request: error 6, the file exists
  .txt   refused in the middle: error 3, disk full, on the second block

Reads (the configs) are served from ROOT when given, so that one server
holds the whole boot and no test swaps servers while the guest runs;
without ROOT every read is refused.

usage: tftp_faults.py ADDRESS DIR [ROOT]  (serves until killed; logs to
stdout)
"""
import os
import socket
import struct
import sys

RRQ, WRQ, DATA, ACK, ERROR, OACK = 1, 2, 3, 4, 5, 6
SESSION_TIMEOUT_S = 10


def error(sock, peer, code, text):
    sock.sendto(struct.pack("!HH", ERROR, code) + text.encode() + b"\0", peer)
    print(f"tftp_faults: error {code} '{text}' to {peer}", flush=True)


def request(packet):
    """(filename, {option: value}) of a RRQ/WRQ packet."""
    fields = packet[2:].split(b"\0")
    name = fields[0].decode(errors="replace")
    opts = {}
    for i in range(2, len(fields) - 1, 2):
        opts[fields[i].decode().lower()] = fields[i + 1].decode()
    return name, opts


def receive(sock, peer, name, blksize, fail_at_block, out_dir):
    data = b""
    block = 0
    while True:
        try:
            packet, addr = sock.recvfrom(65536)
        except socket.timeout:
            print(f"tftp_faults: {name}: timeout after block {block}",
                  flush=True)
            return
        if addr != peer or len(packet) < 4:
            continue
        op, num = struct.unpack("!HH", packet[:4])
        if op != DATA or num != (block + 1) & 0xFFFF:
            continue
        if fail_at_block and num == fail_at_block:
            error(sock, peer, 3, "Disk full or allocation exceeded")
            return
        block = num
        data += packet[4:]
        sock.sendto(struct.pack("!HH", ACK, block), peer)
        if len(packet) - 4 < blksize:
            break
    path = os.path.join(out_dir, os.path.basename(name))
    with open(path, "xb") as f:
        f.write(data)
    print(f"tftp_faults: {name}: {len(data)} bytes kept", flush=True)


def send(sock, peer, name, data, blksize, oack):
    """Sends DATA blocks of blksize, each once more after a second with no
    ACK (5 tries); after an OACK, its ACK 0 first (an ERROR there: the
    client asked the size only)."""
    expect = 0 if oack else None
    block = 1
    while True:
        chunk = data[(block - 1) * blksize:block * blksize]
        packet = (oack if expect == 0 else
                  struct.pack("!HH", DATA, block & 0xFFFF) + chunk)
        want = 0 if expect == 0 else block & 0xFFFF
        for _ in range(5):
            sock.sendto(packet, peer)
            sock.settimeout(1)
            try:
                while True:
                    reply, addr = sock.recvfrom(65536)
                    if addr != peer or len(reply) < 4:
                        continue
                    op, num = struct.unpack("!HH", reply[:4])
                    if op == ERROR:
                        print(f"tftp_faults: {name}: client ended it "
                              f"(error {num})", flush=True)
                        return
                    if op == ACK and num == want:
                        break
                break
            except socket.timeout:
                continue
        else:
            print(f"tftp_faults: {name}: no ACK for block {want}",
                  flush=True)
            return
        if expect == 0:
            expect = None
            continue
        if len(chunk) < blksize:
            print(f"tftp_faults: {name}: {len(data)} bytes sent", flush=True)
            return
        block += 1


def serve_read(sock, peer, packet, root):
    name, opts = request(packet)
    print(f"tftp_faults: RRQ {name} {opts} from {peer}", flush=True)
    path = os.path.normpath(os.path.join(root, name.lstrip("/")))
    if not root or not path.startswith(root + os.sep) or \
            not os.path.isfile(path):
        error(sock, peer, 1, "File not found")
        return
    with open(path, "rb") as f:
        data = f.read()
    blksize = 512
    oack = b""
    if "blksize" in opts:
        blksize = max(8, min(int(opts["blksize"]), 65464))
        oack += b"blksize\0" + str(blksize).encode() + b"\0"
    if "tsize" in opts:
        oack += b"tsize\0" + str(len(data)).encode() + b"\0"
    send(sock, peer, name, data, blksize,
         struct.pack("!H", OACK) + oack if oack else None)


def serve(address, out_dir, root=None):
    listen = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    listen.bind((address, 69))
    print(f"tftp_faults: listening on {address}:69", flush=True)
    while True:
        packet, peer = listen.recvfrom(65536)
        if len(packet) < 4:
            continue
        op = struct.unpack("!H", packet[:2])[0]
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.bind((address, 0))
        sock.settimeout(SESSION_TIMEOUT_S)
        if op == RRQ:
            serve_read(sock, peer, packet, root)
            sock.close()
            continue
        if op != WRQ:
            error(sock, peer, 4, "reads and uploads only")
            sock.close()
            continue
        name, opts = request(packet)
        print(f"tftp_faults: WRQ {name} {opts} from {peer}", flush=True)
        if name.endswith(".html"):
            error(sock, peer, 6, "File already exists")
            sock.close()
            continue
        blksize = 512
        if "blksize" in opts:
            blksize = max(8, min(int(opts["blksize"]), 65464))
            sock.sendto(struct.pack("!H", OACK) + b"blksize\0" +
                        str(blksize).encode() + b"\0", peer)
        else:
            sock.sendto(struct.pack("!HH", ACK, 0), peer)
        receive(sock, peer, name, blksize,
                2 if name.endswith(".txt") else 0, out_dir)
        sock.close()


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    serve(sys.argv[1], sys.argv[2],
          os.path.abspath(sys.argv[3]) if len(sys.argv) == 4 else None)
