import Foundation
import LocatedJSON
import StyleCompiler
import StyleMath
import StyleRuntime
import Synchronization

/// What the preview server publishes, and nothing else: the page, its script and style sheet, the state of the
/// last build, the composed style of a variant resolved with the page's settings, the zoom readout, the build
/// events, the LocalTileServer stand-in's tiles, the remote files the style names (through `RemoteGateway`), and
/// MapLibre GL JS when it comes from a local folder.
public final class PreviewSite: Sendable {
    private let builder: PreviewBuilder
    private let options: PreviewOptions
    private let snapshot: Mutex<PreviewSnapshot?> = Mutex(nil)
    private let serverBox: Mutex<PreviewServer?> = Mutex(nil)
    let pictures = SnapshotPictures()
    /// Where every remote file the pages ask for comes from.
    public let gateway: RemoteGateway
    /// How the page shows a finding: one line, its controls escaped (the command's text printer).
    private let findingLine: @Sendable (Diagnostic) -> String

    /// A site that builds with `job` (compiled in memory; nothing is written), showing each finding on the page as
    /// `findingLine` renders it.
    public init(job: CompileJob, options: PreviewOptions, findingLine: @escaping @Sendable (Diagnostic) -> String) {
        self.builder = PreviewBuilder(job: job)
        self.options = options
        self.findingLine = findingLine
        self.gateway = RemoteGateway(
            secrets: options.apiKey.map { [RemoteSecret(.apiKey, value: $0)] } ?? [], environment: options.environment,
            archive: options.archive, timeout: options.fetchTimeout, emptyTilesAreProblems: options.emptyTilesAreErrors)
    }

    /// Builds once and starts the server on 127.0.0.1; returns the port.
    public func start() throws(PreviewServerError) -> UInt16 {
        rebuild()
        let security = SecurityHeaders(mapLibreOrigin: options.mapLibre.origin)
        let server = try PreviewServer(port: options.port, security: security) { [self] request in handle(request) }
        serverBox.withLock { $0 = server }
        server.start()
        return server.port
    }

    /// Stops the server.
    public func stop() { serverBox.withLock { $0?.stop() } }

    /// Builds again and tells every open page: the new state, with the findings; a build with errors keeps the
    /// last good variants.
    @discardableResult
    public func rebuild() -> (succeeded: Bool, findings: [Diagnostic]) {
        let current = snapshot.withLock { $0 }
        let next = builder.build(version: (current?.version ?? 0) + 1, previous: current)
        snapshot.withLock { $0 = next }
        let state = String(decoding: stateJSON(next), as: UTF8.self)
        serverBox.withLock { $0?.broadcast("build", data: state) }
        return (next.succeeded, next.findings)
    }

    /// The findings of the last build (secrets masked).
    public var findings: [Diagnostic] { snapshot.withLock { $0?.findings ?? [] } }

    /// The map designs of the last good build, in the manifest's order.
    public var variantNames: [String] { snapshot.withLock { $0?.variantNames ?? [] } }

    /// Whether the last build had no errors.
    public var succeeded: Bool { snapshot.withLock { $0?.succeeded ?? false } }

    /// The declarations as the last build decoded them (nil when they could not be read).
    public var declarations: Declarations? { snapshot.withLock { $0?.declarations } }

    /// Every file the last build read: what to watch.
    public var inputs: [String] { snapshot.withLock { $0?.inputs ?? [] } }

    func handle(_ request: HTTPRequest) -> PreviewServer.Reply {
        switch request.path {
        case "/": return .response(Self.page(PreviewPage.html(options.mapLibre)))
        case "/app.js": return .response(Self.script(PreviewPage.script))
        case "/app.css": return .response(Self.styleSheet(PreviewPage.styleSheet))
        case "/snapshot.html": return .response(Self.page(SnapshotPage.html(options.mapLibre)))
        case "/snapshot.js": return .response(Self.script(SnapshotPage.script))
        case "/snapshot.css": return .response(Self.styleSheet(SnapshotPage.styleSheet))
        case "/snapshot-part": return .response(pictures.receive(request))
        case "/snapshot-image": return .response(pictures.image(request))
        case "/compare.html": return .response(Self.page(ComparePage.html))
        case "/compare.js": return .response(Self.script(ComparePage.script))
        case "/state.json": return .response(.json(snapshot.withLock { $0 }.map(stateJSON) ?? Array("{}".utf8)))
        case "/style.json": return .response(style(request))
        case "/zoom": return .response(zoom(request))
        case "/events": return .eventStream
        default:
            if request.path.hasPrefix("/tiles/") { return .response(tile(request.path)) }
            if request.path.hasPrefix(RemoteGateway.prefix) {
                guard let port = serverBox.withLock({ $0?.port }) else {
                    return .response(.text(.serviceUnavailable, "not started"))
                }
                return .response(gateway.answer(request, port: port))
            }
            if case .folder(let folder) = options.mapLibre,
                ["/maplibre/maplibre-gl.js", "/maplibre/maplibre-gl.css"].contains(request.path)
            {
                return .response(mapLibreFile(folder, request.path))
            }
            return .response(.text(.notFound, "not published here"))
        }
    }

