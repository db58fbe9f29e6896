// Copyright 2019 Igalia, S.L. All rights reserved.
// This code is governed by the BSD license found in the LICENSE file.

/*---
esid: sec-intl.numberformat
description: Checks handling of the compactDisplay option to the NumberFormat constructor.
info: |
  Intl.NumberFormat ( [ locales [ , options ] ] )

  1. Let _signDisplay_ be ? GetOption(_options_, *"signDisplay"*, ~string~,
     « *"auto"*, *"never"*, *"always"*, *"exceptZero"*, *"negative"* »,
     *"auto"*).
  1. Set _numberFormat_.[[SignDisplay]] to _signDisplay_.

features: [Intl.NumberFormat-unified]
---*/

const values = [
  [undefined, "auto"],
  ["auto"],
  ["never"],
  ["always"],
  ["exceptZero"],
];

for (const [value, expected = value] of values) {
  const nf = new Intl.NumberFormat([], {
    signDisplay: value,
  });
  const resolvedOptions = nf.resolvedOptions();
  assert.sameValue("signDisplay" in resolvedOptions, true);
  assert.sameValue(resolvedOptions.signDisplay, expected);
}
