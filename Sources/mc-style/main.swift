#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MCStyleCLI

exit(MCStyleTool.main(arguments: Array(CommandLine.arguments.dropFirst()), io: ProcessIO()))
