import RelopsCore

/// The run report's template (`Templates/run-report.md`), read by relops' one `{{name}}` engine,
/// `Template` in RelopsCore.
public typealias ReportTemplate = Template
