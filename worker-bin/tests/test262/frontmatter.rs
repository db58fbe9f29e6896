//! A test262 file's frontmatter: the YAML between `/*---` and `---*/`, read
//! for the keys that change how the file runs (INTERPRETING.md): `includes`,
//! `flags`, `features` and `negative`. Lists come inline (`[a, b]`) or as a
//! block (`- a` lines); other keys are skipped.

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Meta {
    pub includes: Vec<String>,
    pub flags: Vec<String>,
    pub features: Vec<String>,
    pub negative: Option<Negative>,
}

/// What a negative test must throw, and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Negative {
    pub phase: String,
    pub error: String,
}

impl Meta {
    pub fn has_flag(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }
}

/// The frontmatter of `source`; a file without one gets the defaults.
pub fn parse(source: &str) -> Result<Meta, String> {
    let Some(start) = source.find("/*---") else {
        return Ok(Meta::default());
    };
    let body = &source[start + 5..];
    let end = body
        .find("---*/")
        .ok_or("frontmatter has no closing ---*/")?;
    let mut meta = Meta::default();
    let mut lines = body[..end].lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with([' ', '\t']) || line.trim().is_empty() {
            continue;
        }
        let Some((key, rest)) = line.split_once(':') else {
            continue;
        };
        // The indented lines under the key: a block list or a map.
        let mut block = vec![];
        while let Some(next) = lines.next_if(|l| l.starts_with([' ', '\t']) || l.trim().is_empty())
        {
            block.push(next.trim());
        }
        let list = || list(rest.trim(), &block);
        match key {
            "includes" => meta.includes = list(),
            "flags" => meta.flags = list(),
            "features" => meta.features = list(),
            "negative" => {
                let field = |name: &str| {
                    block.iter().find_map(|l| {
                        let (k, v) = l.split_once(':')?;
                        (k.trim() == name).then(|| v.trim().to_string())
                    })
                };
                meta.negative = Some(Negative {
                    phase: field("phase").ok_or("negative: without phase")?,
                    error: field("type").ok_or("negative: without type")?,
                });
            }
            _ => {}
        }
    }
    Ok(meta)
}

/// `[a, b]` after the key, or the `- a` lines under it.
fn list(inline: &str, block: &[&str]) -> Vec<String> {
    let items: Vec<&str> = if let Some(inner) = inline.strip_prefix('[') {
        inner.trim_end_matches(']').split(',').collect()
    } else {
        block.iter().filter_map(|l| l.strip_prefix('-')).collect()
    };
    items
        .into_iter()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_inline_and_block_lists_and_negative() {
        let meta = parse(
            "// c\n/*---\nesid: x\ninfo: |\n  includes: [no.js]\n  - not a list\n\
             includes: [a.js, b.js]\nflags:\n  - onlyStrict\n  - async\n\
             features: [Intl.Locale]\nnegative:\n  phase: parse\n  type: SyntaxError\n---*/\n",
        )
        .unwrap();
        assert_eq!(meta.includes, ["a.js", "b.js"]);
        assert_eq!(meta.flags, ["onlyStrict", "async"]);
        assert_eq!(meta.features, ["Intl.Locale"]);
        assert_eq!(
            meta.negative,
            Some(Negative {
                phase: "parse".into(),
                error: "SyntaxError".into()
            })
        );
        assert_eq!(parse("no frontmatter").unwrap(), Meta::default());
    }
}
