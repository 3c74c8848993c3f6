import Dispatch
import Foundation
import LocatedJSON
import StyleCompiler
import StyleMath
import Synchronization

/// `mc-style snapshot` short of the output folder: one picture per view and variant (`<view>.<variant>.png`),
/// each taken of the preview's snapshot page in a headless browser, from a site already built and started.
public struct SnapshotJob: Sendable {
    /// The views to take, as the declarations give them.
    public var views: [SnapshotView]
    /// The build's variants, in the manifest's order.
    public var variantNames: [String]
    /// The running site the pages come from.
    public var site: PreviewSite
    /// Its port on 127.0.0.1.
    public var port: UInt16
    /// The browser that takes the pictures.
    public var browser: Browser
    /// Told after each picture: how many are done, of how many, and the picture's file name.
    public var progress: (@Sendable (_ done: Int, _ total: Int, _ fileName: String) -> Void)? = nil

    /// A job taking `views` in `variantNames` of `site` (started, on `port`), with `browser`.
    public init(views: [SnapshotView], variantNames: [String], site: PreviewSite, port: UInt16, browser: Browser) {
        self.views = views
        self.variantNames = variantNames
        self.site = site
        self.port = port
        self.browser = browser
    }

    /// One picture to take.
    public struct Shot: Sendable {
        /// Where the view is in the declarations' `views` list.
        public let index: Int
        /// The view.
        public let view: SnapshotView
        /// The variant to take it in.
        public let variant: String
        /// The picture's file name, `<view>.<variant>.png`.
        public var fileName: String { "\(view.name).\(variant).png" }
    }

    /// Every view in each of its variants (every variant for a view that names none), in declaration order.
    public var shots: [Shot] {
        views.enumerated().flatMap { index, view in
            (view.variants.isEmpty ? variantNames : view.variants).map { Shot(index: index, view: view, variant: $0) }
        }
    }

    /// The snapshot page's address for `shot`: its camera is the view's, its zoom MapLibre's for the view's
    /// unified zoom, as the app's camera converts it.
    public func address(_ shot: Shot, token: String) -> String {
        let view = shot.view
        let zoom = (try? ZoomCalibration.mapLibreZoom(unifiedZoom: view.zoom)) ?? view.zoom - 1
        let numbers = [
            ("lng", view.center.longitude), ("lat", view.center.latitude), ("zoom", zoom), ("bearing", view.bearing),
            ("pitch", view.pitch), ("width", Double(view.size.width)), ("height", Double(view.size.height)),
        ].map { "\($0.0)=\(JSONNumber($0.1).text)" }
        return "http://127.0.0.1:\(port)/snapshot.html?token=\(token)&view=\(shot.index)&variant=\(shot.variant)&"
            + numbers.joined(separator: "&")
    }

    /// Takes every shot, two at a time; the pictures in the order of `shots`.
    public func run() throws(SnapshotError) -> [OutputFile] {
        let shots = self.shots
        var results = [Result<[UInt8], SnapshotError>?](repeating: nil, count: shots.count)
        let done = Mutex(0)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each shot writes only its own slot.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: shots.count) { index in
                let shot = shots[index]
                let token = UUID().uuidString
                site.pictures.expect(token)
                defer { site.pictures.forget(token) }
                do throws(SnapshotError) {
                    let outcome = try browser.open(
                        address(shot, token: token), width: shot.view.size.width, height: shot.view.size.height
                    ) { site.pictures.take(token) }
                    switch outcome {
                    case .picture(let bytes, _): slots[index] = .success(bytes)
                    case .failed(let message):
                        slots[index] = .failure(SnapshotError("the page could not draw the map: \(message)"))
                    }
                } catch {
                    slots[index] = .failure(error)
                }
                let count = done.withLock { count in
                    count += 1
                    return count
                }
                progress?(count, shots.count, shot.fileName)
            }
        }
        var files: [OutputFile] = []
        for (shot, result) in zip(shots, results) {
            switch result {
            case .success(let bytes): files.append(OutputFile(path: shot.fileName, bytes: bytes))
            case .failure(let error): throw SnapshotError("\(shot.fileName): \(error.message)")
            case nil: throw SnapshotError("\(shot.fileName): not taken")
            }
        }
        return files
    }
}
