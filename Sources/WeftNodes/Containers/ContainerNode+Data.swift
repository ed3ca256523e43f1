import WeftLayout

/// A container's data: loading every item's cell from the data source, and applying the
/// changes the data source made (insert, delete, reload), with the misuse rules of
/// docs/nodes.md: bad indices or counts throw and change nothing; bad cells become placeholders.
extension ContainerNode {
    /// Drops every cell and asks the data source again (at once when the container has a size,
    /// else at its first layout).
    public func reloadData() {
        hasLoadedData = false
        guard frame.size.width > 0, frame.size.height > 0 else { return }
        loadData()
    }

    func loadData() {
        for cell in cells { release(cell) }
        cells = []
        hasLoadedData = true
        let count = max(0, dataSource?.numberOfItems(in: self) ?? 0)
        cells = (0..<count).map { makeCell(at: $0) }
        rejectDuplicates()
        measureAllItems()
        rangeController.setItemFrames(itemFrames, resetStates: true)
        needsBatchFetchCheck = true
    }

    /// Inserts items the data source has already added, at `indices` of the new numbering.
    /// Throws when the indices or the data source's new count do not match.
    public func insertItems(at indices: [Int]) throws {
        let sorted = try validated(
            indices, limit: cells.count + indices.count, expectedCount: cells.count + indices.count, operation: "insertItems")
        guard hasLoadedData else { return }
        for index in sorted {
            cells.insert(makeCell(at: index), at: index)
        }
        rejectDuplicates()
        let frames = relayoutFrames()
        rangeController.insertItems(at: sorted, frames: frames)
        if !sorted.isEmpty { needsBatchFetchCheck = true }
    }

    /// Deletes items the data source has already removed, at `indices` of the old numbering.
    public func deleteItems(at indices: [Int]) throws {
        let sorted = try validated(
            indices, limit: cells.count, expectedCount: cells.count - indices.count, operation: "deleteItems")
        guard hasLoadedData else { return }
        for index in sorted.reversed() {
            release(cells.remove(at: index))
        }
        let frames = relayoutFrames()
        rangeController.deleteItems(at: sorted, frames: frames)
        if !sorted.isEmpty { needsBatchFetchCheck = true }
    }

    /// Replaces the cells of `indices` with new ones from the data source and measures them.
    public func reloadItems(at indices: [Int]) throws {
        let sorted = try validated(indices, limit: cells.count, expectedCount: cells.count, operation: "reloadItems")
        guard hasLoadedData else { return }
        for index in sorted {
            release(cells[index])
            cells[index] = makeCell(at: index)
            rangeController.resetItemState(at: index)
        }
        rejectDuplicates()
        rangeController.setItemFrames(relayoutFrames())
    }

    private func validated(_ indices: [Int], limit: Int, expectedCount: Int, operation: String) throws -> [Int] {
        guard let dataSource else { throw NodeError.noDataSource(operation: operation) }
        let sorted = Array(Set(indices)).sorted()
        if sorted.count != indices.count {
            throw NodeError.inconsistentUpdate(operation: operation, reason: "an index is listed twice")
        }
        if let bad = sorted.first(where: { $0 < 0 || $0 >= limit }) {
            throw NodeError.indexOutOfRange(index: bad, count: limit, operation: operation)
        }
        let reported = dataSource.numberOfItems(in: self)
        if hasLoadedData, reported != expectedCount {
            throw NodeError.inconsistentUpdate(
                operation: operation,
                reason: "the data source has \(reported) items, expected \(expectedCount) after the update"
            )
        }
        return sorted
    }

    private func makeCell(at index: Int) -> CellNode {
        guard let dataSource else { return placeholderCell() }
        let cell = dataSource.container(self, nodeBlockForItemAt: index)?() ?? dataSource.container(self, nodeForItemAt: index)
        if cell.supernode != nil || (cell.owningContainer != nil && cell.owningContainer !== self) {
            NodeDiagnostics.warn(
                id,
                "the data source returned \(cell.id) for item \(index), but it is already in another tree; an empty cell is shown instead"
            )
            return placeholderCell()
        }
        if cell.owningContainer === self, cells.contains(where: { $0 === cell }) {
            NodeDiagnostics.warn(
                id,
                "the data source returned \(cell.id) for item \(index), but it already shows it; an empty cell is shown instead")
            return placeholderCell()
        }
        adopt(cell)
        return cell
    }

    /// A cell returned for two items keeps the first and the second gets an empty cell.
    private func rejectDuplicates() {
        var seen = Set<ObjectIdentifier>()
        for index in cells.indices {
            if !seen.insert(ObjectIdentifier(cells[index])).inserted {
                NodeDiagnostics.warn(
                    id, "the data source returned \(cells[index].id) for two items; item \(index) shows an empty cell instead")
                containerCountInCells -= cells[index].containerCountInSubtree  // counted once per adoption
                cells[index] = placeholderCell()
            }
        }
    }

    private func placeholderCell() -> CellNode {
        let cell = CellNode()
        cell.debugName = "placeholder"
        adopt(cell)
        return cell
    }

    private func adopt(_ cell: CellNode) {
        cell.owningContainer = self
        cell.isRangeManaged = true
        containerCountInCells += cell.containerCountInSubtree
    }

    private func release(_ cell: CellNode) {
        if cell.supernode === self { detach(cell) }
        cell.recursivelySetInterfaceState([])
        cell.owningContainer = nil
        cell.isRangeManaged = false
        containerCountInCells -= cell.containerCountInSubtree
    }
}
