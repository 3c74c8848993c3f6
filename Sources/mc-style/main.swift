import MCStyleCLI
import StyleCompiler

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The process exits right after the command: its trees are left for the exit to reclaim (`ProcessExit`).
ProcessExit.reclaimsAtExit = true
exit(MCStyleTool.main(arguments: Array(CommandLine.arguments.dropFirst()), io: ProcessIO()))
