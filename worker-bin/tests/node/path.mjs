// node:path (posix).
import path, { join, resolve } from "node:path";

export async function run(print) {
  print(join("/a/b", "../c", "./d.txt"), join("a", "", "b/"), join(""), resolve("/x/y", "../z"), resolve("/a", "/b", "c"));
  print(path.normalize("/a//b/../c/."), path.normalize(""), path.isAbsolute("/a"), path.isAbsolute("a"));
  print(path.relative("/data/orandea/test/aaa", "/data/orandea/impl/bbb"), path.relative("/a", "/a"));
  print(path.dirname("/a/b/c.txt"), path.dirname("c"), path.basename("/a/b/c.txt"), path.basename("/a/b/c.txt", ".txt"), path.extname("x.tar.gz"), path.extname(".bashrc"), path.extname("a."));
  print(JSON.stringify(path.parse("/home/user/dir/file.txt")), path.format({ dir: "/home/u", name: "f", ext: ".js" }));
  print(path.sep, path.delimiter, path.posix.join("a", "b"));
}
