import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface WebPagePreview {
  title: string;
  text: string;
}

/** POST /api/ai/knowledge/parseWebUrl {url} — reads a web page for a preview before it is imported. */
export const parseWebUrl = (url: string) => api.post<WebPagePreview>('/api/ai/knowledge/parseWebUrl', { url }, { long: true });

export const useParseWebUrl = () => useMutation({ mutationFn: parseWebUrl });
