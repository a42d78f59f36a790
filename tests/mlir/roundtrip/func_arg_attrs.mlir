// Function argument and result attributes, as exporters emit them.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{arg_attrs = [{tf._user_specified_name = "x", tf_saved_model.index_path = ["x"]}], function_type = (tensor<1x10xf32>) -> tensor<1x10xf32>, res_attrs = [{tf_saved_model.index_path = ["y"]}], sym_name = "serving"}> ({
  ^bb0(%arg0: tensor<1x10xf32>):
    %0 = "tosa.sigmoid"(%arg0) : (tensor<1x10xf32>) -> tensor<1x10xf32>
    "func.return"(%0) : (tensor<1x10xf32>) -> ()
  }) {tf.entry_function = {inputs = "x:0", outputs = "Identity:0"}, tf_saved_model.exported_names = ["serving_default"]} : () -> ()
}) {tf.versions = {bad_consumers = [], min_consumer = 12 : i32, producer = 1395 : i32}, tf_saved_model.semantics} : () -> ()

