/** A tool call as the chat stored it with the reply (issue 19): its card plus what was sent and got. */
export interface LoggedToolCall {
  title: string;
  state: 'running' | 'done' | 'failed' | '';
  durationMs: number;
  arguments: string;
  result: string;
}

/** The tool calls in a record's activity_content (a JSON list of cards); anything else reads as none. */
export function toolCallsOf(activityContent: string): LoggedToolCall[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(activityContent || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((c: Record<string, unknown>) => (c && typeof c === 'object' && typeof c.title === 'string' && ('arguments' in c || 'state' in c) ? [{
    title: c.title,
    state: c.state === 'running' || c.state === 'done' || c.state === 'failed' ? c.state : '',
    durationMs: typeof c.duration_ms === 'number' ? c.duration_ms : 0,
    arguments: typeof c.arguments === 'string' ? c.arguments : '',
    result: typeof c.result === 'string' ? c.result : '',
  }] : []));
}
