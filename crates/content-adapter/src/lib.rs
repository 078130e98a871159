//! Content sources for supplysite: Contentful space-export files and the live Contentful APIs.
