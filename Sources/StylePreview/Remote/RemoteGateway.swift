import Foundation
import LocatedJSON
import StyleCompiler
import StyleRuntime
import Synchronization

/// The one way remote files reach the preview's and snapshot's pages: every remote URL of the style a page gets
/// (sources' tiles and TileJSON, the sprite, the glyphs) is routed through the server as
/// `/remote/<run token>/<scheme>/<host>/<path>?<query>`, and this gateway decides what it fetches for it:
/// - only a URL that a template of the routed style names (a TileJSON's tiles included), for whoever holds this
///   run's token (which only the pages this server handed the style to know);
/// - never from a loopback, link-local or private address (`NetworkDestination`), unless a source the declarations
///   name (not the base's) names it, as a tile server the team runs on this machine; a declared TileJSON's tiles
///   only on the TileJSON's own origin (a remote TileJSON cannot send the page to a private host);
/// - secrets never reach the browser: the page's URLs hold stand-ins (`RemoteSecret`), and the gateway puts the
///   real value in on the way out, the TomTom key only into `https` URLs on TomTom's hosts, an environment value
///   only into the templates that name it. What is shown or stored (`TileArchive`'s index, every message) holds
///   `{key}` and `${NAME}` instead.
/// A file is fetched live (the preview), or from a `TileArchive` that records or replays (the snapshot).
public final class RemoteGateway: Sendable {
    /// Whose URL a request is: the style part that names it.
    public enum Owner: Sendable, Hashable, CustomStringConvertible {
        /// A source of the composed style, by its id there.
        case source(String)
        /// The style's sprite.
        case sprite
        /// The style's glyphs.
        case glyphs

        /// `source 'ID'`, `the sprite`, `the glyphs`.
        public var description: String {
            switch self {
            case .source(let id): return "source '\(id)'"
            case .sprite: return "the sprite"
            case .glyphs: return "the glyphs"
            }
        }
    }

    /// A remote file that could not be had, once per owner, host and cause.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// Whose URL it was.
        public let owner: Owner
        /// The host asked (lowercased).
        public let host: String
        /// The first URL that failed this way, secrets as `{key}` and `${NAME}`.
        public let url: String
        /// What went wrong, secrets masked.
        public let message: String
        /// True when a replay lacked the file (record it); false when fetching failed or was refused.
        public let isMissing: Bool
        /// How many different URLs failed this way.
        public var count = 1

