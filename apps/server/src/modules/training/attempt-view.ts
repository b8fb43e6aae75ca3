import type { TrainAttempt } from '@xueban/contract/training';
import { toSeconds } from '../../lib/time.ts';
import type { AttemptView } from './training.repo.ts';

/** An attempt as the contract answers it: the learner's round so far and the scenario's rounds (talk: 0). */
export function toAttempt(v: AttemptView, rounds: number): TrainAttempt {
  const a = v.attempt;
  const talk = a.mode === 'talk';
  return {
    id: a.id, scenario_id: a.scenarioId, mode: talk ? 'talk' : 'train', status: a.status as TrainAttempt['status'],
    round: a.turns.filter((t) => t.role === 'learner').length, rounds: talk ? 0 : rounds, turns: a.turns,
    debrief: a.debrief ?? null, debrief_error: a.debriefError, user_name: v.userName,
    create_time: toSeconds(a.createdAt), update_time: toSeconds(a.updatedAt),
  };
}

export function summaryOf(v: AttemptView, rounds: number): Omit<TrainAttempt, 'turns'> {
  const { turns: _turns, ...rest } = toAttempt(v, rounds);
  return rest;
}
