import Foundation
import RelopsCore

/// Reading the registrations and call sites out of Info.plist, AndroidManifest.xml and C#.
extension OAuthCallbackLeg {
    /// `CFBundleURLTypes` > `CFBundleURLSchemes` > `<string>` values.
    mutating func readInfoPlist(_ text: String, _ path: String) {
        guard let types = text.range(of: "<key>CFBundleURLTypes</key>") else { return }
        var search = types.upperBound
        while let key = text.range(of: "<key>CFBundleURLSchemes</key>", range: search..<text.endIndex),
            let open = text.range(of: "<array>", range: key.upperBound..<text.endIndex),
            let close = text.range(of: "</array>", range: open.upperBound..<text.endIndex)
        {
            search = close.upperBound
            var inner = open.upperBound
            while let s = text.range(of: "<string>", range: inner..<close.lowerBound),
                let e = text.range(of: "</string>", range: s.upperBound..<close.lowerBound)
            {
                inner = e.upperBound
                let scheme = text[s.upperBound..<e.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
                guard !scheme.isEmpty else { continue }
                register(scheme, .iOS, path, RepositoryClaims.line(of: s.lowerBound, in: text), "CFBundleURLSchemes")
            }
        }
    }

    /// `<intent-filter>` blocks with the BROWSABLE category and a scheme other than http(s).
    mutating func readManifest(_ text: String, _ path: String) {
        for (open, block) in RepositoryClaims.intentFilters(in: text) {
            guard block.contains("android.intent.category.BROWSABLE") else { continue }
            let line = RepositoryClaims.line(of: open.lowerBound, in: text)
            // The filter's activity: the last `<activity` tag opened before it.
            let activity = text.range(of: "<activity", options: .backwards, range: text.startIndex..<open.lowerBound)
                .map { text[$0.lowerBound..<open.lowerBound].prefix { $0 != ">" } }
            let onCallbackActivity = activity?.contains("WebAuthenticatorCallbackActivity") ?? false
            for scheme in RepositoryClaims.attributeValues("android:scheme", in: block)
            where !["http", "https"].contains(scheme.lowercased()) {
                register(scheme, .android, path, line, "intent-filter", onCallbackActivity: onCallbackActivity)
            }
        }
    }

    private static let callbackActivityClass = BuiltInRegex(
        #"class\s+\w+\s*:\s*(?:[\w.]*\.)?WebAuthenticatorCallbackActivity\b"#)

    /// `[IntentFilter(..., DataScheme = x)]` on a class deriving from
    /// `WebAuthenticatorCallbackActivity`; `x` a literal or a `const string` of the same file.
    mutating func readCallbackActivity(_ text: String, _ path: String) {
        let ns = text as NSString
        var previousEnd = 0
        for match in Self.callbackActivityClass.matches(in: text) {
            let attributes = ns.substring(
                with: NSRange(location: previousEnd, length: match.range.location - previousEnd))
            let base = text.index(text.startIndex, offsetBy: previousEnd, limitedBy: text.endIndex) ?? text.endIndex
            previousEnd = match.range.location + match.range.length
            var search = attributes.startIndex
            while let open = attributes.range(of: "[IntentFilter(", range: search..<attributes.endIndex) {
                let arguments = callArguments(attributes, from: open.upperBound)
                search = arguments.upperBound
                let offset = attributes.distance(from: attributes.startIndex, to: open.lowerBound)
                let at = text.index(base, offsetBy: offset, limitedBy: text.endIndex) ?? text.endIndex
                let line = RepositoryClaims.line(of: at, in: text)
                let argumentText = String(attributes[arguments])
                if argumentText.contains("DataScheme") && !argumentText.contains("CategoryBrowsable")
                    && !argumentText.contains("android.intent.category.BROWSABLE")
                {
                    notes.append(
                        "\(path):\(line): the [IntentFilter] has no Intent.CategoryBrowsable category: the browser cannot hand the callback to the app"
                    )
                }
                for value in RepositoryClaims.assignments("DataScheme", in: argumentText) {
                    guard let scheme = Self.stringValue(value, in: text) else {
                        notes.append(
                            "\(path):\(line): DataScheme = \(value) is neither a literal nor a const string in this file; not checked"
                        )
                        continue
                    }
                    guard !["http", "https"].contains(scheme.lowercased()) else { continue }
                    register(scheme, .android, path, line, "[IntentFilter] DataScheme", onCallbackActivity: true)
                }
            }
        }
    }

    /// A string literal's value, or a `const string` of the same file, or an interpolated string
    /// whose holes are such constants; nil for anything else (never guessed).
    static func stringValue(_ expression: String, in text: String) -> String? {
        let e = expression.trimmingCharacters(in: .whitespacesAndNewlines)
        if e.hasPrefix("\"") && e.hasSuffix("\"") && e.count >= 2 { return String(e.dropFirst().dropLast()) }
        if e.hasPrefix("$\"") && e.hasSuffix("\"") {
            var out = ""
            var rest = Substring(e.dropFirst(2).dropLast())
            while let open = rest.firstIndex(of: "{") {
                guard let close = rest[open...].firstIndex(of: "}"),
                    let value = RepositoryClaims.constant(String(rest[rest.index(after: open)..<close]), in: text)
                else { return nil }
                out += rest[..<open] + value
                rest = rest[rest.index(after: close)...]
            }
            return out + rest
        }
        guard e.range(of: #"^[A-Za-z_][A-Za-z0-9_.]*$"#, options: .regularExpression) != nil else { return nil }
        return RepositoryClaims.constant(e, in: text)
    }

    /// `WebAuthenticator[.Default].AuthenticateAsync(url, callbackUrl)` and
    /// `AuthenticateAsync(new WebAuthenticatorOptions { CallbackUrl = ... })`.
    mutating func readCallSites(_ text: String, _ path: String) {
        var search = text.startIndex
        while let call = text.range(of: "AuthenticateAsync(", range: search..<text.endIndex) {
            let arguments = callArguments(text, from: call.upperBound)
            search = arguments.upperBound
            let from = text.index(call.lowerBound, offsetBy: -60, limitedBy: text.startIndex) ?? text.startIndex
            let before = text[from..<call.lowerBound]
            let args = String(text[arguments])
            guard before.contains("WebAuthenticator") || args.contains("WebAuthenticatorOptions") else { continue }
            let location = "\(path):\(RepositoryClaims.line(of: call.lowerBound, in: text))"
            guard let expression = Self.callbackExpression(args) else {
                notes.append("\(location): WebAuthenticator call without a callback URL relops can find; not checked")
                continue
            }
            let url = Self.stringValue(Self.unwrapUri(expression), in: text)
            callbacks.append(CallbackURL(location: location, url: url, expression: expression))
        }
    }

    /// The callback argument: `CallbackUrl = X`, else the second top-level argument.
    static func callbackExpression(_ arguments: String) -> String? {
        if let r = arguments.range(of: #"CallbackUrl\s*=\s*"#, options: .regularExpression) {
            let rest = arguments[r.upperBound...]
            return topLevelSplit(String(rest), separators: [",", "}"]).first
        }
        let parts = topLevelSplit(arguments, separators: [","])
        return parts.count >= 2 ? parts[1] : nil
    }

    /// `new Uri(X)` or `new(X)` to `X`.
    static func unwrapUri(_ expression: String) -> String {
        let e = expression.trimmingCharacters(in: .whitespacesAndNewlines)
        for prefix in ["new Uri(", "new System.Uri(", "new("] where e.hasPrefix(prefix) && e.hasSuffix(")") {
            let inner = e.dropFirst(prefix.count).dropLast()
            return topLevelSplit(String(inner), separators: [","]).first ?? String(inner)
        }
        return e
    }

    /// Splits at separators outside brackets and string literals; parts trimmed.
    static func topLevelSplit(_ text: String, separators: Set<Character>) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        for c in text {
            if inString {
                if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if "([{".contains(c) {
                depth += 1
            } else if ")]".contains(c) || (c == "}" && depth > 0) {
                depth -= 1
            } else if depth == 0 && separators.contains(c) {
                parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                if c == "}" { return parts }
                current = ""
                continue
            }
            current.append(c)
        }
        parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
        return parts
    }
}
