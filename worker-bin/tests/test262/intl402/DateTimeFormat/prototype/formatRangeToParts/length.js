// Copyright 2019 Google, Inc.  All rights reserved.
// This code is governed by the BSD license found in the LICENSE file.

/*---
description: Intl.DateTimeFormat.prototype.formatRangeToParts.length.
includes: [propertyHelper.js]
features: [Intl.DateTimeFormat-formatRange]
---*/
verifyProperty(Intl.DateTimeFormat.prototype.formatRangeToParts, 'length', {
  value: 2,
  enumerable: false,
  writable: false,
  configurable: true,
});
