#!/usr/bin/python3
"""Writes a machine file of the corpus (format: README.md here) from public
dumps: an AIDA64-format CPUID dump of every logical cpu (as kept in
anrieff/libcpuid's tests/, with libcpuid's own decoded sizes after the
dump) and, where one exists, an acpidump of the same platform (linuxhw/ACPI's
.bin files) for the SRAT and SLIT. Where no public SRAT of the machine
exists, --built-srat makes one from the CPUID topology and a named firmware
setting, and the file says so.

  convert.py NAME TITLE CPUID_DUMP CPUID_SOURCE [--acpi DUMP SOURCE]
             [--built-srat RULE] [--hyperv-srat DMESG_SOURCE RANGES]
             [--cpuidjl ENTRY] > NAME.txt

CPUID_DUMP is AIDA64-format; with --cpuidjl it is CpuId.jl's
test/mockdb.jl instead and ENTRY the comment line naming the entry (one
cpu's leaves and the package's decoded cache sizes). A dump with no
libcpuid block after it (InstLatX64's own files) gets its "reported" lines
from the dump's own leaf-4 annotations ("[L1D: 48 KB]"), one a core type.
"""
import re
import struct
import sys

KEEP_CPU0 = {0x0, 0x1, 0x6, 0x7, 0xB, 0x1A, 0x1F, 0x4, 0x80000000,
             0x80000001, 0x80000002, 0x80000003, 0x80000004, 0x80000005,
             0x80000006, 0x80000007, 0x80000008, 0x8000001D, 0x8000001E,
             # the cache allocation leaves (Intel RDT, AMD PQoS)
             0x10, 0x80000020}
# Leaves that differ between cpus: the APIC ids (1, 0xB, 0x1F, 0x8000001E)
# and the core type (0x1A); the cache leaves only where they differ.
KEEP_EACH = {0x1, 0xB, 0x1F, 0x1A, 0x8000001E}
CACHE_LEAVES = (0x4, 0x8000001D)


def parse_aida(path):
    """The cpus' leaves, libcpuid's decoded blocks, and each cpu's leaf-4
    annotations ({subleaf: '48 KB'}, under the key 'notes')."""
    cpus, cur, reported, block = [], None, [], None
    for line in open(path, errors='replace'):
        line = line.rstrip('\r\n')
        if re.fullmatch(r'-{80}', line):
            block = []
            reported.append(block)
            continue
        if block is not None:
            block.append(line)
            continue
        if re.match(r'^(CPU#\d+|-+\[ (CPUID Registers / )?Logical CPU #\d+ \]-+)', line):
            cur = {}
            cpus.append(cur)
            continue
        m = re.match(r'^CPUID ([0-9A-F]{8}): ([0-9A-F]{8})-([0-9A-F]{8})-'
                     r'([0-9A-F]{8})-([0-9A-F]{8})(?: \[SL ([0-9A-F]{2})\])?', line)
        if m:
            if cur is None:
                cur = {}
                cpus.append(cur)
            leaf = int(m.group(1), 16)
            sub = int(m.group(6), 16) if m.group(6) else 0
            cur.setdefault((leaf, sub), tuple(int(m.group(i), 16) for i in range(2, 6)))
            note = re.search(r'\[L(\d)([DIU]): (\d+) (KB|MB)\]', line)
            if leaf == 4 and note:
                kib = int(note.group(3)) * (1024 if note.group(4) == 'MB' else 1)
                cur.setdefault('notes', {})[note.group(1) + note.group(2)] = kib
    return cpus, [b for b in reported if b]


CORE_TYPES = {0x20: 'efficiency', 0x40: 'performance'}


