import RelopsCore

extension ScanResult {
    /// The `--format json` document as text, written as it goes: the same bytes as
    /// `json.rendered()`, without building the tree (thousands of occurrences cost more to build
    /// and free as a tree than to scan).
    public var jsonText: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// `jsonText` as UTF-8 bytes, not copied into a `String`.
    public var jsonBytes: [UInt8] { Array(jsonChunks.joined()) }

    /// `jsonBytes` in pieces that, written one after the other, are the document: what `scan
    /// --format json` writes. The occurrences are written in slices on the cores, and each slice
    /// is a piece of its own rather than copied into one buffer.
    public var jsonChunks: [[UInt8]] {
        var w = JSONWriter(capacity: 1 << 16)
        w.object { w in
            w.key("hosts")
            w.array(hosts) { $0.string($1) }
            w.key("occurrences")
            w.array(splicing: writeOccurrences(beside: w))
            w.key("related")
            w.array(related) { w, r in
                w.object { w in
                    w.field("host", r.host)
                    w.field("found", r.found)
                    w.field("path", r.path)
                    w.field("line", r.line)
                    w.field("column", r.column)
                }
            }
            w.key("not_host")
            w.array(notHost) { w, t in
                w.object { w in
                    w.field("host", t.host)
                    w.field("found", t.found)
                    w.field("path", t.path)
                    w.field("line", t.line)
                    w.field("column", t.column)
                    w.field("reason", t.reason.rawValue)
                }
            }
            w.key("binary_files")
            w.array(binaryFiles) { w, b in
                w.object { w in
                    w.field("host", b.host)
                    w.field("path", b.path)
                }
            }
            writeProblemsAndRedirects(&w)
            w.key("counts")
            w.object { w in for (cls, n) in counts { w.field(cls.rawValue, n) } }
            w.key("products")
            w.array(products) { w, p in
                w.object { w in
                    w.field("name", p.product.name)
                    w.field("kind", p.product.kind.rawValue)
                    w.field("description", p.product.description)
                    w.field("file", p.product.file)
                    w.field("occurrences", p.count)
                }
            }
            w.field("files_scanned", filesScanned)
        }
        return w.chunks
    }

    /// The occurrences as fragments of `writer`'s next array, written in slices of 256 on the
    /// cores (thousands of occurrences are most of the document).
    private func writeOccurrences(beside writer: JSONWriter) -> [JSONWriter] {
        let occurrences = self.occurrences
        // About eight slices a thread, so the threads finish together (with slices of 256, 580
        // occurrences made three, two of them on one thread, while the other core waited), and at
        // least 32 occurrences a slice, so its own keys and fragment stay cheap beside its work.
        let pool = WorkerPool()
        let size = max(32, (occurrences.count + 8 * pool.threads - 1) / (8 * pool.threads))
        let slices = stride(from: 0, to: occurrences.count, by: size).map { $0..<min($0 + size, occurrences.count) }
        return pool.map(slices) { slice in
            // Keys of this slice's own: every field retains its key, and a key shared by the
            // threads would have its reference count bounce between the cores.
            var keys = Keys()
            var fragment = writer.fragment(capacity: 512 * slice.count)
            occurrences.withUnsafeBufferPointer { all in
                for i in slice { fragment.item { w in w.object { keys.write(all, i, into: &$0) } } }
            }
            return fragment
        }
    }

    /// The keys of an occurrence, each written once (per slice).
    private struct Keys {
        let host = JSONKey("host"), path = JSONKey("path"), line = JSONKey("line")
        let column = JSONKey("column"), cls = JSONKey("class"), rule = JSONKey("rule")
        let ruleID = JSONKey("rule_id"), encoding = JSONKey("encoding"), text = JSONKey("text")
        let products = JSONKey("products")
        /// The last list of products written (its storage and length) and where: a file's
        /// occurrences, and the files of one library, share one list, copied rather than written again.
        var lastProducts: (storage: UnsafeRawPointer?, count: Int) = (nil, 0)
        var lastProductsWritten: JSONWriter.Written?

        /// Occurrence `i` of `all`, its fields read in place (a copy of the occurrence would
        /// retain each of its strings and lists, and release them again).
        mutating func write(_ all: UnsafeBufferPointer<HostOccurrence>, _ i: Int, into w: inout JSONWriter) {
            w.field(host, all[i].host)
            w.field(path, all[i].path)
            w.field(line, all[i].line)
            w.field(column, all[i].column)
            w.field(cls, all[i].occurrenceClass.rawValue)
            w.field(rule, all[i].rule)
            w.field(ruleID, all[i].ruleID)
            w.field(encoding, all[i].encoding.rawValue)
            w.field(text, all[i].text)
            w.key(products)
            let list = all[i].products.withUnsafeBufferPointer { (UnsafeRawPointer($0.baseAddress), $0.count) }
            if list.1 == 0 || list != lastProducts { lastProductsWritten = nil }
            lastProducts = list
            w.value(repeating: &lastProductsWritten) { w in
                w.array(count: all[i].products.count) { $0.string(all[i].products[$1].name) }
            }
        }
    }

    private func writeProblemsAndRedirects(_ w: inout JSONWriter) {
        w.key("problems")
        w.array(problems) { w, p in
            w.object { w in
                w.field("path", p.path)
                w.field("message", p.message)
                w.key("error")
                w.bool(p.isError)
            }
        }
        w.key("redirect_uris")
        w.array(redirectURIs) { w, o in
            w.object { w in
                w.field("host", o.host)
                w.field("path", o.path)
                w.field("line", o.line)
                w.key("uri")
                w.string(o.redirectURI)
            }
        }
    }
}
