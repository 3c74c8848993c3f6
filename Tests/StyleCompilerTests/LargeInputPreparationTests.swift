import Foundation
import Synchronization
import Testing
import TestSupport
@testable import StyleCompiler

/// The hook the executable uses to put a large input's heap on huge pages: told before each input of at
/// least 512 KiB is read, on the reading thread, and never for a smaller one.
@Suite struct LargeInputPreparationTests {
    @Test func onlyInputsFromTheThresholdUpAreAnnounced() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sizes = [LargeInputPreparation.threshold - 1, LargeInputPreparation.threshold, LargeInputPreparation.threshold + 100_000]
        var paths: [String] = []
        for size in sizes {
            let path = folder.appendingPathComponent("style-\(size).json").path
            try Data(repeating: UInt8(ascii: " "), count: size).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        // Other tests read large corpus styles meanwhile: only this test's files are looked at.
        let announced = Mutex<[String: Int]>([:])
        LargeInputPreparation.install { name, size in
            if name.hasPrefix(folder.path) { announced.withLock { $0[name] = size } }
        }
        defer { LargeInputPreparation.install(nil) }
        for path in paths { _ = try InputLoader().load(path: path) }
        #expect(announced.withLock { $0 } == [paths[1]: sizes[1], paths[2]: sizes[2]])
        // Without a hook installed, reading is as before.
        LargeInputPreparation.install(nil)
        #expect(try InputLoader().load(path: paths[2]).bytes.count == sizes[2])
    }
}
