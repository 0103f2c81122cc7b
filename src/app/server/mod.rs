//! `caplint server`: a language server (LSP) over stdio.
//!
//! Open buffers stand in for the files on disk (see
//! [`Settings::overlay_text`]), and each change runs the whole check
//! pipeline (file, repository and history rules, the working tree against
//! `HEAD`) on the repository; the findings of every open file are published.
//! `.caplint.yaml` is read again when it is saved or changes on disk.

use crate::config::{self, CONFIG_FILE};
use crate::diagnostic::{Diagnostic, Severity};
use crate::error::Fatal;
use crate::lint;
use crate::settings::Settings;
use crate::settings::{CheckOptions, HistoryMode};
use lsp_server::{Connection, Message, Notification, Request, Response};
use lsp_types as lsp;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::str::FromStr;

mod config_file;
mod protocol;

use config_file::{load_settings, override_edit, with_targets};
use protocol::Doc;
pub use protocol::{
    path_to_uri, position, range, rule_doc_url, uri_to_path, Encoding, LineIndex, Positions,
};

struct Server {
    conn: Connection,
    root: PathBuf,
    config_flag: Option<PathBuf>,
    as_of: Option<String>,
    /// `--target`: replaces the configuration's `targets:` (kept across
    /// reloads of the configuration).
    targets: Vec<crate::settings::Target>,
    settings: Settings,
    enc: Encoding,
    /// Open buffers by repo-relative path.
    docs: BTreeMap<String, Doc>,
    /// The findings last published, by repo-relative path.
    published: BTreeMap<String, Vec<Diagnostic>>,
    /// The findings of the repository-wide rules in the last run over the
    /// whole repository, by path: a change linted alone keeps them until the
    /// next whole run.
    repository_findings: BTreeMap<String, Vec<Diagnostic>>,
    /// What the CI's environment says about the base, read once.
    ci: crate::history::ci::Env,
    /// Whether a change was linted alone since the last whole run: the whole
    /// repository is linted again once the client pauses.
    stale: bool,
    /// Files changed since they were last linted (see [`DEBOUNCE`]).
    pending: std::collections::BTreeSet<String>,
}

/// How long the client must stay quiet after a change before the changed
/// file is linted: a burst of keystrokes is linted once, for its last text.
const DEBOUNCE: std::time::Duration = std::time::Duration::from_millis(120);

/// How long the client must stay quiet after a change before the whole
/// repository is linted again (a change is answered at once for its file).
const SETTLE: std::time::Duration = std::time::Duration::from_millis(400);

/// Findings of rules whose findings depend on other files than the one
/// they are in (each rule declares its scope): a change linted alone cannot
/// judge them.
fn is_repository_wide(d: &Diagnostic) -> bool {
    d.rule.scope == crate::diagnostic::rule::Scope::Repository
}

/// `caplint server`: serves one client over stdin and stdout until it exits.
pub fn run(
    config_flag: Option<PathBuf>,
    as_of: Option<String>,
    targets: Vec<crate::settings::Target>,
) -> Result<u8, Fatal> {
    let (conn, io) = Connection::stdio();
    let (id, params) = conn
        .initialize_start()
        .map_err(|e| Fatal::Io(format!("language server: {e}")))?;
    let params: lsp::InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let utf8 = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref())
        .is_some_and(|e| e.contains(&lsp::PositionEncodingKind::UTF8));
    let enc = if utf8 {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    };
    #[allow(deprecated)]
    let start = params
        .workspace_folders
        .as_ref()
        .and_then(|f| f.first())
        .and_then(|f| uri_to_path(f.uri.as_str()))
        .or_else(|| {
            params
                .root_uri
                .as_ref()
                .and_then(|u| uri_to_path(u.as_str()))
        });
    let start: Vec<PathBuf> = start.into_iter().collect();
    let (root, _) = crate::app::workspace::find_root(&start)?;
    let root = root.canonicalize().unwrap_or(root);
    let settings = with_targets(
        load_settings(&root, config_flag.as_deref(), as_of.as_deref())?,
        &targets,
    );
    let capabilities = lsp::ServerCapabilities {
        position_encoding: Some(if utf8 {
            lsp::PositionEncodingKind::UTF8
        } else {
            lsp::PositionEncodingKind::UTF16
        }),
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Options(
            lsp::TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(lsp::TextDocumentSyncKind::FULL),
                save: Some(lsp::TextDocumentSyncSaveOptions::Supported(true)),
                ..Default::default()
            },
        )),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Simple(true)),
        ..Default::default()
    };
    conn.initialize_finish(
        id,
        json!({
            "capabilities": capabilities,
            "serverInfo": {"name": "caplint", "version": env!("CARGO_PKG_VERSION")},
        }),
    )
    .map_err(|e| Fatal::Io(format!("language server: {e}")))?;
    let mut server = Server {
        conn,
        root,
        config_flag,
        as_of,
        targets,
        settings,
        enc,
        docs: BTreeMap::new(),
        published: BTreeMap::new(),
        repository_findings: BTreeMap::new(),
        ci: crate::app::workspace::ci_env(),
        stale: false,
        pending: Default::default(),
    };
    let code = server.main_loop()?;
    drop(server);
    if code != crate::app::emit::EXIT_OK {
        // `exit` before `shutdown`: the protocol's exit code 1, without
        // waiting for the reader of a client that may keep stdin open.
        return Ok(code);
    }
    io.join()
        .map_err(|e| Fatal::Io(format!("language server: {e}")))?;
    Ok(code)
}

