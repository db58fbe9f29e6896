// node:constants (deprecated in Node, still required by graceful-fs and
// other fs wrappers): os.constants' dlopen, errno, priority and signals
// tables and fs.constants in one object, as Node merges them. Node adds
// crypto.constants too; those OpenSSL numbers have no meaning here.
const os = require("os").constants;
module.exports = Object.assign({}, os.dlopen, os.errno, os.priority, os.signals, require("fs").constants);
