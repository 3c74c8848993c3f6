import LocatedJSON
import StyleMath
import StyleRuntime

/// Downloads what a style needs besides itself, for `fetch-base` to lock: its sprite indexes (1x and 2x, the
/// pictures by SHA-256), glyph range 0-255 of every font stack it uses, and each vector source's layers (its
/// TileJSON, or tiles read at one place when it has `tiles` only). TomTom's `{hosted_sprite_url}` and
/// `{hosted_glyphs_url}` are resolved through `AssetLockOptions`. The key goes only where `URLHost` allows it.
struct AssetLockFetch {
    let fetcher: HTTPFetcher
    let apiKey: String?
    let options: AssetLockOptions
    /// TomTom's API origin and the map design, for the hosted placeholders.
    let origin: String
    let design: String
    /// The hosts the user named (the style URL's, `--hosted-sprite`'s, `--hosted-glyphs`'): assets may be there
    /// even when it is this machine or a private address (a tile server of one's own). Any other host the style
    /// names must be public (`NetworkDestination`), so that a style cannot make a developer's machine read a
    /// private server into the repository.
    let userHosts: Set<String>

    /// What was fetched: the files for the assets folder (paths inside it) and the lock's entries, in order.
    struct Fetched {
        var files: [OutputFile] = []
        var entries: [LockedAsset] = []
        /// (placeholder, URL) for each TomTom placeholder resolved.
        var resolved: [(placeholder: String, url: String)] = []
    }

    /// Everything `style` needs, or the first failure (nothing is kept then). A font stack the glyph server
    /// answers 404 for is locked as absent: that is what the font check is for.
    func fetch(_ style: JSONNode) -> Result<Fetched, HTTPFetcher.Failure> {
        var fetched = Fetched()
        do {
            try fetchSprites(style, into: &fetched)
            try fetchGlyphs(style, into: &fetched)
            try fetchVectorLayers(style, into: &fetched)
        } catch {
            return .failure(error)
        }
        return .success(fetched)
    }

    // MARK: Sprites

    private func fetchSprites(_ style: JSONNode, into fetched: inout Fetched) throws(HTTPFetcher.Failure) {
        var sprites: [(id: String?, url: String)] = []
        if let url = style["sprite"]?.stringValue {
            sprites = [(nil, url)]
        } else if let items = style["sprite"]?.arrayValue {
            sprites = items.compactMap { item in
                guard let id = item["id"]?.stringValue, let url = item["url"]?.stringValue else { return nil }
                return (id, url)
            }
        }
        for (id, written) in sprites {
            var url = written
            if written == "{hosted_sprite_url}" {
                url = options.spriteURL(origin: origin, design: design)
                fetched.resolved.append((written, url))
            }
            let prefix = id.map { "sprite-\(LockedAsset.fileSafe($0))" } ?? "sprite"
            for (kind, suffix) in [(LockedAsset.Kind.sprite, ""), (.sprite2x, "@2x")] {
                let indexURL = Self.spriteFile(url, suffix + ".json")
                let body = try masked(get(indexURL))
                guard (try? JSONParser().parse(bytes: body, name: indexURL).root.objectValue) != nil else {
                    throw HTTPFetcher.Failure(message: "\(indexURL) did not answer with a sprite index (a JSON object)")
                }
                var entry = LockedAsset(kind: kind, url: indexURL)
                entry.spriteID = id
                fetched.keep(body, at: prefix + suffix + ".json", as: entry)
                let imageURL = Self.spriteFile(url, suffix + ".png")
                let picture = try get(imageURL)
                var image = LockedAsset(kind: .image, url: imageURL)
                image.spriteID = id
                if options.keepsImages {
                    fetched.keep(picture, at: prefix + suffix + ".png", as: image)
                } else {
                    image.sha256 = SHA256.hex(picture)
                    fetched.entries.append(image)
                }
            }
        }
    }

    /// A sprite's file URL: the suffix (`.json`, `@2x.png`) goes before the query, as renderers put it.
    static func spriteFile(_ url: String, _ suffix: String) -> String {
        guard let query = url.firstIndex(of: "?") else { return url + suffix }
        return url[..<query] + suffix + url[query...]
    }