impl Server {
    /// Serves until the session ends: the exit code is 0 after `shutdown`
    /// (or when the client goes away), 1 for an `exit` without `shutdown`.
    fn main_loop(&mut self) -> Result<u8, Fatal> {
        let fail = |e: lsp_server::ProtocolError| Fatal::Io(format!("language server: {e}"));
        loop {
            let msg = if !self.pending.is_empty() {
                match self.conn.receiver.recv_timeout(DEBOUNCE) {
                    Ok(msg) => msg,
                    Err(e) if e.is_timeout() => {
                        self.flush();
                        continue;
                    }
                    Err(_) => break,
                }
            } else if self.stale {
                match self.conn.receiver.recv_timeout(SETTLE) {
                    Ok(msg) => msg,
                    Err(e) if e.is_timeout() => {
                        self.lint();
                        continue;
                    }
                    Err(_) => break,
                }
            } else {
                match self.conn.receiver.recv() {
                    Ok(msg) => msg,
                    Err(_) => break,
                }
            };
            match msg {
                Message::Request(req) => {
                    match self.conn.handle_shutdown(&req) {
                        Ok(true) => return Ok(crate::app::emit::EXIT_OK),
                        Ok(false) => {}
                        // Shut down, and the client closed the pipe without
                        // the `exit` notification (Neovim does on `:qa`):
                        // the session is over all the same.
                        Err(_) if req.method == "shutdown" => return Ok(crate::app::emit::EXIT_OK),
                        Err(e) => return Err(fail(e)),
                    }
                    // A request is answered on the current text.
                    self.flush();
                    self.request(req);
                }
                Message::Notification(n) if n.method == "exit" => return Ok(1),
                Message::Notification(n) => self.notification(n),
                Message::Response(_) => {}
            }
        }
        Ok(crate::app::emit::EXIT_OK)
    }

    fn send(&self, msg: Message) {
        let _ = self.conn.sender.send(msg);
    }

    fn show(&self, kind: lsp::MessageType, message: String) {
        self.send(Message::Notification(Notification::new(
            "window/showMessage".into(),
            lsp::ShowMessageParams { typ: kind, message },
        )));
    }

    /// The repo-relative path of a URI inside the repository.
    fn rel(&self, uri: &lsp::Uri) -> Option<String> {
        let path = uri_to_path(uri.as_str())?;
        let path = path.canonicalize().unwrap_or(path);
        let rel = path.strip_prefix(&self.root).ok()?;
        let rel = rel.to_string_lossy().replace('\\', "/");
        (!rel.is_empty()).then_some(rel)
    }

    fn is_config(&self, rel: &str) -> bool {
        match &self.settings.config_path {
            Some(p) => p.canonicalize().ok() == Some(self.root.join(rel)) || rel == CONFIG_FILE,
            None => rel == CONFIG_FILE,
        }
    }

    /// Lints the files changed since they were last linted.
    fn flush(&mut self) {
        for rel in std::mem::take(&mut self.pending) {
            if self.docs.contains_key(&rel) {
                self.lint_change(&rel);
            }
        }
    }

