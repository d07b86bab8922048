import TestSupport
import Testing

@testable import Scan

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private func firstIndex(_ needle: String, in hay: String, from: Int = 0, to: Int? = nil) -> Int? {
    let hay = bytes(hay)
    return hay.withUnsafeBufferPointer {
        ByteSearch.firstIndex(of: bytes(needle), in: $0, from: from, to: to ?? hay.count)
    }
}

private func containsIgnoringQuotes(_ needle: String, in hay: String) -> Bool {
    bytes(hay).withUnsafeBufferPointer { ByteSearch.containsIgnoringQuotes(bytes(needle), in: $0) }
}

/// The line rules as they were written over lower-cased `String`s: what the byte rules must
/// answer alike for every ASCII line.
private enum StringLineFacts {
    static func coversSubdomains(_ line: String) -> Bool {
        let lower = line.lowercased()
        return lower.contains("includesubdomains=\"true\"") || lower.contains("includesubdomains='true'")
            || (lower.contains("strict-transport-security") && lower.contains("includesubdomains"))
    }

    static func redirectURI(_ line: String, found: String, column: Int) -> String? {
        let bytes = Array(line.utf8)
        let hostStart = column - 1
        guard hostStart >= 0, hostStart + found.utf8.count <= bytes.count else { return nil }
        let urlStops = Set(" \t\"'<>`,)(;".utf8), queryStops = Set("=&?".utf8)
        var start = hostStart
        while start > 0 && !urlStops.contains(bytes[start - 1]) && !queryStops.contains(bytes[start - 1]) {
            start -= 1
        }
        var end = hostStart + found.utf8.count
        while end < bytes.count && !urlStops.contains(bytes[end]) { end += 1 }
        let path = String(decoding: bytes[(hostStart + found.utf8.count)..<end], as: UTF8.self).lowercased()
        let unquoted = String(line.lowercased().filter { $0 != "\"" })
        let keyed = ["redirect_uri", "redirecturi", "redirect-uri", "uibaseurl", "callbackpath"].contains {
            unquoted.contains($0)
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        let callback = parts.count >= 4 && parts[0] == "auth" && parts[1] == "oauth" && parts[3].hasPrefix("callback")
        return path.hasPrefix("/signin-") || callback || keyed
            ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
    }
}

@Suite struct LineFactsTests {
    @Test func foldedSearchMatchesASCIILettersInEitherCaseOnly() {
        #expect(firstIndex("includesubdomains", in: "max-age=1; IncludeSubDomains") == 11)
        #expect(firstIndex("user.email", in: "git config USER.EMAIL x") == 11)
        // A match that ends on the last byte, and one cut off by `to`.
        #expect(firstIndex("abc", in: "xxABC") == 2)
        #expect(firstIndex("abc", in: "xxABC", to: 4) == nil)
        #expect(firstIndex("abc", in: "ABCxABC", from: 1) == 4)
        // Only letters fold: `[` (0x5B) is not `{` (0x7B), `@` (0x40) is not a backtick (0x60).
        #expect(firstIndex("{a}", in: "[A]") == nil)
        #expect(firstIndex("`a", in: "@A") == nil)
        #expect(firstIndex("", in: "abc") == nil)
        #expect(firstIndex("abcd", in: "abc") == nil)
    }

    @Test func searchAnswersAsAByteByByteComparisonDoes() {
        // Haystacks of a few letters in both cases, `-`, `"` and a non-ASCII byte, so that
        // needles match often and the memchr anchor (`-`, `"`, 0xC3) is tried at every position;
        // long enough that a needle of letters alone is looked for sixteen bytes at a time too.
        let alphabet: [UInt8] = Array("aAbB-\"".utf8) + [0xC3]
        var numbers = SeededNumbers(seed: 12345)
        func next(_ n: Int) -> Int { numbers.next(n) }
        func reference(_ needle: [UInt8], _ hay: [UInt8], _ from: Int, _ to: Int, _ fold: Bool) -> Int? {
            guard !needle.isEmpty, to - from >= needle.count else { return nil }
            return (from...(to - needle.count)).first { at in
                needle.indices.allSatisfy { k in
                    (fold ? ByteSearch.fold(hay[at + k]) : hay[at + k]) == needle[k]
                }
            }
        }
        var found = 0
        for _ in 0..<3000 {
            // A quarter of them 512 bytes or more: the anchor is then the needle's rarest byte.
            let hay = (0..<(next(4) == 0 ? 512 + next(700) : next(80))).map { _ in alphabet[next(alphabet.count)] }
            let needle = (0..<(1 + next(4))).map { _ in ByteSearch.fold(alphabet[next(alphabet.count)]) }
            let from = hay.isEmpty ? 0 : next(hay.count), to = from + next(hay.count - from + 1)
            for fold in [true, false] {
                let expected = reference(needle, hay, from, to, fold)
                let actual = hay.withUnsafeBufferPointer {
                    ByteSearch.firstIndex(of: needle, in: $0, from: from, to: to, ignoringCase: fold)
                }
                #expect(actual == expected, "\(needle) in \(hay)[\(from)..<\(to)], ignoring case: \(fold)")
                if expected != nil { found += 1 }
            }
        }
        #expect(found > 400)
    }

