import CDynamicLibrary
import Testing

/// The loaders' shared part (Sources/CDynamicLibrary): opening a library by soname, and the
/// message a user sees when it cannot be opened.
@Suite struct DynamicLibraryTests {
    func open(_ soname: String, package: String) -> (opened: Bool, message: String) {
        var buffer = [CChar](repeating: 0, count: 512)
        let handle = relops_dynamic_library_open(soname, package, &buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (handle != nil, message)
    }

    @Test func aLibraryThatDoesNotExistNamesItselfTheReasonAndThePackage() {
        let result = open("librelops-does-not-exist.so.7", package: "librelops-missing7")
        #expect(!result.opened)
        #expect(
            result.message
                == "librelops-does-not-exist.so.7 could not be loaded (librelops-does-not-exist.so.7: "
                + "cannot open shared object file: No such file or directory): install librelops-missing7")
    }

    @Test func anInstalledLibraryOpensWithoutAMessage() {
        let result = open("libc.so.6", package: "libc6")
        #expect(result.opened)
        #expect(result.message.isEmpty)
    }

    @Test func aMessageLongerThanTheBufferIsCutNotOverrun() {
        var buffer = [CChar](repeating: 0x7F, count: 24)
        let handle = relops_dynamic_library_open("librelops-does-not-exist.so.7", "librelops-missing7", &buffer, 16)
        #expect(handle == nil)
        #expect(buffer[15] == 0 && buffer[16] == 0x7F)
        #expect(String(decoding: buffer.prefix(15).map { UInt8(bitPattern: $0) }, as: UTF8.self) == "librelops-does-")
    }
}
