import type { CallResult } from '@xueban/contract/call';
import { FilePreview } from '@xueban/contract/calls/files';
import { call } from '../../lib/api.ts';

export type PreviewInfo = CallResult<typeof FilePreview.filePreview>;

/** Preview info of one of our files (GET File/filePreview). */
export const fetchPreviewInfo = (url: string) => call(FilePreview.filePreview, { url });

/** A new preview link before the access token lapses (POST refreshPreviewInfo). */
export const refreshPreviewInfo = (refreshToken: string, accessToken: string) =>
  call(FilePreview.refreshPreviewInfo, { refresh_token: refreshToken, access_token: accessToken });
