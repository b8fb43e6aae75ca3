import { message } from 'antd';
import { LIMITS } from '@xueban/contract/limits';

const SECONDS = LIMITS.timeouts.successToastMs / 1000;

/**
 * Success toasts (spec §9: 3 s). The request layer only toasts errors, so each flow confirms its
 * own success. A hook rather than the static `message` so the toast takes the app's theme;
 * render `holder` outside anything that unmounts on success (e.g. a destroyed modal body).
 */
export function useSuccessToast() {
  const [api, holder] = message.useMessage();
  const success = (content: string) => void api.success({ content, duration: SECONDS });
  const error = (content: string) => void api.error({ content, duration: LIMITS.timeouts.toastMs / 1000 });
  return { success, error, holder };
}
