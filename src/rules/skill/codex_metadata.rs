//! `skill/codex-metadata`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// with target `codex`: `agents/openai.yaml` does not parse, has a wrong type or unknown key, or names an icon that is missing or outside `assets/`
    ///
    /// ## What it does
    /// Enabled by target `codex`. Checks the skill's `agents/openai.yaml`: valid YAML; top-level `interface`, `dependencies`, `policy` and `permissions`; `interface.display_name` (at most 64 characters), `short_description` and `default_prompt` (at most 1024) as non-empty strings; `brand_color` as `#RRGGBB`; `icon_small` and `icon_large` as relative paths under the skill's `assets/` folder that exist; each `dependencies.tools` entry a mapping with `type` and `value`; `policy.allow_implicit_invocation` a boolean. Unknown keys get a did-you-mean. The file and the icons it names count as referenced for `skill/unreferenced-file`.
    ///
    /// ## Why
    /// Codex reads this file to show the skill (name, icon, colour, starting prompt) and to install its dependencies. It fails open: a file that does not parse or has a wrong type is ignored whole, and a bad value is dropped, without a word to the author.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// interface:
    ///   display_name: "PDF tools"
    ///   icon_small: "./icons/pdf.png"
    ///   brand_color: "blue"
    /// ```
    /// Good:
    /// ```yaml
    /// interface:
    ///   display_name: "PDF tools"
    ///   icon_small: "./assets/pdf.png"
    ///   brand_color: "#3B82F6"
    /// ```
    ///
    /// ## Fix
    /// Fix the value at the position shown.
    pub static RULE = "skill/codex-metadata", Error;
}
