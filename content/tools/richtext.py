"""A small markup for writing Contentful rich-text documents by hand.

Copy is easier to write, read and review as text than as nested JSON, so the demo's copy is
written in this markup and converted here to the JSON Contentful stores.

Blocks (separated by blank lines, except lists, quotes and tables which run line by line):
  `# ` … `###### `     heading-1 … heading-6
  `- ` / `1. `         unordered / ordered list item; indent two spaces per nesting level
  `> `                 blockquote (each line a paragraph)
  `---`                hr
  `| a | b |`          table row; a row followed by `|---|` is a header row
  `![asset-id]`        embedded-asset-block
  `[[entry-id]]`       embedded-entry-block
  anything else        paragraph (lines joined with a space)
Inline:
  `**bold**` `*italic*` `__underline__` `` `code` `` `^superscript^` `~subscript~`
  `~~strikethrough~~` `[text](https://…)` hyperlink, `[text](entry:ID)` entry-hyperlink,
  `[text](asset:ID)` asset-hyperlink, `{{ID}}` embedded-entry-inline.
"""

import re

MARK_DELIMITERS = [
    ("**", "bold"),
    ("__", "underline"),
    ("~~", "strikethrough"),
    ("*", "italic"),
    ("~", "subscript"),
    ("^", "superscript"),
]


def _text(value, marks):
    return {"nodeType": "text", "value": value, "marks": [{"type": m} for m in marks], "data": {}}


def _target(link_type, target_id):
    return {"target": {"sys": {"id": target_id, "type": "Link", "linkType": link_type}}}


def _find_close(s, start, delim):
    """Index of the closing delimiter, skipping doubled delimiters when looking for a single one."""
    i = start
    while True:
        j = s.find(delim, i)
        if j < 0:
            return -1
        if len(delim) == 1 and s[j : j + 2] == delim * 2:
            i = j + 2
            continue
        return j


def inline(s, marks=()):
    """Parses inline markup into a list of text, hyperlink and inline-entry nodes."""
    nodes = []
    buf = []

    def flush():
        if buf:
            nodes.append(_text("".join(buf), marks))
            buf.clear()

    i = 0
    while i < len(s):
        if s.startswith("`", i):
            j = s.find("`", i + 1)
            if j > i:
                flush()
                nodes.append(_text(s[i + 1 : j], [*marks, "code"]))
                i = j + 1
                continue
        if s.startswith("{{", i):
            j = s.find("}}", i)
            flush()
            nodes.append({"nodeType": "embedded-entry-inline", "data": _target("Entry", s[i + 2 : j]), "content": []})
            i = j + 2
            continue
        if s.startswith("[", i):
            m = re.match(r"\[([^\]]+)\]\(([^)\s]+)\)", s[i:])
            if m:
                flush()
                label, href = m.group(1), m.group(2)
                content = inline(label, marks)
                if href.startswith("entry:"):
                    node = {"nodeType": "entry-hyperlink", "data": _target("Entry", href[6:]), "content": content}
                elif href.startswith("asset:"):
                    node = {"nodeType": "asset-hyperlink", "data": _target("Asset", href[6:]), "content": content}
                else:
                    node = {"nodeType": "hyperlink", "data": {"uri": href}, "content": content}
                nodes.append(node)
                i += m.end()
                continue
        matched = False
        for delim, mark in MARK_DELIMITERS:
            if s.startswith(delim, i):
                j = _find_close(s, i + len(delim), delim)
                if j > i + len(delim):
                    flush()
                    nodes.extend(inline(s[i + len(delim) : j], [*marks, mark]))
                    i = j + len(delim)
                    matched = True
                break
        if matched:
            continue
        buf.append(s[i])
        i += 1
    flush()
    return nodes


def paragraph(s):
    content = inline(s)
    # The Contentful editor always keeps a text node at both ends of a paragraph.
    if not content or content[0]["nodeType"] != "text":
        content.insert(0, _text("", ()))
    if content[-1]["nodeType"] != "text":
        content.append(_text("", ()))
    return {"nodeType": "paragraph", "data": {}, "content": content}


LIST_RE = re.compile(r"^( *)(- |\d+\. )(.*)$")


