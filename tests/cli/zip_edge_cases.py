#!/usr/bin/env python3
"""Zip files that other tools accept or make, built here with Python's zipfile (issue 9 items 7 and 8).

Each case runs trainledger-cli on the file and checks the exit code and the one line it prints. Usage:
zip_edge_cases.py CLI WORKDIR
"""
import json
import os
import struct
import subprocess
import sys
import zipfile
import zlib

cli, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
failures = []


def run(*args):
    p = subprocess.run([cli, *args], capture_output=True, text=True, errors="replace")
    return p.returncode, p.stdout, p.stderr


def check(name, ok, detail):
    print(("ok:   " if ok else "FAIL: ") + name + ("" if ok else "\n      " + detail))
    if not ok:
        failures.append(name)


def scenario_json():
    rc, out, err = run("--set", "title=from python", "--save", os.path.join(work, "base.json"))
    assert rc == 0, err
    with open(os.path.join(work, "base.json"), "rb") as f:
        return f.read()


def write_zip(path, entries, comment=b"", flag_bits=0):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
        z.comment = comment
    if flag_bits:  # zipfile clears the flags it does not implement: set them in both headers afterwards
        with open(path, "rb") as f:
            data = bytearray(f.read())
        for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
            at = data.find(signature)
            while at >= 0:
                struct.pack_into("<H", data, at + offset, struct.unpack_from("<H", data, at + offset)[0] | flag_bits)
                at = data.find(signature, at + 4)
        with open(path, "wb") as f:
            f.write(data)
        with zipfile.ZipFile(path) as z:
            assert all(i.flag_bits & flag_bits for i in z.infolist())
    return path


# ZipCrypto (the traditional PKWARE encryption) as APPNOTE 6.1 describes it; zipfile can read it but not write it.
def crc_byte(key, b):
    return (~zlib.crc32(bytes([b]), ~key & 0xFFFFFFFF)) & 0xFFFFFFFF


class ZipCrypto:
    def __init__(self, password):
        self.k = [0x12345678, 0x23456789, 0x34567890]
        for c in password:
            self.update(c)

    def update(self, c):
        self.k[0] = crc_byte(self.k[0], c)
        self.k[1] = (self.k[1] + (self.k[0] & 0xFF)) & 0xFFFFFFFF
        self.k[1] = (self.k[1] * 134775813 + 1) & 0xFFFFFFFF
        self.k[2] = crc_byte(self.k[2], self.k[1] >> 24)

    def encrypt(self, data):
        out = bytearray()
        for c in data:
            t = (self.k[2] | 2) & 0xFFFF
            out.append(c ^ (((t * (t ^ 1)) >> 8) & 0xFF))
            self.update(c)
        return bytes(out)


def zipcrypto_archive(path, name, data, password=b"secret"):
    crc = zlib.crc32(data)
    header = os.urandom(11) + bytes([crc >> 24])  # the 12th byte checks the password
    body = ZipCrypto(password).encrypt(header + data)  # stored: no compression
    fname = name.encode()
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 1, 0, 0, 0x2100, crc, len(body), len(data), len(fname), 0)
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 1, 0, 0, 0x2100, crc, len(body), len(data),
                          len(fname), 0, 0, 0, 0, 0o644 << 16, 0)
    blob = local + fname + body
    cd = central + fname
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(cd), len(blob), 0)
    with open(path, "wb") as f:
        f.write(blob + cd + end)
    # A real ZipCrypto archive: Python's zipfile decrypts it with the password.
    with zipfile.ZipFile(path) as z:
        assert z.read(name, pwd=password) == data
    return path


base = scenario_json()

for size in (65513, 65514, 65535):
    path = write_zip(os.path.join(work, f"comment-{size}.trainledger"), [("scenario.json", base)], b"c" * size)
    with zipfile.ZipFile(path) as z:
        assert len(z.comment) == size
    rc, out, err = run(path, "--json")
    check(f"archive comment of {size} bytes opens", rc == 0 and '"title": "from python"' in out, err)

path = zipcrypto_archive(os.path.join(work, "zipcrypto.trainledger"), "scenario.json", base)
rc, out, err = run(path)
check("ZipCrypto archive: encrypted files are not supported",
      rc == 2 and "encrypted files are not supported" in err and err.count("\n") == 1, err)

path = write_zip(os.path.join(work, "flag.trainledger"), [("scenario.json", base)], flag_bits=0x1)
rc, out, err = run(path)
check("encryption flag on plain data: not supported", rc == 2 and "encrypted files are not supported" in err, err)

utf16 = base.decode().encode("utf-16")
for name, data in (("utf16.trainledger", utf16), ("utf16-nobom.trainledger", base.decode().encode("utf-16-le"))):
    path = write_zip(os.path.join(work, name), [("scenario.json", data)])
    rc, out, err = run(path)
    check(f"{name}: scenario.json must be UTF-8", rc == 2 and "must be UTF-8" in err, err)
with open(os.path.join(work, "utf16.json"), "wb") as f:
    f.write(utf16)
rc, out, err = run(os.path.join(work, "utf16.json"))
check("bare UTF-16 scenario.json: must be UTF-8", rc == 2 and "must be UTF-8" in err, err)

doc = json.loads(base)
doc["data"]["documents"] = [1] * 150000
path = write_zip(os.path.join(work, "documents.trainledger"), [("scenario.json", json.dumps(doc).encode())])
rc, out, err = run(path)
check("150,000 documents: the list is too long",
      rc == 2 and "too long" in err and "wrong type" not in err and len(err) <= 320, err)

doc = json.loads(base)
doc["future"] = {f"{i:x}": 0 for i in range(90000)}  # short names: 90,000 keys inside the 1 MiB limit
path = write_zip(os.path.join(work, "unknown.trainledger"),
                 [("scenario.json", json.dumps(doc, separators=(",", ":")).encode())])
rc, out, err = run(path, "--json")
lines = err.splitlines()
check("90,000 unknown keys: a few warnings and a count",
      rc == 0 and len(lines) <= 6 and "89,995 more unknown keys" in err, f"{len(lines)} lines: {err[:400]}")

# A central directory said to start 100,000,000 bytes in: Qt's "QBuffer::seek: Invalid pos" must not leak.
good = write_zip(os.path.join(work, "good.trainledger"), [("scenario.json", base)])
with open(good, "rb") as f:
    data = bytearray(f.read())
end = data.rfind(b"PK\x05\x06")
struct.pack_into("<I", data, end + 16, 100000000)
path = os.path.join(work, "far-offset.trainledger")
with open(path, "wb") as f:
    f.write(data)
rc, out, err = run(path)
check("a lying central-directory offset: one line, no Qt warning",
      rc == 2 and err.count("\n") == 1 and "QBuffer" not in err, err)
for args in (("",), ("--save", ""), ("--pipeline-svg", "")):
    rc, out, err = run(*args)
    check(f"empty file name {args}: one line, no Qt warning", rc == 2 and err.count("\n") == 1 and "QFSFile" not in err,
          err)

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
