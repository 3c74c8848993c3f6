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

    /// Seconds a fetch may take, redirects included, unless told otherwise.
    public static let defaultTimeout: Double = 60

    /// `environment`: the tool's, for curl (`PATH` finds it, `HOME` has its `.curlrc`); nil takes this process's;
    /// `timeout` in seconds.
    public init(
        request: BaseStyleRequest, apiKey: String?, outPath: String, timeout: Double = FetchBaseJob.defaultTimeout,
        environment: [String: String]? = nil
    ) {
        self.request = request
        self.apiKey = apiKey
        self.outPath = outPath
        let secrets = DiagnosticCollector.forms(of: apiKey.map { [$0] } ?? [])
        self.fetcher = HTTPFetcher(
            timeout: timeout, secrets: secrets, searchPath: environment?["PATH"], environment: environment)
    }

    /// The lock file's path for a saved style.
    public static func lockPath(for outPath: String) -> String {
        (outPath.hasSuffix(".json") ? String(outPath.dropLast(5)) : outPath) + ".lock.json"
    }

    /// What a fetch or a check came to.
    public enum Outcome: Sendable {
        /// Saved (and locked): the file's size and the version the response reported, if any.
        case saved(bytes: Int, styleVersion: String?)
        /// `check`: TomTom serves what is saved.
        case unchanged
        /// `check`: TomTom serves another style; what changed.
        case changed(StyleDiff)
        /// Nothing was written; why (the key masked).
        case failed(String)
    }

    /// Downloads the style and saves it with its lock (both atomically, the style first); nothing is written
    /// on any failure.
    public func save() -> Outcome {
        switch download(request.displayURL) {
        case .failure(let failure): return .failed(failure.message)
        case .success(let fetched):
            do {
                try AtomicFileWriter().write(fetched.bytes, to: outPath)
                try AtomicFileWriter().write(lock(fetched), to: Self.lockPath(for: outPath))
            } catch {
                return .failed(error.description)
            }
            return .saved(bytes: fetched.bytes.count, styleVersion: fetched.styleVersion)
        }
    }

    /// Fetches the locked URL again and compares with what is saved (by SHA-256, then a semantic diff).
    public func check() -> Outcome {
        let lockPath = Self.lockPath(for: outPath)
        guard let lockFile = try? InputLoader().load(path: lockPath), let lock = try? JSONParser().parse(lockFile).root,
            lock["format"]?.stringValue == Self.lockFormat, let url = lock["url"]?.stringValue,
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
        switch download(url) {
        case .failure(let failure): return .failed(failure.message)
        case .success(let fetched):
            if fetched.sha256 == digest { return .unchanged }
            guard let before = try? JSONParser().parse(saved).root else { return .failed("\(outPath) is not JSON") }
            return .changed(StyleDiff(old: before, new: fetched.root))
        }
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
        var text = String(decoding: body, as: UTF8.self)
        for secret in fetcher.secrets where !secret.isEmpty { text = text.replacing(secret, with: "{key}") }
        let bytes = Array(text.utf8)
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

    static let lockFormat = "mc-style-base-lock"

    private func lock(_ fetched: Fetched) -> [UInt8] {
        let root = JSONNode.object([
            "format": .string(Self.lockFormat), "version": .integer(1),
            "url": .string(request.displayURL),
            "design": request.url == nil ? .string(request.design ?? "basic_street-light") : nil,
            "modules": request.url == nil ? .array(request.moduleNames.map { .string($0) }) : nil,
            "versionPattern": request.url == nil ? .string(request.versionPattern ?? "25.2.*") : nil,
            "styleVersion": fetched.styleVersion.map { .string($0) },
            "file": .string(String(outPath.split(separator: "/").last ?? Substring(outPath))),
            "sha256": .string(fetched.sha256),
        ])
        return JSONWriter(style: .pretty).bytes(root)
    }
}
