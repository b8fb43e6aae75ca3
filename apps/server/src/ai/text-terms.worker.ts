// A worker thread of the text-terms pool (text-terms-pool.ts): segments texts off the main thread.
import { textTerms } from './text-terms.ts';

export default function segmentTexts(texts: string[]) {
  return texts.map(textTerms);
}
