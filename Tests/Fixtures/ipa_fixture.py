# Builds iOS release binaries without Apple's tools (plistlib, struct; `openssl cms` for the
# profile, `zip` for the IPA), for the tests (Tests/ArtifactTests/IPAFixture.swift) and the
# release-binary benchmark. Usage: ipa_fixture.py ipa|macho|profile SPEC.json FOLDER OUT
import json, plistlib, struct, subprocess, sys, os, datetime

CPUS = {"arm64": (0x0100000C, 0), "x86_64": (0x01000007, 3), "arm64_32": (0x0200000C, 1), "armv7": (12, 9)}

def blob(magic, payload):
    return struct.pack(">II", magic, 8 + len(payload)) + payload

def tlv(tag, body):
    size = len(body)
    length = bytes([size]) if size < 128 else bytes([0x80 | ((size.bit_length() + 7) // 8)]) + size.to_bytes((size.bit_length() + 7) // 8, "big")
    return bytes([tag]) + length + body

def der_value(value):
    if isinstance(value, bool):
        return tlv(0x01, b"\xff" if value else b"\x00")
    if isinstance(value, int):
        return tlv(0x02, value.to_bytes(value.bit_length() // 8 + 1, "big", signed=True))
    if isinstance(value, str):
        return tlv(0x0C, value.encode())
    if isinstance(value, list):
        return tlv(0x30, b"".join(der_value(item) for item in value))
    return tlv(0xB0, b"".join(tlv(0x30, der_value(key) + der_value(value[key])) for key in sorted(value)))

def der_form(entitlements):
    return tlv(0x70, tlv(0x02, b"\x01") + der_value(entitlements))

def superblob(entitlements, der, der_entitlements):
    blobs = [(0, blob(0xFADE0C02, struct.pack(">IIIIIIIBBBBI", 0x20400, 0, 0, 0, 0, 0, 0, 32, 2, 0, 12, 0)))]
    blobs.append((2, blob(0xFADE0C01, struct.pack(">I", 0))))
    if der != "only":
        blobs.append((5, blob(0xFADE7171, plistlib.dumps(entitlements, fmt=plistlib.FMT_XML))))
    if der:
        blobs.append((7, blob(0xFADE7172, der_form(der_entitlements or entitlements))))
    header = 12 + 8 * len(blobs)
    index, body = b"", b""
    for slot, data in blobs:
        index += struct.pack(">II", slot, header + len(body))
        body += data
    return struct.pack(">III", 0xFADE0CC0, header + len(body), len(blobs)) + index + body

def macho(cpu, entitlements, der=None, der_entitlements=None):
    cputype, subtype = CPUS[cpu]
    text = b"\x1f\x20\x03\xd5" * 4096
    linkedit_at = 0x4000
    signature = superblob(entitlements, der, der_entitlements) if entitlements is not None else b""
    wide = cpu != "armv7"
    if wide:
        segment = struct.pack("<II16sQQQQIIII", 0x19, 72, b"__LINKEDIT", 0x100004000, 0x4000,
                              linkedit_at, len(signature), 1, 1, 0, 0)
    else:
        segment = struct.pack("<II16sIIIIIIII", 0x1, 56, b"__LINKEDIT", 0x4000, 0x4000,
                              linkedit_at, len(signature), 1, 1, 0, 0)
    commands = [segment]
    if signature:
        commands.append(struct.pack("<IIII", 0x1D, 16, linkedit_at, len(signature)))
    body = b"".join(commands)
    if wide:
        header = struct.pack("<IIIIIIII", 0xFEEDFACF, cputype, subtype, 2, len(commands), len(body), 0, 0)
    else:
        header = struct.pack("<IIIIIII", 0xFEEDFACE, cputype, subtype, 2, len(commands), len(body), 0)
    out = header + body
    out += text[: linkedit_at - len(out)]
    return out + signature

def executable(spec):
    slices = [macho(s["cpu"], s.get("entitlements"), s.get("der"), s.get("derEntitlements")) for s in spec["slices"]]
    if not spec.get("fat"):
        return slices[0]
    fat64 = spec.get("fat64", False)
    out = struct.pack(">II", 0xCAFEBABF if fat64 else 0xCAFEBABE, len(slices))
    offset = 0x4000
    placed = []
    for s, data in zip(spec["slices"], slices):
        cputype, subtype = CPUS[s["cpu"]]
        if fat64:
            out += struct.pack(">IIQQII", cputype, subtype, offset, len(data), 14, 0)
        else:
            out += struct.pack(">IIIII", cputype, subtype, offset, len(data), 14)
        placed.append((offset, data))
        offset += (len(data) + 0x3FFF) // 0x4000 * 0x4000
    for at, data in placed:
        out += b"\0" * (at - len(out)) + data
    return out

def profile(spec, folder):
    spec = dict(spec)
    streamed = ["-stream"] if spec.pop("streamed", False) else []
    if "ExpirationDate" in spec:
        spec["ExpirationDate"] = datetime.datetime.fromisoformat(spec["ExpirationDate"].replace("Z", ""))
    plist = os.path.join(folder, "profile.plist")
    with open(plist, "wb") as f:
        plistlib.dump(spec, f, fmt=plistlib.FMT_XML)
    key, cert = os.path.join(folder, "key.pem"), os.path.join(folder, "cert.pem")
    if not os.path.exists(key):
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key,
                        "-out", cert, "-subj", "/CN=relops test profile signer", "-days", "2"],
                       check=True, capture_output=True)
    out = os.path.join(folder, "profile.der")
    subprocess.run(["openssl", "cms", "-sign", "-nodetach", "-binary", "-outform", "DER", "-in", plist,
                    "-signer", cert, "-inkey", key, "-out", out] + streamed, check=True, capture_output=True)
    with open(out, "rb") as f:
        return f.read()

def ipa(spec, folder, out):
    staging = os.path.join(folder, "staging")
    for bundle in spec["bundles"]:
        app = os.path.join(staging, "Payload", bundle["name"] + ".app")
        os.makedirs(app, exist_ok=True)
        with open(os.path.join(app, "Info.plist"), "wb") as f:
            plistlib.dump(bundle["info"], f, fmt=plistlib.FMT_BINARY)
        if bundle.get("macho"):
            executable_name = bundle["info"].get("CFBundleExecutable", bundle["name"])
            with open(os.path.join(app, executable_name), "wb") as f:
                f.write(executable(bundle["macho"]))
        if bundle.get("profile") is not None:
            with open(os.path.join(app, "embedded.mobileprovision"), "wb") as f:
                f.write(profile(bundle["profile"], folder))
    subprocess.run(["zip", "-q", "-r", "-X", out, "Payload"], cwd=staging, check=True)

kind, spec_path, folder, out = sys.argv[1:5]
with open(spec_path) as f:
    spec = json.load(f)
if kind == "ipa":
    ipa(spec, folder, out)
elif kind == "macho":
    with open(out, "wb") as f:
        f.write(executable(spec))
elif kind == "profile":
    with open(out, "wb") as f:
        f.write(profile(spec, folder))