def reported_from_notes(cpus):
    """One "reported" line a distinct (core type, sizes) from the dump's own
    leaf-4 annotations: the dumping tool's decoding, not convert.py's."""
    groups = {}
    for c in cpus:
        n = c.get('notes', {})
        hybrid = c.get((7, 0), (0, 0, 0, 0))[3] >> 15 & 1
        kind = CORE_TYPES.get(c.get((0x1A, 0), (0,))[0] >> 24, 'general') \
            if hybrid else 'general'
        key = (kind, n.get('1D', -1), n.get('1I', -1), n.get('2U', -1), n.get('3U', -1))
        g = groups.setdefault(key, [0, set()])
        g[0] += 1
        g[1].add(x2apic(c) >> 1)
    return ['# reported %s cores=%d logical=%d l1d=%s l1i=%s l2=%s l3=%s' %
            (k[0], len(v[1]), v[0], *k[1:]) for k, v in groups.items()]


def parse_cpuidjl(path, entry):
    """CpuId.jl's test/mockdb.jl: the entry after the comment line `entry`
    ((leaf, subleaf) => (eax, ebx, ecx, edx) pairs, then its decoded
    :cpucores, :cputhreads and :cachesize, the data caches' bytes a level).
    One cpu; its reported line gives l1i as '?' (the source has none)."""
    text = open(path).read()
    at = text.index('# ' + entry + '\n')
    end = text.find('push!', text.index('push!', at) + 1)
    body = text[at:end if end >= 0 else len(text)]
    cpu = {}
    for m in re.finditer(r'\(\((0x[0-9a-f]+), (0x[0-9a-f]+)\) => \((0x[0-9a-f]+), '
                         r'(0x[0-9a-f]+), (0x[0-9a-f]+), (0x[0-9a-f]+)\)\)', body):
        v = [int(x, 16) for x in m.groups()]
        cpu.setdefault((v[0], v[1]), tuple(v[2:]))
    cores = int(re.search(r':cpucores\s*=> (\d+)', body).group(1))
    threads = int(re.search(r':cputhreads\s*=> (\d+)', body).group(1))
    sizes = [int(x) >> 10 for x in
             re.search(r':cachesize\s*=> \(([\d, ]+)\)', body).group(1).split(',')]
    sizes += [-1] * (3 - len(sizes))
    line = ('# reported general cores=%d logical=%d l1d=%d l1i=? l2=%d l3=%d' %
            (cores, threads, sizes[0], sizes[1], sizes[2]))
    return [cpu], line


def x2apic(c):
    for leaf in (0x1F, 0xB):
        if (leaf, 0) in c and c[(leaf, 0)][1] & 0xFFFF:
            return c[(leaf, 0)][3]
    if (0x8000001E, 0) in c and c.get((0x80000001, 0), (0, 0, 0, 0))[2] >> 22 & 1:
        return c[(0x8000001E, 0)][0]
    return c[(1, 0)][1] >> 24


def package_shift(c):
    for leaf in (0x1F, 0xB):
        if (leaf, 0) in c and c[(leaf, 0)][1] & 0xFFFF:
            shift = 0
            for sub in range(8):
                r = c.get((leaf, sub))
                if not r or not (r[2] >> 8 & 0xFF):
                    break
                shift = r[0] & 0x1F
            return shift
    return (c[(0x80000008, 0)][2] >> 12) & 0xF


def acpi_tables(path):
    out, cur, buf = {}, None, bytearray()
    for line in open(path, errors='replace'):
        m = re.match(r'^(\w{4}) @ 0x', line)
        if m:
            if cur:
                out.setdefault(cur, bytes(buf))
            cur, buf = m.group(1), bytearray()
            continue
        m = re.match(r'^\s+[0-9A-Fa-f]{4,8}: ((?:[0-9A-Fa-f]{2} ){1,16})', line)
        if m and cur:
            buf += bytes.fromhex(m.group(1))
    if cur:
        out.setdefault(cur, bytes(buf))
    return {k: v[:struct.unpack_from('<I', v, 4)[0]] for k, v in out.items()}


def acpi_header(sig, body, oem=b'BUILT '):
    length = 36 + len(body)
    h = struct.pack('<4sIBB6s8sI4sI', sig, length, 3, 0, oem, b'CORPUS  ', 1,
                    b'BMEM', 1)
    t = bytearray(h + body)
    t[9] = (-sum(t)) & 0xFF
    return bytes(t)


