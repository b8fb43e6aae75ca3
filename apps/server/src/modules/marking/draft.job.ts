import type { FastifyBaseLogger } from 'fastify';
import { MARK_MSG } from '@xueban/contract/marking';
import type { Deps } from '../../types.ts';
import { streamCompletion, UpstreamTimeout } from '../../ai/llm-stream.ts';
import { resolveChatModel } from '../ai-models/model-choice.ts';
import { imageDataUrl } from '../files/files.service.ts';
import { assignmentById, claimForDraft, finishDraft, markWaiting, submissionById, type SubmissionRow } from './marking.repo.ts';
import { draftMessages, parseDraft } from './draft-prompt.ts';

export const DRAFT_QUEUE = 'marking-draft';
export interface DraftJob { submissionId: number }
/** The job records every failure on the submission itself, so pg-boss need not retry it. */
export const DRAFT_QUEUE_OPTIONS = { name: DRAFT_QUEUE, retryLimit: 0, expireInSeconds: 10 * 60 };

/** The longest one draft may take in all (each answer's first byte and pauses have their own limits). */
const DRAFT_TOTAL_MS = 3 * 60_000;
/** Pictures inlined for one draft, in bytes. */
const IMAGES_MAX_BYTES = 20 * 1024 * 1024;

export type DraftOutcome = { row: SubmissionRow | null; noModel?: boolean; busy?: boolean };

/**
 * Drafts a submission with the organisation's chat model for the assignment's robot (as chat
 * chooses it): scores per criterion and a comment. Every failure (no model, an error or timeout
 * of the model, an unreadable answer) leaves the submission waiting with the reason; nothing is lost.
 */
export async function draftSubmission(deps: Deps, submissionId: number, log?: FastifyBaseLogger): Promise<DraftOutcome> {
  const current = await submissionById(deps.db, submissionId);
  if (!current) return { row: null };
  const assignment = await assignmentById(deps.db, current.assignmentId);
  if (!assignment) return { row: null };
  const images = current.files.filter((f) => f.kind === 'image');
  const model = await resolveChatModel(deps, assignment.robotId, { vision: images.length > 0 });
  if (!model) {
    await markWaiting(deps.db, submissionId, MARK_MSG.noModel);
    return { row: await submissionById(deps.db, submissionId), noModel: true };
  }
  const claimed = await claimForDraft(deps.db, submissionId);
  if (!claimed) return { row: await submissionById(deps.db, submissionId), busy: true };
  const claimedAt = claimed.draftStartedAt!;
  try {
    let imageUrls: string[] | null = null;
    if (images.length && model.capabilities.includes('vision')) {
      imageUrls = [];
      let budget = IMAGES_MAX_BYTES;
      for (const f of images) {
        const inlined = await imageDataUrl(deps, f.key, { userId: claimed.studentId, isSuperAdmin: false }, budget).catch(() => null);
        if (!inlined) continue;
        budget -= inlined.size;
        imageUrls.push(inlined.url);
      }
    }
    const messages = draftMessages(assignment, claimed, imageUrls);
    let answer = '';
    for await (const d of streamCompletion(model, messages, {
      signal: AbortSignal.timeout(DRAFT_TOTAL_MS),
      firstByteMs: deps.config.LLM_FIRST_BYTE_TIMEOUT_MS,
      idleMs: deps.config.LLM_IDLE_TIMEOUT_MS,
    })) {
      if (d.kind === 'chat') answer += d.text;
    }
    const draft = parseDraft(answer, assignment.rubric);
    if (!draft) {
      log?.warn({ submissionId, chars: answer.length }, 'marking draft unreadable');
      return { row: await finishDraft(deps.db, submissionId, claimedAt, { status: 'failed', draftError: MARK_MSG.modelUnreadable }) };
    }
    return {
      row: await finishDraft(deps.db, submissionId, claimedAt, {
        status: 'drafted', aiScores: draft.scores, aiComment: draft.comment, draftError: '', draftedAt: new Date(),
      }),
    };
  } catch (err) {
    const timedOut = err instanceof UpstreamTimeout || (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'APIConnectionTimeoutError';
    log?.warn({ submissionId, err: (err as Error)?.message }, 'marking draft failed');
    return { row: await finishDraft(deps.db, submissionId, claimedAt, { status: 'failed', draftError: timedOut ? MARK_MSG.modelTimeout : MARK_MSG.modelFailed }) };
  }
}
