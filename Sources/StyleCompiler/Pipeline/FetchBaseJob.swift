import LocatedJSON
import StyleRuntime

/// `mc-style fetch-base` short of printing: download a TomTom hosted base style, keep it with `{key}` where
/// the key was, and record where it came from in a lock file beside it; or, with `check`, fetch again and
/// tell whether TomTom now serves something else.
public struct FetchBaseJob: Sendable {
    /// Which TomTom style to download, or the URL to.
    public var request: BaseStyleRequest
    /// The API key for the request only; it is never saved or shown.
    public var apiKey: String?
    /// Where the style is saved; the lock is beside it (`NAME.lock.json`).
    public var outPath: String
    /// Downloads through the system curl.
    public var fetcher: HTTPFetcher
    /// Whether and how the style's assets are locked beside it.
    public var assetOptions: AssetLockOptions

    /// Seconds a fetch may take, redirects included, unless told otherwise.
    public static let defaultTimeout: Double = 60

    /// `environment`: the tool's, for curl (`PATH` finds it, `HOME` has its `.curlrc`); nil takes this process's;
    /// `timeout` in seconds.
    public init(
        request: BaseStyleRequest, apiKey: String?, outPath: String, timeout: Double = FetchBaseJob.defaultTimeout,
        environment: [String: String]? = nil, assetOptions: AssetLockOptions = AssetLockOptions()
    ) {
        self.request = request
        self.assetOptions = assetOptions
        self.apiKey = apiKey
        self.outPath = outPath
        let secrets = DiagnosticCollector.forms(of: apiKey.map { [$0] } ?? [])
        self.fetcher = HTTPFetcher(
            timeout: timeout, secrets: secrets, searchPath: environment?["PATH"], environment: environment)
    }

    /// The lock file's path for a saved style.
    public static func lockPath(for outPath: String) -> String { BaseStyleLock.lockPath(for: outPath) }

    /// The assets folder's path for a saved style (beside it).
    public static func assetsFolder(for outPath: String) -> String {
        FilePaths.join(FilePaths.directory(of: outPath), BaseStyleLock.assetsFolderName(for: outPath))
    }

    /// What a fetch or a check came to.
    public enum Outcome: Sendable {
        /// Saved (and locked): the file's size, the version the response reported, if any, and what was locked
        /// beside it (nil with `--no-assets`).
        case saved(bytes: Int, styleVersion: String?, assets: LockedAssetSummary?)
        /// `check`: TomTom serves what is saved, and the assets the lock holds (nothing gone; what is new, if
        /// anything, in the drift).
        case unchanged(AssetDrift?)
        /// `check`: TomTom serves another style (the diff), or an asset the style may use is gone (the drift).
        case changed(StyleDiff?, AssetDrift?)
        /// Nothing was written; why (the key masked).
        case failed(String)
    }

    /// Downloads the style and its assets and saves them with the lock (each atomically: the style, the assets
    /// folder, then the lock that ties them); nothing is written on any failure of a download.
    public func save() -> Outcome {
        switch download(request.displayURL) {
        case .failure(let failure): return .failed(failure.message)
        case .success(let fetched):
            var assets: AssetLockFetch.Fetched?
            if assetOptions.locksAssets {
                switch assetFetch(assetOptions, styleURL: request.displayURL).fetch(fetched.root) {
                case .failure(let failure):
                    return .failed("\(failure.message) (nothing was saved; --no-assets locks the style alone)")
                case .success(let found): assets = found
                }
            }
            do {
                try AtomicFileWriter().write(fetched.bytes, to: outPath)
                if let assets {
                    _ = try OutputFolder(path: Self.assetsFolder(for: outPath), layout: Self.assetsLayout).write(
                        assets.files)
                }
                try AtomicFileWriter().write(lock(fetched, assets: assets), to: Self.lockPath(for: outPath))
            } catch {
                return .failed(error.description)
            }
            return .saved(
                bytes: fetched.bytes.count, styleVersion: fetched.styleVersion,
                assets: assets.map { LockedAssetSummary($0, folder: Self.assetsFolder(for: outPath)) })
        }
    }

