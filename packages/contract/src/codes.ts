/** Response codes of the `{ code, msg, data }` envelope (design.md §3, spec §8). */
export const Code = {
  OK: 20000,
  /** Business errors: the client shows `msg` as a toast. */
  BAD_REQUEST: 40000,
  VALIDATION: 40001,
  UNAUTHORIZED: 40100,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  TOO_LARGE: 41300,
  UNSUPPORTED_TYPE: 41500,
  TOO_MANY: 42900,
  SERVER_ERROR: 50000,
  /** Handled silently by the client: log out and prompt for login. */
  TOKEN_INVALID: 50008,
  TOKEN_EXPIRED: 50014,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Codes the client treats as success (spec §8). */
export const SUCCESS_CODES: readonly number[] = [20000, 200, 204, 1];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  request_id?: string;
}

export interface Page<T> {
  page: number;
  limit: number;
  offset: number;
  total: number;
  data: T[];
}
