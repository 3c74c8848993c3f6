/// Words of a command line as a POSIX shell reads them back: plain when they hold only safe characters, else in
/// single quotes (a `'` inside written `'\''`).
enum ShellWord {
    /// Characters a word may hold and stay unquoted.
    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@%+,")

    /// `word`, quoted where a shell would otherwise split or expand it.
    static func quoted(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.replacing("'", with: #"'\''"#) + "'"
    }
}
