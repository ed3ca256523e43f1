import WeftCLI
