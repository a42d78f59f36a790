// Loads dsl/tree-sitter-rules/grammar.js with stand-ins for tree-sitter's
// grammar DSL (no tree-sitter CLI needed) and checks what can be checked
// without generating the parser: the file evaluates, every `$.rule` it
// refers to is defined, every defined rule other than the start rule is
// used, and every node name the highlight query captures exists.
// Usage: node grammar_check.js GRAMMAR.js HIGHLIGHTS.scm FILE...
'use strict';
const fs = require('fs');
const path = require('path');

const used = new Set();
const $ = new Proxy({}, { get: (_, name) => { used.add(String(name)); return { ref: String(name) }; } });
const wrap = (kind) => (...args) => ({ kind, args });
global.seq = wrap('seq');
global.choice = wrap('choice');
global.repeat = wrap('repeat');
global.repeat1 = wrap('repeat1');
global.optional = wrap('optional');
global.field = wrap('field');
global.alias = wrap('alias');
global.token = Object.assign(wrap('token'), { immediate: wrap('immediate') });
global.prec = Object.assign(wrap('prec'), { left: wrap('left'), right: wrap('right'), dynamic: wrap('dynamic') });
let spec = null;
global.grammar = (g) => { spec = g; return g; };

const [grammarPath, queryPath] = process.argv.slice(2);
const errors = [];
require(path.resolve(grammarPath));
if (!spec || !spec.rules) {
  console.log('FAIL grammar: grammar.js does not call grammar({rules})');
  process.exit(0);
}
const defined = Object.keys(spec.rules);
const literals = new Set();
const walk = (x) => {
  if (typeof x === 'string') literals.add(x);
  else if (x && x.kind === 'field') walk(x.args[1]);
  else if (x && x.kind === 'alias') walk(x.args[0]);
  else if (x && x.args) x.args.forEach(walk);
};
for (const name of defined) walk(spec.rules[name]($));
for (const k of ['extras', 'word']) if (spec[k]) spec[k]($);
for (const name of used)
  if (!spec.rules[name]) errors.push(`rule '${name}' is used but not defined`);
for (const name of defined.slice(1))
  if (!used.has(name)) errors.push(`rule '${name}' is defined but never used`);
console.log(errors.length ? `FAIL grammar-rules: ${errors.join('; ')}` : `PASS grammar-rules: ${defined.length} rules`);

// Named nodes the query captures must be visible rules (not `_hidden`),
// and quoted tokens must be literals of the grammar.
const q = fs.readFileSync(queryPath, 'utf8').replace(/;[^\n]*/g, '');
const qerr = [];
for (const m of q.matchAll(/\((\w+)/g))
  if (m[1] !== '_' && (!spec.rules[m[1]] || m[1].startsWith('_'))) qerr.push(`node '${m[1]}'`);
for (const m of q.matchAll(/"((?:[^"\\]|\\.)*)"/g))
  if (!literals.has(m[1].replace(/\\(.)/g, '$1'))) qerr.push(`token "${m[1]}"`);
console.log(qerr.length ? `FAIL highlight-query: unknown ${[...new Set(qerr)].join(', ')}` : 'PASS highlight-query');

// ---- parsing without the tree-sitter CLI ----
// The grammar as plain context-free productions, tokens by longest match
// (keywords out of identifiers, as the grammar's `word` does), then an
// Earley recognizer: every file given after the two paths must be a
// sentence of the grammar. Precedences only pick among trees, so they do
// not change which files are accepted.
const prods = new Map(); // nonterminal -> array of alternatives (symbol arrays)
const terminals = new Map(); // regex terminal name -> RegExp
let fresh = 0;
const addProd = (nt, alts) => prods.set(nt, (prods.get(nt) || []).concat(alts));
const lit = (s) => 'L:' + s;
const toRegex = (x) => {
  if (typeof x === 'string') return x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (x instanceof RegExp) return x.source;
  if (x.kind === 'seq') return x.args.map(toRegex).join('');
  if (x.kind === 'choice') return '(?:' + x.args.map(toRegex).join('|') + ')';
  if (x.kind === 'repeat') return '(?:' + toRegex(x.args[0]) + ')*';
  if (x.kind === 'repeat1') return '(?:' + toRegex(x.args[0]) + ')+';
  if (x.kind === 'optional') return '(?:' + toRegex(x.args[0]) + ')?';
  if (x.kind === 'token' || x.kind === 'immediate') return toRegex(x.args[0]);
  throw new Error('cannot make a token of ' + JSON.stringify(x));
};
// Symbols for x: returns an array of alternatives, each an array of symbols.
const expand = (x) => {
  if (typeof x === 'string') return [[lit(x)]];
  if (x instanceof RegExp) { const n = 'T' + fresh++; terminals.set(n, new RegExp(x.source, 'y')); return [[n]]; }
  if (x.ref) return [[x.ref]];
  switch (x.kind) {
    case 'seq': return x.args.map(expand).reduce((acc, alts) => acc.flatMap((a) => alts.map((b) => a.concat(b))), [[]]);
    case 'choice': return x.args.flatMap(expand);
    case 'optional': return [[], ...expand(x.args[0])];
    case 'repeat': case 'repeat1': {
      const n = 'R' + fresh++;
      const body = expand(x.args[0]);
      addProd(n, body.map((b) => b.slice()));
      addProd(n, body.map((b) => [n].concat(b)));
      return x.kind === 'repeat' ? [[], [n]] : [[n]];
    }
    case 'field': return expand(x.args[1]);
    case 'alias': return expand(x.args[0]);
    case 'prec': case 'left': case 'right': case 'dynamic': return expand(x.args[x.args.length - 1]);
    case 'token': case 'immediate': { const n = 'T' + fresh++; terminals.set(n, new RegExp(toRegex(x.args[0]), 'y')); return [[n]]; }
    default: throw new Error('unknown grammar construct ' + x.kind);
  }
};
const tokenRules = new Set();
for (const name of defined) {
  const body = spec.rules[name]($);
  const isToken = (b) => typeof b === 'string' || b instanceof RegExp || (b && (b.kind === 'token' || (b.kind === 'choice' && b.args.every((a) => typeof a === 'string'))));
  if (typeof body !== 'string' && (isToken(body) && body.kind !== 'choice' || body.kind === 'token')) {
    terminals.set(name, new RegExp(toRegex(body), 'y'));
    tokenRules.add(name);
  } else {
    addProd(name, expand(body));
  }
}
const keywords = new Set([...literals].filter((s) => /^[a-zA-Z_]\w*$/.test(s)));
const puncts = [...literals].filter((s) => !keywords.has(s)).sort((a, b) => b.length - a.length);
const extras = spec.extras($).filter((e) => e.ref).map((e) => e.ref);

