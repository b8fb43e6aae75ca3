const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;

/**
 * Search terms of a Chinese (or mixed) text: ICU word segments, lower-cased, plus the character
 * bigrams of Han runs, so a term the segmenter cut differently in question and text still meets.
 */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text.toLowerCase())) {
    if (!isWordLike) continue;
    out.push(segment);
    if (HAN.test(segment) && segment.length > 2) {
      for (let i = 0; i + 2 <= segment.length; i++) out.push(segment.slice(i, i + 2));
    }
  }
  return out;
}
