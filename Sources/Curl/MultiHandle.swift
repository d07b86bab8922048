internal import CCurl

/// A libcurl multi handle: runs many transfers at once on the calling thread, so a batch takes
/// about as long as its slowest transfer. Not thread-safe, hence not Sendable.
public final class MultiHandle {
    let handle: UnsafeMutableRawPointer

    public init() throws(CurlError) {
        try curlInitialised.get()
        guard let handle = curl_multi_init() else {
            throw CurlError(kind: .failed, call: "curl_multi_init", message: "could not create a multi handle")
        }
        self.handle = handle
    }

    deinit { curl_multi_cleanup(handle) }

    private func check(_ code: CURLMcode, _ call: String) throws(CurlError) {
        guard code != CURLM_OK else { return }
        throw CurlError(
            kind: .failed, call: call, message: String(cString: curl_multi_strerror(code)),
            code: Int32(code.rawValue))
    }

    /// Runs every request concurrently and returns each outcome in the order of `requests`.
    /// A request libcurl refuses to set up fails alone; the others still run.
    public func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, CurlError>] {
        var results = [Result<HTTPResponse, CurlError>?](repeating: nil, count: requests.count)
        var running: [UnsafeMutableRawPointer: (index: Int, easy: EasyHandle)] = [:]
        for (index, request) in requests.enumerated() {
            do {
                let easy = try EasyHandle(request)
                try check(curl_multi_add_handle(handle, easy.handle), "curl_multi_add_handle")
                running[easy.handle] = (index, easy)
            } catch {
                results[index] = .failure(error)
            }
        }
        var stillRunning: Int32 = 0
        while !running.isEmpty {
            let code = curl_multi_perform(handle, &stillRunning)
            if code != CURLM_OK {
                let failure = CurlError(
                    kind: .failed, call: "curl_multi_perform",
                    message: String(cString: curl_multi_strerror(code)), code: Int32(code.rawValue))
                for (_, entry) in running { results[entry.index] = .failure(failure) }
                break
            }
            var queued: Int32 = 0
            while let message = curl_multi_info_read(handle, &queued) {
                var easyPointer: UnsafeMutableRawPointer?
                var result = CURLE_OK
                guard relops_curl_msg_done(message, &easyPointer, &result) == 1, let easyPointer,
                    let entry = running.removeValue(forKey: easyPointer)
                else { continue }
                results[entry.index] = entry.easy.finish(result)
                curl_multi_remove_handle(handle, easyPointer)
            }
            if running.isEmpty { break }
            // Sleeps until a socket is ready or libcurl's own timeout; bounded by each transfer's timeout.
            _ = curl_multi_poll(handle, nil, 0, 1000, nil)
        }
        for (pointer, _) in running { curl_multi_remove_handle(handle, pointer) }
        return results.map {
            $0 ?? .failure(CurlError(kind: .failed, call: "curl_multi_perform", message: "transfer did not finish"))
        }
    }
}

/// Runs `requests` concurrently on a fresh multi handle; each outcome in the order given.
public func fetchAll(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, CurlError>] {
    do {
        return try MultiHandle().perform(requests)
    } catch {
        return requests.map { _ in .failure(error) }
    }
}
