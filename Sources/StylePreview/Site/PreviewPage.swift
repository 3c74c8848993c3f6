/// The page the preview serves: a map, a panel of the declared sources, the camera in three zooms, and the
/// findings of the last build. Its script asks the server for everything it shows, so that opacity and visibility
/// go through `StyleRuntime` as in the app.
enum PreviewPage {
    /// The MapLibre GL JS version the page loads by default, and the Subresource Integrity hashes of its files (of
    /// the release's `dist/maplibre-gl.js` and `dist/maplibre-gl.css`). 5.3.0 is the version CI tests the page
    /// with; a CDN that serves other bytes is refused by the browser, and the page says to use `--maplibre-js`.
    static let mapLibreVersion = "5.3.0"
    static let mapLibreScriptIntegrity = "sha384-lwoweBvLd/SJV/pFn4C9Dj9MR+0hltVUArfmLy5PPNG2vOnTCmy+w+gxbO/wzFgH"
    static let mapLibreStyleIntegrity = "sha384-Nq6PQ+9vJPvw7U/VfDELyrWoGQMsy0gi6QShhaSrGzkpF5KkM40csg2leky+YMTd"

    /// The page's own styles, served as `/app.css`: the Content-Security-Policy allows no inline style.
    static let styleSheet = Array(
        """
        body { margin: 0; display: flex; height: 100vh; font: 13px/1.4 system-ui, sans-serif; }
        #panel { width: 300px; overflow: auto; padding: 10px; box-sizing: border-box; border-right: 1px solid #ccc; }
        #map { flex: 1; }
        h2 { font-size: 13px; margin: 14px 0 6px; }
        .source { margin: 6px 0; }
        .source input[type=range] { width: 100%; }
        #findings { white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 11px; }
        #findings.errors { color: #b00020; }
        #notes { color: #6b4e00; }

        """.utf8)

    /// Where the pinned GL JS is loaded from.
    static let pinnedBase = "https://unpkg.com/maplibre-gl@\(mapLibreVersion)/dist"

    static func html(_ source: PreviewOptions.MapLibreSource) -> [UInt8] {
        let tags = mapLibreTags(source)
        return Array(
            """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>mc-style preview</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            \(tags)
            <link rel="stylesheet" href="/app.css">
            </head>
            <body>
            <div id="panel">
            <div><label>Design <select id="variant"></select></label></div>
            <h2>Camera</h2>
            <div id="camera">MapLibre zoom –, unified zoom –, TomTom zoom –</div>
            <h2>Sources, top first</h2>
            <div id="sources"></div>
            <div id="notes"></div>
            <h2>Last build</h2>
            <div id="findings"></div>
            </div>
            <div id="map"></div>
            <script src="/app.js"></script>
            </body>
            </html>

            """.utf8)
    }

    /// The `<link>` and `<script>` that load MapLibre GL JS from `source`.
    static func mapLibreTags(_ source: PreviewOptions.MapLibreSource) -> String {
        switch source {
        case .pinned:
            let base = pinnedBase
            return """
                <link rel="stylesheet" href="\(base)/maplibre-gl.css" integrity="\(mapLibreStyleIntegrity)" crossorigin="anonymous">
                <script src="\(base)/maplibre-gl.js" integrity="\(mapLibreScriptIntegrity)" crossorigin="anonymous"></script>
                """
        case .url(let url):
            let base = url.hasSuffix("/") ? String(url.dropLast()) : url
            return """
                <link rel="stylesheet" href="\(escaped(base))/maplibre-gl.css">
                <script src="\(escaped(base))/maplibre-gl.js"></script>
                """
        case .folder:
            return """
                <link rel="stylesheet" href="/maplibre/maplibre-gl.css">
                <script src="/maplibre/maplibre-gl.js"></script>
                """
        }
    }

