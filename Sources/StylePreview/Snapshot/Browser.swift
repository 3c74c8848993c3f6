import Foundation
import LocatedJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A headless Chromium (or Chrome) that draws a snapshot page, WebGL through SwiftShader, so that no GPU is needed
/// and the same page gives the same pixels; the page hands its picture back to the server itself.
public struct Browser: Sendable {
    /// The browser's executable.
    public let executable: String

    /// The browser names looked for on `PATH`, in this order.
    public static let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"]
    /// How long a picture may take by default, in seconds, before the browser is stopped.
    public static let defaultTimeout: Double = 60
    /// How long a picture may take, in seconds, before the browser is stopped (`snapshot --timeout`).
    public var timeout: Double = Browser.defaultTimeout

    /// The browser at `executable`.
    public init(executable: String) { self.executable = executable }

    /// The browser `explicit` names, else `$CHROME`, else the first of `names` on `PATH`; nil when there is none.
    public static func find(explicit: String?, environment: [String: String]) -> Browser? {
        if let explicit { return isExecutable(explicit) ? Browser(executable: explicit) : nil }
        if let chrome = environment["CHROME"], !chrome.isEmpty, isExecutable(chrome) {
            return Browser(executable: chrome)
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in names {
            for folder in folders where isExecutable(folder + "/" + name) {
                return Browser(executable: folder + "/" + name)
            }
        }
        #if os(macOS)
            let app = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
            if isExecutable(app) { return Browser(executable: app) }
        #endif
        return nil
    }

    /// How to get a browser, for the error when there is none.
    public static let installHint =
        "install Chromium (Debian/Ubuntu: apt-get install chromium; macOS: brew install --cask chromium) or give --browser PATH or $CHROME"

    private static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// Opens `url` in a headless window of `width` x `height` CSS pixels (at device scale 1) and keeps the browser
    /// running until `done` returns a value (asked every few milliseconds) or `timeout` passes; then stops it.
    func open<Value>(_ url: String, width: Int, height: Int, until done: () -> Value?) throws(SnapshotError) -> Value {
        // Short: Chromium's sockets go under it, and a socket's path may be at most 107 bytes.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mc-style-\(UUID().uuidString.prefix(8).lowercased())"
        ).path
        let arguments =
            ["--headless=new"] + (geteuid() == 0 ? ["--no-sandbox"] : []) + [
                "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--no-first-run", "--disable-extensions", "--mute-audio",
                "--user-data-dir=\(scratch)/profile", "--window-size=\(width),\(height)", url,
            ]
        let process = try BrowserProcess(executable: executable, arguments: arguments, scratch: scratch)
        defer { process.stop() }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let value = done() { return value }
            if let status = process.exitStatus {
                // Stopped by an interruption: the thread that stopped it ends the process; nothing is reported.
                while BrowserProcess.isInterrupted { sleep(60) }
                throw SnapshotError(
                    "the browser '\(executable)' stopped (exit \(status)) before drawing the map")
            }
            usleep(20_000)
        }
        throw SnapshotError("the map was not drawn within \(JSONNumber(timeout).text) s (--timeout)")
    }

    /// Stops every browser still running and removes their profiles: for `mc-style` interrupted mid-run.
    public static func stopAll() { BrowserProcess.stopAll() }
}

/// Why a snapshot could not be taken.
public struct SnapshotError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
