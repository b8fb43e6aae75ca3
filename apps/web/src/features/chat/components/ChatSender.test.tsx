import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { installAntdJsdomShims } from '../../../test-support/antd-jsdom.ts';
import type { SendOptions } from '../hooks/use-chat-send.ts';
import { ChatSender } from './ChatSender.tsx';

const toggle = (name: string) => screen.getByRole('button', { name: new RegExp(`${name}$`) });
const pressed = (name: string) => toggle(name).getAttribute('aria-pressed');
/** The tooltip a pointer over the button shows (it hangs on the button's wrapper, see SwitchButton). */
async function tooltipOf(name: string) {
  fireEvent.mouseEnter(toggle(name).closest('.chat-switch')!);
  return (await screen.findByRole('tooltip')).textContent;
}

function renderSender(networkAvailable: boolean) {
  const onSend = vi.fn((_text: string, _o: SendOptions) => true);
  render(<ChatSender value="光合作用" onChange={() => {}} onSend={onSend} canSend networkAvailable={networkAvailable} />);
  return onSend;
}

describe('ChatSender: 联网 and 深度思考 (spec §4)', () => {
  beforeEach(installAntdJsdomShims);
  afterEach(cleanup);

  it('深度思考 on disables 联网, which says 要打开联网功能，请先取消深度思考; the send carries is_reason', async () => {
    const onSend = renderSender(true);
    fireEvent.click(toggle(MSG.deepThinking));
    expect(pressed(MSG.deepThinking)).toBe('true');
    expect(toggle(MSG.webSearch)).toHaveProperty('disabled', true);
    expect(await tooltipOf(MSG.webSearch)).toBe(MSG.webSearchBlocked);

    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(onSend).toHaveBeenCalledWith('光合作用', expect.objectContaining({ isReason: true, isNetwork: false }));

    fireEvent.click(toggle(MSG.deepThinking));
    expect(pressed(MSG.deepThinking)).toBe('false');
    expect(toggle(MSG.webSearch)).toHaveProperty('disabled', false);
  });

  it('联网 on disables 深度思考, which says 要打开深度思考，请先取消联网; the send carries is_network', async () => {
    const onSend = renderSender(true);
    fireEvent.click(toggle(MSG.webSearch));
    expect(pressed(MSG.webSearch)).toBe('true');
    expect(toggle(MSG.deepThinking)).toHaveProperty('disabled', true);
    expect(await tooltipOf(MSG.deepThinking)).toBe(MSG.deepThinkingBlocked);

    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(onSend).toHaveBeenCalledWith('光合作用', expect.objectContaining({ isReason: false, isNetwork: true }));
  });

  it('without a search provider 联网 stays off and says so, whatever 深度思考 is', async () => {
    renderSender(false);
    expect(toggle(MSG.webSearch)).toHaveProperty('disabled', true);
    expect(await tooltipOf(MSG.webSearch)).toBe(MSG.webSearchNotConfigured);
    fireEvent.click(toggle(MSG.deepThinking));
    expect(pressed(MSG.deepThinking)).toBe('true');
    expect(toggle(MSG.webSearch)).toHaveProperty('disabled', true);
  });
});

describe('ChatSender: the keyboard (spec §4)', () => {
  beforeEach(installAntdJsdomShims);
  afterEach(cleanup);

  const input = () => screen.getByPlaceholderText(MSG.chatPlaceholder);

  it('Enter sends; Shift+Enter and Enter while an IME is composing do not', () => {
    const onSend = renderSender(false);
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('光合作用', expect.objectContaining({ isReason: false, isNetwork: false }));
  });

  it('nothing is sent while an answer streams, by Enter or by the button', () => {
    const onSend = vi.fn(() => true);
    render(<ChatSender value="光合作用" onChange={() => {}} onSend={onSend} canSend={false} networkAvailable={false} />);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByRole('button', { name: '发送' })).toHaveProperty('disabled', true);
    expect(onSend).not.toHaveBeenCalled();
  });
});
