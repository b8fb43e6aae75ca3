import { useState } from 'react';
import type { AnnexItem } from '@xueban/contract/chat';
import { IMAGE_TYPES } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { showError } from '../../../lib/api.ts';
import { uploadImage } from '../../../lib/upload.ts';
import { checkAttachments, readAttachment } from '../lib/read-attachment.ts';

export interface PendingFile {
  uid: string;
  name: string;
  size: number;
  filetype: string;
  image: boolean;
  ready: boolean;
  /** An uploaded picture's URL. */
  url?: string;
  /** A document's text, read in the browser (spec §5 file reading). */
  text?: string;
}

const extOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';
const isImage = (f: File) => f.type.startsWith('image/') || (IMAGE_TYPES as readonly string[]).includes(extOf(f.name));

/**
 * The files attached to the next question (spec §5): at most 5, 10 MB each. Pictures are uploaded
 * and go out as image parts; documents are read in the browser and go out as chat_annex text.
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
    const entries = picked.map((file) => ({ file, item: { uid: crypto.randomUUID(), name: file.name, size: file.size, filetype: extOf(file.name), image: isImage(file), ready: false } }));
    setFiles((all) => [...all, ...entries.map((e) => e.item)]);
    for (const { file, item } of entries) {
      if (item.image) {
        // uploadImage shows its own failure message.
        uploadImage(file).then((url) => done(item.uid, { url }), () => drop(item.uid));
        continue;
      }
      readAttachment(file).then(
        ({ text }: { text: string }) => {
          if (text.trim()) return done(item.uid, { text });
          showError(MSG.noTextExtracted);
          drop(item.uid);
        },
        (err: unknown) => {
          showError(err instanceof Error && err.message ? err.message : MSG.readFileFailed);
          drop(item.uid);
        },
      );
    }
  };

  const payload = () => ({
    images: files.filter((f) => f.image && f.url).map((f) => f.url!),
    annex: files.filter((f) => !f.image && f.text !== undefined).map((f): AnnexItem => ({
      id: f.uid, name: f.name, url: '', size: f.size, filetype: f.filetype, text: f.text, type: 'file',
    })),
  });

  return { files, add, remove: drop, clear: () => setFiles([]), ready: files.every((f) => f.ready), payload };
}