    fn notification(&mut self, n: Notification) {
        if n.method != "textDocument/didChange" {
            self.flush();
        }
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params)
                else {
                    return;
                };
                if let Some(rel) = self.rel(&p.text_document.uri) {
                    let config = self.is_config(&rel);
                    self.flush();
                    self.docs
                        .insert(rel, Doc::new(p.text_document.uri, p.text_document.text));
                    if !config {
                        self.lint();
                    }
                }
            }
            "textDocument/didChange" => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params)
                else {
                    return;
                };
                let Some(rel) = self.rel(&p.text_document.uri) else {
                    return;
                };
                // Full sync: the last change holds the whole text.
                if let Some(change) = p.content_changes.into_iter().last() {
                    let config = self.is_config(&rel);
                    self.docs
                        .insert(rel.clone(), Doc::new(p.text_document.uri, change.text));
                    if config {
                        self.reload();
                    } else {
                        // Debounced: a burst of changes is linted once,
                        // when the client pauses or asks for something.
                        self.pending.insert(rel);
                    }
                }
            }
            "textDocument/didSave" => {
                let Ok(p) = serde_json::from_value::<lsp::DidSaveTextDocumentParams>(n.params)
                else {
                    return;
                };
                if self
                    .rel(&p.text_document.uri)
                    .is_some_and(|r| self.is_config(&r))
                {
                    self.reload();
                }
            }
            "textDocument/didClose" => {
                let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params)
                else {
                    return;
                };
                if let Some(rel) = self.rel(&p.text_document.uri) {
                    if let Some(doc) = self.docs.remove(&rel) {
                        self.published.remove(&rel);
                        self.publish(&doc.uri, Vec::new());
                    }
                    self.lint();
                }
            }
            "workspace/didChangeWatchedFiles" => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeWatchedFilesParams>(n.params)
                else {
                    return;
                };
                let config = p
                    .changes
                    .iter()
                    .any(|c| self.rel(&c.uri).is_some_and(|r| self.is_config(&r)));
                if config {
                    self.reload();
                } else {
                    self.lint();
                }
            }
            _ => {}
        }
    }

    /// Reads the configuration again (its buffer when it is open, else the
    /// disk) and lints with it. A configuration that does not parse keeps
    /// the previous settings, and its error is published on its file.
    fn reload(&mut self) {
        let open = self
            .docs
            .iter()
            .find(|(rel, _)| self.is_config(rel))
            .map(|(rel, d)| (rel.clone(), d.uri.clone(), d.text.clone()));
        let loaded = match &open {
            Some((rel, _, text)) => {
                crate::app::workspace::as_of(self.as_of.as_deref()).and_then(|as_of| {
                    crate::redact::learn(text);
                    let source = crate::source::SourceFile::new(rel.clone(), text.clone());
                    let config = config::parse(&source)?;
                    Settings::new(self.root.clone(), config, Some(self.root.join(rel)), as_of)
                })
            }
            None => load_settings(
                &self.root,
                self.config_flag.as_deref(),
                self.as_of.as_deref(),
            ),
        };
        let config_uri = open.as_ref().map(|(_, uri, _)| uri.clone()).or_else(|| {
            let path = self
                .settings
                .config_path
                .clone()
                .unwrap_or_else(|| self.root.join(CONFIG_FILE));
            path_to_uri(&path)
        });
        match loaded {
            Ok(settings) => {
                self.settings = with_targets(settings, &self.targets);
                if let Some(uri) = &config_uri {
                    self.publish(uri, Vec::new());
                }
                self.lint();
            }
            Err(e) => {
                let mut message = match &e {
                    Fatal::Config { message, .. } => format!("invalid configuration: {message}"),
                    other => other.to_string(),
                };
                crate::redact::mask_in_place(&mut message);
                let range = match (&e, &open) {
                    (Fatal::Config { span: Some(s), .. }, Some((_, _, text))) => {
                        range(text, s.offset, s.offset + s.length, self.enc)
                    }
                    _ => lsp::Range::default(),
                };
                if let Some(uri) = &config_uri {
                    self.publish(
                        uri,
                        vec![lsp::Diagnostic {
                            range,
                            severity: Some(lsp::DiagnosticSeverity::ERROR),
                            source: Some("caplint".into()),
                            message,
                            ..Default::default()
                        }],
                    );
                }
            }
        }
    }

    /// Lints the repository with the open buffers and publishes the
    /// findings of every open file.
    fn lint(&mut self) {
        let Some(report) = self.run(Vec::new()) else {
            return;
        };
        self.stale = false;
        self.repository_findings.clear();
        let mut by_path: BTreeMap<String, Vec<Diagnostic>> = BTreeMap::new();
        for d in report.diagnostics {
            if is_repository_wide(&d) {
                self.repository_findings
                    .entry(d.path.clone())
                    .or_default()
                    .push(d.clone());
            }
            if self.docs.contains_key(&d.path) && d.commit.is_none() {
                by_path.entry(d.path.clone()).or_default().push(d);
            }
        }
        let rels: Vec<String> = self.docs.keys().cloned().collect();
        for rel in rels {
            if self.is_config(&rel) {
                continue;
            }
            let found = by_path.remove(&rel).unwrap_or_default();
            self.publish_found(rel, found);
        }
    }

    /// Lints a change to one open file at once: its unit alone (the skill
    /// folder it belongs to, or the file), with the history rules against
    /// the base, and the repository-wide findings of the last whole run.
    /// The whole repository follows once the client pauses ([`SETTLE`]).
    fn lint_change(&mut self, rel: &str) {
        let unit = self.unit_of(rel);
        let Some(report) = self.run(vec![self.root.join(crate::source::raw_rel(&unit))]) else {
            return;
        };
        self.stale = true;
        let inside =
            |path: &str| unit.is_empty() || path == unit || path.starts_with(&format!("{unit}/"));
        let mut by_path: BTreeMap<String, Vec<Diagnostic>> = BTreeMap::new();
        for d in report.diagnostics {
            if !is_repository_wide(&d) && d.commit.is_none() && inside(&d.path) {
                by_path.entry(d.path.clone()).or_default().push(d);
            }
        }
        let rels: Vec<String> = self.docs.keys().filter(|r| inside(r)).cloned().collect();
        for rel in rels {
            let mut found = by_path.remove(&rel).unwrap_or_default();
            found.extend(
                self.repository_findings
                    .get(&rel)
                    .cloned()
                    .unwrap_or_default(),
            );
            crate::diagnostic::sort(&mut found);
            self.publish_found(rel, found);
        }
    }

    /// Runs `caplint check` over `paths` (the whole repository when empty)
    /// with the open buffers in place of the disk; a failure is shown to
    /// the user.
    fn run(&mut self, paths: Vec<PathBuf>) -> Option<crate::diagnostic::Report> {
        self.settings.set_overlay(
            self.docs
                .iter()
                .map(|(rel, d)| (rel.clone(), d.text.clone()))
                .collect(),
        );
        let options = CheckOptions {
            paths,
            history: HistoryMode::Auto,
            cache: false,
        };
        match lint::run(&self.settings, &options, &self.ci) {
            Ok(run) => Some(run.report),
            Err(e) => {
                self.show(lsp::MessageType::ERROR, format!("caplint: {e}"));
                None
            }
        }
    }

    /// Publishes `found` as the findings of the open file `rel`.
    fn publish_found(&mut self, rel: String, found: Vec<Diagnostic>) {
        let doc = &self.docs[&rel];
        let ds: Vec<lsp::Diagnostic> = found.iter().map(|d| self.to_lsp(d, doc)).collect();
        let uri = doc.uri.clone();
        self.publish(&uri, ds);
        self.published.insert(rel, found);
    }

    /// What a file is linted with: the skill folder holding it (the nearest
    /// folder above it with a `SKILL.md`, on disk or open), else the file.
    fn unit_of(&self, rel: &str) -> String {
        let mut dir = rel;
        while let Some((parent, _)) = dir.rsplit_once('/') {
            let skill_md = format!("{parent}/SKILL.md");
            if self.docs.contains_key(&skill_md) || self.settings.open_path(&skill_md).is_file() {
                return parent.to_string();
            }
            dir = parent;
        }
        if self.docs.contains_key("SKILL.md") || self.settings.open_path("SKILL.md").is_file() {
            return String::new();
        }
        rel.to_string()
    }

    fn publish(&self, uri: &lsp::Uri, diagnostics: Vec<lsp::Diagnostic>) {
        self.send(Message::Notification(Notification::new(
            "textDocument/publishDiagnostics".into(),
            lsp::PublishDiagnosticsParams {
                uri: uri.clone(),
                diagnostics,
                version: None,
            },
        )));
    }

    /// The text of a repo-relative file: its buffer, else the disk.
    fn text_of(&self, rel: &str) -> Option<String> {
        match self.docs.get(rel) {
            Some(d) => Some(d.text.clone()),
            None => std::fs::read(self.root.join(rel))
                .ok()
                .map(|b| String::from_utf8_lossy(&b).into_owned()),
        }
    }

    /// The range of a span in an open document, by its line index.
    fn to_lsp(&self, d: &Diagnostic, doc: &Doc) -> lsp::Diagnostic {
        let span_range = |text: &str, span: Option<crate::source::Span>| match span {
            Some(s) => range(text, s.offset, s.offset + s.length, self.enc),
            None => lsp::Range::default(),
        };
        let mut message = d.message.clone();
        if let Some(help) = &d.help {
            message.push_str("\nhelp: ");
            message.push_str(help);
        }
        let related: Vec<lsp::DiagnosticRelatedInformation> = d
            .labels
            .iter()
            .filter_map(|l| {
                let (uri, range) = match &l.path {
                    Some(p) if *p != d.path => {
                        let text = self.text_of(p)?;
                        (
                            path_to_uri(&self.root.join(p))?,
                            span_range(&text, Some(l.span)),
                        )
                    }
                    _ => (doc.uri.clone(), doc.span_range(Some(l.span), self.enc)),
                };
                Some(lsp::DiagnosticRelatedInformation {
                    location: lsp::Location::new(uri, range),
                    message: l.text.clone(),
                })
            })
            .collect();
        lsp::Diagnostic {
            range: doc.span_range(d.span, self.enc),
            severity: Some(match d.severity {
                Severity::Error => lsp::DiagnosticSeverity::ERROR,
                Severity::Warning => lsp::DiagnosticSeverity::WARNING,
            }),
            code: Some(lsp::NumberOrString::String(d.rule.to_string())),
            code_description: lsp::Uri::from_str(&rule_doc_url(d.rule.id))
                .ok()
                .map(|href| lsp::CodeDescription { href }),
            source: Some("caplint".into()),
            message,
            related_information: (!related.is_empty()).then_some(related),
            tags: None,
            data: None,
        }
    }

    fn request(&mut self, req: Request) {
        let result = match req.method.as_str() {
            "textDocument/codeAction" => {
                match serde_json::from_value::<lsp::CodeActionParams>(req.params) {
                    Ok(p) => self.code_actions(&p),
                    Err(e) => {
                        self.send(Message::Response(Response::new_err(
                            req.id,
                            lsp_server::ErrorCode::InvalidParams as i32,
                            e.to_string(),
                        )));
                        return;
                    }
                }
            }
            _ => {
                self.send(Message::Response(Response::new_err(
                    req.id,
                    lsp_server::ErrorCode::MethodNotFound as i32,
                    format!("unsupported request {}", req.method),
                )));
                return;
            }
        };
        self.send(Message::Response(Response::new_ok(req.id, result)));
    }

    fn code_actions(&self, p: &lsp::CodeActionParams) -> Value {
        let Some(rel) = self.rel(&p.text_document.uri) else {
            return Value::Array(Vec::new());
        };
        let mut rules: Vec<String> = p
            .context
            .diagnostics
            .iter()
            .filter(|d| d.source.as_deref() == Some("caplint"))
            .filter_map(|d| match &d.code {
                Some(lsp::NumberOrString::String(rule)) => Some(rule.clone()),
                _ => None,
            })
            .collect();
        rules.sort();
        rules.dedup();
        let mut actions = Vec::new();
        // Each finding's own fix, for the findings the client names (matched
        // by rule and range with those last published).
        let doc = self.docs.get(&rel);
        for asked in &p.context.diagnostics {
            let (Some(doc), Some(published)) = (doc, self.published.get(&rel)) else {
                break;
            };
            let Some(d) = published.iter().find(|d| {
                asked.code == Some(lsp::NumberOrString::String(d.rule.to_string()))
                    && doc.span_range(d.span, self.enc) == asked.range
            }) else {
                continue;
            };
            let Some(fix) = &d.fix else {
                continue;
            };
            // A fix that would carry a known secret (moving `token: …` under
            // `metadata` copies its value into the edit) is not offered: the
            // edit's text goes to the client unmasked, and masking it would
            // write `****` into the file. The secret's own finding says what
            // to do first.
            if fix_holds_a_secret(fix) {
                continue;
            }
            let Some(edit) = self.fix_edit(fix) else {
                continue;
            };
            let safe = fix.applicability == crate::diagnostic::Applicability::Safe;
            actions.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title: if safe {
                    fix.message.clone()
                } else {
                    format!("{} (unsafe)", fix.message)
                },
                kind: Some(lsp::CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![asked.clone()]),
                edit: Some(edit),
                is_preferred: Some(safe),
                ..Default::default()
            }));
        }
        for rule in rules {
            let Some(edit) = self.disable_edit(&rel, &rule) else {
                continue;
            };
            let diagnostics: Vec<lsp::Diagnostic> = p
                .context
                .diagnostics
                .iter()
                .filter(|d| d.code == Some(lsp::NumberOrString::String(rule.clone())))
                .cloned()
                .collect();
            actions.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title: format!("Disable {rule} for this file"),
                kind: Some(lsp::CodeActionKind::QUICKFIX),
                diagnostics: Some(diagnostics),
                edit: Some(edit),
                ..Default::default()
            }));
        }
        serde_json::to_value(actions).unwrap_or(Value::Null)
    }

    /// A fix as a workspace edit: its text edits (byte ranges turned into
    /// positions in the text each file has now, its buffer or the disk),
    /// then its rename.
    fn fix_edit(&self, fix: &crate::diagnostic::Fix) -> Option<lsp::WorkspaceEdit> {
        let mut by_path: BTreeMap<&str, Vec<&crate::diagnostic::Edit>> = BTreeMap::new();
        for e in &fix.edits {
            by_path.entry(e.path.as_str()).or_default().push(e);
        }
        let mut ops = Vec::new();
        for (path, edits) in by_path {
            let text = self.text_of(path)?;
            let edits = edits
                .into_iter()
                .map(|e| {
                    lsp::OneOf::Left(lsp::TextEdit::new(
                        range(&text, e.range.start, e.range.end, self.enc),
                        e.replacement.clone(),
                    ))
                })
                .collect();
            ops.push(lsp::DocumentChangeOperation::Edit(lsp::TextDocumentEdit {
                text_document: lsp::OptionalVersionedTextDocumentIdentifier {
                    uri: path_to_uri(&self.root.join(path))?,
                    version: None,
                },
                edits,
            }));
        }
        if let Some((from, to)) = &fix.rename {
            ops.push(lsp::DocumentChangeOperation::Op(lsp::ResourceOp::Rename(
                lsp::RenameFile {
                    old_uri: path_to_uri(&self.root.join(from))?,
                    new_uri: path_to_uri(&self.root.join(to))?,
                    options: None,
                    annotation_id: None,
                },
            )));
        }
        (!ops.is_empty()).then(|| lsp::WorkspaceEdit {
            document_changes: Some(lsp::DocumentChanges::Operations(ops)),
            ..Default::default()
        })
    }

    /// A workspace edit that turns `rule` off for the file `rel` in the
    /// configuration's `overrides` (the file is created when missing).
    fn disable_edit(&self, rel: &str, rule: &str) -> Option<lsp::WorkspaceEdit> {
        let config_path = self
            .settings
            .config_path
            .clone()
            .unwrap_or_else(|| self.root.join(CONFIG_FILE));
        let uri = path_to_uri(&config_path)?;
        let config_rel = config_path
            .strip_prefix(&self.root)
            .map(|r| r.to_string_lossy().replace('\\', "/"))
            .unwrap_or_else(|_| CONFIG_FILE.to_string());
        let text = self.text_of(&config_rel);
        let create = text.is_none();
        let edit = override_edit(text.as_deref().unwrap_or(""), rel, rule, self.enc)?;
        // Document changes rather than a map of changes: the file may need
        // creating first.
        let mut ops = Vec::new();
        if create {
            ops.push(lsp::DocumentChangeOperation::Op(lsp::ResourceOp::Create(
                lsp::CreateFile {
                    uri: uri.clone(),
                    options: None,
                    annotation_id: None,
                },
            )));
        }
        ops.push(lsp::DocumentChangeOperation::Edit(lsp::TextDocumentEdit {
            text_document: lsp::OptionalVersionedTextDocumentIdentifier { uri, version: None },
            edits: vec![lsp::OneOf::Left(edit)],
        }));
        Some(lsp::WorkspaceEdit {
            document_changes: Some(lsp::DocumentChanges::Operations(ops)),
            ..Default::default()
        })
    }
}

/// Whether a fix's message, edits or rename hold a secret the run knows.
fn fix_holds_a_secret(fix: &crate::diagnostic::Fix) -> bool {
    let masked = |t: &str| crate::redact::mask(t) != t || !crate::secrets::scan(t).is_empty();
    masked(&fix.message)
        || fix.edits.iter().any(|e| masked(&e.replacement))
        || fix
            .rename
            .as_ref()
            .is_some_and(|(a, b)| masked(a) || masked(b))
}
