import { useMutation } from '@tanstack/react-query';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/knowledge/parseWebUrl {url} — reads a web page for a preview before it is imported. */
export const parseWebUrl = (url: string) => call(Knowledge.parseWebUrl, { url }, { long: true });

export const useParseWebUrl = () => useMutation({ mutationFn: parseWebUrl });