    // MARK: Glyphs

    private func fetchGlyphs(_ style: JSONNode, into fetched: inout Fetched) throws(HTTPFetcher.Failure) {
        guard var template = style["glyphs"]?.stringValue else { return }
        if template == "{hosted_glyphs_url}" {
            let url = options.glyphsURL(origin: origin)
            fetched.resolved.append((template, url))
            template = url
        }
        for stack in FontStacks.used(in: style) {
            let joined = stack.joined(separator: ",")
            for range in options.glyphRanges {
                let url = template.replacing("{fontstack}", with: PercentEncoding.string(joined)).replacing(
                    "{range}", with: LockedAsset.rangeName(range))
                var entry = LockedAsset(kind: .glyphs, url: url)
                entry.fontStack = joined
                entry.glyphRange = range
                switch fetchedOrAbsent(url) {
                case .success(let bytes):
                    fetched.keep(bytes, at: LockedAsset.glyphFileName(stack: joined, range: range), as: entry)
                case .failure(let failure) where failure.status == 404:
                    entry.absentStatus = 404
                    fetched.entries.append(entry)
                case .failure(let failure): throw failure
                }
            }
        }
    }

    // MARK: Vector layers

    private func fetchVectorLayers(_ style: JSONNode, into fetched: inout Fetched) throws(HTTPFetcher.Failure) {
        for member in style["sources"]?.objectValue?.members ?? [] where member.value["type"]?.stringValue == "vector" {
            let source = member.value
            var entry = LockedAsset(kind: .vectorLayers, url: "")
            entry.source = member.key
            let body: [UInt8]
            if let url = source["url"]?.stringValue {
                entry.url = url
                body = try masked(get(url))
                let root = try? JSONParser().parse(bytes: body, name: url).root
                guard root?["vector_layers"]?.arrayValue != nil else {
                    throw HTTPFetcher.Failure(message: "\(url) did not answer with a TileJSON that has vector_layers")
                }
            } else if let template = source["tiles"]?.arrayValue?.first?.stringValue {
                entry.url = template
                (body, entry.sampledTiles) = try sampledTileJSON(source, template: template, style: style)
            } else {
                continue
            }
            fetched.keep(body, at: LockedAsset.tileJSONFileName(source: member.key), as: entry)
        }
    }

    /// A TileJSON of the layers and fields in the source's tiles over one place, zoom by zoom from its minzoom to
    /// `sampleMaxZoom` (or its maxzoom), and the tile URLs read. A tile the server does not have (404, 204) is
    /// passed over; no tile at all is a failure.
    private func sampledTileJSON(_ source: JSONNode, template: String, style: JSONNode) throws(HTTPFetcher.Failure)
        -> ([UInt8], [String])
    {
        let center = style["center"]?.arrayValue.flatMap { items -> (Double, Double)? in
            guard items.count == 2, let lon = items[0].numberValue?.doubleValue,
                let lat = items[1].numberValue?.doubleValue
            else { return nil }
            return (lon, lat)
        }
        let place =
            options.sampleAt ?? center.map { (longitude: $0.0, latitude: $0.1) } ?? AssetLockOptions.defaultSamplePlace
        let minZoom = Int(source["minzoom"]?.numberValue?.doubleValue ?? 0)
        let maxZoom = min(Int(source["maxzoom"]?.numberValue?.doubleValue ?? 22), options.sampleMaxZoom)
        let flipped = source["scheme"]?.stringValue == "tms"
        var layers: [VectorTileReader.Layer] = []
        var read: [String] = []
        for zoom in max(0, minZoom)...max(max(0, minZoom), maxZoom) {
            guard
                let tile = try? WebMercator.fractionalTile(
                    longitude: place.longitude, latitude: place.latitude, level: zoom)
            else { continue }
            let column = Int(tile.x.rounded(.down))
            var row = Int(tile.y.rounded(.down))
            if flipped, let tms = try? WebMercator.flippedRow(row, level: zoom) { row = tms }
            let url = template.replacing("{z}", with: String(zoom)).replacing("{x}", with: String(column)).replacing(
                "{y}", with: String(row))
            let bytes: [UInt8]
            switch fetchedOrAbsent(url) {
            case .success(let body): bytes = body
            case .failure(let failure) where failure.status == 404 || failure.status == 204: continue
            case .failure(let failure): throw failure
            }
            do {
                for layer in try VectorTileReader().layers(of: bytes) { Self.merge(layer, into: &layers) }
            } catch {
                throw HTTPFetcher.Failure(message: "\(url) is not a vector tile: \(error)")
            }
            read.append(url)
        }
        guard !read.isEmpty else {
            throw HTTPFetcher.Failure(
                message:
                    "no tile of \(template) could be read at \(place.longitude),\(place.latitude) (zooms \(minZoom)-\(maxZoom)): give --sample-at a place the source covers, or --no-assets"
            )
        }
        let tileJSON = JSONNode.object([
            "tilejson": .string("3.0.0"), "tiles": .array([.string(template)]),
            "vector_layers": .array(
                layers.map { layer in
                    .object([
                        "id": .string(layer.name),
                        "fields": JSONNode(
                            .object(JSONObject(layer.fields.map { JSONMember(key: $0.name, value: .string($0.kind)) }))),
                    ])
                }),
        ])
        return (JSONWriter(style: .pretty).bytes(tileJSON), read)
    }

