import Dispatch
import Foundation
import StyleRuntime

/// Downloads one document over HTTP(S) with the system `curl`, found on `PATH` (Foundation's networking cannot
/// be linked into the static build). The URL goes to curl on its standard input, never on its command line, so a key in it
/// is not visible to other processes. Redirects are followed to the same origin (scheme, host and port) only; every failure is a
/// message without the key.
public struct HTTPFetcher: Sendable {
    /// The largest body accepted by default, in bytes (64 MiB).
    public static let maximumBytes = 64 << 20
    /// The largest body this fetcher accepts, in bytes.
    public var byteLimit = HTTPFetcher.maximumBytes
    /// Seconds for the whole transfer.
    public var timeout: Double
    /// Text that must not appear in any message (the key, and its percent-encoded form).
    public var secrets: [String]
    /// The folders searched for `curl`, as in `PATH` (the tool's environment); nil takes this process's `PATH`.
    public var searchPath: String?
    /// The environment curl runs in (the tool's: curl reads `HOME`'s `.curlrc`, and proxies from it); nil takes
    /// this process's.
    public var environment: [String: String]?

    /// A fetcher whose whole fetch gives up after `timeout` seconds; `secrets` are masked in every message;
    /// `searchPath` is where curl is looked for.
    public init(
        timeout: Double = 60, secrets: [String] = [], searchPath: String? = nil, environment: [String: String]? = nil
    ) {
        self.timeout = timeout
        self.secrets = secrets
        self.searchPath = searchPath
        self.environment = environment
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
                FileManager.default.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        return nil
    }

