// tools/mlir_plugin/plugin.cpp - the only C++ of the mlir-opt pass plugin.
//
// Why C++ here: MLIR's C API can create a pass (mlirCreateExternalPass) but
// cannot register one under a name for --pass-pipeline, nor give it
// options; mlir-opt finds a plugin's passes through the C++ registry
// (mlir::registerPass) and parses `rulegen{target=...}` through
// Pass::initializeOptions. So this file declares the pass, hands the raw
// option string to C (rgm_config_new, which parses and checks it) and runs
// the C conversion and passes on each operation (rgm_run). Everything else
// is C over the MLIR C API (tools/mlir_plugin/*.c).
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include <memory>

#include "rgmlir.h"

namespace {

// The parsed options, shared read-only by the clones MLIR makes of the pass
// for its threads.
struct ConfigRef {
  RgmConfig *c;
  explicit ConfigRef(RgmConfig *cfg) : c(cfg) {}
  ~ConfigRef() { rgm_config_free(c); }
};

class RulegenPass : public mlir::Pass {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RulegenPass)

  RulegenPass(const RgmPlugin *plugin)
      : mlir::Pass(mlir::TypeID::get<RulegenPass>()), plugin(plugin) {}
  RulegenPass(const RulegenPass &other)
      : mlir::Pass(other), plugin(other.plugin), config(other.config) {}

  llvm::StringRef getName() const override { return plugin->pass_name; }
  llvm::StringRef getArgument() const override { return plugin->pass_name; }
  llvm::StringRef getDescription() const override { return plugin->description; }
  bool canScheduleOn(mlir::RegisteredOperationName) const override { return true; }
  std::unique_ptr<mlir::Pass> clonePass() const override {
    return std::make_unique<RulegenPass>(*this);
  }

  llvm::LogicalResult
  initializeOptions(llvm::StringRef opts,
                    llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)> errorHandler) override {
    char err[512] = "";
    RgmConfig *c = rgm_config_new(plugin, opts.data(), opts.size(), err, sizeof err);
    if (!c)
      return errorHandler(err);
    config = std::make_shared<ConfigRef>(c);
    return llvm::success();
  }

  void runOnOperation() override {
    if (!config) { // no options given: the defaults
      char err[512] = "";
      RgmConfig *c = rgm_config_new(plugin, "", 0, err, sizeof err);
      if (!c) {
        getOperation()->emitError() << err;
        return signalPassFailure();
      }
      config = std::make_shared<ConfigRef>(c);
    }
    if (!rgm_run(config->c, MlirOperation{getOperation()}))
      signalPassFailure();
  }

private:
  const RgmPlugin *plugin;
  std::shared_ptr<ConfigRef> config;
};

} // namespace

extern "C" void rg_mlir_plugin_register(const RgmPlugin *plugin) {
  mlir::registerPass([plugin]() -> std::unique_ptr<mlir::Pass> {
    return std::make_unique<RulegenPass>(plugin);
  });
}

// The bundled plugin's entry; the plugin library (librulegen-mlir.a) is
// built without it, and a user's plugin brings its own (in C).
#ifndef RGM_NO_ENTRY
static void register_bundled() { rg_mlir_plugin_register(rgm_bundled_plugin()); }

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default"))) ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "rulegen", RG_VERSION, register_bundled};
}
#endif
