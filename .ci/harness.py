"""What the .ci checks share, written once: pass/fail bookkeeping, the one PNG writer and vector tiles of
stand-in hosts, Web Mercator tile math, the demo made a two-design project, the one loopback HTTP(S) server every
check serves from (tiles, pages, a static site), and stand-in HTTPS hosts that `mc-style` reaches through its curl
(a `.curlrc` in a HOME of the check's own routes every host to that server with a throwaway certificate, so nothing
leaves the machine).

Standard library only (plus the `openssl` command for the certificate), so every check's environment can import it.

    python3 .ci/harness.py serve FOLDER [PORT]   serve a folder on http://127.0.0.1:PORT/ until interrupted
"""
import http.server
import json
import math
import mimetypes
import pathlib
import sys
import shutil
import ssl
import struct
import subprocess
import tempfile
import threading
import urllib.parse
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


# A vector style of one magenta square (a GeoJSON source: no tile host), and a project that shows it over TomTom's
# base: the preview and snapshot checks look for its pixels where the square is and the base's elsewhere.
SQUARE = (138.5, 35.0, 140.0, 36.5)
SQUARE_COLOUR = (255, 0, 255)
SQUARE_STYLE = {
    "version": 8,
    "sources": {"drawn": {"type": "geojson", "attribution": "© Drawn", "data": {
        "type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[
            [SQUARE[0], SQUARE[1]], [SQUARE[2], SQUARE[1]], [SQUARE[2], SQUARE[3]], [SQUARE[0], SQUARE[3]],
            [SQUARE[0], SQUARE[1]]]]}}}},
    "layers": [{"id": "square", "type": "fill", "source": "drawn", "paint": {"fill-color": "#ff00ff"}}],
}


def vector_style_project(folder, extra=""):
    """The demo project (`demo_project`) with `demo/vector-map.yaml`: the demo's base and one vectorStyle source,
    the magenta square (`SQUARE_STYLE`), on top; `extra` appended. Returns the declarations."""
    demo_project(folder)
    demo = pathlib.Path(folder) / "demo"
    (demo / "vector" / "square.json").write_text(json.dumps(SQUARE_STYLE), encoding="utf-8")
    declarations = demo / "vector-map.yaml"
    declarations.write_text("version: 1\nbase: ../styles/tomtom-demo-base.json\nsources:\n  - id: drawn\n"
                            "    vectorStyle: {style: vector/square.json, route: drawn}\n" + extra, encoding="utf-8")
    return declarations


# ---------------------------------------------------------------- the loopback server

class Request:
    """A GET as an answer function sees it: the Host header's name (lower case, no port), the path with its query,
    the path without it, and the request headers."""

    def __init__(self, host, path, headers):
        self.host, self.path, self.headers = host, path, headers
        self.bare = path.split("?", 1)[0]


class LoopbackServer:
    """The one HTTP server of the checks: 127.0.0.1 only, on a free port, one thread per request, stopped at the
    end of a `with` block (or by `stop()`). `answer(request)` gives (status, content type, body) or (status, content
    type, body, {header: value}), or None to send nothing (a host that never answers). With `tls` (an
    `ssl.SSLContext`) it speaks HTTPS; `port` 0 takes a free one. Every request is kept as (host, path with query)
    in `requests`."""

    def __init__(self, answer, tls=None, port=0):
        self.answer = answer
        self.requests = []
        self.lock = threading.Lock()
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                request = Request((self.headers.get("Host") or "").split(":")[0].lower(), self.path, self.headers)
                with outer.lock:
                    outer.requests.append((request.host, request.path))
                reply = outer.answer(request)
                if reply is None:
                    return
                status, kind, body, *rest = reply
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", kind)
                    self.send_header("Content-Length", str(len(body)))
                    for name, value in (rest[0] if rest else {}).items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client (a renderer process, a closed page) went before reading the answer

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        if tls is not None:
            self.server.socket = tls.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self.origin = f"{'https' if tls is not None else 'http'}://127.0.0.1:{self.port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.stop()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def paths(self):
        """The paths asked so far, without their queries, in order."""
        with self.lock:
            return [path.split("?", 1)[0] for _, path in self.requests]


def folder_answer(folder):
    """An answer that serves the files under `folder` (a folder's index.html for the folder, after a redirect to
    its path with a trailing slash, as browsers resolve relative links), 404 otherwise."""
    root = pathlib.Path(folder).resolve()

    def answer(request):
        relative = urllib.parse.unquote(request.bare).lstrip("/")
        target = (root / relative).resolve()
        if target.is_dir():
            if not request.bare.endswith("/"):
                return 301, "text/plain", b"", {"Location": request.bare + "/"}
            target = target / "index.html"
        if root not in target.parents and target != root or not target.is_file():
            return 404, "text/plain", b"not here"
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        return 200, kind, target.read_bytes()

    return answer


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

    def __enter__(self):
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="mc-style-stand-in-"))
        certificate, key = self.folder / "cert.pem", self.folder / "key.pem"
        names = ",".join("DNS:" + host for host in self.hosts)
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                        str(certificate), "-days", "2", "-subj", "/CN=mc-style stand-in", "-addext",
                        "subjectAltName=" + names], check=True, capture_output=True)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(str(certificate), str(key))
        self.server = LoopbackServer(lambda request: self.answer(request.host, request.path), tls=context)
        self.requests = self.server.requests
        self.lock = self.server.lock
        self.home = self.folder / "home"
        self.home.mkdir()
        (self.home / ".curlrc").write_text(
            f'connect-to = "::127.0.0.1:{self.server.port}"\ncacert = "{certificate}"\n', encoding="utf-8")
        return self

    def __exit__(self, *exception):
        self.server.stop()
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


def serve(folder, port=8000):
    """Serves `folder` on http://127.0.0.1:`port`/ until interrupted (`.ci/docs.sh serve`)."""
    server = LoopbackServer(folder_answer(folder), port=port)
    print(f"serving {folder} on {server.origin}/ until interrupted (Ctrl-C)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    if len(sys.argv) in (3, 4) and sys.argv[1] == "serve":
        serve(sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 8000)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