def srat_bytes(cpus, mems, oem=b'BUILT '):
    """cpus: (apic, domain); mems: (base, bytes, domain, flags)."""
    body = bytearray(struct.pack('<IQ', 1, 0))
    for apic, pd in cpus:
        if apic < 0xFF:
            body += struct.pack('<BBBBIB3sI', 0, 16, pd & 0xFF, apic, 1, 0,
                                (pd >> 8).to_bytes(3, 'little'), 0)
        else:
            body += struct.pack('<BBHIIII', 2, 24, 0, pd, apic, 1, 0) + bytes(4)
    for base, size, pd, flags in mems:
        body += struct.pack('<BBIHQQIIQ', 1, 40, pd, 0, base, size, 0, flags, 0)
    return acpi_header(b'SRAT', bytes(body), oem)


def slit_bytes(matrix):
    n = len(matrix)
    return acpi_header(b'SLIT', struct.pack('<Q', n) + bytes(v for row in matrix for v in row))


GIB = 1 << 30


def built_numa(rule, cpus):
    """Nodes per firmware setting from the CPUID topology: 'package'
    (one node a socket), 'snc2' (each socket's cores in two halves by
    core id), 'nps4-genoa' (a socket's 12 CCDs in four nodes of three:
    APIC id bits 7:4 name the CCD), 'die-naples' (one node a die: APIC
    id bits 5:4). Memory: 64 GiB a node, the first with the hole below
    4 GiB."""
    ids = [x2apic(c) for c in cpus]
    shift = package_shift(cpus[0])
    pkgs = sorted(set(a >> shift for a in ids))
    node_of = {}
    if rule == 'package':
        for a in ids:
            node_of[a] = pkgs.index(a >> shift)
        per_pkg, near, far = 1, 10, 21
    elif rule == 'snc2':
        smt = cpus[0][(0xB, 0)][0] & 0x1F
        for p in pkgs:
            cores = sorted(set((a >> smt) for a in ids if a >> shift == p))
            for a in ids:
                if a >> shift == p:
                    half = cores.index(a >> smt) * 2 // len(cores)
                    node_of[a] = pkgs.index(p) * 2 + half
        per_pkg, near, far = 2, 11, 21
    elif rule == 'nps4-genoa':
        for a in ids:
            node_of[a] = pkgs.index(a >> shift) * 4 + ((a >> 4) & 0xF) // 3
        per_pkg, near, far = 4, 12, 32
    elif rule == 'die-naples':
        for a in ids:
            node_of[a] = pkgs.index(a >> shift) * 4 + ((a >> 4) & 3)
        per_pkg, near, far = 4, 16, 32
    else:
        raise SystemExit('unknown rule ' + rule)
    nodes = sorted(set(node_of.values()))
    mems, base = [], 0
    for n in nodes:
        if n == 0:
            mems.append((0, 2 * GIB, 0, 1))
            mems.append((4 * GIB, 62 * GIB, 0, 1))
            base = 66 * GIB
        else:
            mems.append((base, 64 * GIB, n, 1))
            base += 64 * GIB
    slit = [[10 if i == j else near if i // per_pkg == j // per_pkg else far
             for j in nodes] for i in nodes]
    return srat_bytes([(a, node_of[a]) for a in ids], mems), slit_bytes(slit)


def hex_lines(tag, data):
    return ['%s %s' % (tag, data[i:i + 32].hex()) for i in range(0, len(data), 32)]


def regs_line(key, r):
    return '%08x.%x %08x %08x %08x %08x' % (key[0], key[1], *r)


