/** Business constants and limits of spec §9 (and §5). */
export const MB = 1024 * 1024;

export const LIMITS = {
  attachments: { maxFiles: 5, maxBytes: 10 * MB },
  inputRows: { min: 3, max: 12 },
  teamName: { max: 15, inputMax: 20 },
  orgName: { min: 1, max: 20 },
  feedback: { maxImages: 5 },
  suggestedQuestionsDefault: 3,
  activityCardsCollapsed: 4,
  pageSize: { robotList: 13, usedRobots: 8, clientSidebar: 14, sessions: 15, default: 10 },
  upload: { imageBytes: 20 * MB, imagePixels: 4096, fileBytes: 950 * MB, avatarBytes: 2 * MB },
  timeouts: { longCallMs: 60_000, requestMs: 5_000, toastMs: 5_000, successToastMs: 3_000, statusRecheckMs: 3_000 },
  unreadBadgeMax: 9,
} as const;

export const IMAGE_TYPES = ['png', 'jpg', 'gif', 'jpeg', 'webp', 'bmp'] as const;
export const AVATAR_TYPES = ['jpg', 'jpeg', 'png'] as const;

/** Mainland mobile: 1, then 3-9, then 9 digits (spec §5). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Rendering of AI answers (spec §4 and §9): copy tick, mermaid zoom, when 全文 is offered. */
export const MARKDOWN_LIMITS = {
  copyTickMs: 1_000,
  mermaidZoom: { min: 0.5, max: 3, step: 1.2 },
  /** Answers at least this long get a 全文 (full-text) button. Ours: the spec gives no figure. */
  fullTextMinChars: 1_000,
} as const;

/** Intent cards (spec §9): cards per row (1 on the external dialogue), loaded in chunks, related intents after a delay. */
export const INTENT_CARDS = { perRow: 3, perRowExternal: 1, chunk: 12, relatedDelayMs: 1_500 } as const;
