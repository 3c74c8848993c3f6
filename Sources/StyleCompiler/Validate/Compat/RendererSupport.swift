/// The style specification's own table of which renderer draws what from which version (`sdk-support` in
/// v8.json), generated into `RendererSupport+Generated.swift`.
public enum RendererSupport {
    /// One capability of one specification entry, with what each renderer says of it.
    struct Row: Sendable {
        let group: String
        let name: String
        let capability: String
        let js: String?
        let android: String?
        let ios: String?

        init(_ group: String, _ name: String, _ capability: String, js: String?, android: String?, ios: String?) {
            self.group = group
            self.name = name
            self.capability = capability
            self.js = js
            self.android = android
            self.ios = ios
        }

        /// What the row says of `renderer`'s platform.
        func value(for renderer: Renderer) -> SupportValue {
            let text: String?
            switch renderer {
            case .mapLibreGLJS: text = js
            case .mapLibreNativeAndroid: text = android
            case .mapLibreNativeIOS: text = ios
            }
            return SupportValue(text)
        }
    }

    /// The rows of each entry, by `group` and `name`.
    static let index: [String: [Row]] = Dictionary(grouping: rows) { "\($0.group)\u{1}\($0.name)" }

    /// The rows of one entry (a property of a group, a layer type as `type:<type>` of `layer`, an operator of
    /// `expression_name`).
    static func rows(group: String, name: String) -> [Row] { index["\(group)\u{1}\(name)"] ?? [] }
}

/// A renderer the specification's support table names.
public enum Renderer: String, Sendable, CaseIterable, Comparable {
    /// MapLibre GL JS (the table's `js`).
    case mapLibreGLJS = "maplibre-gl-js"
    /// MapLibre Native on Android (the table's `android`).
    case mapLibreNativeAndroid = "maplibre-native-android"
    /// MapLibre Native on iOS (the table's `ios`).
    case mapLibreNativeIOS = "maplibre-native-ios"

    /// In the table's order: js, android, ios.
    public static func < (lhs: Renderer, rhs: Renderer) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// A renderer's version: dotted whole numbers (`5.3.0`), compared part by part (a missing part is 0).
public struct RendererVersion: Sendable, Comparable, CustomStringConvertible {
    /// The parts, most significant first.
    public let parts: [Int]

    /// The version `text` names (`5.3.0`, `11.8`), or nil when it is not dotted whole numbers.
    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        let numbers = pieces.compactMap { piece in piece.allSatisfy(\.isASCII) ? Int(piece) : nil }
        guard !pieces.isEmpty, pieces.count <= 4, numbers.count == pieces.count, numbers.allSatisfy({ $0 >= 0 })
        else { return nil }
        parts = numbers
    }

    /// `5.3.0`.
    public var description: String { parts.map(String.init).joined(separator: ".") }

    /// Part by part, a missing part counting as 0 (`5.3` equals `5.3.0`).
    public static func < (lhs: RendererVersion, rhs: RendererVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// Equal part by part, a missing part counting as 0.
    public static func == (lhs: RendererVersion, rhs: RendererVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}

/// What the table says of one capability on one renderer.
public enum SupportValue: Sendable, Equatable {
    /// Works from this version on.
    case since(RendererVersion)
    /// Does not work yet; the issue that tracks it.
    case tracked(String)
    /// Works in every version (the table says `supported` without a number).
    case supported
    /// Will not be done.
    case wontfix
    /// The table says nothing for this renderer.
    case unknown

    init(_ text: String?) {
        guard let text else {
            self = .unknown
            return
        }
        if let version = RendererVersion(text) {
            self = .since(version)
        } else if text == "supported" {
            self = .supported
        } else if text == "wontfix" {
            self = .wontfix
        } else {
            self = .tracked(text)
        }
    }

    /// True when `version` of the renderer draws it.
    func isSupported(by version: RendererVersion) -> Bool {
        switch self {
        case .since(let first): return first <= version
        case .supported, .unknown: return true
        case .tracked, .wontfix: return false
        }
    }

    /// `from 5.6.0`, `not yet (https://...)`, `not planned`.
    public var wording: String {
        switch self {
        case .since(let version): return "from \(version)"
        case .tracked(let issue): return "not yet (\(issue))"
        case .supported: return "in every version"
        case .wontfix: return "not planned"
        case .unknown: return "not recorded"
        }
    }
}
