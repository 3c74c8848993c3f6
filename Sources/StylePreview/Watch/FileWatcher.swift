import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calls back when any of a set of files changes: through inotify on Linux (on the files' folders, so that an
/// editor's save by rename is seen), elsewhere by looking at their sizes and modification times every
/// `pollInterval`. A watched folder (a sprite or glyphs folder) changes when anything directly in it does. Changes that come together (an editor's write, rename and chmod) give one call, `settleTime`
/// after the last.
public final class FileWatcher: Sendable {
    private let onChange: @Sendable () -> [String]
    private let watched = Mutex<Set<String>>([])
    private let stopped = Atomic<Bool>(false)

    /// The interval between looks where there is no inotify, in milliseconds.
    public static let pollInterval = 250
    /// The quiet time that ends a burst of changes, in milliseconds.
    public static let settleTime = 100

    /// A watcher that calls `onChange` after a change; it returns the files to watch from then on.
    public init(onChange: @escaping @Sendable () -> [String]) { self.onChange = onChange }

    /// Watches these files from now on (absolute, normalised paths), instead of those before.
    public func watch(_ paths: [String]) { watched.withLock { $0 = Set(paths) } }

    /// Starts watching on a thread of its own; returns once the files are watched, so that no change after it is
    /// missed.
    public func start() {
        let ready = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in run(ready) }
        ready.wait()
    }

    /// Stops watching (within a poll interval).
    public func stop() { stopped.store(true, ordering: .relaxed) }

    private func changed() { watch(onChange()) }

    private func run(_ ready: DispatchSemaphore) {
        #if os(Linux)
            if runInotify(ready) { return }
        #endif
        runPolling(ready)
    }

    private func runPolling(_ ready: DispatchSemaphore) {
        var last = snapshot()
        ready.signal()
        while !stopped.load(ordering: .relaxed) {
            usleep(useconds_t(Self.pollInterval * 1000))
            let now = snapshot()
            if now != last {
                usleep(useconds_t(Self.settleTime * 1000))
                changed()
                last = snapshot()
            }
        }
    }

    /// Each watched file's size and modification time, or nothing for a missing one; a folder's entries count as
    /// watched files.
    private func snapshot() -> [String: String] {
        var result: [String: String] = [:]
        let files = watched.withLock { $0 }
        let entries = files.flatMap { path in
            ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).map { path + "/" + $0 }
        }
        for path in files.union(entries) {
            var status = stat()
            if stat(path, &status) == 0 {
                #if os(Linux)
                    result[path] = "\(status.st_size) \(status.st_mtim.tv_sec) \(status.st_mtim.tv_nsec)"
                #else
                    result[path] = "\(status.st_size) \(status.st_mtimespec.tv_sec) \(status.st_mtimespec.tv_nsec)"
                #endif
            }
        }
        return result
    }

    private static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    #if os(Linux)
        /// Watches the folders of the watched files; false when inotify is not available.
        private func runInotify(_ ready: DispatchSemaphore) -> Bool {
            let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard descriptor >= 0 else { return false }
            var isReady = false
            defer { close(descriptor) }
            var folders: [Int32: String] = [:]
            var watchedFolders: Set<String> = []
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var pending = false
            while !stopped.load(ordering: .relaxed) {
                let files = watched.withLock { $0 }
                let watchedAsFolders = files.filter(Self.isFolder)
                for folder in Set(files.map { ($0 as NSString).deletingLastPathComponent }).union(watchedAsFolders)
                where !watchedFolders.contains(folder) {
                    let watch = inotify_add_watch(descriptor, folder, mask)
                    if watch >= 0 {
                        folders[watch] = folder
                        watchedFolders.insert(folder)
                    }
                }
                if !isReady {
                    isReady = true
                    ready.signal()
                }
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(pending ? Self.settleTime : Self.pollInterval))
                if ready == 0, pending {
                    pending = false
                    changed()
                    continue
                }
                guard ready > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { continue }
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let (watch, length) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                        let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        return (event.wd, Int(event.len))
                    }
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = buffer[nameStart..<min(count, nameStart + length)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if let folder = folders[watch],
                        files.contains(folder + "/" + name) || watchedAsFolders.contains(folder)
                    {
                        pending = true
                    }
                    offset = nameStart + length
                }
            }
            return true
        }
    #endif
}
