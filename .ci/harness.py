"""What the .ci checks share, written once: pass/fail bookkeeping, PNG and vector tiles of stand-in hosts, Web
Mercator tile math, the demo made a two-design project, and stand-in HTTPS hosts that `mc-style` reaches through
its curl (a `.curlrc` in a HOME of the check's own routes every host to a loopback server with a throwaway
certificate, so nothing leaves the machine).

Standard library only (plus the `openssl` command for the certificate), so every check's environment can import it.
"""
import http.server
import math
import pathlib
import shutil
import ssl
import struct
import subprocess
import tempfile
import threading
import zlib

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent


class Failures:
    """Checks printed as they run, `ok` or `FAILED`; the failed ones are kept."""

    def __init__(self):
        self.items = []

    def check(self, condition, what):
        print(("ok     " if condition else "FAILED ") + what)
        if not condition:
            self.items.append(what)
        return condition


# ---------------------------------------------------------------- tiles

def png(colour, width=256, height=None):
    """A PNG of one colour: RGB for a 3-tuple, RGBA for a 4-tuple."""
    height = width if height is None else height
    channels = len(colour)
    raw = (b"\x00" + bytes(colour) * width) * height

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2 if channels == 3 else 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def mvt_ocean_tile():
    """A Mapbox Vector Tile with one layer, "Ocean" (the source layer of the demo base's Ocean fill), holding one
    square polygon a little larger than the tile."""
    def varint(number):
        out = b""
        while True:
            byte, number = number & 0x7F, number >> 7
            out += bytes([byte | (0x80 if number else 0)])
            if not number:
                return out

    def field(number, payload):  # length-delimited
        return varint(number << 3 | 2) + varint(len(payload)) + payload

    def zigzag(number):
        return (number << 1) ^ (number >> 31)

    geometry = [1 | 1 << 3, zigzag(-64), zigzag(-64), 2 | 3 << 3, zigzag(4224), zigzag(0), zigzag(0), zigzag(4224),
                zigzag(-4224), zigzag(0), 7 | 1 << 3]
    feature = varint(3 << 3) + varint(3) + field(4, b"".join(varint(value) for value in geometry))
    layer = (varint(15 << 3) + varint(2) + field(1, b"Ocean") + field(2, feature) + varint(5 << 3) + varint(4096))
    return field(3, layer)


RADAR_TILEJSON = '{"tilejson": "3.0.0", "tiles": ["https://tiles.example.com/radar/{z}/{x}/{y}.png"]}'
DEMO_COLOURS = {"cyberjapandata.gsi.go.jp": (255, 0, 0), "services.arcgisonline.com": (0, 0, 255),
                "tiles.example.com": (0, 160, 0)}


def demo_answer(host, path):
    """(status, content type, body) as the demo's hosts might answer: the radar TileJSON, a vector tile of ocean
    and an empty sprite for TomTom's hosts, a solid tile per other host."""
    bare = path.split("?")[0]
    if bare.endswith("tiles.json"):
        return 200, "application/json", RADAR_TILEJSON.encode()
    if host.endswith("api.tomtom.com"):
        if bare.endswith(".pbf"):
            return 200, "application/x-protobuf", mvt_ocean_tile()
        if bare.endswith(".json"):
            return 200, "application/json", b"{}"
        return 200, "image/png", png((0, 0, 0), 1)
    colour = DEMO_COLOURS.get(host)
    if colour is None:
        return 404, "text/plain", b""
    return 200, "image/png", png(colour)


# ---------------------------------------------------------------- Web Mercator

def tile_x(longitude, z):
    return (longitude + 180) / 360 * 2 ** z


def tile_y(latitude, z):
    radians = math.radians(latitude)
    return (1 - math.log(math.tan(radians) + 1 / math.cos(radians)) / math.pi) / 2 * 2 ** z


def world_pixel(longitude, latitude, maplibre_zoom):
    """The pixel of a point in GL JS's world (512 pixels at zoom 0)."""
    return tile_x(longitude, maplibre_zoom) * 512, tile_y(latitude, maplibre_zoom) * 512


def tile_touches(tile, bounds):
    z, x, y = tile
    west, south, east, north = bounds
    return (x + 1 > tile_x(west, z) and x < tile_x(east, z) and y + 1 > tile_y(north, z) and y < tile_y(south, z))


# ---------------------------------------------------------------- projects

def demo_project(folder, extra=""):
    """The shipped demo in `folder`/demo with `bases:` light and dark instead of its one base (styles in
    `folder`/styles), and `extra` appended; `folder` is marked a repository root. Returns the declarations."""
    folder = pathlib.Path(folder)
    shutil.copytree(REPOSITORY / "fixtures" / "demo", folder / "demo", ignore=shutil.ignore_patterns("expected"))
    shutil.copytree(REPOSITORY / "styles", folder / "styles", dirs_exist_ok=True)
    (folder / ".git").mkdir(exist_ok=True)
    declarations = folder / "demo" / "mc-style.yaml"
    text = declarations.read_text(encoding="utf-8").replace(
        "base: ../../styles/tomtom-demo-base.json",
        "bases:\n  light: ../styles/tomtom-demo-base.json\n  dark: ../styles/tomtom-demo-dark.json")
    declarations.write_text(text + extra, encoding="utf-8")
    return declarations


# ---------------------------------------------------------------- stand-in hosts

class StandInHosts:
    """An HTTPS server on 127.0.0.1 that answers for every host mc-style's curl asks (`answer(host, path)` gives
    (status, type, body)), with a HOME whose `.curlrc` routes every host there and trusts its certificate. Every
    request is kept as (host, path with query). Use as a context manager; it stops by itself at the end.

    `environment(base)` is `base` with HOME set so that mc-style's downloads come here."""

    def __init__(self, answer=demo_answer, hosts=("api.tomtom.com", "*.api.tomtom.com", "tiles.example.com",
                                                     "cyberjapandata.gsi.go.jp", "services.arcgisonline.com")):
        self.answer = answer
        self.hosts = hosts
        self.requests = []
        self.lock = threading.Lock()

    def __enter__(self):
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="mc-style-stand-in-"))
        certificate, key = self.folder / "cert.pem", self.folder / "key.pem"
        names = ",".join("DNS:" + host for host in self.hosts)
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                        str(certificate), "-days", "2", "-subj", "/CN=mc-style stand-in", "-addext",
                        "subjectAltName=" + names], check=True, capture_output=True)
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                host = (self.headers.get("Host") or "").split(":")[0].lower()
                with outer.lock:
                    outer.requests.append((host, self.path))
                status, kind, body = outer.answer(host, self.path)
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(str(certificate), str(key))
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.home = self.folder / "home"
        self.home.mkdir()
        (self.home / ".curlrc").write_text(
            f'connect-to = "::127.0.0.1:{self.server.server_address[1]}"\ncacert = "{certificate}"\n', encoding="utf-8")
        return self

    def __exit__(self, *exception):
        self.server.shutdown()
        self.server.server_close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def environment(self, base):
        return dict(base, HOME=str(self.home))

    def urls(self):
        """Every request so far as https://host/path."""
        with self.lock:
            return [f"https://{host}{path}" for host, path in self.requests]

    def clear(self):
        with self.lock:
            del self.requests[:]
