import RelopsCore

/// The two files a web host serves under `/.well-known/`.
enum WellKnownFile {
    case assetLinks, appSiteAssociation

    var fileName: String { self == .assetLinks ? "assetlinks.json" : "apple-app-site-association" }
    /// The setting that makes association render produce the file, for messages.
    var setting: String {
        self == .assetLinks
            ? "AppAssociation:AndroidPackageName or app.android.package"
            : "AppAssociation:AppleAppIds or app.ios.app_ids"
    }
}

extension ExpectedDocuments {
    /// The rendered file's bytes as the host would serve them: the rendered text when known, else
    /// the JSON value written out.
    func body(_ file: WellKnownFile) -> [UInt8]? {
        let text = file == .assetLinks ? assetLinksText : appSiteAssociationText
        let value = file == .assetLinks ? assetLinks : appSiteAssociation
        return (text ?? value?.rendered(pretty: true)).map { Array($0.utf8) }
    }
}

extension Fetcher {
    /// The body of request `index` with the checks of how it was served. With `--local` nothing was
    /// fetched: the rendered document stands in for a host's own file, and the HTTP-level checks
    /// are skipped, naming `--local`.
    func body(_ index: Int, _ name: String, strictType: Bool, into list: inout CheckList) -> [UInt8]? {
        guard options.local else {
            return Verifier.responseBody(results[index], name, strictType: strictType, into: &list)
        }
        guard let file = files[index] else {
            let url = requests[index].url
            if let included = options.expectedDocuments?.includedFiles[url] {
                list.skip(
                    "\(name).status",
                    "--local: not fetched; read from \(included.path), the file of this repository's site at that URL")
                return Array(included.text.utf8)
            }
            list.skip(
                "\(name).fetch",
                "--local: \(url) is not a tracked file of the site this repository serves; its statements are "
                    + "checked only live")
            return nil
        }
        let source = options.expectedDocuments?.source ?? "the configuration"
        if let reason = options.expectedDocuments?.external[file.fileName] {
            list.skip("\(name).local", "--local: \(file.fileName) is \(reason)")
            return nil
        }
        guard let body = options.expectedDocuments?.body(file) else {
            list.fail(
                "\(name).rendered",
                "--local: \(source) renders no \(file.fileName) (set \(file.setting)), so the host would serve none")
            return nil
        }
        list.skip("\(name).status", "--local: not fetched; status, redirects, size cap and TLS are checked only live")
        list.skip("\(name).content-type", "--local: not fetched; the Content-Type is checked only live")
        return body
    }
}

extension Verifier {
    /// The first line of a `--local` checklist: nothing was fetched, and what stood in.
    static func localNotice(_ options: VerifyOptions) -> Check {
        Check(
            "local", .skip, url: nil,
            "--local: nothing was fetched; the documents rendered from "
                + "\(options.expectedDocuments?.source ?? "the configuration") stand in for each host's "
                + "/.well-known/assetlinks.json and /.well-known/apple-app-site-association")
    }
}
