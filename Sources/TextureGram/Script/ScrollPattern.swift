import Foundation

/// The sequence of drags the script repeats, written `target:direction,...`
/// (`feed:down,feed:down,feed:up,stories:right,pages:right,page:down`).
struct ScrollPattern: Hashable, Sendable, CustomStringConvertible {
    let steps: [ScrollStep]

    /// Mostly down the feed with a step back up now and then, the stories strip both ways, and
    /// the explore pager: next page, its table down and up, back.
    static let standard = try! ScrollPattern(
        parsing: """
            feed:down,feed:down,stories:right,feed:down,feed:up,pages:right,page:down,page:down,\
            feed:down,stories:right,stories:left,page:up,pages:right,page:down,feed:down,feed:up,\
            pages:left,feed:down
            """)

    init(parsing text: String) throws {
        var steps: [ScrollStep] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = item.trimmingCharacters(in: .whitespaces).split(separator: ":")
            guard parts.count == 2,
                let target = ScrollStep.Target(rawValue: String(parts[0])),
                let direction = ScrollStep.Direction(rawValue: String(parts[1]))
            else {
                throw CommandLineError(
                    "bad scroll step '\(item)': expected TARGET:DIRECTION with TARGET one of "
                        + ScrollStep.Target.allCases.map(\.rawValue).joined(separator: ", ")
                        + " and DIRECTION one of up, down, left, right")
            }
            guard target.isHorizontal == direction.isHorizontal else {
                throw CommandLineError(
                    "bad scroll step '\(item)': \(target.rawValue) scrolls "
                        + (target.isHorizontal ? "left or right" : "up or down"))
            }
            steps.append(ScrollStep(target: target, direction: direction))
        }
        guard !steps.isEmpty else { throw CommandLineError("the scroll pattern has no steps") }
        self.steps = steps
    }

    var description: String { steps.map(\.description).joined(separator: ",") }
}
