import { useState } from 'react';
import type { AnnexItem } from '@xueban/contract/chat';
import { IMAGE_TYPES, LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { showError } from '../../../lib/api.ts';
import { uploadFile, uploadImage } from '../../../lib/upload.ts';
import { attachmentKind, checkAttachments, readAttachment } from '../lib/read-attachment.ts';

export interface PendingFile {
  uid: string;
  name: string;
  size: number;
  filetype: string;
  image: boolean;
  ready: boolean;
  /** The stored file's URL (a picture's, or any other file's: its tag in the question opens the preview). */
  url?: string;
  /** A document's text, read in the browser (spec §5 file reading). */
  text?: string;
}

const extOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/** Stores an attached file (scene `file`) for its preview; shows 上传失败 and rejects when it cannot. */
const storeFile = (file: File) => uploadFile(file, {
  scene: 'file', timeoutMs: LIMITS.timeouts.longCallMs, failMessage: MSG.uploadFailed, accept: (d) => !!d.url,
}).then((d) => d.url!);

/** Reads a document's text; an empty one is refused with the spec's message. */
async function documentText(file: File): Promise<string> {
  const { text } = await readAttachment(file);
  if (!text.trim()) throw new Error(MSG.noTextExtracted);
  return text;
}

/**
 * The files attached to the next question (spec §5): at most 5, 10 MB each. Pictures are uploaded
 * and go out as image parts; documents are read in the browser and go out as chat_annex text; every
 * other file is stored too and goes out as a chat_annex link (issue 21: each opens in the preview).
 */
export function useAttachments() {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const drop = (uid: string) => setFiles((all) => all.filter((f) => f.uid !== uid));
  const done = (uid: string, patch: Partial<PendingFile>) => setFiles((all) => all.map((f) => (f.uid === uid ? { ...f, ...patch, ready: true } : f)));

  const add = (picked: File[]) => {
    const refused = checkAttachments(files.length, picked);
    if (refused) {
      showError(refused);
      return;
    }
    const entries = picked.map((file) => {
      const kind = attachmentKind(file.name, file.type, IMAGE_TYPES);
      return { file, kind, item: { uid: crypto.randomUUID(), name: file.name, size: file.size, filetype: extOf(file.name), image: kind === 'image', ready: false } };
    });
    setFiles((all) => [...all, ...entries.map((e) => e.item)]);
    for (const { file, kind, item } of entries) {
      if (kind === 'image') {
        // uploadImage shows its own failure message.
        uploadImage(file).then((url) => done(item.uid, { url }), () => drop(item.uid));
        continue;
      }
      // A document is read first (a refusal says why, and nothing is stored), then stored like any other file.
      const reading = kind === 'document' ? documentText(file) : Promise.resolve(undefined);
      reading.then(
        (text) => storeFile(file).then((url) => done(item.uid, { text, url }), () => drop(item.uid)),
        (err: unknown) => {
          showError(err instanceof Error && err.message ? err.message : MSG.readFileFailed);
          drop(item.uid);
        },
      );
    }
  };

  const payload = () => ({
    images: files.filter((f) => f.image && f.url).map((f) => f.url!),
    annex: files.filter((f) => !f.image && f.ready).map((f): AnnexItem => ({
      id: f.uid, name: f.name, url: f.url ?? '', size: f.size, filetype: f.filetype, ...(f.text !== undefined ? { text: f.text } : {}), type: 'file',
    })),
  });

  return { files, add, remove: drop, clear: () => setFiles([]), ready: files.every((f) => f.ready), payload };
}