def _list(lines, start, indent):
    """Parses list lines at `indent` from `start`; returns (node, next index)."""
    ordered = LIST_RE.match(lines[start]).group(2) != "- "
    items = []
    i = start
    while i < len(lines):
        m = LIST_RE.match(lines[i])
        if not m or len(m.group(1)) < indent:
            break
        if len(m.group(1)) > indent:
            nested, i = _list(lines, i, len(m.group(1)))
            items[-1]["content"].append(nested)
            continue
        items.append({"nodeType": "list-item", "data": {}, "content": [paragraph(m.group(3))]})
        i += 1
    kind = "ordered-list" if ordered else "unordered-list"
    return {"nodeType": kind, "data": {}, "content": items}, i


def _cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _table(rows):
    out = []
    header = len(rows) > 1 and set(rows[1].replace("|", "").strip()) <= set("-: ")
    body = rows[2:] if header else rows
    if header:
        out.append(_row(_cells(rows[0]), "table-header-cell"))
    out.extend(_row(_cells(r), "table-cell") for r in body)
    return {"nodeType": "table", "data": {}, "content": out}


def _row(cells, kind):
    return {
        "nodeType": "table-row",
        "data": {},
        "content": [{"nodeType": kind, "data": {}, "content": [paragraph(c)]} for c in cells],
    }


def document(markup):
    """Converts markup to a Contentful rich-text document."""
    lines = markup.strip("\n").split("\n")
    lines = [ln.rstrip() for ln in lines]
    # Strip the common indentation of triple-quoted copy.
    indents = [len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()]
    cut = min(indents) if indents else 0
    lines = [ln[cut:] for ln in lines]
    blocks = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        heading = re.match(r"^(#{1,6}) (.*)$", line)
        if heading:
            level = len(heading.group(1))
            blocks.append({"nodeType": f"heading-{level}", "data": {}, "content": inline(heading.group(2))})
            i += 1
        elif line == "---":
            blocks.append({"nodeType": "hr", "data": {}, "content": []})
            i += 1
        elif LIST_RE.match(line) and not line.startswith(" "):
            node, i = _list(lines, i, 0)
            blocks.append(node)
        elif line.startswith("> "):
            paras = []
            while i < len(lines) and lines[i].startswith("> "):
                paras.append(paragraph(lines[i][2:]))
                i += 1
            blocks.append({"nodeType": "blockquote", "data": {}, "content": paras})
        elif line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(lines[i])
                i += 1
            blocks.append(_table(rows))
        elif re.fullmatch(r"!\[[\w.-]+\]", line):
            blocks.append({"nodeType": "embedded-asset-block", "data": _target("Asset", line[2:-1]), "content": []})
            i += 1
        elif re.fullmatch(r"\[\[[\w.-]+\]\]", line):
            blocks.append({"nodeType": "embedded-entry-block", "data": _target("Entry", line[2:-2]), "content": []})
            i += 1
        else:
            para = []
            while i < len(lines) and lines[i].strip() and not _starts_block(lines[i]):
                para.append(lines[i].strip())
                i += 1
            blocks.append(paragraph(" ".join(para)))
    return {"nodeType": "document", "data": {}, "content": blocks}


def _starts_block(line):
    return bool(
        re.match(r"^(#{1,6} |> |\||---$|!\[|\[\[)", line) or (LIST_RE.match(line) and not line.startswith(" "))
    )


def words(node):
    """How many words of visible text a rich-text tree holds."""
    if node.get("nodeType") == "text":
        return len(node["value"].split())
    return sum(words(child) for child in node.get("content", []))


def walk(node):
    yield node
    for child in node.get("content", []):
        yield from walk(child)


if __name__ == "__main__":
    import json

    sample = """
    ## Heading with **bold**
    Text with *italic*, __under__, `code`, m^2^, CO~2~, ~~old~~ and [a link](https://example.com).
    - one
      1. nested [post](entry:abc)
    - two {{xyz}}
    > quoted
    ---
    | A | B |
    |---|---|
    | 1 | 2 |
    ![img-1]
    [[post-1]]
    """
    print(json.dumps(document(sample), indent=1))
