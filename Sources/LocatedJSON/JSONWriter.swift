/// Writes a value tree as JSON, deterministically.
///
/// - Key order is the tree's; numbers are written with their original text; strings are escaped minimally
///   (`"`, `\` and the control characters U+0000-U+001F; `\b \f \n \r \t` by name, others as `\u00XX`;
///   non-ASCII stays UTF-8; `/` is not escaped). Every output ends with one newline.
/// - `.compact`: no white space at all.
/// - `.pretty`: two-space indent, one object member per line, `"key": value`. An array is written on one
///   line (`[1, 2, "a"]`, elements separated by `", "`) when every element is a scalar (null, boolean,
///   number or string); otherwise one element per line. Empty containers are `[]` and `{}`.
///
/// Parsing the output gives back an equal tree, and writing that tree again gives identical bytes.
public struct JSONWriter: Sendable {
    /// How the output is laid out.
    public enum Style: Sendable {
        /// Two-space indentation, one member per line, arrays of scalars on one line, and a final newline.
        case pretty
        /// No white space, and a final newline.
        case compact
    }

    /// The layout written.
    public var style: Style

    /// A writer of this layout.
    public init(style: Style = .pretty) { self.style = style }

    /// The UTF-8 bytes of `node`, with a final newline. `capacityHint` (bytes) sizes the buffer up front, so a
    /// writer that knows about how long the output will be (the input's size) does not grow it by copying.
    /// Without one the buffer grows with the output; output under 16 KiB is then a single allocation of its
    /// own size (bytes are gathered in `Output`'s pending buffer first). The hint was 64 KiB by default, which
    /// every small document (a TileJSON file, a message's snippet) held as spare capacity.
    public func bytes(_ node: JSONNode, capacityHint: Int = 0) -> [UInt8] {
        var output = Output(capacity: max(capacityHint, 0), sink: nil)
        write(node.value, indent: 0, into: &output)
        return output.finish()
    }

    /// The UTF-8 bytes of `node`, with a final newline, as chunks of at most
    /// `Output.pendingCapacity` bytes (longer only for a longer string): for output of unknown length, such as a
    /// style written pretty, which may be several times its input.
    public func chunkedBytes(_ node: JSONNode) -> ChunkedBytes {
        var output = Output(capacity: 0, sink: nil, keepsChunks: true)
        write(node.value, indent: 0, into: &output)
        return output.finishChunks()
    }

    /// Writes `node` in pieces of about `chunkSize` bytes (at least one container element each), handing
    /// each to `sink` as soon as it is ready: the same bytes as `bytes(_:)` without holding them all.
    public func write(_ node: JSONNode, chunkSize: Int = 1 << 16, to sink: ([UInt8]) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            // Pieces are handed on between elements, so one may hold up to a pending buffer's worth past `chunkSize`;
            // reserved, not touched.
            var output = Output(capacity: chunkSize + Output.pendingCapacity, sink: sink, chunkSize: chunkSize)
            write(node.value, indent: 0, into: &output)
            sink(output.finish())
        }
    }

    /// The output as a String.
    public func string(_ node: JSONNode) -> String { String(decoding: bytes(node), as: UTF8.self) }

    private func write(_ value: JSONValue, indent: Int, into output: inout Output) {
        switch value {
        case .null: output.append("null" as StaticString)
        case .bool(let flag): output.append(flag ? "true" as StaticString : "false")
        case .number(let number): output.append(number.text)
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let items): writeArray(items, indent: indent, into: &output)
        case .object(let object): writeObject(object, indent: indent, into: &output)
        }
    }

    private func writeArray(_ items: [JSONNode], indent: Int, into output: inout Output) {
        output.append(UInt8(ascii: "["))
        defer { output.append(UInt8(ascii: "]")) }
        guard !items.isEmpty else { return }
        // Elements are read in place, as members are below.
        items.withUnsafeBufferPointer { items in
            if style == .compact {
                for position in items.indices {
                    if position > 0 { output.append(UInt8(ascii: ",")) }
                    write(items[position].value, indent: indent, into: &output)
                    output.checkpoint()
                }
                return
            }
            if items.allSatisfy({ $0.value.isScalar }) {
                for position in items.indices {
                    if position > 0 { output.append(UInt8(ascii: ","), UInt8(ascii: " ")) }
                    write(items[position].value, indent: indent, into: &output)
                }
                return
            }
            for position in items.indices {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                output.append(UInt8(ascii: "\n"))
                output.appendIndent(indent + 1)
                write(items[position].value, indent: indent + 1, into: &output)
                output.checkpoint()
            }
            output.append(UInt8(ascii: "\n"))
            output.appendIndent(indent)
        }
    }

    private func writeObject(_ object: JSONObject, indent: Int, into output: inout Output) {
        output.append(UInt8(ascii: "{"))
        defer { output.append(UInt8(ascii: "}")) }
        guard !object.isEmpty else { return }
        let pretty = style == .pretty
        // Members are read in place through the array's buffer: copying a member (or an element) out of its array
        // counts a reference to each of its parts.
        object.members.withUnsafeBufferPointer { members in
            for position in members.indices {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if pretty {
                    output.append(UInt8(ascii: "\n"))
                    output.appendIndent(indent + 1)
                }
                Self.writeString(members[position].key, into: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                write(members[position].value.value, indent: indent + 1, into: &output)
                output.checkpoint()
            }
        }
        if pretty {
            output.append(UInt8(ascii: "\n"))
            output.appendIndent(indent)
        }
    }

    /// Writes a quoted, minimally escaped string. The text's bytes are read in place where it keeps them
    /// contiguously (every native string): copying the string to call `withUTF8` on it would count a reference
    /// each time.
    static func writeString(_ text: String, into output: inout Output) {
        output.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, into: &output) }) == nil {
            var text = text
            text.withUTF8 { appendEscaped($0, into: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 bytes, escaping what JSON strings must not hold as it is.
    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into output: inout Output) {
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { output.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            appendEscape(byte, into: &output)
            runStart = index + 1
        }
        if runStart < utf8.count { output.append(UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    private static func appendEscape(_ byte: UInt8, into output: inout Output) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default: output.append("u00" + hex(byte).lowercased())
        }
    }
}
