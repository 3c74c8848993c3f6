/// A string from the declarations whose `${NAME}` references were filled from the environment.
///
/// `value` is what the composed style gets; `display` keeps the `${NAME}` references and is what every
/// diagnostic, log line and manifest shows. The two differ exactly when the string holds a secret.
public struct DeclaredString: Sendable, Equatable, CustomStringConvertible {
    /// The text with environment values filled in.
    public let value: String
    /// The text as written, with `${NAME}` where environment values went.
    public let display: String

    /// A string with no environment values (value and display are the same).
    public init(_ text: String) {
        self.value = text
        self.display = text
    }

    /// A string whose `value` goes into the style and whose `display` (with `${NAME}` for every environment value) goes
    /// into every message and log.
    public init(value: String, display: String) {
        self.value = value
        self.display = display
    }

    /// True when part of the value came from the environment.
    public var isSecret: Bool { value != display }

    /// The display form: safe to print.
    public var description: String { display }
}

/// `${NAME}` references in a string.
enum EnvironmentReference {
    /// Fills every `${NAME}` from `environment`; returns the first missing name, unless `standIns`, which fills
    /// a missing one with `standIn(for:)` (for checking declarations where the secrets are absent).
    static func expand(_ text: String, environment: [String: String], standIns: Bool = false) -> Result<
        DeclaredString, MissingVariable
    > {
        var value = ""
        for piece in pieces(text) {
            switch piece {
            case .text(let literal): value += literal
            case .reference(let name):
                guard let filled = environment[name] ?? (standIns ? standIn(for: name) : nil) else {
                    return .failure(MissingVariable(name: name))
                }
                value += filled
            }
        }
        return .success(DeclaredString(value: value, display: text))
    }

    /// What stands in for a missing variable: letters, digits and `-` only, so it passes as a query value, a
    /// path segment or a host label (`${TILES_TOKEN}` -> `tiles-token-absent`).
    static func standIn(for name: String) -> String {
        String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }) + "-absent"
    }

    /// The names of the `${NAME}` references in `text`.
    static func names(in text: String) -> [String] {
        pieces(text).compactMap { piece in
            if case .reference(let name) = piece { return name } else { return nil }
        }
    }

    /// True when `text` holds `${` somewhere.
    private static func mayHoldReference(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "$"), byte == UInt8(ascii: "{") { return true }
            previous = byte
        }
        return false
    }

    struct MissingVariable: Error {
        let name: String
    }

    private enum Piece {
        case text(String)
        case reference(String)
    }

    private static func pieces(_ text: String) -> [Piece] {
        // Nearly every string has no reference: a byte scan says so before any Character work.
        guard mayHoldReference(text) else { return [.text(text)] }
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let start = rest.firstRange(of: "${") {
            let afterOpen = rest[start.upperBound...]
            guard let close = afterOpen.firstIndex(of: "}") else { break }
            let name = afterOpen[..<close]
            let isName =
                !name.isEmpty
                && name.unicodeScalars.allSatisfy {
                    ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_"
                }
            guard isName else {
                pieces.append(.text(String(rest[..<afterOpen.startIndex])))
                rest = afterOpen
                continue
            }
            pieces.append(.text(String(rest[..<start.lowerBound])))
            pieces.append(.reference(String(name)))
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        pieces.append(.text(String(rest)))
        return pieces
    }
}