    private static func page(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(contentType: "text/html; charset=utf-8", body: bytes)
    }

    private static func script(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(contentType: "text/javascript; charset=utf-8", body: bytes)
    }

    private static func styleSheet(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(contentType: "text/css; charset=utf-8", body: bytes)
    }

    // MARK: State

    private func stateJSON(_ snapshot: PreviewSnapshot) -> [UInt8] {
        var members: [JSONMember] = [
            JSONMember(key: "version", value: .integer(snapshot.version)),
            JSONMember(key: "succeeded", value: .bool(snapshot.succeeded)),
            // Errors and warnings, as the terminal lists them without --verbose; notes stay with `validate --verbose`.
            JSONMember(
                key: "findings",
                value: .array(snapshot.findings.filter { $0.severity != .note }.map { .string(findingLine($0)) })),
            JSONMember(key: "variants", value: .array(snapshot.variantNames.map { .string($0) })),
            JSONMember(key: "initialVariant", value: .string(options.variant ?? snapshot.variantNames.first ?? "")),
            JSONMember(key: "hasAPIKey", value: .bool(options.apiKey != nil)),
            JSONMember(
                key: "sources",
                value: .array(
                    snapshot.sources.map { source in
                        JSONNode(
                            .object(
                                JSONObject([
                                    JSONMember(key: "id", value: .string(source.id)),
                                    JSONMember(key: "kind", value: .string(source.kind)),
                                    JSONMember(key: "opacity", value: JSONNode(.number(JSONNumber(source.opacity)))),
                                    JSONMember(key: "visible", value: .bool(source.visible)),
                                ])))
                    })),
        ]
        if let camera = snapshot.camera {
            members.append(
                JSONMember(key: "center", value: .array(camera.center.map { JSONNode(.number(JSONNumber($0))) })))
            members.append(JSONMember(key: "zoom", value: JSONNode(.number(JSONNumber(camera.zoom)))))
        }
        return JSONWriter(style: .compact).bytes(JSONNode(.object(JSONObject(members))))
    }

    // MARK: Style