def main(argv):
    name, title, dump, dump_src = argv[:4]
    rest = argv[4:]
    jl_line = None
    if '--cpuidjl' in rest:
        i = rest.index('--cpuidjl')
        cpus, jl_line = parse_cpuidjl(dump, rest[i + 1])
        del rest[i:i + 2]
        reported = []
        out = ['# %s' % title, '# source cpuid: %s' % dump_src,
               '#   (CpuId.jl\'s recorded dump of one cpu, "%s"; its decoded '
               'sizes kept as the "reported" line: the data caches only, so '
               'l1i is "?")' % ' '.join(argv[4:]).split('--cpuidjl ')[-1]]
    else:
        cpus, reported = parse_aida(dump)
        out = ['# %s' % title,
               '# source cpuid: %s' % dump_src,
               '#   (AIDA64-format dump of every logical cpu; below it libcpuid\'s '
               'decoded sizes, kept as "reported" lines)' if reported else
               '#   (AIDA64-format dump of every logical cpu; the "reported" '
               'lines are its own leaf-4 annotations)']
    dropped = None
    seen, kept = set(), []
    for i, c in enumerate(cpus):
        if x2apic(c) in seen:
            continue
        seen.add(x2apic(c))
        kept.append(c)
    if len(kept) < len(cpus):
        dropped = ('# the dump\'s logical cpus %d-%d repeat an earlier cpu\'s '
                   'x2APIC id and leaves (the dumping tool reached %d cpus): '
                   'left out; the file holds %d of the %d' %
                   (len(kept), len(cpus) - 1, len(kept), len(kept), len(cpus)))
        cpus = kept
    srat = slit = None
    while rest:
        opt = rest.pop(0)
        if opt == '--acpi':
            path, src = rest.pop(0), rest.pop(0)
            t = acpi_tables(path)
            srat, slit = t.get('SRAT'), t.get('SLIT')
            out.append('# source srat/slit: %s (acpidump; the SRAT and SLIT bytes as dumped)' % src)
        elif opt == '--built-srat':
            rule = rest.pop(0)
            srat, slit = built_numa(rule, cpus)
            out.append('# srat/slit: BUILT by convert.py (rule %s), no public SRAT of '
                       'this machine: the cpus\' nodes follow that firmware setting from '
                       'the CPUID topology; the memory ranges and distances are '
                       'placeholders, not this machine\'s' % rule)
        elif opt == '--hyperv-srat':
            src, ranges = rest.pop(0), rest.pop(0)
            mems = []
            for r in ranges.split(','):
                lo, hi = (int(x, 16) for x in r.split('-'))
                mems.append((lo, hi - lo + 1, 0, 3))
            ids = [x2apic(c) for c in cpus]
            srat = srat_bytes([(a, 0) for a in ids], mems, b'VRTUAL')
            out.append('# srat: rebuilt from the guest\'s own dmesg in %s: its '
                       'lines "ACPI: SRAT: Node 0 PXM 0 [mem A-B] hotplug" (every '
                       'range Enabled + Hot Pluggable) and "SRAT: PXM 0 -> APIC '
                       'n -> Node 0" for APIC 0..%d' % (src, len(ids) - 1))
    for block in reported:
        if len(block) > 13:
            out.append('# reported %s cores=%s logical=%s l1d=%s l1i=%s l2=%s l3=%s' %
                       (block[2].replace(' ', '-'), block[8], block[9], block[10],
                        block[11], block[12], block[13]))
    if jl_line:
        out.append(jl_line)
    elif not reported:
        out += reported_from_notes(cpus)
    if dropped:
        out.append(dropped)
    out.append('machine %s' % name)
    cpu0 = cpus[0]
    for i, c in enumerate(cpus):
        out.append('cpu %x' % x2apic(c))
        for key in sorted(k for k in c if isinstance(k, tuple)):
            leaf = key[0]
            if i == 0:
                keep = leaf in KEEP_CPU0
            else:
                keep = leaf in KEEP_EACH
                if leaf in CACHE_LEAVES:
                    mine = {k: v for k, v in c.items() if k[0] == leaf}
                    theirs = {k: v for k, v in cpu0.items() if k[0] == leaf}
                    keep = mine != theirs
            if keep:
                out.append(regs_line(key, c[key]))
    if srat:
        out += hex_lines('srat', srat)
    if slit:
        out += hex_lines('slit', slit)
    print('\n'.join(out))


if __name__ == '__main__':
    main(sys.argv[1:])
