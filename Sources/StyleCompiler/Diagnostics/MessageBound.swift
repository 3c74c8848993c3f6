/// Keeps every diagnostic message bounded whatever the input: a message may quote an id, a URL or a key
/// name, and input has no length limit short of `Limits.stringLength`. Each unbroken run of characters
/// longer than `Limits.quotedRunLength` is cut to its first half and a count.
enum MessageBound {
    static func bounded(_ message: String) -> String {
        let limit = Limits.quotedRunLength
        guard message.utf8.count > limit else { return message }
        var result = ""
        var run = ""
        var runLength = 0
        func flush() {
            if runLength > limit {
                result += run.prefix(limit / 2) + "…(\(runLength) characters)"
            } else {
                result += run
            }
            run = ""
            runLength = 0
        }
        for character in message {
            if character == " " || character == "\n" {
                flush()
                result.append(character)
            } else {
                runLength += 1
                if runLength <= limit + 1 { run.append(character) }
            }
        }
        flush()
        return result
    }
}