    /// What `fetch-base` writes into an assets folder: sprite indexes (and pictures), glyph ranges and TileJSON.
    static let assetsLayout = OutputFolderLayout(
        ownsFile: { $0.hasPrefix("sprite") && ($0.hasSuffix(".json") || $0.hasSuffix(".png")) },
        subfolders: ["glyphs": { $0.hasSuffix(".pbf") }, "tilejson": { $0.hasSuffix(".json") }])

    /// The fetch of the assets of the style at `styleURL` (the request's, or the lock's for `--check`), whose host
    /// the user chose, as the hosted placeholders' are.
    private func assetFetch(_ options: AssetLockOptions, styleURL: String) -> AssetLockFetch {
        AssetLockFetch(
            fetcher: fetcher, apiKey: apiKey, options: options, origin: request.origin,
            design: request.design ?? "basic_street-light",
            userHosts: Set(
                [styleURL, options.hostedSprite, options.hostedGlyphs].compactMap { url in
                    url.flatMap { URLAuthority($0)?.host }
                }))
    }

    /// Fetches the locked URL again and compares with what is saved (by SHA-256, then a semantic diff).
    public func check() -> Outcome {
        let lockPath = Self.lockPath(for: outPath)
        guard let lockFile = try? InputLoader().load(path: lockPath), let lock = try? JSONParser().parse(lockFile).root,
            lock["format"]?.stringValue == BaseStyleLock.format, let url = lock["url"]?.stringValue,
            let digest = lock["sha256"]?.stringValue
        else {
            return .failed(
                "\(lockPath) is not a base-style lock: fetch the style first (mc-style fetch-base without --check)")
        }
        guard let saved = try? InputLoader().load(path: outPath) else { return .failed("\(outPath) cannot be read") }
        guard SHA256.hex(saved.bytes) == digest else {
            return .failed(
                "\(outPath) was changed since it was fetched (its SHA-256 is not the lock's): fetch it again or restore it"
            )
        }
        guard let before = try? JSONParser().parse(saved).root else { return .failed("\(outPath) is not JSON") }
        let styleDiff: StyleDiff?
        switch download(url) {
        case .failure(let failure): return .failed(failure.message)
        case .success(let fetched):
            styleDiff = fetched.sha256 == digest ? nil : StyleDiff(old: before, new: fetched.root)
        }
        var drift: AssetDrift?
        if lock["assets"] != nil {
            switch assetDrift(of: saved, style: before, lock: lock, styleURL: url) {
            case .failure(let failure): return .failed(failure.message)
            case .success(let found): drift = found
            }
        }
        if styleDiff == nil, drift?.isBreaking != true { return .unchanged(drift) }
        return .changed(styleDiff, drift)
    }

    /// The saved style's assets fetched again the way the lock says they were, against the locked copies; with the
    /// asset findings of the saved style that what is gone brings.
    private func assetDrift(of saved: SourceFile, style: JSONNode, lock: JSONNode, styleURL: String) -> Result<
        AssetDrift, HTTPFetcher.Failure
    > {
        let reading = BaseStyleLock.assets(besideStyle: outPath)
        if let problem = reading.diagnostics.first(where: { $0.severity == .error }) {
            return .failure(HTTPFetcher.Failure(message: problem.message))
        }
        let options = AssetLockOptions(lockSection: lock["assets"])
        let served: AssetLockFetch.Fetched
        switch assetFetch(options, styleURL: styleURL).fetch(style) {
        case .failure(let failure): return .failure(failure)
        case .success(let found): served = found
        }
        var files: [String: [UInt8]] = [:]
        for file in served.files { files[file.path] = file.bytes }
        let now = served.entries.map { entry in (entry: entry, bytes: entry.path.flatMap { files[$0] }) }
        var drift = AssetDrift(locked: reading.copies, served: now)
        if drift.isBreaking, let document = StyleLoader().parse(saved).document {
            drift.broken = Self.newAssetFindings(
                in: document, before: BaseStyleLock.assets(from: reading.copies), after: BaseStyleLock.assets(from: now)
            )
        }
        return .success(drift)
    }

