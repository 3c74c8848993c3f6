#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcessTuning
import MCStyleCLI

// Before any thread starts: a compile is short-lived and its few threads share one malloc arena (see the header).
mc_style_tune_process()
exit(MCStyleTool.main(arguments: Array(CommandLine.arguments.dropFirst()), io: ProcessIO()))
