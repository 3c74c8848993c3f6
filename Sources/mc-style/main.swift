#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcessTuning
import MCStyleCLI

// Before any thread starts: a compile is short-lived, its few threads share a few malloc arenas, and the commands
// that build a whole style's tree get huge pages for it (see the header). `format` does not: its memory is
// measured against its input, and a 2 MiB page would outweigh a small style.
let arguments = Array(CommandLine.arguments.dropFirst())
mc_style_tune_process(["compile", "validate", "diff"].contains(arguments.first ?? ""))
exit(MCStyleTool.main(arguments: arguments, io: ProcessIO()))
