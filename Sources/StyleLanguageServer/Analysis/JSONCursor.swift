/// What is under the cursor in a JSON text that may be half typed: the keys and indices of the containers
/// holding it, and whether it is on a key or a value. Read by scanning up to the cursor, without a parser.
struct JSONCursor {
    /// One step into a container.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// Where the cursor stands.
    enum Place: Equatable {
        /// On a member's key (or where one would be typed); the token spans `range`.
        case key(range: Range<Int>)
        /// On the value of `key` (nil in an array); the token spans `range`.
        case value(key: String?, range: Range<Int>)
    }

    let path: [Step]
    let place: Place

    private enum Frame {
        case object(key: String?, expectingKey: Bool)
        case array(index: Int)
    }

    init(_ bytes: [UInt8], offset: Int) {
        var frames: [Frame] = []
        var steps: [Step] = []
        var index = 0
        var openString: Int?
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let start = index
                index += 1
                while index < end, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == 0x5C ? 2 : 1 }
                if index >= end {
                    openString = start
                    break
                }
                let text = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
                if case .object(_, true)? = frames.last {
                    frames[frames.count - 1] = .object(key: text, expectingKey: false)
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                switch frames.last {
                case .object(let key, _)?: steps.append(.key(key ?? ""))
                case .array(let position)?: steps.append(.index(position))
                case nil: break
                }
                frames.append(byte == UInt8(ascii: "{") ? .object(key: nil, expectingKey: true) : .array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if frames.popLast() != nil, !steps.isEmpty, steps.count >= frames.count { _ = steps.popLast() }
            case UInt8(ascii: ","):
                switch frames.last {
                case .object?: frames[frames.count - 1] = .object(key: nil, expectingKey: true)
                case .array(let position)?: frames[frames.count - 1] = .array(index: position + 1)
                case nil: break
                }
            default: break
            }
            index += 1
        }
        var tokenStart = offset
        var tokenEnd = offset
        if let start = openString {
            tokenStart = start
            tokenEnd = offset
            while tokenEnd < bytes.count, bytes[tokenEnd] != UInt8(ascii: "\""), bytes[tokenEnd] != 0x0A {
                tokenEnd += bytes[tokenEnd] == 0x5C ? 2 : 1
            }
            if tokenEnd < bytes.count, bytes[tokenEnd] == UInt8(ascii: "\"") { tokenEnd += 1 }
            tokenEnd = min(tokenEnd, bytes.count)
        }
        path = steps
        switch frames.last {
        case .object(let key, let expectingKey)?:
            place = expectingKey ? .key(range: tokenStart..<tokenEnd) : .value(key: key, range: tokenStart..<tokenEnd)
        default:
            place = .value(key: nil, range: tokenStart..<tokenEnd)
        }
    }
}
