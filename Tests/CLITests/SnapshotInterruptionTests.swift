import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `mc-style snapshot` stopped by SIGTERM, SIGINT, SIGHUP (a closed terminal) or SIGQUIT mid-run leaves no browser process and no profile folder. The
/// browser here is a stand-in script that starts a child and waits, as Chromium starts its renderers (the real
/// Chromium is interrupted the same way by .ci/snapshot_check.py).
@Suite(.serialized) struct SnapshotInterruptionTests {
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT]) func anInterruptedRunLeavesNothingBehind(_ signal: Int32)
        throws
    {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(
            contentsOf: Fixtures.folder("demo").appendingPathComponent("mc-style.yaml"), encoding: .utf8
        )
        .replacing("base: ../../styles/", with: "base: \(SharedData.repositoryFile("styles").path)/")
        for part in ["parts", "vector"] {
            try FileManager.default.copyItem(
                at: Fixtures.folder("demo").appendingPathComponent(part), to: folder.appendingPathComponent(part))
        }
        try Data((text + "views:\n  - {name: a, center: [139, 35], zoom: 9}\n").utf8).write(
            to: folder.appendingPathComponent("mc-style.yaml"))
        let markers = folder.appendingPathComponent("markers")
        try FileManager.default.createDirectory(at: markers, withIntermediateDirectories: true)
        let browser = folder.appendingPathComponent("browser.sh")
        try Data(
            """
            #!/bin/sh
            for argument in "$@"; do case "$argument" in --user-data-dir=*) profile="${argument#--user-data-dir=}";; esac; done
            mkdir -p "$profile"
            sleep 300 &
            echo "$$ $! $profile" > "$MC_TEST_MARKERS/started-$$"
            wait

            """.utf8
        ).write(to: browser)
        chmod(browser.path, 0o755)
        let process = Process()
        process.executableURL = builtTool
        process.arguments = [
            "snapshot", "mc-style.yaml", "--out", folder.appendingPathComponent("out").path, "--browser", browser.path,
        ]
        process.currentDirectoryURL = folder
        process.environment = ["MC_TEST_MARKERS": markers.path, "PATH": "/usr/bin:/bin", "TMPDIR": folder.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var started: [String] = []
        let deadline = Date().addingTimeInterval(30)
        while started.isEmpty, Date() < deadline, process.isRunning {
            started = (try? FileManager.default.contentsOfDirectory(atPath: markers.path)) ?? []
            usleep(50_000)
        }
        try #require(!started.isEmpty, "the stand-in browser never started")
        usleep(200_000)
        let recorded = try started.map { name in
            try String(contentsOf: markers.appendingPathComponent(name), encoding: .utf8).split(separator: " ")
        }
        kill(process.processIdentifier, signal)
        let stopped = Date()
        process.waitUntilExit()
        var alive: [String] = []
        while Date().timeIntervalSince(stopped) < 5 {
            alive = recorded.flatMap { $0.prefix(2) }.map(String.init).filter { kill(pid_t($0) ?? 0, 0) == 0 }
            if alive.isEmpty { break }
            usleep(50_000)
        }
        #expect(alive.isEmpty, "processes left behind: \(alive)")
        for parts in recorded {
            let profile = String(parts[2].trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(!FileManager.default.fileExists(atPath: profile), "the profile folder \(profile) is left")
        }
        #expect(process.terminationStatus == 128 + signal)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("snapshot: interrupted"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
