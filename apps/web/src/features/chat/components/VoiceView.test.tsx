import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { installAntdJsdomShims } from '../../../test-support/antd-jsdom.ts';
import VoiceView from './VoiceView.tsx';

// The network is the edge of the world: `fetch` answers voiceInfo with a real Response.
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const robot = { id: 3, name: '语音助手', avatar: '', is_close: 0, config: { onboarding_info: { prologue: '', suggested_questions: [], suggested_questions_show_mode: 0 } } };

function show(info: { asr: boolean; tts: string }, ask = vi.fn(() => true)) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ code: 20000, msg: 'ok', data: info }))));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <VoiceView robot={robot} loggedIn canStart={() => true} ask={ask} disabled={false} />
    </QueryClientProvider>,
  );
  return ask;
}
const button = () => screen.getByRole('button', { name: new RegExp(MSG.voicePressToTalk) });

describe('VoiceView (语音视图)', () => {
  beforeEach(() => installAntdJsdomShims());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('without a speech-to-text model says plainly that speech needs one, and records nothing', async () => {
    show({ asr: false, tts: 'builtin' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MSG.voiceNeedsAsr));
    expect((button() as HTMLButtonElement).disabled).toBe(true);
  });

  it('with one, the button is ready; a browser without a microphone API is told so, and nothing is asked', async () => {
    const ask = show({ asr: true, tts: 'provider' });
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.pointerDown(button(), { button: 0, clientY: 300, pointerId: 1 });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MSG.voiceUnsupported));
    expect(ask).not.toHaveBeenCalled();
  });
});
