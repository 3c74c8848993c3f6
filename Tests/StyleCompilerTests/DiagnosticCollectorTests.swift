import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleCompiler

/// The one path from a rule's finding to a printer: configuration, then masking, then the baseline, then the
/// limit; and no other place in Sources applies a configuration or masks a finding.
@Suite struct DiagnosticCollectorTests {
    static let secret = "sk-live-7f3a9c2e1b"

    static func duplicate(_ key: String, _ file: String = "a.json") -> Diagnostic {
        Diagnostic(
            .jsonDuplicateKey, "duplicate key \"\(key)\": a later value replaces the earlier one", at: nil,
            path: JSONPath([.key(key)]), fileName: file)
    }

    @Test func configurationComesFirstSoARuleTurnedOffNeverCountsAsAnError() {
        let raised = DiagnosticCollector(
            configuration: LintConfiguration(rules: ["json.duplicate-key": .init(setting: .error)]))
        #expect(FindingSink(raised).push([Self.duplicate("a")]).map(\.severity) == [.error])
        let off = DiagnosticCollector(
            configuration: LintConfiguration(rules: ["json.duplicate-key": .init(setting: .off)]))
        #expect(FindingSink(off).push([Self.duplicate("a"), Self.duplicate("b")]).isEmpty)
        // A rule no team may change passes as it is.
        let syntax = Diagnostic(.jsonSyntax, "unexpected ']'", at: nil, fileName: "a.json")
        let everythingOff = DiagnosticCollector(
            configuration: LintConfiguration(rules: ["json.syntax": .init(setting: .off)]))
        #expect(FindingSink(everythingOff).push([syntax]) == [syntax])
    }

    @Test func theRunsSecretsAreMaskedInFindingsAndInEveryOtherPrintedText() {
        let collector = DiagnosticCollector().masking([Self.secret, ""])
        let collected = FindingSink(collector).push([Self.duplicate(Self.secret)])
        #expect(collected.count == 1)
        #expect(!collected[0].message.contains(Self.secret) && collected[0].message.contains("sk-l…"))
        #expect(collected[0].secrets == [Self.secret])
        // A diff line or an error line goes through the same collector.
        #expect(collector.masked("+ \"url\": \"https://x/?k=\(Self.secret)\"") == "+ \"url\": \"https://x/?k=sk-l…\"")
        #expect(DiagnosticCollector().masked("plain text, nothing to hide") == "plain text, nothing to hide")
        let long = String(repeating: "x", count: 5_000)
        #expect(DiagnosticCollector().quoted(long).count < long.count)
    }

    @Test func theLimitListsAtMostNPerRuleAndCountsTheRest() {
        let findings =
            (0..<5).map { Self.duplicate("k\($0)") } + [Diagnostic(.jsonSyntax, "bad", at: nil, fileName: "b")]
        let listing = FindingLimit(perRule: 2).listing(findings)
        #expect(listing.listed.count == 3)
        #expect(listing.omittedLines == "... and 3 more [json.duplicate-key]\n")
        #expect(FindingLimit.none.listing(findings).listed.count == 6)
        #expect(FindingLimit.grouped(1_234_567) == "1,234,567")
    }

    /// Configuration is applied to findings, and findings masked with a run's secrets, by the sink alone; other
    /// printed text is masked by the collector alone.
    @Test func noOtherPlaceAppliesAConfigurationOrMasksAFinding() throws {
        let sources = SharedData.repositoryFile("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        #expect(files.count > 100)
        let places = [
            "configuration.apply(": ["Diagnostics/FindingSink.swift"],
            "$0.masking(": ["Diagnostics/FindingSink.swift"],
            "CredentialScan.masked(": ["Diagnostics/DiagnosticCollector.swift", "Diagnostics/Diagnostic.swift"],
        ]
        var found: [String: [String]] = [:]
        for name in files where name.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            for phrase in places.keys where text.contains(phrase) {
                found[phrase, default: []].append(String(name.drop { $0 != "/" }.dropFirst()))
            }
        }
        for (phrase, allowed) in places {
            #expect(found[phrase, default: []].sorted() == allowed.sorted(), "\(phrase)")
        }
    }
}