    /// The asset checks' findings in `document` with `after` that it does not have with `before`: the layers that
    /// what went breaks.
    static func newAssetFindings(in document: JSONDocument, before: StyleAssets, after: StyleAssets) -> [Diagnostic] {
        func findings(_ assets: StyleAssets) -> [Diagnostic] {
            StyleValidator(target: .tomtom, assets: assets).validate(document.root, in: document).filter {
                $0.rule.hasPrefix("assets.")
            }
        }
        let known = Set(findings(before).map { "\($0.rule) \($0.path?.mapLibreNotation ?? "")" })
        return findings(after).filter { !known.contains("\($0.rule) \($0.path?.mapLibreNotation ?? "")") }
            .sortedByPlace()
    }

    struct Fetched {
        let bytes: [UInt8]
        let root: JSONNode
        let sha256: String
        let styleVersion: String?
    }

    /// The style at `displayURL` (`{key}` filled for the request), with the key put back as `{key}`. With a key,
    /// the URL must be one the key may go to (`URLHost.keyDestination`: https on TomTom's hosts, read as browsers
    /// read it), as for compile and resolve: else nothing is requested.
    private func download(_ displayURL: String) -> Result<Fetched, HTTPFetcher.Failure> {
        if apiKey != nil {
            switch URLHost.keyDestination(of: displayURL) {
            case .tomTom: break
            case .cleartextTomTom:
                return .failure(
                    HTTPFetcher.Failure(
                        message:
                            "\(displayURL) is clear-text http://: the key goes only over https; nothing was requested"))
            case .ambiguous(let reason):
                return .failure(
                    HTTPFetcher.Failure(
                        message: "the key is never sent to \(displayURL): \(reason); nothing was requested"))
            case .elsewhere:
                return .failure(
                    HTTPFetcher.Failure(
                        message:
                            "\(displayURL) is not on TomTom's hosts (api.tomtom.com, a.-d.api.tomtom.com): the key goes only there, over https; nothing was requested (give no --api-key-env for another host)"
                    ))
            }
        }
        var request = self.request
        request.url = displayURL
        let body: [UInt8]
        switch fetcher.fetch(request.requestURL(key: apiKey), display: displayURL) {
        case .failure(let failure): return .failure(failure)
        case .success(let bytes): body = bytes
        }
        let bytes = Array(fetcher.masked(String(decoding: body, as: UTF8.self)).utf8)
        let root: JSONNode
        do { root = try JSONParser().parse(bytes: bytes, name: displayURL).root } catch {
            return .failure(HTTPFetcher.Failure(message: "\(displayURL) did not answer with JSON: \(error.message)"))
        }
        guard root["layers"]?.arrayValue != nil, root["sources"]?.objectValue != nil else {
            return .failure(
                HTTPFetcher.Failure(message: "\(displayURL) answered JSON that is not a style (no layers and sources)"))
        }
        return .success(
            Fetched(bytes: bytes, root: root, sha256: SHA256.hex(bytes), styleVersion: Self.reportedVersion(root)))
    }

    /// The version a style reports of itself, where it does: a `metadata` key that names a version.
    static func reportedVersion(_ root: JSONNode) -> String? {
        for member in root["metadata"]?.objectValue?.members ?? [] where member.key.lowercased().contains("version") {
            if let text = member.value.stringValue { return text }
            if let number = member.value.numberValue { return number.text }
        }
        return nil
    }

    private func lock(_ fetched: Fetched, assets: AssetLockFetch.Fetched?) -> [UInt8] {
        let root = JSONNode.object([
            "format": .string(BaseStyleLock.format), "version": .integer(1),
            "url": .string(request.displayURL),
            "design": request.url == nil ? .string(request.design ?? "basic_street-light") : nil,
            "modules": request.url == nil ? .array(request.moduleNames.map { .string($0) }) : nil,
            "versionPattern": request.url == nil ? .string(request.versionPattern ?? "25.2.*") : nil,
            "styleVersion": fetched.styleVersion.map { .string($0) },
            "file": .string(String(outPath.split(separator: "/").last ?? Substring(outPath))),
            "sha256": .string(fetched.sha256),
            "assets": assets.map { assetOptions.lockSection($0, folder: BaseStyleLock.assetsFolderName(for: outPath)) },
        ])
        return JSONWriter(style: .pretty).bytes(root)
    }
}
