import Foundation
import StyleRuntime

/// Downloads one document over HTTP(S) with the system `curl`, found on `PATH` (Foundation's networking cannot
/// be linked into the static build). The URL goes to curl on its standard input, never on its command line, so a key in it
/// is not visible to other processes. Redirects are followed on the same host only; every failure is a
/// message without the key.
public struct HTTPFetcher: Sendable {
    /// The largest body accepted, in bytes.
    public static let maximumBytes = 64 << 20
    /// Seconds for the whole transfer.
    public var timeout: Double
    /// Text that must not appear in any message (the key, and its percent-encoded form).
    public var secrets: [String]
    /// The folders searched for `curl`, as in `PATH` (the tool's environment); nil takes this process's `PATH`.
    public var searchPath: String?

    public init(timeout: Double = 60, secrets: [String] = [], searchPath: String? = nil) {
        self.timeout = timeout
        self.secrets = secrets
        self.searchPath = searchPath
    }

    /// Where `curl` is: the first executable file of that name in `searchPath`'s folders (`PATH`'s, or the
    /// system folders when there is none); nil when there is none. Only absolute folders count: a relative
    /// entry (`.`, an empty one) would run whatever `curl` the current folder holds.
    func curlExecutable() -> String? {
        let folders = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in folders.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = String(folder) + (folder.hasSuffix("/") ? "curl" : "/curl")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The body of a 2xx answer to `url` (shown as `display` in messages).
    public func fetch(_ url: String, display: String) -> Result<[UInt8], Failure> {
        var current = url
        for _ in 0..<5 {
            switch once(current, display: display) {
            case .failure(let failure): return .failure(failure)
            case .success(let answer):
                if (200..<300).contains(answer.status) { return .success(answer.body) }
                guard (300..<400).contains(answer.status), let location = answer.location, !location.isEmpty else {
                    return .failure(Failure(message: "\(display) answered HTTP \(answer.status)"))
                }
                guard URLHost.host(of: location) == URLHost.host(of: current) else {
                    let host = URLHost.host(of: location) ?? "an unknown host"
                    return .failure(Failure(message: "\(display) redirects to another host (\(masked(host))): refused"))
                }
                current = location
            }
        }
        return .failure(Failure(message: "\(display) redirects more than 5 times"))
    }

    private struct Answer {
        let status: Int
        let location: String?
        let body: [UInt8]
    }

    private func once(_ url: String, display: String) -> Result<Answer, Failure> {
        guard let curl = curlExecutable() else {
            return .failure(Failure(message: "cannot download \(display): curl is not installed (no curl on PATH); mc-style downloads through it"))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mc-style-fetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            return .failure(Failure(message: "cannot make a temporary folder for the download: \(error.localizedDescription)"))
        }
        let body = folder.appendingPathComponent("body")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: curl)
        process.arguments = ["--silent", "--show-error", "--config", "-", "--output", body.path,
                             "--write-out", "%{http_code}\n%{redirect_url}\n", "--max-filesize", String(Self.maximumBytes),
                             "--max-time", String(timeout), "--connect-timeout", String(min(10, timeout)), "--proto", "=https,http",
                             "--max-redirs", "0"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            return .failure(Failure(message: "cannot run curl to download \(display): \(error.localizedDescription) (install curl)"))
        }
        let quoted = url.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        // A curl that exits before reading leaves the write failed, not this process killed; its status tells.
        _ = ChildInput.send(Array("url = \"\(quoted)\"\n".utf8), to: input.fileHandleForWriting.fileDescriptor)
        try? input.fileHandleForWriting.close()
        let written = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: break
        case 28: return .failure(Failure(message: "\(display) did not answer within \(JavaScriptNumber.string(timeout)) s"))
        case 63: return .failure(Failure(message: "\(display) is larger than the \(Self.maximumBytes >> 20) MiB limit"))
        case 6, 7: return .failure(Failure(message: "cannot connect to \(display): \(masked(complaint.trimmingCharacters(in: .whitespacesAndNewlines)))"))
        case let code: return .failure(Failure(message: "downloading \(display) failed (curl exit \(code)): \(masked(complaint.trimmingCharacters(in: .whitespacesAndNewlines)))"))
        }
        let lines = String(decoding: written, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let status = lines.first.flatMap { Int($0) } ?? 0
        let location = lines.count > 1 ? String(lines[1]) : nil
        let bytes = (try? Data(contentsOf: body)).map { [UInt8]($0) } ?? []
        if bytes.count > Self.maximumBytes {
            return .failure(Failure(message: "\(display) is larger than the \(Self.maximumBytes >> 20) MiB limit"))
        }
        return .success(Answer(status: status, location: location, body: bytes))
    }

    /// `text` with every secret replaced by `{key}`.
    func masked(_ text: String) -> String {
        secrets.filter { !$0.isEmpty }.reduce(text) { $0.replacing($1, with: "{key}") }
    }
}
