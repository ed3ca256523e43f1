import Foundation
import WeftCLI

exit(WeftCLI.run(Array(CommandLine.arguments.dropFirst())))
