import { splitWordText } from '@xueban/contract/sensitive';

/** The words an import text holds, as the server will count them: trimmed, blanks dropped. */
export const wordsIn = (text: string) => splitWordText(text).map((w) => w.trim()).filter(Boolean);

/**
 * A .txt word list as text. Lists saved by Chinese Windows tools are often GBK, not UTF-8: bytes
 * that are not valid UTF-8 are read as GBK rather than turned into replacement characters.
 */
export function decodeWordFile(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}
