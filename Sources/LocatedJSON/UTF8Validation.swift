/// Finds the first byte at which `bytes[range]` stops being well-formed UTF-8 (overlong forms, surrogates
/// and scalars above U+10FFFF are ill-formed), or nil when the whole range is valid.
func firstInvalidUTF8Offset(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var index = range.lowerBound
    let end = range.upperBound
    while index < end {
        let lead = bytes[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondHigh = 0x9F
        case 0xF0:
            length = 4
            secondLow = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondHigh = 0x8F
        default: return index
        }
        for step in 1..<length {
            let position = index + step
            guard position < end else { return index }
            let byte = bytes[position]
            let (low, high) = step == 1 ? (secondLow, secondHigh) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= low, byte <= high else { return index }
        }
        index += length
    }
    return nil
}
