import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';

/** A business error: its `msg` is shown to the user as is, so it is always a catalogue string. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
  }
}

export const badRequest = (msg: string, data: unknown = null) => new AppError(400, Code.BAD_REQUEST, msg, data);
export const unauthorized = (msg: string = MSG.loginRequired) => new AppError(401, Code.TOKEN_INVALID, msg);
export const forbidden = (msg: string = MSG.noAccess) => new AppError(403, Code.FORBIDDEN, msg);
export const notFound = (msg: string = MSG.notFound) => new AppError(404, Code.NOT_FOUND, msg);
export const conflict = (msg: string, data: unknown = null) => new AppError(409, Code.CONFLICT, msg, data);
export const tooLarge = (msg: string) => new AppError(413, Code.TOO_LARGE, msg);
export const unsupportedType = (msg: string) => new AppError(415, Code.UNSUPPORTED_TYPE, msg);
export const tooMany = (msg: string = MSG.tooManyAttempts) => new AppError(429, Code.TOO_MANY, msg);
