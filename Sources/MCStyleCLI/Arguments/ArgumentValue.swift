import Foundation
import StyleCompiler
import StyleRuntime

/// A type an option's value decodes to (argument-parser's `ExpressibleByArgument`, written by hand): help
/// text and errors list its choices, so decoding and documentation cannot disagree.
protocol ArgumentValue: Sendable {
    /// The value the text names, or nil when it names none.
    init?(argument: String)
    /// The words it accepts, in help order; empty for free text and numbers.
    static var choices: [String] { get }
    /// What a value is, for errors ("a number").
    static var noun: String { get }
    /// Why `text` names no value, when the type can say more than its noun; nil by default.
    static func rejection(of text: String) -> String?
}

extension ArgumentValue {
    static func rejection(of text: String) -> String? { nil }
}

extension ArgumentValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    init?(argument: String) { self.init(rawValue: argument) }
    static var choices: [String] { allCases.map(\.rawValue) }
    static var noun: String { "one of \(choices.joined(separator: ", "))" }
}

extension String: ArgumentValue {
    init?(argument: String) { self = argument }
    static var choices: [String] { [] }
    static var noun: String { "text" }
}

extension Double: ArgumentValue {
    /// Finite decimal numbers only (`0.5`, `-2`, `1e3`): Swift's parser also takes hexadecimal (`0x1`), which no
    /// user means.
    init?(argument: String) {
        guard argument.utf8.allSatisfy({ "0123456789+-.eE".utf8.contains($0) }),
            argument.utf8.contains(where: { (48...57).contains($0) }),
            let value = Double(argument), value.isFinite
        else { return nil }
        self = value
    }
    static var choices: [String] { [] }
    static var noun: String { "a number" }
}

extension Int: ArgumentValue {
    init?(argument: String) {
        guard let value = Int(argument) else { return nil }
        self = value
    }
    static var choices: [String] { [] }
    static var noun: String { "a whole number" }
}

extension Target: ArgumentValue {}
extension Platform: ArgumentValue {}

/// `NAME=VALUE`: the name is everything before the first `=` (not empty), the value everything after it.
struct NamedValue: ArgumentValue, Equatable {
    let name: String
    let value: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }

    static var choices: [String] { [] }
    static var noun: String { "NAME=VALUE" }
}

/// `NAME@VERSION`: a renderer a style must work on (`maplibre-gl-js@5.3.0`); the name is looked up among the
/// profiles once the run has read them all.
extension RendererRequirement: ArgumentValue {
    init?(argument: String) { self.init(argument) }
    static var choices: [String] { [] }
    static var noun: String {
        "NAME@VERSION, NAME one of \(Renderer.allCases.map(\.rawValue).joined(separator: ", ")) or an own profile's (such as maplibre-gl-js@5.3.0)"
    }
}

/// How a command prints its results.
enum OutputFormat: String, ArgumentValue, CaseIterable {
    case text, json, sarif, github, gitlab, markdown, html
}

extension DevicePreset: ArgumentValue {}

/// `LAT,LON,ZOOM,WIDTHxHEIGHT[@RATIO]` or `LAT,LON,ZOOM,PRESET`: a view for `cost --view`.
extension CostView: ArgumentValue {
    init?(argument: String) {
        guard case .success(let view) = CostView.parse(argument) else { return nil }
        self = view
    }
    static var choices: [String] { [] }
    static var noun: String { "a view, \(CostView.syntax)" }
    static func rejection(of text: String) -> String? {
        guard case .failure(let error) = CostView.parse(text) else { return nil }
        return error.description
    }
}

/// `--max-findings N|all`: a whole number above 0, or `all` for no limit.
extension FindingLimit: ArgumentValue {
    init?(argument: String) {
        if argument == "all" {
            self = .none
            return
        }
        guard argument.utf8.allSatisfy({ (48...57).contains($0) }), let count = Int(argument), count > 0 else {
            return nil
        }
        self.init(perRule: count)
    }
    static var choices: [String] { [] }
    static var noun: String { "a whole number above 0, or all" }
}

/// A path to a file that exists when the command line is parsed (`--config`, `--renderer-profile`): a missing
/// one is misuse, found before anything is read.
struct ExistingFile: ArgumentValue, Equatable {
    /// The path as given.
    let path: String

    init?(argument: String) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), !isFolder.boolValue else {
            return nil
        }
        path = argument
    }
    static var choices: [String] { [] }
    static var noun: String { "a file" }
    static func rejection(of text: String) -> String? {
        FileManager.default.fileExists(atPath: text)
            ? "'\(text)' is a folder, not a file" : "the file '\(text)' does not exist"
    }
}

/// A path to a folder that exists when the command line is parsed (`cost --tiles`, `snapshot --check`).
struct ExistingFolder: ArgumentValue, Equatable {
    /// The path as given.
    let path: String

    init?(argument: String) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue else {
            return nil
        }
        path = argument
    }
    static var choices: [String] { [] }
    static var noun: String { "a folder" }
    static func rejection(of text: String) -> String? {
        FileManager.default.fileExists(atPath: text)
            ? "'\(text)' is a file, not a folder" : "the folder '\(text)' does not exist"
    }
}