    /// `layer`'s fields added to the layer of the same name (kinds that disagree become `Mixed`), or the layer added.
    static func merge(_ layer: VectorTileReader.Layer, into layers: inout [VectorTileReader.Layer]) {
        guard let index = layers.firstIndex(where: { $0.name == layer.name }) else {
            layers.append(layer)
            return
        }
        for field in layer.fields {
            if let known = layers[index].fields.firstIndex(where: { $0.name == field.name }) {
                if layers[index].fields[known].kind != field.kind { layers[index].fields[known].kind = "Mixed" }
            } else {
                layers[index].fields.append(field)
            }
        }
    }

    // MARK: Requests

    /// The body at `displayURL` (`{key}` filled where the key may go), or the failure.
    func fetchedOrAbsent(_ displayURL: String) -> Result<[UInt8], HTTPFetcher.Failure> {
        do { return .success(try get(displayURL)) } catch { return .failure(error) }
    }

    /// The body at `displayURL`. With a key, a URL holding `{key}` gets it only on TomTom's hosts over https
    /// (`URLHost.keyDestination`); anywhere else nothing is requested. Without a key, `{key}` is left out.
    func get(_ displayURL: String) throws(HTTPFetcher.Failure) -> [UInt8] {
        guard let authority = URLAuthority(displayURL), authority.scheme == "https" || authority.scheme == "http"
        else {
            throw HTTPFetcher.Failure(message: "\(displayURL) is not an http(s) URL: it cannot be locked")
        }
        if !userHosts.contains(authority.host), let refusal = NetworkDestination.refusal(host: authority.host) {
            throw HTTPFetcher.Failure(
                message:
                    "\(displayURL) is not fetched: \(refusal), and the style, not you, named it (only hosts given on the command line may be private)"
            )
        }
        if apiKey != nil, displayURL.contains("{key}") {
            guard case .tomTom = URLHost.keyDestination(of: displayURL) else {
                throw HTTPFetcher.Failure(
                    message:
                        "\(displayURL) wants the key, which goes only to TomTom's hosts over https: nothing was requested"
                )
            }
        }
        switch fetcher.fetch(BaseStyleRequest.filling(displayURL, key: apiKey), display: displayURL) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw failure
        }
    }

    /// A JSON body with the key put back as `{key}` wherever the server echoed it (`HTTPFetcher.masked`).
    private func masked(_ body: [UInt8]) -> [UInt8] {
        Array(fetcher.masked(String(decoding: body, as: UTF8.self)).utf8)
    }
}

extension AssetLockFetch.Fetched {
    /// Keeps `bytes` at `path` in the assets folder and records `entry` with that path and its SHA-256.
    mutating func keep(_ bytes: [UInt8], at path: String, as entry: LockedAsset) {
        var entry = entry
        entry.path = path
        entry.sha256 = SHA256.hex(bytes)
        files.append(OutputFile(path: path, bytes: bytes))
        entries.append(entry)
    }
}
