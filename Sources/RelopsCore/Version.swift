/// The version `relops --version` prints and the HTTP User-Agent carries (`relops/<version>`).
public let relopsVersion = "0.1.0"
