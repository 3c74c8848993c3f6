internal import CYAML
import LocatedJSON

/// One libyaml event, copied out of C memory so that no C type leaves this file.
enum YAMLEvent {
    case streamStart
    case streamEnd
    case documentStart
    case documentEnd
    case alias(anchor: String)
    case scalar(text: String, style: ScalarStyle, tag: String?, anchor: String?)
    case sequenceStart(tag: String?, anchor: String?)
    case sequenceEnd
    case mappingStart(tag: String?, anchor: String?)
    case mappingEnd
}

/// Owns a libyaml parser over one file's bytes and frees it (and its copy of the bytes) in `deinit`.
/// libyaml's 0-based marks become `SourceLocation`s in exactly one place, `location(_:)`.
final class LibYAMLParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeMutableBufferPointer<UInt8>
    let file: SourceFile

    init(file: SourceFile) {
        self.file = file
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(file.bytes.count, 1))
        _ = input.initialize(from: file.bytes)
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, input.baseAddress, file.bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deinitialize(count: 1)
        parser.deallocate()
        input.deallocate()
    }

    /// The next event and where it starts, or the libyaml error as a `YAMLError`.
    func next() throws(YAMLError) -> (YAMLEvent, SourceLocation) {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw currentError() }
        defer { yaml_event_delete(&event) }
        let location = location(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: return (.streamStart, location)
        case YAML_STREAM_END_EVENT: return (.streamEnd, location)
        case YAML_DOCUMENT_START_EVENT: return (.documentStart, location)
        case YAML_DOCUMENT_END_EVENT: return (.documentEnd, location)
        case YAML_ALIAS_EVENT: return (.alias(anchor: Self.string(event.data.alias.anchor) ?? ""), location)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text =
                scalar.value.map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
                } ?? ""
            return (
                .scalar(
                    text: text, style: Self.style(scalar.style), tag: Self.string(scalar.tag),
                    anchor: Self.string(scalar.anchor)), location
            )
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.data.sequence_start
            return (.sequenceStart(tag: Self.string(sequence.tag), anchor: Self.string(sequence.anchor)), location)
        case YAML_SEQUENCE_END_EVENT: return (.sequenceEnd, location)
        case YAML_MAPPING_START_EVENT:
            let mapping = event.data.mapping_start
            return (.mappingStart(tag: Self.string(mapping.tag), anchor: Self.string(mapping.anchor)), location)
        case YAML_MAPPING_END_EVENT: return (.mappingEnd, location)
        default: return (.streamEnd, location)
        }
    }

    /// The one place where a libyaml mark (0-based line and column in characters) becomes a location.
    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, offset: file.offset(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }

    private func currentError() -> YAMLError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "the YAML parser failed"
        let context = state.context.map { String(cString: $0) }
        switch state.error {
        case YAML_READER_ERROR:
            let offset = min(Int(state.problem_offset), file.bytes.count)
            let value = state.problem_value >= 0 ? String(state.problem_value, radix: 16, uppercase: true) : ""
            let detail = value.isEmpty ? problem : "\(problem) (0x\(value))"
            return YAMLError(.encoding, at: SourceLocation(file: file, offset: offset), "invalid UTF-8: \(detail)")
        case YAML_MEMORY_ERROR:
            return YAMLError(.syntax, at: SourceLocation(file: file, offset: 0), "libyaml ran out of memory")
        default:
            var related: [(message: String, location: SourceLocation)] = []
            if let context,
                state.context_mark.line != state.problem_mark.line
                    || state.context_mark.column != state.problem_mark.column
            {
                related.append(("\(context) here", location(state.context_mark)))
            }
            let message = (context.map { "\(problem) (\($0))" } ?? problem) + Self.hint(for: problem)
            return YAMLError(.syntax, at: location(state.problem_mark), message, related: related)
        }
    }

    /// The likely cause of libyaml's commonest complaints, added to its own words.
    static func hint(for problem: String) -> String {
        if problem.contains("mapping values are not allowed") {
            return
                ": the likely cause is the indentation, a missing '- ' before a list item, or an unquoted ': ' inside a value (quote the value)"
        }
        if problem.contains("did not find expected key") || problem.contains("did not find expected '-' indicator") {
            return ": the likely cause is this line's indentation, which does not match the lines before it"
        }
        if problem.contains("could not find expected ':'") {
            return ": the likely cause is a key without ': ' after it, or a value that needs quotes"
        }
        if problem.contains("found character that cannot start any token") {
            return
                ": the likely cause is a tab in the indentation (YAML indents with spaces) or a character such as '@' or '`' that must be quoted"
        }
        return ""
    }

    private static func string(_ pointer: UnsafeMutablePointer<UInt8>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}
