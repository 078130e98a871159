use crate::helpers::demo;
use apollo_compiler::validation::Valid;
use apollo_compiler::{ExecutableDocument, Schema};
use serde_json::Value;
use supplysite_content_adapter::contentful::{all_queries, schema::sdl};

const SDL_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/contentful.graphql");

fn committed() -> Valid<Schema> {
    let text = std::fs::read_to_string(SDL_PATH).expect("schema/contentful.graphql is committed");
    Schema::parse_and_validate(text, "contentful.graphql").expect("the committed SDL is valid")
}

#[test]
fn the_committed_sdl_is_the_schema_contentful_generates_for_the_content_model() {
    let content_types = demo()["contentTypes"].as_array().unwrap().clone();
    let generated = sdl(&content_types);
    if std::env::var_os("UPDATE_SCHEMA").is_some() {
        std::fs::write(SDL_PATH, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(SDL_PATH).unwrap_or_default();
    assert!(
        committed == generated,
        "schema/contentful.graphql is out of date with the demo's content model; rerun with UPDATE_SCHEMA=1 and review the diff"
    );
}

#[test]
fn every_query_the_adapter_sends_validates_against_the_sdl_with_its_variables() {
    let schema = committed();
    let queries = all_queries();
    assert_eq!(queries.len(), 14, "13 content types and the assets");
    for (root, text, vars) in queries {
        let doc = ExecutableDocument::parse_and_validate(&schema, text.as_str(), "query.graphql")
            .unwrap_or_else(|e| panic!("{root}: {}\n{text}", e.errors));
        let op = doc.operations.get(None).unwrap();
        let vars = vars.as_object().unwrap();
        // Every variable the query declares is sent, and nothing else.
        let declared: Vec<&str> = op.variables.iter().map(|v| v.name.as_str()).collect();
        let mut sent: Vec<&str> = vars.keys().map(String::as_str).collect();
        let mut declared_sorted = declared.clone();
        declared_sorted.sort();
        sent.sort();
        assert_eq!(sent, declared_sorted, "{root}");
        for v in &op.variables {
            let value = &vars[v.name.as_str()];
            let ty = v.ty.inner_named_type().as_str();
            match ty {
                "Int" => assert!(value.is_u64(), "{root}: ${} = {value}", v.name),
                "Boolean" => assert!(value.is_boolean(), "{root}: ${} = {value}", v.name),
                order => {
                    let values = schema.get_enum(order).expect("an order enum");
                    for item in value.as_array().unwrap() {
                        let name = item.as_str().unwrap();
                        assert!(
                            values.values.keys().any(|k| k.as_str() == name),
                            "{root}: {name} is not a {order}"
                        );
                    }
                }
            }
        }
        assert!(root.ends_with("Collection"), "{root}");
        assert!(
            op.selection_set.selections.len() == 1,
            "{root}: one collection per query"
        );
    }
}

#[test]
fn the_validation_catches_a_misspelt_field_and_a_wrong_argument() {
    let schema = committed();
    let (_, text, _) = all_queries()
        .into_iter()
        .find(|(root, _, _)| root == "blogPostCollection")
        .unwrap();
    let misspelt = text.replace("heroImage", "heroImg");
    assert!(ExecutableDocument::parse_and_validate(&schema, misspelt, "q.graphql").is_err());
    let wrong_order = text.replace("[BlogPostOrder]", "[CasestudyOrder]");
    assert!(ExecutableDocument::parse_and_validate(&schema, wrong_order, "q.graphql").is_err());
}

#[test]
fn the_sdl_names_types_fields_filters_and_orders_by_contentfuls_rules() {
    let schema = committed();
    let query = schema.get_object("Query").unwrap();
    for field in [
        "blogPostCollection",
        "casestudyCollection",
        "addOnFaqListCollection",
        "assetCollection",
        "richTextPage",
    ] {
        assert!(query.fields.contains_key(field), "Query.{field}");
    }
    let post = schema.get_object("BlogPost").unwrap();
    assert_eq!(
        post.fields["bodyRichtext"].ty.inner_named_type().as_str(),
        "BlogPostBodyRichtext"
    );
    assert_eq!(
        post.fields["heroImage"].ty.inner_named_type().as_str(),
        "Asset"
    );
    assert!(schema.get_object("BlogPostBodyRichtextLinks").is_some());
    assert!(
        schema
            .get_input_object("BlogPostFilter")
            .unwrap()
            .fields
            .contains_key("slug_contains")
    );
    assert!(
        schema
            .get_enum("BlogPostOrder")
            .unwrap()
            .values
            .contains_key("publishDate_DESC")
    );
    let page = schema.get_object("PageBuilder").unwrap();
    assert_eq!(
        page.fields["contentSlicesCollection"]
            .ty
            .inner_named_type()
            .as_str(),
        "PageBuilderContentSlicesCollection"
    );
    assert!(schema.get_union("PageBuilderContentSlicesItem").is_some());
    let _: &Value = &Value::Null;
}
