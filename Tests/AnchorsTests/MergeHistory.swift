import Foundation
import TestSupport

/// SplitMix64: the same seed gives the same history on every machine.
struct SeededRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n`.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}

/// A merge-heavy history built with the git CLI from a seed: feature branches that edit the ADR
/// and their own code, branches of branches, main merged into branches, branches merged into
/// each other (criss-cross), a branch merged into main twice, merges where both sides edited the
/// document (conflicts resolved by keeping both sides) and merges that write a line themselves.
/// Every document line is unique, so blame names the one commit that wrote its text.
final class MergeHistory {
    static let doc = "Docs/adr/0001-merges.md"
    let repo = GitFixture("merges")
    private var random: SeededRandom
    private var live: [String] = []
    private var branchCount = 0
    private var lineCount = 0
    private var clock = 0

    init(seed: UInt64, steps: Int = 28) {
        random = SeededRandom(state: seed)
        repo.write(Self.doc, "# ADR 1\n\n" + (1...4).map { _ in newLine("main") + "\n" }.joined())
        repo.write("Src/Main.cs", "main 0\n")
        commit("Start")
        for _ in 0..<steps { step() }
        // Everything lands on main in the end.
        checkout("main")
        for branch in live { merge(branch, message: "Merge pull request from \(branch)") }
    }

    private func step() {
        let action = random.below(10)
        if live.isEmpty || action == 0 {
            branchOff(from: live.isEmpty || random.below(3) > 0 ? "main" : pick())
            return
        }
        switch action {
        case 1:
            checkout("main")
            edit(on: "main")
            commit("Main edits the ADR")
        case 2, 3, 4:
            let branch = pick()
            checkout(branch)
            edit(on: branch)
            commit("Edit on \(branch)")
        case 5:
            let branch = pick()
            checkout(branch)
            merge("main", message: "Merge main into \(branch)")
        case 6, 7:
            let branch = pick()
            checkout("main")
            merge(branch, message: "Merge pull request from \(branch)", writes: random.below(5) == 0)
            // Half the branches go on and are merged again.
            if random.below(2) == 0 { live.removeAll { $0 == branch } }
        default:
            let (into, from) = (pick(), pick())
            guard into != from else { return }
            checkout(into)
            merge(from, message: "Merge \(from) into \(into)")
        }
    }

    private func pick() -> String { live[random.below(live.count)] }

    private func branchOff(from base: String) {
        branchCount += 1
        let branch = "feature\(branchCount)"
        checkout(base)
        repo.git("checkout", "-q", "-b", branch)
        live.append(branch)
        edit(on: branch)
        commit("Start \(branch)")
    }

    /// A unique line, citing code the way an ADR does.
    private func newLine(_ branch: String) -> String {
        lineCount += 1
        return "Line \(lineCount) written on \(branch): see `Src/Main.cs:\(lineCount)`."
    }

    /// Inserts, rewrites or removes a line or two of the document, and touches the branch's own code.
    private func edit(on branch: String) {
        var lines = repo.readText(Self.doc).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for _ in 0...random.below(2) {
            let at = 2 + random.below(max(lines.count - 1, 1))
            switch random.below(6) {
            case 0, 1, 2: lines.insert(newLine(branch), at: min(at, lines.count))
            case 3, 4: if at < lines.count { lines[at] = newLine(branch) }
            default: if at < lines.count && lines.count > 6 { lines.remove(at: at) }
            }
        }
        repo.write(Self.doc, lines.joined(separator: "\n") + "\n")
        repo.write("Src/\(branch).cs", "\(branch) \(clock)\n")
    }

    private func checkout(_ branch: String) { repo.git("checkout", "-q", branch) }

    /// A merge commit (never a fast-forward); a conflict in the document keeps both sides.
    private func merge(_ branch: String, message: String, writes: Bool = false) {
        _ = runGit(["merge", "-q", "--no-ff", "--no-commit", branch], in: repo.root)
        guard runGit(["rev-parse", "-q", "--verify", "MERGE_HEAD"], in: repo.root).status == 0 else { return }
        let markers = ["<<<<<<<", "=======", ">>>>>>>", "|||||||"]
        let text = repo.readText(Self.doc)
        if text.contains("<<<<<<<") {
            let kept = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in !markers.contains { line.hasPrefix($0) } }
            repo.write(Self.doc, kept.joined(separator: "\n"))
        }
        if writes { repo.write(Self.doc, repo.readText(Self.doc) + newLine("the merge") + "\n") }
        commit(message)
    }

    private func commit(_ message: String) {
        clock += 1
        let date = Date(timeIntervalSince1970: 1_767_225_600 + Double(clock) * 3_600)
        repo.commit(message, date: ISO8601DateFormatter().string(from: date))
    }

    /// `git blame --porcelain` of the document at HEAD: for each line, the commit that wrote it.
    func gitBlame() -> [String] {
        var owners: [String] = []
        var current = ""
        for line in repo.git("blame", "--porcelain", "--", Self.doc).split(separator: "\n") {
            if line.hasPrefix("\t") {
                owners.append(current)
            } else if let first = line.split(separator: " ").first, first.count == 40,
                first.allSatisfy(\.isHexDigit)
            {
                current = String(first)
            }
        }
        return owners
    }

    /// The subject of a commit, to read a disagreement.
    func subject(_ id: String) -> String {
        repo.git("log", "-1", "--format=%s", id).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
