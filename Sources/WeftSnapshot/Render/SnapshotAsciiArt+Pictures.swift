/// What a reader of a snapshot wants to see as ASCII art (`weft ascii`, the `.txt` files that
/// WeftTesting keeps next to its baselines).
extension SnapshotAsciiArt {
    /// A node that lays out with a spec shows its spec's boxes (its own `asciiArtString` is only
    /// its name); a spec, or a node without one, shows its own art.
    public static func picture(of element: Snapshot.Element) -> String {
        layoutArt(of: element) ?? art(of: element)
    }

    /// Every root's picture, separated by a blank line, ending in a newline.
    public static func picture(of snapshot: Snapshot) -> String {
        snapshot.roots.map { picture(of: $0) + "\n" }.joined(separator: "\n")
    }
}
