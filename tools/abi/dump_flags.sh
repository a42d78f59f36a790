# abidw flags shared by `make abi-baseline` and tools/abi/check.sh: public
# types only (with --headers-dir), no source locations, paths or parameter
# names, type ids by hash, so that a dump depends on the interface alone.
ABI_DUMP_FLAGS="--no-show-locs --no-corpus-path --no-comp-dir-path --no-parameter-names --type-id-style hash --drop-private-types"
