import { EMAIL_RE, LIMITS, MOBILE_RE } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';

/** Spec §5: jpg, jepg (sic, kept as the product spells it) and png. */
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jepg', 'png'];
const IMAGE_MIMES = ['image/jpeg', 'image/png'];
export const FEEDBACK_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** The server keeps at most this much text; the page address takes part of it. */
export const CONTENT_MAX = 2000;
export const CONTENT_INPUT_MAX = 1000;

/** Contact is optional; when given it is a mainland mobile number or an email address. */
export const isValidContact = (value: string) => {
  const v = value.trim();
  return v === '' || MOBILE_RE.test(v) || EMAIL_RE.test(v);
};

/** The message for a picture that may not be added, or null. `already` counts pictures already chosen. */
export function checkFeedbackImage(file: { name: string; type: string }, already: number): string | null {
  const dot = file.name.lastIndexOf('.');
  const ext = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  // Some systems report no MIME type; the extension and the server's own sniffing still hold.
  if (!IMAGE_EXTENSIONS.includes(ext) || (file.type && !IMAGE_MIMES.includes(file.type))) return MSG.feedbackImageType;
  if (already >= LIMITS.feedback.maxImages) return MSG.feedbackTooManyImages;
  return null;
}

/** Spec §7: the content is sent with the current page's address appended, within the server's limit. */
export function composeContent(content: string, pageUrl: string): string {
  const text = content.trim();
  const suffix = `\n\n页面地址：${pageUrl}`;
  return (text + suffix).length <= CONTENT_MAX ? text + suffix : `${text}${suffix}`.slice(0, CONTENT_MAX);
}

/** Spec §4: submitting is possible only with content and contact filled, and not while sending. */
export const canSubmit = (content: string | undefined, contact: string | undefined, busy: boolean) =>
  !busy && !!content?.trim() && !!contact?.trim();
