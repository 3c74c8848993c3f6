#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcessTuning
import MCStyleCLI

// Before any thread starts: a compile is short-lived and its few threads share a few malloc arenas (see the
// header). The commands that build a whole style's tree put the heap of the thread that parses a large input on
// huge pages, just before it is read. `format` does not: it reads a tape, and its memory is measured against
// its input.
let arguments = Array(CommandLine.arguments.dropFirst())
mc_style_tune_process()
if ["compile", "validate", "diff"].contains(arguments.first ?? "") {
    MCStyleTool.prepareForLargeInputs { size in mc_style_prepare_large_heap(size) }
}
exit(MCStyleTool.main(arguments: arguments, io: ProcessIO()))
