import LocatedJSON

/// An option with a default, written once: the help entry says it (`(default 60)`, added to the help text) and
/// `value(in:)` gives it when the option is not given, so no command writes the default again.
struct DefaultedOption<Value: ArgumentValue>: OptionDeclaration {
    /// The option as declared, without its default.
    let option: Option<Value>
    /// What `value(in:)` gives when the option is not on the command line.
    let defaultValue: Value

    /// The default as the help shows it: a number in JSON's spelling (`60`, not `60.0`).
    var shownDefault: String {
        if let number = (defaultValue as? any NumericArgument)?.numericValue { return JSONNumber(number).description }
        return "\(defaultValue)"
    }

    var spec: CommandSpec.Option {
        var spec = option.spec
        let help = option.help.hasSuffix(".") ? String(option.help.dropLast()) : option.help
        spec.help = "\(help) (default \(shownDefault))."
        return spec
    }

    /// The value given (the last, for a repeatable option), or the default.
    func value(in arguments: ParsedArguments) throws(UsageError) -> Value {
        try option.value(in: arguments) ?? defaultValue
    }
}

extension Option {
    /// The option, with `value` when it is not given (shown in its help entry).
    func defaulting(to value: Value) -> DefaultedOption<Value> { DefaultedOption(option: self, defaultValue: value) }
}
