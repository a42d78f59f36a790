/**
 * Tree-sitter grammar for rulegen's .rules and .ops files: op declarations,
 * op classes, externs, passes with their rules (pattern, guard,
 * replacement) and pipelines. It follows dsl/grammar.y (the compiler's
 * lemon grammar) rule for rule, with the same operator precedences, so an
 * editor sees the structure the compiler sees.
 */
const PREC = { cond: 0, or: 1, and: 2, cmp: 3, add: 4, mul: 5, unary: 6, index: 7 };

const commaSep1 = (r) => seq(r, repeat(seq(',', r)));
const commaSep = (r) => optional(commaSep1(r));

module.exports = grammar({
  name: 'rulegen',

  extras: ($) => [/\s/, $.comment],
  word: ($) => $.identifier,

  rules: {
    source_file: ($) => repeat($._declaration),

    _declaration: ($) =>
      choice(
        $.import_declaration,
        $.dialect_declaration,
        $.op_declaration,
        $.class_declaration,
        $.extern_declaration,
        $.pass_declaration,
        $.pipeline_declaration,
      ),

    import_declaration: ($) => seq('import', field('path', $.string)),
    dialect_declaration: ($) => seq('dialect', field('name', $._name)),

    // ---- .ops: op declarations, classes, externs ----

    op_declaration: ($) =>
      seq(
        'op',
        field('name', $._op_name),
        '(',
        commaSep($.operand),
        ')',
        optional($.attribute_declarations),
        repeat($._op_clause),
      ),
    operand: ($) => seq(field('name', $._name), optional('...')),
    attribute_declarations: ($) => seq('{', commaSep($.attribute_declaration), '}'),
    attribute_declaration: ($) =>
      seq(
        field('name', $._name),
        optional('?'),
        ':',
        field('type', $.type),
        optional(seq('=', field('default', $._expression))),
      ),
    type: ($) => seq($._name, optional(seq('[', ']'))),
    _op_clause: ($) =>
      choice(
        seq('results', '(', $.integer, ')'),
        // one result per element of an int[] attribute, or a count per node
        seq('results', '(', $._name, '(', $._name, ')', ')'),
        seq('results', '(', '...', ')'),
        seq('traits', '(', commaSep1($._name), ')'),
        seq('shape', '(', $._name, ')'),
        seq('eval', '(', $._name, ')'),
        seq('smt', '(', $._name, ')'),
      ),

    class_declaration: ($) =>
      seq(
        'class',
        field('name', $._name),
        '=',
        choice(
          seq('[', commaSep1($._op_name), ']'),
          seq('traits', '(', commaSep1($._name), ')'),
        ),
      ),

    extern_declaration: ($) =>
      seq(
        'extern',
        choice(
          seq('pred', field('name', $._name), '(', commaSep($.type), ')'),
          seq('fn', field('name', $._name), '(', commaSep($.type), ')', '->', $.type),
        ),
      ),

    // ---- .rules: passes, rules, pipelines ----

    pass_declaration: ($) =>
      seq(
        'pass',
        field('name', $._name),
        optional(field('doc', $.string)),
        optional(choice('fixpoint', 'once')),
        '{',
        repeat($.rule),
        '}',
      ),

    rule: ($) =>
      seq(
        optional('inexact'),
        'rule',
        field('name', $._name),
        ':',
        field('pattern', $._pattern),
        optional($.guard),
        '=>',
        field('replacement', $._replacement),
      ),
    guard: ($) => seq('if', $._expression),

    pipeline_declaration: ($) =>
      seq('pipeline', field('name', $._name), '=', '[', commaSep($._name), ']'),

    _pattern: ($) => choice($.op_pattern, $._name, $.wildcard, $.binding),
    binding: ($) => seq(field('name', $._name), ':', choice($.op_pattern, $.splat)),

    op_pattern: ($) =>
      seq(
        '(',
        optional(seq(field('binding', $._name), ':')),
        field('op', $.op_alternatives),
        repeat($._pattern_argument),
        optional($.rest),
        optional($.attribute_patterns),
        ')',
      ),
    op_alternatives: ($) => seq($._op_name, repeat(seq('|', $._op_name))),
    _pattern_argument: ($) => choice($.wildcard, $._name, $.op_pattern, $.binding, $.splat),
    splat: ($) => prec(1, seq('splat', '(', $._expression, ')')),
    rest: ($) => seq('..', $._name),
    // `{perms = p}`, `{!alpha}` (absent), `{alpha = a ?? 1}` (default)
    attribute_patterns: ($) =>
      seq('{', commaSep(choice($.attribute_binding, $.attribute_absent)), '}'),
    attribute_binding: ($) =>
      seq(
        field('name', $._name),
        '=',
        field('value', $._expression),
        optional(seq('??', field('default', $._expression))),
      ),
    attribute_absent: ($) => seq('!', field('name', $._name)),
    attribute_values: ($) => seq('{', commaSep($.attribute_value), '}'),
    attribute_value: ($) => seq(field('name', $._name), '=', field('value', $._expression)),

    _replacement: ($) => choice($._replacement_argument, $.wildcard, $.replacement_list, $.replacement_for),
    // one node per element of int lists walked in step, one per result
    replacement_for: ($) =>
      seq('[', field('element', $._replacement_argument), 'for', commaSep1($._name), 'in', commaSep1($._expression), ']'),
    // one replacement per result of a root with several; `_` leaves one alone
    replacement_list: ($) => seq('[', commaSep1(choice($._replacement_argument, $.wildcard)), ']'),
    _replacement_argument: ($) =>
      choice($._name, $.rest, $.const_replacement, $.op_replacement, $.named_replacement),
    named_replacement: ($) => seq(field('name', $._name), ':', $._replacement_argument),
    const_replacement: ($) => prec(1, seq('const', '(', $._expression, ')')),
    op_replacement: ($) =>
      seq(
        '(',
        field('op', $._op_name),
        repeat($._replacement_argument),
        optional($.attribute_values),
        ')',
      ),

    // ---- expressions (guards, attribute values, defaults) ----

    // A comparison does not chain (`1 < 2 < 3` is an error, as in the
    // compiler): its sides are operands, never comparisons themselves.
    _expression: ($) =>
      choice($.conditional_expression, $.logical_expression, $.comparison, $._operand),
    conditional_expression: ($) =>
      prec.right(PREC.cond, seq($._expression, '?', $._expression, ':', $._expression)),
    _operand: ($) =>
      choice(
        $.binary_expression,
        $.unary_expression,
        $.call,
        $.index_expression,
        $.list,
        $.parenthesized_expression,
        $.integer,
        $.float,
        $.string,
        $.boolean,
        $._name,
        $.qualified_name,
      ),
    logical_expression: ($) =>
      choice(
        prec.left(PREC.or, seq($._expression, '||', $._expression)),
        prec.left(PREC.and, seq($._expression, '&&', $._expression)),
      ),
    comparison: ($) =>
      prec(PREC.cmp, seq($._operand, choice('==', '!=', '<', '<=', '>', '>='), $._operand)),
    binary_expression: ($) =>
      choice(
        prec.left(PREC.add, seq($._operand, choice('+', '-'), $._operand)),
        prec.left(PREC.mul, seq($._operand, choice('*', '/', '%'), $._operand)),
      ),
    unary_expression: ($) => prec.right(PREC.unary, seq(choice('!', '-'), $._operand)),
    call: ($) =>
      seq(field('function', $._name), '(', commaSep(choice($._expression, $.keyword_argument)), ')'),
    keyword_argument: ($) => seq(field('name', $._name), '=', field('value', $._expression)),
    index_expression: ($) =>
      prec(
        PREC.index,
        seq($._operand, '[', $._expression, optional(seq('..', $._expression)), ']'),
      ),
    list: ($) => seq('[', commaSep($._expression), ']'),
    parenthesized_expression: ($) => seq('(', $._expression, ')'),

    // ---- tokens ----

    _op_name: ($) => choice($._name, $.qualified_name),
    // Keywords that the compiler also takes as names (its %fallback).
    _name: ($) => choice($.identifier, alias($._soft_keyword, $.identifier)),
    _soft_keyword: (_) =>
      choice('op', 'traits', 'results', 'shape', 'eval', 'smt', 'pred', 'fn', 'fixpoint', 'once', 'splat', 'const',
        'inexact', 'for', 'in'),
    identifier: (_) => /[a-zA-Z_][a-zA-Z0-9_]*/,
    qualified_name: (_) => token(/[a-zA-Z_][a-zA-Z0-9_]*(\.[a-zA-Z_][a-zA-Z0-9_]*)+/),
    wildcard: (_) => '_',
    boolean: (_) => choice('true', 'false'),
    integer: (_) => token(choice(/0[xX][0-9a-fA-F]+/, /[0-9]+/)),
    float: (_) => token(choice(/[0-9]+\.[0-9]+([eE][+-]?[0-9]+)?/, /[0-9]+[eE][+-]?[0-9]+/)),
    string: (_) => token(seq('"', repeat(choice(/[^"\\\n]/, /\\[^\n]/)), '"')),
    comment: (_) => token(choice(seq('//', /[^\n]*/), seq('/*', /[^*]*\*+([^/*][^*]*\*+)*/, '/'))),
  },
});
