import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One headless browser, started in a process group of its own with a scratch folder for its profile, so that it
/// can be stopped whole (the browser and every process it started) and leave nothing behind: on the normal path,
/// on an error, and when `mc-style` itself is interrupted (`stopAll`, from the command's signal handling).
final class BrowserProcess: Sendable {
    /// The browser's process id, which is also its process group's id.
    let pid: pid_t
    /// The folder its profile is in, removed when it stops.
    let scratch: String

    /// Browsers running now, so that an interruption can stop them all.
    private static let running = Mutex<[pid_t: String]>([:])
    /// True once `stopAll` ran: the process is ending, and a browser that stopped is no failure to report.
    private static let interruption = Atomic<Bool>(false)

    /// True once `mc-style` was interrupted (`stopAll`).
    static var isInterrupted: Bool { interruption.load(ordering: .acquiring) }

    /// Starts `executable` with `arguments` (its profile under `scratch`, made here), its output discarded. Starting
    /// and `stopAll` exclude each other: a browser is started and registered before an interruption looks, or not
    /// at all once one has (a browser that started as the signal came was left running, with its folder).
    init(executable: String, arguments: [String], scratch: String) throws(SnapshotError) {
        let started = Self.running.withLock { running -> Result<pid_t, SnapshotError> in
            guard !Self.isInterrupted else { return .failure(SnapshotError("interrupted: no browser is started")) }
            let spawned = Self.spawn(executable: executable, arguments: arguments, scratch: scratch)
            if case .success(let child) = spawned { running[child] = scratch }
            return spawned
        }
        pid = try started.get()
        self.scratch = scratch
    }

    /// Makes `scratch` and starts the browser in a process group of its own, with the default signal mask.
    private static func spawn(executable: String, arguments: [String], scratch: String) -> Result<pid_t, SnapshotError>
    {
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        } catch {
            return .failure(
                SnapshotError("cannot make the browser's profile folder '\(scratch)': \(error.localizedDescription)"))
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        // This process blocks SIGINT, SIGTERM, SIGHUP and SIGQUIT for its own handling; the browser gets the default
        // mask.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [Int32(0), 1, 2] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // Its temporary files too go into the scratch folder, which is removed with everything in it.
        let temporary = scratch + "/t"
        try? FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        let environmentList = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environmentList { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environmentList)
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: scratch)
            return .failure(
                SnapshotError("cannot start the browser '\(executable)': \(String(cString: strerror(status)))"))
        }
        return .success(child)
    }

    /// The browser's exit status while it is gone, nil while it runs.
    var exitStatus: Int32? {
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        guard reaped == pid else { return reaped < 0 ? -1 : nil }
        Self.running.withLock { _ = $0.removeValue(forKey: pid) }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Stops the browser's whole process group and removes its profile folder.
    func stop() { Self.stop(group: pid, scratch: scratch) }

    /// Stops every browser still running (for an interruption of `mc-style` itself).
    static func stopAll() {
        // Under the lock a start takes: no browser starts after this, and every one started is in the list.
        let browsers = running.withLock { running in
            interruption.store(true, ordering: .releasing)
            return running
        }
        for (group, scratch) in browsers { stop(group: group, scratch: scratch) }
    }

    /// SIGTERM to the group, SIGKILL to what is left of it after a second; the browser reaped, the folder gone.
    private static func stop(group: pid_t, scratch: String) {
        kill(-group, SIGTERM)
        let deadline = Date().addingTimeInterval(1)
        var status: Int32 = 0
        while waitpid(group, &status, WNOHANG) == 0, Date() < deadline { usleep(20_000) }
        kill(-group, SIGKILL)
        _ = waitpid(group, &status, 0)
        // The group's other processes (renderers, the GPU process) are children of the browser, reaped by init.
        let groupDeadline = Date().addingTimeInterval(2)
        while kill(-group, 0) == 0, Date() < groupDeadline { usleep(20_000) }
        running.withLock { _ = $0.removeValue(forKey: group) }
        removeProfile(scratch)
    }

    /// Removes the profile folder, trying again for up to 3 s: a helper the browser started outside its group (its
    /// zygote) may still write into it for a moment after the browser is gone, and a removal that meets a file
    /// made meanwhile leaves the folder behind.
    private static func removeProfile(_ scratch: String) {
        let deadline = Date().addingTimeInterval(3)
        while true {
            try? FileManager.default.removeItem(atPath: scratch)
            guard FileManager.default.fileExists(atPath: scratch), Date() < deadline else { return }
            usleep(50_000)
        }
    }
}
