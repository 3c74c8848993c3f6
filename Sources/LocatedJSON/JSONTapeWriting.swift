/// Writing a tape: the same bytes as writing the tree the tree parser builds from the same text, without the
/// tree. Strings written without escapes are copied from the input as they stand: the writer would escape
/// nothing in them (the parser refuses raw control characters, and a quote or backslash makes an escape).
extension JSONWriter {
    /// The UTF-8 bytes of the tape's document, with a final newline. `memberOrder` gives, by object entry, the
    /// members in the order to write them (as `SpecKeyOrder` sorts them); other objects are written as
    /// `JSONTape.members(ofObjectAt:)` reads them. `capacityHint` is as for a tree's `bytes(_:capacityHint:)`.
    public func bytes(_ tape: JSONTape, memberOrder: [Int: [JSONTape.Member]] = [:], capacityHint: Int = 0) -> [UInt8] {
        var output = Output(capacity: max(capacityHint, 0), sink: nil)
        TapeWalk(tape: tape, memberOrder: memberOrder, style: style).write(0, indent: 0, into: &output)
        return output.finish()
    }

    /// Writes the tape's document in pieces of about `chunkSize` bytes, handing each to `sink` as soon as it is
    /// ready: the same bytes as `bytes(_:memberOrder:)` without holding them all.
    public func write(_ tape: JSONTape, memberOrder: [Int: [JSONTape.Member]] = [:], chunkSize: Int = 1 << 16,
                      to sink: ([UInt8]) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var output = Output(capacity: chunkSize + 4096, sink: sink, chunkSize: chunkSize)
            TapeWalk(tape: tape, memberOrder: memberOrder, style: style).write(0, indent: 0, into: &output)
            sink(output.finish())
        }
    }

    /// One writing of a tape.
    private struct TapeWalk {
        let tape: JSONTape
        let memberOrder: [Int: [JSONTape.Member]]
        let style: Style

        func write(_ index: Int, indent: Int, into output: inout Output) {
            let entry = tape.entries[index]
            switch entry.kind {
            case .null: output.append("null" as StaticString)
            case .false: output.append("false" as StaticString)
            case .true: output.append("true" as StaticString)
            case .number: tape.withContent(at: index) { output.append($0) }
            case .string: writeString(index, into: &output)
            case .array: writeArray(index, indent: indent, into: &output)
            case .object: writeObject(index, indent: indent, into: &output)
            }
        }

        private func writeString(_ index: Int, into output: inout Output) {
            if tape.entries[index].flags.contains(.escaped) {
                JSONWriter.writeString(tape.text(at: index), into: &output)
                return
            }
            output.append(UInt8(ascii: "\""))
            tape.withContent(at: index) { output.append($0) }
            output.append(UInt8(ascii: "\""))
        }

        private func writeArray(_ index: Int, indent: Int, into output: inout Output) {
            output.append(UInt8(ascii: "["))
            defer { output.append(UInt8(ascii: "]")) }
            let count = Int(tape.entries[index].length)
            guard count > 0 else { return }
            let pretty = style == .pretty
            let onOneLine = pretty && allScalars(index)
            var part = index + 1
            for position in 0..<count {
                if onOneLine {
                    if position > 0 { output.append(UInt8(ascii: ","), UInt8(ascii: " ")) }
                } else if pretty {
                    if position > 0 { output.append(UInt8(ascii: ",")) }
                    output.append(UInt8(ascii: "\n"))
                    output.appendIndent(indent + 1)
                } else if position > 0 {
                    output.append(UInt8(ascii: ","))
                }
                write(part, indent: indent + 1, into: &output)
                if !onOneLine { output.checkpoint() }
                part = Int(tape.entries[part].end)
            }
            if pretty, !onOneLine {
                output.append(UInt8(ascii: "\n"))
                output.appendIndent(indent)
            }
        }

        /// True when every element of the array at `index` is a scalar. A scalar is one entry, so the elements
        /// are then the entries up to the array's end; an empty container is one entry too, so kinds are checked.
        private func allScalars(_ index: Int) -> Bool {
            let end = Int(tape.entries[index].end)
            guard end - index - 1 == Int(tape.entries[index].length) else { return false }
            return (index + 1..<end).allSatisfy { tape.isScalar(at: $0) }
        }

        private func writeObject(_ index: Int, indent: Int, into output: inout Output) {
            output.append(UInt8(ascii: "{"))
            defer { output.append(UInt8(ascii: "}")) }
            let entry = tape.entries[index]
            guard entry.length > 0 else { return }
            let pretty = style == .pretty
            let writeMember = { (position: Int, key: Int, value: Int, output: inout Output) in
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if pretty {
                    output.append(UInt8(ascii: "\n"))
                    output.appendIndent(indent + 1)
                }
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                write(value, indent: indent + 1, into: &output)
                output.checkpoint()
            }
            if let members = memberOrder[index] ?? (entry.flags.contains(.duplicateKeys) ? tape.members(ofObjectAt: index) : nil) {
                for (position, member) in members.enumerated() { writeMember(position, member.key, member.value, &output) }
            } else {
                var part = index + 1
                for position in 0..<Int(entry.length) {
                    writeMember(position, part, part + 1, &output)
                    part = Int(tape.entries[part + 1].end)
                }
            }
            if pretty {
                output.append(UInt8(ascii: "\n"))
                output.appendIndent(indent)
            }
        }
    }
}