    /// Why a download failed, in words with the key masked.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// Why, in words.
        public let message: String
        /// The HTTP status of the last answer, when the server answered with one that is not 2xx or 3xx.
        public var status: Int? = nil
        /// The message.
        public var description: String { message }
    }

    /// The body of a 2xx answer to `url` (shown as `display` in messages). `timeout` is for the whole fetch,
    /// redirects included.
    public func fetch(_ url: String, display: String) -> Result<[UInt8], Failure> {
        let deadline = Self.now() + timeout
        var current = url
        for _ in 0..<5 {
            let remaining = deadline - Self.now()
            guard remaining > 0 else { return .failure(timedOut(display)) }
            switch once(current, display: display, seconds: remaining, deadline: deadline) {
            case .failure(let failure): return .failure(failure)
            case .success(let answer):
                if (200..<300).contains(answer.status) { return .success(answer.body) }
                guard (300..<400).contains(answer.status), let location = answer.location, !location.isEmpty else {
                    return .failure(
                        Failure(message: "\(display) answered HTTP \(answer.status)", status: answer.status))
                }
                // Only to the same origin: another port of the same host is another server (a private one, say).
                let from = URLAuthority(current)
                let to = URLAuthority(location)
                guard let from, let to, to.ambiguity == nil, to.origin == from.origin else {
                    let host = URLHost.host(of: location) ?? "an unknown host"
                    let what =
                        URLHost.host(of: location) == URLHost.host(of: current)
                        ? "another port or scheme" : "another host"
                    return .failure(
                        Failure(message: "\(display) redirects to \(what) (\(masked(host))): refused"))
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

    /// What curl writes after the body, on its standard error (the body alone goes to standard output).
    private static let statusMarker = "mc-style-status:"

    /// One request, the body read from curl's standard output as it comes: past `byteLimit`, or past the
    /// deadline, curl is stopped and nothing more is read (curl's own `--max-filesize` cannot stop a body of
    /// unknown length, and nothing is put on disk).
    private func once(_ url: String, display: String, seconds: Double, deadline: Double) -> Result<Answer, Failure> {
        guard let curl = curlExecutable() else {
            return .failure(
                Failure(
                    message:
                        "cannot download \(display): curl is not installed (no curl on PATH); mc-style downloads through it"
                ))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: curl)
        if let environment { process.environment = environment }
        process.arguments = [
            "--silent", "--show-error", "--config", "-", "--output", "-",
            "--write-out", "%{stderr}\n\(Self.statusMarker)%{http_code} %{redirect_url}\n", "--max-filesize",
            String(byteLimit),
            "--max-time", Self.seconds(seconds), "--connect-timeout", Self.seconds(min(10, seconds)), "--proto",
            "=https,http",
            "--max-redirs", "0",
        ]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            return .failure(
                Failure(message: "cannot run curl to download \(display): \(error.localizedDescription) (install curl)")
            )
        }
        let quoted = url.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        // A curl that exits before reading leaves the write failed, not this process killed; its status tells.
        _ = ChildInput.send(Array("url = \"\(quoted)\"\n".utf8), to: input.fileHandleForWriting.fileDescriptor)
        try? input.fileHandleForWriting.close()
        // Standard error is small (a message, the status line), read beside the body so neither pipe fills.
        // Read with `read`, which is retried on EINTR: Foundation's readDataToEndOfFile traps when a signal
        // interrupts it (a SIGQUIT or SIGHUP while a snapshot records).
        nonisolated(unsafe) var complaintBytes: [UInt8] = []
        let readingErrors = DispatchGroup()
        let errorDescriptor = errors.fileHandleForReading.fileDescriptor
        DispatchQueue.global().async(group: readingErrors) {
            complaintBytes = Self.readBody(errorDescriptor, limit: Self.complaintLimit, until: deadline).body
        }
        let (body, stopped) = Self.readBody(
            output.fileHandleForReading.fileDescriptor, limit: byteLimit, until: deadline)
        if stopped != nil { process.terminate() }
        try? output.fileHandleForReading.close()
        readingErrors.wait()
        let exitCode = Self.exitStatus(of: process)
        let complaint = String(decoding: complaintBytes, as: UTF8.self)
        switch stopped {
        case .tooLarge?: return .failure(tooLarge(display))
        case .deadline?: return .failure(timedOut(display))
        case nil: break
        }
        let message = masked(
            complaint.split(separator: "\n").filter { !$0.hasPrefix(Self.statusMarker) }.joined(separator: " ")
                .trimmingCharacters(in: .whitespacesAndNewlines))
        switch exitCode {
        case 0: break
        case 28: return .failure(timedOut(display))
        case 63: return .failure(tooLarge(display))
        case 6, 7: return .failure(Failure(message: "cannot connect to \(display): \(message)"))
        case let code:
            return .failure(Failure(message: "downloading \(display) failed (curl exit \(code)): \(message)"))
        }
        let statusLine = complaint.split(separator: "\n").last { $0.hasPrefix(Self.statusMarker) }.map {
            $0.dropFirst(Self.statusMarker.count)
        }
        let parts = statusLine.map { $0.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false) } ?? []
        let status = parts.first.flatMap { Int($0) } ?? 0
        let location = parts.count > 1 ? String(parts[1]) : nil
        return .success(Answer(status: status, location: location, body: body))
    }

    private enum Stop { case tooLarge, deadline }

    /// curl's exit status once it has closed its output. Foundation's `waitUntilExit` can miss the exit of a child
    /// that ends at once (a refused connection) and then waits forever (seen in CI: a test process hung with no
    /// child left), so this waits a bounded time for Foundation to see it, then reaps the child itself.
    private static func exitStatus(of process: Process) -> Int32 {
        let deadline = now() + 5
        while process.isRunning, now() < deadline { usleep(2_000) }
        if !process.isRunning { return process.terminationStatus }
        var status: Int32 = 0
        let pid = process.processIdentifier
        var reaped = waitpid(pid, &status, WNOHANG)
        while reaped == 0 {
            // Still running five seconds after its output closed: it is stopped.
            kill(pid, SIGKILL)
            usleep(2_000)
            reaped = waitpid(pid, &status, WNOHANG)
        }
        guard reaped == pid else {
            // Foundation reaped it meanwhile: its status is Foundation's, once it says so.
            while process.isRunning, now() < deadline + 1 { usleep(2_000) }
            return process.isRunning ? 255 : process.terminationStatus
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The most of curl's standard error that is read (its message and the status line), in bytes.
    private static let complaintLimit = 1 << 20

    /// Reads `descriptor` to its end, at most `limit` bytes and until `deadline` (seconds, `now()`). The
    /// body is gathered in pieces and joined once at the end: a growing array would copy itself at each doubling,
    /// and a body refused at the limit would have cost half as much again.
    private static func readBody(_ descriptor: Int32, limit: Int, until deadline: Double) -> (
        body: [UInt8], stopped: Stop?
    ) {
        var pieces: [[UInt8]] = []
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let left = deadline - now()
            guard left > 0 else { return ([], .deadline) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left * 1000, 1000)) + 1)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = DescriptorReading.readSome(descriptor, into: &chunk)
            if count <= 0 { break }
            total += count
            guard total <= limit else { return ([], .tooLarge) }
            pieces.append(Array(chunk[0..<count]))
        }
        var body: [UInt8] = []
        body.reserveCapacity(total)
        for piece in pieces { body += piece }
        return (body, nil)
    }

    private func tooLarge(_ display: String) -> Failure {
        let limit = byteLimit % (1 << 20) == 0 ? "\(byteLimit >> 20) MiB" : "\(byteLimit) bytes"
        return Failure(message: "\(display) is larger than the \(limit) limit")
    }

    private func timedOut(_ display: String) -> Failure {
        Failure(
            message: "\(display) did not answer within \(Self.seconds(timeout)) s (the whole fetch, redirects included)"
        )
    }

    /// Seconds as curl and messages take them: whole numbers without a fraction.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Monotonic seconds.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `text` with every secret replaced by `{key}`.
    public func masked(_ text: String) -> String {
        secrets.filter { !$0.isEmpty }.reduce(text) { $0.replacing($1, with: "{key}") }
    }
}
