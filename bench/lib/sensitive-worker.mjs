// Measures the sensitive-word matcher (issue 28) in process, on the server's TypeScript sources
// through tsx: dictionary load, build time and memory with 10 000 listed words, throughput on
// questions and streamed answers (against the matcher before normalisation), and the catch rate
// on the evasion corpus and false positives on the near-miss corpus. Prints one JSON line.
import { performance } from 'node:perf_hooks';

const heap = () => process.memoryUsage().heapUsed;
const t0 = performance.now();
const { buildMatcher } = await import('../../apps/server/src/ai/sensitive-matcher.ts');
const { normalise, formsOf } = await import('../../apps/server/src/ai/sensitive-normalise.ts');
const before = await import('./sensitive-matcher-before.ts');
const { LISTED, EVASIONS, FRAMES, NEAR_MISSES } = await import('../../apps/server/test/fixtures/sensitive-corpus.ts');
const importMs = performance.now() - t0;

// Dictionaries load on first use: opencc-js (traditional → simplified), then pinyin-pro.
let h = heap();
let t = performance.now();
normalise('殺');
const openccMs = performance.now() - t;
const openccHeap = heap() - h;
h = heap();
t = performance.now();
formsOf('自杀');
const pinyinMs = performance.now() - t;
const pinyinHeap = heap() - h;

// Texts: ordinary Chinese with some English, no listed word (the usual case: nothing found).
const PROSE = '光合作用是绿色植物利用光能，把二氧化碳和水转化成储存能量的有机物，并且释放出氧气的过程。'
  + '同学们在实验中观察叶片的变化，记录数据并讨论结果。The experiment shows how light affects growth. '
  + '老师提醒大家注意安全，按照步骤操作，遇到问题及时提问。';
const paragraph = PROSE.repeat(20);
const folded = normalise(paragraph);

// 10 000 listed words: the corpus's, then two to four random common Han characters each (none in the text: the usual case).
let seed = 7;
const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const COMMON = '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严';
const words = LISTED.map((w) => w.word);
while (words.length < 10_000) {
  const n = 2 + Math.floor(rand() * 3);
  let w = '';
  for (let i = 0; i < n; i++) w += COMMON[Math.floor(rand() * COMMON.length)];
  if (!formsOf(w).some((f) => folded.includes(f))) words.push(w);
}
h = heap();
t = performance.now();
const matcher = buildMatcher(words);
const buildMs = performance.now() - t;
const buildHeap = heap() - h;
t = performance.now();
const old = before.buildMatcher(words);
const oldBuildMs = performance.now() - t;

const clean = (text) => matcher.firstMatch(text) === null;
if (!clean(paragraph)) throw new Error('the bench text trips the matcher');
const question = PROSE.slice(0, 100);

function rate(fn, chars, minMs = 1500) {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    fn();
    n++;
  }
  return (n * chars) / ((performance.now() - start) / 1000);
}
const questionRate = rate(() => matcher.firstMatch(question), question.length);
const oldQuestionRate = rate(() => old.firstMatch(question), question.length);
const deltas = paragraph.match(/[\s\S]{1,8}/g);
const streamRate = rate(() => {
  const s = matcher.stream();
  for (const d of deltas) {
    s.push(d);
    void s.safeLength;
  }
  s.end();
}, paragraph.length);
const oldStreamRate = rate(() => {
  const s = old.stream();
  for (const d of deltas) s.push(d);
}, paragraph.length);

// The corpus, against its own listed words.
const corpus = buildMatcher(LISTED.map((w) => w.word));
const oldCorpus = before.buildMatcher(LISTED.map((w) => w.word));
const classes = Object.entries(EVASIONS).map(([name, disguise]) => {
  let total = 0;
  let caught = 0;
  let caughtBefore = 0;
  for (const w of LISTED) {
    const d = disguise(w);
    if (d === null) continue;
    for (const frame of FRAMES) {
      const text = frame.replace('{}', d);
      total++;
      if (corpus.firstMatch(text) === w.word) caught++;
      if (oldCorpus.firstMatch(text) !== null) caughtBefore++;
    }
  }
  return { name, total, caught, caughtBefore };
});
const falsePositives = NEAR_MISSES.filter((s) => corpus.firstMatch(s) !== null);

console.log(JSON.stringify({
  importMs, openccMs, openccHeap, pinyinMs, pinyinHeap,
  words: words.length, forms: words.reduce((n, w) => n + formsOf(w).length, 0), buildMs, buildHeap, oldBuildMs,
  questionRate, oldQuestionRate, streamRate, oldStreamRate, deltaChars: 8,
  classes, nearMisses: NEAR_MISSES.length, falsePositives,
}));
