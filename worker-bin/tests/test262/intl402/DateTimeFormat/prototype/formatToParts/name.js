// Copyright 2016 Mozilla Corporation. All rights reserved.
// This code is governed by the license found in the LICENSE file.

/*---
description: Intl.DateTimeFormat.prototype.formatToParts.name value and descriptor. 
includes: [propertyHelper.js]
---*/
verifyProperty(Intl.DateTimeFormat.prototype.formatToParts, 'name', {
  value: 'formatToParts',
  enumerable: false,
  writable: false,
  configurable: true,
});
