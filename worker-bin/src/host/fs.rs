//! The binding of `node:fs` (`node/js/fs.js`) to the file room
//! ([`crate::fs`]): one function, `host.fs(op, ...args)`, synchronous as
//! the room is. A refusal is thrown as the `Error` Node would throw, with
//! `code`, `errno` (negative), `syscall`, `path` and `dest`; fs.js passes it
//! on to callbacks and promises as it is.

use rquickjs::function::Rest;
use rquickjs::{Array, Ctx, Exception, Function, IntoJs, Object, Result, TypedArray, Value};

use super::bytes_of;
use crate::fs::{FsError, Room, Stat};

/// Throws `e` as Node's error.
fn throw(ctx: &Ctx<'_>, e: &FsError) -> rquickjs::Error {
    let message = e.to_string();
    let Ok(err) = Exception::from_message(ctx.clone(), &message) else {
        return Exception::throw_message(ctx, &message);
    };
    let o: &Object<'_> = err.as_object();
    let set = || -> Result<()> {
        o.set("errno", -e.errno)?;
        o.set("code", e.code)?;
        o.set("syscall", e.syscall)?;
        if let Some(p) = &e.path {
            o.set("path", p.as_str())?;
        }
        if let Some(d) = &e.dest {
            o.set("dest", d.as_str())?;
        }
        Ok(())
    };
    match set() {
        Ok(()) => ctx.throw(err.into_value()),
        Err(e) => e,
    }
}

/// The arguments of one call, by position.
struct Args<'js>(Vec<Value<'js>>);

impl<'js> Args<'js> {
    fn text(&self, i: usize) -> Result<String> {
        let v = self.0.get(i).cloned();
        match v.and_then(|v| v.as_string().cloned()) {
            Some(s) => s.to_string(),
            None => Ok(String::new()),
        }
    }
    fn num(&self, i: usize) -> f64 {
        self.0.get(i).and_then(Value::as_number).unwrap_or(0.0)
    }
    fn flag(&self, i: usize) -> bool {
        self.0.get(i).and_then(Value::as_bool).unwrap_or(false)
    }
    /// A position: a number, or none (`null`, `-1`).
    fn position(&self, i: usize) -> Option<u64> {
        self.0
            .get(i)
            .and_then(Value::as_number)
            .filter(|n| *n >= 0.0)
            .map(|n| n as u64)
    }
    fn bytes(&self, i: usize) -> Result<Vec<u8>> {
        match self.0.get(i) {
            Some(v) => bytes_of(v),
            None => Ok(Vec::new()),
        }
    }
}

fn stat<'js>(ctx: &Ctx<'js>, s: Stat) -> Result<Value<'js>> {
    let fields = [
        s.dev as f64,
        s.mode as f64,
        s.nlink as f64,
        s.uid as f64,
        s.gid as f64,
        s.rdev as f64,
        s.blksize as f64,
        s.ino as f64,
        s.size as f64,
        s.blocks as f64,
        s.atime_ms,
        s.mtime_ms,
        s.ctime_ms,
        s.birthtime_ms,
    ];
    fields.to_vec().into_js(ctx)
}

fn bytes<'js>(ctx: &Ctx<'js>, b: Vec<u8>) -> Result<Value<'js>> {
    TypedArray::<u8>::new(ctx.clone(), b)?.into_js(ctx)
}

/// Runs `op` on the room; what it answers, as JS.
fn call<'js>(ctx: &Ctx<'js>, r: &mut Room, op: &str, a: &Args<'js>) -> Result<Value<'js>> {
    let ctx2 = ctx.clone();
    let fail = move |e: FsError| throw(&ctx2, &e);
    let unit = |r: std::result::Result<(), FsError>| r.map(|()| Value::new_undefined(ctx.clone()));
    let s0 = a.text(0)?;
    match op {
        "readFile" => bytes(ctx, r.read_file(&s0).map_err(fail)?),
        "stat" => stat(ctx, r.stat(&s0, true).map_err(fail)?),
        "lstat" => stat(ctx, r.stat(&s0, false).map_err(fail)?),
        "fstat" => stat(ctx, r.fstat(a.num(0) as i32).map_err(fail)?),
        "readdir" | "opendir" => {
            let list = r.read_dir(&s0, op == "readdir").map_err(fail)?;
            let out = Array::new(ctx.clone())?;
            for (i, e) in list.into_iter().enumerate() {
                out.set(2 * i, e.name)?;
                out.set(2 * i + 1, e.kind)?;
            }
            out.into_js(ctx)
        }
        "access" => unit(r.access(&s0, a.num(1) as i32)).map_err(fail),
        "realpath" => r.realpath(&s0).map_err(fail)?.into_js(ctx),
        "readlink" => r.readlink(&s0).map_err(fail)?.into_js(ctx),
        "writeFile" => {
            let data = a.bytes(1)?;
            unit(r.write_file(&s0, &data, a.num(2) as i32, a.num(3) as u32)).map_err(fail)
        }
        "open" => r
            .open(&s0, a.num(1) as i32, a.num(2) as u32)
            .map_err(fail)?
            .into_js(ctx),
        "close" => unit(r.close(a.num(0) as i32)).map_err(fail),
        "read" => {
            let len = a.num(1).clamp(0.0, (1u64 << 31) as f64) as usize;
            bytes(
                ctx,
                r.read(a.num(0) as i32, len, a.position(2)).map_err(fail)?,
            )
        }
        "write" => {
            let data = a.bytes(1)?;
            let n = r
                .write(a.num(0) as i32, &data, a.position(2))
                .map_err(fail)?;
            (n as f64).into_js(ctx)
        }
        "ftruncate" => unit(r.ftruncate(a.num(0) as i32, a.num(1) as u64)).map_err(fail),
        "truncate" => unit(r.truncate(&s0, a.num(1) as u64)).map_err(fail),
        "mkdir" => r
            .mkdir(&s0, a.flag(1), a.num(2) as u32)
            .map_err(fail)?
            .into_js(ctx),
        "mkdtemp" => r.mkdtemp(&s0).map_err(fail)?.into_js(ctx),
        "rm" => unit(r.rm(&s0, a.flag(1), a.flag(2))).map_err(fail),
        "rmdir" => unit(r.rmdir(&s0, a.flag(1))).map_err(fail),
        "unlink" => unit(r.unlink(&s0)).map_err(fail),
        "rename" => unit(r.rename(&s0, &a.text(1)?)).map_err(fail),
        "copyFile" => unit(r.copy_file(&s0, &a.text(1)?, a.flag(2))).map_err(fail),
        _ => Err(Exception::throw_internal(
            ctx,
            &format!("fs: no operation {op}"),
        )),
    }
}

/// Adds `fs` to the built-ins' `host`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "fs",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, op: String, rest: Rest<Value<'js>>| {
                let args = Args(rest.0);
                // tmpdir() takes the room itself.
                if op == "tmpdir" {
                    return crate::fs::tmpdir().into_js(&ctx);
                }
                crate::fs::with(|room| call(&ctx, room, &op, &args))
            },
        )?,
    )
}
