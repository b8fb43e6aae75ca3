import { LIMITS } from '@xueban/contract/limits';
import { loadChunk } from './load-chunk.ts';

/**
 * Toasts (spec §9): errors 5 s, successes 3 s. antd's message loads with the first toast rather
 * than with the page: /home's first load shows none (docs/decisions.md). The app's theme reaches
 * it through ConfigProvider.config (app/providers.tsx).
 */
const loadMessage = () => loadChunk(() => import('antd/es/message')).then((m) => m.default);

export const showSuccess = (text: string) => void loadMessage().then((m) => m.success(text, LIMITS.timeouts.successToastMs / 1000));
export const showWarning = (text: string) => void loadMessage().then((m) => m.warning(text, LIMITS.timeouts.toastMs / 1000));
export const showErrorToast = (text: string, seconds: number) => void loadMessage().then((m) => m.error(text, seconds));