    /// `/style.json?variant=NAME&opacity=ID:VALUE,...&visible=ID:1|0,...`: the variant resolved by `StyleRuntime`, as the
    /// app would, then drawn as the phone draws it (`PreviewStyle`), every remote URL routed through the
    /// gateway. Its URLs hold stand-ins for secrets, never their values. For `snapshot`, only a page with a token
    /// the run handed out (`token=`) gets it.
    private func style(_ request: HTTPRequest) -> HTTPResponse {
        if options.servesOnlyItsPages, !pictures.isExpected(request.parameter("token") ?? "") {
            return .text(.forbidden, "this server serves only the pages it opened")
        }
        guard let snapshot = snapshot.withLock({ $0 }),
            let name = request.parameter("variant") ?? snapshot.variantNames.first,
            let compiled = snapshot.variants[name]
        else {
            return .text(.notFound, "no such variant")
        }
        guard let port = serverBox.withLock({ $0?.port }) else { return .text(.serviceUnavailable, "not started") }
        var settings = RuntimeSettings(
            platform: compiled.manifest.platforms.first ?? .android,
            apiKey: gateway.standIn(for: .apiKey) ?? Self.keyStandIn, localTileServer: "http://127.0.0.1:\(port)")
        for record in compiled.variant.placeholders {
            switch record.placeholder {
            case .cacheKey(let route): settings.cacheKeys[route] = "preview-\(snapshot.version)"
            case .environment(let name): settings.environment[name] = gateway.standIn(for: .environment(name))
            default: break
            }
        }
        for pair in (request.parameter("opacity") ?? "").split(separator: ",") {
            let parts = pair.split(separator: ":", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { settings.opacity[String(parts[0])] = value }
        }
        for pair in (request.parameter("visible") ?? "").split(separator: ",") {
            let parts = pair.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { settings.visible[String(parts[0])] = parts[1] != "0" }
        }
        do throws(RuntimeError) {
            let resolved = try compiled.resolve(settings)
            let preview = try PreviewStyle(
                resolved: resolved.style, manifest: snapshot.manifest, hasAPIKey: options.apiKey != nil,
                vectorStyles: snapshot.vectorStyles)
            let declared = (snapshot.manifest?["sources"]?.arrayValue ?? []).compactMap {
                $0["styleSourceId"]?.stringValue
            }
            return .json(
                gateway.route(style: preview.bytes, port: port, declared: Set(declared + preview.vectorSourceIDs)))
        } catch {
            return .text(.badRequest, error.message)
        }
    }

    /// Fills `{key}` when no key is given, so that the style resolves; `PreviewStyle` then drops every TomTom source.
    static let keyStandIn = "preview-without-a-key"

    // MARK: Zoom

    /// `/zoom?zoom=Z&lat=DEGREES`: the map's zoom (MapLibre's, `Z`) as MapConductor's unified zoom and TomTom's
    /// native zoom at the latitude.
    private func zoom(_ request: HTTPRequest) -> HTTPResponse {
        guard let zoom = request.parameter("zoom").flatMap(Double.init),
            let latitude = request.parameter("lat").flatMap(Double.init),
            let unified = try? ZoomCalibration.unifiedZoom(mapLibreZoom: zoom),
            let tomTom = try? ZoomCalibration.tomTomZoom(unifiedZoom: unified, latitude: latitude)
        else {
            return .text(.badRequest, "give zoom and lat as numbers")
        }
        let members = [
            JSONMember(key: "maplibre", value: JSONNode(.number(JSONNumber(zoom)))),
            JSONMember(key: "unified", value: JSONNode(.number(JSONNumber(unified)))),
            JSONMember(key: "tomtom", value: JSONNode(.number(JSONNumber((tomTom * 100).rounded() / 100)))),
            JSONMember(key: "latitude", value: JSONNode(.number(JSONNumber(latitude)))),
        ]
        return .json(JSONWriter(style: .compact).bytes(JSONNode(.object(JSONObject(members)))))
    }

    // MARK: Tiles

    /// `/tiles/ROUTE/SIZE/CACHE-KEY/Z/X/Y.png` (or `Y@2x.png`): a tile of a LocalTileServer route, from
    /// `--local-tiles ROUTE=FOLDER` or drawn as a debug tile.
    private func tile(_ path: String) -> HTTPResponse {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2).map(String.init)
        guard parts.count == 6, let size = Int(parts[1]), let z = Int(parts[3]), let x = Int(parts[4]),
            parts[5].hasSuffix(".png"), PathSegment.isValid(parts[0])
        else {
            return .text(.notFound, "not a tile path")
        }
        let name = String(parts[5].dropLast(4))
        let rowText = name.split(separator: "@").first.map(String.init) ?? name
        guard let y = Int(rowText), (0...30).contains(z), x >= 0, y >= 0, x < 1 << z, y < 1 << z else {
            return .text(.notFound, "not a tile")
        }
        let route = parts[0]
        if let folder = options.localTiles[route] {
            do throws(InputError) {
                let bytes = try InputLoader(maximumFileSize: Limits.servedFileSize).bytes(
                    path: "\(folder)/\(z)/\(x)/\(y).png", displayName: "tile \(z)/\(x)/\(y)")
                return HTTPResponse(contentType: "image/png", body: bytes)
            } catch {
                return .text(.notFound, error.description)
            }
        }
        let bounds = routeBounds(route)
        return HTTPResponse(
            contentType: "image/png", body: DebugTile.png(route: route, size: size, z: z, x: x, y: y, bounds: bounds))
    }

    /// The declared bounds of the LocalTileServer source of `route`, if it has any.
    private func routeBounds(_ route: String) -> GeoBounds? {
        let records = snapshot.withLock { $0?.manifest?["sources"]?.arrayValue } ?? []
        guard let record = records.first(where: { $0["localTileServer"]?["route"]?.stringValue == route }) else {
            return nil
        }
        let values = (record["bounds"]?.arrayValue ?? []).compactMap { $0.numberValue?.doubleValue }
        guard values.count == 4 else { return nil }
        return try? GeoBounds(west: values[0], south: values[1], east: values[2], north: values[3])
    }

    private func mapLibreFile(_ folder: String, _ path: String) -> HTTPResponse {
        let name = path.hasSuffix(".js") ? "maplibre-gl.js" : "maplibre-gl.css"
        do throws(InputError) {
            let bytes = try InputLoader(maximumFileSize: Limits.servedFileSize).bytes(
                path: "\(folder)/\(name)", displayName: name)
            return HTTPResponse(contentType: name.hasSuffix(".js") ? "text/javascript" : "text/css", body: bytes)
        } catch {
            return .text(.notFound, "\(error.description) (in the --maplibre-js folder)")
        }
    }
}
