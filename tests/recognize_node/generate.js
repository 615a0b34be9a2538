// Regenerates vectors.json: the wrapper grammars evaluated by a real
// ECMAScript engine (Node's RegExp), on a deterministic pseudo-random corpus.
// Usage: node tests/recognize_node/generate.js > tests/recognize_node/vectors.json
'use strict';

const TIMEOUT = /^timeout[ \t]+([1-9][0-9]*(?:\.[0-9]+)?[smhd]?)[ \t]+(.+)$/;
const TIME = /^time[ \t]+(?![-\s])(.+)$/;
const WORDS = ['timeout', 'time', 'env', 'xargs'];

// mulberry32: a small seeded generator, so the corpus is reproducible.
function rng(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'timeout', 'time', 'env', 'xargs', ' ', ' ', '\t', '-', '--', '-p', '1', '0', '05', '30s', '1.5h',
  '1.', '.5', '10ms', '240', 'x', 'ls', 'pnpm test', '&&', '|', ';',
  '\u000b', '\u000c', '\u00a0', '\u1680', '\u2000', '\u200a', '\u202f', '\u205f', '\u3000', '\ufeff',
  '\u0085', '\n', '\r', '\u2028', '\u2029', '\u0000', '\u{1F600}', 'é',
];
const STARTS = ['timeout ', 'timeout\t', 'time ', 'time\t', 'timeout', 'time', '', 'env ', 'xargs '];

const next = rng(20260101);
const pick = (list) => list[Math.floor(next() * list.length)];
const inputs = new Set();
const BLANKS = [' ', '\t', '  ', ' \t', '\t\t ', '', '\u00a0'];
const DURATIONS = ['1', '30s', '240', '1.5h', '10.25d', '0', '05', '1.', '.5', '10ms', '9S', '-k', '--', '2m', '1.5.2'];
const tail = (max) => {
  let s = '';
  const n = Math.floor(next() * max);
  for (let i = 0; i < n; i++) s += pick(PIECES);
  return s;
};
while (inputs.size < 2000) inputs.add(pick(STARTS) + tail(7));
// Shaped like the grammars, so that most class boundaries are hit near a match.
while (inputs.size < 4000) {
  const word = next() < 0.5 ? 'timeout' : 'time';
  const middle = word === 'timeout' ? pick(DURATIONS) + pick(BLANKS) : '';
  inputs.add(word + pick(BLANKS) + middle + tail(4));
}

const rows = [...inputs].map((input) => {
  const t = TIMEOUT.exec(input);
  const m = TIME.exec(input);
  return {
    input,
    timeout: t ? [t[1], t[2]] : null,
    time: m ? m[1] : null,
    words: WORDS.filter((w) => new RegExp(`^${w}(?:[ \\t]|$)`).test(input)),
  };
});
process.stdout.write(JSON.stringify({ generator: 'tests/recognize_node/generate.js', node: process.version, rows }, null, 0) + '\n');
