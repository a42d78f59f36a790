; Highlight queries for rulegen .rules and .ops files (nvim-treesitter and
; Helix capture names).

(comment) @comment
(string) @string
(integer) @number
(float) @number.float
(boolean) @boolean
(wildcard) @variable.builtin

[
  "import" "dialect" "op" "class" "extern" "pred" "fn" "pass" "rule"
  "pipeline" "results" "traits" "shape" "eval" "smt" "fixpoint" "once" "inexact" "for" "in"
] @keyword
"if" @keyword.conditional
["splat" "const"] @function.builtin

[
  "||" "&&" "==" "!=" "<" "<=" ">" ">=" "+" "-" "*" "/" "%" "!"
  "=>" "->" "=" "|" ".." "..." "?" "??"
] @operator
["(" ")" "[" "]" "{" "}"] @punctuation.bracket
["," ":"] @punctuation.delimiter

(op_declaration name: (_) @function)
(class_declaration name: (identifier) @type)
(extern_declaration name: (identifier) @function)
(pass_declaration name: (identifier) @module)
(pipeline_declaration name: (identifier) @module)
(rule name: (identifier) @label)
(dialect_declaration name: (identifier) @module)
(type (identifier) @type.builtin)

(op_alternatives (_) @function)
(op_replacement op: (_) @function)
(call function: (identifier) @function.call)
(attribute_declaration name: (identifier) @property)
(attribute_binding name: (identifier) @property)
(attribute_absent name: (identifier) @property)
(attribute_value name: (identifier) @property)
(named_replacement name: (identifier) @variable)
(keyword_argument name: (identifier) @variable.parameter)
(operand name: (identifier) @variable.parameter)
(binding name: (identifier) @variable)
(op_pattern binding: (identifier) @variable)
(rest (identifier) @variable)
(qualified_name) @constant
(identifier) @variable