function tokenize(text) {
  const toks = [];
  let i = 0;
  outer: while (i < text.length) {
    const ws = /\s+/y; ws.lastIndex = i;
    if (ws.exec(text)) { i = ws.lastIndex; continue; }
    for (const e of extras) { const r = terminals.get(e); r.lastIndex = i; if (r.exec(text)) { i = r.lastIndex; continue outer; } }
    let best = null, bestEnd = i;
    for (const [name, r] of terminals) {
      if (extras.includes(name)) continue;
      r.lastIndex = i;
      if (r.exec(text) && r.lastIndex > bestEnd) { best = name; bestEnd = r.lastIndex; }
    }
    for (const p of puncts) if (text.startsWith(p, i) && i + p.length > bestEnd) { best = lit(p); bestEnd = i + p.length; }
    if (!best) return { error: `unexpected character at offset ${i}` };
    const s = text.slice(i, bestEnd);
    toks.push({ sym: keywords.has(s) && best === spec.word($).ref ? lit(s) : best, at: i });
    i = bestEnd;
  }
  return { toks };
}

function recognize(toks) {
  const start = defined[0];
  const sets = [];
  const add = (k, item) => { const key = item.join('|'); if (!sets[k].keys.has(key)) { sets[k].keys.add(key); sets[k].items.push(item); } };
  // item: [nt, altIndex, dot, origin]
  const nullable = new Set();
  for (let changed = true; changed;) {
    changed = false;
    for (const [nt, alts] of prods) if (!nullable.has(nt) && alts.some((a) => a.every((s) => nullable.has(s)))) { nullable.add(nt); changed = true; }
  }
  for (let k = 0; k <= toks.length; k++) sets.push({ items: [], keys: new Set() });
  prods.get(start).forEach((_, a) => add(0, [start, a, 0, 0]));
  for (let k = 0; k <= toks.length; k++) {
    const S = sets[k];
    for (let j = 0; j < S.items.length; j++) {
      const [nt, a, dot, origin] = S.items[j];
      const alt = prods.get(nt)[a];
      if (dot < alt.length) {
        const next = alt[dot];
        if (prods.has(next)) {
          prods.get(next).forEach((_, b) => add(k, [next, b, 0, k]));
          if (nullable.has(next)) add(k, [nt, a, dot + 1, origin]);
        } else if (k < toks.length && toks[k].sym === next) {
          add(k + 1, [nt, a, dot + 1, origin]);
        }
      } else {
        for (const [pnt, pa, pdot, porigin] of sets[origin].items.slice()) {
          const palt = prods.get(pnt)[pa];
          if (pdot < palt.length && palt[pdot] === nt) add(k, [pnt, pa, pdot + 1, porigin]);
        }
      }
    }
    if (k < toks.length && !sets[k + 1].items.length) return k;
  }
  return sets[toks.length].items.some(([nt, a, dot, o]) => nt === start && o === 0 && dot === prods.get(nt)[a].length) ? -1 : toks.length;
}

let bad = 0;
for (const file of process.argv.slice(4)) {
  const text = fs.readFileSync(file, 'utf8');
  const t = tokenize(text);
  let where = null;
  if (t.error) where = t.error;
  else {
    const k = recognize(t.toks);
    if (k >= 0) {
      const at = k < t.toks.length ? t.toks[k].at : text.length;
      const line = text.slice(0, at).split('\n').length;
      where = `${file}:${line}: no parse at '${text.slice(at, at + 20).split('\n')[0]}'`;
    }
  }
  if (where) { bad++; console.log(`FAIL parse:${file}: ${where}`); }
  else console.log(`PASS parse:${file}`);
}
