import { MSG } from '@xueban/contract/messages';

/** The only error the parsers let out: its message is a catalogue sentence shown to the user as is. */
export class ParseError extends Error {
  override name = 'ParseError';
}

/** Size bounds shared by every format, so a hostile or huge file costs bounded memory and time. */
export const PARSE_LIMITS = {
  /** Characters of extracted text. */
  maxChars: 2_000_000,
  /** Rows of a spreadsheet or csv, all sheets together. */
  maxRows: 200_000,
} as const;

export const tooMuchContent = () => new ParseError(MSG.fileTooMuchContent);

/** Throws a ParseError when the signal has fired, so long loops stop between steps. */
export function checkAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new ParseError(MSG.parseAborted, { cause: signal.reason });
}

/** Anything unexpected from a library (bad structure, truncated data) means the file is corrupt to the user. */
export function asParseError(err: unknown, signal?: AbortSignal): ParseError {
  if (err instanceof ParseError) return err;
  if (signal?.aborted) return new ParseError(MSG.parseAborted, { cause: signal.reason });
  return new ParseError(MSG.fileCorrupt, { cause: err });
}
