import type { CallInput } from '@xueban/contract/call';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/Robot/copyClassRobot — copies a template (source 1); answers the new robot's id. */
export const copyRobot = (body: CallInput<typeof Robot.copyClassRobot>) => call(Robot.copyClassRobot, body, { long: true });
