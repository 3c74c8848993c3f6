/// Credential masking for text the tool prints that is not a diagnostic (a diff of outputs): every literal
/// credential on the text is cut to its first four characters, as in diagnostics.
public enum CredentialMasking {
    /// `text` with every credential it holds cut to its first four characters: the vocabulary's query values, tokens,
    /// AWS key ids, and each of `secrets`.
    public static func masked(_ text: String, also secrets: [String] = []) -> String {
        CredentialScan.mayHoldCredential(text) || !secrets.isEmpty || text.utf8.contains(UInt8(ascii: ":"))
            || text.utf8.contains(UInt8(ascii: "\\"))
            ? CredentialScan.masked(text, also: secrets) : text
    }
}
