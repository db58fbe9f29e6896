// Copyright 2019 Google, Inc.  All rights reserved.
// This code is governed by the BSD license found in the LICENSE file.

/*---
description: Intl.DateTimeFormat.prototype.formatRange.name value and descriptor.
includes: [propertyHelper.js]
features: [Intl.DateTimeFormat-formatRange]
---*/
verifyProperty(Intl.DateTimeFormat.prototype.formatRange, 'name', {
  value: 'formatRange',
  enumerable: false,
  writable: false,
  configurable: true,
});