    @Test func searchForAnyOfSeveralWordsIgnoringQuotesAnswersAsAByteByByteComparisonDoes() {
        // Words that all start with two letters (tried only where the first two bytes could start
        // one, a quote after the first letter included) and words that do not (every letter tried).
        let alphabet = Array("rRuUcCkK\"ia-_ ".utf8)
        var numbers = SeededNumbers(seed: 987_654)
        func next(_ n: Int) -> Int { numbers.next(n) }
        func reference(_ words: [[UInt8]], _ hay: [UInt8]) -> Bool {
            for at in hay.indices {
                for word in words where ByteSearch.fold(hay[at]) == word[0] {
                    var k = 1, p = at + 1
                    while k < word.count && p < hay.count {
                        if hay[p] == UInt8(ascii: "\"") {
                            p += 1
                        } else if ByteSearch.fold(hay[p]) == word[k] {
                            k += 1
                            p += 1
                        } else {
                            break
                        }
                    }
                    if k == word.count { return true }
                }
            }
            return false
        }
        let lists: [[String]] = [
            ["ru", "uc", "cr"], ["ri"], ["ur", "ck", "ca", "ru"], ["-u", "ri"], ["ru", "ui", "ck", "ai", "ir"],
        ]
        var found = 0
        for _ in 0..<4000 {
            let words = lists[next(lists.count)].map { Array($0.utf8) }
            let hay = (0..<next(60)).map { _ in alphabet[next(alphabet.count)] }
            let expected = reference(words, hay)
            let actual = hay.withUnsafeBufferPointer { ByteSearch.containsAnyIgnoringQuotes(WordList(words), in: $0) }
            #expect(actual == expected, "\(words) in \(hay)")
            if expected { found += 1 }
        }
        #expect(found > 1000 && found < 3800)
    }

    @Test func foldedSearchComparesNonASCIIBytesExactly() {
        // U+212A KELVIN SIGN lower-cases to `k` as a String, but is three other bytes here.
        #expect(firstIndex("callbackpath", in: "Callbac\u{212A}Path") == nil)
        #expect(firstIndex("path", in: "Callbac\u{212A}Path") == 10)
        // U+0130 (`İ`) and `é` are not letters to fold; the ASCII around them still matches.
        #expect(firstIndex("redirect_uri", in: "\u{130}é REDIRECT_URI") == 5)
        #expect(firstIndex("é", in: "cafÉ café") == 9)
    }

    @Test func quotesAreSkippedInTheLineNotInTheWord() {
        #expect(containsIgnoringQuotes("redirecturi", in: "\"Redirect\"Uri\": 1"))
        #expect(containsIgnoringQuotes("uibaseurl", in: "\"UIBase\"\"Url\""))
        #expect(containsIgnoringQuotes("redirect_uri", in: "x=1&REDIRECT_URI\""))
        #expect(!containsIgnoringQuotes("redirect_uri", in: "redirect_ur"))
        #expect(!containsIgnoringQuotes("redirecturi", in: "redirect'uri"))
        #expect(!containsIgnoringQuotes("redirecturi", in: "redirect uri"))
        let keys = WordList([Array("uibaseurl".utf8), Array("callbackpath".utf8), Array("\"x".utf8)])
        let any = { (line: String) in
            Array(line.utf8).withUnsafeBufferPointer { ByteSearch.containsAnyIgnoringQuotes(keys, in: $0) }
        }
        #expect(any("OAuth:UIBase\"Url"))
        #expect(any("Callback\"\"PATH"))
        #expect(any("a \"\"X"))
        #expect(!any("uibase url, callback_path, x"))
    }

    @Test func lineRulesOverBytesAnswerAsTheStringRulesDid() {
        let before = ["", "x ", "\"RedirectUri\": \"", "redirect\"_uri=", "UIBase\"Url: ", "CallbackPath = '", "a?b="]
        let schemes = ["https://", "http://", "//", ""]
        let hosts = ["app.example.com", "App.Example.COM"]
        let paths = [
            "", "/", "/signin-google", "/SignIn-OIDC", "/signin", "/auth/oauth/google/callback",
            "//Auth//OAuth/x/CallbackZ", "/auth/oauth/callback", "/auth/oauthx/g/callback", "/x/auth/oauth/g/callback",
        ]
        let after = [
            "", "\"", "?a=b c", " includeSubDomains", ") Strict-Transport-Security", "'; includesubdomains='TRUE'",
        ]
        var checked = 0
        for b in before {
            for scheme in schemes {
                for host in hosts {
                    for path in paths {
                        for a in after {
                            let line = b + scheme + host + path + a
                            let column = (b + scheme).utf8.count + 1
                            #expect(
                                LineFacts.redirectURI(line, found: host, column: column)
                                    == StringLineFacts.redirectURI(line, found: host, column: column), "\(line)")
                            #expect(LineFacts.coversSubdomains(line) == StringLineFacts.coversSubdomains(line))
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 3360)
        #expect(LineFacts.redirectURI("https://host.com/signin-x", found: "host.com", column: 20) == nil)
        #expect(LineFacts.redirectURI("https://host.com/signin-x", found: "host.com", column: 0) == nil)
    }

    @Test func commitIdentityIsFoundInAnyCase() {
        #expect(LineFacts.setsCommitIdentity("- run: git config User.Email \"ci@host.com\""))
        #expect(LineFacts.setsCommitIdentity("export GIT_COMMITTER_EMAIL=ci@host.com"))
        #expect(!LineFacts.setsCommitIdentity("mail: ci@host.com # user email"))
    }
}
