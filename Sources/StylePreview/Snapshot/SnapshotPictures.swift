import Foundation
import Synchronization

/// The pictures snapshot pages hand back, by the token each page was given. A page sends its map's PNG as
/// base64 in numbered parts of a few kilobytes (`/snapshot-part?token=T&index=I&count=N&data=...`), so that the
/// server stays GET-only with short request lines; only tokens the snapshot job handed out are taken. A
/// comparison page gets the two pictures it compares from here too (`/snapshot-image?token=T&which=before|after`),
/// and sends back its difference picture with the number of differing pixels (`differing=N`).
final class SnapshotPictures: Sendable {
    /// The pages' half of the hand-back, in JavaScript: `token` (the page's own, from its address), `part(query)`
    /// (one request to `/snapshot-part`) and `sendCanvas(canvas, extra)`, which sends a canvas's PNG in parts of
    /// a few kilobytes, each request carrying `extra` (`""`, or `"name=value&"`) too.
    static let pageScript = #"""
        const token = new URLSearchParams(location.search).get("token") || "";
        const part = (query) => fetch("/snapshot-part?token=" + encodeURIComponent(token) + "&" + query);
        async function sendCanvas(canvas, extra) {
          const data = canvas.toDataURL("image/png").split(",")[1] || "";
          const size = 6000;
          const count = Math.max(1, Math.ceil(data.length / size));
          for (let index = 0; index < count; index++) {
            await part(extra + "index=" + index + "&count=" + count + "&data="
              + encodeURIComponent(data.slice(index * size, (index + 1) * size)));
          }
        }

        """#

    /// The most parts one picture may have (with parts of at most 8 KiB, a picture of up to 64 MiB of base64).
    static let maximumParts = 8192

    /// What the page of one token has sent.
    enum Outcome: Sendable {
        /// The PNG; from a comparison page, with the number of pixels that differ.
        case picture([UInt8], differing: Int?)
        /// The page could not draw its map, and says why.
        case failed(String)
    }

    private struct Pending {
        var parts: [Int: String] = [:]
        var count: Int?
        var differing: Int?
        var outcome: Outcome?
        /// For a comparison: the baseline picture and the new one.
        var compared: (before: [UInt8], after: [UInt8])?
    }

    private let pending = Mutex<[String: Pending]>([:])

    /// Takes the parts of `token`'s picture from now on; for a comparison page, serves it the two pictures.
    func expect(_ token: String, comparing compared: (before: [UInt8], after: [UInt8])? = nil) {
        pending.withLock { $0[token] = Pending(compared: compared) }
    }

    /// One of the two pictures a comparison page compares.
    func image(_ request: HTTPRequest) -> HTTPResponse {
        guard let token = request.parameter("token"),
            let compared = pending.withLock({ $0[token]?.compared })
        else { return .text(.notFound, "no such comparison") }
        return HTTPResponse(
            contentType: "image/png", body: request.parameter("which") == "before" ? compared.before : compared.after)
    }

    /// What `token`'s page has sent in full, if it has; the token is then done with.
    func take(_ token: String) -> Outcome? {
        pending.withLock { state in
            guard let outcome = state[token]?.outcome else { return nil }
            state[token] = nil
            return outcome
        }
    }

    /// True while `token` is one a page was handed and has not finished with.
    func isExpected(_ token: String) -> Bool { pending.withLock { $0[token] != nil } }

    /// Forgets `token` (its page is gone).
    func forget(_ token: String) { _ = pending.withLock { $0.removeValue(forKey: token) } }

    /// One request of a page: a part of its picture, or its failure.
    func receive(_ request: HTTPRequest) -> HTTPResponse {
        guard let token = request.parameter("token") else { return .text(.badRequest, "no token") }
        return pending.withLock { state -> HTTPResponse in
            guard var entry = state[token], entry.outcome == nil else { return .text(.notFound, "no such picture") }
            if let message = request.parameter("failed") {
                entry.outcome = .failed(String(message.prefix(2000)))
                state[token] = entry
                return .text(.ok, "noted")
            }
            guard let index = request.parameter("index").flatMap(Int.init),
                let count = request.parameter("count").flatMap(Int.init), (1...Self.maximumParts).contains(count),
                (0..<count).contains(index), entry.count == nil || entry.count == count,
                let data = request.parameter("data")
            else {
                return .text(.badRequest, "a part needs index < count <= \(Self.maximumParts) and data")
            }
            entry.count = count
            entry.parts[index] = data
            if let differing = request.parameter("differing").flatMap(Int.init), differing >= 0 {
                entry.differing = differing
            }
            if entry.parts.count == count {
                let text = (0..<count).compactMap { entry.parts[$0] }.joined()
                if let bytes = Data(base64Encoded: text), bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                    entry.outcome = .picture(Array(bytes), differing: entry.differing)
                } else {
                    entry.outcome = .failed("the page sent a picture that is not a PNG")
                }
                entry.parts = [:]
            }
            state[token] = entry
            return .text(.ok, "part \(index) of \(count)")
        }
    }
}
