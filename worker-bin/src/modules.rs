//! How `import` finds and reads files: relative specifiers resolve against
//! the importing module's folder, absolute paths stay as they are, and bare
//! specifiers (`import "preact"`) are refused with a hint to bundle, since
//! a worker has no `node_modules` lookup.

use std::path::{Component, Path, PathBuf};

use rquickjs::loader::{ImportAttributes, Loader, Resolver};
use rquickjs::{Ctx, Error, Module, Result};

#[derive(Debug, Default)]
pub struct FileModules;

/// Joins `name` onto the folder of `base` and removes `.` and `..` lexically.
pub fn resolve_path(base: &str, name: &str) -> Option<PathBuf> {
    let joined = if name.starts_with('/') {
        PathBuf::from(name)
    } else if name.starts_with("./") || name.starts_with("../") {
        Path::new(base).parent()?.join(name)
    } else {
        return None;
    };
    let mut out = PathBuf::new();
    for part in joined.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

impl Resolver for FileModules {
    fn resolve<'js>(
        &mut self,
        _ctx: &Ctx<'js>,
        base: &str,
        name: &str,
        _attributes: Option<ImportAttributes<'js>>,
    ) -> Result<String> {
        match resolve_path(base, name) {
            Some(path) => Ok(path.to_string_lossy().into_owned()),
            None => Err(Error::new_resolving_message(
                base,
                name,
                "bare module specifiers are not supported; bundle dependencies into the \
                 script (for example with esbuild --bundle --format=esm)",
            )),
        }
    }
}

impl Loader for FileModules {
    fn load<'js>(
        &mut self,
        ctx: &Ctx<'js>,
        path: &str,
        _attributes: Option<ImportAttributes<'js>>,
    ) -> Result<Module<'js>> {
        let source = std::fs::read(path)
            .map_err(|e| Error::new_loading_message(path, format!("cannot read {path}: {e}")))?;
        Module::declare(ctx.clone(), path, source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_relative_and_absolute() {
        let base = "/srv/app/pages/index.js";
        assert_eq!(
            resolve_path(base, "./a.js").unwrap(),
            Path::new("/srv/app/pages/a.js")
        );
        assert_eq!(
            resolve_path(base, "../lib/b.js").unwrap(),
            Path::new("/srv/app/lib/b.js")
        );
        assert_eq!(resolve_path(base, "/x/y.js").unwrap(), Path::new("/x/y.js"));
        assert!(resolve_path(base, "preact").is_none());
    }
}
