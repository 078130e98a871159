//! A node's `data`, kept compact. Most nodes carry `{}`, hyperlinks `{"uri": …}` and entry or
//! asset links `{"target": {"sys": {"id", "linkType", "type"}}}`; those shapes are held as a
//! few strings instead of a tree of JSON maps (a large archive holds millions of nodes). Any
//! other value is kept as it is, so a document still round-trips unchanged.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

/// The `data` of a rich-text node.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Data {
    /// No `data` (JSON `null`).
    #[default]
    Null,
    /// `{}`.
    Empty,
    /// `{"uri": "…"}` and nothing else.
    Uri(Box<str>),
    /// `{"target": {"sys": {"id": "…", "linkType": "…", "type": "…"}}}` and nothing else.
    Target(Box<Target>),
    /// Any other value.
    Other(Box<Value>),
}

/// The `sys` of a link target in its compact form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The target entry's or asset's id.
    pub id: String,
    /// `Entry` or `Asset`.
    pub link_type: String,
    /// The `type` of the `sys` (`Link`).
    pub kind: String,
}

impl Data {
    /// The data as the JSON value it was read from.
    pub fn to_value(&self) -> Value {
        match self {
            Data::Null => Value::Null,
            Data::Empty => Value::Object(Map::new()),
            Data::Uri(uri) => object([("uri", Value::String(uri.to_string()))]),
            Data::Target(t) => object([(
                "target",
                object([(
                    "sys",
                    object([
                        ("id", Value::String(t.id.clone())),
                        ("linkType", Value::String(t.link_type.clone())),
                        ("type", Value::String(t.kind.clone())),
                    ]),
                )]),
            )]),
            Data::Other(value) => (**value).clone(),
        }
    }

    /// `data.uri`, when it is a string.
    pub(crate) fn uri(&self) -> Option<&str> {
        match self {
            Data::Uri(uri) => Some(uri),
            Data::Other(value) => value.get("uri").and_then(Value::as_str),
            _ => None,
        }
    }

    /// `(linkType, id)` of `data.target.sys`; the link type is `None` when it is absent.
    pub(crate) fn target(&self) -> Option<(Option<&str>, &str)> {
        match self {
            Data::Target(t) => Some((Some(&t.link_type), &t.id)),
            Data::Other(value) => {
                let sys = value.get("target")?.get("sys")?;
                let link_type = sys.get("linkType").and_then(Value::as_str);
                Some((link_type, sys.get("id")?.as_str()?))
            }
            _ => None,
        }
    }
}

fn object<const N: usize>(pairs: [(&str, Value); N]) -> Value {
    Value::Object(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

impl From<Value> for Data {
    fn from(value: Value) -> Self {
        match value {
            Value::Null => Data::Null,
            Value::Object(map) if map.is_empty() => Data::Empty,
            Value::Object(mut map) if map.len() == 1 => {
                if let Some(Value::String(uri)) = map.get_mut("uri") {
                    return Data::Uri(std::mem::take(uri).into_boxed_str());
                }
                match map.get_mut("target").and_then(compact_target) {
                    Some(target) => Data::Target(Box::new(target)),
                    None => Data::Other(Box::new(Value::Object(map))),
                }
            }
            other => Data::Other(Box::new(other)),
        }
    }
}

/// The compact form of a `target` that is exactly `{"sys": {"id", "linkType", "type"}}` with
/// three strings; the value is taken only when it is.
fn compact_target(target: &mut Value) -> Option<Target> {
    let target = target.as_object_mut()?;
    if target.len() != 1 {
        return None;
    }
    let sys = target.get_mut("sys")?.as_object_mut()?;
    let all_strings = ["id", "linkType", "type"]
        .iter()
        .all(|k| sys.get(*k).is_some_and(Value::is_string));
    if sys.len() != 3 || !all_strings {
        return None;
    }
    let mut take = |k: &str| match sys.get_mut(k) {
        Some(Value::String(s)) => std::mem::take(s),
        _ => String::new(),
    };
    Some(Target {
        id: take("id"),
        link_type: take("linkType"),
        kind: take("type"),
    })
}

impl Serialize for Data {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Data::Null => s.serialize_unit(),
            Data::Other(value) => value.serialize(s),
            compact => compact.to_value().serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Data {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Value::deserialize(d).map(Data::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_shape_round_trips_unchanged_and_the_common_ones_are_compact() {
        let cases = [
            (json!(null), "null"),
            (json!({}), "empty"),
            (json!({"uri": "https://x.test"}), "uri"),
            (
                json!({"target": {"sys": {"id": "p1", "type": "Link", "linkType": "Entry"}}}),
                "target",
            ),
            (json!({"uri": 5}), "other"),
            (json!({"uri": "a", "title": "b"}), "other"),
            (
                json!({"target": {"sys": {"id": "p1", "linkType": "Entry"}}}),
                "other",
            ),
            (
                json!({"target": {"sys": {"id": "p1", "type": "Link", "linkType": 3}}}),
                "other",
            ),
            (json!([1, 2]), "other"),
        ];
        for (value, shape) in cases {
            let data = Data::from(value.clone());
            let found = match &data {
                Data::Null => "null",
                Data::Empty => "empty",
                Data::Uri(_) => "uri",
                Data::Target(_) => "target",
                Data::Other(_) => "other",
            };
            assert_eq!(found, shape, "{value}");
            assert_eq!(data.to_value(), value);
            assert_eq!(serde_json::to_value(&data).unwrap(), value);
            let back: Data = serde_json::from_value(value.clone()).unwrap();
            assert_eq!(back, data);
        }
    }

    #[test]
    fn links_read_the_same_from_either_form() {
        let compact = Data::from(
            json!({"target": {"sys": {"id": "a", "type": "Link", "linkType": "Asset"}}}),
        );
        let other = Data::from(json!({"target": {"sys": {"id": "a"}, "extra": 1}}));
        assert_eq!(compact.target(), Some((Some("Asset"), "a")));
        assert_eq!(other.target(), Some((None, "a")));
        assert_eq!(Data::from(json!({"uri": "/x"})).uri(), Some("/x"));
        assert_eq!(Data::from(json!({"uri": "/x", "y": 1})).uri(), Some("/x"));
        assert_eq!(Data::Empty.uri(), None);
    }
}
