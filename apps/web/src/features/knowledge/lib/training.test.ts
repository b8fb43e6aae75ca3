import { describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { IDLE_POLL_MS, TRAINING_POLL_MS, checkKnowledgeFile, checkQaFile, checkUrl, collectQa, trainingPollInterval } from './training.ts';

describe('trainingPollInterval (poll every second while anything is queued or training, every 10 s otherwise)', () => {
  it('polls fast while a document is queued or training, and slowly once all are settled', () => {
    expect(trainingPollInterval({ queued: 1, training: 0 })).toBe(TRAINING_POLL_MS);
    expect(trainingPollInterval({ queued: 0, training: 2 })).toBe(1_000);
    expect(trainingPollInterval({ queued: 0, training: 0 })).toBe(IDLE_POLL_MS);
    expect(IDLE_POLL_MS).toBe(10_000);
    // Before the first answer nothing is known to train: the first fetch decides.
    expect(trainingPollInterval(undefined)).toBe(IDLE_POLL_MS);
  });
});

describe('the import checks (the same rules as knowledge/training)', () => {
  it('takes the knowledge-base file types up to 950 MB, any case, and refuses the rest', () => {
    for (const name of ['a.pdf', 'b.DOCX', 'c.doc', 'd.xlsx', 'e.xls', 'f.csv', 'g.txt', 'h.md', 'i.html', 'j.pptx', 'k.PPT']) expect(checkKnowledgeFile({ name, size: 10 })).toBeNull();
    expect(checkKnowledgeFile({ name: 'virus.exe', size: 10 })).toBe(MSG.kbFileType);
    expect(checkKnowledgeFile({ name: 'noext', size: 10 })).toBe(MSG.kbFileType);
    expect(checkKnowledgeFile({ name: 'big.pdf', size: 951 * 1024 * 1024 })).toBe(MSG.fileTooLarge);
    expect(checkQaFile({ name: 'qa.csv', size: 1 })).toBeNull();
    expect(checkQaFile({ name: 'qa.pdf', size: 1 })).toBe(MSG.kbQaFileType);
  });

  it('needs an http(s) address', () => {
    expect(checkUrl('  ')).toBe(MSG.kbUrlRequired);
    expect(checkUrl('ftp://example.com/a')).toBe(MSG.kbUrlInvalid);
    expect(checkUrl('example.com')).toBe(MSG.kbUrlInvalid);
    expect(checkUrl(' https://example.com/a?b=1 ')).toBeNull();
  });

  it('drops blank question/answer rows, refuses half-filled ones and an empty list', () => {
    expect(collectQa([{ question: ' ', answer: '' }])).toEqual({ error: MSG.kbQaRequired });
    expect(collectQa([{ question: '问', answer: '' }])).toEqual({ error: MSG.kbQaIncomplete });
    expect(collectQa([{ question: '', answer: '答' }])).toEqual({ error: MSG.kbQaIncomplete });
    expect(collectQa([{ question: ' 问一 ', answer: ' 答一 ' }, { question: '', answer: '' }, { question: '问二', answer: '答二' }]))
      .toEqual({ pairs: [{ question: '问一', answer: '答一' }, { question: '问二', answer: '答二' }] });
  });
});
