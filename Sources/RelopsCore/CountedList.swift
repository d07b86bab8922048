/// A list for a message: every item when there are at most `shown` distinct ones, else the count,
/// the first `shown` distinct items and how many more (`7000: a, b, ... and 6990 more`), so a
/// hostile input never makes a message as long as the input.
public func countedList(_ items: [String], shown: Int = 10) -> String {
    var seen = Set<String>()
    var distinct: [String] = []
    for item in items where seen.insert(item).inserted {
        distinct.append(item)
    }
    guard distinct.count > shown || items.count > distinct.count else { return distinct.joined(separator: ", ") }
    let head = distinct.prefix(shown).joined(separator: ", ")
    let distinctNote = distinct.count == items.count ? "" : ", \(distinct.count) distinct"
    let more = distinct.count > shown ? " and \(distinct.count - shown) more" : ""
    return "\(items.count)\(distinctNote): \(head)\(more)"
}
