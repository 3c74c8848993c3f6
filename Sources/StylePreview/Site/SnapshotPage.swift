/// The page `mc-style snapshot` takes its pictures of: the map alone, of the view's size, at the view's camera,
/// drawn from the same resolved style as the preview's page. It needs no interaction: once GL JS has drawn every
/// tile (`idle`), the page sends its map's pixels back to the server (`SnapshotPictures`), or what went wrong.
///
/// Its address: `/snapshot.html?token=T&view=N&variant=NAME&lng=DEG&lat=DEG&zoom=MAPLIBRE_ZOOM&bearing=DEG&pitch=DEG&width=PX&height=PX`.
enum SnapshotPage {
    /// The page's styles, served as `/snapshot.css`: the Content-Security-Policy allows no inline style.
    static let styleSheet = Array(
        """
        html, body { margin: 0; width: 100%; height: 100%; overflow: hidden; background: #fff; }
        #map { position: absolute; left: 0; top: 0; }

        """.utf8)

    static func html(_ source: PreviewOptions.MapLibreSource) -> [UInt8] {
        Array(
            """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>loading</title>
            \(PreviewPage.mapLibreTags(source))
            <link rel="stylesheet" href="/snapshot.css">
            </head>
            <body>
            <div id="map"></div>
            <script src="/snapshot.js"></script>
            </body>
            </html>

            """.utf8)
    }

    static let script = Array(
        (#"""
        "use strict";

        """# + SnapshotPictures.pageScript
            + #"""
            let map = null;
            function fail(message) {
              if (document.title.startsWith("failed")) { return; }
              document.title = "failed: " + message;
              part("failed=" + encodeURIComponent(message)).catch(() => {});
            }
            (async () => {
              const query = new URLSearchParams(location.search);
              const number = (name) => Number(query.get(name) || 0);
              // The map is the picture's size whatever the window's (a headless window has a least width).
              const container = document.getElementById("map");
              container.style.width = number("width") + "px";
              container.style.height = number("height") + "px";
              try {
                if (typeof maplibregl === "undefined") {
                  throw new Error("MapLibre GL JS did not load (offline?): give --maplibre-js URL|FOLDER for a copy of your own");
                }
                const response = await fetch("/style.json?variant=" + encodeURIComponent(query.get("variant") || "")
                  + "&token=" + encodeURIComponent(token));
                if (!response.ok) { throw new Error(await response.text()); }
                const style = await response.json();
                map = new maplibregl.Map({ container: "map", style: style, center: [number("lng"), number("lat")],
                  zoom: number("zoom"), bearing: number("bearing"), pitch: number("pitch"), interactive: false,
                  attributionControl: false, fadeDuration: 0, preserveDrawingBuffer: true });
                map.on("error", (event) => {
                  // A tile that fails to load is the tile server's business (and the replay's, which counts it).
                  if (event.tile || event.sourceId) { return; }
                  fail("GL JS: " + (event.error && event.error.message));
                });
                map.once("idle", () => {
                  if (document.title.startsWith("failed")) { return; }
                  document.title = "ready";
                  sendCanvas(map.getCanvas(), "").catch((error) => fail("sending the picture: " + error.message));
                });
              } catch (error) {
                fail(error.message);
              }
            })();
            """#).utf8)
}
