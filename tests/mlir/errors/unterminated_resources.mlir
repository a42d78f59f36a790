{-#
  dialect_resources: {
    builtin: {
      blob: "0x0400000001"
