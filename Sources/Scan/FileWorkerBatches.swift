import Foundation

extension FileWorker {
    /// Scans files `range`, in order: from the working tree `FileRing.files` at a time through
    /// the ring, where there is one.
    mutating func scan(_ range: Range<Int>) {
        guard ring != nil, case .workingTree(let root) = source else {
            for i in range { scanFile(i) }
            return
        }
        var start = range.lowerBound
        while start < range.upperBound {
            let batch = start..<min(start + FileRing.files, range.upperBound)
            readBatch(batch, root: root)
            for i in batch { scanFile(i) }
            start = batch.upperBound
        }
    }

    /// Reads the plain files of `batch` whose folders are real folders (`refusal` says nil) and
    /// whose size git's index records as at most `FileRing.largestFile`, through the ring; the
    /// others, and any the ring did not read whole, `loadFromWorkingTree` reads the plain way.
    mutating func readBatch(_ batch: Range<Int>, root: String) {
        guard let ring else { return }
        batchStart = batch.lowerBound
        batchSlots.removeAll(keepingCapacity: true)
        // The folders' handles the queued opens go through stay open until the batch has run.
        folders.holdFolders()
        defer { folders.releaseFolders() }
        let folders = self.folders
        let rootFD = self.rootFD
        var queued = 0
        for i in batch {
            let slot = i - batch.lowerBound
            let kind = files.kinds[i]
            let size = Int(files.sizes[i])
            guard kind == .file || kind == .executable, size <= FileRing.largestFile,
                refusalOfFolders(i, root) == nil
            else {
                batchSlots.append(-1)
                continue
            }
            let length = files.pathLength(at: i)
            let done = files.withCPath(at: i) { path in
                let place = folders.openArguments(path, length: length, rootFD: rootFD, flags: Self.openFlags)
                return ring.queue(
                    slot: slot, dirfd: place.folder, path: path + place.offset, flags: place.flags, size: size)
            }
            batchSlots.append(done ? slot : -1)
            if done { queued += 1 }
        }
        guard queued > 0 else { return }
        // A batch that ran and read nothing whole (a cold cache, a file system that cannot read
        // without waiting) would read every file twice: the rest go the plain way.
        if !ring.run() || queued >= 8 && !batchSlots.contains(where: { $0 >= 0 && ring.holdsFile($0) }) {
            self.ring = nil
        }
    }

    /// Puts file `i` in the buffer when its batch read it whole.
    mutating func takeFromBatch(_ i: Int) -> Bool {
        guard let ring, i >= batchStart, i - batchStart < batchSlots.count else { return false }
        let slot = batchSlots[i - batchStart]
        guard slot >= 0, ring.holdsFile(slot) else { return false }
        ring.take(slot, into: &buffer)
        output.readsInBatches += 1
        return true
    }
}
