import Foundation
import LocatedJSON
import StyleCompiler
import StylePreview
import StyleSpec

/// What a command's options declaration holds: each option once, with its help entry and usage made from it.
protocol OptionDeclaration: Sendable {
    var spec: CommandSpec.Option { get }
}

/// A command's options: typed values the command reads (`options.out.value(in:)`) and `all`, the same values in
/// help order, which its `CommandSpec` is made from (a test checks that `all` lists every stored option once).
protocol CommandOptions: Sendable {
    var all: [any OptionDeclaration] { get }
}

/// An option that takes a value, declared once in its command's `Options`: its help entry, usage (`spec`) and
/// typed reading come from this one value, so no command looks an option up by a string of its own.
struct Option<Value: ArgumentValue>: OptionDeclaration {
    let name: String
    let valueName: String
    let help: String
    var isRepeatable = false
    /// The values accepted, when fewer than all of `Value.choices` (`--format text|json`).
    var allowed: [String]? = nil
    /// See `CommandSpec.Option`.
    var isRequired = false
    var requires: String? = nil
    var group: String? = nil
    var conflicts: [String] = []
    /// The numbers accepted, for a numeric value.
    var bounds: ValueBounds? = nil

    var spec: CommandSpec.Option {
        let check: @Sendable (String) -> UsageError? = { [self] text in
            do throws(UsageError) {
                _ = try decode(text)
                return nil
            } catch {
                return error
            }
        }
        return CommandSpec.Option(
            name: name, valueName: valueName, help: help, isRepeatable: isRepeatable, isRequired: isRequired,
            choices: allowed ?? Value.choices, requires: requires, group: group, conflicts: conflicts, check: check)
    }

    /// The value given (the last, for a repeatable option), or nil.
    func value(in arguments: ParsedArguments) throws(UsageError) -> Value? {
        guard let text = arguments.values(of: name).last else { return nil }
        return try decode(text)
    }

    /// The value given, or a usage error saying it is missing.
    func required(in arguments: ParsedArguments) throws(UsageError) -> Value {
        guard let value = try value(in: arguments) else { throw UsageError("missing '--\(name) <\(valueName)>'") }
        return value
    }

    /// Every value given, in order.
    func values(in arguments: ParsedArguments) throws(UsageError) -> [Value] {
        var result: [Value] = []
        for text in arguments.values(of: name) { result.append(try decode(text)) }
        return result
    }

    private func decode(_ text: String) throws(UsageError) -> Value {
        let choices = allowed ?? Value.choices
        guard let value = Value(argument: text), choices.isEmpty || choices.contains(text) else {
            if !choices.isEmpty {
                throw UsageError(
                    "'\(text)' is not a valid value for '--\(name)': expected \(choices.joined(separator: ", "))"
                        + Suggestion.didYouMean(text, among: choices))
            }
            if let reason = Value.rejection(of: text) { throw UsageError("--\(name): \(reason)") }
            throw UsageError("'\(text)' is not \(Value.noun) (option '--\(name)')")
        }
        if let bounds, let number = (value as? any NumericArgument)?.numericValue, !bounds.contains(number) {
            throw UsageError("'--\(name)' takes \(bounds), not \(text)")
        }
        return value
    }
}

/// The numbers a numeric option accepts: a range, a lower limit (included or not), or both.
struct ValueBounds: Sendable, CustomStringConvertible {
    let lower: Double?
    let lowerIsExcluded: Bool
    let upper: Double?

    /// From `range.lowerBound` to `range.upperBound`, both included.
    static func within(_ range: ClosedRange<Double>) -> ValueBounds {
        ValueBounds(lower: range.lowerBound, lowerIsExcluded: false, upper: range.upperBound)
    }
    /// More than `limit`.
    static func above(_ limit: Double) -> ValueBounds { ValueBounds(lower: limit, lowerIsExcluded: true, upper: nil) }
    /// `limit` or more.
    static func atLeast(_ limit: Double) -> ValueBounds {
        ValueBounds(lower: limit, lowerIsExcluded: false, upper: nil)
    }

    func contains(_ number: Double) -> Bool {
        if let lower, lowerIsExcluded ? number <= lower : number < lower { return false }
        if let upper, number > upper { return false }
        return true
    }

    /// `1..65535`, `a number above 0`, `0 or more`.
    var description: String {
        func shown(_ number: Double) -> String { JSONNumber(number).description }
        switch (lower, upper) {
        case (let lower?, let upper?): return "\(shown(lower))..\(shown(upper))"
        case (let lower?, nil): return lowerIsExcluded ? "a number above \(shown(lower))" : "\(shown(lower)) or more"
        case (nil, let upper?): return "\(shown(upper)) or less"
        case (nil, nil): return "any number"
        }
    }
}

/// An option value that is a number, for `ValueBounds`.
protocol NumericArgument {
    var numericValue: Double { get }
}
extension Int: NumericArgument { var numericValue: Double { Double(self) } }
extension Double: NumericArgument { var numericValue: Double { self } }

extension Option {
    /// The option, required (shown without brackets in the usage line; `required(in:)` reads it).
    func required() -> Option {
        var copy = self
        copy.isRequired = true
        return copy
    }
    /// The option, going only with `other` (shown inside its brackets).
    func requiring(_ other: String) -> Option {
        var copy = self
        copy.requires = other
        return copy
    }
    /// The option, one of the alternatives of `group`.
    func grouped(_ group: String) -> Option {
        var copy = self
        copy.group = group
        return copy
    }
    /// The option, never given with `others`.
    func conflicting(_ others: String...) -> Option {
        var copy = self
        copy.conflicts = others
        return copy
    }
    /// The option, taking only numbers within `bounds`.
    func bounded(_ bounds: ValueBounds) -> Option {
        var copy = self
        copy.bounds = bounds
        return copy
    }
}

/// An option that takes no value.
struct Flag: OptionDeclaration {
    let name: String
    let help: String
    /// See `CommandSpec.Option`.
    var requires: String? = nil
    var group: String? = nil
    var conflicts: [String] = []

    var spec: CommandSpec.Option {
        CommandSpec.Option(
            name: name, valueName: nil, help: help, requires: requires, group: group, conflicts: conflicts)
    }

    func isSet(in arguments: ParsedArguments) -> Bool { arguments.isSet(name) }

    /// The flag, going only with `other` (shown inside its brackets).
    func requiring(_ other: String) -> Flag {
        var copy = self
        copy.requires = other
        return copy
    }
    /// The flag, one of the alternatives of `group`.
    func grouped(_ group: String) -> Flag {
        var copy = self
        copy.group = group
        return copy
    }
    /// The flag, refused together with any of `others`.
    func conflicting(_ others: String...) -> Flag {
        var copy = self
        copy.conflicts += others
        return copy
    }
}
