import WeftJSON
import WeftSnapshot

/// `weft devices`: the devices the gateway knows (connected, or disconnected within their grace
/// period).
public enum DevicesCommand: Subcommand {
    public static let name = "devices"
    public static let summary = "list the programs connected to the gateway"
    public static let help = """
        usage: weft devices [--json] [--gateway URL] [--token T]

        Lists the devices (inspected programs) the gateway knows: one line each with the device
        id, app id, instance, host, pid and state (connected, or disconnected while the gateway
        keeps its place for a while). `weft snapshot --device` takes the id, the app id, or
        APPID/INSTANCE.

        options:
          --json          print the gateway's {"devices": [...]} document instead of a table
        \(GatewayOptions.help)
          -h, --help      show this help

        Exit status: 0 on success (also when no device is connected), 2 when the gateway cannot
        be reached or refuses the request.

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try ArgumentParser(arguments, options: GatewayOptions.options + [.flag("json")])
        if parsed.wantsHelp {
            io.stdout.write(help)
            return 0
        }
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        let client = try GatewayOptions.client(parsed, io: io)
        let body = try client.getJSON("/api/devices")
        if parsed.flag("json") {
            guard let document = try? JSONReader.parse(body) else {
                throw GatewayError.malformed("a device list that is not JSON")
            }
            io.stdout.write(JSONFormatter.indentedString(document) + "\n")
            return 0
        }
        let devices = try Device.list(from: body)
        if devices.isEmpty {
            io.stderr.write("no devices are connected to the gateway at \(client.address.httpOrigin)\n")
        } else {
            io.stdout.write(Device.table(devices))
        }
        return 0
    }
}