    /// Text safe inside an HTML attribute.
    private static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("\"", with: "&quot;").replacing("<", with: "&lt;")
    }

    static let script = Array(
        #"""
        "use strict";
        const panel = { variant: document.getElementById("variant"), sources: document.getElementById("sources"),
          findings: document.getElementById("findings"), camera: document.getElementById("camera"),
          notes: document.getElementById("notes") };
        const settings = { variant: null, opacity: {}, visible: {} };
        let state = null;
        let map = null;
        window.previewErrors = [];
        // What the page says: the build's own notes, then every error since, each once; an error never hides a note.
        const notes = { build: [], errors: [] };
        function showNotes() {
          panel.notes.replaceChildren(...notes.build.concat(notes.errors).map((text) => {
            const line = document.createElement("div");
            line.textContent = text;
            return line;
          }));
        }
        function addError(message) {
          if (!notes.errors.includes(message)) notes.errors.push(message);
          if (notes.errors.length > 20) notes.errors.shift();
          showNotes();
        }

        function styleURL() {
          const opacity = Object.entries(settings.opacity).map(([id, value]) => id + ":" + value).join(",");
          return "/style.json?variant=" + encodeURIComponent(settings.variant) + "&opacity=" + encodeURIComponent(opacity)
            + "&visible=" + encodeURIComponent(Object.entries(settings.visible).map(([id, on]) => id + ":" + (on ? 1 : 0)).join(","))
            + "&build=" + state.version;
        }

        // Each change of the panel asks for the style again; only the newest answer is applied, so a slow answer
        // to an older request never undoes a later change. `window.previewPendingStyles` counts unanswered requests.
        let styleRequests = 0;
        window.previewPendingStyles = 0;
        async function loadStyle() {
          const request = ++styleRequests;
          window.previewPendingStyles += 1;
          try {
            const response = await fetch(styleURL());
            if (!response.ok) { if (request === styleRequests) addError(await response.text()); return; }
            const style = await response.json();
            if (request === styleRequests) applyStyle(style);
          } finally {
            window.previewPendingStyles -= 1;
          }
        }

        function applyStyle(style) {
          if (map === null) {
            map = new maplibregl.Map({ container: "map", style: style, center: state.center || [0, 0],
              zoom: Math.max(0, (state.zoom || 1)), hash: true, attributionControl: { compact: true } });
            map.on("moveend", showCamera);
            map.once("styledata", showCamera);
            map.on("error", (event) => {
              const message = "GL JS: " + (event.error && event.error.message);
              window.previewErrors.push(message);
              addError(message);
            });
            window.previewMap = map;
          } else {
            map.setStyle(style, { diff: true });
          }
        }

        async function showCamera() {
          const center = map.getCenter();
          const response = await fetch("/zoom?zoom=" + map.getZoom() + "&lat=" + center.lat);
          if (!response.ok) return;
          const zoom = await response.json();
          panel.camera.textContent = "MapLibre zoom " + zoom.maplibre.toFixed(2) + ", unified zoom "
            + zoom.unified.toFixed(2) + ", TomTom zoom " + zoom.tomtom.toFixed(2) + " at " + center.lat.toFixed(4) + "°";
          panel.camera.dataset.maplibre = zoom.maplibre;
          panel.camera.dataset.unified = zoom.unified;
          panel.camera.dataset.tomtom = zoom.tomtom;
        }

        function showPanel() {
          if (settings.variant === null || !state.variants.includes(settings.variant)) settings.variant = state.initialVariant;
          panel.variant.replaceChildren(...state.variants.map((name) => new Option(name, name, false, name === settings.variant)));
          panel.sources.replaceChildren(...[...state.sources].reverse().map((source) => {
            const row = document.createElement("div");
            row.className = "source";
            row.dataset.source = source.id;
            const visible = document.createElement("input");
            visible.type = "checkbox";
            visible.checked = settings.visible[source.id] ?? source.visible;
            visible.addEventListener("change", () => { settings.visible[source.id] = visible.checked; loadStyle(); });
            const opacity = document.createElement("input");
            opacity.type = "range"; opacity.min = 0; opacity.max = 1; opacity.step = 0.05;
            opacity.value = settings.opacity[source.id] ?? source.opacity;
            opacity.addEventListener("input", () => { settings.opacity[source.id] = opacity.value; loadStyle(); });
            const label = document.createElement("label");
            label.append(visible, " " + source.id + " (" + source.kind + ")");
            row.append(label, opacity);
            return row;
          }));
          panel.findings.textContent = state.findings.length ? state.findings.join("\n") : "no findings";
          panel.findings.className = state.succeeded ? "" : "errors";
          notes.build = state.hasAPIKey ? [] : [
            "TomTom's base map needs an API key (--api-key-env NAME): the declared sources are drawn over the background."];
          showNotes();
        }

        panel.variant.addEventListener("change", () => { settings.variant = panel.variant.value; loadStyle(); });

        async function start() {
          if (typeof maplibregl === "undefined") {
            addError("MapLibre GL JS did not load (offline?): give --maplibre-js URL|FOLDER for a copy of your own.");
            return;
          }
          state = await (await fetch("/state.json")).json();
          window.previewState = state;
          showPanel();
          await loadStyle();
          const events = new EventSource("/events");
          events.addEventListener("build", (event) => {
            state = JSON.parse(event.data);
            window.previewState = state;
            showPanel();
            if (state.succeeded) loadStyle();
          });
        }
        start();

        """#.utf8)
}