        /// The problem in words: `source 'ID': MESSAGE`, with how many files it holds for when it is more than one.
        public var description: String {
            "\(owner): \(message)"
                + (count > 1 ? " (and \(count - 1) more file\(count > 2 ? "s" : "") of \(host))" : "")
        }
    }

    /// Tiles a source's server had nothing for (HTTP 404, 204 or an empty body), drawn transparent: per owner
    /// and host, how many different URLs.
    public struct EmptyTiles: Sendable, Equatable, CustomStringConvertible {
        /// Whose tiles.
        public let owner: Owner
        /// The host asked (lowercased).
        public let host: String
        /// How many different tile URLs were empty.
        public var count: Int

        /// `source 'ID' (HOST): N empty tiles`.
        public var description: String { "\(owner) (\(host)): \(count) empty tile\(count == 1 ? "" : "s")" }
    }

    /// The path prefix of routed URLs.
    static let prefix = "/remote/"

    /// A transparent 1 x 1 PNG: what the page gets for an empty tile, which GL JS draws as nothing without an
    /// error (a 404 would be one).
    static let transparentTile = PNGImage(width: 1, height: 1).encoded
    /// The type an empty vector tile is served with (its body is empty: a tile with no layers).
    static let emptyVectorTileType = "application/x-protobuf"

    private struct Registered: Sendable {
        let template: URLTemplate
        let owner: Owner
        /// A source the declarations name (not the base's): it may name a loopback or private host, as a tile
        /// server the team runs on this machine.
        let isDeclared: Bool
    }

    private let token: String
    private let secretList: Mutex<[RemoteSecret]>
    private let environment: [String: String]
    private let archive: TileArchive?
    private let timeout: Double
    /// True when an empty tile is a problem (`snapshot --strict`), not a transparent tile.
    private let emptyTilesAreProblems: Bool
    private let state = Mutex<
        (templates: [String: Registered], order: [String], problems: [Problem], problemURLs: [Set<String>])
    >(([:], [], [], []))
    private let empties = Mutex<(tiles: [EmptyTiles], urls: [Set<String>])>(([], []))
    /// The ids of the routed vector sources: an empty tile of theirs is an empty vector tile, not a picture.
    private let vectorSources = Mutex<Set<String>>([])

    /// A gateway that fetches live (`archive` nil) or through `archive`, filling `secrets` on the way out, and the
    /// value of each `${NAME}` a style asks for from `environment`.
    public init(
        secrets: [RemoteSecret], environment: [String: String] = [:], archive: TileArchive?, timeout: Double = 30,
        emptyTilesAreProblems: Bool = false
    ) {
        self.emptyTilesAreProblems = emptyTilesAreProblems
        var random = SystemRandomNumberGenerator()
        self.token = (0..<4).map { _ in String(random.next() as UInt32, radix: 16) }.joined()
        self.secretList = Mutex(secrets)
        self.environment = environment
        self.archive = archive
        self.timeout = timeout
    }

    /// What went wrong so far, in the order first seen.
    public var problems: [Problem] { state.withLock { $0.problems } }

    /// The empty tiles so far, per owner and host in the order first seen.
    public var emptyTiles: [EmptyTiles] { empties.withLock { $0.tiles } }

    /// The stand-in the page's style holds for `secret` (what `StyleRuntime` fills instead of the value).
    /// For `${NAME}`, the environment's value becomes a secret of this gateway the first time it is asked for; nil
    /// when there is no such secret (no key given, no such variable).
    func standIn(for name: RemoteSecret.Name) -> String? {
        secretList.withLock { list in
            if let known = list.first(where: { $0.name == name }) { return known.standIn }
            guard case .environment(let variable) = name, let value = environment[variable] else { return nil }
            let secret = RemoteSecret(name, value: value)
            list.append(secret)
            return secret.standIn
        }
    }

    private var secrets: [RemoteSecret] { secretList.withLock { $0 } }

    /// Fetches with every secret known so far masked in its messages.
    private var fetcher: HTTPFetcher { HTTPFetcher(timeout: timeout, secrets: secrets.flatMap(\.maskedForms)) }

    // MARK: Routing

    /// `style` (JSON) with every remote URL of its sources, sprite and glyphs routed through the server on
    /// `port`, each registered as a template the gateway will fetch for. `declared` are the ids of the sources the
    /// declarations name (the others are the base's).
    func route(style bytes: [UInt8], port: UInt16, declared: Set<String> = []) -> [UInt8] {
        guard let root = try? JSONParser().parse(bytes: bytes, name: "style.json").root,
            case .object(var object) = root.value
        else { return bytes }
        if let sprite = object["sprite"] {
            _ = object.modifyValue(forKey: "sprite") { $0 = routeSprite(sprite, port: port) }
        }
        if let glyphs = object["glyphs"]?.stringValue {
            _ = object.modifyValue(forKey: "glyphs") {
                $0 = .string(routed(URLTemplate(glyphs), owner: .glyphs, port: port, declared: false))
            }
        }
        if case .object(var sources)? = object["sources"]?.value {
            for member in sources.members where member.value["type"]?.stringValue == "vector" {
                vectorSources.withLock { _ = $0.insert(member.key) }
            }
            for member in sources.members {
                _ = sources.modifyValue(forKey: member.key) { source in
                    let isDeclared = declared.contains(member.key)
                    source = routeURLs(of: source, owner: .source(member.key), port: port) { _ in isDeclared }
                }
            }
            _ = object.modifyValue(forKey: "sources") { $0 = JSONNode(.object(sources)) }
        }
        return JSONWriter(style: .compact).bytes(JSONNode(.object(object)))
    }

    /// A source (or TileJSON document) with its `tiles` and `url` routed; `declared` tells for each URL whether
    /// the team declared it (only those may name a loopback or private host).
    private func routeURLs(of node: JSONNode, owner: Owner, port: UInt16, declared: (String) -> Bool) -> JSONNode {
        guard case .object(var object) = node.value else { return node }
        if let url = object["url"]?.stringValue {
            _ = object.modifyValue(forKey: "url") {
                $0 = .string(routed(URLTemplate(url), owner: owner, port: port, declared: declared(url)))
            }
        }
        if let tiles = object["tiles"]?.arrayValue {
            let routedTiles = tiles.map { tile -> JSONNode in
                guard let text = tile.stringValue else { return tile }
                return .string(routed(URLTemplate(text), owner: owner, port: port, declared: declared(text)))
            }
            _ = object.modifyValue(forKey: "tiles") { $0 = JSONNode(.array(routedTiles)) }
        }
        return JSONNode(.object(object))
    }

    /// A sprite value: one URL, or `[{"id", "url"}]`.
    private func routeSprite(_ node: JSONNode, port: UInt16) -> JSONNode {
        switch node.value {
        case .string(let url):
            let template = URLTemplate(sprite: url)
            guard register(template, owner: .sprite, port: port, declared: false) else { return node }
            return .string(Self.local(url, port: port, token: token))
        case .array(let items):
            return JSONNode(.array(items.map { item in routeSprite(item, port: port) }))
        case .object(var object):
            if let url = object["url"] {
                _ = object.modifyValue(forKey: "url") { $0 = routeSprite(url, port: port) }
            }
            return JSONNode(.object(object))
        default: return node
        }
    }

    /// The local URL for `template`, registered for `owner`; a URL that is not remote (the server's own, or not
    /// http(s)) as it is.
    private func routed(_ template: URLTemplate, owner: Owner, port: UInt16, declared: Bool) -> String {
        guard register(template, owner: owner, port: port, declared: declared) else { return template.text }
        return Self.local(template.text, port: port, token: token)
    }

    /// Remembers `template` as one to fetch for; false for a URL that is not remote (not http(s), or the server's
    /// own: its LocalTileServer stand-in).
    private func register(_ template: URLTemplate, owner: Owner, port: UInt16, declared: Bool) -> Bool {
        guard let authority = URLAuthority(template.text), ["http", "https"].contains(authority.scheme) else {
            return false
        }
        if authority.scheme == "http", authority.port == Int(port),
            authority.host == "127.0.0.1" || authority.host == "localhost"
        {
            return false
        }
        state.withLock { state in
            if state.templates[template.text] == nil { state.order.append(template.text) }
            state.templates[template.text] = Registered(template: template, owner: owner, isDeclared: declared)
        }
        return true
    }

    /// `https://host/path?query` as `http://127.0.0.1:PORT/remote/TOKEN/https/host/path?query`.
    static func local(_ url: String, port: UInt16, token: String) -> String {
        guard let range = url.range(of: "://") else { return url }
        return "http://127.0.0.1:\(port)\(prefix)\(token)/\(url[..<range.lowerBound].lowercased())/"
            + url[range.upperBound...]
    }

    // MARK: Answering

    /// The answer to a `/remote/...` request.
    func answer(_ request: HTTPRequest, port: UInt16) -> HTTPResponse {
        let rest = request.path.dropFirst(Self.prefix.count)
        let parts = rest.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == token else {
            return .text(.forbidden, "not a file of this run's pages")
        }
        guard parts[1] == "https" || parts[1] == "http" else { return .text(.notFound, "not a remote file") }
        let url = "\(parts[1])://\(parts[2])" + (request.rawQuery.map { "?" + $0 } ?? "")
        guard let target = target(of: url) else { return .text(.notFound, "not a file the composed style names") }
        let (owner, upstream, display) = (target.owner, target.upstream, target.display)
        guard let authority = URLAuthority(upstream), authority.ambiguity == nil else {
            return refuse(owner, host: "", url: display, "its host is ambiguous")
        }
        if !target.isDeclared, let refusal = NetworkDestination.refusal(host: authority.host) {
            return refuse(owner, host: authority.host, url: display, "not fetched: \(refusal)")
        }
        let answer: TileArchive.Answer
        if let archive {
            answer = archive.answer(display: display, upstream: upstream, isTile: target.isTile, fetcher: fetcher)
        } else {
            let fetched = fetcher.fetch(upstream, display: display)
            if let status = TileArchive.emptyTileStatus(fetched, isTile: target.isTile) {
                answer = .empty(status: status)
            } else {
                switch fetched {
                case .success(let bytes): answer = .file(bytes, contentType: TileArchive.contentType(display, bytes))
                case .failure(let failure): answer = .failed(failure.message)
                }
            }
        }
        switch answer {
        case .empty(let status):
            noteEmpty(owner, host: authority.host, url: display)
            if emptyTilesAreProblems {
                let message = "\(display) answered HTTP \(status), an empty tile (an error with --strict)"
                note(Problem(owner: owner, host: authority.host, url: display, message: message, isMissing: false))
            }
            // Of the tile's own type: GL JS cannot read a PNG as a vector tile ("Unimplemented type: 4"), and an
            // empty body is a vector tile with no layers.
            if case .source(let id) = owner, vectorSources.withLock({ $0.contains(id) }) {
                return HTTPResponse(contentType: Self.emptyVectorTileType, body: [])
            }
            return HTTPResponse(contentType: "image/png", body: Self.transparentTile)
        case .missing:
            let message = "the tiles folder '\(archive?.folder ?? "")' has no \(display)"
            note(Problem(owner: owner, host: authority.host, url: display, message: message, isMissing: true))
            return .text(.notFound, "not recorded")
        case .failed(let message):
            note(Problem(owner: owner, host: authority.host, url: display, message: message, isMissing: false))
            return .text(.badGateway, message)
        case .file(let bytes, let type):
            guard type == "application/json", case .source = owner,
                let root = try? JSONParser().parse(bytes: bytes, name: "tiles.json").root, root["tiles"] != nil
            else {
                return HTTPResponse(contentType: type, body: bytes)
            }
            // Its tiles may reach a private host only on the origin the team declared the TileJSON on: a remote
            // TileJSON cannot lend its permission to hosts it lists.
            let declaredOrigin = target.isDeclared ? URLAuthority(upstream)?.origin : nil
            let routedJSON = routeURLs(of: root, owner: owner, port: port) { url in
                declaredOrigin != nil && URLAuthority(url)?.origin == declaredOrigin
            }
            return HTTPResponse(contentType: type, body: JSONWriter(style: .compact).bytes(routedJSON))
        }
    }

    /// What a remote URL a page asked for stands for: whose it is, the URL to fetch (secrets filled where they
    /// may go) and the URL to show and store (secrets as `{key}` and `${NAME}`); nil when no template of the
    /// routed styles names it.
    func target(of url: String) -> (owner: Owner, upstream: String, display: String, isDeclared: Bool, isTile: Bool)? {
        let found = state.withLock { state -> (Registered, [Substring])? in
            for text in state.order {
                guard let registered = state.templates[text], let values = registered.template.match(url) else {
                    continue
                }
                return (registered, values)
            }
            return nil
        }
        guard let (registered, values) = found else { return nil }
        let upstream = registered.template.filled(values) { fill($0, in: registered.template.text) }
        let display = registered.template.filled(values) { masked($0) }
        return (registered.owner, upstream, display, registered.isDeclared, registered.template.isTile)
    }

    private func refuse(_ owner: Owner, host: String, url: String, _ message: String) -> HTTPResponse {
        note(Problem(owner: owner, host: host, url: url, message: message, isMissing: false))
        return .text(.forbidden, message)
    }

    /// Counts an empty tile of `owner` at `host` (each URL once).
    private func noteEmpty(_ owner: Owner, host: String, url: String) {
        empties.withLock { empties in
            if let index = empties.tiles.firstIndex(where: { $0.owner == owner && $0.host == host }) {
                empties.urls[index].insert(url)
                empties.tiles[index].count = empties.urls[index].count
            } else {
                empties.tiles.append(EmptyTiles(owner: owner, host: host, count: 1))
                empties.urls.append([url])
            }
        }
    }

    /// Keeps the first problem of each owner, host and kind (missing, or failed), counting the other URLs.
    private func note(_ problem: Problem) {
        state.withLock { state in
            if let index = state.problems.firstIndex(where: {
                $0.owner == problem.owner && $0.host == problem.host && $0.isMissing == problem.isMissing
            }) {
                state.problemURLs[index].insert(problem.url)
                state.problems[index].count = state.problemURLs[index].count
            } else {
                state.problems.append(problem)
                state.problemURLs.append([problem.url])
            }
        }
    }

    /// A literal part of `template` with each secret's value in place of its stand-in, where that secret may go.
    private func fill(_ literal: String, in template: String) -> String {
        secrets.reduce(literal) { text, secret in
            guard text.contains(secret.standIn), secret.mayGo(into: template) else { return text }
            return text.replacing(secret.standIn, with: secret.encodedValue)
        }
    }

    /// A literal part with each secret's stand-in shown as `{key}` or `${NAME}`.
    private func masked(_ literal: String) -> String {
        secrets.reduce(literal) { text, secret in text.replacing(secret.standIn, with: secret.display) }
    }
}
