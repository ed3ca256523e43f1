import WeftJSON
import WeftLayout
import WeftSnapshot

extension LayoutNameTable {
    /// The value named by `json` (an edit's value), or an edit error listing the accepted names.
    func value(of json: JSONValue) throws(EditValueError) -> Value {
        guard let name = json.string, let value = value(named: name) else {
            throw .expected("one of " + names.map { "\"\($0)\"" }.joined(separator: ", "), got: json)
        }
        return value
    }
}
