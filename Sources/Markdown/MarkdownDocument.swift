internal import CCmark

/// A GitHub Markdown document parsed by cmark-gfm, read into plain Swift values.
public struct MarkdownDocument: Sendable {
    /// The document's block and inline nodes in document order (a pre-order walk).
    public let nodes: [MarkdownNode]

    /// Parses `text` with GitHub's extensions (tables, task lists, strikethrough, autolinks).
    public init(parsing text: String) {
        _ = extensionsRegistered
        let parser = cmark_parser_new(CMARK_OPT_SOURCEPOS)
        defer { cmark_parser_free(parser) }
        for name in ["table", "tasklist", "strikethrough", "autolink"] {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        guard let root = cmark_parser_finish(parser) else {
            nodes = []
            return
        }
        defer { cmark_node_free(root) }
        var collected: [MarkdownNode] = []
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        var depth = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_EXIT {
                depth -= 1
                continue
            }
            collected.append(MarkdownNode(node, depth: depth))
            // Leaf nodes get no EXIT event.
            if cmark_node_first_child(node) != nil || isContainer(node) { depth += 1 }
        }
        nodes = collected
    }
}

/// One node: its kind, the literal text of leaf nodes, and its source position (1-based).
public struct MarkdownNode: Sendable, Equatable {
    /// cmark-gfm's type name: `heading`, `paragraph`, `code_block`, `code`, `text`, `item`, `tasklist`, ...
    public let kind: String
    /// Nesting depth from the document (0).
    public let depth: Int
    /// A heading's level, else 0.
    public let headingLevel: Int
    /// The literal of `text`, `code`, `code_block` and `html` nodes.
    public let literal: String?
    /// A fenced code block's info string (`relops`, `sh`), else nil.
    public let fenceInfo: String?
    /// Whether a task list item is checked (`- [x]`); nil for anything else.
    public let taskChecked: Bool?
    public let startLine: Int
    public let startColumn: Int
    public let endLine: Int
    public let endColumn: Int

    init(_ node: OpaquePointer, depth: Int) {
        kind = String(cString: cmark_node_get_type_string(node))
        self.depth = depth
        headingLevel = kind == "heading" ? Int(cmark_node_get_heading_level(node)) : 0
        literal = cmark_node_get_literal(node).map { String(cString: $0) }
        if kind == "code_block", let fence = cmark_node_get_fence_info(node) {
            let info = String(cString: fence)
            fenceInfo = info.isEmpty ? nil : info
        } else {
            fenceInfo = nil
        }
        taskChecked = kind == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil
        startLine = Int(cmark_node_get_start_line(node))
        startColumn = Int(cmark_node_get_start_column(node))
        endLine = Int(cmark_node_get_end_line(node))
        endColumn = Int(cmark_node_get_end_column(node))
    }
}

private func isContainer(_ node: OpaquePointer) -> Bool {
    switch cmark_node_get_type(node) {
    case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_PARAGRAPH,
        CMARK_NODE_HEADING, CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE:
        return true
    default:
        return false
    }
}

/// The GFM core extensions are registered once per process.
private let extensionsRegistered: Bool = {
    cmark_gfm_core_extensions_ensure_registered()
    return true
}()
