/// The positions (into `values`) of one longest strictly increasing subsequence, in O(n log n)
/// (patience sorting with back links).
///
/// The update-op diff uses it to keep the largest set of children that are already in the right
/// relative order, so a reorder costs as few `move` ops as possible.
func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    // tails[k]: position of the smallest tail value of an increasing run of length k + 1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[position] = tails[low - 1] }
        if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var result: [Int] = []
    var position = tails.last!
    while position >= 0 {
        result.append(position)
        position = previous[position]
    }
    return result.reversed()
}
