import Dispatch
import Foundation
import StyleCompiler

/// `snapshot --check`: each new picture against the baseline folder's picture of the same name, compared in the
/// browser (`ComparePage`), with a difference picture for each that differs.
public struct SnapshotComparison: Sendable {
    /// How far a channel (0-255) may be from the baseline's before its pixel counts as differing.
    public static let tolerance = 2

    /// What one picture's comparison found.
    public enum Verdict: Sendable, Equatable {
        /// Within the threshold, with the pixels that differ (at most the threshold).
        case same(differing: Int)
        /// More pixels differ than the threshold allows.
        case differs(differing: Int)
        /// The baseline has no picture of this name.
        case new
        /// The baseline has a picture of this name and this run took none (its view or variant is gone).
        case gone
    }

    /// One picture's result.
    public struct Result: Sendable {
        /// The picture's file name, `<view>.<variant>.png`.
        public let name: String
        /// What the comparison found.
        public let verdict: Verdict
        /// The baseline's picture, when it has one.
        public let baseline: [UInt8]?
        /// The difference picture (the new one faded, differing pixels magenta), when there is a baseline.
        public let difference: [UInt8]?

        /// True when the picture is not the baseline's (more differing pixels than allowed, new, or gone).
        public var fails: Bool {
            if case .same = verdict { return false }
            return true
        }
    }

    /// The folder the baseline pictures are in.
    public var baselineFolder: String
    /// How many differing pixels a picture may have and still be the same.
    public var threshold: Int
    /// The running site that serves the comparison page.
    public var site: PreviewSite
    /// Its port on 127.0.0.1.
    public var port: UInt16
    /// The browser that compares.
    public var browser: Browser

    /// A comparison with the pictures in `baselineFolder`, allowing `threshold` differing pixels each.
    public init(baselineFolder: String, threshold: Int, site: PreviewSite, port: UInt16, browser: Browser) {
        self.baselineFolder = baselineFolder
        self.threshold = threshold
        self.site = site
        self.port = port
        self.browser = browser
    }

    /// Compares every picture of `files` (in their order, as many at a time as the machine has cores), then
    /// lists the baseline's pictures that `files` lacks as gone.
    public func run(_ files: [OutputFile]) throws(SnapshotError) -> [Result] {
        let held = try SnapshotFolder.pictures(in: baselineFolder)
        var results = [Swift.Result<Result, SnapshotError>?](repeating: nil, count: files.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each picture writes only its own slot.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                do throws(SnapshotError) {
                    slots[index] = .success(try compare(files[index], held: held))
                } catch {
                    slots[index] = .failure(error)
                }
            }
        }
        let compared = try results.map { result throws(SnapshotError) -> Result in
            switch result {
            case .success(let value): return value
            case .failure(let error): throw error
            case nil: throw SnapshotError("a comparison was not made")
            }
        }
        let taken = Set(files.map(\.path))
        var gone: [Result] = []
        for name in held where !taken.contains(name) {
            gone.append(
                Result(
                    name: name, verdict: .gone, baseline: try SnapshotFolder.picture(name, in: baselineFolder),
                    difference: nil))
        }
        return compared + gone
    }

    private func compare(_ file: OutputFile, held: [String]) throws(SnapshotError) -> Result {
        guard held.contains(file.path) else {
            return Result(name: file.path, verdict: .new, baseline: nil, difference: nil)
        }
        let baseline = try SnapshotFolder.picture(file.path, in: baselineFolder)
        let token = UUID().uuidString
        site.pictures.expect(token, comparing: (baseline, file.bytes))
        defer { site.pictures.forget(token) }
        let address = "http://127.0.0.1:\(port)/compare.html?token=\(token)&tolerance=\(Self.tolerance)"
        let outcome = try browser.open(address, width: 64, height: 64) { site.pictures.take(token) }
        switch outcome {
        case .failed(let message):
            throw SnapshotError("\(file.path): the comparison failed: \(message)")
        case .picture(_, nil):
            throw SnapshotError("\(file.path): the comparison page sent no count of differing pixels")
        case .picture(let difference, let count?):
            return Result(
                name: file.path, verdict: count > threshold ? .differs(differing: count) : .same(differing: count),
                baseline: baseline, difference: difference)
        }
    }
}
