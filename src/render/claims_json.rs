//! One claim change as JSON (`caplint diff --format json`): its fields, a
//! stable `change` kind, and its `text`.

use crate::model::claims::{Change, Subject};

/// The JSON object of one change.
pub fn change(c: &Change) -> serde_json::Value {
    use serde_json::json;
    let mut v = match c {
        Change::SkillAdded { name, level } => json!({"skill": name, "to": level}),
        Change::SkillRemoved { name, level } => json!({"skill": name, "from": level}),
        Change::Level { name, from, to } => json!({"skill": name, "from": from, "to": to}),
        Change::ToolAdded { name, access } => json!({"tool": name, "to": access}),
        Change::ToolRemoved { name, access } => json!({"tool": name, "from": access}),
        Change::Access { name, from, to } => json!({"tool": name, "from": from, "to": to}),
        Change::EvidenceAdded {
            on,
            kind,
            reference,
        }
        | Change::EvidenceRemoved {
            on,
            kind,
            reference,
        } => {
            let (key, name) = match on {
                Subject::Skill(n) => ("skill", n),
                Subject::Tool(n) => ("tool", n),
            };
            json!({key: name, "evidence": {"kind": kind, "ref": reference}})
        }
        Change::LimitAdded(l) => json!({"limit": l}),
        Change::LimitRemoved(l) => json!({"limit": l}),
    };
    if let Some(obj) = v.as_object_mut() {
        obj.insert("change".into(), json!(c.kind()));
        obj.insert("text".into(), json!(c.to_string()));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_kind_and_text() {
        let c = Change::Access {
            name: "browser".into(),
            from: "read".into(),
            to: "write".into(),
        };
        let v = change(&c);
        assert_eq!(v["tool"], "browser");
        assert_eq!(v["to"], "write");
        assert_eq!(v["change"], "access-raised");
        assert_eq!(v["text"], "tool browser: access read → write");
    }
}
